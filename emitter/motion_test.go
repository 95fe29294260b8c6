package emitter

// Tests of the closed-form motion dv/dt = a - k v (docs/closed-form.md,
// section 4, with its Horner series). With f, g, decay = DragFactors(k, t):
//
//	p(t) = v0 f + a g,   v(t) = v0 decay + a f.

import (
	"math"
	"testing"
)

// motionExact returns f, g and decay of dv/dt = a - k v without the
// truncated series: a 30-term Taylor series for |kt| <= 1 (its terms fall
// below 1e-30 of the first) and the exponential form, with Expm1, above it.
func motionExact(k, t float64) (f, g, decay float64) {
	if k == 0 {
		return t, t * t / 2, 1
	}
	q := k * t
	if math.Abs(q) <= 1 {
		// f/t = sum (-q)^n/(n+1)!, g/t² = sum (-q)^n/(n+2)!
		var sf, sg float64
		term := 1.0 // (-q)^n / n!
		for n := 0; n < 30; n++ {
			sf += term / float64(n+1)
			sg += term / float64((n+1)*(n+2))
			term *= -q / float64(n+1)
		}
		return t * sf, t * t * sg, math.Exp(-q)
	}
	f = -math.Expm1(-q) / k
	return f, (t - f) / k, math.Exp(-q)
}

// TestMotionFreeFall: at k = 0 the motion is the parabola
// p = v0 t + a t²/2, v = v0 + a t, exactly.
func TestMotionFreeFall(t *testing.T) {
	for _, c := range []struct {
		name           string
		v0, a, t, p, v float64
	}{
		{"v0 0, a 10, t 1", 0, 10, 1, 5, 10},
		{"v0 0, a 10, t 2", 0, 10, 2, 20, 20},
		{"v0 3, a 0, t 4", 3, 0, 4, 12, 3},
		{"v0 5, a -9.8, t 0.5", 5, -9.8, 0.5, 1.275, 0.1},
		{"v0 -2, a 4, t 3", -2, 4, 3, 12, 10},
		{"v0 0, a 0, t 7", 0, 0, 7, 0, 0},
		{"v0 1, a 1, t 0", 1, 1, 0, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, g, decay := DragFactors(0, c.t)
			if f != c.t || g != c.t*c.t/2 || decay != 1 {
				t.Errorf("DragFactors(0, %v) = %v, %v, %v; want %v, %v, 1", c.t, f, g, decay, c.t, c.t*c.t/2)
			}
			p, v := c.v0*f+c.a*g, c.v0*decay+c.a*f
			if !coreWithin(p, c.p, 1e-14) || !coreWithin(v, c.v, 1e-14) {
				t.Errorf("v0=%v a=%v t=%v: p, v = %v, %v; want %v, %v", c.v0, c.a, c.t, p, v, c.p, c.v)
			}
		})
	}
}

// TestMotionDecay: without acceleration the velocity decays as e^{-kt} and
// the position saturates at v0 (1-e^{-kt})/k. Values are e^{-x} to 17 digits.
func TestMotionDecay(t *testing.T) {
	for _, c := range []struct {
		name           string
		k, t, decay, f float64
	}{
		{"k 1, t 0.5, decay 0.6065306597126334", 1, 0.5, 0.6065306597126334, 0.3934693402873666},
		{"k 1, t 1, decay 0.36787944117144233", 1, 1, 0.36787944117144233, 0.6321205588285577},
		{"k 1, t 2, decay 0.1353352832366127", 1, 2, 0.1353352832366127, 0.8646647167633873},
		{"k 1, t 5, decay 0.006737946999085467", 1, 5, 0.006737946999085467, 0.9932620530009145},
		{"k 2, t 1, decay 0.1353352832366127", 2, 1, 0.1353352832366127, 0.43233235838169365},
		{"k 0.5, t 4, decay 0.1353352832366127", 0.5, 4, 0.1353352832366127, 1.7293294335267746},
		{"q = 0.4: Horner branch", 4, 0.1, 0.6703200460356393, 0.08241998849109018}, // q = 0.4: Horner branch
		{"q = 0.1: Horner branch", 0.1, 1, 0.9048374180359595, 0.9516258196404043},  // q = 0.1: Horner branch
	} {
		t.Run(c.name, func(t *testing.T) {
			f, _, decay := DragFactors(c.k, c.t)
			// In the Horner branch the truncation error is below t q^6/5040
			// (alternating series, first omitted term).
			q := c.k * c.t
			tol := 2e-16
			if q < 0.5 {
				tol = math.Pow(q, 6) / 5040 * 1.01
			}
			if !coreWithin(decay, c.decay, tol+1e-16) {
				t.Errorf("k=%v t=%v: decay %.17g, want e^-%v = %.17g ± %.2g", c.k, c.t, decay, q, c.decay, tol)
			}
			if !coreWithin(f, c.f, c.t*tol+1e-16) {
				t.Errorf("k=%v t=%v: f %.17g, want (1-e^-kt)/k = %.17g", c.k, c.t, f, c.f)
			}
			// v(t) = v0 decay with a = 0: halves every ln2/k seconds
			if c.k == 1 && c.t == 1 {
				v0 := 8.0
				if v := v0 * decay; !coreWithin(v, 8*0.36787944117144233, 1e-15) {
					t.Errorf("v(1) = %v, want 8/e", v)
				}
			}
		})
	}
	// exact halving: after t = ln 2 / k the velocity is half
	for _, k := range []float64{0.5, 2, 10} {
		_, _, decay := DragFactors(k, math.Ln2/k)
		if !coreWithin(decay, 0.5, 1e-15) {
			t.Errorf("k=%v: decay after ln2/k = %.17g, want 0.5", k, decay)
		}
	}
}

