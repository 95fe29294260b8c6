package emitter_test

import (
	"math"
	"reflect"
	"runtime"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// busySpec is an effect that uses most of the math at once: a stream, drag,
// gravity, spread, an emission area, spin, curves with envelopes, squash,
// velocity orientation and a blended random flipbook.
func busySpec() emitter.Spec {
	s := emitter.DefaultSpec()
	s.Rate = 40
	s.Lifetime = emitter.NumberRange{Min: 0.5, Max: 1.5}
	s.Speed = emitter.NumberRange{Min: 2, Max: 4}
	s.Acceleration = emitter.Vector3{Y: -6}
	s.Drag = 0.8
	s.SpreadAngle = emitter.Vector2{X: 40}
	s.EmissionSize = emitter.Vector2{X: 0.5, Y: 0.2}
	s.Shape = emitter.Disc
	s.ShapePartial = 0.3
	s.RotSpeed = emitter.NumberRange{Min: -90, Max: 90}
	s.Size = emitter.NumberSequence{{0, 0.1, 0.02}, {0.5, 0.3, 0.05}, {1, 0, 0}}
	s.Transparency = emitter.NumberSequence{{0, 0, 0.1}, {1, 1, 0}}
	s.Squash = emitter.NumberSequence{{0, 0.5, 0.2}, {1, 0, 0}}
	s.Orientation = emitter.VelocityParallel
	s.Color = emitter.ColorSequence{{0, emitter.Color{R: 1, G: 0.8, B: 0.2}}, {1, emitter.Color{R: 0.6, G: 0.1, B: 0}}}
	s.Brightness = 2
	s.FlipbookLayout = emitter.Grid4x4
	s.FlipbookMode = emitter.FlipbookRandom
	s.FlipbookFramerate = emitter.NumberRange{Min: 5, Max: 12}
	s.FlipbookBlendFrames = true
	s.MaxParticles = 500
	return s
}

func newEffect(t testing.TB, s emitter.Spec, opts *emitter.EffectOptions) *emitter.Effect {
	t.Helper()
	snap, err := emitter.NewSnapshot(&s)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

const tps = emitter.TicksPerSecond

// script plays e at fps frames per second for frames frames, bursting and
// toggling at fixed clocks, and returns the frame shown at every step.
func script(e *emitter.Effect, fps, frames int) [][]emitter.Particle {
	e.Play()
	step := emitter.Ticks(tps / fps)
	var shown [][]emitter.Particle
	for i := 0; i < frames; i++ {
		e.Step(step)
		c := e.Clock()
		switch {
		case c == tps/2: // 0.5 s
			e.Emit(30)
		case c == tps: // 1 s
			e.SetEnabled(false)
			e.Emit(10)
		case c == 3*tps/2: // 1.5 s
			e.SetEnabled(true)
		}
		shown = append(shown, e.AppendParticles(nil))
	}
	return shown
}

func TestSetTimeEqualsStepping(t *testing.T) {
	e := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 7})
	shown := script(e, 60, 150)
	for _, i := range []int{0, 29, 30, 59, 60, 89, 90, 149} {
		e.SetTime(float64(i+1) / 60)
		got := e.AppendParticles(nil)
		if !reflect.DeepEqual(got, shown[i]) {
			t.Fatalf("SetTime(%d/60) differs from stepping there: %d vs %d particles", i+1, len(got), len(shown[i]))
		}
		if len(got) == 0 {
			t.Fatalf("frame %d is empty: the test would prove nothing", i)
		}
	}
}

func TestRewindShowsWhatWasShown(t *testing.T) {
	e := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 3})
	shown := script(e, 60, 150)
	// Play backwards a frame at a time with Forward(-dt).
	for i := len(shown) - 1; i >= 0; i-- {
		if got := e.AppendParticles(nil); !reflect.DeepEqual(got, shown[i]) {
			t.Fatalf("rewinding to frame %d shows %d particles, forward showed %d", i, len(got), len(shown[i]))
		}
		e.Forward(-1.0 / 60)
	}
	if e.Clock() != 0 {
		t.Fatalf("clock after rewinding 150 frames = %d ticks, want 0", e.Clock())
	}
}

