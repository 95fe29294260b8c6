package main

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/leveltest"
)

// TestEulerWorldDoesTheSameWork: the integrating world emitter births on
// the level's schedules into pools of the presets' capacities, so at the
// measured clock it holds as many live particles as the closed form shows
// (the lifetimes are rolled by other generators: the totals agree within
// 2%), and one second later every emitter has birthed its 112 rate births
// and 16 bursts again.
func TestEulerWorldDoesTheSameWork(t *testing.T) {
	l, _, err := leveltest.LimitsLevel()
	if err != nil {
		t.Fatal(err)
	}
	var s eulerWorld
	if err := s.build(l); err != nil {
		t.Fatal(err)
	}
	ev := l.Evaluator()
	closed := len(ev.Append(nil, s.clock))
	live := 0
	for i := range s.emitters {
		live += s.emitters[i].n
	}
	if math.Abs(float64(live-closed)) > 0.02*float64(closed) || closed < 40000 {
		t.Errorf("at %v s: %d live integrated, %d in closed form", s.clock, live, closed)
	}
	k0 := s.emitters[0].k
	for range 60 {
		s.step(1.0 / 60)
	}
	for i := range s.emitters {
		if m := &s.emitters[i]; m.k-k0 != 1 || m.i != s.emitters[0].i {
			t.Fatalf("emitter %d: emission %d birth %d after a second, want one emission more", i, m.k, m.i)
		}
	}
}
