package hash

// Tests of the stateless hash (docs/closed-form.md, section 1). The
// reference values come from an independent implementation written the way
// a language with float64 numbers only (such as Luau) has to write it:
// every number is a float64, the 32-bit products go through multiply32
// (16-bit halves), and xor and shifts are done with floor and mod. Mix32
// must agree with it bit for bit.

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/channel"
)

// Helpers of the statistical tests below.

// within reports whether got is within tol of want (absolute).
func within(got, want, tol float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return false
	}
	if got == want {
		return true
	}
	return math.Abs(got-want) <= tol
}

// correlation is Pearson's correlation coefficient of xs and ys.
func correlation(xs, ys []float64) float64 {
	n := float64(len(xs))
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range xs {
		dx, dy := xs[i]-mx, ys[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

// chiSquare is Pearson's statistic of counts against a uniform
// expectation.
func chiSquare(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	want := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - want
		x += d * d / want
	}
	return x
}

// chi2Crit15 is the chi-square critical value for 15 degrees of freedom
// (16 buckets) at p = 0.001. The inputs are fixed seeds, so the tests are
// deterministic; the threshold says how unlikely a pass by a bad hash is.
const chi2Crit15 = 37.70

// --- The float64-only reference ---

const (
	refTwo16 = 65536.0
	refTwo32 = 4294967296.0
)

// refMod is a mod m for m > 0, in [0, m).
func refMod(a, m float64) float64 { return a - m*math.Floor(a/m) }

// refMultiply32 is the float64-only 32-bit product: a*b mod 2^32 with a = 2^16 ah + al,
// b = 2^16 bh + bl and the 2^32 ah bh term dropped. Every partial product is
// below 2^32 and the sum below 2^34, so float64 holds it exactly.
func refMultiply32(a, b float64) float64 {
	ah, al := math.Floor(a/refTwo16), refMod(a, refTwo16)
	bh, bl := math.Floor(b/refTwo16), refMod(b, refTwo16)
	mid := refMod(ah*bl+al*bh, refTwo16)
	return refMod(mid*refTwo16+al*bl, refTwo32)
}

// refXor is a xor b of two 32-bit values, bit by bit with floor and mod.
func refXor(a, b float64) float64 {
	r, bit := 0.0, 1.0
	for i := 0; i < 32; i++ {
		if refMod(a, 2) != refMod(b, 2) {
			r += bit
		}
		a, b = math.Floor(a/2), math.Floor(b/2)
		bit *= 2
	}
	return r
}

func refShr(a float64, n int) float64 { return math.Floor(a / math.Exp2(float64(n))) }

func refAdd(a, b float64) float64 { return refMod(a+b, refTwo32) }

// refMix is M(x), in float64 arithmetic only.
func refMix(x float64) float64 {
	z := refAdd(x, 0x9E3779B9)
	z = refMultiply32(refXor(z, refShr(z, 16)), 0x21F0AAAD)
	z = refMultiply32(refXor(z, refShr(z, 15)), 0x735A2D97)
	return refXor(z, refShr(z, 15))
}

// refStream is stream(s, i) = M(s xor (i+1) Phi1).
func refStream(seed, index float64) float64 {
	return refMix(refXor(seed, refMultiply32(refAdd(index, 1), 0x9E3779B1)))
}

// refBits is M(stream xor (k+1) Phi2).
func refBits(stream, channel float64) float64 {
	return refMix(refXor(stream, refMultiply32(refAdd(channel, 1), 0x85EBCA77)))
}

// lcg is a plain 32-bit LCG (Numerical Recipes constants) that only
// chooses test inputs.
type lcg uint32

func (g *lcg) next() uint32 {
	*g = *g*1664525 + 1013904223
	return uint32(*g)
}

// hashInputs returns edge values plus n pseudo-random 32-bit inputs.
func hashInputs(n int) []uint32 {
	in := []uint32{
		0, 1, 2, 3, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF,
		0x100000000 - Golden32, // z0 = 0
		0x0000FFFF, 0xFFFF0000, 0x00010000, 0x9E3779B9, 0x21F0AAAD,
	}
	for i := 0; i < 32; i++ {
		in = append(in, 1<<i)
	}
	g := lcg(12345)
	for i := 0; i < n; i++ {
		in = append(in, g.next())
	}
	return in
}

// TestHashMultiply32Reference checks the test's own Multiply32 against the
// machine's uint32 product, and shows why a float64-only language needs it: a plain float64
// product loses exactly the low bits the hash depends on.
func TestHashMultiply32Reference(t *testing.T) {
	g := lcg(7)
	naiveWrong := 0
	const n = 20000
	for i := 0; i < n; i++ {
		a, b := g.next(), g.next()
		want := a * b
		if got := refMultiply32(float64(a), float64(b)); got != float64(want) {
			t.Fatalf("refMultiply32(%#x, %#x) = %v, want %#x", a, b, got, want)
		}
		if naive := math.Mod(float64(a)*float64(b), refTwo32); naive != float64(want) {
			naiveWrong++
		}
	}
	// Products of two random 32-bit values need about 64 bits; float64
	// keeps 53, so almost every naive product is wrong.
	if naiveWrong < n*9/10 {
		t.Errorf("naive float64 product wrong on %d of %d inputs, want at least 90%%", naiveWrong, n)
	}
}

// TestHashMix32MatchesFloat64Reference: Mix32 agrees bit for bit with the
// float64-only splitmix32 on edge values and 5000 random inputs.
func TestHashMix32MatchesFloat64Reference(t *testing.T) {
	for _, x := range hashInputs(5000) {
		want := refMix(float64(x))
		if got := Mix32(x); float64(got) != want {
			t.Fatalf("Mix32(%#08x) = %#08x, float64 reference %#08x", x, got, uint32(want))
		}
	}
}

// TestHashStreamBitsMatchFloat64Reference: Stream, Bits and Unit agree with
// the reference on many (seed, index, channel).
func TestHashStreamBitsMatchFloat64Reference(t *testing.T) {
	seeds := []uint32{0, 1, 42, 0xDEADBEEF, 0xFFFFFFFF}
	g := lcg(99)
	for _, s := range seeds {
		for k := 0; k < 200; k++ {
			i := uint32(k)
			if k >= 100 {
				i = g.next()
			}
			st := Stream(s, i)
			if want := refStream(float64(s), float64(i)); float64(st) != want {
				t.Fatalf("Stream(%#x, %d) = %#08x, reference %#08x", s, i, st, uint32(want))
			}
			for _, ch := range []uint32{channel.Lifetime, channel.Spread, channel.FlipbookRandom + 32*7, 0xFFFFFFFF} {
				want := refBits(float64(st), float64(ch))
				if got := Bits(st, ch); float64(got) != want {
					t.Fatalf("Bits(%#08x, %d) = %#08x, reference %#08x", st, ch, got, uint32(want))
				}
				if got := Unit(st, ch); got != want/refTwo32 {
					t.Fatalf("Unit(%#08x, %d) = %v, reference %v", st, ch, got, want/refTwo32)
				}
			}
		}
	}
}

// hashTable holds exact values computed with the float64 reference above
// (refMix, refStream, refBits), so a reader can recompute them from the
// formulas of docs/closed-form.md, section 1, without Go's uint32 arithmetic.
var hashTable = []struct {
	name                 string
	seed, index, channel uint32
	stream, bits         uint32
}{
	{"u = 0.027953591430559754", 0x0, 0, 1, 0xf77782fb, 0x0727f771},                  // u = 0.027953591430559754
	{"u = 0.78276101709343493", 0x0, 1, 1, 0xad09283e, 0xc86306a9},                   // u = 0.78276101709343493
	{"u = 0.6847943055909127", 0x0, 2, 2, 0x15882b4d, 0xaf4eadfb},                    // u = 0.6847943055909127
	{"u = 0.16749068698845804", 0x1, 0, 1, 0x3b769323, 0x2ae0ab6f},                   // u = 0.16749068698845804
	{"u = 0.098413195461034775", 0x2a, 7, 3, 0x4091b64e, 0x19319b70},                 // u = 0.098413195461034775
	{"u = 0.57916580117307603", 0x2a, 1000, 9, 0x15343f09, 0x944435bf},               // u = 0.57916580117307603
	{"u = 0.10786952241323888", 0xdeadbeef, 0, 12, 0x1fb95df6, 0x1b9d5647},           // u = 0.10786952241323888
	{"u = 0.56292691803537309", 0xdeadbeef, 123456, 14, 0x290e29a3, 0x901bfa7f},      // u = 0.56292691803537309
	{"u = 0.63339927839115262", 0xffffffff, 0xffffffff, 174, 0xeb721c8a, 0xa2267482}, // u = 0.63339927839115262
	{"u = 0.99860330484807491", 0x9e3779b9, 2, 16, 0x326217d2, 0xffa47758},           // u = 0.99860330484807491
}

// mixTable holds exact M(x) values from the float64 reference. M(0x61c88647)
// is 0: the golden-ratio addition wraps to 0 and every later step keeps 0.
var mixTable = []struct {
	name    string
	x, want uint32
}{
	{"x 0x0, want 0x64625032", 0x0, 0x64625032},
	{"x 0x1, want 0x5e2d1772", 0x1, 0x5e2d1772},
	{"x 0xffffffff, want 0xeb721c8a", 0xffffffff, 0xeb721c8a},
	{"x 0x61c88647, want 0x00000000", 0x61c88647, 0x00000000},
	{"x 0x3039, want 0xc3b24a19", 0x3039, 0xc3b24a19},
}

// TestHashTable pins Mix32, Stream and Bits to exact values.
func TestHashTable(t *testing.T) {
	for _, c := range mixTable {
		t.Run(c.name, func(t *testing.T) {
			if got := Mix32(c.x); got != c.want {
				t.Errorf("Mix32(%#x) = %#08x, want %#08x", c.x, got, c.want)
			}
		})
	}
	for _, c := range hashTable {
		t.Run(c.name, func(t *testing.T) {
			st := Stream(c.seed, c.index)
			if st != c.stream {
				t.Errorf("Stream(%#x, %d) = %#08x, want %#08x", c.seed, c.index, st, c.stream)
			}
			if b := Bits(st, c.channel); b != c.bits {
				t.Errorf("Bits(Stream(%#x, %d), %d) = %#08x, want %#08x", c.seed, c.index, c.channel, b, c.bits)
			}
			if u, want := Unit(st, c.channel), float64(c.bits)/refTwo32; u != want {
				t.Errorf("Unit(Stream(%#x, %d), %d) = %v, want %v", c.seed, c.index, c.channel, u, want)
			}
		})
	}
}

// unmix32 inverts Mix32: each xorshift and each odd multiplier is a
// bijection modulo 2^32.
func unmix32(y uint32) uint32 {
	inv := func(a uint32) uint32 { // Newton's iteration for a^-1 mod 2^32
		x := a
		for i := 0; i < 5; i++ {
			x *= 2 - a*x
		}
		return x
	}
	z := y ^ y>>15 ^ y>>30 // undo z ^= z>>15
	z *= inv(0x735A2D97)
	z = z ^ z>>15 ^ z>>30
	z *= inv(0x21F0AAAD)
	z ^= z >> 16 // undo z ^= z>>16
	return z - Golden32
}

// TestHashMix32Bijective: Mix32 is a bijection (so no two inputs collide),
// checked through its inverse.
func TestHashMix32Bijective(t *testing.T) {
	for _, x := range hashInputs(2000) {
		if got := unmix32(Mix32(x)); got != x {
			t.Fatalf("unmix32(Mix32(%#x)) = %#x", x, got)
		}
		if got := Mix32(unmix32(x)); got != x {
			t.Fatalf("Mix32(unmix32(%#x)) = %#x", x, got)
		}
	}
}

// TestHashUnitRange: Unit is in [0, 1) for every roll, including the
// extreme Bits 0 and 0xFFFFFFFF, which the inverse mixer lets us reach.
func TestHashUnitRange(t *testing.T) {
	for _, ch := range []uint32{channel.Lifetime, channel.ShapeU, channel.FlipbookRandom} {
		// Bits(st, ch) = Mix32(st ^ (ch+1) Phi2) = y  <=>  st = unmix32(y) ^ (ch+1) Phi2
		for _, c := range []struct {
			name string
			bits uint32
			want float64
		}{
			{"bits 0, want 0", 0, 0},
			{"0.99999999976716936", 0xFFFFFFFF, 1 - 1.0/4294967296}, // 0.99999999976716936
			{"bits 0x80000000, want 0.5", 0x80000000, 0.5},
		} {
			t.Run(c.name, func(t *testing.T) {
				st := unmix32(c.bits) ^ (ch+1)*Phi2
				if b := Bits(st, ch); b != c.bits {
					t.Fatalf("Bits = %#x, want %#x", b, c.bits)
				}
				u := Unit(st, ch)
				if u != c.want || !(u >= 0 && u < 1) {
					t.Errorf("Unit with Bits %#x = %.17g, want %.17g in [0, 1)", c.bits, u, c.want)
				}
			})
		}
	}
	for i := uint32(0); i < 100000; i++ {
		u := Unit(Stream(3, i), channel.Speed)
		if !(u >= 0 && u < 1) {
			t.Fatalf("Unit(Stream(3, %d), speed) = %v, outside [0, 1)", i, u)
		}
	}
}

// TestHashUnitMoments: over 100k rolls the mean is 1/2 and the variance
// 1/12 (uniform on [0, 1)). The standard error of the mean is
// 1/sqrt(12 n) = 0.000913; of the variance sqrt(1/180 n) = 0.000236 for
// n = 100k. Tolerances are 5 standard errors.
func TestHashUnitMoments(t *testing.T) {
	const n = 100000
	for _, c := range []struct {
		name          string
		seed, channel uint32
	}{{"seed 0, channel channel.Lifetime", 0, channel.Lifetime}, {"seed 1, channel channel.Speed", 1, channel.Speed}, {"seed 0xC0FFEE, channel channel.ShapeV", 0xC0FFEE, channel.ShapeV}, {"seed 7, channel channel.FlipbookRandom +…", 7, channel.FlipbookRandom + 32*3}} {
		t.Run(c.name, func(t *testing.T) {
			var sum, sum2 float64
			for i := uint32(0); i < n; i++ {
				u := Unit(Stream(c.seed, i), c.channel)
				sum += u
				sum2 += u * u
			}
			mean := sum / n
			variance := sum2/n - mean*mean
			seMean := 1 / math.Sqrt(12*n)
			seVar := math.Sqrt(1.0 / 180 / n)
			if !within(mean, 0.5, 5*seMean) {
				t.Errorf("seed %d channel %d: mean %.6f, want 0.5 ± %.6f", c.seed, c.channel, mean, 5*seMean)
			}
			if !within(variance, 1.0/12, 5*seVar) {
				t.Errorf("seed %d channel %d: variance %.6f, want 1/12 ± %.6f", c.seed, c.channel, variance, 5*seVar)
			}
		})
	}
}

// TestHashChannelIndependence: the channels of one particle are
// uncorrelated. With n = 100k the standard error of a correlation is
// 1/sqrt(n) = 0.0032; the tolerance is 5 of them.
func TestHashChannelIndependence(t *testing.T) {
	const n = 100000
	tol := 5 / math.Sqrt(n)
	pairs := [][2]uint32{
		{channel.Lifetime, channel.Speed},
		{channel.ShapeU, channel.ShapeV},
		{channel.Speed, channel.Spread},
		{channel.FlipbookRandom, channel.FlipbookRandom + 32},
		{channel.SizeEnvelope, channel.TransparencyEnvelope},
	}
	xs, ys := make([]float64, n), make([]float64, n)
	for _, p := range pairs {
		for i := range xs {
			st := Stream(11, uint32(i))
			xs[i], ys[i] = Unit(st, p[0]), Unit(st, p[1])
		}
		if r := correlation(xs, ys); !within(r, 0, tol) {
			t.Errorf("correlation of channels %d and %d = %.5f, want 0 ± %.4f", p[0], p[1], r, tol)
		}
	}
}

// TestHashNeighboursDoNotClump: particles with neighbouring keys (stream
// keys are 2i, so both +1 and +2) roll unrelated numbers: the correlation
// of successive rolls is ~0, and both the rolls and the pairs of successive
// rolls fill 16 buckets uniformly (chi-square, 15 degrees of freedom).
func TestHashNeighboursDoNotClump(t *testing.T) {
	const n = 100000
	tol := 5 / math.Sqrt(n)
	for _, seed := range []uint32{0, 0x12345678} {
		for _, step := range []uint32{1, 2} {
			for _, ch := range []uint32{channel.Speed, channel.ShapeU} {
				xs, ys := make([]float64, n), make([]float64, n)
				var single, pair [16]int
				for i := range xs {
					a := Unit(Stream(seed, uint32(i)), ch)
					b := Unit(Stream(seed, uint32(i)+step), ch)
					xs[i], ys[i] = a, b
					single[int(a*16)]++
					pair[int(a*4)*4+int(b*4)]++
				}
				if r := correlation(xs, ys); !within(r, 0, tol) {
					t.Errorf("seed %#x step %d channel %d: neighbour correlation %.5f, want 0 ± %.4f", seed, step, ch, r, tol)
				}
				if x := chiSquare(single[:]); x > chi2Crit15 {
					t.Errorf("seed %#x channel %d: chi-square of 16 buckets %.2f > %.2f", seed, ch, x, chi2Crit15)
				}
				if x := chiSquare(pair[:]); x > chi2Crit15 {
					t.Errorf("seed %#x step %d channel %d: chi-square of 4x4 neighbour pairs %.2f > %.2f", seed, step, ch, x, chi2Crit15)
				}
			}
		}
	}
}

// TestHashSeedsDiffer: two seeds give unrelated streams for the same index.
func TestHashSeedsDiffer(t *testing.T) {
	const n = 100000
	xs, ys := make([]float64, n), make([]float64, n)
	same := 0
	for i := range xs {
		a, b := Stream(1, uint32(i)), Stream(2, uint32(i))
		if a == b {
			same++
		}
		xs[i], ys[i] = Unit(a, channel.Speed), Unit(b, channel.Speed)
	}
	if same > 2 {
		t.Errorf("seeds 1 and 2 share the stream of %d indices", same)
	}
	if r, tol := correlation(xs, ys), 5/math.Sqrt(n); !within(r, 0, tol) {
		t.Errorf("correlation across seeds %.5f, want 0 ± %.4f", r, tol)
	}
}

// TestHashRangeSignedInteger: the mapping formulas,
// Range = lo+(hi-lo)u, Signed = 2u-1, Integer = lo+floor(u(hi-lo+1)).
func TestHashRangeSignedInteger(t *testing.T) {
	const uMax = 1 - 1.0/4294967296 // the largest Unit
	for _, c := range []struct {
		name            string
		lo, hi, u, want float64
	}{
		{"lo 2, hi 5, u 0", 2, 5, 0, 2},
		{"lo 2, hi 5, u 0.5", 2, 5, 0.5, 3.5},
		{"lo 2, hi 5, u 0.25", 2, 5, 0.25, 2.75},
		{"lo -10, hi 10, u 0.75", -10, 10, 0.75, 5},
		{"lo 3, hi 3, u 0.9", 3, 3, 0.9, 3},
		{"no ordering requirement: lo + (hi-lo) u", 5, 1, 0.5, 3}, // no ordering requirement: lo + (hi-lo) u
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Range(c.lo, c.hi, c.u); !within(got, c.want, 1e-15) {
				t.Errorf("Range(%v, %v, %v) = %v, want %v", c.lo, c.hi, c.u, got, c.want)
			}
		})
	}
	if got := Range(0, 1, uMax); got >= 1 {
		t.Errorf("Range(0, 1, uMax) = %v, want < 1", got)
	}
	for _, c := range []struct {
		name    string
		u, want float64
	}{
		{"u 0, want -1", 0, -1}, {"u 0.25, want -0.5", 0.25, -0.5}, {"u 0.5, want 0", 0.5, 0}, {"u 0.75, want 0.5", 0.75, 0.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Signed(c.u); got != c.want {
				t.Errorf("Signed(%v) = %v, want %v", c.u, got, c.want)
			}
		})
	}
	if got := Signed(uMax); !(got < 1) || !within(got, 1, 1e-9) {
		t.Errorf("Signed(uMax) = %.17g, want just below 1", got)
	}
	for _, c := range []struct {
		name   string
		lo, hi int
		u      float64
		want   int
	}{
		{"lo 1, hi 4, u 0", 1, 4, 0, 1},
		{"lo 1, hi 4, u 0.2499999", 1, 4, 0.2499999, 1},
		{"lo 1, hi 4, u 0.25", 1, 4, 0.25, 2},
		{"lo 1, hi 4, u 0.5", 1, 4, 0.5, 3},
		{"lo 1, hi 4, u 0.75", 1, 4, 0.75, 4},
		{"lo 1, hi 4, u uMax", 1, 4, uMax, 4},
		{"lo 1, hi 6, u 1.0 / 6", 1, 6, 1.0 / 6, 2},
		{"lo 1, hi 6, u uMax", 1, 6, uMax, 6},
		{"lo 0, hi 0, u uMax", 0, 0, uMax, 0},
		{"lo -3, hi 3, u 0", -3, 3, 0, -3},
		{"lo -3, hi 3, u 0.5", -3, 3, 0.5, 0},
		{"lo -3, hi 3, u uMax", -3, 3, uMax, 3},
		{"lo 1, hi 1 << 20, u uMax", 1, 1 << 20, uMax, 1 << 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Integer(c.lo, c.hi, c.u); got != c.want {
				t.Errorf("Integer(%d, %d, %v) = %d, want %d", c.lo, c.hi, c.u, got, c.want)
			}
		})
	}
}