func TestFrameRateIndependence(t *testing.T) {
	// 30 and 144 fps reach the clocks 0.5 s, 1 s, ..., 2.5 s exactly, and
	// show bit-identical frames there.
	a := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 11})
	b := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 11})
	fa := script(a, 30, 75)
	fb := script(b, 144, 360)
	for k := 1; k <= 5; k++ {
		ia, ib := 15*k-1, 72*k-1
		if !reflect.DeepEqual(fa[ia], fb[ib]) {
			t.Fatalf("at %.1f s: 30 fps shows %d particles, 144 fps %d (or values differ)", float64(k)/2, len(fa[ia]), len(fb[ib]))
		}
	}
	// Advance with float seconds lands on the same ticks.
	c := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 11})
	c.Play()
	for i := 0; i < 144; i++ {
		c.Advance(1.0 / 144)
	}
	if c.Clock() != tps {
		t.Fatalf("144 × Advance(1/144) = %d ticks, want %d", c.Clock(), tps)
	}
}

func TestSeeds(t *testing.T) {
	s := busySpec()
	at := func(seed uint32) []emitter.Particle {
		e := newEffect(t, s, &emitter.EffectOptions{Seed: seed})
		e.SetTime(2)
		return e.AppendParticles(nil)
	}
	if !reflect.DeepEqual(at(5), at(5)) {
		t.Fatal("the same seed gave different particles")
	}
	a, b := at(5), at(6)
	if len(a) == 0 || len(b) == 0 {
		t.Fatal("no particles")
	}
	same := 0
	for i := range min(len(a), len(b)) {
		if a[i].X == b[i].X {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("seeds 5 and 6 share %d x positions", same)
	}
}

func TestRandomSeedPerRestart(t *testing.T) {
	s := busySpec()
	s.Enabled = false
	e := newEffect(t, s, &emitter.EffectOptions{Seed: 9, RandomSeed: true})
	f := newEffect(t, s, &emitter.EffectOptions{Seed: 9, RandomSeed: true})
	var seeds []uint32
	for range 4 {
		e.Pause()
		e.Emit(5) // restarts: a new seed
		f.Pause()
		f.Emit(5)
		seeds = append(seeds, e.Seed())
		if e.Seed() != f.Seed() {
			t.Fatal("two effects with the same base seed drew different restart seeds")
		}
	}
	for i := 1; i < len(seeds); i++ {
		if seeds[i] == seeds[i-1] || seeds[i] == 9 {
			t.Fatalf("restart seeds %v do not change", seeds)
		}
	}
	g := newEffect(t, s, &emitter.EffectOptions{Seed: 9})
	g.Emit(5)
	g.Pause()
	g.Emit(5)
	if g.Seed() != 9 {
		t.Fatalf("a fixed seed changed to %d on restart", g.Seed())
	}
}

func TestEmitSemantics(t *testing.T) {
	s := busySpec()
	s.Enabled = false
	e := newEffect(t, s, nil)
	e.Play()
	e.SetTime(1)
	e.Emit(3)
	e.SetTime(1.25)
	e.Emit(4)
	bs := e.Bursts(nil)
	if len(bs) != 2 || bs[0].Time != tps || bs[1].Time != tps*5/4 || bs[0].Count != 3 || bs[1].Index != 1 {
		t.Fatalf("bursts on a playing effect: %+v", bs)
	}
	// Emit on a paused effect restarts the timeline and plays.
	e.Pause()
	e.SetTime(2)
	e.Emit(2)
	bs = e.Bursts(nil)
	if !e.Playing() || e.Clock() != 0 || len(bs) != 1 || bs[0].Time != 0 || bs[0].Index != 0 {
		t.Fatalf("Emit on paused: playing=%v clock=%d bursts=%+v", e.Playing(), e.Clock(), bs)
	}
	// Count is capped at MaxParticles; n <= 0 adds nothing.
	e.Emit(10 * s.MaxParticles)
	e.Emit(0)
	e.Emit(-3)
	bs = e.Bursts(nil)
	if len(bs) != 2 || bs[1].Count != s.MaxParticles {
		t.Fatalf("capped burst: %+v", bs)
	}
}

func TestClockControls(t *testing.T) {
	s := busySpec()
	s.TimeScale = 0.5
	e := newEffect(t, s, nil)
	e.Advance(1) // paused: no move
	if e.Clock() != 0 {
		t.Fatal("Advance moved a paused effect")
	}
	e.Forward(1) // ignores play state and TimeScale
	if e.Clock() != tps {
		t.Fatalf("Forward(1) = %d ticks", e.Clock())
	}
	e.Play()
	e.Advance(1) // scaled by TimeScale
	if e.Clock() != tps*3/2 {
		t.Fatalf("Advance(1) at TimeScale 0.5 = %d ticks, want %d", e.Clock(), tps*3/2)
	}
	e.Step(tps) // scaled too
	if e.Clock() != 2*tps {
		t.Fatalf("Step(1 s) at TimeScale 0.5 = %d ticks, want %d", e.Clock(), 2*tps)
	}
	e.Forward(-10)
	if e.Clock() != 0 {
		t.Fatalf("Forward(-10) from 2 s = %d, want clamp at 0", e.Clock())
	}
	e.SetTime(-3)
	if e.Clock() != 0 {
		t.Fatal("SetTime(-3) did not clamp at 0")
	}
	e.SetTime(4)
	e.SetTime(math.NaN())
	e.Forward(math.NaN())
	e.Advance(math.NaN())
	if e.Clock() != 4*tps {
		t.Fatalf("NaN moved the clock to %d", e.Clock())
	}
	if e.Time() != 4 {
		t.Fatalf("Time() = %v", e.Time())
	}
}

func TestBurstMemoryBound(t *testing.T) {
	// An effect that bursts every frame for an hour keeps a bounded list,
	// and still rewinds exactly within its History.
	s := busySpec()
	s.Enabled = false
	s.Lifetime = emitter.NumberRange{Min: 0.5, Max: 1}
	e := newEffect(t, s, &emitter.EffectOptions{History: 2})
	e.Play()
	step := emitter.Ticks(tps / 60)
	longest := 0
	for i := 0; i < 60*3600; i++ {
		e.Step(step)
		e.Emit(1)
		longest = max(longest, len(e.Bursts(nil)))
	}
	// (History + Lifetime.Max) × 60 bursts can be visible; lazy compaction
	// may keep up to twice that.
	if limit := 2 * (2 + 1) * 60; longest > limit+2 {
		t.Fatalf("burst list grew to %d, want <= %d", longest, limit+2)
	}
	// Rewinding within the History shows what stepping showed.
	end := e.Clock()
	want := e.AppendParticles(nil)
	e.SetClock(end - 2*tps + step)
	e.SetClock(end)
	if got := e.AppendParticles(nil); !reflect.DeepEqual(got, want) {
		t.Fatal("frame changed after a rewind within History")
	}
	// MaxBursts caps the list whatever the History.
	f := newEffect(t, s, &emitter.EffectOptions{History: 1e6, MaxBursts: 100})
	f.Play()
	for i := 0; i < 1000; i++ {
		f.Step(step)
		f.Emit(1)
	}
	if bs := f.Bursts(nil); len(bs) != 100 || bs[99].Index != 999 {
		t.Fatalf("MaxBursts 100 kept %d bursts, last index %d", len(bs), bs[len(bs)-1].Index)
	}
}

func TestEnabledToggles(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Rate = 10
	s.Lifetime = emitter.Constant(1)
	e := newEffect(t, s, nil)
	e.SetTime(2)
	e.SetEnabled(false)
	if e.Enabled() {
		t.Fatal("Enabled after SetEnabled(false)")
	}
	count := func(at float64) int {
		e.SetTime(at)
		return len(e.AppendParticles(nil))
	}
	// births at i/10 for i/10 <= c, alive while age < 1: 10 at steady state
	if n := count(1.95); n != 10 {
		t.Fatalf("before the toggle: %d alive, want 10", n)
	}
	// At 2.5 s only those born in (1.5, 2) are alive: 1.6..1.9.
	if n := count(2.5); n != 4 {
		t.Fatalf("0.5 s after disabling: %d alive, want 4", n)
	}
	if n := count(3.2); n != 0 {
		t.Fatalf("1.2 s after disabling: %d alive, want 0", n)
	}
	e.SetTime(4)
	e.SetEnabled(true)
	ps := func(at float64) []emitter.Particle {
		e.SetTime(at)
		return e.AppendParticles(nil)
	}
	got := ps(4.35)
	if len(got) != 4 || got[0].Key != 80 {
		t.Fatalf("resumed stream at 4.35 s: %d particles, first key %v; want 4 from key 80 (i = 40)", len(got), got)
	}
	// Rewinding before the toggles still shows the old state.
	if n := count(1.95); n != 10 {
		t.Fatalf("rewound before the toggle: %d alive, want 10", n)
	}
	// Toggling after a rewind rewrites the future.
	e.SetTime(1)
	e.SetEnabled(true) // already on at 1 s: drops the later toggles
	if n := count(2.5); n != 10 {
		t.Fatalf("after rewriting the future: %d alive at 2.5 s, want 10", n)
	}
}

func TestDone(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.NumberRange{Min: 0.5, Max: 1}
	e := newEffect(t, s, nil)
	if !e.Done() {
		t.Fatal("an effect with no stream and no bursts is not Done")
	}
	e.Emit(10)
	e.SetTime(0.99)
	if e.Done() {
		t.Fatal("Done before Lifetime.Max passed")
	}
	e.SetTime(1)
	if !e.Done() {
		t.Fatal("not Done once Lifetime.Max passed")
	}
	e.SetEnabled(true)
	e.SetTime(100)
	if e.Done() {
		t.Fatal("an enabled stream is Done")
	}
	e.SetEnabled(false)
	e.SetTime(100.5)
	if e.Done() {
		t.Fatal("Done 0.5 s after disabling")
	}
	e.SetTime(101)
	if !e.Done() {
		t.Fatal("not Done Lifetime.Max after disabling")
	}
}

// trackSpec is a still particle (no speed, no gravity) at the host's centre.
func trackSpec(locked bool, inherit float64) emitter.Spec {
	s := emitter.DefaultSpec()
	s.Rate = 10
	s.Lifetime = emitter.Constant(1)
	s.Speed = emitter.Constant(0)
	s.LockedToPart = locked
	s.VelocityInheritance = inherit
	return s
}

// moveHost records the host moving right at 60 px/s, sampled at 60 fps, up
// to clock end.
func moveHost(e *emitter.Effect, end float64) {
	for i := 0; i <= int(end*60+0.5); i++ {
		e.SetClock(emitter.Ticks(i) * tps / 60)
		e.SetHost(float64(i), 0, 0)
	}
}

func TestLockedToPart(t *testing.T) {
	locked := newEffect(t, trackSpec(true, 0), nil)
	moveHost(locked, 2)
	for _, p := range locked.AppendParticles(nil) {
		if p.X != 0 || p.Y != 0 {
			t.Fatalf("locked particle %d at (%v, %v), want the host centre", p.Key, p.X, p.Y)
		}
	}
	free := newEffect(t, trackSpec(false, 0), nil)
	moveHost(free, 2)
	ps := free.AppendParticles(nil)
	if len(ps) != 10 {
		t.Fatalf("%d particles, want 10", len(ps))
	}
	for _, p := range ps {
		// It stays where the host was at its birth: 60 px/s × age behind.
		if want := -60 * p.Age; math.Abs(p.X-want) > 1e-9 {
			t.Fatalf("unlocked particle aged %.2f at x=%v, want %v", p.Age, p.X, want)
		}
	}
	// Rewinding within the track stays exact.
	free.SetTime(1.5)
	for _, p := range free.AppendParticles(nil) {
		if want := -60 * p.Age; math.Abs(p.X-want) > 1e-9 {
			t.Fatalf("rewound: particle aged %.2f at x=%v, want %v", p.Age, p.X, want)
		}
	}
}

func TestVelocityInheritance(t *testing.T) {
	// Inheriting all of the host's velocity keeps still particles abreast of
	// a host moving at constant speed; half of it leaves them half as far
	// behind.
	for _, tc := range []struct {
		name         string
		inherit, lag float64
	}{{"inherit 1, lag 0", 1, 0}, {"inherit 0.5, lag -30", 0.5, -30}, {"inherit 0, lag -60", 0, -60}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEffect(t, trackSpec(false, tc.inherit), nil)
			moveHost(e, 2)
			for _, p := range e.AppendParticles(nil) {
				if p.Age == 0 {
					continue // born on the last sample: no age to drift
				}
				if want := tc.lag * p.Age; math.Abs(p.X-want) > 1e-6 {
					t.Fatalf("inherit %v: particle aged %.3f at x=%v, want %v", tc.inherit, p.Age, p.X, want)
				}
			}
		})
	}
}

