package emitter

// Tests of the flipbook cell a particle shows (docs/closed-form.md, section
// 6). The formulas number cells 1..N; Ember's cells are 0-based, so every
// expected cell below is n - 1. With start n0 = 1, framerate f and window
// w = floor(age f):
//
//	OneShot:  n = clamp(n0 + floor(tau (N - n0 + 1)), 1, N)
//	Loop:     n = 1 + (n0 - 1 + w) mod N
//	PingPong: n = 1 + min(m, 2N - 2 - m), m = (n0 - 1 + w) mod (2N - 2)
//	Random:   n = 1 + floor(N u(s, i, 14 + 32 w))

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// flipSnap compiles a flipbook spec. Custom layouts take cols × rows.
func flipSnap(t *testing.T, layout FlipbookLayout, cols, rows int, mode FlipbookMode, f NumberRange, startRandom, blend bool) *Snapshot {
	t.Helper()
	return coreSnapshot(t, func(sp *Spec) {
		sp.FlipbookLayout, sp.FlipbookMode, sp.FlipbookFramerate = layout, mode, f
		sp.FlipbookSizeX, sp.FlipbookSizeY = cols, rows
		sp.FlipbookStartRandom, sp.FlipbookBlendFrames = startRandom, blend
	})
}

type flipLayout struct {
	name       string
	layout     FlipbookLayout
	cols, rows int
	n          int
}

var (
	flip2x2    = flipLayout{"Grid2x2", Grid2x2, 1, 1, 4}
	flip4x4    = flipLayout{"Grid4x4", Grid4x4, 1, 1, 16}
	flip8x8    = flipLayout{"Grid8x8", Grid8x8, 1, 1, 64}
	flipCustom = flipLayout{"Custom 4x2", FlipbookCustom, 4, 2, 8}
	flip2x1    = flipLayout{"Custom 2x1", FlipbookCustom, 2, 1, 2}
)

// TestFlipbookGrid: the cell counts of the layouts, non-square included.
func TestFlipbookGrid(t *testing.T) {
	for _, l := range []flipLayout{flip2x2, flip4x4, flip8x8, flipCustom, flip2x1, {"Custom 3x5", FlipbookCustom, 3, 5, 15}} {
		s := flipSnap(t, l.layout, l.cols, l.rows, FlipbookLoop, Constant(1), false, false)
		c, r := s.Grid()
		if c*r != l.n || s.cells != l.n {
			t.Errorf("%s: grid %d x %d, cells %d; want %d cells", l.name, c, r, s.cells, l.n)
		}
	}
	if c, r := flipSnap(t, FlipbookCustom, 4, 2, FlipbookLoop, Constant(1), false, false).Grid(); c != 4 || r != 2 {
		t.Errorf("Custom 4x2: Grid() = %d, %d; want 4 columns, 2 rows", c, r)
	}
}

// TestFlipbookLoop: cell = (w) mod N, w = floor(age f).
func TestFlipbookLoop(t *testing.T) {
	for _, c := range []struct {
		name  string
		l     flipLayout
		f     float64
		cases [][2]float64 // age, expected 0-based cell
	}{
		{"2x2 at 2 fps", flip2x2, 2, [][2]float64{{0, 0}, {0.25, 0}, {0.4999, 0}, {0.5, 1}, {1, 2}, {1.5, 3}, {1.999, 3}, {2, 0}, {2.75, 1}, {100.25, 0}}},
		{"4x4 at 10 fps", flip4x4, 10, [][2]float64{{0, 0}, {0.05, 0}, {0.25, 2}, {1.55, 15}, {1.65, 0}, {3.25, 0}, {3.45, 2}}},
		{"custom 4x2 at 3 fps", flipCustom, 3, [][2]float64{{0.1, 0}, {0.5, 1}, {2.5, 7}, {2.7, 0}, {10.1, 6}}},
		{"8x8 at 1 fps", flip8x8, 1, [][2]float64{{0.5, 0}, {63.5, 63}, {64.5, 0}, {130.5, 2}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := flipSnap(t, c.l.layout, c.l.cols, c.l.rows, FlipbookLoop, Constant(c.f), false, false)
			for _, a := range c.cases {
				cell, next, blend := s.flipbook(hash.Stream(0, 0), a[0], 0.5)
				if cell != int(a[1]) || next != cell || blend != 0 {
					t.Errorf("Loop %s f=%v age %v: cell %d (next %d, blend %v), want %v", c.l.name, c.f, a[0], cell, next, blend, a[1])
				}
			}
		})
	}
}

