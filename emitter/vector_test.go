package emitter

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/emberfx/ember/internal/hash"
)

// vectorSpec is a stream that the kernel places (vectorEligible) when its
// options allow: a cached stream facing the camera, with drag k, a Size
// curve of segs segments (0: a flat size), spin and gravity.
func vectorSpec(rng *rand.Rand, k float64, segs int) Spec {
	s := DefaultSpec()
	s.Rate = []float64{7, 60, 450, 5000}[rng.IntN(4)]
	lo := 0.2 + 2*rng.Float64()
	s.Lifetime = NumberRange{Min: lo, Max: lo + 2*rng.Float64()}
	s.Speed = NumberRange{Min: 1, Max: 1 + 9*rng.Float64()}
	s.SpreadAngle = Vector2{X: 180 * rng.Float64(), Y: 30 * rng.Float64()}
	s.Acceleration = Vector3{X: 4*rng.Float64() - 2, Y: -10 * rng.Float64()}
	s.Drag = k
	switch rng.IntN(5) {
	case 0: // no turn at all: the sine and cosine of 0
	case 1:
		s.Rotation = NumberRange{Min: -720, Max: 720}
	case 2: // one fixed rotation: the kernel's arguments turn every particle
		r := 1440*rng.Float64() - 720
		s.Rotation = NumberRange{Min: r, Max: r}
	case 3: // -0 fixed, and a spin of -0: the sum is +0
		z := math.Copysign(0, -1)
		s.Rotation, s.RotSpeed = NumberRange{Min: z, Max: z}, NumberRange{Min: z, Max: z}
	default:
		s.Rotation = NumberRange{Min: -90, Max: 400}
		s.RotSpeed = NumberRange{Min: -900, Max: 300}
	}
	if segs == 0 {
		s.Size = ConstantSequence(0.1 + rng.Float64())
		s.Squash = ConstantSequence(2*rng.Float64() - 1)
	} else {
		s.Size = NumberSequence{{Time: 0, Value: 3 * rng.Float64()}}
		for j := 1; j <= segs; j++ {
			t := float64(j) / float64(segs)
			if j < segs {
				t -= 0.4 * rng.Float64() / float64(segs)
			}
			// Negative values too: the size is max(value, 0).
			s.Size = append(s.Size, NumberKeypoint{Time: t, Value: 3*rng.Float64() - 0.5})
		}
	}
	s.SpeedScale = 0.5 + rng.Float64()
	s.SizeScale = 0.5 + rng.Float64()
	return s
}

// bitsEqual reports whether two billboards hold the same bits.
func bitsEqual(a, b Billboard) bool {
	f := math.Float32bits
	return a.Key == b.Key && a.Stream == b.Stream && f(a.X) == f(b.X) && f(a.Y) == f(b.Y) &&
		f(a.UX) == f(b.UX) && f(a.UY) == f(b.UY) && f(a.VX) == f(b.VX) && f(a.VY) == f(b.VY) &&
		f(a.Tau) == f(b.Tau) && f(a.Age) == f(b.Age)
}

// compareVector evaluates e's billboards with the kernel and without, and
// fails unless they are the same bits, in the same order.
func compareVector(t *testing.T, name string, e *Effect) int {
	t.Helper()
	haveVector = true
	got := e.AppendBillboards(nil)
	haveVector = false
	want := e.AppendBillboards(nil)
	haveVector = true
	if len(got) != len(want) {
		t.Fatalf("%s: %d billboards with the kernel, %d without", name, len(got), len(want))
	}
	for i := range got {
		if !bitsEqual(got[i], want[i]) {
			t.Fatalf("%s: billboard %d of %d:\n kernel %+v\n scalar %+v", name, i, len(got), got[i], want[i])
		}
	}
	return len(got)
}

func requireVector(t *testing.T) {
	t.Helper()
	if !haveVector {
		t.Skip("no vector kernel on this processor or build")
	}
}

// TestVectorMatchesScalar: the kernel's billboards are the scalar loop's,
// bit for bit and in order, over random streams (drag of either sign and
// none, drag strong enough that old particles leave the exponential's clamp,
// flat sizes with squash, Size curves of 1 to 8 segments and of 9, which
// the kernel leaves to the scalar loop), stepped, seeked and rewound, on a
// resized host, and with a burst in the window (TestVectorBurstsMatchScalar
// tests bursts).
func TestVectorMatchesScalar(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	rng := rand.New(rand.NewPCG(7, 11))
	total := 0
	for n := range 60 {
		k := []float64{0, 0.8, -0.4, 3, 45, math.Copysign(0, -1)}[n%6]
		segs := n % 10 // 9: past the kernel's curves
		spec := vectorSpec(rng, k, segs)
		e := playing(t, spec, &EffectOptions{Seed: uint32(n), HostWidth: 120 + float64(n), HostHeight: 90})
		name := fmt.Sprintf("spec %d (drag %v, %d segments, rate %v)", n, k, segs, spec.Rate)
		for f := range 40 {
			switch f {
			case 10:
				e.Emit(30)
			case 20:
				e.SetTime(9.5) // far ahead: a cold ring
			case 30:
				e.SetTime(8.7) // back
			}
			if f == 25 {
				e.SetHostSize(300, 40)
			}
			e.Step(TicksPerSecond / 30)
			total += compareVector(t, fmt.Sprintf("%s, frame %d", name, f), e)
		}
	}
	if total < 100000 {
		t.Fatalf("%d billboards in all: too few to prove anything", total)
	}
}