func TestLockedHostRotation(t *testing.T) {
	// A locked effect turns with its host: a particle 50 px above the centre
	// ends up 50 px to the right after a 90° clockwise turn.
	s := trackSpec(true, 0)
	s.Speed = emitter.Constant(0.5) // 0.5 stud/s × 100 px/stud, upward
	s.Lifetime = emitter.Constant(2)
	s.Enabled = false
	e := newEffect(t, s, nil)
	e.Play()
	e.Emit(1)
	e.SetTime(1)
	e.SetHost(0, 0, 90)
	p := e.AppendParticles(nil)[0]
	if math.Abs(p.X-50) > 1e-9 || math.Abs(p.Y) > 1e-9 || p.Rotation != 90 {
		t.Fatalf("particle at (%v, %v) rotation %v, want (50, 0) rotation 90", p.X, p.Y, p.Rotation)
	}
}

func TestEvaluatorMatchesSerial(t *testing.T) {
	s := busySpec()
	s.Rate = 20000
	s.MaxParticles = 100000
	e := newEffect(t, s, &emitter.EffectOptions{Seed: 1})
	e.Play()
	e.SetTime(0.7)
	e.Emit(5000)
	e.SetTime(1.2)
	e.Emit(3000)
	e.SetTime(1.3)
	want := e.AppendParticles(nil)
	if len(want) < 2*emitter.MinParallel {
		t.Fatalf("only %d particles: too few to split", len(want))
	}
	for _, workers := range []int{1, 2, 3, 8} {
		ev := emitter.NewEvaluator(workers)
		got := ev.Append(nil, e)
		got = ev.Append(got[:0], e) // reuse
		ev.Close()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%d workers: %d particles differ from serial %d", workers, len(got), len(want))
		}
	}
}