// TestMotionTerminalVelocity: v -> a/k whatever v0, and p grows as
// (a/k) t + (v0 - a/k)/k once e^{-kt} is gone.
func TestMotionTerminalVelocity(t *testing.T) {
	for _, c := range []struct {
		name        string
		k, a, v0, t float64
	}{
		{"kt = 60: e^-60 = 8.8e-27", 2, 10, 50, 30},        // kt = 60: e^-60 = 8.8e-27
		{"thrown against gravity", 2, 10, -50, 30},         // thrown against gravity
		{"clamped exponent (kt = 100)", 0.5, -9.8, 0, 200}, // clamped exponent (kt = 100)
		{"k 10, a 3, v0 1000", 10, 3, 1000, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, g, decay := DragFactors(c.k, c.t)
			v := c.v0*decay + c.a*f
			term := c.a / c.k
			if !coreRel(v, term, 1e-12) {
				t.Errorf("k=%v a=%v v0=%v t=%v: v = %.17g, want terminal a/k = %v", c.k, c.a, c.v0, c.t, v, term)
			}
			p := c.v0*f + c.a*g
			want := term*c.t + (c.v0-term)/c.k
			if !coreRel(p, want, 1e-12) {
				t.Errorf("k=%v a=%v v0=%v t=%v: p = %.17g, want %.17g", c.k, c.a, c.v0, c.t, p, want)
			}
		})
	}
}

// TestMotionContinuityAtZeroDrag: as k -> 0 (either sign) the factors tend
// to the parabola: |f - t| ~ |k| t²/2 and |g - t²/2| ~ |k| t³/6, so the
// gap closes linearly in k.
func TestMotionContinuityAtZeroDrag(t *testing.T) {
	const tt = 2.0
	for _, k := range []float64{1e-3, 1e-6, 1e-9, -1e-3, -1e-6, -1e-9, 1e-300} {
		f, g, decay := DragFactors(k, tt)
		df, dg, dd := f-tt, g-tt*tt/2, decay-1
		// leading terms: -k t²/2, -k t³/6, -k t
		if !coreRel(df, -k*tt*tt/2, 1e-3) && k != 1e-300 {
			t.Errorf("k=%g: f - t = %g, want %g", k, df, -k*tt*tt/2)
		}
		if !coreRel(dg, -k*tt*tt*tt/6, 1e-3) && k != 1e-300 {
			t.Errorf("k=%g: g - t²/2 = %g, want %g", k, dg, -k*tt*tt*tt/6)
		}
		if !coreWithin(dd, -k*tt, math.Abs(k)*tt*1e-2+1e-16) {
			t.Errorf("k=%g: decay - 1 = %g, want %g", k, dd, -k*tt)
		}
		// and the values themselves: within |k| t²/2 (+ rounding) of the parabola
		if !coreWithin(f, tt, math.Abs(k)*tt*tt/2*1.01+4e-16) || !coreWithin(g, tt*tt/2, math.Abs(k)*tt*tt*tt/6*1.01+8e-16) {
			t.Errorf("k=%g: f, g = %.17g, %.17g; want near %v, %v", k, f, g, tt, tt*tt/2)
		}
	}
	// At k = 1e-9 the factors agree with the parabola to 1e-9 relative.
	f, g, _ := DragFactors(1e-9, tt)
	if !coreRel(f, tt, 1e-9) || !coreRel(g, tt*tt/2, 1e-9) {
		t.Errorf("k=1e-9: f, g = %.17g, %.17g", f, g)
	}
}

