package render

import (
	"image/color"
	"slices"
	"testing"
	"time"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkLevel is the CPU cost per frame of the batched world path on
// the limits level (256 emitters, 65,536 slots, about 44,000 alive), the
// camera showing all of it at zoom 16 (billboards of up to 4.8 px: every
// emitter drawn as quads), against the API floor for the same live count,
// measured in the same iterations. Each iteration advances the clock a
// frame and times:
//
//   - floor: DrawTriangles32 re-submitting unchanged vertices, one quad
//     per particle drawn, in one call: the api-floor;
//   - layout-floor: the world path's own vertices re-submitted unchanged,
//     in the calls the last frame made (chunks of 1,024 quads or
//     triangles, its shader and images): Ebitengine's share of draw;
//   - draw: DrawLevel in full (broad phase, culling, LOD, budget,
//     evaluation, vertices, draw calls);
//
// and, outside the benchmark's timer, eval: the evaluation alone
// (AppendBillboards of every emitter), the share of draw the evaluator
// takes. The three run in alternate orders from iteration to iteration
// (the first after the flush that ends an iteration, which waits for the
// GPU's work, starts on a colder cache and, on a loaded machine, more
// often at the start of a time slice), and each figure is the median over
// the iterations of its ns per particle, so that a step that lost the
// processor to another program for a while does not count. It reports
// those, draw/floor (the ratio the world path is held to) and
// draw/layout-floor. The GPU work (flushing the queue) is outside the
// timings.
func BenchmarkLevel(b *testing.B) {
	benchLevel(b, &camera.World{X: 20, Y: 20, Z: 1, Zoom: 16, Pitch: 90})
}

// BenchmarkLevelFar is BenchmarkLevel seen from farther, at zoom 6, where
// every emitter's largest billboard (0.3 world units: 1.8 px, a
// half-diagonal of 1.27 px) is small enough to be drawn as triangles; the
// floor still draws quads. It also reports the fraction of particles drawn
// as triangles.
func BenchmarkLevelFar(b *testing.B) {
	benchLevel(b, &camera.World{X: 20, Y: 20, Z: 1, Zoom: 6, Pitch: 90})
}

func benchLevel(b *testing.B, cam *camera.World) {
	needGPU(b)
	l, tex := leveltest.Limits(b)
	r := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	dst := ebiten.NewImage(640, 640)
	defer dst.Deallocate()
	white := ebiten.NewImage(4, 4)
	white.Fill(color.White)
	defer white.Deallocate()
	pix := make([]byte, 4*640*640)
	flush := func() { dst.ReadPixels(pix) }
	it := &LevelItem{Level: l, Textures: tex, Clock: 100}
	for range 3 {
		it.Clock += 1.0 / 60
		r.DrawLevel(dst, it, cam)
		flush()
	}
	st := r.LevelStats()
	if st.Particles < 40000 {
		b.Fatalf("only %d particles drawn", st.Particles)
	}
	ls := r.world.levels[l]
	pr := cam.Projection(dst.Bounds())
	floorV, floorI := levelFloor(&r.world, ls, l.Document(), &pr)
	if len(floorV) != 4*st.Particles {
		b.Fatalf("the floor has %d quads for %d particles", len(floorV)/4, st.Particles)
	}
	var op ebiten.DrawTrianglesOptions
	cache := l.Evaluator().NewCache()
	var boards []world.Billboard

	const (
		stepFloor = iota
		stepLayout
		stepDraw
		steps
	)
	orders := [2][steps]int{{stepFloor, stepLayout, stepDraw}, {stepDraw, stepLayout, stepFloor}}
	var per [steps + 1][]float64 // ns per particle at each iteration; the last eval's
	var drawn, tris int
	nsPer := func(t time.Time, n int) float64 { return float64(time.Since(t).Nanoseconds()) / float64(n) }
	step := func(s int) float64 {
		t := time.Now()
		switch s {
		case stepFloor:
			dst.DrawTriangles32(floorV, floorI, white, &op)
			return nsPer(t, len(floorV)/4)
		case stepLayout:
			r.world.issue(dst, ls) // the last DrawLevel's calls
			return nsPer(t, r.LevelStats().Particles)
		}
		r.DrawLevel(dst, it, cam)
		x := nsPer(t, r.LevelStats().Particles)
		drawn += r.LevelStats().Particles
		tris += r.LevelStats().Triangles
		return x
	}
	iter := func(i int) {
		it.Clock += 1.0 / 60
		for _, s := range orders[i%2] {
			per[s] = append(per[s], step(s))
		}
		b.StopTimer()
		t := time.Now()
		boards = boards[:0]
		for e := range l.Document().Emitters {
			boards = l.Evaluator().AppendBillboards(boards, cache, e, it.Clock, 1)
		}
		per[steps] = append(per[steps], nsPer(t, r.LevelStats().Particles))
		flush()
		b.StartTimer()
	}
	for i := range 4 {
		iter(i)
	}
	for i := range per {
		per[i] = make([]float64, 0, b.N)
	}
	drawn, tris = 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		iter(i)
	}
	floor, layout, draw := medianOf(per[stepFloor]), medianOf(per[stepLayout]), medianOf(per[stepDraw])
	b.ReportMetric(floor, "floor-ns/particle")
	b.ReportMetric(layout, "layout-floor-ns/particle")
	b.ReportMetric(draw, "draw-ns/particle")
	b.ReportMetric(medianOf(per[steps]), "eval-ns/particle")
	b.ReportMetric(draw/floor, "draw/floor")
	b.ReportMetric(draw/layout, "draw/layout-floor")
	b.ReportMetric(float64(drawn)/float64(b.N), "particles")
	b.ReportMetric(float64(tris)/float64(drawn), "triangles/particle")
}

