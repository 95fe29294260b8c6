package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/emitter"
)

func randomQuads(rng *rand.Rand, n int) []emitter.Quad {
	qs := make([]emitter.Quad, n)
	for i := range qs {
		life := 0.1 + 3*rng.Float64()
		qs[i] = emitter.Quad{
			Key: uint32(2 * i), Stream: rng.Uint32(),
			X: 200*rng.Float64() - 100, Y: 200*rng.Float64() - 100,
			Width: 50 * rng.Float64(), Height: 50 * rng.Float64(),
			Rotation: 720*rng.Float64() - 360,
			Age:      life * rng.Float64(), Lifetime: life,
		}
		if i%5 == 0 {
			qs[i].Rotation = 0
		}
		if i%7 == 0 && i > 0 {
			qs[i].Rotation = qs[i-1].Rotation
		}
	}
	return qs
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

// TestVertexCorners: the four vertices of a quad are the corners of
// docs/appearance.md §1, corner(u, v) = centre + R(θ)((u-½)W, (v-½)H) with
// R(θ) = [cos -sin; sin cos], in the order (0,0), (1,0), (0,1), (1,1), with
// the texture rectangle's corners, τ, age, the hash halves, the data row
// and the layer factor; glow layers scale the quad about its centre.
func TestVertexCorners(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	qs := randomQuads(rng, 300)
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
		g := 1 + 0.45*float64(n)
		for i, q := range qs {
			v := r.verts[4*(pass*len(qs)+i):][:4]
			th := q.Rotation * math.Pi / 180
			cx, cy := q.X+ox, q.Y+oy
			for j, c := range uv {
				dx, dy := (c[0]-0.5)*q.Width*g, (c[1]-0.5)*q.Height*g
				wx := cx + math.Cos(th)*dx - math.Sin(th)*dy
				wy := cy + math.Sin(th)*dx + math.Cos(th)*dy
				if math.Abs(float64(v[j].DstX)-wx) > 1e-4 || math.Abs(float64(v[j].DstY)-wy) > 1e-4 {
					t.Fatalf("layer %d quad %d corner %v: (%v, %v), want (%v, %v)", n, i, c, v[j].DstX, v[j].DstY, wx, wy)
				}
				sx, sy := float32(k.tex.x)+float32(c[0])*float32(k.tex.w), float32(k.tex.y)+float32(c[1])*float32(k.tex.h)
				if v[j].SrcX != sx || v[j].SrcY != sy {
					t.Fatalf("corner %v: src (%v, %v), want (%v, %v)", c, v[j].SrcX, v[j].SrcY, sx, sy)
				}
				if v[j].ColorR != float32(q.Age/q.Lifetime) || v[j].ColorG != float32(q.Age) {
					t.Fatalf("τ, age = %v, %v", v[j].ColorR, v[j].ColorG)
				}
				if st := uint32(v[j].ColorB)<<16 | uint32(v[j].ColorA); st != q.Stream {
					t.Fatalf("stream %#x, want %#x", st, q.Stream)
				}
				if v[j].Custom0 != k.row || v[j].Custom1 != k.factor[n] {
					t.Fatalf("custom %v %v, want %v %v", v[j].Custom0, v[j].Custom1, k.row, k.factor[n])
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
	qs := randomQuads(rng, 200)
	k := testKind()
	k2 := testKind()
	k2.id, k2.row, k2.tex = 4, 9, rect{100, 0, 16, 16}
	warm := &Renderer{}
	warm.reserve(600)
	frames := [][]emitter.Quad{qs, qs[3:], qs[3:], qs[:150], qs[10:190]}
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

// TestSincosDeg: the vertex path's sincos of degrees agrees with
// math.Sincos and is exact on the axes.
func TestSincosDeg(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	check := func(d float64) {
		s, c := sincosDeg(d)
		ws, wc := math.Sincos(d * math.Pi / 180)
		// math.Sincos's own argument d·π/180 is off by up to 2e-18·|d|.
		if tol := 2e-9 + 4e-18*math.Abs(d); math.Abs(s-ws) > tol || math.Abs(c-wc) > tol {
			t.Fatalf("sincosDeg(%v) = %v, %v; math.Sincos %v, %v", d, s, c, ws, wc)
		}
	}
	for range 200000 {
		check(720*rng.Float64() - 360)
		check(1e6 * (2*rng.Float64() - 1))
	}
	for d := -1000.0; d <= 1000; d += 0.5 {
		check(d)
	}
	for i, want := range [][2]float64{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		for _, k := range []float64{-3, -1, 0, 2} {
			if s, c := sincosDeg(90*float64(i) + 360*k); s != want[0] || c != want[1] {
				t.Errorf("sincosDeg(%v) = %v, %v; want %v", 90*float64(i)+360*k, s, c, want)
			}
		}
	}
}
