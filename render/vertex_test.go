package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// randomBillboards returns n billboards of random placements, sizes and
// rotations (every fifth unrotated).
func randomBillboards(rng *rand.Rand, n int) []emitter.Billboard {
	bs := make([]emitter.Billboard, n)
	for i := range bs {
		life := 0.1 + 3*rng.Float64()
		age := life * rng.Float64()
		th := 2 * math.Pi * rng.Float64()
		if i%5 == 0 {
			th = 0
		}
		hw, hh := 25*rng.Float64(), 25*rng.Float64()
		sin, cos := math.Sincos(th)
		bs[i] = emitter.Billboard{
			Key: uint32(2 * i), Stream: rng.Uint32(),
			X: float32(200*rng.Float64() - 100), Y: float32(200*rng.Float64() - 100),
			UX: float32(cos * hw), UY: float32(sin * hw), VX: float32(-sin * hh), VY: float32(cos * hh),
			Tau: float32(age / life), Age: float32(age),
		}
	}
	return bs
}

// checkCorner checks vertex v, corner c = (u, v) of billboard q drawn as
// layer n of kind k at (ox, oy): corner(u, v) = centre + (2u-1)·U +
// (2v-1)·V with the layer's growth, the texture rectangle's point at
// (u, v), τ, age, the hash halves, the data row and the layer factor.
func checkCorner(t *testing.T, v ebiten.Vertex, q emitter.Billboard, k *kind, n int, c [2]float64, ox, oy float64) {
	t.Helper()
	g := k.growth[n]
	u, w := g*(2*c[0]-1), g*(2*c[1]-1)
	wx := float64(q.X) + ox + u*float64(q.UX) + w*float64(q.VX)
	wy := float64(q.Y) + oy + u*float64(q.UY) + w*float64(q.VY)
	if math.Abs(float64(v.DstX)-wx) > 1e-4 || math.Abs(float64(v.DstY)-wy) > 1e-4 {
		t.Fatalf("layer %d corner %v: (%v, %v), want (%v, %v)", n, c, v.DstX, v.DstY, wx, wy)
	}
	sx, sy := float32(k.tex.x)+float32(c[0])*float32(k.tex.w), float32(k.tex.y)+float32(c[1])*float32(k.tex.h)
	if v.SrcX != sx || v.SrcY != sy {
		t.Fatalf("corner %v: src (%v, %v), want (%v, %v)", c, v.SrcX, v.SrcY, sx, sy)
	}
	if v.ColorR != q.Tau || v.ColorG != q.Age {
		t.Fatalf("τ, age = %v, %v", v.ColorR, v.ColorG)
	}
	if st := uint32(v.ColorB)<<16 | uint32(v.ColorA); st != q.Stream {
		t.Fatalf("stream %#x, want %#x", st, q.Stream)
	}
	if v.Custom0 != k.row || v.Custom1 != k.factor[n] {
		t.Fatalf("custom %v %v, want %v %v", v.Custom0, v.Custom1, k.row, k.factor[n])
	}
}

func testKind() *kind {
	k := &kind{id: 3, row: 5, tex: rect{10, 20, 64, 32}, layers: 3}
	k.growth[0], k.factor[0] = 1, 1
	for n := 1; n < 3; n++ {
		g, f := emitter.Glow(n, 0, 0.8)
		k.growth[n], k.factor[n] = g, float32(f)
	}
	return k
}

// TestVertexCorners: the four vertices of a quad are the corners of its
// billboard, corner(u, v) = centre + (2u-1)·U + (2v-1)·V (docs/appearance.md
// §1 with the rotation applied), in the order (0,0), (1,0), (0,1), (1,1), with
// the texture rectangle's corners, τ, age, the hash halves, the data row
// and the layer factor; glow layers scale the quad about its centre.
func TestVertexCorners(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	qs := randomBillboards(rng, 300)
	k := testKind()
	r := &Renderer{}
	r.reserve(3 * len(qs))
	ox, oy := 12.5, -7.25
	slot := 0
	for n := 2; n >= 0; n-- {
		slot = r.writePass(slot, qs, ox, oy, k, n)
	}
	if slot != 3*len(qs) {
		t.Fatalf("wrote %d quads, want %d", slot, 3*len(qs))
	}
	uv := [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
	for pass, n := range []int{2, 1, 0} {
		for i, q := range qs {
			v := r.verts[4*(pass*len(qs)+i):][:4]
			for j, c := range uv {
				checkCorner(t, v[j], q, k, n, c, ox, oy)
				if v[j].Custom2 != 0 {
					t.Fatalf("quad: custom2 %v, want 0", v[j].Custom2)
				}
			}
		}
	}
	if k.factor[1] != float32(0.45*0.8) || k.factor[2] != float32(0.45*0.45*0.8) {
		t.Errorf("layer factors %v", k.factor)
	}
}

// TestVertexSlotReuse: a slot's cached fields (hash, texture corners, row,
// layer) are rewritten whenever it holds another particle, kind or layer,
// so a buffer reused across frames equals a freshly written one.
func TestVertexSlotReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	qs := randomBillboards(rng, 200)
	k := testKind()
	k2 := testKind()
	k2.id, k2.row, k2.tex = 4, 9, rect{100, 0, 16, 16}
	warm := &Renderer{}
	warm.reserve(600)
	frames := [][]emitter.Billboard{qs, qs[3:], qs[3:], qs[:150], qs[10:190]}
	for f, fr := range frames {
		kk := k
		if f == 3 {
			kk = k2
		}
		fresh := &Renderer{}
		fresh.reserve(600)
		for _, r := range []*Renderer{warm, fresh} {
			slot := 0
			for n := kk.layers - 1; n >= 0; n-- {
				slot = r.writePass(slot, fr, 1, 2, kk, n)
			}
		}
		for i := range 4 * kk.layers * len(fr) {
			if warm.verts[i] != fresh.verts[i] {
				t.Fatalf("frame %d vertex %d: reused %+v, fresh %+v", f, i, warm.verts[i], fresh.verts[i])
			}
		}
	}
}

// TestIndices: the static index buffer draws each quad as triangles
// (0 1 2) and (1 2 3).
func TestIndices(t *testing.T) {
	r := &Renderer{}
	r.reserve(10)
	r.reserve(5) // no shrink
	r.reserve(40)
	for q := range 40 {
		b := uint32(4 * q)
		want := []uint32{b, b + 1, b + 2, b + 1, b + 2, b + 3}
		for i, w := range want {
			if r.indices[6*q+i] != w {
				t.Fatalf("quad %d: indices %v, want %v", q, r.indices[6*q:6*q+6], want)
			}
		}
	}
}