// medianOf returns the median of x (x is reordered).
func medianOf(x []float64) float64 {
	slices.Sort(x)
	if n := len(x); n%2 == 0 {
		return (x[n/2-1] + x[n/2]) / 2
	}
	return x[len(x)/2]
}

// levelFloor returns the api-floor's vertices and indices for the last
// view w drew of the level ls through pr: one white quad per particle
// drawn, where the particle's quad lies.
func levelFloor(w *worldPath, ls *levelState, doc *world.Document, pr *camera.Projection) ([]ebiten.Vertex, []uint32) {
	var vs []ebiten.Vertex
	vp := newViewProjection(pr)
	for _, v := range w.vis {
		pi := &ls.presets[doc.Emitters[v.e].Preset]
		for lo := v.lo; lo < v.hi; lo += w.sub.size {
			bs := ls.boards[lo:min(v.hi, lo+w.sub.size)]
			w.writeBillboards(false, 0, bs, &vp, pi)
			vs = append(vs, w.verts[:4*len(bs)]...)
		}
	}
	clear(w.tags) // the quads written here are not the view's
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = 1, 1, 1, 1
		vs[i].Custom0, vs[i].Custom1, vs[i].Custom2 = 0, 0, 0
	}
	n := len(vs) / 4
	_, _, idx := growSlots(nil, nil, n, 4)
	return vs, idx[:6*n]
}

// BenchmarkLevelCulling is DrawLevel on the limits level with the camera
// on one room of the 16 (room 5, zoomed in, top-down): the resolv broad
// phase returns that room's emitters and its neighbours' whose bounds
// reach in, the others cost nothing per particle. It reports the frame's
// cost per particle drawn and the emitters evaluated, and, measured in the
// same iterations, the whole level's frame: whole/room is the saving.
func BenchmarkLevelCulling(b *testing.B) {
	needGPU(b)
	l, tex := leveltest.Limits(b)
	r := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	dst := ebiten.NewImage(640, 640)
	defer dst.Deallocate()
	pix := make([]byte, 4*640*640)
	room := &camera.World{X: 15, Y: 15, Z: 1, Zoom: 64, Pitch: 90}
	whole := &camera.World{X: 20, Y: 20, Z: 1, Zoom: 16, Pitch: 90}
	it := &LevelItem{Level: l, Textures: tex, Clock: 100}
	var tRoom, tWhole time.Duration
	var nRoom, emitters int
	iter := func() {
		it.Clock += 1.0 / 60
		t0 := time.Now()
		r.DrawLevel(dst, it, room)
		t1 := time.Now()
		st := r.LevelStats()
		it.Clock += 1.0 / 60 // a fresh clock: the whole view evaluates everything
		t2 := time.Now()
		r.DrawLevel(dst, it, whole)
		t3 := time.Now()
		tRoom += t1.Sub(t0)
		tWhole += t3.Sub(t2)
		nRoom += st.Particles
		emitters += st.Emitters
		b.StopTimer()
		dst.ReadPixels(pix)
		b.StartTimer()
	}
	for range 3 {
		iter()
	}
	tRoom, tWhole, nRoom, emitters = 0, 0, 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		iter()
	}
	b.ReportMetric(float64(tRoom.Nanoseconds())/float64(b.N), "room-ns/frame")
	b.ReportMetric(float64(tWhole.Nanoseconds())/float64(b.N), "whole-ns/frame")
	b.ReportMetric(float64(tWhole)/float64(tRoom), "whole/room")
	b.ReportMetric(float64(emitters)/float64(b.N), "room-emitters")
	b.ReportMetric(float64(nRoom)/float64(b.N), "room-particles")
}
