package emitter

import (
	"fmt"
	"math"
	"testing"
)

// TestStreamDrag: the anchored factors of stream particle i agree with
// DragFactors(k, age): the decay within (4 + |k age| + |the anchor's
// exponent|) ulp (two exponentials of 2 ulp each, and the rounding of
// their arguments, which DragFactors' own argument carries too), f and g to a few ulp of their
// terms; they are DragFactors' own bits where the series, the clamp or
// the anchor's range decides, and do not depend on whether the anchor's
// exponential was cached.
func TestStreamDrag(t *testing.T) {
	for _, c := range []struct {
		k, rate float64
	}{
		{0.8, 66666.67}, {0.8, 30}, {5, 1000}, {-0.3, 200}, {40, 1e6}, {1e-3, 10}, {2, 1.5},
	} {
		t.Run(fmt.Sprintf("k %g rate %g", c.k, c.rate), func(t *testing.T) {
			d := newStreamDrag(c.k, c.rate)
			if want := math.Abs(c.k)*(anchorSpan-1)/c.rate < maxExponent; d.on != want {
				t.Fatalf("on = %v, want %v", d.on, want)
			}
			var a anchor
			worst := 0.0
			for _, x := range []float64{0, 17.25, 1e3 + 0.5, 1e5 + 0.125, 3.3e6} {
				for back := 0.0; back <= 40*c.rate && back <= x; back += max(1, c.rate/997) {
					i := int64(x - back)
					age := (x - float64(i)) / c.rate
					f, g, decay := d.factors(x, i, age, &a)
					f0, g0, decay0 := d.factors(x, i, age, nil)
					if f != f0 || g != g0 || decay != decay0 {
						t.Fatalf("x %v i %v: cached anchor %v %v %v, uncached %v %v %v", x, i, f, g, decay, f0, g0, decay0)
					}
					wf, wg, wd := DragFactors(c.k, age)
					q := c.k * age
					ea := -c.k * ((x - float64(i&^(anchorSpan-1))) / c.rate)
					if (q > -0.5 && q < 0.5) || !(q > -maxExponent && q < maxExponent) || !(ea > -maxExponent && ea < maxExponent) {
						if f != wf || g != wg || decay != wd {
							t.Fatalf("x %v i %v age %v: %v %v %v, want DragFactors' %v %v %v", x, i, age, f, g, decay, wf, wg, wd)
						}
						continue
					}
					// The exponentials carry their arguments' rounding,
					// |q|·2^-53 and |ea|·2^-53 (7e-15 at 60): relative
					// to that.
					if e := math.Abs(decay-wd) / wd / ((4 + math.Abs(q) + math.Abs(ea)) * 0x1p-52); e > worst {
						worst = e
					}
					// f = (1 - decay)/k and g = (age - f)/k carry the
					// decay's difference on, plus their own rounding.
					const ulp = 0x1p-52
					df := math.Abs(f - wf)
					if df > 2*math.Abs(decay-wd)/math.Abs(c.k)+2*ulp*math.Abs(wf) {
						t.Fatalf("x %v i %v age %v: f %v, want %v", x, i, age, f, wf)
					}
					if math.Abs(g-wg) > 2*df/math.Abs(c.k)+2*ulp*(math.Abs(wg)+math.Abs(age/c.k)) {
						t.Fatalf("x %v i %v age %v: g %v, want %v", x, i, age, g, wg)
					}
				}
			}
			if worst > 1 {
				t.Errorf("decay off by %.3g times (4 + |k age| + |anchor's exponent|) ulp at worst; want <= 1", worst)
			}
		})
	}
}
