package emitter_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// windowSpec streams 10 particles a second that live exactly 1 s, from an
// area the host's full width and half its height.
func windowSpec() emitter.Spec {
	s := emitter.DefaultSpec()
	s.Rate = 10
	s.Lifetime = emitter.Constant(1)
	s.MaxParticles = 1000
	s.EmissionSize = emitter.Vector2{X: 1, Y: 0.5}
	return s
}

// TestWindow: the live window at a clock, with values a reader can count:
// at 10/s and a 1 s life, clock 2.5 s is index 25 and the window is the 10
// indices 16 to 25, less those born while the stream was off.
func TestWindow(t *testing.T) {
	at := func(s float64) emitter.Ticks { return emitter.SecondsToTicks(s) }
	cases := []struct {
		name    string
		toggles []float64 // clocks at which the stream flips, from on
		runs    []emitter.Run
	}{
		{"always on", nil, []emitter.Run{{16, 25}}},
		{"off before the window, on inside it", []float64{1.0, 2.0}, []emitter.Run{{20, 25}}},
		{"off for a moment inside it", []float64{2.2, 2.3}, []emitter.Run{{16, 21}, {23, 25}}},
		{"off since 2.4 s", []float64{2.4}, []emitter.Run{{16, 23}}},
		{"off since before the window", []float64{1.2}, nil},
	}
	for _, c := range cases {
		sp := windowSpec()
		e, err := emitter.NewEffect(mustSnapshot(t, sp), nil)
		if err != nil {
			t.Fatal(err)
		}
		on := true
		for _, tg := range c.toggles {
			e.SetTime(tg)
			on = !on
			e.SetEnabled(on)
		}
		e.AddBurst(at(0.5), 3) // dead at 2.5 s
		e.AddBurst(at(2.0), 4) // visible
		e.AddBurst(at(3.0), 5) // later
		e.SetTime(2.5)
		var w emitter.Window
		e.Window(&w)
		if w.Clock != at(2.5) || w.X != 25 {
			t.Errorf("%s: clock %d, X %v; want %d, 25", c.name, w.Clock, w.X, at(2.5))
		}
		if len(w.Runs) != len(c.runs) || (len(c.runs) > 0 && !reflect.DeepEqual(w.Runs, c.runs)) {
			t.Errorf("%s: runs %v, want %v", c.name, w.Runs, c.runs)
		}
		if len(w.Bursts) != 1 || w.Bursts[0].Count != 4 || len(w.Later) != 1 || w.Later[0].Count != 5 {
			t.Errorf("%s: bursts %+v, later %+v; want the 4 at 2 s, then the 5 at 3 s", c.name, w.Bursts, w.Later)
		}
		// The window is what the evaluation walks: as many candidates,
		// and with a constant lifetime every one of them is alive.
		n := 0
		for _, r := range w.Runs {
			n += int(r.Len())
		}
		for _, b := range w.Bursts {
			n += b.Count
		}
		if got := len(e.AppendParticles(nil)); got != n {
			t.Errorf("%s: %d particles alive, the window holds %d candidates", c.name, got, n)
		}
	}
}

