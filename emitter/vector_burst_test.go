package emitter

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestVectorBurstsMatchScalar: the kernel places bursts as the scalar loop
// does, bit for bit and in order: over the kernel's random specs without a
// stream and with one, bursts of 1 to 200 particles (a last block of one
// to eight), drag of either sign, none and strong, stepped, seeked far
// ahead and rewound (the burst caches reassigned), on a resized host and
// under another seed (every constant rolled again).
func TestVectorBurstsMatchScalar(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	rng := rand.New(rand.NewPCG(5, 23))
	total, bursts, kernel := 0, 0, 0
	for n := range 40 {
		k := []float64{0, 0.8, -0.4, 3, 45}[n%5]
		segs := n % 10 // 9: past the kernel's curves
		spec := vectorSpec(rng, k, segs)
		if n%2 == 0 {
			spec.Rate = 0 // bursts only
		}
		spec.MaxParticles = 500
		e := playing(t, spec, &EffectOptions{Seed: uint32(n), HostWidth: 80, HostHeight: 50})
		name := fmt.Sprintf("spec %d (drag %v, %d segments, rate %v)", n, k, segs, spec.Rate)
		for f := range 36 {
			switch f {
			case 0, 3, 6, 9, 12:
				e.Emit([]int{1, 7, 8, 9, 200}[f/3])
			case 15:
				e.SetTime(40) // far ahead: every burst gone
				e.Emit(33)
			case 20:
				e.SetTime(0.3) // back: the first bursts again
			case 25:
				e.SetHostSize(30, 140)
			case 30:
				e.SetSeed(uint32(1000 + n))
			}
			e.Step(TicksPerSecond / 30)
			got := compareVector(t, fmt.Sprintf("%s, frame %d", name, f), e)
			total += got
			if spec.Rate == 0 {
				bursts += got
			}
			for _, bc := range e.burstCaches {
				if bc.used && len(bc.tags) > 0 {
					kernel++ // a burst whose lanes fillLanes rolled
				}
			}
		}
	}
	if bursts < 10000 || kernel < 1000 {
		t.Fatalf("%d burst billboards of %d in all, %d bursts with lanes rolled: too few to prove anything", bursts, total, kernel)
	}
}

