package emitter

import (
	"math"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// The lane kernel (lanefill_amd64.s) rolls the eight particles of a lane
// block at once, where the scalar fill rolls one at a time (rollLane): the
// stream hash of each key, the lifetime, rotation and spin rolls, and the
// launch (speed, a point of a box's volume, the emission normal, turned
// within the spread by the sine and cosine of sincosRad), every operation
// the scalar code's in its order, in IEEE double precision without fused
// multiply-adds, so the same bits (TestLaneKernelMatchesScalar). Emitters
// of other shapes (a box's surface, an ellipse) keep the scalar fill.
// Rolled one at a time, a burst's particles took about 50 ns each, a fifth
// of it math.Sincos: most of its first frame's evaluation (cmd/compare, a
// warm burst of 2,000: 148 to 257 µs a frame before the kernel, 95 to 155
// with it, three runs alternated).

// laneArgs is what the lane kernel reads and writes; lanefill_amd64.s reads
// its layout through go_asm.h.
type laneArgs struct {
	out  *laneBlock
	lc   *[lcLen]uint64 // laneConsts
	keys [laneWidth]uint32
	seed uint32
	// area is 1 where the box has area (u and v rolls place the point),
	// twoWay 1 where the normal flips at random (InAndOut), turn 1
	// where the normal turns (a spread angle above 0).
	area, twoWay, turn  int64
	speedMin, speedSpan float64
	a, b                float64 // the box's half-extents
	nx, ny              float64 // the emission normal, inward already where it points in
	spread              float64
}

// Indices of laneConsts: integers, then float64 bit patterns.
const (
	lcOne = iota // 1, as a 32-bit and as a 64-bit lane
	lcPhi1
	lcGolden
	lcMix1
	lcMix2
	lcSeven
	lcThree
	lcTwo
	lcSignBit
	lcAbs
	lcFOne
	lcFHalf
	lcUnitScale
	lcFourOverPi
	lcPi4a
	lcPi4b
	lcPi4c
	lcChLife // the channels rolled, as hash.Bits mixes them (hash.ChannelMix)
	lcChRot
	lcChSpin
	lcChSpeed
	lcChU
	lcChV
	lcChSign
	lcChSpread
	lcSin // six sinCosS coefficients
	lcCos = lcSin + 6
	lcLen = lcCos + 6
)

var laneConsts = func() (c [lcLen]uint64) {
	c[lcOne], c[lcPhi1], c[lcGolden] = 1, hash.Phi1, hash.Golden32
	c[lcMix1], c[lcMix2] = hash.MixMul1, hash.MixMul2
	c[lcSeven], c[lcThree], c[lcTwo] = 7, 3, 2
	c[lcSignBit], c[lcAbs] = 1<<63, 1<<63-1
	for i, ch := range [...]uint32{channel.Lifetime, channel.Rotation, channel.RotSpeed, channel.Speed,
		channel.ShapeU, channel.ShapeV, channel.ShapeSign, channel.Spread} {
		c[lcChLife+i] = uint64(hash.ChannelMix(ch))
	}
	for i, f := range map[int]float64{
		lcFOne: 1, lcFHalf: 0.5, lcUnitScale: hash.UnitScale, lcFourOverPi: 4 / math.Pi,
		lcPi4a: pi4a, lcPi4b: pi4b, lcPi4c: pi4c,
	} {
		c[i] = math.Float64bits(f)
	}
	for i := range 6 {
		c[lcSin+i], c[lcCos+i] = math.Float64bits(sinCosS[i]), math.Float64bits(sinCosC[i])
	}
	return c
}()

// laneKernelArgs returns the lane kernel's arguments for the frame's
// emitter, and false where the kernel cannot roll its particles: another
// shape, a spread angle past sincosRad's reduction, or no kernel.
func (f *frame) laneKernelArgs() (laneArgs, bool) {
	s := f.s
	sp := &s.spec
	a, b := s.emissionHalfExtents(f.e.hostW, f.e.hostH)
	area := a > 0 || b > 0
	if !haveLaneKernel || (area && (sp.Shape != Box || sp.ShapeStyle != Volume)) || !(s.spread < sincosReduce) {
		return laneArgs{}, false
	}
	la := laneArgs{
		lc: &laneConsts, seed: f.e.seed,
		speedMin: sp.Speed.Min, speedSpan: sp.Speed.Max - sp.Speed.Min,
		a: a, b: b, nx: s.dirX, ny: s.dirY, spread: s.spread,
	}
	if area {
		la.area = 1
	}
	switch sp.ShapeInOut {
	case Inward:
		la.nx, la.ny = -la.nx, -la.ny
	case InAndOut:
		la.twoWay = 1
	}
	if s.spread > 0 {
		la.turn = 1
	}
	return la, true
}

// laneRoller makes a fill's lane kernel arguments when its first block is
// rolled: most evaluations roll none (an effect of a few particles gets a
// new one every few frames), and would pay for them every time.
type laneRoller struct {
	f     *frame
	la    laneArgs
	state int8 // 0: not asked yet; 1: la holds them; -1: no kernel
}

// args returns the lane kernel's arguments, or nil where the scalar fill
// rolls the frame's particles.
func (r *laneRoller) args() *laneArgs {
	if r.state == 0 {
		r.state = -1
		if la, ok := r.f.laneKernelArgs(); ok {
			r.la, r.state = la, 1
		}
	}
	if r.state < 0 {
		return nil
	}
	return &r.la
}