// TestMotionHornerSeries: inside |kt| < 0.5 the factors are the fifth-order
// series of docs/closed-form.md, section 4, so they differ from the exact functions by the
// first omitted terms, t q^6/7! in f and t² q^6/8! in g (alternating series
// for q > 0; for q < 0 all terms are positive and the rest is below
// 1.1 times the first). The bound is checked, and at q = ±0.4 the measured
// error must match the first omitted term to 15%: a wrong coefficient of
// order q^5 or lower would leave an error q^5/720 ≈ 100 times bigger.
func TestMotionHornerSeries(t *testing.T) {
	for _, c := range []struct {
		name string
		k, t float64
	}{
		{"k 0.4, t 1", 0.4, 1}, {"k -0.4, t 1", -0.4, 1}, {"k 0.01, t 1", 0.01, 1}, {"k -0.01, t 1", -0.01, 1}, {"k 1, t 0.3", 1, 0.3}, {"k -1, t 0.3", -1, 0.3},
		{"k 100, t 0.001", 100, 0.001}, {"k -100, t 0.001", -100, 0.001}, {"k 0.25, t 1.999", 0.25, 1.999}, {"k -0.25, t 1.999", -0.25, 1.999}, {"k 1e-4, t 3", 1e-4, 3}, {"k -1e-4, t 3", -1e-4, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := c.k * c.t
			f, g, decay := DragFactors(c.k, c.t)
			ef, eg, ed := motionExact(c.k, c.t)
			bf := c.t * math.Pow(math.Abs(q), 6) / 5040 * 1.1
			bg := c.t * c.t * math.Pow(math.Abs(q), 6) / 40320 * 1.1
			if !coreWithin(f, ef, bf+2e-16*ef) {
				t.Errorf("k=%v t=%v: f = %.17g, exact %.17g, error %.3g > %.3g", c.k, c.t, f, ef, f-ef, bf)
			}
			if !coreWithin(g, eg, bg+2e-16*eg) {
				t.Errorf("k=%v t=%v: g = %.17g, exact %.17g, error %.3g > %.3g", c.k, c.t, g, eg, g-eg, bg)
			}
			// decay = 1 - k f in this branch
			if !coreWithin(decay, ed, math.Abs(c.k)*bf+4e-16) {
				t.Errorf("k=%v t=%v: decay = %.17g, exact %.17g", c.k, c.t, decay, ed)
			}
			if math.Abs(q) == 0.4 {
				wf := c.t * math.Pow(q, 6) / 5040 // exact - series ≈ +first omitted term
				wg := c.t * c.t * math.Pow(q, 6) / 40320
				if !coreRel(ef-f, wf, 0.15) || !coreRel(eg-g, wg, 0.15) {
					t.Errorf("q=%v: truncation errors %.4g, %.4g; want about q^6/7! t = %.4g and q^6/8! t² = %.4g", q, ef-f, eg-g, wf, wg)
				}
			}
		})
	}
}

// TestMotionNegativeDragExpm1: negative drag with small |kt| (the series
// branch) agrees with the exact formula f = -expm1(-kt)/k, decay = e^{-kt}.
func TestMotionNegativeDragExpm1(t *testing.T) {
	for _, c := range []struct {
		name string
		k, t float64
	}{
		{"k -0.001, t 1", -0.001, 1}, {"k -0.01, t 2", -0.01, 2}, {"k -0.1, t 1", -0.1, 1}, {"k -1, t 0.05", -1, 0.05}, {"k -2, t 0.1", -2, 0.1}, {"k -0.3, t 1", -0.3, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := c.k * c.t
			f, _, decay := DragFactors(c.k, c.t)
			want := -math.Expm1(-q) / c.k
			tol := c.t*math.Pow(math.Abs(q), 6)/5040*1.1 + 2e-16*want
			if !coreWithin(f, want, tol) {
				t.Errorf("k=%v t=%v: f = %.17g, -expm1(-kt)/k = %.17g (tolerance %.2g)", c.k, c.t, f, want, tol)
			}
			if !coreWithin(decay, math.Exp(-q), math.Abs(c.k)*tol+4e-16) {
				t.Errorf("k=%v t=%v: decay = %.17g, e^-kt = %.17g", c.k, c.t, decay, math.Exp(-q))
			}
			if f <= c.t {
				t.Errorf("k=%v t=%v: f = %v; negative drag must accelerate (f > t)", c.k, c.t, f)
			}
		})
	}
}

