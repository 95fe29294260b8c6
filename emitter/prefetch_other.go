//go:build !amd64 || purego

package emitter

import "unsafe"

// prefetchLines does nothing where Go has no prefetch instruction to
// call: a hint left out changes no result.
func prefetchLines(unsafe.Pointer, int) {}
