package emitter

import (
	"math/rand/v2"
	"testing"
)

// linearWindow and linearVelocityRange are the track's span queries as
// a walk over every sample: the reference the block summaries must match
// bit for bit.
func linearWindow(t *Track, from, to float64) (box Rect, turns bool) {
	x, y, r := t.At(from)
	box = Rect{x, y, x, y}
	turns = r != 0
	x, y, r = t.At(to)
	box = box.union(Rect{x, y, x, y})
	turns = turns || r != 0
	for _, s := range t.samples {
		if c := s.Clock.Seconds(); c > from && c < to {
			box = box.union(Rect{s.X, s.Y, s.X, s.Y})
			turns = turns || s.Rotation != 0
		}
	}
	return box, turns
}

func linearVelocityRange(t *Track, from, to float64) (lo, hi [2]float64) {
	for i := 1; i < len(t.samples); i++ {
		a, b := t.samples[i-1], t.samples[i]
		if b.Clock.Seconds() < from || a.Clock.Seconds() > to {
			continue
		}
		dt := (b.Clock - a.Clock).Seconds()
		vx, vy := (b.X-a.X)/dt, (b.Y-a.Y)/dt
		lo = [2]float64{min(lo[0], vx), min(lo[1], vy)}
		hi = [2]float64{max(hi[0], vx), max(hi[1], vy)}
	}
	return lo, hi
}

// TestTrackSpansMatchAWalk: the track's window and velocity range, read
// from block summaries, equal a walk over every sample, for spans of every
// length and position, after records that rewrite the future, prunes and
// decimation.
func TestTrackSpansMatchAWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	var tr Track
	clock := Ticks(0)
	check := func(stage string) {
		t.Helper()
		n := tr.Len()
		if n == 0 {
			return
		}
		first, last := tr.samples[0].Clock.Seconds(), tr.samples[n-1].Clock.Seconds()
		for range 300 {
			a := first - 1 + (last-first+2)*rng.Float64()
			b := a + (last-first+2)*rng.Float64()*rng.Float64()
			if rng.IntN(8) == 0 { // on a sample's clock exactly
				a = tr.samples[rng.IntN(n)].Clock.Seconds()
			}
			box, turns := tr.window(a, b)
			wbox, wturns := linearWindow(&tr, a, b)
			if box != wbox || turns != wturns {
				t.Fatalf("%s: window(%v, %v) = %v %v, walk %v %v", stage, a, b, box, turns, wbox, wturns)
			}
			lo, hi := tr.velocityRange(a, b)
			wlo, whi := linearVelocityRange(&tr, a, b)
			if lo != wlo || hi != whi {
				t.Fatalf("%s: velocityRange(%v, %v) = %v %v, walk %v %v", stage, a, b, lo, hi, wlo, whi)
			}
		}
	}
	record := func(k int) {
		for range k {
			clock += Ticks(1 + rng.IntN(3*TicksPerSecond/60))
			rot := 0.0
			if rng.IntN(50) == 0 {
				rot = 10 * rng.NormFloat64()
			}
			tr.Record(TrackSample{Clock: clock, X: 100 * rng.NormFloat64(), Y: 100 * rng.NormFloat64(), Rotation: rot})
		}
	}
	record(1)
	check("one sample")
	record(63)
	check("one block")
	record(1000)
	check("many blocks")
	clock = tr.samples[500].Clock - 1 // rewind and rewrite the future
	record(10)
	check("rewritten")
	tr.prune(tr.samples[400].Clock)
	check("pruned")
	record(MaxTrackSamples)
	if tr.Len() >= MaxTrackSamples {
		t.Fatalf("%d samples kept, want fewer than MaxTrackSamples %d", tr.Len(), MaxTrackSamples)
	}
	check("decimated")
}

// TestTrackDecimation: a track that reaches MaxTrackSamples keeps its
// newest half whole and every other sample of its older half, the first
// kept.
func TestTrackDecimation(t *testing.T) {
	var tr Track
	for i := range MaxTrackSamples - 1 {
		tr.Record(TrackSample{Clock: Ticks(i), X: float64(i)})
	}
	if tr.Len() != MaxTrackSamples-1 {
		t.Fatalf("%d samples before the track is full", tr.Len())
	}
	tr.Record(TrackSample{Clock: MaxTrackSamples - 1, X: MaxTrackSamples - 1})
	half := MaxTrackSamples / 2
	if want := half/2 + half; tr.Len() != want {
		t.Fatalf("%d samples after the track filled, want %d", tr.Len(), want)
	}
	for i, s := range tr.samples {
		want := Ticks(2 * i)
		if i >= half/2 {
			want = Ticks(half + i - half/2)
		}
		if s.Clock != want {
			t.Fatalf("sample %d at clock %d, want %d", i, s.Clock, want)
		}
	}
}
