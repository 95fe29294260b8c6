//go:build amd64 && !purego

package emitter

// haveLaneKernel reports whether the lane kernel runs: on the vector
// kernel's processors.
var haveLaneKernel = haveVector

// laneKernel rolls the eight particles of a.keys into a.out.
//
//go:noescape
func laneKernel(a *laneArgs)
