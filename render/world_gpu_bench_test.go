package render

import (
	"fmt"
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

// BenchmarkWorldGPUWork measures what llvmpipe spends per unit of the
// cost model's work on the world GPU path: one emitter of 1,024 live
// slots over a 64 × 64 view, whole frames (DrawLevel and the read-back
// that waits for the GPU work). The walked work, read back from the
// masks, is the set bits of each tile times the tile's pixels in the
// emitter's quad; binned is tiles times slots. It reports the frame's ns
// per walked candidate-pixel (the cost model's FragmentNS, had the bin
// pass cost nothing) beside the batched path's whole frame per particle
// (its ParticleNS), in the same iterations.
func BenchmarkWorldGPUWork(b *testing.B) {
	needGPU(b)
	l, tex := swarmLevel(b, 1, 1024, 1)
	gpu := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	bat := newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1})
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	pix := make([]byte, 4*64*64)
	cam := &camera.World{X: 2, Y: 2, Zoom: 16, Pitch: 90}
	it := &LevelItem{Level: l, Textures: tex, Clock: 30}
	var tg, tb time.Duration
	var walked, particles float64
	gpuPaths, batPaths := levelPaths(1, PathGPU), levelPaths(1, PathBatched)
	iter := func() {
		it.Clock += 1.0 / 60
		it.Emitters = gpuPaths
		t0 := time.Now()
		gpu.DrawLevel(dst, it, cam)
		dst.ReadPixels(pix)
		t1 := time.Now()
		it.Emitters = batPaths
		bat.DrawLevel(dst, it, cam)
		dst.ReadPixels(pix)
		t2 := time.Now()
		tg += t1.Sub(t0)
		tb += t2.Sub(t1)
		particles += float64(bat.LevelStats().Particles)
		b.StopTimer()
		g := &gpu.world.gpu
		item := &g.items[0]
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
		b.StartTimer()
	}
	for range 2 {
		iter()
	}
	tg, tb, walked, particles = 0, 0, 0, 0
	b.ResetTimer()
	for range b.N {
		iter()
	}
	b.ReportMetric(float64(tg.Nanoseconds())/walked, "gpu-ns/walked")
	b.ReportMetric(float64(tb.Nanoseconds())/particles, "batched-ns/particle")
	b.ReportMetric(walked/float64(b.N), "walked")
	b.ReportMetric(particles/float64(b.N), "particles")
}