// TestEvaluatorWorkersClamped: an evaluator asked for more goroutines than
// MaxWorkers starts MaxWorkers - 1 (the caller's goroutine is the first),
// and still evaluates as the serial path does.
func TestEvaluatorWorkersClamped(t *testing.T) {
	before := runtime.NumGoroutine()
	ev := emitter.NewEvaluator(4 * emitter.MaxWorkers)
	defer ev.Close()
	if got := ev.Workers(); got != emitter.MaxWorkers {
		t.Errorf("Workers() = %d, want MaxWorkers %d", got, emitter.MaxWorkers)
	}
	if started := runtime.NumGoroutine() - before; started > emitter.MaxWorkers-1 {
		t.Errorf("NewEvaluator(%d) started %d goroutines, want at most %d", 4*emitter.MaxWorkers, started, emitter.MaxWorkers-1)
	}
	s := busySpec()
	s.Rate = 20000
	s.MaxParticles = 100000
	e := newEffect(t, s, &emitter.EffectOptions{Seed: 1})
	e.SetTime(1.3)
	if got, want := ev.Append(nil, e), e.AppendParticles(nil); !reflect.DeepEqual(got, want) {
		t.Fatalf("%d workers: %d particles differ from serial %d", ev.Workers(), len(got), len(want))
	}
}

