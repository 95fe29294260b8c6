package render

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"
	"time"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// Benchmarks of the CPU cost per particle per frame.
//
// BenchmarkRender needs the test game (xvfb-run -a): Ebitengine queues a
// draw's vertices inside a frame, and outside a running game it defers
// every call with copies of its vertices, which would measure a path no
// game takes and grow without bound. Each iteration measures, on the same
// particles:
//
//   - floor: DrawTriangles32 re-submitting unchanged vertices (the
//     renderer's own layout: 3 per particle drawn as a triangle, 4 as a
//     quad), the API floor of any vertex-based renderer;
//   - floor-shader: DrawTrianglesShader32 re-submitting the renderer's own
//     unchanged vertices with its shader and images;
//   - vertex: the renderer's own work from evaluated quads to the draw
//     calls (vertex writing, then DrawTrianglesShader32);
//   - draw: Renderer.Draw in full (culling, emitter evaluation with
//     AppendBillboards, budget, sorting, vertices, draw calls);
//   - eval: AppendBillboards alone, the emitter's part of draw.
//
// and reports each in ns/particle, with vertex/floor and draw/floor as
// ratios. The GPU work (flushing the queue) is outside the timings.
//
// BenchmarkBuild is the CPU side without Ebitengine submission (culling,
// evaluation, budget, sorting, vertex writing), and runs without a display.

// benchScene is a steady stream of about n live 2-px particles, each
// turning at its own speed (so every quad needs its own sine and cosine),
// in a 64 × 64 target. The renderer evaluates on one goroutine (Workers 1):
// the target is CPU time, which splitting across cores does not shorten.
func benchScene(b *testing.B, n int) (*Renderer, []Item) {
	b.Helper()
	e := effectOf(b, 64, 64, 0, 3, spinning(n))
	e.Play()
	r := newRenderer(b, &Options{Budget: -1, Workers: 1})
	return r, []Item{{Effect: e, X: 32, Y: 32}}
}

// gpuScene is benchScene drawn into a 64 × 64 target, which it returns
// with a function that waits until llvmpipe has drawn everything queued.
func gpuScene(b *testing.B, n int) (*Renderer, []Item, *ebiten.Image, func()) {
	b.Helper()
	needGPU(b)
	r, items := benchScene(b, n)
	dst := ebiten.NewImage(64, 64)
	b.Cleanup(dst.Deallocate)
	pix := make([]byte, 4*64*64)
	return r, items, dst, func() { dst.ReadPixels(pix) }
}

func BenchmarkRender(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r, items, dst, flush := gpuScene(b, n)
			e := items[0].Effect
			white := ebiten.NewImage(4, 4)
			white.Fill(color.White)
			defer white.Deallocate()
			for range 3 {
				e.Advance(1.0 / 60)
				r.Draw(dst, items)
				flush()
			}
			verts, indices, _ := floorVertices(b, r, dst, items)
			quads := r.Stats().Quads
			shaderV := verts
			floorV := append([]ebiten.Vertex(nil), verts...)
			for i := range floorV {
				floorV[i].SrcX, floorV[i].SrcY = 1, 1
				floorV[i].ColorR, floorV[i].ColorG, floorV[i].ColorB, floorV[i].ColorA = 1, 1, 1, 1
			}
			floorI := append([]uint32(nil), indices...)
			sop := r.op
			sop.Images[0], sop.Images[1] = r.pages[0], r.data
			var op ebiten.DrawTrianglesOptions

			var tFloor, tShader, tEval, tVertex, tDraw time.Duration
			var nFloor, nDraw int
			iter := func() {
				e.Advance(1.0 / 60)
				t0 := time.Now()
				dst.DrawTriangles32(floorV, floorI, white, &op)
				t1 := time.Now()
				dst.DrawTrianglesShader32(shaderV, floorI, r.shader, &sop)
				t2 := time.Now()
				r.collect(dst.Bounds(), items)
				t3 := time.Now()
				r.submit(dst)
				t4 := time.Now()
				tFloor += t1.Sub(t0)
				tShader += t2.Sub(t1)
				tDraw += t4.Sub(t2)
				tVertex += t4.Sub(t3)
				nFloor += quads
				nDraw += r.Stats().Quads
				b.StopTimer()
				// AppendBillboards alone, for the share of the evaluation.
				t5 := time.Now()
				r.boards = e.AppendBillboards(r.boards[:0])
				tEval += time.Since(t5)
				flush()
				b.StartTimer()
			}
			// Warm up with whole iterations, so that Ebitengine's queue has
			// grown to a frame of all three submissions.
			for range 3 {
				iter()
			}
			tFloor, tShader, tEval, tVertex, tDraw = 0, 0, 0, 0, 0
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
			b.ReportMetric(per(tVertex, nDraw), "vertex-ns/particle")
			b.ReportMetric(per(tDraw, nDraw), "draw-ns/particle")
			b.ReportMetric(per(tEval, nDraw), "eval-ns/particle")
			b.ReportMetric(per(tVertex, nDraw)/floor, "vertex/floor")
			b.ReportMetric(per(tDraw, nDraw)/floor, "draw/floor")
		})
	}
}

