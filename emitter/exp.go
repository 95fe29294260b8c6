package emitter

import "math"

// expDrag returns e^x for |x| <= maxExponent, the exponential of
// DragFactors: within 2 ulp of math.Exp (TestExpDrag) and several times
// cheaper in the evaluation loops, where math.Exp cost a steady
// 100,000-particle frame a fifth of its evaluation (docs/closed-form.md,
// section 4). It is plain arithmetic and one table, so its bits are the
// same on every run. x = (32m + j) ln2/32 + r with |r| <= ln2/64, ln2/32
// split in two parts so that the first product is exact; then
// e^x = 2^m · 2^(j/32) · e^r, 2^(j/32) from the table (each entry
// correctly rounded), e^r - 1 from its Taylor series to r^6 (the first
// omitted term, r^7/7!, is below 4e-18; grouped in pairs so that the
// additions do not wait on one long chain), times the table's entry and
// added to it last, so that only that sum rounds at full size; 2^m is
// built from its
// bits. Outside the clamp m would leave float64's normal exponents:
// callers clamp first.
func expDrag(x float64) float64 {
	kd := float64(x*(32/math.Ln2)) + expShift
	i := int64(math.Float64bits(kd) - math.Float64bits(expShift))
	n := kd - expShift
	r := (x - float64(n*expLn2Hi)) - float64(n*expLn2Lo)
	r2 := r * r
	q := r + float64(r2*((0.5+float64(r*(1.0/6)))+float64(r2*((1.0/24+float64(r*(1.0/120)))+float64(r2*(1.0/720)))))) // e^r - 1
	t := exp2Frac[i&31]
	return (t + float64(t*q)) * math.Float64frombits(uint64((i>>5)+1023)<<52)
}

// expDrag's constants (the vector kernel's too): ln 2/32 in two parts, and
// 1.5·2^52, which rounds a sum to an integer (to even on ties) and leaves
// it in the low bits: no rounding instruction, no conversion.
const (
	expLn2Hi = 6.93147180369123816490e-01 / 32 // its low 32 bits are zero
	expLn2Lo = 1.90821492927058770002e-10 / 32 // ln 2/32 - expLn2Hi
	expShift = 0x1.8p52
)

// exp2Frac holds 2^(j/32) for j = 0..31, correctly rounded.
var exp2Frac = [32]float64{
	1.0,
	1.0218971486541166,
	1.0442737824274138,
	1.0671404006768237,
	1.0905077326652577,
	1.1143867425958924,
	1.1387886347566916,
	1.1637248587775775,
	1.189207115002721,
	1.215247359980469,
	1.241857812073484,
	1.2690509571917332,
	1.2968395546510096,
	1.3252366431597413,
	1.3542555469368927,
	1.383909881963832,
	1.4142135623730951,
	1.4451808069770467,
	1.4768261459394993,
	1.5091644275934228,
	1.5422108254079407,
	1.5759808451078865,
	1.6104903319492543,
	1.645755478153965,
	1.681792830507429,
	1.718619298122478,
	1.7562521603732995,
	1.7947090750031072,
	1.8340080864093424,
	1.8741676341103,
	1.9152065613971474,
	1.9571441241754002,
}