// TestFlipbookOneShot: one pass stretched over the life, by normalized age;
// the clamp keeps tau = 1 on the last cell instead of one past it.
func TestFlipbookOneShot(t *testing.T) {
	for _, c := range []struct {
		name  string
		l     flipLayout
		cases [][2]float64 // tau, expected cell
	}{
		{"2x2", flip2x2, [][2]float64{{0, 0}, {0.2499, 0}, {0.25, 1}, {0.5, 2}, {0.7499, 2}, {0.75, 3}, {0.9999, 3}, {1, 3}}},
		{"4x4", flip4x4, [][2]float64{{0, 0}, {0.0625, 1}, {0.5, 8}, {0.99, 15}, {1, 15}}},
		{"custom 4x2", flipCustom, [][2]float64{{0, 0}, {0.125, 1}, {0.874, 6}, {0.875, 7}, {1, 7}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// the framerate does not matter in OneShot
			s := flipSnap(t, c.l.layout, c.l.cols, c.l.rows, FlipbookOneShot, Constant(37), false, false)
			for _, a := range c.cases {
				for _, age := range []float64{0, 3.3, 1000} {
					if cell, _, _ := s.flipbook(hash.Stream(0, 0), age, a[0]); cell != int(a[1]) {
						t.Errorf("OneShot %s tau %v (age %v): cell %d, want %v", c.l.name, a[0], age, cell, a[1])
					}
				}
			}
		})
	}
}

// TestFlipbookPingPong: a triangle wave of period 2N - 2 that never shows
// an end cell twice in a row: 0,1,2,3,2,1,0,1,... for N = 4.
func TestFlipbookPingPong(t *testing.T) {
	for _, c := range []struct {
		name string
		l    flipLayout
		want []int // cells of windows 0, 1, 2, ...
	}{
		{"2x2", flip2x2, []int{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0}},
		{"custom 4x2", flipCustom, []int{0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2}},
		{"2x1 bounces between its two cells", flip2x1, []int{0, 1, 0, 1, 0, 1}},
		{"4x4", flip4x4, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := flipSnap(t, c.l.layout, c.l.cols, c.l.rows, FlipbookPingPong, Constant(4), false, false)
			for w, want := range c.want {
				for _, off := range []float64{0.01, 0.125, 0.24} { // inside window w of 0.25 s
					age := float64(w)/4 + off
					if cell, _, _ := s.flipbook(hash.Stream(0, 0), age, 0.5); cell != want {
						t.Errorf("PingPong %s window %d (age %v): cell %d, want %d", c.l.name, w, age, cell, want)
					}
				}
			}
			// no repeats and no jumps over a long run
			prev, _, _ := s.flipbook(hash.Stream(0, 0), 0.1, 0.5)
			for w := 1; w < 500; w++ {
				cell, _, _ := s.flipbook(hash.Stream(0, 0), float64(w)/4+0.1, 0.5)
				if d := cell - prev; d != 1 && d != -1 {
					t.Fatalf("PingPong %s: window %d shows %d after %d", c.l.name, w, cell, prev)
				}
				prev = cell
			}
		})
	}
}

// TestFlipbookRandom: the cell of window w is floor(N u(s, i, 14 + 32 w)):
// constant within the window, the same on re-evaluation (rewinding), and
// uniform over particles.
func TestFlipbookRandom(t *testing.T) {
	const f = 4.0
	for _, l := range []flipLayout{flip2x2, flip4x4, flipCustom} {
		s := flipSnap(t, l.layout, l.cols, l.rows, FlipbookRandom, Constant(f), false, false)
		for i := uint32(0); i < 50; i++ {
			st := hash.Stream(3, 2*i)
			distinct := map[int]bool{}
			for w := 0; w < 40; w++ {
				want := int(float64(l.n) * hash.Unit(st, uint32(channel.FlipbookRandom+32*w)))
				distinct[want] = true
				for _, off := range []float64{0, 0.07, 0.17, 0.2499} {
					age := float64(w)/f + off
					c1, _, _ := s.flipbook(st, age, 0.5)
					c2, _, _ := s.flipbook(st, age, 0.5)
					if c1 != want || c2 != c1 {
						t.Fatalf("Random %s key %d window %d age %v: cell %d then %d, want %d", l.name, 2*i, w, age, c1, c2, want)
					}
				}
			}
			if len(distinct) < 2 {
				t.Errorf("Random %s key %d: one cell in 40 windows", l.name, 2*i)
			}
		}
	}
	// uniform over particles: 16 cells, chi-square, in two windows
	s := flipSnap(t, Grid4x4, 1, 1, FlipbookRandom, Constant(f), false, false)
	for _, w := range []int{0, 7} {
		var counts [16]int
		for i := uint32(0); i < 32000; i++ {
			c, _, _ := s.flipbook(hash.Stream(9, i), float64(w)/f+0.1, 0.5)
			counts[c]++
		}
		if x := coreChiSquare(counts[:]); x > chi2Crit15 {
			t.Errorf("Random window %d: chi-square %.2f > %.2f (%v)", w, x, chi2Crit15, counts)
		}
	}
}