// floorVertices returns copies of the vertices and indices of r's last
// frame of items, built again without drawing so that every primitive
// keeps its slot (a drawn frame leaves only its last chunk in the
// buffers), in the one form the renderer draws them (triangles or quads),
// and the vertices per primitive.
func floorVertices(b *testing.B, r *Renderer, dst *ebiten.Image, items []Item) ([]ebiten.Vertex, []uint32, int) {
	b.Helper()
	r.collect(dst.Bounds(), items)
	r.build(nil)
	quads := r.Stats().Quads
	switch r.Stats().Triangles {
	case quads:
		return slices.Clone(r.tverts[:3*quads]), slices.Clone(r.tindices[:3*quads]), 3
	case 0:
		return slices.Clone(r.verts[:4*quads]), slices.Clone(r.indices[:6*quads]), 4
	}
	b.Fatalf("%d of %d particles are triangles: the floor needs one form", r.Stats().Triangles, quads)
	return nil, nil, 0
}

// BenchmarkColdFrame tells the cost of a frame that starts with cold
// caches from the frame's own work, for Renderer.Draw and for its floor:
// the renderer's last frame re-submitted unchanged with its shader and
// images, in its calls of chunkQuads primitives (cmd/compare's
// ember-floor makes the same calls of vertices of its own, with a shader
// of the same inputs). "cold" is drawn right after waiting for llvmpipe to draw
// everything queued, as cmd/compare measures a frame; "warm" right after
// the cold one, with the clock advanced. Medians over the iterations, in
// µs per frame, and Draw's over the floor's each way.
func BenchmarkColdFrame(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r, items, dst, sync := gpuScene(b, n)
			e := items[0].Effect
			r.Draw(dst, items)
			verts, indices, per := floorVertices(b, r, dst, items)
			op := r.op
			op.Images[0], op.Images[1] = r.pages[0], r.data
			floor := func() {
				prims := len(verts) / per
				for from := 0; from < prims; from += chunkQuads {
					m := min(chunkQuads, prims-from)
					dst.DrawTrianglesShader32(verts[per*from:per*(from+m)], indices[:len(indices)/prims*m], r.shader, &op)
				}
			}
			const warm = 3
			var ts [4][]float64
			timed := func(i, it int, f func()) {
				t0 := time.Now()
				f()
				if it >= warm {
					ts[i] = append(ts[i], float64(time.Since(t0).Nanoseconds())/1e3)
				}
			}
			draw := func() { r.Draw(dst, items) }
			for it := range b.N + warm {
				e.Advance(1.0 / 60)
				sync()
				timed(0, it, draw)
				e.Advance(1.0 / 60)
				timed(1, it, draw)
				sync()
				timed(2, it, floor)
				timed(3, it, floor)
			}
			var med [4]float64
			for i, name := range []string{"draw-cold", "draw-warm", "floor-cold", "floor-warm"} {
				slices.Sort(ts[i])
				med[i] = ts[i][len(ts[i])/2]
				b.ReportMetric(med[i], name+"-µs")
			}
			b.ReportMetric(med[0]/med[2], "cold-draw/floor")
			b.ReportMetric(med[1]/med[3], "warm-draw/floor")
		})
	}
}

