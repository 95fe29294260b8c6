package render

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
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

// TestVertexKernelsMatch: the vector kernels, reading billboards or
// columns, write the triangles and quads and the tags the loops write, bit
// for bit, over a frame whose slots held
// the same kind (other particles), another kind (whose data row, layer
// factor and texture corners the kernels write over) or nothing, with glow
// layers (g > 1) and offsets, and counts that are not multiples of eight;
// the kernels write every block, leaving the loops the last count mod 8.
func TestVertexKernelsMatch(t *testing.T) {
	if !haveVertexKernel {
		t.Skip("no vertex kernel on this processor or build")
	}
	defer func() { haveVertexKernel = true }()
	// The kernels write a vertex's first 32 bytes as four pairs, and read
	// (fx, fy) as one word.
	var v ebiten.Vertex
	var a vertexArgs
	got := []uintptr{unsafe.Offsetof(v.DstX), unsafe.Offsetof(v.SrcX), unsafe.Offsetof(v.ColorR),
		unsafe.Offsetof(v.ColorB), unsafe.Offsetof(v.Custom0), unsafe.Sizeof(v), unsafe.Offsetof(a.fy) - unsafe.Offsetof(a.fx)}
	if !slices.Equal(got, []uintptr{0, 8, 16, 24, 32, 48, 4}) {
		t.Fatalf("the kernels' layouts: %v", got)
	}
	rng := rand.New(rand.NewPCG(3, 9))
	k := &kind{id: 7, row: 12, tex: rect{x: 5, y: 9, w: 30, h: 20}}
	other := &kind{id: 8, row: 13, tex: rect{x: 40, y: 0, w: 16, h: 16}}
	for i := range k.growth {
		k.growth[i], other.growth[i] = 1+0.45*float64(i), 1+0.45*float64(i)
		k.factor[i], other.factor[i] = float32(i)+0.5, float32(i)+1.5
	}
	kernelBlocks, columnBlocks := 0, 0
	for round := range 80 {
		tri := round%2 == 0
		write := func(r *Renderer, slot int, bs []emitter.Billboard, ox, oy float64, k *kind, n int) {
			if tri {
				r.writeTriangles(slot, bs, ox, oy, k, n)
			} else {
				r.writePass(slot, bs, ox, oy, k, n)
			}
		}
		verts := func(r *Renderer) *[]ebiten.Vertex {
			if tri {
				return &r.tverts
			}
			return &r.verts
		}
		tags := func(r *Renderer) *[]uint64 {
			if tri {
				return &r.ttags
			}
			return &r.tags
		}
		n := 1 + rng.IntN(300)
		layer := rng.IntN(3)
		ox, oy := rng.NormFloat64()*500, rng.NormFloat64()*500
		var a, b Renderer
		a.reserveTriangles(n + 16)
		a.reserve(n + 16)
		// The frame before: the same kind, another, or nothing, by runs
		// (in half the rounds the same kind throughout, a steady stream).
		haveVertexKernel = false
		steady := round%4 < 2
		for s := 0; s < n; {
			m := min(n-s, 1+rng.IntN(40))
			switch c := rng.IntN(3); {
			case steady || c == 0:
				write(&a, s, randomBoards(rng, m), ox, oy, k, layer)
			case c == 1:
				write(&a, s, randomBoards(rng, m), ox, oy, other, rng.IntN(2))
			}
			s += m
		}
		*verts(&b), *tags(&b) = slices.Clone(*verts(&a)), slices.Clone(*tags(&a))
		bs := randomBoards(rng, n)
		if rng.IntN(4) == 0 {
			// Particles that keep their slots: equal tags.
			for i := range bs {
				bs[i].Stream = uint32((*tags(&a))[i])
			}
		}
		haveVertexKernel = true
		done := a.writeVector(tri, 0, bs, k, layerOf(k, layer, ox, oy))
		if done != n&^7 {
			t.Fatalf("round %d (%d billboards, triangles %v): the kernel wrote %d, want %d", round, n, tri, done, n&^7)
		}
		kernelBlocks += done / 8
		*verts(&a), *tags(&a) = slices.Clone(*verts(&b)), slices.Clone(*tags(&b))
		write(&a, 0, bs, ox, oy, k, layer)
		// By column, after lo others.
		var c Renderer
		*verts(&c), *tags(&c) = slices.Clone(*verts(&b)), slices.Clone(*tags(&b))
		var cols emitter.Columns
		lo := rng.IntN(10)
		cols.Append(randomBoards(rng, lo)...)
		cols.Append(bs...)
		c.writeColumns(tri, 0, &cols, lo, lo+n, ox, oy, k, layer)
		done = c.writeVectorColumns(tri, 0, &cols, lo, lo+n, k, layerOf(k, layer, ox, oy))
		if done != n&^7 {
			t.Fatalf("round %d (%d billboards, triangles %v): the column kernel wrote %d, want %d", round, n, tri, done, n&^7)
		}
		columnBlocks += done / 8
		haveVertexKernel = false
		write(&b, 0, bs, ox, oy, k, layer)
		if !slices.Equal(*tags(&c), *tags(&b)) {
			t.Fatalf("round %d (%d billboards, triangles %v): the column kernel's tags differ from the loop's", round, n, tri)
		}
		for i, vc := range *verts(&c) {
			if vb := (*verts(&b))[i]; !sameBits(vc, vb) {
				t.Fatalf("round %d (%d billboards, layer %d, triangles %v): vertex %d: column kernel %v, loop %v", round, n, layer, tri, i, vc, vb)
			}
		}
		for i, ta := range *tags(&a) {
			if tb := (*tags(&b))[i]; ta != tb {
				t.Fatalf("round %d (%d billboards, triangles %v): tag %d: kernel %#x, loop %#x", round, n, tri, i, ta, tb)
			}
		}
		for i, va := range *verts(&a) {
			vb := (*verts(&b))[i]
			fa := []float32{va.DstX, va.DstY, va.SrcX, va.SrcY, va.ColorR, va.ColorG, va.ColorB, va.ColorA, va.Custom0, va.Custom1, va.Custom2, va.Custom3}
			fb := []float32{vb.DstX, vb.DstY, vb.SrcX, vb.SrcY, vb.ColorR, vb.ColorG, vb.ColorB, vb.ColorA, vb.Custom0, vb.Custom1, vb.Custom2, vb.Custom3}
			for j := range fa {
				if math.Float32bits(fa[j]) != math.Float32bits(fb[j]) {
					t.Fatalf("round %d (%d billboards, layer %d, triangles %v): vertex %d field %d: kernel %v, loop %v", round, n, layer, tri, i, j, va, vb)
				}
			}
		}
	}
	if kernelBlocks < 100 || columnBlocks < 100 {
		t.Fatalf("the kernels wrote %d and %d (by column) blocks in all: the test proves little", kernelBlocks, columnBlocks)
	}
}

