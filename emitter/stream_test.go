package emitter

// Tests of which particles exist at a clock (docs/closed-form.md, section 2): the steady
// stream's window, its population r × L, the Little's-law rate cap, burst
// caps and the key scheme (stream 2i, burst 2(b P + j) + 1).

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// streamEffect builds a paused effect of the edited default spec, seed 5.
func streamEffect(t *testing.T, edit func(*Spec)) *Effect {
	t.Helper()
	e, err := NewEffect(coreSnapshot(t, edit), &EffectOptions{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// streamCount sets the clock to c and counts the live particles.
func streamCount(e *Effect, c float64) int {
	e.SetTime(c)
	return len(e.AppendParticles(nil))
}

// streamClocks returns n clocks spread over [lo, hi) at an irrational step,
// so they land at every phase of the birth grid.
func streamClocks(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		x := math.Mod(float64(i)*0.6180339887498949, 1)
		out[i] = lo + (hi-lo)*x
	}
	return out
}

// TestStreamPopulationFixedLifetime: stream particle i is born at i/r and
// lives exactly L, so it is alive at c when c - L < i/r <= c: the count is
// floor(c r) - floor((c - L) r) once c >= L, which is exactly r L when r L
// is an integer (the particle of age exactly L has just died), and
// floor(r L) or ceil(r L) otherwise. Before L it is floor(c r) + 1.
func TestStreamPopulationFixedLifetime(t *testing.T) {
	for _, c := range []struct {
		name string
		r, l float64
	}{{"r 20, l 2", 20, 2}, {"r 10, l 1.25", 10, 1.25}, {"r 7, l 0.5", 7, 0.5}, {"r 1000, l 0.1", 1000, 0.1}, {"r 3, l 10", 3, 10}, {"r 60, l 1.0 / 3", 60, 1.0 / 3}} {
		t.Run(c.name, func(t *testing.T) {
			e := streamEffect(t, func(sp *Spec) {
				sp.Rate, sp.Lifetime, sp.MaxParticles = c.r, Constant(c.l), 100000
			})
			rl := c.r * c.l
			sum, n := 0, 0
			for _, clock := range streamClocks(c.l, 20*c.l, 500) {
				got := streamCount(e, clock)
				now := e.Time()
				lo, hi := now*c.r, (now-c.l)*c.r
				if math.Abs(lo-math.Round(lo)) < 1e-6 || math.Abs(hi-math.Round(hi)) < 1e-6 {
					continue // a birth within rounding of the clock or of the window's end
				}
				want := int(math.Floor(lo) - math.Floor(hi))
				if got != want {
					t.Errorf("r=%v L=%v clock %v: %d alive, want floor(cr) - floor((c-L)r) = %d", c.r, c.l, now, got, want)
				}
				if got != int(math.Floor(rl)) && got != int(math.Ceil(rl)) {
					t.Errorf("r=%v L=%v clock %v: %d alive, want floor or ceil of rL = %v", c.r, c.l, now, got, rl)
				}
				sum += got
				n++
			}
			if mean := float64(sum) / float64(n); !coreWithin(mean, rl, 0.05*rl+0.05) {
				t.Errorf("r=%v L=%v: mean population %.3f, want rL = %v", c.r, c.l, mean, rl)
			}
		})
	}
	// rL integer: exactly rL at every clock past L (clocks that fall on a
	// birth are TestStreamPopulationOnBirthClocks)
	e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime = 20, Constant(2) })
	for _, clock := range append(streamClocks(2, 40, 400), 2.01, 10.02, 10.5, 39.99) {
		if got := streamCount(e, clock); got != 40 {
			t.Errorf("r=20 L=2 clock %v: %d alive, want exactly 40", clock, got)
		}
	}
	// before the first lifetime: particles 0..floor(cr)
	for _, c := range []struct {
		name  string
		clock float64
		want  int
	}{{"clock 0, want 1", 0, 1}, {"clock 0.01, want 1", 0.01, 1}, {"clock 0.05, want 2", 0.05, 2}, {"clock 0.5, want 11", 0.5, 11}, {"clock 1.99, want 40", 1.99, 40}} {
		t.Run(c.name, func(t *testing.T) {
			if got := streamCount(e, c.clock); got != c.want {
				t.Errorf("r=20 L=2 clock %v: %d alive, want %d", c.clock, got, c.want)
			}
		})
	}
}

