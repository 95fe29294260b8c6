//go:build !amd64 || purego || amd64.v3

package render

// haveTriKernel is false: the kernel is written for amd64 with AVX-512,
// and under GOAMD64=v3 the loop's multiply-adds may be fused.
var haveTriKernel = false

func triKernel(*triArgs) { panic("render: no triangle kernel in this build") }