func TestNoAllocationsWhenWarm(t *testing.T) {
	s := busySpec()
	e := newEffect(t, s, nil)
	e.Play()
	e.SetTime(1)
	e.Emit(100)
	buf := e.AppendParticles(nil)
	e.SetTime(1.1)
	if n := testing.AllocsPerRun(100, func() { buf = e.AppendParticles(buf[:0]) }); n != 0 {
		t.Fatalf("AppendParticles allocates %v times per frame", n)
	}
	if n := testing.AllocsPerRun(100, func() { e.Particles() }); n != 0 {
		t.Fatalf("Particles allocates %v times per frame", n)
	}
	big := busySpec()
	big.Rate = 20000
	big.MaxParticles = 50000
	f := newEffect(t, big, nil)
	f.SetTime(2)
	ev := emitter.NewEvaluator(4)
	defer ev.Close()
	out := ev.Append(nil, f)
	if n := testing.AllocsPerRun(20, func() { out = ev.Append(out[:0], f) }); n != 0 {
		t.Fatalf("Evaluator.Append allocates %v times per frame", n)
	}
}

func TestPrewarmReservesCapacity(t *testing.T) {
	s := busySpec()
	s.Prewarm = 300
	e := newEffect(t, s, nil)
	e.Play()
	e.Emit(250)
	e.SetTime(0.1)
	if n := testing.AllocsPerRun(1, func() { e.Particles() }); n != 0 {
		t.Fatalf("the first burst after Prewarm 300 allocated %v times", n)
	}
	s.Prewarm = 5000 // clamped to MaxParticles
	snap, _ := emitter.NewSnapshot(&s)
	if got := snap.Spec().Prewarm; got != s.MaxParticles {
		t.Fatalf("Prewarm 5000 with MaxParticles %d compiled to %d", s.MaxParticles, got)
	}
}

