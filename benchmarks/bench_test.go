package benchmarks

import (
	"fmt"
	"image"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// The CPU-only parts, runnable without a display:
//
//	go test -run '^$' -bench . -benchtime 200x
//
// Each reports ns per live particle. Ember's numbers are the geometry a
// draw evaluates (Advance + AppendQuads), without the renderer's vertex
// writes; batched-euler/build is its full frame minus DrawTriangles32;
// naive, quasilyte and twodeeparticles are their simulation steps only
// (their vertices are built inside DrawImage and the peer's Renderer.Draw,
// which need the game loop: cmd/compare measures those).

var benchCounts = []int{1000, 10000, 100000}

// steadySubject sets up subject name on a steady scenario and warms it to
// steady state.
func steadySubject(b *testing.B, name string, v Variant, n int) (Subject, *Scenario) {
	b.Helper()
	if name == NameTwoDee && n > 10000 {
		// Its dead-particle removal shifts the slice once per death:
		// warming 100k takes minutes.
		b.Skip("twodeeparticles: quadratic removal, skipped above 10k (cmd/compare measures it)")
	}
	s, err := NewSubject(name)
	if err != nil {
		b.Fatal(err)
	}
	sc := Steady("steady", v, n, 160, 130)
	if err := s.Setup(&sc); err != nil {
		b.Fatal(err)
	}
	s.Seek(3)
	return s, &sc
}

func perParticle(b *testing.B, live int) {
	if live > 0 && b.N > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(live), "ns/particle")
	}
}

// BenchmarkEmberGeometry is Ember's per-frame CPU evaluation: advance the
// clock and append every live quad (what render.Renderer evaluates before
// writing vertices).
func BenchmarkEmberGeometry(b *testing.B) {
	var buf []emitter.Quad
	benchEmberEval(b, func(e *emitter.Effect) int {
		buf = e.AppendQuads(buf[:0])
		return len(buf)
	})
}

// BenchmarkEmberBillboards is the geometry as the renderer's batched path
// evaluates it (Advance + AppendBillboards: rotated, in float32), where
// emitter's vector kernel places the stream on processors with AVX-512.
func BenchmarkEmberBillboards(b *testing.B) {
	var buf []emitter.Billboard
	benchEmberEval(b, func(e *emitter.Effect) int {
		buf = e.AppendBillboards(buf[:0])
		return len(buf)
	})
}

// BenchmarkEmberChunks is the evaluation as the renderer streams it: a
// chunk of 1,024 candidates at a time, as billboards (AppendBillboardRange)
// and by column (AppendColumnRange, what the renderer reads where the
// vertex kernels run).
func BenchmarkEmberChunks(b *testing.B) {
	ev := emitter.NewEvaluator(1)
	defer ev.Close()
	const chunk = 1024
	var buf []emitter.Billboard
	b.Run("billboards", func(b *testing.B) {
		benchEmberEval(b, func(e *emitter.Effect) int {
			total, n := ev.BeginBillboards(e, 1), 0
			for from := int64(0); from < total; from += chunk {
				buf = ev.AppendBillboardRange(buf[:0], from, min(from+chunk, total))
				n += len(buf)
			}
			return n
		})
	})
	var cols emitter.Columns
	b.Run("columns", func(b *testing.B) {
		benchEmberEval(b, func(e *emitter.Effect) int {
			total, n := ev.BeginBillboards(e, 1), 0
			for from := int64(0); from < total; from += chunk {
				cols.Reset()
				ev.AppendColumnRange(&cols, from, min(from+chunk, total))
				n += cols.Len()
			}
			return n
		})
	})
}

// benchEmberEval times Advance and eval (which returns how many particles
// it evaluated) on the ember subject's steady effect, for each variant
// and count.
func benchEmberEval(b *testing.B, eval func(*emitter.Effect) int) {
	for _, v := range []Variant{Simple, Full} {
		for _, n := range benchCounts {
			b.Run(fmt.Sprintf("%s/%d", v, n), func(b *testing.B) {
				s, _ := steadySubject(b, NameEmber, v, n)
				e := s.(*emberSubject).effects[0]
				live := eval(e)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					e.Advance(FrameDT)
					live = eval(e)
				}
				perParticle(b, live)
			})
		}
	}
}

