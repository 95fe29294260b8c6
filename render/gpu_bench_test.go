package render

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"
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
		e := effectOf(b, 64, 64, 0, 0, spinning(n))
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

// waiter waits for the GPU commands that write an image: it copies a pixel
// of it onto a pixel of its own and reads that back. A GPU waits only for
// the commands a read depends on (llvmpipe runs every queued one), so a
// timed pass must be waited for through its own output; the one-pixel copy
// makes every wait the same small read, whatever image it waits for.
type waiter struct {
	img *ebiten.Image
	pix []byte
}

func newWaiter() *waiter {
	return &waiter{img: ebiten.NewImage(1, 1), pix: make([]byte, 4)}
}

func (w *waiter) wait(src *ebiten.Image) {
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	w.img.DrawImage(src.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), op)
	w.img.ReadPixels(w.pix)
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
	// bins replays the last frame's bin passes and waits for them.
	w := newWaiter()
	defer w.img.Deallocate()
	bins := func(c *config) {
		g := &c.r.gpu
		g.bins.draw(len(g.items), g.tex)
		w.wait(g.bins.masks)
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

// Flags of BenchmarkGPUFrame. The defaults keep it cheap on llvmpipe (CI
// runs every benchmark once); on a real GPU run it larger, e.g.
// -gpuframe.px 1024 -gpuframe.n 1000,4000,16000.
var (
	gpuFramePx = flag.Int("gpuframe.px", 48, "BenchmarkGPUFrame: side of the square target in pixels")
	gpuFrameN  = flag.String("gpuframe.n", "100,400", "BenchmarkGPUFrame: comma-separated live particle counts")
)

// BenchmarkGPUFrame times whole frames of one effect on each path, the
// way a game sees them on a real GPU: Draw (CPU, queueing) and then a
// one-pixel read-back that waits for the frame's commands to finish, so
// the wall time holds the driver's submission and the GPU's execution. The
// effect is a steady stream of particles of 4 px spread over a disc
// filling most of a square target of -gpuframe.px pixels; -gpuframe.n
// lists its sizes. Each iteration draws a frame of every configuration
// and an empty frame (a Fill and the read-back: the fixed cost of a
// synchronised frame), in turn, and each metric is a median over the
// iterations: <path>-<n>-us is the whole frame, -draw-us Draw alone,
// -rest-us the rest less the empty frame's (flush, GPU, read-back), and
// empty-us the empty frame. On llvmpipe the rest is the CPU rasterizing;
// on a GPU it is the GPU's work plus what the driver adds.
//
// On the GPU path each iteration also replays the frame's job and
// position passes alone, then with the bin pass, each waited for (a
// waiter's read-back): GPU-<n>-pos-us is the first less the empty frame,
// -bin-us the bin pass (the second less the first), -shade-us the effect
// shader (the frame less Draw and the passes), and -bin-ns and -frag-ns
// those over the work read back from the masks once (binned: tiles ×
// candidates; walked: the candidates the shader's fragments walk, summed
// over the pixels), the cost model's BinNS and FragmentNS on this GPU.
func BenchmarkGPUFrame(b *testing.B) {
	needGPU(b)
	px := *gpuFramePx
	var ns []int
	for _, f := range strings.Split(*gpuFrameN, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 || px <= 0 {
			b.Fatalf("-gpuframe.n %q, -gpuframe.px %d: want positive integers", *gpuFrameN, px)
		}
		ns = append(ns, n)
	}
	type config struct {
		path        Path
		n           int
		e           *emitter.Effect
		r           *Renderer
		total, draw []float64 // µs per iteration
		pos, bins   []float64 // GPU path: the passes replayed, µs
		walked      float64   // GPU path: read back once
		binned      float64
	}
	var cs []*config
	for _, path := range []Path{PathGPU, PathBatched} {
		for _, n := range ns {
			e := effectOf(b, 64, 64, 0, 3, func(sp *emitter.Spec) {
				steady(n)(sp)
				sp.Speed = emitter.NumberRange{Min: 0, Max: 0.45 * float64(px)}
				sp.Size = emitter.ConstantSequence(4)
			})
			e.Play()
			cs = append(cs, &config{path: path, n: n, e: e, r: newRenderer(b, &Options{Budget: -1})})
		}
	}
	dst := ebiten.NewImage(px, px)
	defer dst.Deallocate()
	w := newWaiter()
	defer w.img.Deallocate()
	var empty []float64
	emptyFrame := func() float64 {
		t0 := time.Now()
		dst.Fill(color.Black)
		w.wait(dst)
		return float64(time.Since(t0).Nanoseconds()) / 1e3
	}
	frame := func(c *config) (total, draw float64) {
		c.e.Advance(1.0 / 60)
		t0 := time.Now()
		dst.Fill(color.Black)
		t1 := time.Now()
		c.r.Draw(dst, []Item{{Effect: c.e, X: float64(px) / 2, Y: float64(px) / 2, Path: c.path}})
		t2 := time.Now()
		w.wait(dst)
		return float64(time.Since(t0).Nanoseconds()) / 1e3, float64(t2.Sub(t1).Nanoseconds()) / 1e3
	}
	for _, c := range cs {
		for range 3 {
			frame(c)
		}
		st := c.r.Stats()
		if (c.path == PathGPU) != (st.GPU == 1) || st.Live+st.GPUCandidates < c.n/2 {
			b.Fatalf("%v %d: stats %+v", c.path, c.n, st)
		}
		if c.path == PathGPU {
			it := &c.r.gpu.items[0]
			c.walked, _ = binWalk(regionWords(c.r), it)
			c.binned = float64(it.bins.tilesX * it.bins.tilesY * it.candidates)
		}
	}
	// replay times the last frame's passes of c, each waited for: the job
	// and position passes, then those and the bin pass.
	replay := func(c *config) (pos, bins float64) {
		g := &c.r.gpu
		n := len(g.items)
		t0 := time.Now()
		g.bins.drawPositions(n, g.tex)
		w.wait(g.bins.positions)
		t1 := time.Now()
		g.bins.drawPositions(n, g.tex)
		g.bins.drawMasks(n)
		w.wait(g.bins.masks)
		return float64(t1.Sub(t0).Nanoseconds()) / 1e3, float64(time.Since(t1).Nanoseconds()) / 1e3
	}
	b.ResetTimer()
	for range b.N {
		empty = append(empty, emptyFrame())
		for _, c := range cs {
			t, d := frame(c)
			c.total = append(c.total, t)
			c.draw = append(c.draw, d)
			if c.path == PathGPU {
				p, bi := replay(c)
				c.pos = append(c.pos, p)
				c.bins = append(c.bins, bi)
			}
		}
	}
	b.StopTimer()
	e := medianOf(empty)
	b.ReportMetric(e, "empty-us")
	for _, c := range cs {
		t, d := medianOf(c.total), medianOf(c.draw)
		name := fmt.Sprintf("%v-%d", c.path, c.n)
		b.ReportMetric(t, name+"-us")
		b.ReportMetric(d, name+"-draw-us")
		b.ReportMetric(t-d-e, name+"-rest-us")
		if c.path == PathGPU {
			p, bi := medianOf(c.pos), medianOf(c.bins)
			shade := t - d - bi
			b.ReportMetric(p-e, name+"-pos-us")
			b.ReportMetric(bi-p, name+"-bin-us")
			b.ReportMetric(shade, name+"-shade-us")
			b.ReportMetric(1e3*(bi-p)/c.binned, name+"-bin-ns")
			b.ReportMetric(1e3*shade/c.walked, name+"-frag-ns")
			b.ReportMetric(c.walked/float64(px*px), name+"-walked/px")
		}
	}
}

// BenchmarkGPURate is a control for BenchmarkGPUFrame: the rate at which
// the GL context runs three plain Kage shaders of 256 loop iterations per
// pixel over a square of -gpuframe.px pixels: texture reads (fetch),
// float arithmetic (float: a multiply-add and a fract each) and integer
// arithmetic (int: a multiply, an add and a modulo each). Each metric is
// the median frame, less an empty frame, in giga-iterations per second.
// On a GPU these rates say what its fragment shaders can do here, against
// which Ember's shaders' ns per walked candidate can be read.
func BenchmarkGPURate(b *testing.B) {
	needGPU(b)
	px := *gpuFramePx
	const head = "//kage:unit pixels\n\npackage main\n\nfunc Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {\n"
	bodies := []struct{ name, body string }{
		{"fetch", `acc := vec4(0)
	for i := 0; i < 256; i++ {
		acc += imageSrc0At(srcPos + vec2(float(i%16), float(i/16)))
	}
	return acc / 256
}`},
		{"float", `x := srcPos.x / 1024
	for i := 0; i < 256; i++ {
		x = fract(x*1.37 + 0.11)
	}
	return vec4(x)
}`},
		{"int", `n := int(srcPos.x) + 7*int(srcPos.y)
	for i := 0; i < 256; i++ {
		n = (n*1103 + 12345) % 65536
	}
	return vec4(float(n) / 65536)
}`},
	}
	src := ebiten.NewImage(px, px)
	defer src.Deallocate()
	src.Fill(color.RGBA{40, 80, 120, 255})
	dst := ebiten.NewImage(px, px)
	defer dst.Deallocate()
	w := newWaiter()
	defer w.img.Deallocate()
	shaders := make([]*ebiten.Shader, len(bodies))
	for i, v := range bodies {
		sh, err := ebiten.NewShader([]byte(head + "\t" + v.body))
		if err != nil {
			b.Fatalf("%s: %v", v.name, err)
		}
		defer sh.Deallocate()
		shaders[i] = sh
	}
	op := &ebiten.DrawRectShaderOptions{}
	op.Images[0] = src
	frame := func(sh *ebiten.Shader) float64 {
		t0 := time.Now()
		dst.Fill(color.Black)
		if sh != nil {
			dst.DrawRectShader(px, px, sh, op)
		}
		w.wait(dst)
		return float64(time.Since(t0).Nanoseconds())
	}
	for _, sh := range shaders {
		frame(sh)
	}
	times := make([][]float64, len(shaders))
	var empty []float64
	b.ResetTimer()
	for range b.N {
		empty = append(empty, frame(nil))
		for i, sh := range shaders {
			times[i] = append(times[i], frame(sh))
		}
	}
	b.StopTimer()
	e := medianOf(empty)
	for i, v := range bodies {
		b.ReportMetric(float64(px*px)*256/(medianOf(times[i])-e), v.name+"-G/s")
	}
	b.ReportMetric(e/1e3, "empty-us")
}
