package benchmarks

import "math"

// sincos32 returns the sine and cosine of x radians to float32 precision
// (absolute error below 4e-7 for |x| < 1e4), several times cheaper than
// math.Sincos: x is reduced to r in [-π/4, π/4] around a multiple q of π/2
// and the Taylor polynomials of sin r (degree 9) and cos r (degree 10) are
// rotated by q quadrants. The batched integrator uses it for its quads, as
// Ember's renderer uses its own polynomial sincos.
func sincos32(x float32) (sin, cos float32) {
	const twoOverPi = 2 / math.Pi
	q := math.Floor(float64(x)*twoOverPi + 0.5)
	r := float64(x) - q*(math.Pi/2)
	r2 := r * r
	s := r * (1 + r2*(-1.0/6+r2*(1.0/120+r2*(-1.0/5040+r2*(1.0/362880)))))
	c := 1 + r2*(-1.0/2+r2*(1.0/24+r2*(-1.0/720+r2*(1.0/40320+r2*(-1.0/3628800)))))
	switch int64(q) & 3 {
	case 1:
		return float32(c), float32(-s)
	case 2:
		return float32(-s), float32(-c)
	case 3:
		return float32(-c), float32(s)
	}
	return float32(s), float32(c)
}
