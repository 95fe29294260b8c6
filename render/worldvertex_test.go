package render

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/hajimehoshi/ebiten/v2"
)

// randomWorldBillboards returns n world billboards around (8, 4, 1):
// sizes 0.05 to 1, every fifth unturned, frames 0 to 3.
func randomWorldBillboards(rng *rand.Rand, n int) []world.Billboard {
	bs := make([]world.Billboard, n)
	for i := range bs {
		rot := float32(720*rng.Float64() - 360)
		if i%5 == 0 {
			rot = 0
		}
		bs[i] = world.Billboard{
			X: float32(8 + 6*rng.Float64() - 3), Y: float32(4 + 6*rng.Float64() - 3), Z: float32(1 + rng.Float64()),
			Size: float32(0.05 + 0.95*rng.Float64()), Rotation: rot, Tau: float32(rng.Float64()),
			Frame: uint16(rng.IntN(4)), Slot: uint16(i),
		}
	}
	return bs
}

// TestWorldBillboardCorners: a world billboard's quad has the corners
// (u, v) = (0,0), (1,0), (0,1), (1,1) and its triangle (0,0), (2,0), (0,2)
// of corner(u, v) = centre + (2u-1)·U + (2v-1)·V, the centre projected by
// the camera and U, V its half axes (camera.Projection.Billboard: an
// upright one's heights times cos pitch), with (u, v) as the texture
// position, τ, the preset row, the frame, and Custom2 = 1 on triangles
// only. The triangle's corner (0, 0) is the quad's, bit for bit. Written
// over a buffer that held other presets and frames, the vertices equal
// those of a fresh buffer.
func TestWorldBillboardCorners(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	bs := randomWorldBillboards(rng, 300)
	cam := camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 23, Pitch: 50, Yaw: 30}
	pr := cam.Projection(image.Rect(0, 0, 320, 200))
	vp := newViewProjection(&pr)
	used := &worldPath{sub: submission{size: len(bs)}}
	used.reserve()
	for _, pi := range []presetInfo{{row: 2}, {row: 1, upright: true}} {
		used.writeBillboards(false, 0, bs[:200], &vp, &pi)
		used.writeBillboards(true, 0, bs[:200], &vp, &pi)
	}
	for _, pi := range []presetInfo{{row: 3}, {row: 4, upright: true}} {
		fresh := &worldPath{sub: submission{size: len(bs)}}
		fresh.reserve()
		for _, w := range []*worldPath{used, fresh} {
			w.writeBillboards(false, 0, bs, &vp, &pi)
			w.writeBillboards(true, 0, bs, &vp, &pi)
		}
		for i := range 4 * len(bs) {
			if used.verts[i] != fresh.verts[i] {
				t.Fatalf("quad vertex %d: reused %+v, fresh %+v", i, used.verts[i], fresh.verts[i])
			}
		}
		for i := range 3 * len(bs) {
			if used.tverts[i] != fresh.tverts[i] {
				t.Fatalf("triangle vertex %d: reused %+v, fresh %+v", i, used.tverts[i], fresh.tverts[i])
			}
		}
		for i, b := range bs {
			s, c := math.Sincos(float64(b.Rotation) * math.Pi / 180)
			ux, uy, vx, vy := pr.Billboard(float64(b.Size), s, c, pi.upright)
			cx, cy := pr.Apply(float64(b.X), float64(b.Y), float64(b.Z))
			check := func(v ebiten.Vertex, u, w float64, tri bool) {
				t.Helper()
				x := cx + (2*u-1)*ux + (2*w-1)*vx
				y := cy + (2*u-1)*uy + (2*w-1)*vy
				// float32 rounding of a few additions of target pixels.
				if math.Abs(float64(v.DstX)-x) > 1e-3 || math.Abs(float64(v.DstY)-y) > 1e-3 {
					t.Fatalf("billboard %d (%v), corner (%v, %v): (%v, %v), want (%v, %v)", i, b, u, w, v.DstX, v.DstY, x, y)
				}
				mark := float32(0)
				if tri {
					mark = 1
				}
				if v.SrcX != float32(u) || v.SrcY != float32(w) || v.ColorR != b.Tau || v.Custom0 != pi.row || v.Custom1 != float32(b.Frame) || v.Custom2 != mark {
					t.Fatalf("billboard %d corner (%v, %v): %+v", i, u, w, v)
				}
			}
			q := fresh.verts[4*i : 4*i+4]
			for j, c := range [4][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				check(q[j], c[0], c[1], false)
			}
			tr := fresh.tverts[3*i : 3*i+3]
			for j, c := range [3][2]float64{{0, 0}, {2, 0}, {0, 2}} {
				check(tr[j], c[0], c[1], true)
			}
			if tr[0].DstX != q[0].DstX || tr[0].DstY != q[0].DstY {
				t.Fatalf("billboard %d: triangle corner (0, 0) (%v, %v), the quad's (%v, %v)", i, tr[0].DstX, tr[0].DstY, q[0].DstX, q[0].DstY)
			}
		}
	}
}

// TestWorldTriangle: an emitter is drawn as triangles when its largest
// billboard's half-diagonal on the target, maxSize·zoom/√2, is at most
// TriangleMaxHalfDiagonal pixels.
func TestWorldTriangle(t *testing.T) {
	for _, c := range []struct {
		name             string
		size, zoom, tmax float64
		want             bool
	}{
		{"limits level at zoom 6: 1.27 px", 0.3, 6, TriangleMaxHalfDiagonal, true},
		{"limits level at zoom 16: 3.39 px", 0.3, 16, TriangleMaxHalfDiagonal, false},
		{"at the threshold: 1.5 px", 1.5 * math.Sqrt2, 1, TriangleMaxHalfDiagonal, true},
		{"just past it", 1.5*math.Sqrt2 + 1e-9, 1, TriangleMaxHalfDiagonal, false},
		{"none asked (triMax -1): 0.007 px", 0.01, 1, -1, false},
	} {
		if got := worldTriangle(c.size, c.zoom, c.tmax); got != c.want {
			t.Errorf("%s: triangles %v, want %v", c.name, got, c.want)
		}
	}
}