// TestStreamKeysAndOrder: stream keys are 2i for the live window's i, in
// birth order (oldest first).
func TestStreamKeysAndOrder(t *testing.T) {
	e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime = 10, Constant(1) })
	e.SetTime(5.05)
	ps := e.AppendParticles(nil)
	// alive: births in (4.05, 5.05], i = 41..50
	if len(ps) != 10 {
		t.Fatalf("%d alive, want 10", len(ps))
	}
	for j, p := range ps {
		i := 41 + j
		if p.Key != uint32(2*i) {
			t.Errorf("particle %d: key %d, want 2i = %d", j, p.Key, 2*i)
		}
		if !coreWithin(p.Age, 5.05-float64(i)/10, 1e-12) {
			t.Errorf("key %d: age %v, want %v", p.Key, p.Age, 5.05-float64(i)/10)
		}
		if p.Lifetime != 1 {
			t.Errorf("key %d: lifetime %v, want 1", p.Key, p.Lifetime)
		}
	}
}

// TestStreamLifetimeRange: with a Lifetime range the window is
// Lifetime.Max long and each particle lives its own roll
// L_i = Range(Min, Max, u(s, 2i, 1)): the live set is exactly
// {i : 0 <= c·r - i < r·L_i} (liveness is decided in index space, so a
// particle dies exactly one lifetime after its birth), recounted here by
// brute force.
func TestStreamLifetimeRange(t *testing.T) {
	const r, lmin, lmax, seed = 50.0, 1.0, 3.0, 5
	e := streamEffect(t, func(sp *Spec) {
		sp.Rate, sp.Lifetime, sp.MaxParticles = r, NumberRange{lmin, lmax}, 100000
	})
	for _, clock := range []float64{0.7, 2.5, 10.0123, 33.3} {
		e.SetTime(clock)
		c := e.Time()
		ps := e.AppendParticles(nil)
		var want []uint32
		for i := 0; float64(i) <= c*r; i++ {
			d := float64(c*r) - float64(i) // the effect rounds c·r before subtracting
			life := hash.Range(lmin, lmax, hash.Unit(hash.Stream(seed, uint32(2*i)), channel.Lifetime))
			if d >= 0 && d < r*life {
				want = append(want, uint32(2*i))
			}
		}
		if len(ps) != len(want) {
			t.Fatalf("clock %v: %d alive, want %d", c, len(ps), len(want))
		}
		oldest := 0.0
		for j, p := range ps {
			if p.Key != want[j] {
				t.Fatalf("clock %v: particle %d has key %d, want %d", c, j, p.Key, want[j])
			}
			if !(p.Age < p.Lifetime) || p.Lifetime < lmin || p.Lifetime >= lmax {
				t.Fatalf("clock %v key %d: age %v, lifetime %v", c, p.Key, p.Age, p.Lifetime)
			}
			oldest = math.Max(oldest, p.Age)
		}
		if c > lmax {
			// the window reaches Lifetime.Max, not Lifetime.Min: some
			// particles are older than 2.5 s; about r × mean(L) = 100 live
			if oldest < 2.5 {
				t.Errorf("clock %v: oldest particle %v s; the window must reach Lifetime.Max = 3", c, oldest)
			}
			if !coreWithin(float64(len(ps)), r*(lmin+lmax)/2, 25) {
				t.Errorf("clock %v: %d alive, want about r × mean lifetime = 100", c, len(ps))
			}
		}
	}
}