// TestHostLimits: host placements and sizes beyond MaxMagnitude (or not
// finite) are ignored, as NewEffect refuses such sizes, so no particle,
// bound or host read becomes Inf or NaN.
func TestHostLimits(t *testing.T) {
	huge := 1e308
	for _, c := range []struct {
		name    string
		x, y, r float64
	}{
		{"x 1e308", huge, 0, 0},
		{"x -1e308", -huge, 0, 0},
		{"y 1e308", 0, huge, 0},
		{"rotation 1e308", 0, 0, huge},
		{"x just past MaxMagnitude", 1.5 * emitter.MaxMagnitude, 0, 0},
		{"x +Inf", math.Inf(1), 0, 0},
		{"y NaN", 0, math.NaN(), 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := trackSpec(false, 1)
			s.Speed = emitter.Constant(3)
			e := newEffect(t, s, nil)
			e.Play()
			e.SetHost(10, 20, 0)
			e.SetTime(0.5)
			e.SetHost(c.x, c.y, c.r)
			e.SetTime(0.6)
			e.SetHost(-c.x, -c.y, -c.r)
			e.SetTime(0.8)
			if x, y, r := e.Host(); x != 10 || y != 20 || r != 0 {
				t.Errorf("host at (%v, %v) rotation %v, want the last accepted (10, 20) rotation 0", x, y, r)
			}
			checkFinite(t, e)
		})
	}
	// The largest accepted placements stay finite too.
	e := newEffect(t, trackSpec(false, 1), nil)
	e.Play()
	for i, x := range []float64{emitter.MaxMagnitude, -emitter.MaxMagnitude, emitter.MaxMagnitude} {
		e.SetClock(emitter.Ticks(i + 1)) // one tick apart: the fastest host
		e.SetHost(x, -x, x)
	}
	e.SetTime(0.5)
	checkFinite(t, e)

	for _, size := range [][2]float64{{1e308, 1e308}, {2 * emitter.MaxMagnitude, 1}, {1, math.Inf(1)}, {-1, 5}, {math.NaN(), 5}} {
		s := emitter.DefaultSpec()
		s.EmissionSize = emitter.Vector2{X: 1, Y: 1}
		e := newEffect(t, s, nil)
		e.SetTime(2)
		e.SetHostSize(size[0], size[1])
		if w, h := e.HostSize(); w != 200 || h != 100 {
			t.Errorf("SetHostSize(%v, %v) set %v x %v, want the default 200 x 100 kept", size[0], size[1], w, h)
		}
		checkFinite(t, e)
	}
}

// checkFinite fails t if e's particles or bounds hold a NaN or an infinity.
func checkFinite(t *testing.T, e *emitter.Effect) {
	t.Helper()
	ps := e.AppendParticles(nil)
	if len(ps) == 0 {
		t.Fatal("no particles: the check proves nothing")
	}
	ok := func(v ...float64) bool {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
		return true
	}
	for _, p := range ps {
		if !ok(p.X, p.Y, p.Width, p.Height, p.Rotation) {
			t.Fatalf("particle %d: position (%v, %v), size %v x %v, rotation %v", p.Key, p.X, p.Y, p.Width, p.Height, p.Rotation)
		}
	}
	if b := e.Bounds(); !ok(b.MinX, b.MinY, b.MaxX, b.MaxY) {
		t.Fatalf("bounds %+v", b)
	}
}

// TestNewBurstAlwaysShows: a burst emitted at the clock shows, wherever the
// furthest clock reached is: after SetTime(1e15), Forward(+Inf), or a
// rewind further back than History plus Lifetime.Max.
func TestNewBurstAlwaysShows(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.Constant(2)
	for _, c := range []struct {
		name string
		away func(e *emitter.Effect)
	}{
		{"SetTime(1e15)", func(e *emitter.Effect) { e.SetTime(1e15) }},
		{"Forward(+Inf)", func(e *emitter.Effect) { e.Forward(math.Inf(1)) }},
		{"SetClock(MaxInt64)", func(e *emitter.Effect) { e.SetClock(math.MaxInt64) }},
		{"History + Lifetime + 1 s ahead", func(e *emitter.Effect) { e.SetTime(5 + 30 + 2 + 1) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEffect(t, s, nil)
			e.Play()
			e.Emit(3) // at 0: kept through the jump only within History
			c.away(e)
			e.Emit(4) // far ahead
			e.SetTime(5)
			e.Emit(10)
			if n := len(e.AppendParticles(nil)); n != 10 {
				t.Fatalf("the burst just emitted shows %d particles, want 10", n)
			}
			e.SetTime(6)
			if n := len(e.AppendParticles(nil)); n != 10 {
				t.Fatalf("1 s later %d particles, want 10", n)
			}
			// A second burst a frame later, and the first still shows.
			e.Emit(5)
			if n := len(e.AppendParticles(nil)); n != 15 {
				t.Fatalf("after a second burst %d particles, want 15", n)
			}
			if e.DroppedBursts() != 0 {
				t.Fatalf("%d bursts dropped", e.DroppedBursts())
			}
		})
	}
}

