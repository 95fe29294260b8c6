//go:build !amd64 || purego

package emitter

// haveLaneKernel is false: the lane kernel is written for amd64 with
// AVX-512, as the vector kernel is.
var haveLaneKernel = false

func laneKernel(*laneArgs) { panic("emitter: no lane kernel in this build") }
