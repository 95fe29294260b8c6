package render

import (
	"fmt"
	"image/color"
	"testing"
	"time"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// Benchmarks of the GPU path. Both need the test game (xvfb-run -a), as
// BenchmarkRender does.
//
// BenchmarkGPUEffectCPU is the CPU time per effect per frame of each path,
// for effects of 10, 100 and 1,000 live particles: 32 steady streams drawn
// in one Draw onto an 8 × 8 target (the GPU work, flushed outside the
// timer, stays small). The GPU path's cost is flat in the particle count;
// the batched path's grows with it.
//
// BenchmarkGPUCrossover times whole frames (Draw plus the flush that
// rasterizes them: on llvmpipe, CPU time too) of one effect over a 40 ×
// 40 target its bounds cover, on each path, and, on the GPU path, the
// bin passes alone (replayed and flushed), to derive the cost model's
// constants: the GPU path's work is read back from its masks (walked: the
// candidates its fragments evaluate, summed over the pixels; binned:
// tiles × candidates). Between 256 and 1,024 candidates of 2 px, bin-ns
// is the bin passes' time per binned test (BinNS; the position pass, one
// evaluation per candidate, included) and frag-ns the rest of the frame's
// time per walked candidate (FragmentNS); frag-ns-hits is the same
// between particles of 2 and 10 px, where more of the walked candidates
// cover the fragment and pay for their appearance. particle-ns is the
// batched path's ParticleNS, and particle/frag the walked candidates per
// pixel below which the GPU path's shading is the cheaper.

// gpuBenchEffects returns count playing steady streams of about n live
// particles, warmed up past one lifetime.
func gpuBenchEffects(b *testing.B, count, n int) []*emitter.Effect {
	b.Helper()
	var es []*emitter.Effect
	for i := range count {
		e := effectOf(b, 64, 64, 0, 0, func(sp *emitter.Spec) {
			steady(n)(sp)
			sp.Rotation = emitter.NumberRange{Min: 0, Max: 360}
			sp.RotSpeed = emitter.NumberRange{Min: -180, Max: 180}
		})
		e.SetSeed(uint32(i))
		e.SetTime(3)
		e.Play()
		es = append(es, e)
	}
	return es
}

func BenchmarkGPUEffectCPU(b *testing.B) {
	const effects = 32
	for _, path := range []Path{PathGPU, PathBatched} {
		for _, n := range []int{10, 100, 1000} {
			b.Run(fmt.Sprintf("%v/%d", path, n), func(b *testing.B) {
				needGPU(b)
				es := gpuBenchEffects(b, effects, n)
				items := make([]Item, len(es))
				for i, e := range es {
					items[i] = Item{Effect: e, X: 4, Y: 4, Path: path}
				}
				r := newRenderer(b, &Options{Budget: -1})
				dst := ebiten.NewImage(8, 8)
				defer dst.Deallocate()
				pix := make([]byte, 4*8*8)
				frame := func() {
					for _, e := range es {
						e.Advance(1.0 / 60)
					}
					r.Draw(dst, items)
				}
				for range 5 {
					frame()
					dst.ReadPixels(pix)
				}
				if st := r.Stats(); (path == PathGPU) != (st.GPU == effects) {
					b.Fatalf("stats %+v", st)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					frame()
					b.StopTimer()
					dst.ReadPixels(pix)
					b.StartTimer()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*effects), "ns/effect")
				live := r.Stats().Live
				if path == PathGPU {
					live = r.Stats().GPUCandidates
				}
				b.ReportMetric(float64(live)/effects, "particles/effect")
			})
		}
	}
}