// TestDroppedBursts: past MaxBursts the burst recorded first is dropped and
// counted, never the one just added, even after a rewind puts it before
// every other in time.
func TestDroppedBursts(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.Constant(10)
	e := newEffect(t, s, &emitter.EffectOptions{MaxBursts: 4})
	e.Play()
	for i := range 6 {
		e.SetTime(float64(i) / 10)
		e.Emit(i + 1)
	}
	indices := func() (got []uint32) {
		for _, b := range e.Bursts(nil) {
			got = append(got, b.Index)
		}
		return got
	}
	if got := indices(); !reflect.DeepEqual(got, []uint32{2, 3, 4, 5}) || e.DroppedBursts() != 2 {
		t.Fatalf("kept %v with %d dropped, want [2 3 4 5] and 2", got, e.DroppedBursts())
	}
	// Rewound before them all, a new burst is the earliest in time but the
	// latest recorded: it stays and burst 2 goes.
	e.SetTime(0.05)
	e.Emit(100)
	if got := indices(); !reflect.DeepEqual(got, []uint32{6, 3, 4, 5}) || e.DroppedBursts() != 3 {
		t.Fatalf("after the rewind kept %v with %d dropped, want [6 3 4 5] and 3", got, e.DroppedBursts())
	}
	if n := len(e.AppendParticles(nil)); n != 100 {
		t.Fatalf("the new burst shows %d particles, want 100", n)
	}
	// Bursts that can no longer show are pruned, not counted.
	f := newEffect(t, s, &emitter.EffectOptions{MaxBursts: 4, History: 1})
	f.Play()
	for i := range 20 {
		f.SetTime(float64(20 * i))
		f.Emit(1)
	}
	if f.DroppedBursts() != 0 {
		t.Fatalf("expired bursts counted as dropped: %d", f.DroppedBursts())
	}
	if _, err := emitter.NewEffect(e.Snapshot(), &emitter.EffectOptions{MaxBursts: emitter.MaxBurstsLimit + 1}); err == nil {
		t.Fatal("MaxBursts past MaxBurstsLimit accepted")
	}
}

// TestBurstAtClockRangeEnd: a burst whose birth plus lifetime is past the
// end of the clock's range (13,071,672,386 s is 1.8 s before it) shows
// until the clock saturates there, and is not pruned as if it had died.
func TestBurstAtClockRangeEnd(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.Constant(5)
	e := newEffect(t, s, nil)
	e.Play()
	const at = 13_071_672_386.0
	e.SetTime(at)
	e.Emit(10)
	for _, dt := range []float64{0, 1, 1.5} {
		e.SetTime(at + dt)
		if n := len(e.AppendParticles(nil)); n != 10 {
			t.Fatalf("%v s after the burst: %d particles, want 10", dt, n)
		}
		if e.Done() {
			t.Fatalf("%v s after the burst: Done", dt)
		}
	}
	e.Forward(10) // saturates at the end of the range, 1.8 s after the burst
	if e.Clock() != math.MaxInt64 || len(e.AppendParticles(nil)) != 10 {
		t.Fatalf("at the end of the range: clock %d, %d particles, want MaxInt64 and 10", e.Clock(), len(e.AppendParticles(nil)))
	}
}

// TestBurstParticlesCap: an effect's visible bursts show at most
// MaxBurstParticles particles together, the newest bursts first and the
// oldest visible one its lowest indices, as a function of the bursts and
// the clock alone: the same after a rewind, and a burst's share only
// shrinks as newer bursts come.
func TestBurstParticlesCap(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Speed = emitter.Constant(0)
	s.Lifetime = emitter.Constant(100)
	s.MaxParticles = 400_000
	e := newEffect(t, s, nil)
	e.Play()
	for i := range 3 { // 1,200,000 particles emitted, all alive at 1 s
		e.SetTime(0.1 * float64(i))
		e.Emit(s.MaxParticles)
	}
	mp := uint32(s.MaxParticles)
	perBurst := func(at float64) map[uint32]int {
		e.SetTime(at)
		var w emitter.Window
		e.Window(&w)
		qs := e.AppendQuads(nil)
		if n := w.Candidates(); n != int64(len(qs)) {
			t.Fatalf("at %v s: Window.Candidates %d, evaluated %d", at, n, len(qs))
		}
		got := map[uint32]int{}
		for _, q := range qs {
			b, j := (q.Key-1)/2/mp, (q.Key-1)/2%mp
			got[b]++
			if b == 0 && w.FirstCount < s.MaxParticles && j >= uint32(w.FirstCount) {
				t.Fatalf("at %v s: the cut burst shows particle %d, past its share of %d", at, j, w.FirstCount)
			}
		}
		return got
	}
	cut := map[uint32]int{2: 400_000, 1: 400_000, 0: 200_000}
	if got := perBurst(1); !reflect.DeepEqual(got, cut) {
		t.Fatalf("at 1 s, particles per burst %v, want %v", got, cut)
	}
	// Rewound before the third burst, the first shows whole again.
	if got, want := perBurst(0.15), map[uint32]int{1: 400_000, 0: 400_000}; !reflect.DeepEqual(got, want) {
		t.Fatalf("at 0.15 s, particles per burst %v, want %v", got, want)
	}
	if got := perBurst(1); !reflect.DeepEqual(got, cut) {
		t.Fatalf("at 1 s again, particles per burst %v, want %v", got, cut)
	}
}