// TestStreamRateCap: the rate is capped at MaxParticles / Lifetime.Max
// (Little's law), so the stream never holds more than MaxParticles.
func TestStreamRateCap(t *testing.T) {
	for _, c := range []struct {
		name     string
		rate     float64
		life     NumberRange
		max      int
		wantRate float64
		full     bool // fixed lifetime: exactly MaxParticles once full
	}{
		{"rate 1000, life Constant(2), max 50", 1000, Constant(2), 50, 25, true},
		{"rate 1000, max 50, wantRate 25", 1000, NumberRange{0.5, 2}, 50, 25, false},
		{"rate 1e6, life Constant(3), max 7", 1e6, Constant(3), 7, 7.0 / 3, true},
		{"rate 100, max 13, wantRate 13 / 0.7", 100, NumberRange{0.1, 0.7}, 13, 13 / 0.7, false},
		{"under the cap: unchanged", 10, Constant(2), 50, 10, false}, // under the cap: unchanged
	} {
		t.Run(c.name, func(t *testing.T) {
			e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime, sp.MaxParticles = c.rate, c.life, c.max })
			if got := e.Snapshot().Rate(); got != c.wantRate {
				t.Fatalf("Rate %v Lifetime %v MaxParticles %d: capped rate %v, want %v", c.rate, c.life, c.max, got, c.wantRate)
			}
			over, notFull := 0, 0
			var worst float64
			for _, clock := range streamClocks(c.life.Max, 60, 3000) {
				n := streamCount(e, clock)
				if n > c.max {
					over++
					worst = e.Time()
				}
				if c.full && n != c.max {
					notFull++
				}
			}
			if over > 0 {
				t.Errorf("Rate %v Lifetime %v MaxParticles %d: more than MaxParticles alive at %d clocks (e.g. %v)", c.rate, c.life, c.max, over, worst)
			}
			if notFull > 0 {
				t.Errorf("Rate %v Lifetime %v MaxParticles %d: not exactly MaxParticles at %d clocks", c.rate, c.life, c.max, notFull)
			}
		})
	}
}

// TestStreamPopulationOnBirthClocks: on a clock that falls exactly on a
// birth (every third frame at 60 fps for Rate 20), the particle born
// Lifetime earlier has an exact age of Lifetime and is dead, so the count is
// still exactly r L, and a capped stream still holds at most MaxParticles.
func TestStreamPopulationOnBirthClocks(t *testing.T) {
	for _, c := range []struct {
		name       string
		rate, life float64
		max        int
		want       int
	}{
		{"rate 20, life 2, max 1000", 20, 2, 1000, 40},
		{"rate 30, life 1, max 30", 30, 1, 30, 30},
		{"rate 10, life 1, max 1000", 10, 1, 1000, 10},
		{"capped to 7/3 per second", 1e6, 3, 7, 7},        // capped to 7/3 per second
		{"capped to 13/0.7 per second", 1e6, 0.7, 13, 13}, // capped to 13/0.7 per second
	} {
		t.Run(c.name, func(t *testing.T) {
			e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime, sp.MaxParticles = c.rate, Constant(c.life), c.max })
			bad := 0
			for k := 0; k < 60*60; k++ { // one minute of 60 fps frames
				e.SetClock(Ticks(k) * TicksPerSecond / 60)
				if e.Time() < c.life {
					continue
				}
				if n := len(e.AppendParticles(nil)); n != c.want {
					if bad < 3 {
						t.Errorf("Rate %v Lifetime %v MaxParticles %d at clock %v: %d alive, want exactly %d", c.rate, c.life, c.max, e.Time(), n, c.want)
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("Rate %v Lifetime %v MaxParticles %d: wrong count on %d of 3600 frames", c.rate, c.life, c.max, bad)
			}
		})
	}
}

// TestStreamDisabled: Enabled = false runs no stream at all.
func TestStreamDisabled(t *testing.T) {
	e := streamEffect(t, func(sp *Spec) { sp.Enabled = false })
	for _, clock := range []float64{0, 1, 7.5} {
		if n := streamCount(e, clock); n != 0 {
			t.Errorf("disabled stream at %v: %d alive", clock, n)
		}
	}
}

