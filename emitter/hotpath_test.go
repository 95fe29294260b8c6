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

// TestConstantsFitACacheLine: a particle's cached constants are 64 bytes,
// read every frame by the renderer's hot path, and the stream ring keeps
// eight particles' in eight 64-byte lines.
func TestConstantsFitACacheLine(t *testing.T) {
	if n := unsafe.Sizeof(constants{}); n != 64 {
		t.Errorf("constants are %d bytes, want 64", n)
	}
	if n := unsafe.Sizeof(ringBlock{}); n != 8*64 {
		t.Errorf("a ring block is %d bytes, want 512", n)
	}
}

// TestRingBlockLanes: a constants value stored in any lane of a ring
// block loads back whole, and leaves the other lanes as they were.
func TestRingBlockLanes(t *testing.T) {
	var b ringBlock
	for l := range int64(8) {
		c := constants{key: uint32(10 + l), st: 0xF0000000 | uint32(l), life: 1 + float64(l), ox: -2, oy: 3,
			vx: 4.5, vy: math.Copysign(0, -1), rot0: 90 * float64(l), omega: -7}
		b.store(l, &c)
		var got constants
		b.load(l, &got)
		if got != c || math.Signbit(got.vy) != math.Signbit(c.vy) {
			t.Fatalf("lane %d: stored %+v, loaded %+v", l, c, got)
		}
		for k := range l {
			var o constants
			b.load(k, &o)
			if o.key != uint32(10+k) || o.life != 1+float64(k) || o.st != 0xF0000000|uint32(k) {
				t.Fatalf("lane %d changed when lane %d was stored: %+v", k, l, o)
			}
		}
	}
}
