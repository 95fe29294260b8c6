package render

import (
	"image/color"
	"testing"
	"time"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkLevel is the CPU cost per frame of the batched world path on
// the limits level (256 emitters, 65,536 slots, about 44,000 alive), the
// camera showing all of it, against the API floor for the same live count,
// measured in the same iterations (see BenchmarkRender). Each iteration
// advances the clock a frame and measures:
//
//   - floor: DrawTriangles32 re-submitting unchanged vertices, 4 per
//     particle drawn;
//   - floor-shader: DrawTrianglesShader32 re-submitting the world path's
//     own vertices, unchanged, with its shader and images;
//   - draw: DrawLevel in full (broad phase, culling, LOD, budget,
//     AppendBillboards, vertices, draw calls);
//   - eval: the evaluation alone (AppendBillboards of every emitter), the
//     share of draw the evaluator takes.
//
// It reports ns/particle for each and draw/floor, the ratio the world path
// is held to. The GPU work (flushing the queue) is outside the timings.
func BenchmarkLevel(b *testing.B) {
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
	cam := &camera.World{X: 20, Y: 20, Z: 1, Zoom: 16, Pitch: 90}
	it := &LevelItem{Level: l, Textures: tex, Clock: 100}
	for range 3 {
		it.Clock += 1.0 / 60
		r.DrawLevel(dst, it, cam)
		flush()
	}
	quads := r.LevelStats().Particles
	if quads < 40000 {
		b.Fatalf("only %d particles drawn", quads)
	}
	w := &r.world
	floorV := make([]ebiten.Vertex, 4*quads)
	copy(floorV, w.verts)
	for i := range floorV {
		floorV[i].SrcX, floorV[i].SrcY = 1, 1
		floorV[i].ColorR, floorV[i].ColorG, floorV[i].ColorB, floorV[i].ColorA = 1, 1, 1, 1
	}
	floorI := append([]uint32(nil), w.indices[:6*quads]...)
	shaderV := append([]ebiten.Vertex(nil), w.verts[:4*quads]...)
	ls := w.levels[l]
	sop := w.op
	sop.Images[0], sop.Images[1] = ls.pages[0], ls.data
	var op ebiten.DrawTrianglesOptions
	cache := l.Evaluator().NewCache()
	var boards []world.Billboard

	var tFloor, tShader, tDraw, tEval time.Duration
	var nFloor, nDraw int
	iter := func() {
		it.Clock += 1.0 / 60
		t0 := time.Now()
		dst.DrawTriangles32(floorV, floorI, white, &op)
		t1 := time.Now()
		dst.DrawTrianglesShader32(shaderV, floorI, w.shader, &sop)
		t2 := time.Now()
		r.DrawLevel(dst, it, cam)
		t3 := time.Now()
		tFloor += t1.Sub(t0)
		tShader += t2.Sub(t1)
		tDraw += t3.Sub(t2)
		nFloor += quads
		nDraw += r.LevelStats().Particles
		b.StopTimer()
		t4 := time.Now()
		boards = boards[:0]
		for e := range l.Document().Emitters {
			boards = l.Evaluator().AppendBillboards(boards, cache, e, it.Clock, 1)
		}
		tEval += time.Since(t4)
		flush()
		b.StartTimer()
	}
	for range 3 {
		iter()
	}
	tFloor, tShader, tDraw, tEval = 0, 0, 0, 0
	nFloor, nDraw = 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		iter()
	}
	per := func(d time.Duration, n int) float64 { return float64(d.Nanoseconds()) / float64(n) }
	floor := per(tFloor, nFloor)
	b.ReportMetric(floor, "floor-ns/particle")
	b.ReportMetric(per(tShader, nFloor), "floor-shader-ns/particle")
	b.ReportMetric(per(tDraw, nDraw), "draw-ns/particle")
	b.ReportMetric(per(tEval, nDraw), "eval-ns/particle")
	b.ReportMetric(per(tDraw, nDraw)/floor, "draw/floor")
	b.ReportMetric(float64(nDraw)/float64(b.N), "particles")
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
