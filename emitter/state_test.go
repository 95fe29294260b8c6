package emitter_test

import (
	"reflect"
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
	b.Restore(saved)
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
