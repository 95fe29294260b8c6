//go:build !amd64 || purego

package emitter

// haveVector is false: the kernel is written for amd64 with AVX-512, and
// under GOAMD64=v3 the compiler fuses the scalar loop's multiply-adds,
// which the kernel does not.
var haveVector = false

func vectorKernel(*vectorArgs) { panic("emitter: no vector kernel in this build") }
