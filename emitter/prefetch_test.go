package emitter

import (
	"fmt"
	"math"
	"testing"
)

// TestRingRuns: the runs cover entries first..first+count-1 modulo n, in
// order, each inside the ring, and never more than the ring.
func TestRingRuns(t *testing.T) {
	for _, c := range []struct {
		n, first, count int64
		want            string
	}{
		{5, 0, 3, "[0 3]"},
		{5, 3, 2, "[3 2]"},
		{5, 3, 4, "[3 2][0 2]"},
		{5, 7, 4, "[2 3][0 1]"},
		{5, -3, 4, "[2 3][0 1]"}, // -3 is entry 2
		{5, -5, 5, "[0 5]"},
		{5, 4, 9, "[4 1][0 4]"}, // at most the ring
		{5, 2, 0, ""},
		{0, 2, 3, ""},
		{8, math.MinInt64, 2, "[0 2]"},
		{6, math.MaxInt64, 3, "[1 3]"}, // MaxInt64 % 6 = 1
	} {
		got := ""
		ringRuns(c.n, c.first, c.count, func(at, run int64) {
			if at < 0 || run <= 0 || at+run > c.n {
				t.Errorf("n %d, first %d: run [%d %d] outside the ring", c.n, c.first, at, run)
			}
			got += fmt.Sprintf("[%d %d]", at, run)
		})
		if got != c.want {
			t.Errorf("ringRuns(%d, %d, %d) = %q, want %q", c.n, c.first, c.count, got, c.want)
		}
	}
}

// TestPrefetchChangesNothing: Prefetch, called at any point of an
// effect's life (never evaluated, streaming, bursting, rewound, far
// ahead, paused at rate 0, uncached), leaves its particles and billboards
// the same bits and allocates nothing.
func TestPrefetchChangesNothing(t *testing.T) {
	spec := DefaultSpec()
	spec.Rate = 40
	spec.Drag = 0.7
	spec.RotSpeed = NumberRange{Min: -90, Max: 90}
	still := DefaultSpec()
	still.Rate = 0
	for _, c := range []struct {
		name string
		spec Spec
		opts EffectOptions
	}{
		{"stream", spec, EffectOptions{Seed: 3}},
		{"rate 0", still, EffectOptions{Seed: 4}},
		{"uncached", spec, EffectOptions{Seed: 5, NoCache: true}},
	} {
		e := playing(t, c.spec, &c.opts)
		// Before the first evaluation: nothing is sized yet.
		e.Prefetch()
		for f, clock := range []float64{0.5, 1, 1.25, 3, 2.5, 400, 0.1} {
			e.SetTime(clock)
			if f == 2 {
				e.Emit(25)
			}
			name := fmt.Sprintf("%s at %v s", c.name, clock)
			wantP := e.AppendParticles(nil)
			wantB := e.AppendBillboards(nil)
			if n := testing.AllocsPerRun(10, e.Prefetch); n != 0 {
				t.Errorf("%s: Prefetch allocates %v times", name, n)
			}
			gotP := e.AppendParticles(nil)
			gotB := e.AppendBillboards(nil)
			if len(gotP) != len(wantP) || len(gotB) != len(wantB) {
				t.Fatalf("%s: %d particles and %d billboards after Prefetch, %d and %d before", name, len(gotP), len(gotB), len(wantP), len(wantB))
			}
			for i := range gotB {
				if !bitsEqual(gotB[i], wantB[i]) {
					t.Fatalf("%s: billboard %d differs after Prefetch:\n%+v\n%+v", name, i, gotB[i], wantB[i])
				}
			}
			for i := range gotP {
				if gotP[i] != wantP[i] {
					t.Fatalf("%s: particle %d differs after Prefetch", name, i)
				}
			}
		}
	}
}

// TestWindowBlocks: the blocks Prefetch asks for start at the block of
// the window's oldest candidate (or the one before it: the rounding), and
// cover the window or prefetchBlocks of it.
func TestWindowBlocks(t *testing.T) {
	for _, rate := range []float64{3, 40, 900} {
		spec := DefaultSpec()
		spec.Rate = rate
		e := playing(t, spec, &EffectOptions{Seed: 9})
		var w Window
		for _, clock := range []float64{0.05, 0.5, 1.7, 2.25, 9, 1e4} {
			e.SetTime(clock)
			e.Window(&w)
			first, count, ok := e.windowBlocks()
			if !ok || len(w.Runs) != 1 {
				t.Fatalf("rate %v at %v s: ok %v, %d runs: want a window of one run", rate, clock, ok, len(w.Runs))
			}
			lo, hi := w.Runs[0].First>>3, w.Runs[0].Last>>3
			if lo < first || lo > first+1 {
				t.Errorf("rate %v at %v s: first block %d, the window's oldest candidate %d is in block %d", rate, clock, first, w.Runs[0].First, lo)
			}
			if want := min(hi-lo+1, prefetchBlocks); count < want || count > prefetchBlocks {
				t.Errorf("rate %v at %v s: %d blocks, want %d to %d (the window's %d..%d)", rate, clock, count, want, prefetchBlocks, lo, hi)
			}
		}
	}
	still := DefaultSpec()
	still.Rate = 0
	if _, _, ok := playing(t, still, nil).windowBlocks(); ok {
		t.Error("rate 0: a window of blocks")
	}
}
