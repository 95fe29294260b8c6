package system

import (
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/yohamta/donburi"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// TestTransformScale: an effect follows its transform's world scale: under
// a parent scaled 2 × 3 the host rectangle is 400 × 300 instead of
// 200 × 100, so with RelativeYY one stud spans 300 px, not 100, and each
// particle is its Size (a curve over its age) times 300 px wide.
func TestTransformScale(t *testing.T) {
	w := donburi.NewWorld()
	parent := w.Entry(w.Create(transform.Transform))
	transform.GetTransform(parent).LocalScale = dmath.Vec2{X: 2, Y: 3}
	sp := streamSpec()
	e := newEffect(t, w, sp, component.SpawnOptions{Transform: true, Play: true})
	transform.AppendChild(parent, w.Entry(e), false)
	s := NewScheduler(nil)
	for range 30 {
		s.UpdateWorld(w)
	}
	fx := effectOf(t, w, e)
	if gw, gh := fx.HostSize(); gw != 400 || gh != 300 {
		t.Fatalf("host %v × %v, want 400 × 300", gw, gh)
	}
	ps := fx.AppendParticles(nil)
	if len(ps) == 0 {
		t.Fatal("no particles")
	}
	for _, p := range ps {
		size, _ := sp.Size.At(p.Age / p.Lifetime)
		if want := size * 300; p.Width != want {
			t.Fatalf("particle %d width %v, want %v", p.Key, p.Width, want)
		}
	}
	// Back to scale 1: the base host size again.
	transform.GetTransform(parent).LocalScale = dmath.Vec2{X: 1, Y: 1}
	s.UpdateWorld(w)
	if gw, gh := fx.HostSize(); gw != 200 || gh != 100 {
		t.Fatalf("host %v × %v after unscaling, want 200 × 100", gw, gh)
	}
}
