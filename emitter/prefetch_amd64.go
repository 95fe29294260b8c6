//go:build amd64 && !purego

package emitter

import "unsafe"

// prefetchLines asks the processor to load the n 64-byte lines from p
// into its cache (PREFETCHT0) and returns without waiting for them. A
// prefetch never faults, but p must lie in memory Go keeps alive.
//
//go:noescape
func prefetchLines(p unsafe.Pointer, n int)