// BenchmarkEmberParticles is the same with the appearance on the CPU
// (AppendParticles), serial and through an Evaluator.
func BenchmarkEmberParticles(b *testing.B) {
	for _, n := range benchCounts {
		b.Run(fmt.Sprintf("serial/%d", n), func(b *testing.B) {
			s, _ := steadySubject(b, NameEmber, Full, n)
			e := s.(*emberSubject).effects[0]
			buf := e.AppendParticles(nil)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				e.Advance(FrameDT)
				buf = e.AppendParticles(buf[:0])
			}
			perParticle(b, len(buf))
		})
		b.Run(fmt.Sprintf("evaluator/%d", n), func(b *testing.B) {
			s, _ := steadySubject(b, NameEmber, Full, n)
			e := s.(*emberSubject).effects[0]
			ev := emitter.NewEvaluator(0)
			defer ev.Close()
			buf := ev.Append(nil, e)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				e.Advance(FrameDT)
				buf = ev.Append(buf[:0], e)
			}
			perParticle(b, len(buf))
		})
	}
}

// BenchmarkBatchedBuild is batched-euler's frame without the draw call:
// step, swap-remove, spawn and write every vertex.
func BenchmarkBatchedBuild(b *testing.B) {
	for _, v := range []Variant{Simple, Full} {
		for _, n := range benchCounts {
			b.Run(fmt.Sprintf("%s/%d", v, n), func(b *testing.B) {
				s, _ := steadySubject(b, NameBatchedEuler, v, n)
				bs := s.(*batchedSubject)
				view := image.Rect(0, 0, 320, 240)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					bs.fill(view, FrameDT)
				}
				perParticle(b, s.Live())
			})
		}
	}
}

// BenchmarkStep is each integrator's simulation step alone (no vertices).
func BenchmarkStep(b *testing.B) {
	for _, name := range []string{NameNaive, NameBatchedEuler, NameQuasilyte, NameTwoDee} {
		for _, v := range []Variant{Simple, Full} {
			for _, n := range benchCounts {
				b.Run(fmt.Sprintf("%s/%s/%d", name, v, n), func(b *testing.B) {
					s, _ := steadySubject(b, name, v, n)
					st := s.(stepper)
					b.ReportAllocs()
					b.ResetTimer()
					for b.Loop() {
						st.step(FrameDT)
					}
					perParticle(b, s.Live())
				})
			}
		}
	}
}

// BenchmarkSeek is a seek to 10 s and to 60 s with about 1,000 live
// particles: Ember sets the clock and evaluates the live window once;
// integrators re-simulate from 0 at 60 Hz.
func BenchmarkSeek(b *testing.B) {
	for _, name := range []string{NameEmber, NameNaive, NameBatchedEuler, NameQuasilyte, NameTwoDee} {
		for _, at := range []float64{10, 60} {
			b.Run(fmt.Sprintf("%s/%gs", name, at), func(b *testing.B) {
				s, err := NewSubject(name)
				if err != nil {
					b.Fatal(err)
				}
				sc := Steady("seek", Full, 1000, 160, 130)
				if err := s.Setup(&sc); err != nil {
					b.Fatal(err)
				}
				var buf []emitter.Quad
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					s.Seek(at)
					if es, ok := s.(*emberSubject); ok {
						buf = es.effects[0].AppendQuads(buf[:0])
					}
				}
			})
		}
	}
}

// BenchmarkEmberIdle is Ember's fixed cost per effect with nothing alive:
// advancing the clock and the analytic bounds the renderer culls with.
func BenchmarkEmberIdle(b *testing.B) {
	s := newEmber()
	sc := Bursts("idle", Full, 50, 100, 0, 320, 240)
	if err := s.Setup(&sc); err != nil {
		b.Fatal(err)
	}
	b.Run("advance", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range s.effects {
				e.Advance(FrameDT)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/50, "ns/effect")
	})
	b.Run("bounds", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range s.effects {
				_ = e.Bounds()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/50, "ns/effect")
	})
	b.Run("quads", func(b *testing.B) {
		var buf []emitter.Quad
		b.ReportAllocs()
		for b.Loop() {
			for _, e := range s.effects {
				buf = e.AppendQuads(buf[:0])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/50, "ns/effect")
	})
}