// TestVectorKernelRuns: once its ring is filled, the kernel places a steady
// stream's whole run without handing a block to the scalar loop, and its
// billboards are the scalar loop's; with a drag whose old particles leave
// the clamp it hands those blocks back, and the result still agrees.
func TestVectorKernelRuns(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	// The kernel reads a lane block as six rows of eight words in this
	// order (384 bytes: it finds a block at 3·128 bytes times its index),
	// and writes a billboard as five pairs of 32-bit fields.
	var lb laneBlock
	var b Billboard
	rows := []uintptr{unsafe.Offsetof(lb.stLife), unsafe.Offsetof(lb.ox), unsafe.Offsetof(lb.oy),
		unsafe.Offsetof(lb.vx), unsafe.Offsetof(lb.vy), unsafe.Offsetof(lb.spin), unsafe.Sizeof(lb)}
	board := []uintptr{unsafe.Offsetof(b.Key), unsafe.Offsetof(b.X), unsafe.Offsetof(b.UX), unsafe.Offsetof(b.VX),
		unsafe.Offsetof(b.Tau), unsafe.Sizeof(b)}
	if !slices.Equal(rows, []uintptr{0, 64, 128, 192, 256, 320, 384}) || !slices.Equal(board, []uintptr{0, 8, 16, 24, 32, 40}) {
		t.Fatalf("the kernel's layouts: lane block rows %v, billboard %v", rows, board)
	}
	for _, c := range []struct {
		drag  float64
		whole bool
	}{{0, true}, {0.8, true}, {-0.5, true}, {45, false}} {
		spec := DefaultSpec()
		spec.Rate = 500
		spec.Lifetime = NumberRange{Min: 1, Max: 2}
		spec.Speed = NumberRange{Min: 2, Max: 4}
		spec.Drag = c.drag
		spec.RotSpeed = NumberRange{Min: -90, Max: 90}
		e := kernelStream(t, spec)
		want := e.AppendBillboards(nil) // fills the ring
		f, sg, out := kernelRun(t, e, fmt.Sprintf("drag %v", c.drag))
		a := kernelOver(f, sg, out)
		if whole := a.i > a.hi; whole != c.whole {
			t.Errorf("drag %v: the kernel stopped at %d of %d..%d; want whole run %v", c.drag, a.i, sg.lo, sg.hi, c.whole)
		}
		if c.whole && int(a.n) != len(want) {
			t.Errorf("drag %v: the kernel placed %d, the evaluation %d", c.drag, a.n, len(want))
		}
		for i := range int(a.n) {
			if !bitsEqual(out[i], want[i]) {
				t.Fatalf("drag %v: billboard %d: kernel %+v, scalar %+v", c.drag, i, out[i], want[i])
			}
		}
		compareVector(t, fmt.Sprintf("drag %v", c.drag), e)
	}
}

// playing returns a playing effect of spec with options o.
func playing(t *testing.T, spec Spec, o *EffectOptions) *Effect {
	t.Helper()
	snap, err := NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewEffect(snap, o)
	if err != nil {
		t.Fatal(err)
	}
	e.Play()
	return e
}

// kernelStream returns a playing effect of spec with a Size curve the
// kernel samples, at 3 s.
func kernelStream(t *testing.T, spec Spec) *Effect {
	t.Helper()
	spec.Size = NumberSequence{{Time: 0, Value: 0.2}, {Time: 0.25, Value: 0.6}, {Time: 1, Value: 0.3}}
	e := playing(t, spec, nil)
	e.SetTime(3)
	return e
}

