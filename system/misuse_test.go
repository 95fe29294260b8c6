package system

import (
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/yohamta/donburi"
)

// TestForeignEntities: an entity of another world, whose id the world
// never made, is "not a live entity" to every lookup and control, as the
// docs say, rather than an index-out-of-range panic inside donburi.
func TestForeignEntities(t *testing.T) {
	menu, game := donburi.NewWorld(), donburi.NewWorld()
	newEffect(t, menu, streamSpec(), component.SpawnOptions{})
	var fx donburi.Entity
	for range 5 {
		fx = newEffect(t, game, streamSpec(), component.SpawnOptions{})
	}
	level := mount(t, game, nil)
	em := levelOf(t, game, level).Emitters[0]
	snap := mustSnap(t, streamSpec())
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"Emit", Emit(menu, fx, 10)},
		{"Play", Play(menu, fx)},
		{"Pause", Pause(menu, fx)},
		{"SetTime", SetTime(menu, fx, 1)},
		{"Restart", Restart(menu, fx)},
		{"SetSnapshot", SetSnapshot(menu, fx, snap)},
		{"UnmountLevel", UnmountLevel(menu, level)},
		{"component.Get", func() bool { _, ok := component.Get(menu, fx); return ok }()},
		{"component.GetLevel", func() bool { _, ok := component.GetLevel(menu, level); return ok }()},
		{"component.GetWorldEmitter", func() bool { _, ok := component.GetWorldEmitter(menu, em); return ok }()},
		{"LevelTime", func() bool { _, ok := LevelTime(menu, level); return ok }()},
	} {
		if c.ok {
			t.Errorf("%s took an entity of another world as one of its own", c.name)
		}
	}
	// Not a live emitter of menu: hidden, as the doc says.
	if hidden, path := EmitterState(menu, em); !hidden || path != 0 {
		t.Errorf("EmitterState of another world's emitter: %v, %d; want true, 0", hidden, path)
	}
	// The game's own entities are untouched.
	if !Emit(game, fx, 3) {
		t.Error("the game's effect is no longer live")
	}
	if _, ok := LevelTime(game, level); !ok {
		t.Error("the game's level is no longer mounted")
	}
}