func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r, items := benchScene(b, n)
			e := items[0].Effect
			view := image.Rect(0, 0, 64, 64)
			r.collect(view, items)
			r.build(nil)
			quads := 0
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				e.Advance(1.0 / 60)
				r.collect(view, items)
				r.build(nil)
				quads += r.Stats().Quads
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(quads), "ns/particle")
		})
	}
}

// BenchmarkManyEffects is a Draw of many effects of one snapshot, 8 × 8
// pixel hosts spread over a 640 × 400 target, per effect: "idle", 50
// effects with nothing alive (rate 0, no burst), and "small", 1,000
// streams of 10 live particles each (their own seeds), as cmd/compare's
// idle-50 and many-1000x10, on the path the cost model picks; and
// "small-batched", those on the batched path, as cmd/compare's ember
// subject draws them. llvmpipe's work is flushed outside the timer.
func BenchmarkManyEffects(b *testing.B) {
	for _, c := range []struct {
		name    string
		n, rate int
		path    Path
	}{{"idle", 50, 0, PathAuto}, {"small", 1000, 10, PathAuto}, {"small-batched", 1000, 10, PathBatched}} {
		b.Run(c.name, func(b *testing.B) {
			needGPU(b)
			snap := snapshotOf(b, func(sp *emitter.Spec) {
				spinning(max(c.rate, 1))(sp)
				sp.Rate = float64(c.rate)
			})
			items := make([]Item, c.n)
			for i := range items {
				e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: uint32(i), HostWidth: 8, HostHeight: 8})
				if err != nil {
					b.Fatal(err)
				}
				e.Play()
				e.SetTime(3)
				items[i] = Item{Effect: e, X: float64(10 + i%40*15), Y: float64(10 + i/40*15), Path: c.path}
			}
			r := newRenderer(b, &Options{Budget: -1, Workers: 1})
			dst := ebiten.NewImage(640, 400)
			defer dst.Deallocate()
			pix := make([]byte, 4*640*400)
			b.ReportAllocs()
			for b.Loop() {
				for _, it := range items {
					it.Effect.Advance(1.0 / 60)
				}
				r.Draw(dst, items)
				b.StopTimer()
				dst.ReadPixels(pix)
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.n), "ns/effect")
			if st := r.Stats(); st.Effects+st.Culled != c.n || st.Particles != c.n*c.rate {
				b.Fatalf("stats %+v: want %d effects of %d particles", st, c.n, c.rate)
			}
		})
	}
}

// BenchmarkNew is render.New after the first renderer of the process,
// which compiled the shaders every later one shares (shader.go).
func BenchmarkNew(b *testing.B) {
	newRenderer(b, nil)
	b.ReportAllocs()
	for b.Loop() {
		newRenderer(b, nil)
	}
}

// BenchmarkFirstBurst is the Draw of a new effect's first burst of 200
// particles (the full look's spin, rate 0) after two frames in which it
// had nothing alive, as cmd/compare's burst-cold: "new-renderer" on a
// renderer made for the effect, as each of cmd/compare's subjects makes
// one, and "warm-renderer" on one that has drawn such bursts before, as a
// game's does. llvmpipe's work is flushed outside the timer. Run it with
// a count (-benchtime 200x): the untimed part of an iteration (a renderer,
// two frames, two flushes) costs a thousand times the timed burst, so the
// default one second of timed bursts takes many minutes.
func BenchmarkFirstBurst(b *testing.B) {
	for _, fresh := range []bool{true, false} {
		name := "warm-renderer"
		if fresh {
			name = "new-renderer"
		}
		b.Run(name, func(b *testing.B) {
			needGPU(b)
			snap := snapshotOf(b, func(sp *emitter.Spec) {
				spinning(200)(sp) // a pool of 200
				sp.Rate = 0
			})
			dst := ebiten.NewImage(320, 240)
			defer dst.Deallocate()
			pix := make([]byte, 4*320*240)
			r := newRenderer(b, &Options{Budget: -1, Workers: 1})
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				if fresh {
					r = newRenderer(b, &Options{Budget: -1, Workers: 1})
				}
				e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 5, HostWidth: 8, HostHeight: 8})
				if err != nil {
					b.Fatal(err)
				}
				e.Play()
				items := []Item{{Effect: e, X: 160, Y: 120, Path: PathBatched}}
				for range 2 {
					e.Advance(1.0 / 60)
					r.Draw(dst, items)
				}
				dst.ReadPixels(pix)
				b.StartTimer()
				e.Emit(200)
				e.Advance(1.0 / 60)
				r.Draw(dst, items)
				b.StopTimer()
				if st := r.Stats(); st.Particles != 200 {
					b.Fatalf("stats %+v: want the burst's 200 particles drawn", st)
				}
				dst.ReadPixels(pix)
				b.StartTimer()
			}
		})
	}
}