// sameBits reports whether two vertices hold the same bits.
func sameBits(a, b ebiten.Vertex) bool {
	fa := [...]float32{a.DstX, a.DstY, a.SrcX, a.SrcY, a.ColorR, a.ColorG, a.ColorB, a.ColorA, a.Custom0, a.Custom1, a.Custom2, a.Custom3}
	fb := [...]float32{b.DstX, b.DstY, b.SrcX, b.SrcY, b.ColorR, b.ColorG, b.ColorB, b.ColorA, b.Custom0, b.Custom1, b.Custom2, b.Custom3}
	for j := range fa {
		if math.Float32bits(fa[j]) != math.Float32bits(fb[j]) {
			return false
		}
	}
	return true
}

// TestStreamByColumns: a streamed effect's calls, evaluated and written by
// column, submit the vertices that billboards would, bit for bit: steady
// streams drawn as triangles and as quads, with bursts among them, over
// several chunks, without a camera and through a turned, zoomed one.
func TestStreamByColumns(t *testing.T) {
	needGPU(t)
	if !haveVertexKernel {
		t.Skip("no vertex kernel on this processor or build")
	}
	defer func() { haveVertexKernel = true }()
	// calls draws a frame of items and returns each call's vertices.
	calls := func(r *Renderer, dst *ebiten.Image, items []Item, cam *camera.Camera) [][]ebiten.Vertex {
		var got [][]ebiten.Vertex
		call := r.sub.call
		r.sub.call = func(c *drawCall) {
			var vs []ebiten.Vertex
			if c.tri {
				vs = r.tverts[3*c.from : 3*(c.from+c.n)]
			} else {
				vs = r.verts[4*c.from : 4*(c.from+c.n)]
			}
			got = append(got, slices.Clone(vs))
			call(c)
		}
		defer func() { r.sub.call = call }()
		r.DrawCamera(dst, items, cam)
		if r.stats.Batched != len(items) || r.streamed != r.stats.Particles {
			t.Fatalf("stats %+v, %d streamed: want every effect streamed", r.stats, r.streamed)
		}
		return got
	}
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	for _, size := range []float64{1, 9} { // triangles, quads
		e := effectOf(t, 64, 64, 300, 2.5, func(sp *emitter.Spec) {
			steady(3000)(sp)
			sp.Size = emitter.ConstantSequence(size)
			sp.Rotation = emitter.NumberRange{Min: 0, Max: 360}
			sp.Drag = 0.5
		})
		e.Play()
		items := []Item{{Effect: e, X: 32, Y: 32}}
		for _, cam := range []*camera.Camera{nil, {X: 30, Y: 35, Zoom: 1.7, Rotation: 25}} {
			cols, boards := newRenderer(t, &Options{Budget: -1, Workers: 1}), newRenderer(t, &Options{Budget: -1, Workers: 1})
			for f := range 3 {
				e.Step(emitter.TicksPerSecond / 30)
				haveVertexKernel = true
				got := calls(cols, dst, items, cam)
				haveVertexKernel = false
				want := calls(boards, dst, items, cam)
				if len(got) != len(want) || len(got) < 3 {
					t.Fatalf("size %v, camera %v, frame %d: %d calls by column, %d by billboard", size, cam, f, len(got), len(want))
				}
				for i := range got {
					if len(got[i]) != len(want[i]) {
						t.Fatalf("size %v, camera %v, frame %d, call %d: %d vertices, want %d", size, cam, f, i, len(got[i]), len(want[i]))
					}
					for j := range got[i] {
						if !sameBits(got[i][j], want[i][j]) {
							t.Fatalf("size %v, camera %v, frame %d, call %d, vertex %d: by column %v, by billboard %v", size, cam, f, i, j, got[i][j], want[i][j])
						}
					}
				}
			}
		}
	}
}
