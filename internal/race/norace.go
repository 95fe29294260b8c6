//go:build !race

// Package race says whether the race detector is built in. Tests that
// count allocations skip the count under it: its instrumentation makes
// Ebitengine's draw path allocate (2 allocations a Draw measured), which a
// normal build does not.
package race

// Enabled is false: the race detector is not built in.
const Enabled = false
