package render

import (
	"fmt"
	"image"
	"image/color"
	"math/bits"
	"slices"
	"testing"
	"time"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkWorldGPUCPU is the CPU cost of a frame of 16 world emitters on
// the GPU path as their slots per emitter grow from 16 to 4,096 (256 to
// 65,536 in the level), against the batched path drawing the same levels,
// all measured in the same iterations (see benchWorldFlat; the view is
// small, 32 × 32 pixels at 1.5 pixels a unit, so that llvmpipe's share
// stays short). The GPU path's CPU work per emitter does not depend on
// its slots, the batched path's grows with them.
func BenchmarkWorldGPUCPU(b *testing.B) {
	needGPU(b)
	var lanes []flatLane
	for _, n := range []int{16, 256, 1024, 4096} {
		l, tex := swarmLevel(b, 16, n, 0.5)
		lanes = append(lanes, flatLane{name: fmt.Sprint(n), level: l, tex: tex})
	}
	benchWorldFlat(b, lanes, &camera.World{X: 8, Y: 8, Zoom: 1.5, Pitch: 90}, 32)
}

// BenchmarkLevelGPUFlat is BenchmarkWorldGPUCPU for levels of 256
// emitters, the document's most, on a 16 × 16 grid seen whole in a 32 ×
// 32 view (half a pixel a unit): 16 slots each (4,096 in the level), 256
// each (65,536, the document's most), and "4096": 15 emitters of 4,096
// slots among 241 of 16 (65,296; 256 emitters of 4,096 slots would be
// 16 times world.MaxSlots). On the GPU path the three cost the CPU the
// same; (gpu-4096 - gpu-16)/15 is what an emitter's 4,080 more slots
// cost it, against gpu-16/256 per emitter.
func BenchmarkLevelGPUFlat(b *testing.B) {
	needGPU(b)
	mixed := slices.Repeat([]int{16}, world.MaxEmitters)
	for i := range 15 {
		mixed[17*i+8] = world.MaxSlotsPerEmitter // spread over the grid
	}
	var lanes []flatLane
	for _, c := range []struct {
		name  string
		slots []int
	}{
		{"16", slices.Repeat([]int{16}, world.MaxEmitters)},
		{"256", slices.Repeat([]int{256}, world.MaxEmitters)},
		{"4096", mixed},
	} {
		l, tex := swarmLevelOf(b, c.slots, 0.5)
		lanes = append(lanes, flatLane{name: c.name, level: l, tex: tex})
	}
	benchWorldFlat(b, lanes, &camera.World{X: 32, Y: 32, Zoom: 0.5, Pitch: 90}, 32)
}

// flatLane is one level of a flatness benchmark (benchWorldFlat).
type flatLane struct {
	name     string
	level    *world.Level
	tex      *leveltex.Level
	it       LevelItem
	gpu, bat *Renderer
	gpuPaths []LevelEmitter  // every emitter on the GPU path
	batPaths []LevelEmitter  // every emitter on the batched path
	tg, tb   []time.Duration // DrawLevel per frame on each path
}

// benchWorldFlat measures the CPU of DrawLevel for each lane's level on
// the GPU path and on the batched path, every emitter asked onto the
// path, all in the same iterations, each path with a renderer of its own,
// through cam onto a size × size target; the GPU work, flushed by a
// read-back after each frame, is outside the timings. Every emitter must
// be drawn by the GPU path. It reports each lane's median ns/frame on
// each path (a frame now and then pays for a collection or for the other
// users of the machine) and its ratio to the first lane's,
// gpu-NAME/FIRST and batched-NAME/FIRST.
func benchWorldFlat(b *testing.B, lanes []flatLane, cam *camera.World, size int) {
	b.Helper()
	dst := ebiten.NewImage(size, size)
	defer dst.Deallocate()
	pix := make([]byte, 4*size*size)
	for i := range lanes {
		ln := &lanes[i]
		n := len(ln.level.Document().Emitters)
		ln.it = LevelItem{Level: ln.level, Textures: ln.tex, Clock: 10}
		ln.gpu = newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
		ln.bat = newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
		ln.gpuPaths, ln.batPaths = levelPaths(n, PathGPU), levelPaths(n, PathBatched)
	}
	iter := func() {
		for i := range lanes {
			ln := &lanes[i]
			ln.it.Clock += 1.0 / 60
			ln.it.Emitters = ln.gpuPaths
			t0 := time.Now()
			ln.gpu.DrawLevel(dst, &ln.it, cam)
			t1 := time.Now()
			ln.it.Emitters = ln.batPaths
			ln.bat.DrawLevel(dst, &ln.it, cam)
			t2 := time.Now()
			ln.tg = append(ln.tg, t1.Sub(t0))
			ln.tb = append(ln.tb, t2.Sub(t1))
			b.StopTimer()
			dst.Fill(color.Black)
			dst.ReadPixels(pix)
			b.StartTimer()
		}
	}
	for range 3 {
		iter()
	}
	for i := range lanes {
		ln := &lanes[i]
		n := len(ln.level.Document().Emitters)
		if st := ln.gpu.LevelStats(); st.GPU != n {
			b.Fatalf("%s: %d of %d emitters on the GPU path (stats %+v)", ln.name, st.GPU, n, st)
		}
		ln.tg, ln.tb = make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		iter()
	}
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Nanoseconds())
	}
	gpu0, bat0 := median(lanes[0].tg), median(lanes[0].tb)
	for i := range lanes {
		ln := &lanes[i]
		g, t := median(ln.tg), median(ln.tb)
		b.ReportMetric(g, "gpu-"+ln.name+"-ns/frame")
		b.ReportMetric(t, "batched-"+ln.name+"-ns/frame")
		if i > 0 {
			b.ReportMetric(g/gpu0, "gpu-"+ln.name+"/"+lanes[0].name)
			b.ReportMetric(t/bat0, "batched-"+ln.name+"/"+lanes[0].name)
		}
	}
}

