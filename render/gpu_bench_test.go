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
// rasterizes them: on llvmpipe, CPU time too) of one effect over a small
// target its bounds cover, on each path at two sizes, and derives the
// cost model's constants from the growth between them: frag-ns, the GPU
// path's cost per fragment per candidate (FragmentNS), pixel-ns its cost
// per fragment whatever the candidates (not in the model: it measured as
// noise around 0), particle-ns the batched
// path's per particle (ParticleNS), and crossover-px, the ratio of the
// last and the first: the bounds area below which the GPU path is
// cheaper for effects of many particles.

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
	type config struct {
		path  Path
		px, n int
		r     *Renderer
		e     *emitter.Effect
		dst   *ebiten.Image
		pix   []byte
		work  int // fragment-candidates (GPU) or particles (batched) per frame
		total time.Duration
	}
	configs := []*config{
		{path: PathGPU, px: 16, n: 64}, {path: PathGPU, px: 32, n: 64}, {path: PathGPU, px: 32, n: 256},
		{path: PathBatched, px: 32, n: 64}, {path: PathBatched, px: 32, n: 1024},
	}
	for _, c := range configs {
		c.e = gpuBenchEffects(b, 1, c.n)[0]
		c.r = newRenderer(b, &Options{Budget: -1})
		c.dst = ebiten.NewImage(c.px, c.px)
		defer c.dst.Deallocate()
		c.pix = make([]byte, 4*c.px*c.px)
	}
	frame := func(c *config) {
		c.e.Advance(1.0 / 60)
		c.dst.Fill(color.Black)
		c.r.Draw(c.dst, []Item{{Effect: c.e, X: float64(c.px) / 2, Y: float64(c.px) / 2, Path: c.path}})
		c.dst.ReadPixels(c.pix)
	}
	for _, c := range configs {
		for range 3 {
			frame(c)
		}
		st := c.r.Stats()
		c.work = st.Live
		if c.path == PathGPU {
			if st.GPU != 1 || st.GPUPixels != c.px*c.px {
				b.Fatalf("stats %+v: the bounds should cover the target", st)
			}
			c.work = st.GPUCandidates
		}
	}
	b.ResetTimer()
	for range b.N {
		for _, c := range configs {
			t0 := time.Now()
			frame(c)
			c.total += time.Since(t0)
		}
	}
	dt := func(a, c *config) float64 { return float64((c.total - a.total).Nanoseconds()) / float64(b.N) }
	g0, g1, g2 := configs[0], configs[1], configs[2]
	// t = k + pixels·(p + candidates·FragmentNS): p, a per-fragment cost
	// whatever the candidates, came out as noise around 0 here.
	frag := dt(g1, g2) / float64(g1.px*g1.px*(g2.work-g1.work))
	pixel := dt(g0, g1)/float64(g1.px*g1.px-g0.px*g0.px) - float64(g0.work)*frag
	part := dt(configs[3], configs[4]) / float64(configs[4].work-configs[3].work)
	b.ReportMetric(frag, "frag-ns")
	b.ReportMetric(pixel, "pixel-ns")
	b.ReportMetric(part, "particle-ns")
	b.ReportMetric(part/frag, "crossover-px")
	for _, c := range configs {
		b.ReportMetric(float64(c.total.Nanoseconds())/float64(b.N), fmt.Sprintf("%v-%dpx-%d-ns/frame", c.path, c.px, c.n))
	}
}
