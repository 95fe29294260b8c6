package system

import (
	"bytes"
	"errors"
	"image"
	"strings"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/raster"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

// countingResolver resolves the test level's textures and counts the
// calls.
type countingResolver struct {
	leveltest.Resolver
	calls *int
}

func (c countingResolver) Resolve(t *world.Texture) (image.Image, error) {
	*c.calls++
	return c.Resolver.Resolve(t)
}

func mount(t testing.TB, w donburi.World, o *MountOptions) donburi.Entity {
	t.Helper()
	if o == nil {
		o = &MountOptions{}
	}
	if o.Textures == nil {
		o.Textures = leveltest.Resolver(leveltest.Images())
	}
	e, err := MountLevel(w, leveltest.Document(t), o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func levelOf(t testing.TB, w donburi.World, e donburi.Entity) *component.LevelData {
	t.Helper()
	d, ok := component.GetLevel(w, e)
	if !ok {
		t.Fatalf("%v is not a mounted level", e)
	}
	return d
}

// TestMountLevel: one level entity, one entity per emitter with its
// compiled data, on the layer asked for, the clock at 0.
func TestMountLevel(t *testing.T) {
	w := donburi.NewWorld()
	e := mount(t, w, &MountOptions{Name: "crypt", Layer: 2})
	d := levelOf(t, w, e)
	doc := d.Level.Document()
	if len(d.Emitters) != len(doc.Emitters) || d.Clock != 0 || d.Dormant || d.Name != "crypt" {
		t.Errorf("level %+v", d)
	}
	if n := ecs.NewQuery(2, nil).Count(w); n != 1+len(doc.Emitters) {
		t.Errorf("%d entities on layer 2, want %d", n, 1+len(doc.Emitters))
	}
	for i, ent := range d.Emitters {
		em, ok := component.GetWorldEmitter(w, ent)
		if !ok || em.Level != e || em.Index != i || em.Emitter.Name != doc.Emitters[i].Name || em.Preset.Name != doc.Presets[doc.Emitters[i].Preset].Name {
			t.Fatalf("emitter %d: %+v", i, em)
		}
		want, _ := world.NewSchedule(&doc.Emitters[i], em.Preset.Lifetime.Max)
		if em.Schedule.Slots() != want.Slots() || len(em.Emitter.Bursts) != len(doc.Emitters[i].Bursts) {
			t.Errorf("emitter %d: schedule %+v, want %+v", i, em.Schedule, want)
		}
	}
	if got, ok := FindLevel(w, "crypt"); !ok || got != e {
		t.Error("FindLevel")
	}
	if _, err := MountLevel(w, leveltest.Document(t), &MountOptions{Name: "crypt", Textures: leveltest.Resolver(leveltest.Images())}); !errors.Is(err, ErrLevelNameTaken) {
		t.Errorf("a second level named crypt: %v", err)
	}
}

// TestMountLevelFeatures: a level needing a feature the host does not
// advertise is refused with an error naming it, before its textures are
// even resolved (so before any GPU resource), and nothing is created.
func TestMountLevelFeatures(t *testing.T) {
	for _, c := range []struct {
		name     string
		version  int
		features []string
		want     string
	}{
		{"no sectors", world.AlphaVersion, []string{world.Feature, world.FeatureV2}, "needs world/sectors@1"},
		{"version 2 on a version-1 host", world.AlphaVersion, []string{world.Feature, world.SectorsFeature}, "needs world/particles@2"},
		{"version 3", 3, nil, "needs world/particles@3"},
	} {
		w := donburi.NewWorld()
		calls := 0
		d := leveltest.Document(t)
		d.Version = c.version
		_, err := MountLevel(w, d, &MountOptions{Features: c.features, Textures: countingResolver{leveltest.Resolver(leveltest.Images()), &calls}})
		if !errors.Is(err, ErrMissingFeature) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if calls != 0 || w.Len() != 0 {
			t.Errorf("%s: %d textures resolved, %d entities made", c.name, calls, w.Len())
		}
	}
	// A version-1 level on a version-1 host mounts.
	w := donburi.NewWorld()
	d := leveltest.Document(t)
	d.Version = world.Version
	for i := range d.Presets {
		d.Presets[i].Sprite.Blend = world.BlendAdditive
	}
	if _, err := MountLevel(w, d, &MountOptions{Features: []string{world.Feature, world.SectorsFeature}, Textures: leveltest.Resolver(leveltest.Images())}); err != nil {
		t.Error(err)
	}
}

// TestMountLevelErrors: an invalid level or a wrong texture is refused,
// and nothing is created.
func TestMountLevelErrors(t *testing.T) {
	w := donburi.NewWorld()
	bad := leveltest.Document(t)
	bad.Emitters[0].Position.X = -5 // outside the hall: stale bounds
	if _, err := MountLevel(w, bad, &MountOptions{Textures: leveltest.Resolver(leveltest.Images())}); err == nil || !strings.Contains(err.Error(), "emitters[torch].bounds") {
		t.Errorf("invalid level: %v", err)
	}
	imgs := leveltest.Images()
	imgs["ring"] = imgs["disc"]
	if _, err := MountLevel(w, leveltest.Document(t), &MountOptions{Textures: leveltest.Resolver(imgs)}); err == nil || !strings.Contains(err.Error(), "texture ring") {
		t.Errorf("a wrong texture: %v", err)
	}
	if _, err := MountLevel(w, leveltest.Document(t), &MountOptions{PageSize: 20, Textures: leveltest.Resolver(leveltest.Images())}); err == nil || !strings.Contains(err.Error(), "flame0") {
		t.Errorf("a packing failure (the flame's frames on a 20² page): %v", err)
	}
	if _, err := MountLevel(nil, leveltest.Document(t), nil); err == nil {
		t.Error("nil world")
	}
	if w.Len() != 0 {
		t.Errorf("%d entities left by failed mounts", w.Len())
	}
}

// TestLevelClock: the level clock is the world clock since the mount:
// moved by the scheduler's steps with its TimeScale, stopped when paused,
// run backwards by a negative TimeScale, set by seeks (dormant before the
// mount); two mounts keep their own clocks, and unmounting one leaves the
// other.
func TestLevelClock(t *testing.T) {
	w := donburi.NewWorld()
	s := NewScheduler(nil) // 60 TPS
	a := mount(t, w, nil)
	for range 60 {
		s.UpdateWorld(w)
	}
	b := mount(t, w, nil)
	for range 30 {
		s.UpdateWorld(w)
	}
	check := func(what string, wantA, wantB float64) {
		t.Helper()
		ga, _ := LevelTime(w, a)
		gb, _ := LevelTime(w, b)
		if ga != wantA || gb != wantB {
			t.Errorf("%s: clocks %v and %v, want %v and %v", what, ga, gb, wantA, wantB)
		}
	}
	check("stepped", 1.5, 0.5)
	s.TimeScale = 0.5
	for range 60 {
		s.UpdateWorld(w)
	}
	check("half speed", 2, 1)
	s.Paused = true
	s.UpdateWorld(w)
	check("paused", 2, 1)
	s.Paused, s.TimeScale = false, -1
	for range 30 {
		s.UpdateWorld(w)
	}
	check("backwards", 1.5, 0.5)
	Seek(w, 0.5)
	check("seek before b's mount", 0.5, 0)
	if !levelOf(t, w, b).Dormant || levelOf(t, w, a).Dormant {
		t.Error("dormancy after the seek")
	}
	Seek(w, 10)
	check("seek on", 10, 9)
	if !UnmountLevel(w, a) || UnmountLevel(w, a) {
		t.Error("UnmountLevel")
	}
	s.TimeScale = 1
	s.UpdateWorld(w)
	if _, ok := LevelTime(w, a); ok {
		t.Error("an unmounted level still has a clock")
	}
	if gb, _ := LevelTime(w, b); gb != 9+1.0/60 {
		t.Errorf("b after a's unmount: %v", gb)
	}
	if n := component.WorldEmitterQuery().Count(w); n != 6 {
		t.Errorf("%d emitter entities after unmounting one of two levels of 6", n)
	}
}

// frameAt draws the layer's levels with the reference rasterizer.
func frameAt(w donburi.World, col *LevelCollector, cam *camera.World) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	var r raster.Rasterizer
	for _, it := range col.AppendRasterLevels(w, nil) {
		r.DrawLevel(img, &it, cam)
	}
	return img.Pix
}

// TestLevelTPS: 30, 60 and 144 updates a second show byte-identical frames
// at the same clocks.
func TestLevelTPS(t *testing.T) {
	cam := &camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 6, Pitch: 60}
	frames := map[int][][]byte{}
	for _, tps := range []int{30, 60, 144} {
		w := donburi.NewWorld()
		s := NewScheduler(&SchedulerOptions{TPS: tps})
		mount(t, w, nil)
		col := NewLevelCollector(0)
		for k := 1; k <= 4; k++ { // 0.5, 1, 1.5 and 2 s
			for range tps / 2 {
				s.UpdateWorld(w)
			}
			frames[tps] = append(frames[tps], frameAt(w, col, cam))
		}
	}
	for k := range 4 {
		if !bytes.Equal(frames[30][k], frames[60][k]) || !bytes.Equal(frames[144][k], frames[60][k]) {
			t.Errorf("frame %d differs between 30, 60 and 144 TPS", k)
		}
	}
	blank := make([]byte, len(frames[60][3]))
	if bytes.Equal(frames[60][3], blank) {
		t.Error("the frames show nothing")
	}
}

// TestLevelSeekFrames: a world seek (system.Seek) shows a level exactly as
// stepping showed it, back and forward, with a level mounted at 1 s as
// well as one mounted at 0; before its mount a level shows nothing.
func TestLevelSeekFrames(t *testing.T) {
	cam := &camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 6, Pitch: 60}
	w := donburi.NewWorld()
	s := NewScheduler(nil)
	mount(t, w, nil)
	col := NewLevelCollector(0)
	for range 60 {
		s.UpdateWorld(w)
	}
	late := mount(t, w, nil)
	want := map[int][]byte{}
	for k := 1; k <= 6; k++ { // 1.5 to 4 s by halves
		for range 30 {
			s.UpdateWorld(w)
		}
		want[k] = bytes.Clone(frameAt(w, col, cam))
	}
	for _, k := range []int{3, 1, 6, 2, 5, 4} {
		Seek(w, 1+float64(k)/2)
		if !bytes.Equal(frameAt(w, col, cam), want[k]) {
			t.Errorf("seek to %v s shows another frame than stepping did", 1+float64(k)/2)
		}
	}
	Seek(w, 0.5)
	if !levelOf(t, w, late).Dormant || len(col.Collect(w)) != 1 {
		t.Error("at 0.5 s the level mounted at 1 s is collected")
	}
}

