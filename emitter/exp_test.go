package emitter

import (
	"math"
	"testing"
)

// ulps is the distance between a and b in units in the last place of b.
func ulps(a, b float64) float64 {
	return math.Abs(a-b) / (math.Nextafter(b, math.Inf(1)) - b)
}

// TestExpDrag: expDrag is within 2 ulp of math.Exp over the whole clamped
// range, exact where e^x is exact (x = 0) and at powers of two.
func TestExpDrag(t *testing.T) {
	for _, c := range []struct {
		x, want float64
	}{
		{0, 1},
		{math.Ln2, 2},
		{-math.Ln2, 0.5},
		{1, math.E},
		{-0.5, 0.60653065971263342360},
		{-60, 8.75651076269652e-27},
		{60, 1.1420073898156842e+26},
	} {
		if got := expDrag(c.x); ulps(got, c.want) > 2 {
			t.Errorf("expDrag(%v) = %v, want %v (%.1f ulp)", c.x, got, c.want, ulps(got, c.want))
		}
	}
	worst := 0.0
	for i := 0; i <= 2000000; i++ {
		x := -maxExponent + 2*maxExponent*float64(i)/2000000
		if u := ulps(expDrag(x), math.Exp(x)); u > worst {
			worst = u
		}
	}
	if worst > 2 {
		t.Errorf("expDrag is %.2f ulp from math.Exp at worst over [-60, 60]; want <= 2", worst)
	}
	t.Logf("worst %.2f ulp", worst)
}

func BenchmarkExpDrag(b *testing.B) {
	b.Run("math.Exp", func(b *testing.B) {
		s := 0.0
		for i := range b.N {
			s += math.Exp(-0.6 - float64(i&1023)*0.001)
		}
		sinkFloat = s
	})
	b.Run("expDrag", func(b *testing.B) {
		s := 0.0
		for i := range b.N {
			s += expDrag(-0.6 - float64(i&1023)*0.001)
		}
		sinkFloat = s
	})
}

var sinkFloat float64