// TestBurstKernelRuns: once fillLanes has rolled a burst's lane blocks,
// the kernel places its whole run without handing a block to the scalar
// loop, with burstKey's keys and the scalar loop's billboards bit for bit,
// every particle while the shortest life lasts and fewer after it; a run
// that starts and ends inside blocks too.
func TestBurstKernelRuns(t *testing.T) {
	requireVector(t)
	defer func() { haveVector = true }()
	for _, drag := range []float64{0, 0.8, -0.5} {
		spec := DefaultSpec()
		spec.Rate = 0
		spec.Lifetime = NumberRange{Min: 1, Max: 2}
		spec.Speed = NumberRange{Min: 2, Max: 4}
		spec.SpreadAngle = Vector2{X: 40}
		spec.Drag = drag
		spec.Rotation = NumberRange{Min: 0, Max: 360}
		spec.RotSpeed = NumberRange{Min: -90, Max: 90}
		spec.MaxParticles = 100
		e := kernelStream(t, spec)
		e.Emit(61) // burst index 0
		e.Emit(45) // burst index 1
		for _, at := range []float64{0.5, 1.2, 1.9} {
			e.SetTime(3 + at)
			name := fmt.Sprintf("drag %v, %v s after the bursts", drag, at)
			haveVector = false
			want := e.AppendBillboards(nil)
			haveVector = true
			e.prepareCache()
			f := e.newFrame()
			segs := e.segments(f.c, 1)
			f.fillLanes(segs)
			if len(segs) != 2 {
				t.Fatalf("%s: %d segments, want the two bursts", name, len(segs))
			}
			out := make([]Billboard, 106)
			n := 0
			for bi, sg := range segs {
				if sg.burst != bi || sg.lanes == nil || !f.plain(sg) || !f.vectorEligible(sg) {
					t.Fatalf("%s: segment of burst %d (%d..%d, %d lane blocks): want burst %d, its lanes rolled for the kernel", name, sg.burst, sg.lo, sg.hi, len(sg.lanes), bi)
				}
				a := f.vectorArgs(out, n)
				f.segmentArgs(&a, sg)
				a.i, a.hi = sg.lo, sg.hi
				f.runKernel(&a)
				if a.i <= a.hi {
					t.Fatalf("%s: the kernel stopped at %d of burst %d's 0..%d", name, a.i, bi, sg.hi)
				}
				for j := n; j < int(a.n); j++ {
					if out[j].Key&1 != 1 || (out[j].Key-1)/2/100 != uint32(bi) {
						t.Fatalf("%s: billboard %d of burst %d has key %d", name, j, bi, out[j].Key)
					}
				}
				n = int(a.n)
			}
			if n != len(want) {
				t.Fatalf("%s: the kernel placed %d, the scalar loop %d", name, n, len(want))
			}
			if (at < 1) != (n == 106) {
				t.Fatalf("%s: %d alive; want all 106 before the shortest life (1 s) and fewer after it", name, n)
			}
			for i := range want {
				if !bitsEqual(out[i], want[i]) {
					t.Fatalf("%s: billboard %d: kernel %+v, scalar %+v", name, i, out[i], want[i])
				}
			}
			// Particles 5..50 of the first burst: a run that starts and
			// ends inside blocks.
			sg := segs[0]
			a := f.vectorArgs(out, 0)
			f.segmentArgs(&a, sg)
			a.i, a.hi = 5, 50
			f.runKernel(&a)
			var part []Billboard
			for _, b := range want {
				if j := (b.Key - 1) / 2; j >= 5 && j <= 50 {
					part = append(part, b)
				}
			}
			if a.i <= a.hi || int(a.n) != len(part) {
				t.Fatalf("%s: particles 5..50: the kernel stopped at %d, placed %d; want all, %d", name, a.i, a.n, len(part))
			}
			for i := range part {
				if !bitsEqual(out[i], part[i]) {
					t.Fatalf("%s: particles 5..50, billboard %d: kernel %+v, scalar %+v", name, i, out[i], part[i])
				}
			}
		}
	}
}

// TestBurstLanesRolledOnce: a burst's lane blocks are rolled the first
// time the kernel places it and kept while it stays visible (the blocks'
// bytes do not change from one frame to the next), and a burst that takes
// a freed cache gets blocks of its own keys.
func TestBurstLanesRolledOnce(t *testing.T) {
	requireVector(t)
	spec := DefaultSpec()
	spec.Rate = 0
	spec.Lifetime = NumberRange{Min: 0.5, Max: 0.5}
	spec.MaxParticles = 64
	e := kernelStream(t, spec)
	e.Emit(20)
	e.AppendBillboards(nil)
	bc := &e.burstCaches[0]
	first := bc.lanes[0]
	if len(bc.tags) != 3 || bc.tags[0] != 0 || bc.tags[2] != 16 {
		t.Fatalf("tags %v, want 0, 8, 16", bc.tags)
	}
	e.Step(TicksPerSecond / 10)
	e.AppendBillboards(nil)
	if bc.lanes[0] != first {
		t.Fatalf("block 0 changed while its burst stayed visible")
	}
	e.Step(TicksPerSecond) // the burst dies and its cache is freed
	e.AppendBillboards(nil)
	e.Emit(20)
	got := e.AppendBillboards(nil)
	if len(e.burstCaches) != 1 || e.burstCaches[0].index != 1 {
		t.Fatalf("burst caches %d, the first for burst %d: want the freed one reused", len(e.burstCaches), e.burstCaches[0].index)
	}
	if bc.lanes[0] == first {
		t.Fatalf("the second burst's block 0 is the first's")
	}
	want := burstKey(1, 64, 0)
	if len(got) != 20 || got[0].Key != want || uint32(bc.lanes[0].stLife[0]) != got[0].Stream {
		t.Fatalf("%d billboards, the first key %d stream %d (lane %d): want 20, key %d", len(got), got[0].Key, got[0].Stream, uint32(bc.lanes[0].stLife[0]), want)
	}
}

