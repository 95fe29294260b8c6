package emitter

import (
	"math"
	"unsafe"

	"github.com/emberfx/ember/internal/hash"
)

// The vector kernel places eight candidates at a time, for the commonest
// segments of the billboard path: a cached stream or burst, every
// candidate evaluated, facing the camera, with a flat size or a compiled
// Size curve of up to eight segments and no squash. It does the scalar
// loop's operations (appendPlain: lookup, life test, age, drag factors,
// position, size, turn) in the same order on each lane, in IEEE double
// precision without fused multiply-adds, so its billboards are the scalar
// loop's bit for bit (TestVectorMatchesScalar, TestVectorBurstsMatchScalar).
// A burst's particles share its age and drag factors, which appendPlain
// computes once and the kernel is given. A block it cannot finish the same
// way (a slot to fill, an exponent past the drag clamp) is left to the
// scalar loop.

// vectorCurveSegs is the most Size curve segments the kernel samples.
const vectorCurveSegs = 8

// vectorArgs is what the kernel reads and writes. vector_amd64.s reads its
// layout through go_asm.h.
type vectorArgs struct {
	lanes *laneBlock // the lane ring
	tags  *int64     // its blocks' tags (laneBlock)
	out   *Billboard // out[0]; the kernel writes from out[n] on
	// xy, when not nil, has the kernel store by column instead (Columns):
	// each block's eight pairs whole, at entry n of the columns whose
	// first entries these are.
	ks           *[2]uint32
	xy, u, v, ta *[2]float32
	kf           *[kfLen]float64 // vectorFloats
	ki           *[kiLen]int64   // vectorInts
	steps        *[anchorSpan]float64
	exp2         *[32]float64
	blocks       int64 // the ring's length in blocks
	blk          int64 // the ring index of a.i's block (blockOf); runKernel sets it
	i, hi        int64 // the next candidate and the last
	n            int64 // billboards written
	// anchor is the drag anchor whose exponential the kernel holds in a
	// register; odd (none) on every call, as registers do not outlive it.
	anchor int64

	x, window, rate float64
	// burst, when 1, has the kernel place particles of one burst: every
	// one of age age, whose drag factors are fa and ga, alive while age
	// is below its lifetime, particle j's key 2(keyBase + j) + 1 (the low
	// 32 bits: burstKey), read from the burst's own lane blocks. Otherwise
	// keyBase and keyOdd are 0, and a stream candidate i's key is 2i.
	burst           int64
	age, fa, ga     float64
	keyBase, keyOdd int64
	ax, ay, m       float64
	k, negK, inv    float64 // drag; k == 0: none
	flat            int64   // 1: every particle is hw × hh
	hw, hh          float64
	sizeScale       float64
	// The lifetime, rotation and spin rolls' hash.Range bounds: min and
	// max - min.
	lifeMin, lifeSpan float64
	rotMin, rotSpan   float64
	spinMin, spinSpan float64
	t0, v0, last      float64
	nseg              int64
	// turned, when 1: every particle has the rotation whose sine and
	// cosine are sin and cos (no spin, one initial rotation).
	turned          int64
	sin, cos        float64
	start, span     [vectorCurveSegs]float64
	base, rise, end [vectorCurveSegs]float64
}

// Indices of vectorFloats, the kernel's floating-point constants: the
// scalar code's constants, rounded to float64 by the same expressions.
const (
	kfOne = iota
	kfHalf
	kfNegHalf
	kfSign // -0: the sign bit
	kfInv90
	kf90
	kfDegRad
	kfInv6
	kfInv120
	kfInv5040
	kfInv362880
	kfInv24
	kfInv720
	kfInv40320
	kfInv3628800
	kfExpScale
	kfShift
	kfLn2Hi
	kfLn2Lo
	kfMaxExp
	kfNegMaxExp
	kfNegInv6
	kfNegInv24
	kfNegInv120
	kfNegInv720
	kfNegInv5040
	kfInv2p32
	kfLen
)

