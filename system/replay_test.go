package system

import (
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/yohamta/donburi"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// TestReplayKeepsHostTrack: an effect left behind a moving transform
// (LockedToPart false) is played to 4.5 s, sought back to 0.5 s, stepped
// forward 1 s (a replay of the recorded future) and sought to 3.1 s: it
// shows what it showed at 3.1 s the first time. Replaying must follow the
// recorded host path, not re-record it over the future.
func TestReplayKeepsHostTrack(t *testing.T) {
	w := donburi.NewWorld()
	ship := w.Entry(w.Create(transform.Transform))
	sp := streamSpec()
	sp.LockedToPart = false
	sp.VelocityInheritance = 0.4
	e := newEffect(t, w, sp, component.SpawnOptions{Transform: true, Play: true})
	transform.AppendChild(ship, w.Entry(e), false)
	s := NewScheduler(nil)
	move := func() {
		// The ship circles: its placement is a function of the world clock,
		// as a game's scripted motion would be.
		c := Time(w)
		transform.GetTransform(ship).LocalPosition = dmath.Vec2{X: 300 + 200*math.Cos(c), Y: 200 + 120*math.Sin(c)}
	}
	shown := map[emitter.Ticks][]emitter.Particle{}
	for range 270 { // 4.5 s at 60 TPS
		move()
		s.UpdateWorld(w)
		shown[Clock(w)] = effectOf(t, w, e).AppendParticles(nil)
	}
	target := emitter.SecondsToTicks(3.1)
	want, ok := shown[target]
	if !ok || len(want) == 0 {
		t.Fatal("3.1 s was not a stepped clock with particles")
	}
	Seek(w, 0.5)
	for range 60 {
		move()
		s.UpdateWorld(w)
	}
	Seek(w, 3.1)
	if got := effectOf(t, w, e).AppendParticles(nil); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a replay, 3.1 s shows %d particles that differ from the %d it showed first", len(got), len(want))
	}
	// A control during the replay rewrites the future, host path included.
	Seek(w, 1)
	Emit(w, e, 3)
	if last, _ := effectOf(t, w, e).Track().Last(); last.Clock > Clock(w) {
		t.Fatalf("the host track still reaches %v s after a control at %v s", last.Clock.Seconds(), Time(w))
	}
}
