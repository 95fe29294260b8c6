package render

import (
	"image"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// Tests of Renderer.PathOf: which path drew each effect in the last Draw.

// pathWant is an effect and the path PathOf should report for it.
type pathWant struct {
	name string
	e    *emitter.Effect
	p    Path
	ok   bool
}

// TestPathOf: forced, automatic, fallback, culled, repeated and absent
// effects report what collect decided, and a new frame forgets the last.
func TestPathOf(t *testing.T) {
	view := image.Rect(0, 0, 256, 256)
	r := newRenderer(t, nil) // llvmpipe's costs: auto picks batched here
	gpu := burstEffect(t, 30, 0.5, 1, nil)
	batched := burstEffect(t, 30, 0.5, 2, nil)
	auto := burstEffect(t, 30, 0.5, 3, nil)
	fallback := burstEffect(t, MaxGPUParticles+1, 0.5, 4, nil)
	culled := burstEffect(t, 30, 0.5, 5, nil)
	empty := burstEffect(t, 10, 5, 6, nil) // every particle dead
	twice := burstEffect(t, 30, 0.5, 7, nil)
	absent := burstEffect(t, 30, 0.5, 8, nil)

	if _, ok := r.PathOf(gpu); ok {
		t.Error("PathOf before any Draw reports a path")
	}
	items := []Item{
		{Effect: gpu, X: 128, Y: 128, Path: PathGPU},
		{Effect: batched, X: 64, Y: 64, Path: PathBatched},
		{Effect: auto, X: 190, Y: 190},
		{},
		{Effect: fallback, X: 128, Y: 128, Path: PathGPU},
		{Effect: culled, X: 5000, Y: 5000, Path: PathGPU},
		{Effect: empty, X: 128, Y: 128},
		{Effect: twice, X: 100, Y: 100, Path: PathGPU},
		{Effect: twice, X: 120, Y: 120, Path: PathBatched},
		{Effect: twice, X: 9000, Y: 9000, Path: PathGPU}, // culled: not the last drawn
	}
	r.collect(view, items)
	st := r.Stats()
	if st.GPU != 2 || st.GPUFallbacks != 1 || st.Culled != 2 {
		t.Fatalf("stats %+v: want 2 GPU effects, 1 fallback, 2 culled", st)
	}
	want := []pathWant{
		{"forced GPU", gpu, PathGPU, true},
		{"forced batched", batched, PathBatched, true},
		{"auto", auto, PathBatched, true},
		{"fallback", fallback, PathBatched, true},
		{"culled", culled, 0, false},
		{"no particle alive", empty, PathBatched, true},
		{"in several items", twice, PathBatched, true},
		{"not drawn", absent, 0, false},
		{"nil", nil, 0, false},
	}
	check := func(when string) {
		t.Helper()
		for _, w := range want {
			p, ok := r.PathOf(w.e)
			if ok != w.ok || (ok && p != w.p) {
				t.Errorf("%s: %s: PathOf = %v, %v; want %v, %v", when, w.name, p, ok, w.p, w.ok)
			}
		}
	}
	check("first frame")
	check("asked again") // the index is built once and stays

	// The next frame draws only some: the others are forgotten, and the
	// index is rebuilt.
	r.collect(view, []Item{{Effect: culled, X: 128, Y: 128, Path: PathGPU}, {Effect: gpu, X: 128, Y: 128}})
	want = []pathWant{
		{"now in view", culled, PathGPU, true},
		{"now auto", gpu, PathBatched, true},
		{"no longer drawn", batched, 0, false},
	}
	check("second frame")

	// A frame with no items: nothing is drawn.
	r.collect(view, nil)
	if _, ok := r.PathOf(culled); ok {
		t.Error("after an empty frame: PathOf reports a path")
	}
	for _, ep := range r.paths[:cap(r.paths)] {
		if ep.e != nil {
			t.Fatal("the path records keep effects of earlier frames")
		}
	}
}

// TestPathOfAllocs: collecting a warm frame of many effects on both paths
// and asking PathOf for each allocates nothing.
func TestPathOfAllocs(t *testing.T) {
	view := image.Rect(0, 0, 256, 256)
	r := newRenderer(t, nil)
	var items []Item
	for i := range 200 {
		p := PathBatched
		if i%2 == 0 {
			p = PathGPU
		}
		e := streamEffect(t, 0, uint32(i), func(sp *emitter.Spec) { sp.Rate = 20 })
		e.Play()
		items = append(items, Item{Effect: e, X: float64(i % 256), Y: 128, Path: p})
	}
	frame := func() {
		for _, it := range items {
			it.Effect.Advance(1.0 / 60)
		}
		r.collect(view, items)
		for _, it := range items {
			if _, ok := r.PathOf(it.Effect); !ok {
				t.Fatal("an effect in view has no path")
			}
		}
	}
	for range 5 {
		frame()
	}
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame with PathOf, want 0", n)
	}
	gpu := 0
	for _, it := range items {
		if p, _ := r.PathOf(it.Effect); p == PathGPU {
			gpu++
		}
	}
	if st := r.Stats(); gpu != st.GPU || gpu != 100 {
		t.Errorf("%d effects report the GPU path, stats %+v", gpu, st)
	}
}