// TestLevelVisibility: hiding the level, or one emitter, for a while does
// not restart or skip its clock: once shown, the frame is the one a world
// that never hid it shows at the same clock.
func TestLevelVisibility(t *testing.T) {
	cam := &camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 6, Pitch: 60}
	run := func(hide func(w donburi.World, e donburi.Entity, hidden bool)) []byte {
		w := donburi.NewWorld()
		s := NewScheduler(nil)
		e := mount(t, w, nil)
		col := NewLevelCollector(0)
		for k := range 150 {
			if hide != nil {
				hide(w, e, k >= 20 && k < 100)
			}
			s.UpdateWorld(w)
			if k >= 20 && k < 100 && hide != nil {
				frameAt(w, col, cam) // drawn hidden: nothing of it shows
			}
		}
		return frameAt(w, col, cam)
	}
	want := run(nil)
	level := run(func(w donburi.World, e donburi.Entity, h bool) { levelOf(t, w, e).Hidden = h })
	emitter := run(func(w donburi.World, e donburi.Entity, h bool) {
		em, _ := component.GetWorldEmitter(w, levelOf(t, w, e).Emitters[0])
		em.Hidden = h
	})
	if !bytes.Equal(level, want) || !bytes.Equal(emitter, want) {
		t.Error("a level or emitter hidden for a while shows another frame than one never hidden")
	}
}

// TestLevelSchedulerAllocatesNothing: updates of a world with levels
// mounted allocate nothing.
func TestLevelSchedulerAllocatesNothing(t *testing.T) {
	w := donburi.NewWorld()
	s := NewScheduler(nil)
	mount(t, w, nil)
	mount(t, w, nil)
	s.UpdateWorld(w)
	if n := testing.AllocsPerRun(100, func() { s.UpdateWorld(w) }); n != 0 {
		t.Errorf("%v allocations per update", n)
	}

}