var vectorFloats = [kfLen]float64{
	kfOne:        1,
	kfHalf:       0.5,
	kfNegHalf:    -0.5,
	kfSign:       math.Copysign(0, -1),
	kfInv90:      1.0 / 90,
	kf90:         90,
	kfDegRad:     math.Pi / 180,
	kfInv6:       1.0 / 6,
	kfInv120:     1.0 / 120,
	kfInv5040:    1.0 / 5040,
	kfInv362880:  1.0 / 362880,
	kfInv24:      1.0 / 24,
	kfInv720:     1.0 / 720,
	kfInv40320:   1.0 / 40320,
	kfInv3628800: 1.0 / 3628800,
	kfExpScale:   32 / math.Ln2,
	kfShift:      expShift,
	kfLn2Hi:      expLn2Hi,
	kfLn2Lo:      expLn2Lo,
	kfMaxExp:     maxExponent,
	kfNegMaxExp:  -maxExponent,
	kfNegInv6:    -1.0 / 6,
	kfNegInv24:   -1.0 / 24,
	kfNegInv120:  -1.0 / 120,
	kfNegInv720:  -1.0 / 720,
	kfNegInv5040: -1.0 / 5040,
	kfInv2p32:    hash.UnitScale,
}

// Indices of vectorInts: the lanes 0..7, the dword interleave of two
// vectors (16 entries in 8 words), and the output's permutations.
const (
	kiLanes   = 0
	kiPermLo  = 8
	kiOut     = 16 // the five output vectors' permutations, 8 words each
	kiOutMask = 56 // per output vector: the words from pairs 2 and 3, then from pair 4
	kiLen     = 66
)

var vectorInts = func() (v [kiLen]int64) {
	for l := range 8 {
		v[kiLanes+l] = int64(l)
	}
	// Dword j of the interleave takes lane j/2 of the first vector (even
	// j) or of the second (odd j, index 16 + lane).
	for j := range 16 {
		d := int64(j / 2)
		if j%2 == 1 {
			d += 16
		}
		w := j / 2
		v[kiPermLo+w] |= d << (32 * (j % 2))
	}
	// The kernel packs eight billboards as 40 words, word p = 5r + f
	// holding pair f of billboard r. Output vector j is words 8j..8j+7:
	// its index picks lane r of pair f from a two-vector table (pairs 0
	// and 1, or 2 and 3: r + 8·(f&1)) or from pair 4 alone (r).
	for j := range 5 {
		for e := range 8 {
			p := 8*j + e
			r, f := int64(p/5), p%5
			idx := r
			if f < 4 {
				idx += 8 * int64(f&1)
			}
			v[kiOut+8*j+e] = idx
			switch f {
			case 2, 3:
				v[kiOutMask+2*j] |= 1 << e
			case 4:
				v[kiOutMask+2*j+1] |= 1 << e
			}
		}
	}
	return v
}()

// vectorEligible reports whether the kernel places plain segment sg's
// candidates: see the top of this file. A stream's are read from the lane
// ring, a burst's from the lane blocks fillLanes gave it.
func (f *frame) vectorEligible(sg segment) bool {
	if !haveVector || f.step != 1 || !f.kernelShape() {
		return false
	}
	if sg.burst >= 0 {
		return sg.lanes != nil
	}
	// A stream's drag factors come from the snapshot's steps (streamDrag),
	// a burst's from segmentArgs.
	return f.lanes != nil && (f.s.spec.Drag == 0 || f.s.sdrag.on)
}

// kernelShape reports whether the spec's particles are ones the kernel
// places: facing the camera, and of a flat size or a Size curve it
// samples.
func (f *frame) kernelShape() bool {
	s := f.s
	if o := s.spec.Orientation; o == VelocityParallel || o == VelocityPerpendicular {
		return false
	}
	if f.flat {
		return true
	}
	return !s.sizeConst && !s.sizeRolls && len(s.sizeCurve.segs) <= vectorCurveSegs &&
		s.squashConst && s.squashValue == 0
}

// fixedRotation returns the rotation every particle has, when the spec
// rolls one initial rotation and no spin: rot0 + omega*age is then the
// same value for every particle and age (omega is +0, and so is omega*age
// at any age, which turns a rot0 of -0 to +0 as the sum does).
func (s *Snapshot) fixedRotation() (float64, bool) {
	r, w := s.spec.Rotation, s.spec.RotSpeed
	if r.Min != r.Max || w.Min != 0 || w.Max != 0 || math.IsInf(r.Min, 0) || math.IsNaN(r.Min) {
		return 0, false
	}
	return hash.Range(r.Min, r.Max, 0) + float64(hash.Range(w.Min, w.Max, 0)*0), true
}