// BenchmarkWriteVertices is the vertex writing alone (from evaluated
// billboards, in the form the renderer draws them, no submission).
// "shift" is a steady stream: every frame the particles move one slot
// down, so each slot's hash halves change but its kind does not; "all"
// rewrites every field of every slot (another kind).
func BenchmarkWriteVertices(b *testing.B) {
	for _, mode := range []string{"shift", "all"} {
		for _, n := range []int{1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/%d", mode, n), func(b *testing.B) {
				r, items := benchScene(b, n)
				r.collect(image.Rect(0, 0, 64, 64), items)
				r.build(nil)
				// The renderer evaluates a batched effect a chunk at a
				// time; here its billboards are evaluated once, beforehand.
				boards := items[0].Effect.AppendBillboards(nil)
				quads := len(boards) - 1
				v := &r.vis[0]
				k := v.k
				write, reserve := r.writePass, r.reserve
				if r.triangle(v, 0) {
					write, reserve = r.writeTriangles, r.reserveTriangles
				}
				reserve(quads)
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					if mode == "all" {
						k.id = uint64(1 + i%2)
					}
					write(0, boards[i%2:i%2+quads], 32, 32, k, 0)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*quads), "ns/particle")
			})
		}
	}
}

// BenchmarkChunk is Renderer.Draw of benchScene's particles (triangles)
// with chunks of 512 to 8,192, in ns per particle of wall time, the
// median (and first quartile) of each size's frames. The sizes' renderers
// draw their frames in turn, one frame each in rotating order, after a
// flush that makes llvmpipe draw the last frame, as a game's frames
// alternate with the GPU's work: separate benchmarks of each size, minutes
// apart, could not tell them apart on this shared machine, where these
// interleaved frames can.
func BenchmarkChunk(b *testing.B) {
	sizes := []int{512, 1024, 2048, 8192}
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			needGPU(b)
			rs := make([]*Renderer, len(sizes))
			its := make([][]Item, len(sizes))
			names := make([]string, len(sizes))
			for i, c := range sizes {
				rs[i], its[i] = benchScene(b, n)
				rs[i].sub.size = c
				names[i] = fmt.Sprint(c)
			}
			interleaved(b, rs, its, names)
		})
	}
}

// BenchmarkStream is a streamed effect (benchScene's particles, which
// spin) by column and by billboard, where the vertex kernels run: "write"
// evaluates and writes every chunk without submitting it (ns per particle
// of CPU work alone); "frame" is Renderer.Draw, in ns per particle of wall
// time, the median (and first quartile) of each way's frames, drawn in
// turn after a flush as BenchmarkChunk draws its sizes.
func BenchmarkStream(b *testing.B) {
	if !haveVertexKernel {
		b.Skip("no vertex kernel on this processor or build: streams go by billboard")
	}
	ways := []string{"columns", "billboards"}
	for _, n := range []int{10000, 100000} {
		for i, way := range ways {
			b.Run(fmt.Sprintf("write/%s/%d", way, n), func(b *testing.B) {
				r, items := benchScene(b, n)
				r.byBillboard = i == 1
				e := items[0].Effect
				streamed := 0
				frame := func() {
					e.Advance(1.0 / 60)
					r.collect(image.Rect(0, 0, 64, 64), items)
					r.sub.begin(false)
					r.sub.local = true
					r.reserve(chunkQuads)
					r.reserveTriangles(chunkQuads)
					r.streamed = 0
					slot, tslot := 0, 0
					for k := range r.vis {
						slot, tslot = r.streamEffect(&r.vis[k], slot, tslot)
					}
					r.sub.end()
					streamed += r.streamed
				}
				frame()
				streamed = 0
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					frame()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(streamed), "ns/particle")
			})
		}
		b.Run(fmt.Sprintf("frame/%d", n), func(b *testing.B) {
			needGPU(b)
			rs := make([]*Renderer, len(ways))
			its := make([][]Item, len(ways))
			for i := range ways {
				rs[i], its[i] = benchScene(b, n)
				rs[i].byBillboard = i == 1
			}
			interleaved(b, rs, its, ways)
		})
	}
}