// TestFlipbookStartRandom: the start cell n0 = Integer(1, N, u12) covers
// 1..N uniformly (cells 0..N-1), and every mode counts from it.
func TestFlipbookStartRandom(t *testing.T) {
	const keys = 32000
	n := 16
	loop := flipSnap(t, Grid4x4, 1, 1, FlipbookLoop, Constant(2), true, false)
	one := flipSnap(t, Grid4x4, 1, 1, FlipbookOneShot, Constant(2), true, false)
	ping := flipSnap(t, Grid4x4, 1, 1, FlipbookPingPong, Constant(2), true, false)
	counts := make([]int, n)
	for i := uint32(0); i < keys; i++ {
		st := hash.Stream(4, i)
		n0 := hash.Integer(1, n, hash.Unit(st, channel.FlipbookStart))
		cell, _, _ := loop.flipbook(st, 0, 0)
		if cell != n0-1 {
			t.Fatalf("key %d: Loop start cell %d, want n0-1 = %d", i, cell, n0-1)
		}
		counts[cell]++
		// Loop, window 5: 1 + (n0 - 1 + 5) mod N
		if c, _, _ := loop.flipbook(st, 2.75, 0); c != (n0-1+5)%n {
			t.Fatalf("key %d n0 %d: Loop window 5 cell %d, want %d", i, n0, c, (n0-1+5)%n)
		}
		// OneShot: n0 at tau 0, N at tau 1, n0 + floor(tau (N - n0 + 1)) between
		for _, tau := range []float64{0, 0.3, 0.7, 1} {
			want := min(n0+int(math.Floor(tau*float64(n-n0+1))), n) - 1
			if c, _, _ := one.flipbook(st, 0, tau); c != want {
				t.Fatalf("key %d n0 %d: OneShot tau %v cell %d, want %d", i, n0, tau, c, want)
			}
		}
		// PingPong, window 20: m = (n0 - 1 + 20) mod 30
		m := (n0 - 1 + 20) % 30
		if c, _, _ := ping.flipbook(st, 10.25, 0); c != min(m, 30-m) {
			t.Fatalf("key %d n0 %d: PingPong window 20 cell %d, want %d", i, n0, c, min(m, 30-m))
		}
	}
	want := float64(keys) / float64(n)
	sd := math.Sqrt(want * (1 - 1/float64(n)))
	for c, k := range counts {
		if !coreWithin(float64(k), want, 5*sd) {
			t.Errorf("start cell %d chosen %d times, want %.0f ± %.0f", c, k, want, 5*sd)
		}
	}
	if x := coreChiSquare(counts); x > chi2Crit15 {
		t.Errorf("start cells: chi-square %.2f > %.2f", x, chi2Crit15)
	}
}

// TestFlipbookFramerateRoll: each particle rolls its framerate in
// FlipbookFramerate on channel 13.
func TestFlipbookFramerateRoll(t *testing.T) {
	s := flipSnap(t, Grid4x4, 1, 1, FlipbookLoop, NumberRange{1, 3}, false, false)
	for i := uint32(0); i < 2000; i++ {
		st := hash.Stream(6, i)
		f := 1 + 2*hash.Unit(st, channel.FlipbookRate)
		for _, age := range []float64{0.3, 1.7, 4.1} {
			want := int(math.Floor(age*f)) % 16
			if c, _, _ := s.flipbook(st, age, 0.5); c != want {
				t.Fatalf("key %d f %v age %v: cell %d, want %d", i, f, age, c, want)
			}
		}
	}
}