// TestFixedRotation: the rotation the kernel turns every particle by, when
// the spec rolls one: rot0 + omega*age for any roll and age.
func TestFixedRotation(t *testing.T) {
	z := math.Copysign(0, -1)
	for _, c := range []struct {
		rot, spin NumberRange
		want      float64
		ok        bool
	}{
		{NumberRange{}, NumberRange{}, 0, true},
		{NumberRange{Min: 30, Max: 30}, NumberRange{}, 30, true},
		{NumberRange{Min: -45.5, Max: -45.5}, NumberRange{Min: z, Max: z}, -45.5, true},
		{NumberRange{Min: z, Max: z}, NumberRange{Min: z, Max: z}, 0, true}, // -0 + +0 is +0
		{NumberRange{Min: 0, Max: 10}, NumberRange{}, 0, false},
		{NumberRange{Min: 5, Max: 5}, NumberRange{Min: 1, Max: 1}, 0, false},
		{NumberRange{Min: 5, Max: 5}, NumberRange{Min: -1, Max: 1}, 0, false},
	} {
		s := DefaultSpec()
		s.Rotation, s.RotSpeed = c.rot, c.spin
		snap, err := NewSnapshot(&s)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := snap.fixedRotation()
		if ok != c.ok || math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("rotation %v, spin %v: got %v, %v; want %v, %v", c.rot, c.spin, got, ok, c.want, c.ok)
		}
		if !ok {
			continue
		}
		// The particles' own sum, for rolls and ages across their range.
		for _, u := range []float64{0, 0.3, 0.999} {
			for _, age := range []float64{0, 0.01, 7} {
				rot := hash.Range(c.rot.Min, c.rot.Max, u) + hash.Range(c.spin.Min, c.spin.Max, u)*age
				if math.Float64bits(rot) != math.Float64bits(got) {
					t.Errorf("rotation %v, spin %v: roll %v at age %v turns by %v, not %v", c.rot, c.spin, u, age, rot, got)
				}
			}
		}
	}
}

// TestLaneRingMatchesConstants: the lane ring the kernel reads and the
// constants ring the scalar loop reads hold the same particles' constants
// bit for bit, the lifetime, rotation and spin rolled again from the lane
// ring's bits as the kernel rolls them (laneConstants): after both paths
// have evaluated a stream at a few clocks, every slot both rings hold for
// the same key agrees, and the lane ring holds every candidate of the
// window, in blocks tagged with their first.
func TestLaneRingMatchesConstants(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	e := spinningStream(t)
	for _, c := range []float64{3, 3.4, 5, 4.2} {
		e.SetTime(c)
		compareVector(t, fmt.Sprintf("at %v s", c), e)
	}
	f := e.newFrame()
	f64 := math.Float64bits
	agree := 0
	for blk, base := range e.laneTags {
		if base == noTag {
			continue
		}
		for j := range int64(laneWidth) {
			i := base + j
			c := e.streamCache[i&f.mask]
			if c.life == 0 || c.key != uint32(2*i) {
				continue
			}
			l := f.laneConstants(&e.streamLanes[blk], j, i)
			if l.key != c.key || l.st != c.st || f64(l.life) != f64(c.life) || f64(l.ox) != f64(c.ox) ||
				f64(l.oy) != f64(c.oy) || f64(l.vx) != f64(c.vx) || f64(l.vy) != f64(c.vy) ||
				f64(l.rot0) != f64(c.rot0) || f64(l.omega) != f64(c.omega) {
				t.Fatalf("candidate %d (block %d): lane ring %+v, constants %+v", i, blk, l, c)
			}
			agree++
		}
	}
	segs := e.segments(f.c, 1)
	for i := segs[0].lo; i <= segs[0].hi; i++ {
		if _, tag := f.block(i); *tag != i&^(laneWidth-1) {
			t.Fatalf("candidate %d of %d..%d: its block's tag is %d", i, segs[0].lo, segs[0].hi, *tag)
		}
	}
	if agree < 500 {
		t.Fatalf("%d slots held by both rings: too few to compare", agree)
	}
}

// TestFillLanes: after a step forward to candidates no evaluation has
// seen, or a rewind to candidates whose blocks the newest hold, the kernel
// stops at the first block it does not hold, and once fillLanes has rolled
// them in, it places the whole window without a stop, the scalar loop's
// billboards bit for bit. At 3.2 s, after the rewind, the candidates past
// 2.9 s are still in the ring from 3.6 s.
func TestFillLanes(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	e := spinningStream(t)
	compareVector(t, "at 3 s", e)
	for _, c := range []struct {
		at    float64
		fresh bool
	}{{3.05, true}, {3.6, true}, {2.9, true}, {3.2, false}, {3.9, true}} {
		e.SetTime(c.at)
		name := fmt.Sprintf("at %v s", c.at)
		f, sg, out := kernelRun(t, e, name)
		if a := kernelOver(f, sg, out); c.fresh && a.i > a.hi {
			t.Errorf("%s: the kernel placed %d..%d before the fill; want a stop at a new candidate", name, sg.lo, sg.hi)
		}
		f.fillLanes([]segment{sg})
		if e.laneTop != sg.hi|(laneWidth-1) {
			t.Errorf("%s: laneTop %d, want the last of the run's last block %d", name, e.laneTop, sg.hi|(laneWidth-1))
		}
		placesWhole(t, name+", after the fill", e, f, sg, out)
	}
}

