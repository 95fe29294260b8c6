package emitter_test

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
)

func TestStateRoundTrip(t *testing.T) {
	// Rollback: save at 1 s, play on, restore, and replay the same inputs:
	// every frame matches the first run.
	s := busySpec()
	s.LockedToPart = false
	a := newEffect(t, s, &emitter.EffectOptions{Seed: 2, RandomSeed: true})
	a.Play()
	var saved emitter.State
	var first, second [][]emitter.Particle
	run := func(e *emitter.Effect, from int, out *[][]emitter.Particle) {
		for i := from; i < 120; i++ {
			if i == 60 && out == &first {
				saved = e.State()
			}
			e.Step(tps / 60)
			e.SetHost(float64(i), float64(i%7), float64(i)/3)
			if i%25 == 3 {
				e.Emit(7)
			}
			if i == 70 {
				e.SetEnabled(false)
			}
			if i >= 60 {
				*out = append(*out, e.AppendParticles(nil))
			}
		}
	}
	run(a, 0, &first)
	b := newEffect(t, s, nil)
	if err := b.Restore(saved); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b.State(), saved) {
		t.Fatal("Restore(State()) does not give back the same state")
	}
	run(b, 60, &second)
	if len(first) != len(second) {
		t.Fatalf("%d vs %d frames", len(first), len(second))
	}
	for i := range first {
		if !reflect.DeepEqual(first[i], second[i]) {
			t.Fatalf("frame %d after the rollback differs", 60+i)
		}
	}
	// The saved state is a copy: playing on did not change it.
	if saved.Clock != tps {
		t.Fatalf("saved clock moved to %d", saved.Clock)
	}
}

// TestRestoreRefusesForgedStates: a State no effect of the snapshot could
// be in is refused with the field at fault, and the effect is left as it
// was: no panic, no allocation from a forged count.
func TestRestoreRefusesForgedStates(t *testing.T) {
	s := busySpec() // MaxParticles 500
	e := newEffect(t, s, &emitter.EffectOptions{MaxBursts: 8})
	e.Play()
	e.SetTime(1)
	e.Emit(30)
	e.SetEnabled(false)
	e.SetHost(3, 4, 5)
	e.SetTime(1.5)
	good := e.State()
	for _, c := range []struct {
		name, field string
		edit        func(*emitter.State)
	}{
		{"negative count", "Bursts[0].Count", func(s *emitter.State) { s.Bursts[0].Count = -3 }},
		{"zero count", "Bursts[0].Count", func(s *emitter.State) { s.Bursts[0].Count = 0 }},
		{"count 1<<40", "Bursts[0].Count", func(s *emitter.State) { s.Bursts[0].Count = 1 << 40 }},
		{"count past MaxParticles", "Bursts[0].Count", func(s *emitter.State) { s.Bursts[0].Count = 501 }},
		{"negative burst time", "Bursts[0].Time", func(s *emitter.State) { s.Bursts[0].Time = -1 }},
		{"index not yet given", "Bursts[0].Index", func(s *emitter.State) { s.Bursts[0].Index = s.NextBurst }},
		{"two bursts of one index", "Bursts", func(s *emitter.State) { s.Bursts = append(s.Bursts, s.Bursts[0]) }},
		{"more than MaxBursts", "Bursts", func(s *emitter.State) {
			s.Bursts = nil
			for i := range 9 {
				s.Bursts = append(s.Bursts, emitter.Burst{Time: 0, Count: 1, Index: uint32(i)})
			}
			s.NextBurst = 9
		}},
		{"negative clock", "Clock", func(s *emitter.State) { s.Clock = -5 }},
		{"reach behind clock", "Reach", func(s *emitter.State) { s.Reach = s.Clock - 1 }},
		{"negative toggle", "Toggles[0].At", func(s *emitter.State) { s.Toggles[0].At = -1 }},
		{"two toggles at a clock", "Toggles[1].At", func(s *emitter.State) {
			s.Toggles = append(s.Toggles, emitter.Toggle{At: s.Toggles[0].At, On: true})
		}},
		{"toggle that changes nothing", "Toggles[0].On", func(s *emitter.State) { s.Toggles[0].On = s.EnabledAtStart }},
		{"more than MaxToggles", "Toggles", func(s *emitter.State) {
			s.Toggles = make([]emitter.Toggle, emitter.MaxToggles+1)
			for i := range s.Toggles {
				s.Toggles[i] = emitter.Toggle{At: emitter.Ticks(i), On: i%2 == 0 != s.EnabledAtStart}
			}
		}},
		{"NaN host", "Track[0]", func(s *emitter.State) { s.Track[0].X = math.NaN() }},
		{"host at 1e308", "Track[0]", func(s *emitter.State) { s.Track[0].Y = 1e308 }},
		{"infinite rotation", "Track[0]", func(s *emitter.State) { s.Track[0].Rotation = math.Inf(-1) }},
		{"negative sample clock", "Track[0].Clock", func(s *emitter.State) { s.Track[0].Clock = -1 }},
		{"two samples at a clock", "Track[1].Clock", func(s *emitter.State) { s.Track = append(s.Track, s.Track[0]) }},
		{"a track past MaxTrackSamples", "Track", func(s *emitter.State) {
			s.Track = make([]emitter.TrackSample, emitter.MaxTrackSamples)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := e.State()
			c.edit(&st)
			err := e.Restore(st)
			var ps emitter.Problems
			if !errors.As(err, &ps) || len(ps) == 0 || ps[0].Field != c.field {
				t.Fatalf("Restore: %v, want a problem with %s", err, c.field)
			}
			if !reflect.DeepEqual(e.State(), good) {
				t.Fatal("a refused Restore changed the effect")
			}
		})
	}
	// Out of order is sorted, not refused.
	st := e.State()
	st.Bursts = append(st.Bursts, emitter.Burst{Time: 0, Count: 4, Index: st.NextBurst})
	st.NextBurst++
	st.Track = append(st.Track, emitter.TrackSample{Clock: 1})
	if err := e.Restore(st); err != nil {
		t.Fatal(err)
	}
	got := e.State()
	if got.Bursts[0].Time != 0 || got.Track[0].Clock != 1 || len(got.Track) != len(good.Track)+1 {
		t.Fatalf("out-of-order state restored as %+v", got)
	}
	// A flood of bad entries lists a bounded number of problems.
	st = good
	st.Track = make([]emitter.TrackSample, 10000)
	for i := range st.Track {
		st.Track[i] = emitter.TrackSample{Clock: emitter.Ticks(i), X: math.NaN()}
	}
	var ps emitter.Problems
	if err := e.Restore(st); !errors.As(err, &ps) || len(ps) > 21 {
		t.Fatalf("%d problems listed for a flood of bad samples", len(ps))
	}
}