// BenchmarkLevelGPU is the CPU cost of a frame of the limits level (256
// emitters, 65,536 slots, about 44,000 alive) with every emitter on the
// GPU path, against the batched path drawing it, in the same iterations
// (each with its own renderer; the GPU work, flushed after each frame, is
// outside the timings; the view, 80 × 80 pixels at 2 pixels a unit,
// shows the whole level and keeps llvmpipe's share short). It reports
// each path's ns/frame, the GPU path's per emitter, and batched/gpu.
func BenchmarkLevelGPU(b *testing.B) {
	needGPU(b)
	l, tex := leveltest.Limits(b)
	gpu := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	bat := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	dst := ebiten.NewImage(80, 80)
	defer dst.Deallocate()
	pix := make([]byte, 4*80*80)
	cam := &camera.World{X: 20, Y: 20, Z: 1, Zoom: 2, Pitch: 90}
	n := len(l.Document().Emitters)
	gpuPaths, batPaths := levelPaths(n, PathGPU), levelPaths(n, PathBatched)
	it := &LevelItem{Level: l, Textures: tex, Clock: 100}
	var tg, tb time.Duration
	iter := func() {
		it.Clock += 1.0 / 60
		it.Emitters = gpuPaths
		t0 := time.Now()
		gpu.DrawLevel(dst, it, cam)
		t1 := time.Now()
		it.Emitters = batPaths
		bat.DrawLevel(dst, it, cam)
		t2 := time.Now()
		tg += t1.Sub(t0)
		tb += t2.Sub(t1)
		b.StopTimer()
		dst.ReadPixels(pix)
		b.StartTimer()
	}
	for range 3 {
		iter()
	}
	if st := gpu.LevelStats(); st.GPU != n {
		b.Fatalf("%d of %d emitters on the GPU path", st.GPU, n)
	}
	if st := bat.LevelStats(); st.Particles < 40000 {
		b.Fatalf("the batched path drew %d particles", st.Particles)
	}
	tg, tb = 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		iter()
	}
	b.ReportMetric(float64(tg.Nanoseconds())/float64(b.N), "gpu-ns/frame")
	b.ReportMetric(float64(tg.Nanoseconds())/float64(b.N*n), "gpu-ns/emitter")
	b.ReportMetric(float64(tb.Nanoseconds())/float64(b.N), "batched-ns/frame")
	b.ReportMetric(float64(tb)/float64(tg), "batched/gpu")
}