// TestKernelBurstsHoldNoConstants: a burst the kernel places is rolled
// into its lane blocks only, not into the constants the scalar paths
// cache (cacheBursts); an evaluation by those paths makes them. A block
// handed back to the scalar loop (which fillLanes never lets happen) is
// rolled without them, into the kernel's billboards bit for bit.
func TestKernelBurstsHoldNoConstants(t *testing.T) {
	requireVector(t)
	spec := DefaultSpec()
	spec.Rate = 0
	spec.Lifetime = NumberRange{Min: 1, Max: 2}
	spec.Speed = NumberRange{Min: 2, Max: 4}
	spec.Drag = 0.8
	spec.RotSpeed = NumberRange{Min: -90, Max: 90}
	spec.MaxParticles = 64
	e := kernelStream(t, spec)
	e.Emit(20)
	e.Step(TicksPerSecond / 10)
	want := e.AppendBillboards(nil)
	bc := &e.burstCaches[0]
	if len(want) != 20 || len(bc.tags) != 3 || len(bc.c) != 0 {
		t.Fatalf("%d billboards, %d lane blocks, %d constants: want 20, 3 and none", len(want), len(bc.tags), len(bc.c))
	}
	// The scalar loop, as where the kernel stops at a block: all three.
	e.prepareCache()
	f := e.newFrame()
	segs := e.segments(f.c, 1)
	f.fillLanes(segs)
	e.cacheBursts(segs)
	if sg := segs[0]; len(segs) != 1 || sg.lanes == nil || sg.cache != nil || !f.plain(sg) {
		t.Fatalf("segments %+v: want the burst's, with lane blocks and no constants, plain", segs)
	}
	out := make([]Billboard, 20)
	ts := turns{t: turn{0, 0, 1}}
	n := f.appendPlain(out, 0, &ts, segs[0], 0, 19, nil)
	ts.apply(out)
	if n != 20 {
		t.Fatalf("the scalar loop placed %d of 20", n)
	}
	for i := range want {
		if !bitsEqual(out[i], want[i]) {
			t.Fatalf("billboard %d: scalar loop %+v, kernel %+v", i, out[i], want[i])
		}
	}
	if got := e.AppendParticles(nil); len(got) != 20 || len(bc.c) != 20 || bc.c[19].key != burstKey(0, 64, 19) {
		t.Fatalf("after AppendParticles: %d particles, %d constants: want 20 each, the last rolled", len(got), len(bc.c))
	}
}

// TestBurstLanesGrowOnRewind: a burst that MaxBurstParticles cut when the
// kernel first placed it, shown whole again after a rewind, keeps the lane
// blocks it had and gets the rest rolled: the kernel's billboards stay the
// scalar loop's. Three bursts of 400,000 hold 1.2 million particles, past
// the cap, until the first dies.
func TestBurstLanesGrowOnRewind(t *testing.T) {
	requireVector(t)
	if testing.Short() {
		t.Skip("a million particles: not in -short")
	}
	defer func() { haveVector = true }()
	spec := DefaultSpec()
	spec.Rate = 0
	spec.Lifetime = NumberRange{Min: 5, Max: 5}
	spec.Speed = NumberRange{Min: 1, Max: 3}
	spec.SpreadAngle = Vector2{X: 20}
	spec.MaxParticles = 400000
	e := kernelStream(t, spec)
	for _, at := range []float64{0, 0.1, 0.2} {
		e.SetTime(at)
		e.Emit(spec.MaxParticles)
	}
	e.SetTime(0.25)
	if n := compareVector(t, "three bursts, the first cut", e); n != MaxBurstParticles {
		t.Fatalf("%d billboards at 0.25 s, want the cap %d", n, MaxBurstParticles)
	}
	shown := 3*spec.MaxParticles - MaxBurstParticles // of the first burst: 200,000
	if got := len(e.burstCaches[0].tags); got != shown/laneWidth {
		t.Fatalf("the first burst's cache has %d lane blocks, want %d (its %d particles shown)", got, shown/laneWidth, shown)
	}
	e.SetTime(0.15)
	if n := compareVector(t, "two bursts, the first whole again", e); n != 2*spec.MaxParticles {
		t.Fatalf("%d billboards at 0.15 s, want %d", n, 2*spec.MaxParticles)
	}
}