// TestPathOfDraw: through Draw on a display, PathOf reports each item's
// path, in agreement with the Stats, and a warm frame that asks PathOf for
// every effect allocates nothing (requireFrameAllocFree). The allocation
// check draws one path only: a frame mixing both paths measures one
// allocation more than replaying its draw calls, with or without the GPU
// path's bins; its source is not traced yet.
func TestPathOfDraw(t *testing.T) {
	needGPU(t)
	dst := ebiten.NewImage(16, 16)
	defer dst.Deallocate()
	for _, mixed := range []bool{true, false} {
		r := newRenderer(t, nil)
		var items []Item
		for i := range 6 {
			e := streamEffect(t, 0, uint32(i), func(sp *emitter.Spec) { sp.Rate = 40 })
			e.Play()
			e.AddBurst(0, 10)
			p := PathGPU
			if mixed && i%2 == 1 {
				p = PathBatched
			}
			items = append(items, Item{Effect: e, X: 8, Y: 8, Path: p})
		}
		counts := map[Path]int{}
		frame := func() {
			for _, it := range items {
				it.Effect.Advance(1.0 / 60)
			}
			r.Draw(dst, items)
			for _, it := range items {
				p, ok := r.PathOf(it.Effect)
				if !ok || p != it.Path {
					t.Fatalf("PathOf = %v, %v; want %v", p, ok, it.Path)
				}
			}
		}
		for range 5 {
			frame()
		}
		for _, it := range items {
			p, _ := r.PathOf(it.Effect)
			counts[p]++
		}
		if st := r.Stats(); counts[PathGPU] != st.GPU || counts[PathBatched] != st.Batched {
			t.Errorf("mixed %v: paths %v, stats %+v", mixed, counts, st)
		}
		if !mixed {
			requireFrameAllocFree(t, r, dst, frame)
		}
	}
	pix := make([]byte, 4*16*16)
	dst.ReadPixels(pix)
}

// TestGPUIdleSubmitsNothing: an effect forced onto the GPU path with no
// candidate (its burst long dead) takes the path but submits no quad.
func TestGPUIdleSubmitsNothing(t *testing.T) {
	e := effectOf(t, 64, 64, 5, 0.1, func(sp *emitter.Spec) {
		sp.Enabled = false
		sp.Lifetime = emitter.Constant(1)
	})
	e.SetTime(5) // every particle of the burst is dead
	r := newRenderer(t, nil)
	r.collect(image.Rect(-4000, -4000, 4000, 4000), []Item{{Effect: e, Path: PathGPU}})
	st := r.Stats()
	if st.GPU != 1 || st.GPUFallbacks != 0 || len(r.gpu.items) != 0 || len(r.vis) != 0 {
		t.Fatalf("stats %+v, %d GPU items, %d visible: want the GPU path with nothing submitted", st, len(r.gpu.items), len(r.vis))
	}
	if p, ok := r.PathOf(e); !ok || p != PathGPU {
		t.Fatalf("PathOf = %v, %v; want the GPU path", p, ok)
	}
}

// TestIdleEffect: an effect in view with nothing alive (its burst over, no
// stream) is drawn without an evaluation: it counts in Effects, Batched
// and Idle, PathOf reports the batched path, nothing is submitted; a new
// burst draws again from the next frame.
func TestIdleEffect(t *testing.T) {
	e := effectOf(t, 64, 64, 5, 0.1, func(sp *emitter.Spec) {
		sp.Enabled = false
		sp.Lifetime = emitter.Constant(1)
	})
	view := image.Rect(-100, -100, 100, 100)
	r := newRenderer(t, nil)
	frame := func(items []Item) Stats {
		r.collect(view, items)
		r.build(nil)
		return r.Stats()
	}
	if st := frame([]Item{{Effect: e}}); st.Idle != 0 || st.Particles != 5 {
		t.Fatalf("a live burst: stats %+v", st)
	}
	e.SetTime(5) // the burst is over
	for _, path := range []Path{PathAuto, PathBatched} {
		st := frame([]Item{{Effect: e, Path: path}})
		if st.Effects != 1 || st.Batched != 1 || st.Idle != 1 || st.Particles != 0 || len(r.vis) != 0 || len(r.boards) != 0 {
			t.Errorf("%v, idle: stats %+v, %d visible", path, st, len(r.vis))
		}
		if p, ok := r.PathOf(e); !ok || p != PathBatched {
			t.Errorf("%v, idle: PathOf = %v, %v", path, p, ok)
		}
	}
	e.Emit(3)
	if st := frame([]Item{{Effect: e}}); st.Idle != 0 || st.Particles != 3 {
		t.Errorf("a new burst: stats %+v", st)
	}
}