// TestAppendBillboardsEvery: evaluating every n-th candidate gives exactly
// the billboards of the full evaluation whose stream index, or index in
// their burst, is a multiple of n, in the same order, serial or split, on
// each of the billboard loops (the busy spec's plain loop, a flat stream's,
// the general loop of an uncached effect).
func TestAppendBillboardsEvery(t *testing.T) {
	busy := busySpec()
	flat := emitter.DefaultSpec()
	for name, c := range map[string]struct {
		s    emitter.Spec
		opts emitter.EffectOptions
	}{
		"busy": {busy, emitter.EffectOptions{Seed: 3}}, "flat": {flat, emitter.EffectOptions{Seed: 3}},
		"uncached": {busy, emitter.EffectOptions{Seed: 3, NoCache: true}},
	} {
		s := c.s
		s.Rate, s.MaxParticles = 20000, 30000
		e := newEffect(t, s, &c.opts)
		e.Play()
		e.SetTime(0.7)
		e.Emit(5000)
		e.SetTime(1.2)
		e.Emit(3001)
		e.SetTime(1.3)
		all := e.AppendBillboards(nil)
		index := func(key uint32) uint32 {
			if key%2 == 0 {
				return key / 2
			}
			return (key - 1) / 2 % uint32(s.MaxParticles)
		}
		for _, workers := range []int{1, 3} {
			ev := emitter.NewEvaluator(workers)
			for _, n := range []int64{0, 1, 2, 3, 8, 64, 1 << 20} {
				var want []emitter.Billboard
				for _, b := range all {
					if index(b.Key)%uint32(max(n, 1)) == 0 {
						want = append(want, b)
					}
				}
				got := ev.AppendBillboardsEvery(nil, e, n)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, %d workers, every %d: %d billboards, want %d of %d", name, workers, n, len(got), len(want), len(all))
				}
			}
			buf := ev.AppendBillboardsEvery(nil, e, 4)
			if a := testing.AllocsPerRun(20, func() { buf = ev.AppendBillboardsEvery(buf[:0], e, 4) }); a != 0 {
				t.Fatalf("%s, %d workers: AppendBillboardsEvery allocates %v times per frame", name, workers, a)
			}
			ev.Close()
		}
	}
}

// TestMaxToggles: an effect keeps at most MaxToggles Enabled changes; past
// it the oldest is forgotten (the stream is taken to have been in its new
// state from the start) and counted, so a stream toggled every tick of a
// long lifetime costs each frame MaxToggles changes, not one per tick.
func TestMaxToggles(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Rate = 1
	s.Lifetime = emitter.Constant(3600) // every change stays in the window
	e := newEffect(t, s, nil)
	const n = emitter.MaxToggles + 100
	for i := 1; i <= n; i++ {
		e.SetClock(emitter.Ticks(i))
		e.SetEnabled(i%2 == 0) // off at odd ticks, on at even ones
	}
	st := e.State()
	if got := len(st.Toggles); got != emitter.MaxToggles {
		t.Fatalf("%d toggles kept, want MaxToggles %d", got, emitter.MaxToggles)
	}
	if got := e.DroppedToggles(); got != 100 {
		t.Errorf("DroppedToggles %d, want 100", got)
	}
	// The first 100 changes (ticks 1 to 100) are forgotten; the kept ones
	// start at tick 101 (off), so the stream was on before it.
	if first := st.Toggles[0]; first.At != 101 || first.On || !st.EnabledAtStart {
		t.Errorf("oldest kept toggle %+v, EnabledAtStart %v; want {At:101 On:false}, true", first, st.EnabledAtStart)
	}
	// What is kept restores.
	if err := e.Restore(st); err != nil {
		t.Fatal(err)
	}
}
