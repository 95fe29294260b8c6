package emitter_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// benchEffect returns an effect holding about n live particles at steady
// state, of one of four looks: "simple" (gravity, spread, no rotation),
// "spin" (simple, each particle turning at its own speed, as the
// renderer's benchmark), "smoke" (spin with drag and a growing Size with
// an envelope) and "full" (the busy spec).
func benchEffect(b *testing.B, n int, look string) *emitter.Effect {
	s := emitter.DefaultSpec()
	if look == "full" {
		s = busySpec()
	} else {
		s.Speed = emitter.NumberRange{Min: 2, Max: 4}
		s.SpreadAngle = emitter.Vector2{X: 30}
		s.Acceleration = emitter.Vector3{Y: -5}
	}
	if look == "spin" || look == "smoke" {
		s.Rotation = emitter.NumberRange{Min: 0, Max: 360}
		s.RotSpeed = emitter.NumberRange{Min: -180, Max: 180}
	}
	if look == "smoke" {
		s.Drag = 1.2
		s.Size = emitter.NumberSequence{{0, 0.1, 0.05}, {0.6, 0.5, 0.1}, {1, 0.8, 0}}
	}
	s.Lifetime = emitter.Constant(1)
	s.Rate = float64(n)
	s.MaxParticles = n
	e := newEffect(b, s, &emitter.EffectOptions{Seed: 1})
	e.SetTime(5)
	return e
}

// BenchmarkAppendParticles reports ns per live particle of a serial
// evaluation, for a simple effect and the full one.
func BenchmarkAppendParticles(b *testing.B) {
	benchEval(b, (*emitter.Effect).AppendParticles)
}

// benchEval runs one evaluation function over the simple, spinning, smoke
// and full effects at 1k, 10k and 100k live particles, reporting ns per
// particle.
func benchEval[T any](b *testing.B, eval func(*emitter.Effect, []T) []T) {
	for _, look := range []string{"simple", "spin", "smoke", "full"} {
		for _, n := range []int{1000, 10000, 100000} {
			b.Run(fmt.Sprintf("%s/%d", look, n), func(b *testing.B) {
				e := benchEffect(b, n, look)
				buf := eval(e, nil)
				live := len(buf)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					buf = eval(e, buf[:0])
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(live), "ns/particle")
			})
		}
	}
}

// BenchmarkEvaluator is the same evaluation split across goroutines.
func BenchmarkEvaluator(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("full/%d", n), func(b *testing.B) {
			e := benchEffect(b, n, "full")
			ev := emitter.NewEvaluator(0)
			defer ev.Close()
			buf := ev.Append(nil, e)
			live := len(buf)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				buf = ev.Append(buf[:0], e)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(live), "ns/particle")
		})
	}
}

// BenchmarkDeadCandidates measures a window full of dead particles: a burst
// whose lifetimes range from 0.1 to 10 s, 9.5 s in, where most are dead and
// cost one comparison with their cached constants each.
func BenchmarkDeadCandidates(b *testing.B) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.NumberRange{Min: 0.1, Max: 10}
	s.MaxParticles = 10000
	e := newEffect(b, s, nil)
	e.Emit(10000)
	e.SetTime(9.5)
	buf := e.AppendParticles(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = e.AppendParticles(buf[:0])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/candidate")
	b.ReportMetric(float64(len(buf)), "live")
}

// BenchmarkAppendQuads is the geometry-only evaluation (appearance is left
// to the GPU).
func BenchmarkAppendQuads(b *testing.B) {
	benchEval(b, (*emitter.Effect).AppendQuads)
}

// BenchmarkAppendBillboards is the geometry-only evaluation with the
// rotation applied, in float32: the batched renderer's.
func BenchmarkAppendBillboards(b *testing.B) {
	benchEval(b, (*emitter.Effect).AppendBillboards)
}

// BenchmarkBoundsLongTrack measures Bounds of an effect whose unlocked,
// velocity-inheriting particles live an hour, after an hour of a host fed
// at 60 frames per second: a track of 216,000 frames.
func BenchmarkBoundsLongTrack(b *testing.B) {
	s := emitter.DefaultSpec()
	s.Lifetime = emitter.Constant(emitter.MaxLifetime)
	s.LockedToPart = false
	s.VelocityInheritance = 0.5
	e := newEffect(b, s, nil)
	e.Play()
	step := emitter.Ticks(tps / 60)
	for i := range 60 * 3600 {
		e.Step(step)
		e.SetHost(100*math.Sin(float64(i)/200), 50*math.Cos(float64(i)/300), 0)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		e.Bounds()
	}
	b.ReportMetric(float64(e.Track().Len()), "samples")
}

// BenchmarkBurstBillboards is AppendBillboards of an effect with no
// stream that bursts n particles every quarter of a second (15 frames of
// 1/60 s) and keeps them for 1 to 2 s: about 6n alive, in six or seven
// bursts, spinning, with drag and a Size curve (the vector kernel's
// shape), in ns per live particle.
func BenchmarkBurstBillboards(b *testing.B) {
	for _, n := range []int{20, 166, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			s := emitter.DefaultSpec()
			s.Rate = 0
			s.Lifetime = emitter.NumberRange{Min: 1, Max: 2}
			s.Speed = emitter.NumberRange{Min: 2, Max: 4}
			s.SpreadAngle = emitter.Vector2{X: 30}
			s.Acceleration = emitter.Vector3{Y: -5}
			s.Drag = 0.8
			s.Rotation = emitter.NumberRange{Min: 0, Max: 360}
			s.RotSpeed = emitter.NumberRange{Min: -120, Max: 120}
			s.Size = emitter.NumberSequence{{0, 0.1, 0}, {0.25, 0.3, 0}, {1, 0.15, 0}}
			s.MaxParticles = n
			e := newEffect(b, s, &emitter.EffectOptions{Seed: 1})
			e.Play()
			var buf []emitter.Billboard
			frame, live := 0, 0
			step := func() {
				if frame%15 == 0 {
					e.Emit(n)
				}
				frame++
				e.Step(emitter.TicksPerSecond / 60)
				buf = e.AppendBillboards(buf[:0])
				live += len(buf)
			}
			for range 240 {
				step()
			}
			live = 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				step()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(live), "ns/particle")
			b.ReportMetric(float64(live)/float64(b.N), "live")
		})
	}
}