// TestFlipbookBlend: with FlipbookBlendFrames the weight is the fraction of
// the window already elapsed (of the OneShot progress) and NextCell is the
// next window's cell, so the crossfade lands on it as the window turns; a
// cell that does not change (the end of a OneShot) has weight 0.
func TestFlipbookBlend(t *testing.T) {
	for _, c := range []struct {
		name       string
		l          flipLayout
		mode       FlipbookMode
		f          float64
		age, tau   float64
		cell, next int
		blend      float64
	}{
		{"Loop", flip2x2, FlipbookLoop, 2, 0.6, 0.5, 1, 2, 0.2},
		{"Loop wraps", flip2x2, FlipbookLoop, 2, 1.9, 0.5, 3, 0, 0.8},
		{"Loop window start", flip2x2, FlipbookLoop, 2, 1, 0.5, 2, 3, 0},
		{"Loop custom", flipCustom, FlipbookLoop, 1, 7.25, 0.5, 7, 0, 0.25},
		{"PingPong up", flip2x2, FlipbookPingPong, 1, 0.5, 0.5, 0, 1, 0.5},
		{"PingPong turn", flip2x2, FlipbookPingPong, 1, 3.25, 0.5, 3, 2, 0.25},
		{"PingPong bottom", flip2x2, FlipbookPingPong, 1, 6.75, 0.5, 0, 1, 0.75},
		{"OneShot", flip2x2, FlipbookOneShot, 1, 0, 0.3, 1, 2, 0.2},
		{"OneShot custom", flipCustom, FlipbookOneShot, 1, 0, 0.6, 4, 5, 0.8},
		{"OneShot last cell", flip2x2, FlipbookOneShot, 1, 0, 0.9, 3, 3, 0},
		{"OneShot end", flip2x2, FlipbookOneShot, 1, 0, 1, 3, 3, 0},
	} {
		s := flipSnap(t, c.l.layout, c.l.cols, c.l.rows, c.mode, Constant(c.f), false, true)
		cell, next, blend := s.flipbook(hash.Stream(0, 0), c.age, c.tau)
		if cell != c.cell || next != c.next || !coreWithin(blend, c.blend, 1e-12) {
			t.Errorf("%s: cell, next, blend = %d, %d, %v; want %d, %d, %v", c.name, cell, next, blend, c.cell, c.next, c.blend)
		}
	}
	// Random: next is the cell of window w+1, weight the window fraction
	// (0 when both windows rolled the same cell).
	const f = 2.0
	s := flipSnap(t, Grid4x4, 1, 1, FlipbookRandom, Constant(f), false, true)
	for i := uint32(0); i < 200; i++ {
		st := hash.Stream(8, 2*i)
		for w := 0; w < 10; w++ {
			age := (float64(w) + 0.375) / f
			cur := int(16 * hash.Unit(st, uint32(channel.FlipbookRandom+32*w)))
			nxt := int(16 * hash.Unit(st, uint32(channel.FlipbookRandom+32*(w+1))))
			want := 0.375
			if cur == nxt {
				want = 0
			}
			cell, next, blend := s.flipbook(st, age, 0.5)
			if cell != cur || next != nxt || blend != want {
				t.Fatalf("Random key %d window %d: %d, %d, %v; want %d, %d, %v", 2*i, w, cell, next, blend, cur, nxt, want)
			}
		}
	}
	// Continuity: just before a window turns, NextCell is the cell shown
	// just after it and the weight is nearly 1.
	for _, mode := range []FlipbookMode{FlipbookLoop, FlipbookPingPong, FlipbookRandom} {
		s := flipSnap(t, flipCustom.layout, 4, 2, mode, Constant(4), false, true)
		st := hash.Stream(2, 10)
		for w := 1; w < 40; w++ {
			edge := float64(w) / 4
			_, next, blend := s.flipbook(st, edge-1e-9, 0.5)
			after, _, _ := s.flipbook(st, edge, 0.5)
			if next != after || (blend != 0 && blend < 1-1e-6) {
				t.Fatalf("%v window %d: before the turn next %d blend %v; after it cell %d", mode, w, next, blend, after)
			}
		}
	}
	// Without FlipbookBlendFrames: NextCell = Cell and no weight.
	s = flipSnap(t, Grid2x2, 1, 1, FlipbookLoop, Constant(2), false, false)
	if cell, next, blend := s.flipbook(hash.Stream(0, 0), 0.6, 0.5); cell != 1 || next != 1 || blend != 0 {
		t.Errorf("no blending: %d, %d, %v; want 1, 1, 0", cell, next, blend)
	}
}

// TestFlipbookNone: no flipbook (or a 1×1 grid) always shows cell 0.
func TestFlipbookNone(t *testing.T) {
	for _, s := range []*Snapshot{
		flipSnap(t, FlipbookNone, 1, 1, FlipbookLoop, Constant(10), true, true),
		flipSnap(t, FlipbookCustom, 1, 1, FlipbookRandom, Constant(10), true, true),
	} {
		for _, age := range []float64{0, 0.33, 7} {
			if cell, next, blend := s.flipbook(hash.Stream(0, 5), age, 0.5); cell != 0 || next != 0 || blend != 0 {
				t.Errorf("no flipbook at age %v: %d, %d, %v; want 0, 0, 0", age, cell, next, blend)
			}
		}
	}
}
