//go:build !amd64 || purego

package render

// haveVertexKernel is false: the kernels are written for amd64 with
// AVX-512, and under GOAMD64=v3 the loops' multiply-adds may be fused.
var haveVertexKernel = false

func triKernel(*vertexArgs)   { panic("render: no vertex kernel in this build") }
func quadKernel(*vertexArgs)  { panic("render: no vertex kernel in this build") }
func triColumns(*vertexArgs)  { panic("render: no vertex kernel in this build") }
func quadColumns(*vertexArgs) { panic("render: no vertex kernel in this build") }
