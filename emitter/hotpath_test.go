package emitter

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestSincosDegPoly: the billboards' sincos of degrees agrees with
// math.Sincos and is exact on the axes.
func TestSincosDegPoly(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	check := func(d float64) {
		s, c := sincosDegPoly(d)
		ws, wc := math.Sincos(d * math.Pi / 180)
		// math.Sincos's own argument d·π/180 is off by up to 2e-18·|d|.
		if tol := 2e-9 + 4e-18*math.Abs(d); math.Abs(s-ws) > tol || math.Abs(c-wc) > tol {
			t.Fatalf("sincosDegPoly(%v) = %v, %v; math.Sincos %v, %v", d, s, c, ws, wc)
		}
	}
	for range 200000 {
		check(720*rng.Float64() - 360)
		check(1e6 * (2*rng.Float64() - 1))
	}
	for d := -1000.0; d <= 1000; d += 0.5 {
		check(d)
	}
	for i, want := range [][2]float64{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		for _, k := range []float64{-3, -1, 0, 2} {
			if s, c := sincosDegPoly(90*float64(i) + 360*k); s != want[0] || c != want[1] {
				t.Errorf("sincosDegPoly(%v) = %v, %v; want %v", 90*float64(i)+360*k, s, c, want)
			}
		}
	}
}

// TestTurnMemo: the memo recomputes on every change of rotation, NaN
// included, and starts at 0° exactly.
func TestTurnMemo(t *testing.T) {
	tu := turn{0, 0, 1}
	for _, d := range []float64{0, 30, 30, -30, 0, 90, math.NaN(), 45} {
		s, c := tu.of(d)
		ws, wc := sincosDegPoly(d)
		if math.IsNaN(d) {
			if !math.IsNaN(s) || !math.IsNaN(c) {
				t.Fatalf("of(NaN) = %v, %v", s, c)
			}
			continue
		}
		if s != ws || c != wc {
			t.Fatalf("of(%v) = %v, %v; want %v, %v", d, s, c, ws, wc)
		}
	}
}

// TestConstantsFitACacheLine: a particle's cached constants are one 64-byte
// line, read every frame by the renderer's hot path.
func TestConstantsFitACacheLine(t *testing.T) {
	if n := unsafe.Sizeof(constants{}); n != 64 {
		t.Errorf("constants are %d bytes, want 64", n)
	}
}
