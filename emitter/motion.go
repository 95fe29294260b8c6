package emitter

import "math"

// maxExponent bounds |k t| in the exponential branch: with a negative Drag
// the exponent grows without bound, exp returns +Inf and Inf*0 is NaN. With
// the clamp a badly set Drag looks wrong but stays finite
// (docs/closed-form.md, section 4).
const maxExponent = 60

// DragFactors returns the closed-form factors of dv/dt = a - k v at age t:
//
//	p(t) = v0 f + a g
//	v(t) = v0 decay + a f
//
// where f = (1 - e^{-kt})/k, g = (t - f)/k and decay = e^{-kt}. At k = 0 they
// are the parabola (f = t, g = t²/2, decay = 1). For 0 < |k t| < 0.5 the
// fifth-order Horner series of docs/closed-form.md, section 4, avoids the
// cancellation of 1 - e^{-q}
// and t - f; above it the exponential form applies, with its exponent clamped
// to ±60. Negative drag near zero uses the same series, which converges for
// either sign, so the motion is continuous as k crosses 0. At the switch
// |k t| = 0.5 the series is short of the exponential form by its first
// omitted term, t q⁶/7! in f (about 3e-6 relative) and t² q⁶/8! in g: far
// below a pixel.
func DragFactors(k, t float64) (f, g, decay float64) {
	if k == 0 {
		return t, 0.5 * t * t, 1
	}
	q := k * t
	if q > -0.5 && q < 0.5 {
		return dragSeries(k, t, q)
	}
	e := -q
	if e > maxExponent {
		e = maxExponent
	} else if e < -maxExponent {
		e = -maxExponent
	}
	return dragExp(1/k, t, expDrag(e))
}

// dragSeries is DragFactors' branch for |q| = |k t| < 0.5.
func dragSeries(k, t, q float64) (f, g, decay float64) {
	f = t * (1 + float64(q*(-1.0/2+float64(q*(1.0/6+float64(q*(-1.0/24+float64(q*(1.0/120+float64(q*(-1.0/720)))))))))))
	g = t * t * (1.0/2 + float64(q*(-1.0/6+float64(q*(1.0/24+float64(q*(-1.0/120+float64(q*(1.0/720+float64(q*(-1.0/5040)))))))))))
	return f, g, 1 - float64(k*f)
}

// dragExp is DragFactors' exponential branch given inv = 1/k and decay =
// e^{-kt}: two multiplications by the reciprocal instead of two divisions
// by k, which are dear on the stream's hot path.
func dragExp(inv, t, decay float64) (f, g, _ float64) {
	f = float64((1 - decay) * inv)
	g = (t - f) * inv
	return f, g, decay
}

// Travel returns the least and greatest displacement h(t) = v f(t) + acc g(t)
// along one axis over ages [0, tmax], with f and g from [DragFactors](k, t):
// a particle launched at v under constant acceleration acc and drag k never
// leaves [lo, hi]. h' is the velocity, v e^{-kt} + acc f(t), whose own
// derivative e^{-kt} (acc - k v) keeps one sign, so h has at most one
// interior extremum, where the velocity is zero; lo and hi come from h(0),
// h(tmax) and that point.
func Travel(k, v, acc, tmax float64) (lo, hi float64) {
	h := func(t float64) float64 {
		f, g, _ := DragFactors(k, t)
		return float64(v*f) + float64(acc*g)
	}
	lo, hi = 0, 0 // h(0)
	end := h(tmax)
	lo, hi = min(lo, end), max(hi, end)
	var t float64
	switch {
	case acc == 0 || v == 0:
		return lo, hi
	case k == 0:
		t = -v / acc
	default:
		// v e + acc (1-e)/k = 0 with e = e^{-kt} gives e = 1/(1 + x) for
		// x = -k v/acc, so t = log1p(x)/k. Log1p keeps the turning point
		// where k v is tiny beside acc and 1 + x rounds to 1 (it tends to
		// the parabola's -v/acc). With x <= -1 the velocity never
		// reaches zero.
		x := -k * v / acc
		if !(x > -1) {
			return lo, hi
		}
		t = math.Log1p(x) / k
	}
	if t > 0 && t < tmax {
		x := h(t)
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}
