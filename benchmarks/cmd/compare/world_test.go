package main

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/leveltest"
	"github.com/hajimehoshi/ebiten/v2"
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

// TestEmberWorldGPUPath: in both world cases, at the default scale's
// 40 × 30 target, ember-world-gpu draws every emitter its camera sees on
// the GPU path, with no fallback, and ember-world draws every one
// batched. The frames are queued only (no display is needed).
func TestEmberWorldGPUPath(t *testing.T) {
	l, tex, err := leveltest.LimitsLevel()
	if err != nil {
		t.Fatal(err)
	}
	dst := ebiten.NewImage(40, 30)
	defer dst.Deallocate()
	for _, c := range worldCases {
		cam := c.cam(40, 30)
		for _, name := range []string{nameEmberWorld, nameEmberWorldGPU} {
			s := newWorldSubject(name).(*emberWorld)
			if err := s.setup(l, tex, &cam, 0); err != nil {
				t.Fatal(err)
			}
			for range 5 {
				s.frame(dst, 1.0/60)
			}
			st := s.r.LevelStats()
			switch {
			case st.Emitters == 0:
				t.Errorf("%s %s: no emitter drawn (stats %+v)", c.name, name, st)
			case name == nameEmberWorldGPU && (st.GPU != st.Emitters || s.fallbacks != 0 || s.gpu != 5*st.Emitters):
				t.Errorf("%s %s: stats %+v, %d GPU draws and %d fallbacks over 5 frames: want every emitter on the GPU path", c.name, name, st, s.gpu, s.fallbacks)
			case name == nameEmberWorld && (st.Batched != st.Emitters || s.gpu != 0):
				t.Errorf("%s %s: stats %+v: want every emitter batched", c.name, name, st)
			}
			if live := s.live(); name == nameEmberWorldGPU && live != st.Candidates || name == nameEmberWorld && live != st.Particles {
				t.Errorf("%s %s: live %d, stats %+v", c.name, name, live, st)
			}
			s.close()
		}
	}
}