// interleaved draws b.N frames of each renderer rs[i] and its items its[i]
// in turn, one frame each in rotating order, after a flush that makes
// llvmpipe draw the last frame, and reports each one's median and first
// quartile of Renderer.Draw's wall time per particle, named
// "ns/particle-" and "q1-" and names[i].
func interleaved(b *testing.B, rs []*Renderer, its [][]Item, names []string) {
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	pix := make([]byte, 4*64*64)
	ts := make([][]float64, len(rs))
	const warm = 3
	for it := range b.N + warm {
		for k := range rs {
			i := (k + it) % len(rs)
			its[i][0].Effect.Advance(1.0 / 60)
			dst.ReadPixels(pix)
			t0 := time.Now()
			rs[i].Draw(dst, its[i])
			d := time.Since(t0)
			if it >= warm {
				ts[i] = append(ts[i], float64(d.Nanoseconds())/float64(rs[i].Stats().Particles))
			}
		}
	}
	for i, name := range names {
		slices.Sort(ts[i])
		b.ReportMetric(ts[i][len(ts[i])/2], "ns/particle-"+name)
		b.ReportMetric(ts[i][len(ts[i])/4], "q1-"+name)
	}
}

// BenchmarkTriangle draws 20,000 particles of a constant size, 2 to 16
// px, as triangles and as quads, and times Renderer.Draw and the GPU's
// flush together (llvmpipe rasterizes on the same cores, so the doubled
// area of a triangle shows in the time): TriangleMaxHalfDiagonal is the
// largest half-diagonal at which triangles cost no more.
func BenchmarkTriangle(b *testing.B) {
	for _, size := range []float64{2, 4, 6, 8, 16} {
		for _, form := range []string{"tri", "quad"} {
			b.Run(fmt.Sprintf("%g/%s", size, form), func(b *testing.B) {
				needGPU(b)
				e := effectOf(b, 64, 64, 0, 3, func(sp *emitter.Spec) {
					steady(20000)(sp)
					sp.Size = emitter.ConstantSequence(size)
					sp.Rotation = emitter.NumberRange{Min: 0, Max: 360}
				})
				e.Play()
				r := newRenderer(b, &Options{Budget: -1, Workers: 1})
				r.triMax = 1e9
				if form == "quad" {
					r.triMax = -1
				}
				timeDraws(b, r, []Item{{Effect: e, X: 128, Y: 128}}, 256, true)
			})
		}
	}
}

// timeDraws times b.N frames of Renderer.Draw on a size × size target,
// with the GPU's flush inside the timing when withFlush is set, and
// reports ns per particle.
func timeDraws(b *testing.B, r *Renderer, items []Item, size int, withFlush bool) {
	dst := ebiten.NewImage(size, size)
	defer dst.Deallocate()
	pix := make([]byte, 4*size*size)
	frame := func() {
		for _, it := range items {
			it.Effect.Advance(1.0 / 60)
		}
		r.Draw(dst, items)
	}
	for range 3 {
		frame()
		dst.ReadPixels(pix)
	}
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		frame()
		n += r.Stats().Particles
		if !withFlush {
			b.StopTimer()
		}
		dst.ReadPixels(pix)
		if !withFlush {
			b.StartTimer()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/particle")
}
