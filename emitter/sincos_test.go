package emitter_test

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestSinCosDegrees: the exported turn is exact at multiples of 90° and
// close to math.Sincos elsewhere.
func TestSinCosDegrees(t *testing.T) {
	for _, c := range []struct{ d, sin, cos float64 }{{0, 0, 1}, {90, 1, 0}, {-90, -1, 0}, {180, 0, -1}, {450, 1, 0}} {
		if s, co := emitter.SinCosDegrees(c.d); s != c.sin || co != c.cos {
			t.Errorf("SinCosDegrees(%v) = %v, %v, want %v, %v", c.d, s, co, c.sin, c.cos)
		}
	}
	for d := -720.0; d <= 720; d += 0.37 {
		s, c := emitter.SinCosDegrees(d)
		ws, wc := math.Sincos(d * math.Pi / 180)
		if math.Abs(s-ws) > 2e-9 || math.Abs(c-wc) > 2e-9 {
			t.Fatalf("SinCosDegrees(%v) = %v, %v; math.Sincos %v, %v", d, s, c, ws, wc)
		}
	}
}
