package emitter

import "math"

// SinCosDegrees returns the sine and cosine of d degrees as the batched
// renderer turns billboards: exact at multiples of 90° and within 2e-9 of
// math.Sincos elsewhere, about twice as cheap (the polynomial of
// AppendBillboards). Renderers of other particles (world emitters) turn
// their quads with it too.
func SinCosDegrees(d float64) (sin, cos float64) { return sincosDegPoly(d) }

// sincosRad returns math.Sincos(x), bit for bit in builds that do not fuse
// multiply-adds (GOAMD64 below v3, the default): the same reduction and
// polynomials, each product rounded before it is added, so that its bits do
// not depend on the build and the lane fill's kernel (lanefill_amd64.s),
// which computes them the same way, gives the same. A particle's launch
// direction is turned by it. Arguments at or past the reduction threshold,
// which no spread angle the kernel takes reaches, go to math.Sincos.
func sincosRad(x float64) (sin, cos float64) {
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= sincosReduce:
		return math.Sincos(x)
	}
	sinNeg, cosNeg := false, false
	if x < 0 {
		x, sinNeg = -x, true
	}
	j := uint64(x * (4 / math.Pi))
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	j &= 7
	z := float64(float64(x-float64(y*pi4a))-float64(y*pi4b)) - float64(y*pi4c)
	if j > 3 {
		j -= 4
		sinNeg, cosNeg = !sinNeg, !cosNeg
	}
	if j > 1 {
		cosNeg = !cosNeg
	}
	zz := z * z
	pc := float64(float64(float64(float64(float64(float64(sinCosC[0]*zz)+sinCosC[1])*zz)+sinCosC[2])*zz) + sinCosC[3])
	pc = float64(float64(float64(pc*zz)+sinCosC[4])*zz) + sinCosC[5]
	ps := float64(float64(float64(float64(float64(float64(sinCosS[0]*zz)+sinCosS[1])*zz)+sinCosS[2])*zz) + sinCosS[3])
	ps = float64(float64(float64(ps*zz)+sinCosS[4])*zz) + sinCosS[5]
	cos = float64(1-float64(0.5*zz)) + float64(float64(zz*zz)*pc)
	sin = z + float64(float64(z*zz)*ps)
	if j == 1 || j == 2 {
		sin, cos = cos, sin
	}
	if cosNeg {
		cos = -cos
	}
	if sinNeg {
		sin = -sin
	}
	return sin, cos
}

// π/4 in three parts, as math.Sincos splits it for its reduction.
const (
	pi4a = 7.85398125648498535156e-1
	pi4b = 3.77489470793079817668e-8
	pi4c = 2.69515142907905952645e-15
)

// sincosReduce is the argument at which math.Sincos reduces by Payne and
// Hanek's method instead of by three parts of π/4.
const sincosReduce = 1 << 29

// sinCosS and sinCosC are math.Sincos's polynomial coefficients for the
// sine and the cosine on [-π/4, π/4], highest degree first.
var (
	sinCosS = [6]float64{
		1.58962301576546568060e-10,
		-2.50507477628578072866e-8,
		2.75573136213857245213e-6,
		-1.98412698295895385996e-4,
		8.33333333332211858878e-3,
		-1.66666666666666307295e-1,
	}
	sinCosC = [6]float64{
		-1.13585365213876817300e-11,
		2.08757008419747316778e-9,
		-2.75573141792967388112e-7,
		2.48015872888517045348e-5,
		-1.38888888888730564116e-3,
		4.16666666666665929218e-2,
	}
)
