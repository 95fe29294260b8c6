//go:build amd64 && !purego

package render

import "golang.org/x/sys/cpu"

// haveVertexKernel reports whether the processor runs the vertex kernels
// (AVX-512 F, DQ and VL, with the operating system saving their state).
// Under GOAMD64=v3 the compiler may fuse the loop's multiply-adds, which
// the kernel does not: that build goes without it.
var haveVertexKernel = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// triKernel writes the triangles of a.bs[0:a.n] (a.n a multiple of 8) to
// a.verts and a.tags, a block of eight at a time, and sets a.n to how many
// it wrote: fewer where a block holds a slot of another kind.
//
//go:noescape
func triKernel(a *vertexArgs)

// quadKernel is triKernel for quads.
//
//go:noescape
func quadKernel(a *vertexArgs)

// triColumns is triKernel reading the billboards from the columns a.ks,
// a.xy, a.u, a.v and a.ta.
//
//go:noescape
func triColumns(a *vertexArgs)

// quadColumns is triColumns for quads.
//
//go:noescape
func quadColumns(a *vertexArgs)