// BenchmarkWorldGPUWork measures what llvmpipe spends on the world GPU
// path per unit of the cost model's work, against the batched path, in
// the same iterations: whole frames (DrawLevel and the read-back that
// waits for the GPU work) of one emitter in the configurations of
// worldWorkCases, and the job, position and bin passes alone, replayed
// (worldGPU.passes) and waited for. The walked work, read back from the
// masks, is the set bits of each tile times the tile's pixels in the
// emitter's quad; the model's is its GPUWork (pixels times the estimated
// walk, worldGPUWork).
//
// Per configuration it reports the shade pass's ns per walked
// candidate-pixel (gpu-NAME-ns/walked: the frame less the passes, over
// the walk read back; the cost model's WorldFragmentNS), the passes' ns
// per slot (gpu-NAME-ns/slot: its WorldSlotNS), the model's walk over the
// one read back (NAME-model/walked), and the frame measured over its
// price by DefaultCostModel on each path (gpu-NAME-cost, batched-NAME-cost:
// 1 where the model is right); and the batched frame per particle over
// every configuration, batched-ns/particle (its ParticleNS).
func BenchmarkWorldGPUWork(b *testing.B) {
	needGPU(b)
	type lane struct {
		worldWorkCase
		it         LevelItem
		dst        *ebiten.Image
		pix        []byte
		gpu, bat   *Renderer
		tg, tp, tb time.Duration // frame, passes, batched frame
		walked     float64       // read back from the masks
		model      float64       // the model's pixels · walked
		priced     float64       // DefaultCostModel's GPU cost
		cost       float64       // DefaultCostModel's batched cost
		particles  float64
		slots      float64
	}
	lanes := make([]lane, len(worldWorkCases))
	for i, c := range worldWorkCases {
		l, tex := swarmLevel(b, 1, c.slots, c.half)
		ln := &lanes[i]
		ln.worldWorkCase = c
		ln.it = LevelItem{Level: l, Textures: tex, Clock: 30}
		ln.dst = ebiten.NewImage(c.view, c.view)
		defer ln.dst.Deallocate()
		ln.pix = make([]byte, 4*c.view*c.view)
		ln.gpu = newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
		ln.bat = newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	}
	gpuPaths, batPaths := levelPaths(1, PathGPU), levelPaths(1, PathBatched)
	var texel [4]byte
	iter := func() {
		for i := range lanes {
			ln := &lanes[i]
			it := &ln.it
			it.Clock += 1.0 / 60
			it.Emitters = gpuPaths
			t0 := time.Now()
			ln.gpu.DrawLevel(ln.dst, it, &ln.cam)
			ln.dst.ReadPixels(ln.pix)
			t1 := time.Now()
			g := &ln.gpu.world.gpu
			g.passes(ln.gpu.world.levels[it.Level].rows.img)
			g.bins.masks.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(texel[:])
			t2 := time.Now()
			it.Emitters = batPaths
			ln.bat.DrawLevel(ln.dst, it, &ln.cam)
			ln.dst.ReadPixels(ln.pix)
			t3 := time.Now()
			ln.tg += t1.Sub(t0)
			ln.tp += t2.Sub(t1)
			ln.tb += t3.Sub(t2)
			b.StopTimer()
			st := ln.bat.LevelStats()
			ln.particles += float64(st.Particles)
			ln.walked += maskWalked(g)
			work := emitterGPUWork(it, 0, &ln.cam, ln.dst.Bounds())
			ln.model += float64(work.Pixels) * work.Walked
			ln.priced += DefaultCostModel.WorldGPUCost(work)
			ln.cost += DefaultCostModel.BatchedCost(st.Candidates, 1)
			ln.slots += float64(it.Level.Evaluator().Slots(0))
			b.StartTimer()
		}
	}
	for range 2 {
		iter()
	}
	for i := range lanes {
		ln := &lanes[i]
		if st := ln.gpu.LevelStats(); st.GPU != 1 {
			b.Fatalf("%s: stats %+v: want the emitter on the GPU path", ln.name, st)
		}
		ln.tg, ln.tp, ln.tb = 0, 0, 0
		ln.walked, ln.model, ln.priced, ln.cost, ln.particles, ln.slots = 0, 0, 0, 0, 0, 0
	}
	b.ResetTimer()
	for range b.N {
		iter()
	}
	b.StopTimer()
	var tb, particles float64
	for i := range lanes {
		ln := &lanes[i]
		tg, tp := float64(ln.tg.Nanoseconds()), float64(ln.tp.Nanoseconds())
		b.ReportMetric((tg-tp)/ln.walked, "gpu-"+ln.name+"-ns/walked")
		b.ReportMetric(tp/ln.slots, "gpu-"+ln.name+"-ns/slot")
		b.ReportMetric(ln.model/ln.walked, ln.name+"-model/walked")
		b.ReportMetric(tg/ln.priced, "gpu-"+ln.name+"-cost")
		b.ReportMetric(float64(ln.tb.Nanoseconds())/ln.cost, "batched-"+ln.name+"-cost")
		tb += float64(ln.tb.Nanoseconds())
		particles += ln.particles
	}
	b.ReportMetric(tb/particles, "batched-ns/particle")
}