// vectorArgs returns the kernel's arguments for this frame, writing from
// out[n]: those of its stream (segmentArgs sets a burst's).
func (f *frame) vectorArgs(out []Billboard, n int) vectorArgs {
	s := f.s
	a := vectorArgs{
		lanes: unsafe.SliceData(f.lanes), tags: unsafe.SliceData(f.tags), out: unsafe.SliceData(out),
		kf: &vectorFloats, ki: &vectorInts, steps: &s.sdrag.step, exp2: &exp2Frac,
		blocks: int64(len(f.lanes)), n: int64(n), anchor: 1,
		x: f.x, window: f.window, rate: f.rate,
		ax: s.accX, ay: s.accY, m: f.moveScale,
		k: s.spec.Drag, negK: -s.spec.Drag, inv: s.sdrag.inv,
		sizeScale: f.sizeScale,
		lifeMin:   s.lifeMin, lifeSpan: s.lifeMax - s.lifeMin,
		rotMin: s.spec.Rotation.Min, rotSpan: s.spec.Rotation.Max - s.spec.Rotation.Min,
		spinMin: s.spec.RotSpeed.Min, spinSpan: s.spec.RotSpeed.Max - s.spec.RotSpeed.Min,
	}
	if rot, ok := s.fixedRotation(); ok {
		a.turned = 1
		a.sin, a.cos = sincosDegPoly(rot)
	}
	if f.flat {
		a.flat, a.hw, a.hh = 1, 0.5*f.flatW, 0.5*f.flatH
		return a
	}
	c := &s.sizeCurve
	a.t0, a.v0, a.last, a.nseg = c.t0, c.v0, c.last, int64(len(c.segs))
	for j := range vectorCurveSegs {
		// Lanes past the last segment take last; a span of 1 keeps their
		// unused quotient quiet.
		a.span[j] = 1
		if j < len(c.segs) {
			g := &c.segs[j]
			a.start[j], a.span[j], a.base[j], a.rise[j], a.end[j] = g.start, g.span, g.base, g.rise, g.end
		}
	}
	return a
}

// segmentArgs sets a for the particles of segment sg: a burst's lane
// blocks, age, drag factors and keys (appendPlain's), or nothing for the
// stream, whose arguments vectorArgs sets.
func (f *frame) segmentArgs(a *vectorArgs, sg segment) {
	if sg.burst < 0 {
		return
	}
	b := f.e.bursts[sg.burst]
	a.burst = 1
	a.age, a.fa, a.ga, _ = f.burstMotion(b)
	a.keyBase, a.keyOdd = int64(b.Index*uint32(f.s.spec.MaxParticles)), 1
	a.lanes, a.tags, a.blocks = &sg.lanes[0], &sg.ltags[0], int64(len(sg.lanes))
}

// appendVector places candidates lo..hi of segment sg from out[n] on,
// eight at a time, handing the blocks the kernel leaves to appendPlain; ts
// must hold no pending turn, and holds none after.
func (f *frame) appendVector(out []Billboard, n int, ts *turns, sg segment, lo, hi int64) int {
	a := f.vectorArgs(out, n)
	f.segmentArgs(&a, sg)
	a.i, a.hi = lo, hi
	var held [8]constants
	n = f.runVector(&a, &held, func(n int, lo, hi int64) int {
		ts.from = n
		n = f.appendPlain(out, n, ts, sg, lo, hi, &held)
		ts.apply(out)
		return n
	})
	ts.from = n
	return n
}

// runKernel runs the kernel from a.i, which it reads the ring from at
// a.i's block and the blocks after it in turn, wrapping at the ring's end
// (a burst's blocks from block a.i/8 on).
func (f *frame) runKernel(a *vectorArgs) {
	a.anchor, a.blk = 1, a.i/laneWidth
	if a.burst == 0 {
		a.blk = f.blockOf(a.i)
	}
	vectorKernel(a)
}

// runVector runs the kernel over a.i..a.hi and returns how many billboards
// it has written in all: where the kernel stops at a block, rest places
// that block's candidates lo..hi from billboard n on with appendPlain,
// reading a stream's constants from held (unpackLanes; a burst's from its
// cache), and returns the next billboard, and the kernel goes on after the
// block. The kernel stops at a burst's block only when fillLanes has not
// rolled it, which it always has.
func (f *frame) runVector(a *vectorArgs, held *[8]constants, rest func(n int, lo, hi int64) int) int {
	for {
		f.runKernel(a)
		if a.i > a.hi {
			return int(a.n)
		}
		end := min(a.i|7, a.hi)
		if a.burst == 0 {
			f.unpackLanes(held, a.i, end)
		}
		a.n = int64(rest(int(a.n), a.i, end))
		a.i = end + 1
	}
}