// TestIdle: an effect is idle exactly when its window holds no candidate,
// with times a reader can check against windowSpec (10/s, 1 s lives): a
// stream stopped at 1.2 s has its last particle, born at 1.1 s (the span
// on is [0, 1.2)), alive until 2.1 s; a burst at 3 s lives until 4 s. Then, over many clocks and
// toggles, Idle agrees with Window's candidate count and with the
// evaluation.
func TestIdle(t *testing.T) {
	at := func(s float64) emitter.Ticks { return emitter.SecondsToTicks(s) }
	sp := windowSpec()
	e, err := emitter.NewEffect(mustSnapshot(t, sp), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.SetTime(1.2)
	e.SetEnabled(false)
	e.AddBurst(at(3), 4)
	for _, c := range []struct {
		at   float64
		idle bool
	}{
		{0, false},    // particle 0, born at 0, is alive
		{1.2, false},  // the stream has just stopped
		{2.05, false}, // the particle born at 1.1 s lives until 2.1 s
		{2.15, true},  // every stream particle is dead, the burst to come
		{2.999, true}, //
		{3, false},    // the burst
		{3.99, false}, //
		{4.01, true},  // the burst has died
		{100, true},   //
	} {
		e.SetTime(c.at)
		if got := e.Idle(); got != c.idle {
			t.Errorf("at %v s: Idle() = %v, want %v", c.at, got, c.idle)
		}
	}
	rate0 := windowSpec()
	rate0.Rate = 0
	z, err := emitter.NewEffect(mustSnapshot(t, rate0), nil)
	if err != nil {
		t.Fatal(err)
	}
	if z.SetTime(5); !z.Idle() {
		t.Error("a rate-0 effect with no burst is not idle")
	}

	// Against the window and the evaluation, toggling every 0.37 s.
	var w emitter.Window
	for i := range 400 {
		c := float64(i) * 0.0731
		if e.SetTime(c); i%5 == 0 {
			e.SetEnabled(!e.Enabled())
		}
		if i%37 == 0 {
			e.AddBurst(at(c+0.5), 2)
		}
		e.Window(&w)
		idle := e.Idle()
		if want := w.Candidates() == 0; idle != want {
			t.Fatalf("at %v s: Idle() = %v, the window holds %d candidates", c, idle, w.Candidates())
		}
		if n := len(e.AppendParticles(nil)); idle && n > 0 {
			t.Fatalf("at %v s: idle with %d particles alive", c, n)
		}
	}
}

// TestHostScale: on the default 200 × 100 host, one stud is the host's
// height (Unit RelativeYY), and the emission area is {1, 0.5} of the host.
func TestHostScale(t *testing.T) {
	sp := windowSpec()
	sp.SpeedScale, sp.SizeScale, sp.Scale = 2, 0.5, 3
	e, err := emitter.NewEffect(mustSnapshot(t, sp), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := emitter.HostScale{PixelsPerStud: 100, Move: 600, Size: 150, HalfW: 100, HalfH: 25, SphereCentre: -math.Pi / 2}
	if got := e.HostScale(); got != want {
		t.Errorf("HostScale %+v, want %+v", got, want)
	}
	var w emitter.Window
	e.Window(&w)
	if w.Host != want {
		t.Errorf("Window.Host %+v, want %+v", w.Host, want)
	}
}

func TestLastStreamBorn(t *testing.T) {
	snap := mustSnapshot(t, windowSpec()) // 10 per second
	cases := []struct {
		name string
		t    float64
		want int64
	}{
		{"on a birth", 2, 20},
		{"just before a birth", 1.99, 19},
		{"the first birth", 0, 0},
		{"before any clock", -1, -1},
		{"NaN", math.NaN(), -1},
	}
	for _, c := range cases {
		if got := snap.LastStreamBorn(c.t); got != c.want {
			t.Errorf("%s: LastStreamBorn(%v) = %d, want %d", c.name, c.t, got, c.want)
		}
	}
	off := windowSpec()
	off.Rate = 0
	if got := mustSnapshot(t, off).LastStreamBorn(5); got != -1 {
		t.Errorf("no stream: LastStreamBorn(5) = %d, want -1", got)
	}
}

func TestConstants(t *testing.T) {
	sp := windowSpec()
	sp.Acceleration = emitter.Vector3{X: 1, Y: 2}
	sp.SpreadAngle = emitter.Vector2{X: -90}
	sp.EmissionDirection = emitter.Left
	sp.LightEmission, sp.GlowLayers = 0.5, 3
	sp.Lifetime = emitter.NumberRange{Min: 0, Max: 2}
	got := mustSnapshot(t, sp).Constants()
	want := emitter.Constants{
		Rate: 10, LifeMin: emitter.MinLifetime, LifeMax: 2, Span: 20,
		DirX: -1, DirY: 0, AccX: 1, AccY: -2, Spread: math.Pi / 2,
		Layers: 3, MaxHalfDiagonal: 0.5 * math.Sqrt(2),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Constants\n got %+v\nwant %+v", got, want)
	}
}

func mustSnapshot(t testing.TB, s emitter.Spec) *emitter.Snapshot {
	t.Helper()
	snap, err := emitter.NewSnapshot(&s)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}