// TestStreamBurstCap: a burst's Count is capped at MaxParticles; n <= 0
// adds no burst.
func TestStreamBurstCap(t *testing.T) {
	e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime, sp.MaxParticles = 0, Constant(2), 100 })
	e.AddBurst(0, 5000)
	e.AddBurst(0, 0)
	e.AddBurst(0, -3)
	bs := e.Bursts(nil)
	if len(bs) != 1 || bs[0].Count != 100 {
		t.Fatalf("bursts %+v, want one of Count 100", bs)
	}
	if n := streamCount(e, 0.5); n != 100 {
		t.Errorf("%d alive, want 100", n)
	}
	if n := streamCount(e, 2); n != 0 {
		t.Errorf("at T + Lifetime: %d alive, want 0", n)
	}
	// Emit on a paused effect restarts the timeline, then caps the same way.
	e.Emit(250)
	if bs := e.Bursts(nil); len(bs) != 1 || bs[0].Count != 100 || bs[0].Index != 0 {
		t.Errorf("Emit(250) on a paused effect: bursts %+v, want one of Count 100, Index 0", bs)
	}
}

// TestStreamBurstKeys: particle j of burst b has key 2(b P + j) + 1: odd,
// distinct across bursts fired at the same clock, and interleaved with the
// stream's even keys in birth order (a stream particle born at the same
// clock as a burst comes first).
func TestStreamBurstKeys(t *testing.T) {
	const p = 100
	e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime, sp.MaxParticles = 10, Constant(5), p })
	e.AddBurst(SecondsToTicks(0.25), 3) // b = 0
	e.AddBurst(SecondsToTicks(0.2), 2)  // b = 1, earlier clock
	e.AddBurst(SecondsToTicks(0.2), 1)  // b = 2, same clock as b = 1
	e.SetTime(0.45)
	ps := e.AppendParticles(nil)
	want := []uint32{
		0, 2, 4, // stream i = 0, 1, 2 (born 0, 0.1, 0.2)
		2*(1*p+0) + 1, 2*(1*p+1) + 1, // burst 1 at 0.2: 201, 203
		2*(2*p+0) + 1, // burst 2 at 0.2: 401
		1, 3, 5,       // burst 0 at 0.25
		6, 8, // stream i = 3, 4
	}
	if len(ps) != len(want) {
		t.Fatalf("%d particles, want %d", len(ps), len(want))
	}
	for j, q := range ps {
		if q.Key != want[j] {
			t.Errorf("particle %d: key %d, want %d", j, q.Key, want[j])
		}
		if j > 0 && q.Age > ps[j-1].Age {
			t.Errorf("particle %d (key %d) is older than the one before it: not oldest first", j, q.Key)
		}
	}
	// the key formula on its own, with MaxParticles 10
	for _, c := range []struct {
		name string
		b    uint32
		j    int
		want uint32
	}{{"b 0, j 0, want 1", 0, 0, 1}, {"b 0, j 9, want 19", 0, 9, 19}, {"b 1, j 0, want 21", 1, 0, 21}, {"b 1, j 9, want 39", 1, 9, 39}, {"b 2, j 3, want 47", 2, 3, 47}, {"b 1000, j 5, want 20011", 1000, 5, 20011}} {
		t.Run(c.name, func(t *testing.T) {
			if got := burstKey(c.b, 10, c.j); got != c.want {
				t.Errorf("burstKey(%d, 10, %d) = %d, want %d", c.b, c.j, got, c.want)
			}
		})
	}
}

// TestStreamBurstLifetimes: a burst is evaluated for Lifetime.Max after it
// fires; each particle lives its own roll.
func TestStreamBurstLifetimes(t *testing.T) {
	const seed, p = 5, 400
	e := streamEffect(t, func(sp *Spec) { sp.Rate, sp.Lifetime, sp.MaxParticles = 0, NumberRange{1, 3}, p })
	e.AddBurst(SecondsToTicks(1), p)
	for _, clock := range []float64{0.5, 1, 1.5, 2.5, 3.9, 4} {
		e.SetTime(clock)
		age := e.Time() - 1
		want := 0
		for j := 0; j < p; j++ {
			life := hash.Range(1, 3, hash.Unit(hash.Stream(seed, uint32(2*j+1)), channel.Lifetime))
			if age >= 0 && age < life {
				want++
			}
		}
		if got := len(e.AppendParticles(nil)); got != want {
			t.Errorf("clock %v: %d burst particles alive, want %d", clock, got, want)
		}
	}
}
