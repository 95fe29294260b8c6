package render

import (
	"image"
	"math"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// cameraItems are effects placed around scene point (300, 200), far off a
// 96 × 96 target without a camera: an alpha burst, a squashed
// velocity-aligned one (its turn shows the camera's) and a glowing one.
func cameraItems(t *testing.T) []Item {
	alpha := burstEffect(t, 30, 0.6, 31, colorful)
	streaks := burstEffect(t, 24, 0.8, 32, func(sp *emitter.Spec) {
		colorful(sp)
		sp.Orientation = emitter.VelocityParallel
		sp.Acceleration = emitter.Vector3{Y: -25}
		sp.Squash = emitter.NumberSequence{nk(0, 1.5, 0.5), nk(1, -0.5, 0.2)}
		sp.Size = emitter.NumberSequence{nk(0, 6, 2), nk(1, 12, 3)}
	})
	glow := burstEffect(t, 12, 0.5, 33, func(sp *emitter.Spec) {
		colorful(sp)
		sp.Size = emitter.ConstantSequence(6)
		sp.LightEmission, sp.GlowLayers = 0.7, 3
	})
	return []Item{
		{Effect: alpha, X: 290, Y: 195},
		{Effect: streaks, X: 312, Y: 206},
		{Effect: glow, X: 300, Y: 188},
	}
}

// cameras are views of the scene around (300, 200): panned and zoomed,
// turned, and zoomed out and turned the other way.
var cameras = []struct {
	name string
	cam  *camera.Camera
}{
	{"pan-zoom", &camera.Camera{X: 302, Y: 198, Zoom: 1.6}},
	{"pan-zoom-turn", &camera.Camera{X: 298, Y: 203, Zoom: 1.3, Rotation: 33}},
	{"zoom-out-turn", &camera.Camera{X: 300, Y: 200, Zoom: 0.7, Rotation: -120}},
}

// TestCameraPixels draws the scene through each camera on the batched
// path and on the GPU path and compares both with the reference
// rasterizer through the same camera (pixel_test.go's tolerance).
func TestCameraPixels(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	for _, c := range cameras {
		t.Run(c.name, func(t *testing.T) {
			sc := scene{name: "camera-" + c.name, w: 96, h: 96, bg: grey, items: cameraItems(t), cam: c.cam}
			checkScene(t, r, scene{name: sc.name + "-batched", w: sc.w, h: sc.h, bg: sc.bg, items: withPath(sc.items, PathBatched), cam: sc.cam})
			checkGPUScene(t, r, sc)
		})
	}
}

// TestCameraCulling: effects are culled against the scene rectangle the
// camera shows. Far off the target they are culled without a camera and
// drawn with one looking at them; a camera turned 45° shows a scene
// rectangle wider than the target, and keeps an effect in its corner.
func TestCameraCulling(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	dst := ebiten.NewImage(96, 96)
	defer dst.Deallocate()
	items := cameraItems(t)
	cases := []struct {
		name   string
		cam    *camera.Camera
		culled int
	}{
		{"no camera", nil, 3},
		{"looking at them", &camera.Camera{X: 300, Y: 200}, 0},
		{"looking away", &camera.Camera{X: 500, Y: 200}, 3},
		{"zoomed out to see them", &camera.Camera{X: 500, Y: 200, Zoom: 0.2}, 0},
		{"zoomed in beside them", &camera.Camera{X: 500, Y: 200, Zoom: 4}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r.DrawCamera(dst, items, c.cam)
			if st := r.Stats(); st.Culled != c.culled || st.Effects != len(items)-c.culled {
				t.Errorf("stats %+v, want %d culled", st, c.culled)
			}
		})
	}
	// The corner: a small effect at (60, 60) from a camera at the
	// origin is outside the unturned view (half extents 48) and inside
	// the turned one's scene rectangle (half extents 48·√2 ≈ 68).
	corner := []Item{{Effect: burstEffect(t, 4, 0.1, 34, func(sp *emitter.Spec) {
		sp.Speed, sp.Size = emitter.Constant(0), emitter.ConstantSequence(2)
	}), X: 60, Y: 60}}
	r.DrawCamera(dst, corner, &camera.Camera{})
	if st := r.Stats(); st.Culled != 1 {
		t.Errorf("unturned: stats %+v, want it culled", st)
	}
	r.DrawCamera(dst, corner, &camera.Camera{Rotation: 45})
	if st := r.Stats(); st.Culled != 0 {
		t.Errorf("turned 45°: stats %+v, want it kept", st)
	}
}