// TestHashIntegerUniform: Integer(1, N, u) covers 1..N uniformly and never
// returns N+1, for hash rolls and for the largest possible roll.
func TestHashIntegerUniform(t *testing.T) {
	const uMax = 1 - 1.0/4294967296
	for _, n := range []int{2, 3, 4, 6, 16, 64, 4096, 1 << 20} {
		if got := Integer(1, n, uMax); got != n {
			t.Errorf("Integer(1, %d, uMax) = %d, want %d", n, got, n)
		}
	}
	const rolls = 160000
	for _, n := range []int{6, 16} {
		counts := make([]int, n)
		for i := uint32(0); i < rolls; i++ {
			k := Integer(1, n, Unit(Stream(5, i), channel.FlipbookStart))
			if k < 1 || k > n {
				t.Fatalf("Integer(1, %d, u) = %d, outside 1..%d", n, k, n)
			}
			counts[k-1]++
		}
		if n == 16 {
			if x := chiSquare(counts); x > chi2Crit15 {
				t.Errorf("Integer(1, 16, u): chi-square %.2f > %.2f (counts %v)", x, chi2Crit15, counts)
			}
		}
		// each face: expected rolls/n, binomial standard deviation
		want := float64(rolls) / float64(n)
		sd := math.Sqrt(want * (1 - 1/float64(n)))
		for k, c := range counts {
			if !within(float64(c), want, 5*sd) {
				t.Errorf("Integer(1, %d, u) = %d came %d times, want %.0f ± %.0f", n, k+1, c, want, 5*sd)
			}
		}
	}
}
