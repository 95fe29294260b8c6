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
		f = t * (1 + q*(-1.0/2+q*(1.0/6+q*(-1.0/24+q*(1.0/120+q*(-1.0/720))))))
		g = t * t * (1.0/2 + q*(-1.0/6+q*(1.0/24+q*(-1.0/120+q*(1.0/720+q*(-1.0/5040))))))
		return f, g, 1 - k*f
	}
	e := -q
	if e > maxExponent {
		e = maxExponent
	} else if e < -maxExponent {
		e = -maxExponent
	}
	decay = math.Exp(e)
	f = (1 - decay) / k
	g = (t - f) / k
	return f, g, decay
}