// TestCameraGPUQuad: with a camera the GPU path's quad covers the effect's
// bounds widened by one target pixel, clipped to what the target shows,
// and the cost model's pixels are that area times Zoom².
func TestCameraGPUQuad(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	e := burstEffect(t, 20, 0.5, 35, nil)
	b := e.Bounds()
	view := image.Rect(0, 0, 96, 96)
	cases := []struct {
		name string
		cam  *camera.Camera
	}{
		{"zoom", &camera.Camera{X: 300, Y: 200, Zoom: 2}},
		{"zoom in past the bounds' size", &camera.Camera{X: 300, Y: 200, Zoom: 8}},
		{"turn", &camera.Camera{X: 300, Y: 200, Zoom: 1.5, Rotation: 30}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r.view = c.cam.Transform(view)
			r.viewed = true
			defer func() { r.view, r.viewed = camera.Identity(), false }()
			scene := r.sceneView(view)
			x0, y0, x1, y1, pixels := r.gpuQuad(b, 300, 200, view, scene)
			m := 1 / c.cam.Zoom
			want := [4]float64{
				max(scene.MinX, 300+b.MinX-m), max(scene.MinY, 200+b.MinY-m),
				min(scene.MaxX, 300+b.MaxX+m), min(scene.MaxY, 200+b.MaxY+m),
			}
			if [4]float64{x0, y0, x1, y1} != want {
				t.Errorf("quad %v %v %v %v, want %v", x0, y0, x1, y1, want)
			}
			area := (x1 - x0) * (y1 - y0) * c.cam.Zoom * c.cam.Zoom
			if math.Abs(float64(pixels)-area) > 1 || pixels <= 0 {
				t.Errorf("pixels %d, want %.1f", pixels, area)
			}
			// Never more than the target's pixels times the widening of
			// a turned view (at most 2 for a square target).
			if pixels > 2*96*96 {
				t.Errorf("pixels %d for a 96 × 96 target", pixels)
			}
		})
	}
}

// TestCameraDrawAllocs: a warm DrawCamera allocates nothing, on either
// path (one path per frame: see TestPathOfDraw).
func TestCameraDrawAllocs(t *testing.T) {
	needGPU(t)
	for _, p := range []Path{PathBatched, PathGPU} {
		t.Run(p.String(), func(t *testing.T) {
			r := newRenderer(t, nil)
			var items []Item
			for i := range 4 {
				// In steady state, so that the buffers have grown.
				e := streamEffect(t, 3, uint32(40+i), func(sp *emitter.Spec) { sp.Rate = 40 })
				e.Play()
				items = append(items, Item{Effect: e, X: 300 + float64(4*i), Y: 200, Path: p})
			}
			dst := ebiten.NewImage(16, 16)
			defer dst.Deallocate()
			requireWarmDrawAllocFree(t, r, dst, items, &camera.Camera{X: 304, Y: 200, Zoom: 0.5, Rotation: 10})
			if st := r.Stats(); st.Effects != 4 || (p == PathGPU) != (st.GPU == 4) {
				t.Errorf("stats %+v", st)
			}
			pix := make([]byte, 4*16*16)
			dst.ReadPixels(pix)
		})
	}
}

// TestGeoM: render.GeoM maps points as the camera's transform does.
func TestGeoM(t *testing.T) {
	tr := (&camera.Camera{X: 300, Y: 200, Zoom: 1.5, Rotation: 30}).Transform(image.Rect(0, 0, 640, 480))
	g := GeoM(tr)
	for _, p := range [][2]float64{{0, 0}, {300, 200}, {-17.5, 402}} {
		gx, gy := g.Apply(p[0], p[1])
		tx, ty := tr.Apply(p[0], p[1])
		if math.Abs(gx-tx) > 1e-9 || math.Abs(gy-ty) > 1e-9 {
			t.Errorf("(%v, %v): GeoM gives (%v, %v), the transform (%v, %v)", p[0], p[1], gx, gy, tx, ty)
		}
	}
}