// TestMotionBranchBoundary: at |kt| = 0.5 the code switches from the series
// to the exponential form. The jump there is the series' truncation error,
// t q^6/7! = 3.1e-6 t in f (3.9e-6 relative) and 3.9e-7 t² in g: small, but
// not the 1e-12 a full-precision evaluation would give. Both sides are checked
// against the exact functions; the exponential side to 1e-14 relative.
func TestMotionBranchBoundary(t *testing.T) {
	const tt = 1.0
	for _, k := range []float64{0.5, -0.5} {
		below := math.Nextafter(k, 0) // series branch
		fs, gs, _ := DragFactors(below, tt)
		fe, ge, de := DragFactors(k, tt) // exponential branch
		ef, eg, ed := motionExact(k, tt)
		if !coreRel(fe, ef, 1e-14) || !coreRel(ge, eg, 1e-13) || !coreRel(de, ed, 1e-15) {
			t.Errorf("k=%v: exponential branch f, g, decay = %.17g, %.17g, %.17g; exact %.17g, %.17g, %.17g", k, fe, ge, de, ef, eg, ed)
		}
		jumpF, jumpG := fe-fs, ge-gs
		wantF, wantG := math.Pow(0.5, 6)/5040, math.Pow(0.5, 6)/40320 // first omitted terms
		if k < 0 {
			// all terms positive: the rest is a bit more than the first term
			if !(jumpF >= wantF && jumpF <= 1.1*wantF && jumpG >= wantG && jumpG <= 1.1*wantG) {
				t.Errorf("k=%v: jump at the boundary f %.4g, g %.4g; want [1, 1.1] × %.4g, %.4g", k, jumpF, jumpG, wantF, wantG)
			}
		} else if !(jumpF <= wantF && jumpF >= 0.9*wantF && jumpG <= wantG && jumpG >= 0.9*wantG) {
			t.Errorf("k=%v: jump at the boundary f %.4g, g %.4g; want [0.9, 1] × %.4g, %.4g", k, jumpF, jumpG, wantF, wantG)
		}
		if rel := math.Abs(jumpF) / fe; rel > 5e-6 {
			t.Errorf("k=%v: relative jump of f %.3g > 5e-6", k, rel)
		}
	}
}

