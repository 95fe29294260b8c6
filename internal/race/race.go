//go:build race

package race

// Enabled is true: the race detector is built in.
const Enabled = true
