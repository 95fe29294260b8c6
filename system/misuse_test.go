package system

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"strings"
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
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

// TestSeekFarAheadAndBack: a seek far past the furthest clock reached
// (extrapolating, +Inf included) and back again leaves rewinding exact:
// the segments recorded afterwards are kept, so seeking inside them shows
// what stepping showed, as in a world that never went ahead.
func TestSeekFarAheadAndBack(t *testing.T) {
	type shown struct {
		clock   emitter.Ticks
		playing bool
	}
	play := func(ahead float64) map[float64]shown {
		w := donburi.NewWorld()
		fx := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true})
		s := NewScheduler(nil)
		if ahead != 0 {
			Seek(w, ahead)
			Seek(w, 0)
		}
		steps := func(n int) {
			for range n {
				s.UpdateWorld(w)
			}
		}
		steps(60)
		Pause(w, fx)
		steps(60)
		Play(w, fx)
		steps(60) // the world at 3 s, the effect at 2 s
		d, _ := component.Get(w, fx)
		if n := len(d.Timeline.Segments()); n != 3 {
			t.Errorf("seeking to %v and back: %d segments kept of the spawn, the pause and the play", ahead, n)
		}
		got := map[float64]shown{}
		for _, at := range []float64{1.5, 0.5, 2.5, 3} {
			Seek(w, at)
			e := effectOf(t, w, fx)
			got[at] = shown{e.Clock(), e.Playing()}
		}
		return got
	}
	want := play(0)
	for at, sh := range map[float64]shown{
		1.5: {emitter.SecondsToTicks(1), false},
		0.5: {emitter.SecondsToTicks(0.5), true},
		2.5: {emitter.SecondsToTicks(1.5), true},
		3:   {emitter.SecondsToTicks(2), true},
	} {
		if want[at] != sh {
			t.Fatalf("without seeking ahead, at %v s: %+v, want %+v", at, want[at], sh)
		}
	}
	for _, ahead := range []float64{100, 1e9, math.Inf(1)} {
		if got := play(ahead); !maps.Equal(got, want) {
			t.Errorf("after seeking to %v and back: %+v, want %+v", ahead, got, want)
		}
	}
}

// TestLayerRange: a layer past component.MaxLayer is refused, where
// donburi would grow a table to the layer id (1<<40 exhausts memory), and
// a collector of a layer no entity can be on panics saying so.
func TestLayerRange(t *testing.T) {
	w := donburi.NewWorld()
	for _, layer := range []ecs.LayerID{-1, component.MaxLayer + 1, 1 << 40} {
		_, err := MountLevel(w, leveltest.Document(t), &MountOptions{Layer: layer, Textures: leveltest.Resolver(leveltest.Images())})
		if want := fmt.Sprintf("system: MountLevel: layer %d is not from 0 to 4095 (component.MaxLayer)", layer); err == nil || err.Error() != want {
			t.Errorf("MountLevel on layer %d: %v, want %s", layer, err, want)
		}
		for name, f := range map[string]func(){
			"NewCollector":      func() { NewCollector(layer) },
			"NewLevelCollector": func() { NewLevelCollector(layer) },
		} {
			func() {
				defer func() {
					want := fmt.Sprintf("system: collector of layer %d, not from 0 to 4095 (component.MaxLayer)", layer)
					if r := recover(); r != want {
						t.Errorf("%s(%d): recovered %v, want the panic %q", name, layer, r, want)
					}
				}()
				f()
			}()
		}
	}
	if _, err := MountLevel(w, leveltest.Document(t), &MountOptions{Layer: component.MaxLayer, Textures: leveltest.Resolver(leveltest.Images())}); err != nil {
		t.Errorf("MountLevel on MaxLayer: %v", err)
	}
	if c := NewCollector(component.MaxLayer); c.Layer() != component.MaxLayer {
		t.Errorf("collector of layer %d", c.Layer())
	}
}

// TestMountConfine: MountOptions.Confine reaches the default resolver:
// a level whose textures are not in Dir gets leveltex.ErrOutside, the
// one answer for anything outside, where an unconfined mount says which
// file it could not read.
func TestMountConfine(t *testing.T) {
	w := donburi.NewWorld()
	dir := t.TempDir()
	_, err := MountLevel(w, leveltest.Document(t), &MountOptions{Dir: dir, Confine: true})
	if !errors.Is(err, leveltex.ErrOutside) {
		t.Errorf("confined: %v, want leveltex.ErrOutside", err)
	}
	_, err = MountLevel(w, leveltest.Document(t), &MountOptions{Dir: dir})
	if err == nil || errors.Is(err, leveltex.ErrOutside) || !strings.Contains(err.Error(), "cannot read "+dir) {
		t.Errorf("not confined: %v, want the file it cannot read", err)
	}
}

// TestCollectNilWorld: collecting from a nil world finds nothing, as
// Find, Clock and Seek treat a nil world, rather than panicking.
func TestCollectNilWorld(t *testing.T) {
	if got := NewCollector(0).Collect(nil); len(got) != 0 {
		t.Errorf("Collector: %d entries", len(got))
	}
	if got := NewLevelCollector(0).Collect(nil); len(got) != 0 {
		t.Errorf("LevelCollector: %d entries", len(got))
	}
	if got := NewCollector(0).AppendRasterItems(nil, nil); len(got) != 0 {
		t.Errorf("AppendRasterItems: %d items", len(got))
	}
	if got := NewLevelCollector(0).AppendRasterLevels(nil, nil); len(got) != 0 {
		t.Errorf("AppendRasterLevels: %d items", len(got))
	}
}
