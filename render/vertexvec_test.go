package render

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// randomBoards returns n billboards of random values: ordinary ones, tiny
// and huge ones, negative zeros.
func randomBoards(rng *rand.Rand, n int) []emitter.Billboard {
	f := func() float32 {
		switch rng.IntN(8) {
		case 0:
			return float32(math.Copysign(0, -1))
		case 1:
			return float32(rng.NormFloat64() * 1e30)
		case 2:
			return float32(rng.NormFloat64() * 1e-30)
		default:
			return float32(rng.NormFloat64() * 300)
		}
	}
	bs := make([]emitter.Billboard, n)
	for i := range bs {
		bs[i] = emitter.Billboard{Key: rng.Uint32(), Stream: rng.Uint32(), X: f(), Y: f(), UX: f(), UY: f(),
			VX: f(), VY: f(), Tau: rng.Float32(), Age: f()}
	}
	return bs
}

// TestTriangleKernelMatches: the vector kernel writes the triangles and
// tags the loop writes, bit for bit, over a frame whose slots held the same
// kind (other particles), another kind (left to the loop, block by block)
// or nothing, with glow layers (g > 1) and offsets, and counts that are
// not multiples of eight.
func TestTriangleKernelMatches(t *testing.T) {
	if !haveTriKernel {
		t.Skip("no triangle kernel on this processor or build")
	}
	defer func() { haveTriKernel = true }()
	rng := rand.New(rand.NewPCG(3, 9))
	k := &kind{id: 7, row: 12, tex: rect{x: 5, y: 9, w: 30, h: 20}}
	other := &kind{id: 8, row: 13, tex: rect{x: 40, y: 0, w: 16, h: 16}}
	for i := range k.growth {
		k.growth[i], other.growth[i] = 1+0.45*float64(i), 1+0.45*float64(i)
		k.factor[i], other.factor[i] = float32(i)+0.5, float32(i)+1.5
	}
	kernelBlocks := 0
	for round := range 40 {
		n := 1 + rng.IntN(300)
		layer := rng.IntN(3)
		ox, oy := rng.NormFloat64()*500, rng.NormFloat64()*500
		var a, b Renderer
		a.reserveTriangles(n + 16)
		// The frame before: the same kind, another, or nothing, by runs.
		for s := 0; s < n; {
			m := min(n-s, 1+rng.IntN(40))
			switch rng.IntN(3) {
			case 0:
				a.writeTrianglesLoop(s, randomBoards(rng, m), k, layerOf(k, layer, ox, oy))
			case 1:
				a.writeTrianglesLoop(s, randomBoards(rng, m), other, layerOf(other, rng.IntN(2), ox, oy))
			}
			s += m
		}
		b.tverts, b.ttags = slices.Clone(a.tverts), slices.Clone(a.ttags)
		bs := randomBoards(rng, n)
		if rng.IntN(4) == 0 {
			// Particles that keep their slots: equal tags.
			for i := range bs {
				bs[i].Stream = uint32(a.ttags[i])
			}
		}
		haveTriKernel = true
		kernelBlocks += a.writeTrianglesVector(0, bs, k, layerOf(k, layer, ox, oy)) / 8
		a.tverts, a.ttags = slices.Clone(b.tverts), slices.Clone(b.ttags)
		a.writeTriangles(0, bs, ox, oy, k, layer)
		haveTriKernel = false
		b.writeTriangles(0, bs, ox, oy, k, layer)
		for i := range a.ttags {
			if a.ttags[i] != b.ttags[i] {
				t.Fatalf("round %d (%d billboards): tag %d: kernel %#x, loop %#x", round, n, i, a.ttags[i], b.ttags[i])
			}
		}
		for i := range a.tverts {
			va, vb := a.tverts[i], b.tverts[i]
			fa := []float32{va.DstX, va.DstY, va.SrcX, va.SrcY, va.ColorR, va.ColorG, va.ColorB, va.ColorA, va.Custom0, va.Custom1, va.Custom2, va.Custom3}
			fb := []float32{vb.DstX, vb.DstY, vb.SrcX, vb.SrcY, vb.ColorR, vb.ColorG, vb.ColorB, vb.ColorA, vb.Custom0, vb.Custom1, vb.Custom2, vb.Custom3}
			for j := range fa {
				if math.Float32bits(fa[j]) != math.Float32bits(fb[j]) {
					t.Fatalf("round %d (%d billboards, layer %d): vertex %d field %d: kernel %v, loop %v", round, n, layer, i, j, va, vb)
				}
			}
		}
	}
	if kernelBlocks < 100 {
		t.Fatalf("the kernel wrote %d blocks in all: the test proves little", kernelBlocks)
	}
}
