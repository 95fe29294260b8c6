package emitter

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSincosRadMatchesMath: sincosRad returns math.Sincos's bits (in a
// build that does not fuse multiply-adds, the default), at zero, at
// multiples of π/4 and beside them, over the spread angles' range and far
// past it, and at the reduction threshold, past which it is math.Sincos.
func TestSincosRadMatchesMath(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1e-300, -1e-300, 1e-8, math.Pi, -math.Pi, math.Pi / 2,
		sincosReduce - 1, -(sincosReduce - 1), sincosReduce, 1e12, math.Inf(1), math.NaN()}
	for k := -16; k <= 16; k++ {
		x := float64(k) * math.Pi / 4
		xs = append(xs, x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1)))
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range 20000 {
		xs = append(xs, (2*rng.Float64()-1)*math.Pi, (2*rng.Float64()-1)*1e4, math.Ldexp(rng.Float64(), rng.IntN(60)-30))
	}
	for _, x := range xs {
		s, c := sincosRad(x)
		ws, wc := math.Sincos(x)
		if math.Float64bits(s) != math.Float64bits(ws) || math.Float64bits(c) != math.Float64bits(wc) {
			if math.IsNaN(ws) && math.IsNaN(s) && math.IsNaN(c) {
				continue
			}
			t.Fatalf("sincosRad(%v) = %v, %v; math.Sincos %v, %v", x, s, c, ws, wc)
		}
	}
}

// TestLaneKernelMatchesScalar: the lane kernel rolls a block's eight
// particles into the bits the scalar fill (rollLane) rolls, every row,
// for random keys and seeds, over emitters with and without area (a box's
// volume), each normal direction, outward, inward and both ways, spreads
// of 0, small, 180° and more than a turn, and speeds of either sign; and
// it declines the shapes it does not roll.
func TestLaneKernelMatchesScalar(t *testing.T) {
	requireVector(t)
	rng := rand.New(rand.NewPCG(8, 1))
	rolled := 0
	for round := range 400 {
		spec := DefaultSpec()
		lo, hi := rng.NormFloat64()*50, rng.NormFloat64()*50
		spec.Speed = NumberRange{Min: min(lo, hi), Max: max(lo, hi)}
		spec.Lifetime = NumberRange{Min: 0.5, Max: 0.5 + 3*rng.Float64()}
		spec.Rotation = NumberRange{Min: -360 * rng.Float64(), Max: 360 * rng.Float64()}
		spec.RotSpeed = NumberRange{Min: -90 * rng.Float64(), Max: 90 * rng.Float64()}
		spec.SpreadAngle = Vector2{X: []float64{0, 0.5, 30, 180, 725, -40}[rng.IntN(6)]}
		spec.EmissionDirection = []NormalID{Top, Bottom, Left, Right}[rng.IntN(4)]
		spec.ShapeInOut = []ShapeInOut{Outward, Inward, InAndOut}[rng.IntN(3)]
		if rng.IntN(4) > 0 {
			spec.Shape = Box
			spec.ShapeStyle = Volume
			spec.EmissionSize = Vector2{X: rng.Float64(), Y: rng.Float64() * float64(rng.IntN(2))}
		}
		e := playing(t, spec, &EffectOptions{Seed: rng.Uint32(), HostWidth: 10 + 50*rng.Float64(), HostHeight: 10 + 50*rng.Float64()})
		f := e.newFrame()
		la, ok := f.laneKernelArgs()
		if !ok {
			t.Fatalf("round %d: the kernel declines %+v", round, spec)
		}
		for range 4 {
			var got, want laneBlock
			for l := range int64(laneWidth) {
				key := rng.Uint32()
				if rng.IntN(2) == 0 {
					key = uint32(2 * (rng.Int64N(1<<20) + l))
				}
				la.keys[l] = key
				f.rollLane(&want, l, key)
			}
			la.out = &got
			laneKernel(&la)
			if got != want {
				t.Fatalf("round %d (%+v): the kernel rolled\n%+v\nthe scalar fill\n%+v", round, spec, got, want)
			}
			rolled++
		}
	}
	for _, c := range []struct {
		shape Shape
		style ShapeStyle
		size  Vector2
		ok    bool
	}{
		{Box, Volume, Vector2{X: 1, Y: 1}, true},
		{Box, Surface, Vector2{X: 1, Y: 1}, false},
		{Box, Surface, Vector2{}, true}, // no area: the point is the origin
		{Disc, Volume, Vector2{X: 1, Y: 1}, false},
		{Sphere, Volume, Vector2{}, true},
	} {
		spec := DefaultSpec()
		spec.Shape, spec.ShapeStyle, spec.EmissionSize = c.shape, c.style, c.size
		e := playing(t, spec, &EffectOptions{HostWidth: 8, HostHeight: 8})
		f := e.newFrame()
		if _, ok := f.laneKernelArgs(); ok != c.ok {
			t.Errorf("%v %v of size %v: the kernel takes it: %v, want %v", c.shape, c.style, c.size, ok, c.ok)
		}
	}
	if rolled < 1000 {
		t.Fatalf("%d blocks rolled: the test proves little", rolled)
	}
}
