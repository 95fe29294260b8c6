package emitter_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter"
)

// A confetti burst: build a spec, compile it once, and evaluate an effect
// every frame.
func Example() {
	spec := emitter.DefaultSpec()
	spec.Enabled = false // bursts only
	spec.Lifetime = emitter.NumberRange{Min: 1, Max: 2}
	spec.Speed = emitter.NumberRange{Min: 3, Max: 6}
	spec.SpreadAngle = emitter.Vector2{X: 180}
	spec.Acceleration = emitter.Vector3{Y: -9.8}
	spec.Size = emitter.ConstantSequence(0.1)

	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	effect, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 42})
	if err != nil {
		panic(err)
	}
	effect.Emit(50) // restarts the paused effect at clock 0 and plays

	var particles []emitter.Particle
	for range 90 { // 1.5 s at 60 fps
		effect.Advance(1.0 / 60)
		particles = effect.AppendParticles(particles[:0])
	}
	fmt.Printf("clock %.1f s: %d of 50 alive, each %.0f px wide\n", effect.Time(), len(particles), particles[0].Width)
	// Output: clock 1.5 s: 25 of 50 alive, each 10 px wide
}

// Rewinding evaluates the same closed form at an earlier clock, so it shows
// exactly what was shown on the way forward.
func ExampleEffect_SetTime() {
	spec := emitter.DefaultSpec()
	spec.Lifetime = emitter.Constant(1)
	spec.Rate = 30
	snap, _ := emitter.NewSnapshot(&spec)
	effect, _ := emitter.NewEffect(snap, nil)

	effect.SetTime(0.5)
	before := effect.AppendParticles(nil)
	effect.SetTime(5) // jump ahead...
	effect.SetTime(0.5)
	after := effect.AppendParticles(nil) // ...and back

	same := len(before) == len(after)
	for i := range before {
		same = same && before[i] == after[i]
	}
	fmt.Println(len(after), "particles, identical:", same)
	// Output: 16 particles, identical: true
}

// Large effects can be evaluated on several goroutines with identical
// results.
func ExampleEvaluator() {
	spec := emitter.DefaultSpec()
	spec.Rate = 50000
	spec.Lifetime = emitter.Constant(1)
	spec.MaxParticles = 50000
	snap, _ := emitter.NewSnapshot(&spec)
	effect, _ := emitter.NewEffect(snap, nil)
	effect.SetTime(3)

	ev := emitter.NewEvaluator(4)
	defer ev.Close()
	parallel := ev.Append(nil, effect)
	serial := effect.AppendParticles(nil)
	fmt.Println(len(parallel), len(serial), parallel[12345] == serial[12345])
	// Output: 50000 50000 true
}

// A vertex writer's loop: billboards come rotated, so a quad's four corners
// are the centre plus or minus its two half axes.
func ExampleEffect_AppendBillboards() {
	spec := emitter.DefaultSpec()
	spec.Enabled = false
	spec.Speed = emitter.Constant(0) // stay at the emitter
	spec.Size = emitter.ConstantSequence(0.4)
	spec.Rotation = emitter.Constant(90) // a quarter turn
	snap, _ := emitter.NewSnapshot(&spec)
	effect, _ := emitter.NewEffect(snap, nil) // 100 px per stud: 40 px wide
	effect.Emit(1)

	for _, b := range effect.AppendBillboards(nil) {
		for _, uv := range [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			su, sv := 2*uv[0]-1, 2*uv[1]-1
			fmt.Printf("(%.1f, %.1f) ", b.X+su*b.UX+sv*b.VX, b.Y+su*b.UY+sv*b.VY)
		}
		fmt.Println()
	}
	// Output: (20.0, -20.0) (20.0, 20.0) (-20.0, -20.0) (-20.0, 20.0)
}

// A vertex writer that reads eight particles at a time takes them by
// column, a chunk of candidates at a time: the same billboards as records,
// with each field pair in a column of its own.
func ExampleEvaluator_AppendColumnRange() {
	spec := emitter.DefaultSpec()
	spec.Rate = 3000
	spec.Lifetime = emitter.NumberRange{Min: 1, Max: 2}
	snap, _ := emitter.NewSnapshot(&spec)
	effect, _ := emitter.NewEffect(snap, nil)
	effect.SetTime(5)

	ev := emitter.NewEvaluator(1)
	defer ev.Close()
	var cols emitter.Columns
	total := ev.BeginBillboards(effect, 1)
	for from := int64(0); from < total; from += 1024 {
		cols.Reset()
		ev.AppendColumnRange(&cols, from, min(from+1024, total))
		// ... write cols.XY, cols.U, cols.V, cols.TauAge as vertices ...
		if from == 0 {
			first := effect.AppendBillboards(nil)[0]
			fmt.Println(cols.Billboard(0) == first, cols.XY[0] == [2]float32{first.X, first.Y})
		}
	}
	// Output: true true
}

// A renderer that evaluates particles itself reads what the effect shows
// at its clock: the stream's runs of live indices and the visible bursts.
func ExampleEffect_Window() {
	spec := emitter.DefaultSpec()
	spec.Rate = 10 // one birth every 0.1 s
	spec.Lifetime = emitter.Constant(1)
	snap, _ := emitter.NewSnapshot(&spec)
	effect, _ := emitter.NewEffect(snap, nil)
	effect.AddBurst(emitter.SecondsToTicks(2), 5)
	effect.SetTime(2.5)

	var w emitter.Window // reused frame after frame: no allocation once warm
	effect.Window(&w)
	for _, r := range w.Runs {
		fmt.Printf("stream indices %d to %d\n", r.First, r.Last)
	}
	for _, b := range w.Bursts {
		fmt.Printf("a burst of %d, %.1f s old\n", b.Count, (w.Clock - b.Time).Seconds())
	}
	// Output:
	// stream indices 16 to 25
	// a burst of 5, 0.5 s old
}
