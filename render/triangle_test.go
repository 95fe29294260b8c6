package render

import (
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestTriangleCorners: a triangle's three vertices are the corners (u, v) =
// (0, 0), (2, 0), (0, 2) of its billboard, corner(u, v) = centre +
// (2u-1)·U + (2v-1)·V, with the texture coordinates of those corners, so
// that (u, v) interpolates as on the quad; the rest is the quad's, and
// Custom2 = 1 marks the triangle. A reused buffer equals a fresh one.
func TestTriangleCorners(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	qs := randomBillboards(rng, 300)
	k := testKind()
	warm := &Renderer{}
	warm.reserveTriangles(3 * len(qs))
	for f, fr := range [][]emitter.Billboard{qs[5:], qs} {
		r := &Renderer{}
		r.reserveTriangles(3 * len(qs))
		for _, w := range []*Renderer{warm, r} {
			slot := 0
			for n := 2; n >= 0; n-- {
				slot = w.writeTriangles(slot, fr, 12.5, -7.25, k, n)
			}
			if slot != 3*len(fr) {
				t.Fatalf("wrote %d triangles, want %d", slot, 3*len(fr))
			}
		}
		for i := range 9 * len(fr) {
			if warm.tverts[i] != r.tverts[i] {
				t.Fatalf("frame %d vertex %d: reused %+v, fresh %+v", f, i, warm.tverts[i], r.tverts[i])
			}
		}
		uv := [3][2]float64{{0, 0}, {2, 0}, {0, 2}}
		for pass, n := range []int{2, 1, 0} {
			g := k.growth[n]
			for i, q := range fr {
				v := r.tverts[3*(pass*len(fr)+i):][:3]
				for j, c := range uv {
					checkCorner(t, v[j], q, k, n, c, 12.5, -7.25)
					if v[j].Custom2 != 1 {
						t.Fatalf("triangle: custom2 %v, want 1", v[j].Custom2)
					}
				}
				// The quad's first corner, bit for bit: the triangle's
				// edges u = 0 and v = 0 start where the quad's do.
				if q0 := (float32(q.X) + 12.5) - float32(g)*q.UX - float32(g)*q.VX; v[0].DstX != q0 {
					t.Fatalf("corner (0, 0) x %v, quad's %v", v[0].DstX, q0)
				}
			}
		}
	}
}

// TestTriangleChoice: a layer is drawn as triangles when its quads'
// half-diagonal on the target is at most TriangleMaxHalfDiagonal pixels: the core
// of a small particle but not its larger glow layers, and not once a
// camera's zoom makes it large.
func TestTriangleChoice(t *testing.T) {
	r := &Renderer{triMax: TriangleMaxHalfDiagonal}
	k := testKind()
	v := visible{k: k, half: TriangleMaxHalfDiagonal}
	if !r.triangle(&v, 0) || r.triangle(&v, 1) || r.triangle(&v, 2) {
		t.Errorf("half %v: core %v, glow %v %v; want a triangle core only", v.half, r.triangle(&v, 0), r.triangle(&v, 1), r.triangle(&v, 2))
	}
	v.half = TriangleMaxHalfDiagonal / k.growth[2]
	for n := range 3 {
		if !r.triangle(&v, n) {
			t.Errorf("half %v layer %d: a quad, want a triangle", v.half, n)
		}
	}
	r.triMax = -1
	if r.triangle(&v, 0) {
		t.Error("triMax -1: a triangle")
	}
}

// smallScene is a steady stream of n small particles (sizes 1 to 4 px,
// squashed and turning, with glow layers).
func smallScene(tb testing.TB, n int, mode emitter.BlendMode) *emitter.Effect {
	return effectOf(tb, 64, 64, 0, 3, func(sp *emitter.Spec) {
		spinning(n)(sp)
		colorful(sp)
		sp.Size = emitter.NumberSequence{nk(0, 1, 0.5), nk(1, 3, 0.5)}
		sp.Squash = emitter.NumberSequence{nk(0, 0.3, 0), nk(1, -0.2, 0)}
		sp.BlendMode = mode
		sp.LightEmission, sp.GlowLayers = 0.6, 2
	})
}

// TestPixelTriangles: small particles drawn as triangles match the
// reference as quads do, and differ from the quads' pixels by more than
// rounding only on a few edge pixels, whose centres lie within the
// rasterizer's sub-pixel precision of a quad's edge (the quad's coverage
// is decided from its corners, the triangle's by the interpolated (u, v);
// triangleDiff). A stream larger than a chunk is one draw of several
// calls.
func TestPixelTriangles(t *testing.T) {
	needGPU(t)
	for _, mode := range []emitter.BlendMode{emitter.BlendNormal, emitter.BlendCutout, emitter.BlendPremultiplied} {
		e := smallScene(t, 5000, mode)
		sc := scene{name: fmt.Sprintf("triangles-%d", mode), w: 128, h: 128, bg: grey,
			items: []Item{{Effect: e, X: 64, Y: 64, Path: PathBatched}}}
		imgs := map[bool]*image.RGBA{}
		for _, tri := range []bool{false, true} {
			r := newRenderer(t, &Options{Budget: -1})
			r.triMax = -1 // every layer a quad, or a triangle
			if tri {
				r.triMax = 1e9
			}
			gpu, ref := renderBoth(t, r, sc)
			compareImages(t, fmt.Sprintf("%s-%v", sc.name, tri), gpu, ref)
			imgs[tri] = gpu
			st := r.Stats()
			if st.DrawCalls != 1 || st.Calls < st.Quads/chunkQuads || st.Quads < 2*chunkQuads {
				t.Errorf("%s: %d draws in %d calls for %d primitives, want 1 in %d", sc.name, st.DrawCalls, st.Calls, st.Quads, (st.Quads+chunkQuads-1)/chunkQuads)
			}
			// A drawn frame is written a chunk at a time into one-chunk
			// buffers (growSlots adds a quarter).
			if n := max(len(r.tags), len(r.ttags)); n > chunkQuads+chunkQuads/4 {
				t.Errorf("%s: %d vertex slots for %d primitives, want one chunk's", sc.name, n, st.Quads)
			}
			if tri && st.Triangles != st.Quads || !tri && st.Triangles != 0 {
				t.Errorf("%s: triangles %v, %d of %d primitives triangles", sc.name, tri, st.Triangles, st.Quads)
			}
		}
		triangleDiff(t, sc.name, imgs[true], imgs[false])
	}
}

// triangleDiff compares a scene drawn as triangles and as quads: at most
// one pixel in 1,000 may differ by more than 3 levels (edge pixels, whose
// centres lie within the rasterizer's sub-pixel precision of a quad's
// edge) and one in 20 by 1 to 3 (the rounding of (u, v) interpolated
// across a triangle twice the quad's size: 0.01% of pixels on llvmpipe,
// up to 2.3% on NVIDIA's driver, measured on an H200). Both drawings are
// held to the reference rasterizer on their own. It logs the pixels whose
// largest channel difference is 1 level, 2 to 3, 4 to 15, and 16 or more.
func triangleDiff(t *testing.T, name string, tri, quad *image.RGBA) {
	t.Helper()
	diff, hist := 0, [4]int{}
	for i := 0; i < len(tri.Pix); i += 4 {
		d := 0
		for c := range 4 {
			a, b := int(tri.Pix[i+c]), int(quad.Pix[i+c])
			d = max(d, a-b, b-a)
		}
		if d == 0 {
			continue
		}
		diff++
		switch {
		case d == 1:
			hist[0]++
		case d < 4:
			hist[1]++
		case d < 16:
			hist[2]++
		default:
			hist[3]++
		}
	}
	n := len(tri.Pix) / 4
	t.Logf("%s: %d of %d pixels differ between triangles and quads (by 1 level: %d, 2-3: %d, 4-15: %d, 16+: %d)", name, diff, n, hist[0], hist[1], hist[2], hist[3])
	if far := hist[2] + hist[3]; far > n/1000 {
		t.Errorf("%s: %d pixels differ by more than 3 levels between triangles and quads, want at most %d (edges)", name, far, n/1000)
	}
	if near := hist[0] + hist[1]; near > n/20 {
		t.Errorf("%s: %d pixels differ by 1 to 3 levels between triangles and quads, want at most %d (rounding)", name, near, n/20)
	}
}

// TestStreamAllocs: a warm Draw of effects evaluated a chunk at a time
// (no budget, one layer), drawn as triangles and as quads in several
// chunks each, allocates nothing.
func TestStreamAllocs(t *testing.T) {
	needGPU(t)
	small := effectOf(t, 64, 64, 0, 3, steady(5000))
	large := effectOf(t, 64, 64, 0, 3, func(sp *emitter.Spec) {
		steady(5000)(sp)
		sp.Size = emitter.ConstantSequence(6)
	})
	items := []Item{{Effect: small, X: 32, Y: 32, Path: PathBatched}, {Effect: large, X: 32, Y: 32, Path: PathBatched}}
	for _, it := range items {
		it.Effect.Play()
	}
	r := newRenderer(t, &Options{Budget: -1, Workers: 1})
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	requireWarmDrawAllocFree(t, r, dst, items, nil)
	if st := r.Stats(); st.Triangles == 0 || st.Triangles == st.Quads || st.Calls < 4 || st.Live != st.Quads {
		t.Errorf("stats %+v: want triangles and quads, in 4 calls or more, every live particle drawn", st)
	}
}