// TestStateAcrossTheIndexWrap: burst indices count bursts and wrap at
// 2^32, so the state of an effect whose NextBurst has wrapped restores
// (into an effect that then evaluates the same particles); only a burst
// holding NextBurst itself, the index the next burst gets, is forged.
func TestStateAcrossTheIndexWrap(t *testing.T) {
	s := busySpec()
	e := newEffect(t, s, nil)
	e.Play()
	if err := e.Restore(emitter.State{Clock: 5, Reach: 5, Playing: true, Bursts: []emitter.Burst{{Time: 1, Count: 3, Index: math.MaxUint32 - 1}}, NextBurst: math.MaxUint32}); err != nil {
		t.Fatal(err)
	}
	e.AddBurst(5, 4) // Index MaxUint32; NextBurst wraps to 0
	e.AddBurst(5, 2) // Index 0
	st := e.State()
	if st.NextBurst != 1 {
		t.Fatalf("NextBurst %d after the wrap, want 1", st.NextBurst)
	}
	again := newEffect(t, s, nil)
	if err := again.Restore(st); err != nil {
		t.Fatalf("the effect's own state after the wrap: %v", err)
	}
	e.SetClock(emitter.SecondsToTicks(0.2))
	again.SetClock(emitter.SecondsToTicks(0.2))
	if a, b := e.AppendParticles(nil), again.AppendParticles(nil); !reflect.DeepEqual(a, b) || len(a) == 0 {
		t.Errorf("the restored effect shows %d particles, the original %d, or others", len(b), len(a))
	}
	st.Bursts[0].Index = st.NextBurst
	if err := again.Restore(st); err == nil || !strings.Contains(err.Error(), "Bursts[0].Index: 1 is NextBurst, the index the next burst gets") {
		t.Errorf("a burst holding NextBurst: %v", err)
	}
}

// TestZeroSnapshot: a Snapshot not made by NewSnapshot is refused by
// NewEffect and ignored by SetSnapshot, rather than making an effect
// whose bursts have no particles and whose State does not restore.
func TestZeroSnapshot(t *testing.T) {
	if _, err := emitter.NewEffect(&emitter.Snapshot{}, nil); err == nil || err.Error() != "emitter: NewEffect: a Snapshot not made by NewSnapshot" {
		t.Errorf("NewEffect(&Snapshot{}): %v", err)
	}
	e := newEffect(t, busySpec(), nil)
	snap := e.Snapshot()
	e.SetSnapshot(&emitter.Snapshot{})
	if e.Snapshot() != snap {
		t.Error("SetSnapshot took a zero Snapshot")
	}
}

// TestFarBillboardsFinite: an effect within every limit whose limits
// multiply past float32's range (a huge speed, negative drag, a large
// Scale) gives billboards clamped to the largest float32, on every entry
// point, not infinities; the float64 particles are as they were.
func TestFarBillboardsFinite(t *testing.T) {
	sp := emitter.DefaultSpec()
	sp.Drag = -1
	sp.Speed = emitter.Constant(1e9)
	sp.Scale = 100
	sp.Lifetime = emitter.NumberRange{Min: 100, Max: 100}
	sp.Rate = 1
	e := newEffect(t, sp, nil)
	e.Play()
	e.SetTime(70)
	ps := e.AppendParticles(nil)
	if len(ps) == 0 || math.Abs(ps[0].Y) < 1e39 || math.IsInf(ps[0].Y, 0) {
		t.Fatalf("the first particle's Y %v is not a finite value past float32's range", ps[0].Y)
	}
	ev := emitter.NewEvaluator(1)
	defer ev.Close()
	ranged := ev.AppendBillboardRange(nil, 0, ev.BeginBillboards(e, 1))
	for name, bs := range map[string][]emitter.Billboard{
		"Effect.AppendBillboards":    e.AppendBillboards(nil),
		"Evaluator.AppendBillboards": ev.AppendBillboards(nil, e),
		"AppendBillboardRange":       ranged,
	} {
		if len(bs) != len(ps) {
			t.Fatalf("%s: %d billboards for %d particles", name, len(bs), len(ps))
		}
		for _, b := range bs {
			for _, v := range []float32{b.X, b.Y, b.UX, b.UY, b.VX, b.VY} {
				if math.IsInf(float64(v), 0) || v != v {
					t.Fatalf("%s: %+v is not finite", name, b)
				}
			}
		}
		if bs[0].Y != -math.MaxFloat32 {
			t.Errorf("%s: the first billboard's Y %v, want -MaxFloat32", name, bs[0].Y)
		}
	}
}