// worldWorkCase is one configuration of BenchmarkWorldGPUWork: one
// emitter of slots slots in a spawn box of half-width half (swarmLevel)
// seen through cam on a view × view target.
type worldWorkCase struct {
	name  string
	slots int
	half  float64
	cam   camera.World
	view  int
}

// worldWorkCases: "dense" is the emitter of the figures before these
// (1,024 slots over 64 × 64 pixels, a particle 2.4 pixels wide); "far"
// the same at half the zoom (a quarter of the pixels, each walking about
// as many slots); "few" and "sparse" fewer slots or a wider spread;
// "limit" 4,096 slots at a quarter of the zoom; "edge" 4,096 slots seen
// through a 16 × 16 view on the edge of their bounds, where the position
// and bin passes evaluate every slot and few reach a fragment; "tiny" 64
// slots over a few tiles, where the frame's fixed costs show.
var worldWorkCases = []worldWorkCase{
	{"dense", 1024, 1, camera.World{X: 2, Y: 2, Zoom: 16, Pitch: 90}, 64},
	{"far", 1024, 1, camera.World{X: 2, Y: 2, Zoom: 8, Pitch: 90}, 64},
	{"few", 256, 1, camera.World{X: 2, Y: 2, Zoom: 16, Pitch: 90}, 64},
	{"sparse", 1024, 1.6, camera.World{X: 2, Y: 2, Zoom: 8, Pitch: 90}, 64},
	{"limit", 4096, 1.5, camera.World{X: 2, Y: 2, Zoom: 4, Pitch: 90}, 64},
	{"edge", 4096, 1.5, camera.World{X: 3.6, Y: 3.6, Zoom: 16, Pitch: 90}, 16},
	{"tiny", 64, 1, camera.World{X: 2, Y: 2, Zoom: 4, Pitch: 90}, 64},
}

// maskWalked is the walk of the view's GPU emitters read back from the
// bins' masks: per tile, its set bits times its pixels in the quad.
func maskWalked(g *worldGPU) float64 {
	walked := 0.0
	for i := range g.items {
		item := &g.items[i]
		reg := &item.bins
		words := readWords(g.bins.masks, reg.row, reg.rows*rowlayout.BinWidth)
		summary := (reg.groups + 31) / 32
		for ty := range reg.tilesY {
			for tx := range reg.tilesX {
				w := min(item.x1-item.x0-float64(16*tx), 16)
				h := min(item.y1-item.y0-float64(16*ty), 16)
				rec := rowlayout.BinHeader + (ty*reg.tilesX+tx)*(summary+reg.groups) + summary
				bitsSet := 0
				for _, m := range words[rec : rec+reg.groups] {
					bitsSet += bits.OnesCount32(m)
				}
				walked += float64(bitsSet) * w * h
			}
		}
	}
	return walked
}

// emitterGPUWork is the GPUWork DrawLevel prices emitter e of it at with
// cam on a target of bounds view.
func emitterGPUWork(it *LevelItem, e int, cam *camera.World, view image.Rectangle) GPUWork {
	pr := cam.Projection(view)
	lv := it.Level
	bb := lv.Document().Emitters[e].Bounds
	x0, y0, x1, y1 := pr.BoxBounds([3]float64{bb.Min.X, bb.Min.Y, bb.Min.Z}, [3]float64{bb.Max.X, bb.Max.Y, bb.Max.Z})
	ev := lv.Evaluator()
	return worldGPUWork(ev.Candidates(e, it.Clock), ev.Slots(e), x0, y0, x1, y1, view, worldReachPixels(lv.MaxSize(e), pr.Zoom))
}
