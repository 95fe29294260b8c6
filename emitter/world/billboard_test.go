package world

import (
	"math/rand/v2"
	"testing"
)

// billboardOf is what AppendBillboards must give for a reference
// particle: every field rounded to float32 once.
func billboardOf(p Particle) Billboard {
	return Billboard{
		X: float32(p.Position.X), Y: float32(p.Position.Y), Z: float32(p.Position.Z),
		Size: float32(p.Size), Rotation: float32(p.Rotation), Tau: float32(p.Age / p.Lifetime),
		Frame: uint16(p.Frame), Slot: uint16(p.Slot),
	}
}

// checkBillboards compares AppendBillboards (keep 1) with AppendEmitter
// for every emitter of ev at clock, bit for bit, through cache c.
func checkBillboards(t *testing.T, ev *Evaluator, c *Cache, clock float64) int {
	t.Helper()
	var ps []Particle
	var bs []Billboard
	n := 0
	for e := range ev.Len() {
		ps = ev.AppendEmitter(ps[:0], e, clock)
		bs = ev.AppendBillboards(bs[:0], c, e, clock, 1)
		if len(bs) != len(ps) {
			t.Fatalf("emitter %d at %v: %d billboards, %d particles", e, clock, len(bs), len(ps))
		}
		for i, p := range ps {
			if want := billboardOf(p); bs[i] != want {
				t.Fatalf("emitter %d at %v: billboard %d is %v, the reference's %v", e, clock, i, bs[i], want)
			}
		}
		if cand := ev.Candidates(e, clock); cand < len(ps) {
			t.Fatalf("emitter %d at %v: %d candidates, fewer than the %d live", e, clock, cand, len(ps))
		}
		n += len(ps)
	}
	return n
}

// TestBillboardsMatchTheEvaluator: the lean path gives the reference
// evaluator's particles, rounded to float32, whatever clocks its cache
// saw before (forward, backward, far jumps, other levels' clocks), on the
// test level, the near-limits level and random levels of both playbacks,
// every drag branch, yaw and scale.
func TestBillboardsMatchTheEvaluator(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	docs := []*Document{testLevel(t), nearLimitsLevel(t)}
	for range 60 {
		d := randomLevel(r)
		if err := Compile(d); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, d)
	}
	clocks := []float64{0, 0.3, 1.7, 2.05, 1.7, 10, 9.5, 9.51, 3600.25, 1e6 + 0.5, 0.3, 42, 42 + 1.0/60, 42 + 2.0/60}
	total := 0
	for i, d := range docs {
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatalf("level %d: %v", i, err)
		}
		c := ev.NewCache()
		for _, k := range r.Perm(len(clocks)) {
			total += checkBillboards(t, ev, c, clocks[k])
		}
		for k := range 30 { // small steps, as frames take them
			total += checkBillboards(t, ev, c, 5+float64(k)/60)
		}
	}
	if total < 100000 {
		t.Errorf("only %d particles compared", total)
	}
}

// TestCandidates counts by hand: the torch of testLevel births 20 a
// second for 1 s every 1 s and its particles live at most 1.2 s (2 groups
// of 20 slots). At clock 10.5 emission 10's births 0 to 10 (born at
// 10, 10.05, ..., 10.5) are born, and of emission 9's the ones born after
// 10.5 - 1.2 = 9.3: births 6 to 19 (9.3 and after), 14 of them.
func TestCandidates(t *testing.T) {
	ev, err := NewEvaluator(testLevel(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		clock float64
		want  int
	}{
		{0, 1},          // birth 0 of emission 0
		{0.5, 11},       // births 0 to 10
		{10.5, 11 + 14}, // as above
		{-1, 0},
	} {
		if got := ev.Candidates(0, c.clock); got != c.want {
			t.Errorf("Candidates(torch, %v) = %d, want %d", c.clock, got, c.want)
		}
	}
}

// TestThinning: keep 1 keeps every particle; a smaller keep keeps a subset
// of roughly that fraction, the same particles at every clock they live,
// whatever the cache saw before; a smaller fraction keeps a subset of a
// larger one's; keep 0 keeps nothing.
func TestThinning(t *testing.T) {
	ev, err := NewEvaluator(nearLimitsLevel(t))
	if err != nil {
		t.Fatal(err)
	}
	c := ev.NewCache()
	kept := func(clock, keep float64) map[[2]int]bool {
		out := map[[2]int]bool{}
		for e := range ev.Len() {
			for _, b := range ev.AppendBillboards(nil, c, e, clock, keep) {
				out[[2]int{e, int(b.Slot)}] = true
			}
		}
		return out
	}
	all := kept(100.5, 1)
	for _, keep := range []float64{0.7, 0.25} {
		sub := kept(100.5, keep)
		if f := float64(len(sub)) / float64(len(all)); f < keep-0.02 || f > keep+0.02 {
			t.Errorf("keep %v kept %.3f of %d particles", keep, f, len(all))
		}
		for k := range sub {
			if !all[k] {
				t.Fatalf("keep %v kept %v, which is not alive", keep, k)
			}
		}
		// The same particles a frame later (those still alive) and after
		// a seek elsewhere and back.
		kept(3.25, keep)
		again := kept(100.5, keep)
		if len(again) != len(sub) {
			t.Errorf("keep %v: %d kept after a seek away and back, %d before", keep, len(again), len(sub))
		}
		for k := range sub {
			if !again[k] {
				t.Fatalf("keep %v: %v kept before a seek, not after", keep, k)
			}
		}
		if keep == 0.25 {
			big := kept(100.5, 0.7)
			for k := range sub {
				if !big[k] {
					t.Errorf("%v kept at 0.25 but not at 0.7", k)
				}
			}
		}
	}
	if n := len(kept(100.5, 0)); n != 0 {
		t.Errorf("keep 0 kept %d", n)
	}
}

// TestBillboardsAllocateNothing: warm, AppendBillboards writes into the
// caller's buffer and the cache only.
func TestBillboardsAllocateNothing(t *testing.T) {
	ev, err := NewEvaluator(nearLimitsLevel(t))
	if err != nil {
		t.Fatal(err)
	}
	c := ev.NewCache()
	var buf []Billboard
	clock := 100.0
	frame := func() {
		buf = buf[:0]
		for e := range ev.Len() {
			buf = ev.AppendBillboards(buf, c, e, clock, 0.8)
		}
		clock += 1.0 / 60
	}
	frame()
	buf = make([]Billboard, 0, 2*cap(buf))
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

func TestAppendBillboardsOtherCache(t *testing.T) {
	a, _ := NewEvaluator(testLevel(t))
	b, _ := NewEvaluator(testLevel(t))
	defer func() {
		if recover() == nil {
			t.Error("no panic with another evaluator's cache")
		}
	}()
	a.AppendBillboards(nil, b.NewCache(), 0, 1, 1)
}