// TestMotionClampedExponent: negative drag at huge ages stays finite: the
// exponent -kt is clamped to 60, so decay = e^60 (the exponential of the
// clamp itself, bit for bit), f = (1 - e^60)·(1/k) and g = (t - f)·(1/k)
// exactly, each within 2 ulp of the quotient by k. Positive drag clamps
// at -60 the same way.
func TestMotionClampedExponent(t *testing.T) {
	e60 := expDrag(60) // e^60 = 1.14200738981568428e26
	if !coreRel(e60, 1.1420073898156842e26, 3e-16) {
		t.Fatalf("expDrag(60) = %v", e60)
	}
	for _, c := range []struct {
		name        string
		k, t, decay float64
	}{
		{"k -1, t 1000, decay e60", -1, 1000, e60},
		{"k -1, t 60, decay e60", -1, 60, e60},
		{"k -2, t 1e6, decay e60", -2, 1e6, e60},
		{"k -1e9, t 3600, decay e60", -1e9, 3600, e60},
		{"k 1, t 1000, decay e-60", 1, 1000, expDrag(-60)},
		{"k 1e9, t 3600, decay e-60", 1e9, 3600, expDrag(-60)},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, g, decay := DragFactors(c.k, c.t)
			if decay != c.decay {
				t.Errorf("k=%v t=%v: decay = %v, want %v", c.k, c.t, decay, c.decay)
			}
			inv := 1 / c.k
			wantF := (1 - c.decay) * inv
			wantG := (c.t - wantF) * inv
			if f != wantF || g != wantG {
				t.Errorf("k=%v t=%v: f, g = %v, %v; want %v, %v", c.k, c.t, f, g, wantF, wantG)
			}
			if qf, qg := (1-c.decay)/c.k, (c.t-wantF)/c.k; !coreRel(f, qf, 4.5e-16) || !coreRel(g, qg, 4.5e-16) {
				t.Errorf("k=%v t=%v: f, g = %v, %v; the quotients are %v, %v", c.k, c.t, f, g, qf, qg)
			}
			for _, v0 := range []float64{0, 1, -1e3} {
				for _, a := range []float64{0, 9.8, -1e3} {
					p, v := v0*f+a*g, v0*decay+a*f
					if math.IsNaN(p) || math.IsInf(p, 0) || math.IsNaN(v) || math.IsInf(v, 0) {
						t.Errorf("k=%v t=%v v0=%v a=%v: p, v = %v, %v; want finite", c.k, c.t, v0, a, p, v)
					}
				}
			}
		})
	}
	// Spot values: k = -1, t = 1000 gives f = e^60 - 1, g = e^60 - 1001.
	// (Both round to e^60 in float64.)
	f, g, _ := DragFactors(-1, 1000)
	if !coreRel(f, 1.1420073898156842e26, 1e-15) || !coreRel(g, 1.1420073898156842e26, 1e-15) {
		t.Errorf("DragFactors(-1, 1000): f, g = %v, %v; want e^60-1, e^60-1001 = 1.1420073898156842e26", f, g)
	}
	// Unclamped just inside the limit: -kt = 59 is e^59 =
	// 4.2012104037905142e25, not the clamp's.
	if _, _, d := DragFactors(-1, 59); !coreRel(d, 4.2012104037905142e25, 3e-16) {
		t.Errorf("DragFactors(-1, 59): decay = %v, want e^59 = 4.2012104037905142e25", d)
	}
}

// TestMotionZeroAge: at age 0 every factor is the identity (p = 0, v = v0),
// whatever the drag.
func TestMotionZeroAge(t *testing.T) {
	for _, k := range []float64{0, 1, -1, 1e9, -1e9} {
		f, g, decay := DragFactors(k, 0)
		if f != 0 || g != 0 || decay != 1 {
			t.Errorf("DragFactors(%v, 0) = %v, %v, %v; want 0, 0, 1", k, f, g, decay)
		}
	}
}

// TestTravel: the displacement range of one axis over [0, tmax], from
// h(0) = 0, h(tmax) and the turning point where the velocity is zero.
func TestTravel(t *testing.T) {
	for _, c := range []struct {
		name           string
		k, v, a, tmax  float64
		wantLo, wantHi float64
	}{
		// h = 10t - 5t²: turns at t = 1 (h = 5), h(3) = -15.
		{"parabola turning", 0, 10, -10, 3, -15, 5},
		// The turn at t = 1 lies beyond tmax = 0.5: h(0.5) = 3.75.
		{"parabola before turning", 0, 10, -10, 0.5, 0, 3.75},
		{"uniform", 0, 1, 0, 2, 0, 2},
		{"falling from rest", 0, 0, -2, 3, -9, 0},
		// k = 1, v = 2, a = -1: e^{-t} = a/(a - k v) = 1/3 at t = ln 3, where
		// f = 2/3, g = ln 3 - 2/3 and h = 4/3 - (ln 3 - 2/3) = 2 - ln 3;
		// h(5) = 3 (1 - e^{-5}) - 5.
		{"drag turning", 1, 2, -1, 5, 3*(1-math.Exp(-5)) - 5, 2 - math.Log(3)},
		// A drag so small that 1 - k v/acc rounds to 1: still the
		// parabola's top, 5²/(2·9.8) at t = 5/9.8.
		{"tiny drag turning", 1e-76, 5, -9.8, 1.1, 5*1.1 - 4.9*1.1*1.1, 25 / 19.6},
		// Drag without acceleration saturates at v/k: monotonic.
		{"drag coasting", 2, -4, 0, 10, -2 * (1 - math.Exp(-20)), 0},
	} {
		lo, hi := Travel(c.k, c.v, c.a, c.tmax)
		if !coreWithin(lo, c.wantLo, 1e-14) || !coreWithin(hi, c.wantHi, 1e-14) {
			t.Errorf("%s: Travel(%v, %v, %v, %v) = [%v, %v], want [%v, %v]", c.name, c.k, c.v, c.a, c.tmax, lo, hi, c.wantLo, c.wantHi)
		}
	}
}