// TestLaneRingWraps: the lane ring is as long as the live window and two
// blocks (a stream of 400 a second living up to 2 s: 800 candidates, a
// ring of 103 blocks, not 128), its blocks follow each other round it
// (blockOf, negative candidates included), and a window that runs over
// the ring's end is placed by the kernel in one run after the fill, the
// scalar loop's billboards bit for bit.
func TestLaneRingWraps(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	e := spinningStream(t)
	compareVector(t, "at 3 s", e)
	const nb = (800 + 2 + 3*laneWidth - 1) / laneWidth
	if len(e.streamLanes) != nb || len(e.laneTags) != nb {
		t.Fatalf("lane ring of %d blocks and %d tags, want %d", len(e.streamLanes), len(e.laneTags), nb)
	}
	f := e.newFrame()
	for _, c := range []struct{ i, blk int64 }{
		{0, 0}, {7, 0}, {8, 1}, {8*nb - 1, nb - 1}, {8 * nb, 0}, {8*nb + 9, 1},
		{-1, nb - 1}, {-8, nb - 1}, {-9, nb - 2}, {-8 * nb, 0}, {-8*nb - 1, nb - 1},
	} {
		if got := f.blockOf(c.i); got != c.blk {
			t.Errorf("blockOf(%d) = %d, want %d", c.i, got, c.blk)
		}
	}
	wraps := 0
	for k := range 40 {
		at := 3 + 0.13*float64(k)
		e.SetTime(at)
		name := fmt.Sprintf("at %v s", at)
		f, sg, out := kernelRun(t, e, name)
		if f.blockOf(sg.lo) > f.blockOf(sg.hi) {
			wraps++
		}
		f.fillLanes([]segment{sg})
		placesWhole(t, name, e, f, sg, out)
	}
	if wraps < 10 {
		t.Fatalf("%d of 40 windows ran over the ring's end: too few to test the wrap", wraps)
	}
}

// kernelOver runs the kernel over stream run sg of f from its first
// candidate, writing from out[0].
func kernelOver(f *frame, sg segment, out []Billboard) vectorArgs {
	a := f.vectorArgs(out, 0)
	a.i, a.hi = sg.lo, sg.hi
	f.runKernel(&a)
	return a
}

// placesWhole fails unless the kernel places run sg of f, e's frame at its
// clock, without a stop, the scalar loop's billboards bit for bit.
func placesWhole(t *testing.T, name string, e *Effect, f *frame, sg segment, out []Billboard) {
	t.Helper()
	a := kernelOver(f, sg, out)
	if a.i <= a.hi {
		t.Fatalf("%s: the kernel stopped at %d of %d..%d", name, a.i, sg.lo, sg.hi)
	}
	haveVector = false
	want := e.AppendBillboards(nil)
	haveVector = true
	if int(a.n) != len(want) {
		t.Fatalf("%s: the kernel placed %d, the scalar loop %d", name, a.n, len(want))
	}
	for i := range want {
		if !bitsEqual(out[i], want[i]) {
			t.Fatalf("%s: billboard %d of %d..%d: kernel %+v, scalar %+v", name, i, sg.lo, sg.hi, out[i], want[i])
		}
	}
}

// spinningStream returns kernelStream of a spinning stream with spread and
// drag, of 400 particles a second living 1 to 2 s.
func spinningStream(t *testing.T) *Effect {
	t.Helper()
	spec := DefaultSpec()
	spec.Rate = 400
	spec.Lifetime = NumberRange{Min: 1, Max: 2}
	spec.Speed = NumberRange{Min: 2, Max: 4}
	spec.SpreadAngle = Vector2{X: 30, Y: 30}
	spec.Drag = 0.8
	spec.Rotation = NumberRange{Min: 0, Max: 360}
	spec.RotSpeed = NumberRange{Min: -90, Max: 90}
	return kernelStream(t, spec)
}

// kernelRun returns e's frame at its clock, its one stream run, which the
// kernel must place, and room for the run's billboards.
func kernelRun(t *testing.T, e *Effect, name string) (*frame, segment, []Billboard) {
	t.Helper()
	e.prepareCache()
	f := e.newFrame()
	segs := e.segments(f.c, 1)
	if len(segs) != 1 || !f.plain(segs[0]) || !f.vectorEligible(segs[0]) {
		t.Fatalf("%s: segments %+v: want one stream run the kernel places", name, segs)
	}
	return &f, segs[0], make([]Billboard, segs[0].hi-segs[0].lo+1)
}