func BenchmarkGPUCrossover(b *testing.B) {
	needGPU(b)
	const px = 40
	type config struct {
		path           Path
		n              int
		size           float64
		r              *Renderer
		e              *emitter.Effect
		dst            *ebiten.Image
		pix            []byte
		walked, binned float64 // GPU: per frame; batched: particles in walked
		total, bins    time.Duration
	}
	configs := []*config{
		{path: PathGPU, n: 256, size: 2}, {path: PathGPU, n: 1024, size: 2}, {path: PathGPU, n: 256, size: 10},
		{path: PathBatched, n: 64, size: 2}, {path: PathBatched, n: 1024, size: 2},
	}
	for _, c := range configs {
		c.e = gpuBenchEffects(b, 1, c.n)[0]
		sp := c.e.Snapshot().Spec()
		sp.Size = emitter.ConstantSequence(c.size)
		snap, err := emitter.NewSnapshot(&sp)
		if err != nil {
			b.Fatal(err)
		}
		c.e.SetSnapshot(snap)
		c.r = newRenderer(b, &Options{Budget: -1})
		c.dst = ebiten.NewImage(px, px)
		defer c.dst.Deallocate()
		c.pix = make([]byte, 4*px*px)
	}
	frame := func(c *config) {
		c.e.Advance(1.0 / 60)
		c.dst.Fill(color.Black)
		c.r.Draw(c.dst, []Item{{Effect: c.e, X: px / 2, Y: px / 2, Path: c.path}})
		c.dst.ReadPixels(c.pix)
	}
	// bins replays the last frame's bin passes and flushes them.
	bins := func(c *config) {
		g := &c.r.gpu
		g.bins.draw(len(g.items), g.tex)
		c.dst.ReadPixels(c.pix)
	}
	for _, c := range configs {
		for range 3 {
			frame(c)
		}
		st := c.r.Stats()
		c.walked = float64(st.Live)
		if c.path == PathGPU {
			if st.GPU != 1 || st.GPUPixels != px*px {
				b.Fatalf("stats %+v: the bounds should cover the target", st)
			}
			it := &c.r.gpu.items[0]
			c.walked, _ = binWalk(regionWords(c.r), it)
			c.binned = float64(it.bins.tilesX * it.bins.tilesY * it.candidates)
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, c := range configs {
			t0 := time.Now()
			frame(c)
			c.total += time.Since(t0)
			if c.path == PathGPU {
				t0 = time.Now()
				bins(c)
				c.bins += time.Since(t0)
			}
		}
	}
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
	g256, g1024, g10 := configs[0], configs[1], configs[2]
	bin := (per(g1024.bins) - per(g256.bins)) / (g1024.binned - g256.binned)
	shade := func(c *config) float64 { return per(c.total) - per(c.bins) }
	frag := (shade(g1024) - shade(g256)) / (g1024.walked - g256.walked)
	hits := (shade(g10) - shade(g256)) / (g10.walked - g256.walked)
	part := (per(configs[4].total) - per(configs[3].total)) / (configs[4].walked - configs[3].walked)
	b.ReportMetric(bin, "bin-ns")
	b.ReportMetric(frag, "frag-ns")
	b.ReportMetric(hits, "frag-ns-hits")
	b.ReportMetric(part, "particle-ns")
	b.ReportMetric(part/frag, "particle/frag")
	for _, c := range configs {
		b.ReportMetric(per(c.total), fmt.Sprintf("%v-%d-%vpx-ns/frame", c.path, c.n, c.size))
		if c.path == PathGPU {
			b.ReportMetric(c.walked/px/px, fmt.Sprintf("%v-%d-%vpx-walked/px", c.path, c.n, c.size))
		}
	}
}

// BenchmarkGPUFlat is the GPU path's CPU time per effect per frame for
// effects of 10 to 64,000 live particles, in one run: every iteration
// draws one frame of each size (16 steady streams per frame onto a 1 × 1
// target, so that llvmpipe's work, flushed outside the timer, stays
// small; the position pass still evaluates every candidate), and drift on
// a shared machine touches every size alike. ns/effect-N is the time at N
// particles and ratio-N its ratio to the time at 10: flat means ratios
// near 1 however large N. An effect of 64,000 is past MaxGPUParticles:
// it is drawn as 4 quads (MaxGPUQuads), each costing the CPU what an
// effect of 10 does.
func BenchmarkGPUFlat(b *testing.B) {
	needGPU(b)
	const effects = 16
	type config struct {
		n     int
		es    []*emitter.Effect
		items []Item
		r     *Renderer
		total time.Duration
	}
	dst := ebiten.NewImage(1, 1)
	defer dst.Deallocate()
	pix := make([]byte, 4)
	var cs []*config
	for _, n := range []int{10, 100, 1000, 4000, 16000, 64000} {
		c := &config{n: n, es: gpuBenchEffects(b, effects, n), r: newRenderer(b, &Options{Budget: -1})}
		for _, e := range c.es {
			c.items = append(c.items, Item{Effect: e, Path: PathGPU})
		}
		cs = append(cs, c)
	}
	frame := func(c *config) time.Duration {
		for _, e := range c.es {
			e.Advance(1.0 / 60)
		}
		t0 := time.Now()
		c.r.Draw(dst, c.items)
		dt := time.Since(t0)
		dst.ReadPixels(pix)
		return dt
	}
	for _, c := range cs {
		for range 3 {
			frame(c)
		}
		if st := c.r.Stats(); st.GPU != effects || st.GPUCandidates < effects*c.n {
			b.Fatalf("%d particles: stats %+v: want every effect on the GPU path", c.n, st)
		}
	}
	// No ReportAllocs: each frame's read-back flushes Ebitengine's queue,
	// which allocates on its own (TestGPUPathDrawAllocs separates those).
	b.ResetTimer()
	for range b.N {
		for _, c := range cs {
			// llvmpipe charges a frame's shading partly to the next
			// Draw: an untimed frame of the smallest effects takes it,
			// so each timed frame follows a cheap one.
			frame(cs[0])
			c.total += frame(c)
		}
	}
	per := func(c *config) float64 { return float64(c.total.Nanoseconds()) / float64(b.N*effects) }
	for _, c := range cs {
		b.ReportMetric(per(c), fmt.Sprintf("ns/effect-%d", c.n))
		if c.n != cs[0].n {
			b.ReportMetric(per(c)/per(cs[0]), fmt.Sprintf("ratio-%d", c.n))
		}
	}
}
