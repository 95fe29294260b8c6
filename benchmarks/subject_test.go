package benchmarks

import (
	"fmt"
	"math"
	"testing"
	"time"

	tdp "github.com/blizzy78/twodeeparticles"
	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// These tests need no display: subjects are set up and stepped on the CPU
// (stepper), and the few draws go to an offscreen image whose commands
// Ebitengine only queues.

// expectedLive is a stream's expected population t seconds after it
// starts: rate × ∫₀ᵗ P(life > a) da with the life uniform in
// [LifeMin, LifeMax].
func expectedLive(l *Look, rate, t float64) float64 {
	const n = 4000
	sum := 0.0
	for i := range n {
		a := (float64(i) + 0.5) * t / n
		p := 1.0
		if a > l.LifeMin {
			p = max(0, (l.LifeMax-a)/(l.LifeMax-l.LifeMin))
		}
		sum += p
	}
	return rate * sum * t / n
}

// subjectsUnderTest returns a fresh subject of every simulating kind (the
// API floor simulates nothing).
func subjectsUnderTest() []Subject {
	var out []Subject
	for _, f := range Factories {
		if !IsFloor(f.Name) {
			out = append(out, f.New())
		}
	}
	return out
}

// TestStreamPopulation checks that every subject's stream holds rate × the
// mean life once warm, and ramps up the same way before.
func TestStreamPopulation(t *testing.T) {
	for _, v := range []Variant{Simple, Full} {
		for _, s := range subjectsUnderTest() {
			t.Run(fmt.Sprintf("%s/%s", s.Name(), v), func(t *testing.T) {
				sc := Steady("steady", v, 3000, 160, 130)
				if err := s.Setup(&sc); err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				for _, at := range []float64{0.5, 1.5, 3, 6} {
					s.Seek(at)
					got := float64(s.Live())
					want := expectedLive(&sc.Look, sc.Rate, at)
					// Poisson-like noise of the lifetimes, plus up to
					// one frame's births for the integrators' stepping.
					tol := 4*math.Sqrt(want) + sc.Rate*FrameDT + 0.01*want
					if math.Abs(got-want) > tol {
						t.Errorf("at %v s: %v live, want %.0f ± %.0f", at, got, want, tol)
					}
				}
			})
		}
	}
}

// TestBurstPopulation checks that a burst shows all its particles until the
// shortest life, about half at the middle of the life range, and none after
// the longest.
func TestBurstPopulation(t *testing.T) {
	for _, s := range subjectsUnderTest() {
		t.Run(s.Name(), func(t *testing.T) {
			sc := Bursts("burst", Full, 1, 1000, 600, 320, 240)
			if err := s.Setup(&sc); err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			st := s.(stepper)
			st.step(FrameDT)
			s.Burst(0, 600)
			clock := 0.0
			check := func(at float64, lo, hi int) {
				for clock < at-1e-9 {
					st.step(FrameDT)
					clock += FrameDT
				}
				if n := s.Live(); n < lo || n > hi {
					t.Errorf("%.2f s after the burst: %d live, want %d..%d", at, n, lo, hi)
				}
			}
			check(0.5, 600, 600)
			check(1.5, 220, 380)
			check(2.2, 0, 0)
			// The warm pool takes a second burst.
			s.Burst(0, 200)
			check(2.7, 200, 200)
		})
	}
}

// eulerError is the distance at age 1 s between an integrator's particle,
// stepped at dt, and the closed form.
type eulerRun func(t *testing.T, l *Look, b Birth, dt float64, steps int) (x, y float64)

var eulerRuns = map[string]eulerRun{
	NameNaive: func(t *testing.T, l *Look, b Birth, dt float64, steps int) (float64, float64) {
		e := &naiveEffect{}
		p := &naiveParticle{x: b.X, y: b.Y, vx: b.VX, vy: b.VY, life: b.Life}
		e.particles = append(e.particles, p)
		for range steps {
			e.update(l, 0, 1, dt)
		}
		return p.x, p.y
	},
	NameBatchedEuler: func(t *testing.T, l *Look, b Birth, dt float64, steps int) (float64, float64) {
		s := new(batchedSubject)
		sc := Bursts("euler", l.Variant, 1, 1, 1, 320, 240)
		sc.Look = *l
		if err := s.Setup(&sc); err != nil {
			t.Fatal(err)
		}
		e := &s.effects[0]
		e.n = 1
		e.x[0], e.y[0], e.vx[0], e.vy[0] = float32(b.X), float32(b.Y), float32(b.VX), float32(b.VY)
		e.age[0], e.invLife[0] = 0, float32(1/b.Life)
		for range steps {
			s.advance(e, float32(dt), false, 0)
		}
		return float64(e.x[0]), float64(e.y[0])
	},
	NameTwoDee: func(t *testing.T, l *Look, b Birth, dt float64, steps int) (float64, float64) {
		// The library draws the particle from the look itself, which the
		// test makes deterministic (see eulerLook).
		s := new(twoDeeSubject)
		sc := Bursts("euler", l.Variant, 1, 1, 1, 320, 240)
		sc.Look = *l
		if err := s.Setup(&sc); err != nil {
			t.Fatal(err)
		}
		s.Burst(0, 1)
		s.step(dt) // born with this update, at age 0
		for range steps {
			s.step(dt)
		}
		var x, y float64
		e := s.effects[0]
		e.sys.ForEachParticle(func(p *tdp.Particle, _ tdp.NormalizedDuration, _ time.Duration) {
			x, y = p.Position().X, p.Position().Y
		}, e.now)
		return x, y
	},
}

// eulerLook is the full look made deterministic: one speed, no spread, a
// point emitter, a 10 s life. Its only particle starts at the origin going
// straight up, then drag and gravity bend it.
func eulerLook() Look {
	l := NewLook(Full)
	l.SpeedMin, l.SpeedMax = 230, 230
	l.Spread = 0
	l.BoxW, l.BoxH = 0, 0
	l.LifeMin, l.LifeMax = 10, 10
	return l
}

// TestEulerConvergesToClosedForm checks that the integrators take the same
// motion as Ember's closed form: at age 1 s the position error shrinks in
// proportion to the step (first order: about 3.4 px at 60 Hz here, half that
// at 120 Hz).
func TestEulerConvergesToClosedForm(t *testing.T) {
	l := eulerLook()
	b := Birth{VY: -l.SpeedMax, Life: l.LifeMax}
	wx, wy := l.Position(b, 1)
	for name, run := range eulerRuns {
		t.Run(name, func(t *testing.T) {
			prev := math.Inf(1)
			for _, hz := range []int{30, 60, 120, 240, 480} {
				dt := 1 / float64(hz)
				x, y := run(t, &l, b, dt, hz)
				err := math.Hypot(x-wx, y-wy)
				t.Logf("%d Hz: error %.4f px", hz, err)
				if err > 250*dt {
					t.Errorf("%d Hz: error %.3f px exceeds %.3f", hz, err, 250*dt)
				}
				if err > 0.6*prev {
					t.Errorf("%d Hz: error %.4f did not shrink from %.4f", hz, err, prev)
				}
				prev = err
			}
		})
	}
}

// TestEmberMatchesLook checks that the Ember spec is the look: with one
// deterministic particle (no spread, fixed speed, a point emitter) its
// position, size, transparency and colour are the look's closed form.
func TestEmberMatchesLook(t *testing.T) {
	l := NewLook(Full)
	l.SpeedMin, l.SpeedMax = 200, 200
	l.Spread = 0
	l.BoxW, l.BoxH = 0, 0
	l.LifeMin, l.LifeMax = 2, 2
	spec := l.Spec(0, 10)
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{HostWidth: 1, HostHeight: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.Play()
	e.Emit(1)
	b := Birth{VY: -200, Life: 2}
	for _, at := range []float64{0.1, 0.5, 1, 1.9} {
		e.SetTime(at)
		ps := e.AppendParticles(nil)
		if len(ps) != 1 {
			t.Fatalf("at %v: %d particles", at, len(ps))
		}
		p := ps[0]
		x, y := l.Position(b, at)
		tau := at / 2
		c := l.ColorAt(tau)
		near := func(what string, got, want float64) {
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("at %v: %s %v, want %v", at, what, got, want)
			}
		}
		near("x", p.X, x)
		near("y", p.Y, y)
		near("width", p.Width, l.SizeAt(tau))
		near("opacity", 1-p.Transparency, l.AlphaAt(tau))
		near("red", p.Color.R, c.R)
		near("green", p.Color.G, c.G)
		near("blue", p.Color.B, c.B)
	}
}

// TestSubjectsDraw runs a few frames of every subject onto an offscreen
// image (queued only, without a display) and checks the live counts agree.
func TestSubjectsDraw(t *testing.T) {
	dst := ebiten.NewImage(320, 240)
	for _, f := range Factories {
		s := f.New()
		sc := Steady("steady", Full, 600, 160, 130)
		if err := s.Setup(&sc); err != nil {
			t.Fatal(err)
		}
		for range 30 {
			s.Frame(dst, FrameDT)
		}
		want := expectedLive(&sc.Look, sc.Rate, 0.5)
		if IsFloor(f.Name) {
			want = float64(sc.Particles)
		}
		if got := float64(s.Live()); math.Abs(got-want) > 0.1*want+5 {
			t.Errorf("%s: %v live after 0.5 s, want about %.0f", f.Name, got, want)
		}
		s.Close()
	}
}

func TestSincos32(t *testing.T) {
	worst := 0.0
	for i := -20000; i <= 20000; i++ {
		x := float64(i) * 0.00731
		s, c := sincos32(float32(x))
		ws, wc := math.Sincos(float64(float32(x)))
		worst = max(worst, math.Abs(float64(s)-ws), math.Abs(float64(c)-wc))
	}
	if worst > 4e-7 {
		t.Errorf("sincos32 error %g", worst)
	}
}

func TestLUT(t *testing.T) {
	l := NewLook(Full)
	lut := l.NewLUT()
	for i := range 1000 {
		tau := float64(i) / 999
		k := lut.Index(float32(tau))
		if d := math.Abs(float64(lut.Size[k]) - l.SizeAt(tau)); d > 0.07 {
			t.Fatalf("size at %v off by %v", tau, d)
		}
		if d := math.Abs(float64(lut.Alpha[k]) - l.AlphaAt(tau)); d > 0.01 {
			t.Fatalf("alpha at %v off by %v", tau, d)
		}
	}
}

// TestEmberGPUPath checks where ember-gpu stays on the GPU path (many small
// effects, bursts of 200 and 2,000 particles, the gpu-flat effects up to
// 1,000 particles each, the steady effects of 1,000 and 10,000 live
// particles: windows of about 1,333 and 13,333; 20,000 live particles, a
// window of about 26,667, drawn as two quads) and that it reports a
// fallback where an effect exceeds the path's limit (a burst of 20,000,
// which no quad holds), while ember never takes the GPU path.
func TestEmberGPUPath(t *testing.T) {
	dst := ebiten.NewImage(40, 30)
	cases := []struct {
		name     string
		sc       Scenario
		burst    int
		fallback bool
	}{
		{"sc Grid(\"many\", Full, 100, …, burst 0, fallback false", Grid("many", Full, 100, 100, 320, 240), 0, false},
		{"sc Grid(\"many\", Full, 1000,…, burst 0, fallback false", Grid("many", Full, 1000, 10, 320, 240), 0, false},
		{"sc Bursts(\"burst\", Full, 1,…, burst 200, fallback false", Bursts("burst", Full, 1, 200, 200, 320, 240), 200, false},
		{"sc Flat(\"gpu-flat\", Full, 2…, burst 0, fallback false", Flat("gpu-flat", Full, 20, 1000, 320, 240), 0, false},
		{"sc Steady(\"steady\", Full, 5…, burst 0, fallback false", Steady("steady", Full, 500, 160, 130), 0, false},
		{"sc Steady(\"steady\", Full, 1…, burst 0, fallback false", Steady("steady", Full, 1000, 160, 130), 0, false},
		{"sc Steady(\"steady\", Simple, 10000, burst 0, fallback false", Steady("steady", Simple, 10000, 160, 130), 0, false},
		{"sc Steady(\"steady\", Full, 10000, burst 0, fallback false", Steady("steady", Full, 10000, 160, 130), 0, false},
		{"sc Steady(\"steady\", Full, 20000, burst 0, fallback false", Steady("steady", Full, 20000, 160, 130), 0, false},
		{"sc Bursts(\"burst\", Full, 1,…, burst 2000, fallback false", Bursts("burst", Full, 1, 2000, 2000, 320, 240), 2000, false},
		{"sc Bursts(\"burst\", Full, 1, 20000, burst 20000, fallback true", Bursts("burst", Full, 1, 20000, 20000, 320, 240), 20000, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			name := fmt.Sprintf("%s/%d", c.sc.Name, c.sc.Particles)
			for _, gpu := range []bool{true, false} {
				s := newEmber()
				if gpu {
					s = newEmberGPU()
				}
				sc := c.sc.Scaled(0.125)
				if err := s.Setup(&sc); err != nil {
					t.Fatal(err)
				}
				if c.burst > 0 {
					s.Burst(0, c.burst)
				} else {
					s.Seek(2.5)
				}
				for range 10 {
					s.Frame(dst, FrameDT)
				}
				fb, drawn := s.PathFallbacks()
				switch {
				case !gpu && (fb != 0 || drawn != 0):
					t.Errorf("%s: ember drew %d effects on the GPU path (%d fallbacks)", name, drawn, fb)
				case gpu && c.fallback && fb == 0:
					t.Errorf("%s: ember-gpu reports no fallback (%d GPU draws)", name, drawn)
				case gpu && !c.fallback && (fb != 0 || drawn == 0):
					t.Errorf("%s: ember-gpu: %d fallbacks, %d GPU draws", name, fb, drawn)
				}
				s.Close()
			}
		})
	}
}
