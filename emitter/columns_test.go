package emitter

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// columnsOf evaluates e's billboards into columns, in pieces of piece
// candidates, appended to c after what it holds.
func columnsOf(ev *Evaluator, e *Effect, c *Columns, piece int64) {
	total := ev.BeginBillboards(e, 1)
	for from := int64(0); from < total; from += piece {
		ev.AppendColumnRange(c, from, min(from+piece, total))
	}
}

// compareColumns fails unless c, from entry at on, holds want, bit for bit.
func compareColumns(t *testing.T, name string, c *Columns, at int, want []Billboard) {
	t.Helper()
	if c.Len() != at+len(want) {
		t.Fatalf("%s: %d billboards by column after %d, want %d", name, c.Len()-at, at, len(want))
	}
	if len(c.KeyStream) != c.Len() || len(c.U) != c.Len() || len(c.V) != c.Len() || len(c.TauAge) != c.Len() {
		t.Fatalf("%s: columns of lengths %d %d %d %d %d", name, len(c.KeyStream), len(c.XY), len(c.U), len(c.V), len(c.TauAge))
	}
	for i, w := range want {
		if got := c.Billboard(at + i); !bitsEqual(got, w) {
			t.Fatalf("%s: billboard %d of %d:\n columns    %+v\n billboards %+v", name, i, len(want), got, w)
		}
	}
}

// TestColumnsMatchBillboards: AppendColumnRange stores, by column, the
// billboards AppendBillboards returns, bit for bit and in order: over the
// kernel's random streams (whose blocks it places or hands back), a burst
// among them, pieces of any size (whose ends cut blocks of eight), after
// billboards the columns already hold, and without the kernel.
func TestColumnsMatchBillboards(t *testing.T) {
	vectorCPU := haveVector
	defer func() { haveVector = vectorCPU }()
	rng := rand.New(rand.NewPCG(3, 17))
	ev := NewEvaluator(1)
	defer ev.Close()
	var c Columns
	total := 0
	for n := range 24 {
		k := []float64{0, 0.8, -0.4, 45}[n%4]
		segs := n % 10
		spec := vectorSpec(rng, k, segs)
		e := playing(t, spec, &EffectOptions{Seed: uint32(n), HostWidth: 100, HostHeight: 60})
		for f := range 12 {
			switch f {
			case 4:
				e.Emit(25)
			case 8:
				e.SetTime(6.25)
			}
			e.Step(TicksPerSecond / 20)
			for _, kernel := range []bool{true, false} {
				haveVector = kernel && vectorCPU
				want := e.AppendBillboards(nil)
				for _, piece := range []int64{1, 5, 8, 13, 1024, 1 << 40} {
					name := fmt.Sprintf("spec %d (drag %v, %d segments), frame %d, kernel %v, pieces of %d", n, k, segs, f, haveVector, piece)
					c.Reset()
					columnsOf(ev, e, &c, piece)
					compareColumns(t, name, &c, 0, want)
					// After what the columns hold: three billboards.
					c.Reset()
					c.Append(want[:min(3, len(want))]...)
					at := c.Len()
					columnsOf(ev, e, &c, piece)
					compareColumns(t, name+", after three", &c, at, want)
					total += len(want)
				}
			}
		}
	}
	if total < 50000 {
		t.Fatalf("%d billboards in all: too few to prove anything", total)
	}
}

// TestColumnsRoundTrip: Append and Billboard, AppendBillboards and Reset.
func TestColumnsRoundTrip(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	bs := []Billboard{
		{Key: 2, Stream: 0xDEADBEEF, X: 1.5, Y: -2, UX: 3, UY: 4, VX: -5, VY: 6, Tau: 0.25, Age: 0.5},
		{Key: 7, Stream: 1, X: negZero, Y: 1e30, UX: 0, UY: -1, VX: 2, VY: 3, Tau: 1, Age: 9},
	}
	var c Columns
	c.Append(bs...)
	c.Append(bs[0])
	if c.Len() != 3 {
		t.Fatalf("Len %d, want 3", c.Len())
	}
	got := c.AppendBillboards(nil, 0, 3)
	for i, w := range append(bs, bs[0]) {
		if !bitsEqual(got[i], w) {
			t.Errorf("billboard %d: %+v, want %+v", i, got[i], w)
		}
	}
	if math.Float32bits(c.XY[1][0]) != math.Float32bits(negZero) || c.XY[1][1] != 1e30 || c.KeyStream[0] != [2]uint32{2, 0xDEADBEEF} {
		t.Errorf("columns XY %v, KeyStream %v", c.XY, c.KeyStream)
	}
	if cap(c.XY)-c.Len() < columnSlack {
		t.Errorf("room past the end %d, want at least %d", cap(c.XY)-c.Len(), columnSlack)
	}
	c.Reset()
	if c.Len() != 0 || len(c.TauAge) != 0 {
		t.Errorf("after Reset: Len %d", c.Len())
	}
}

// TestColumnsAllocate: an evaluation into columns that have grown
// allocates nothing.
func TestColumnsAllocate(t *testing.T) {
	spec := DefaultSpec()
	spec.Rate = 3000
	spec.Lifetime = NumberRange{Min: 1, Max: 2}
	spec.Drag = 0.8
	e := kernelStream(t, spec)
	e.Emit(40) // a burst: its lane blocks rolled once
	ev := NewEvaluator(1)
	defer ev.Close()
	var c Columns
	columnsOf(ev, e, &c, 1024)
	if a := testing.AllocsPerRun(10, func() {
		e.Step(TicksPerSecond / 60)
		c.Reset()
		columnsOf(ev, e, &c, 1024)
	}); a != 0 {
		t.Errorf("an evaluation into columns allocates %v times", a)
	}
}

// TestColumnsGrow: after Grow(n), appending n billboards keeps every
// column's storage.
func TestColumnsGrow(t *testing.T) {
	var c Columns
	c.Grow(100)
	xy, ta := &c.XY[:1][0], &c.TauAge[:1][0]
	for i := range 100 {
		c.Append(Billboard{Key: uint32(i), X: float32(i)})
	}
	if c.Len() != 100 || &c.XY[0] != xy || &c.TauAge[0] != ta || c.Billboard(99).X != 99 {
		t.Fatalf("after Grow(100) and 100 appends: %d billboards, storage moved %v", c.Len(), &c.XY[0] != xy || &c.TauAge[0] != ta)
	}
}
