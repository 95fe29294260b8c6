package render

import (
	"image/color"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/internal/leveltest"
)

// levelPaths returns n emitters' settings, every one asking for path p.
func levelPaths(n int, p Path) []LevelEmitter {
	out := make([]LevelEmitter, n)
	for i := range out {
		out[i].Path = p
	}
	return out
}

// TestWorldGPUPixels compares the world GPU path with the reference
// rasterizer on the test level (every blend, both facings, a two-frame
// flipbook, drag in both non-zero branches, cycling rate emitters and
// timed bursts after a delay) through cameras from top-down to side
// views, turned and zoomed, with the tolerances of the other pixel tests.
// Every visible emitter must be drawn by the GPU path.
func TestWorldGPUPixels(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	n := len(l.Document().Emitters)
	for _, c := range []struct {
		name  string
		cam   camera.World
		clock float64
	}{
		{"top-down", camera.World{X: 8, Y: 4, Zoom: 10, Pitch: 90}, 2.6},
		{"three-quarter", camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 10, Pitch: 50}, 2.6},
		{"side", camera.World{X: 8, Y: 4, Z: 2, Zoom: 10}, 2.6},
		{"hall close", camera.World{X: 3.5, Y: 4, Z: 1.8, Zoom: 30, Pitch: 30}, 5.55},
		{"turned", camera.World{X: 8, Y: 4, Z: 1, Zoom: 12, Pitch: 65, Yaw: 35}, 0.6},
	} {
		it := &LevelItem{Level: l, Textures: tex, Clock: c.clock, Emitters: levelPaths(n, PathGPU)}
		bg := color.RGBA{40, 44, 52, 255}
		gpu, ref := levelBoth(t, r, it, &c.cam, 160, 96, bg)
		st := r.LevelStats()
		if n := drawnPixels(ref, bg); n < 150 {
			t.Errorf("%s: the reference drew only %d pixels", c.name, n)
		}
		compareImages(t, "world gpu "+c.name, gpu, ref)
		if st.Batched != 0 || st.GPUFallbacks != 0 || st.GPU == 0 || st.GPU != st.Emitters {
			t.Errorf("%s: stats %+v: want every drawn emitter on the GPU path", c.name, st)
		}
	}
}
