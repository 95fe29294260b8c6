package world

import "math"

// NormalizeYaw returns deg turned by a whole number of turns into
// [-180, 180]: the yaw a compiled document holds. It is the IEEE
// remainder of deg by 360, which is exact: 370 becomes 10, 190 becomes
// -170, and odd multiples of 180 land on ±180 by round-half-even (540
// becomes -180, 180 stays 180). A whole number of turns gives +0, never
// -0 (-360 would otherwise), so equal yaws encode to equal bytes. A
// non-finite deg gives NaN, which validation rejects.
func NormalizeYaw(deg float64) float64 {
	return math.Remainder(deg, 360) + 0
}

// cosSinDegrees returns the cosine and sine of deg degrees, exact at
// multiples of 90° in [-180, 180] so that axis-aligned emitters turn
// without rounding.
func cosSinDegrees(deg float64) (c, s float64) {
	switch deg {
	case 0:
		return 1, 0
	case 90:
		return 0, 1
	case 180, -180:
		return -1, 0
	case -90:
		return 0, -1
	}
	s, c = math.Sincos(deg * (math.Pi / 180))
	return c, s
}
