//go:build amd64 && !purego

package emitter

import "golang.org/x/sys/cpu"

// haveVector reports whether the processor runs the vector kernel
// (AVX-512 F, DQ and VL, with the operating system saving their state).
var haveVector = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// vectorKernel places the candidates a.i..a.hi, writing billboards from
// a.out[a.n] on, or from entry a.n of the columns a.xy and the others. It
// returns with a.i past a.hi, or at the first candidate of a block it
// leaves to the scalar loop.
//
//go:noescape
func vectorKernel(a *vectorArgs)
