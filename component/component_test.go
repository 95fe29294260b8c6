package component

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/timeline"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/features/transform"
	"github.com/yohamta/donburi/filter"
)

func snapshot(t *testing.T) *emitter.Snapshot {
	t.Helper()
	spec := emitter.DefaultSpec()
	spec.TimeScale = 0.5
	s, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSpawnDefaults(t *testing.T) {
	w := donburi.NewWorld()
	snap := snapshot(t)
	e, err := Spawn(w, snap, nil)
	if err != nil {
		t.Fatal(err)
	}
	entry := w.Entry(e)
	d, ok := Get(w, e)
	if !ok || d != Effect.Get(entry) {
		t.Fatal("Get does not find the new effect")
	}
	if d.Effect.Snapshot() != snap || d.Effect.Playing() || d.Effect.Clock() != 0 || d.Effect.Seed() != 0 {
		t.Errorf("effect: playing %v clock %v seed %v", d.Effect.Playing(), d.Effect.Clock(), d.Effect.Seed())
	}
	if w, h := d.Effect.HostSize(); w != 200 || h != 100 {
		t.Errorf("host %v × %v", w, h)
	}
	if d.Name != "" || d.OneShot || d.Texture != nil || d.Strip != nil || d.X != 0 || d.Y != 0 || d.Dormant || !d.Visible() {
		t.Errorf("metadata %+v", d)
	}
	if entry.HasComponent(Playing) || entry.HasComponent(Pending) || entry.HasComponent(transform.Transform) {
		t.Error("unexpected components on a default effect")
	}
	if n := ecs.NewQuery(0, filter.Contains(Effect)).Count(w); n != 1 {
		t.Errorf("%d effects on layer 0", n)
	}
	segs := d.Timeline.Segments()
	if len(segs) != 1 || segs[0] != (timeline.Segment{}) || d.Timeline.Spawn != 0 || d.Timeline.TimeScale() != 0.5 || d.Timeline.Current() != 0 {
		t.Errorf("timeline %+v spawn %v", segs, d.Timeline.Spawn)
	}
	if Query().Count(w) != 1 || PlayingQuery().Count(w) != 0 {
		t.Error("queries")
	}
}

func TestSpawnOptions(t *testing.T) {
	w := donburi.NewWorld()
	reg := GetRegistry(w)
	reg.Now, reg.Reach, reg.Step = 5000, 9000, 100
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	e, err := Spawn(w, snapshot(t), &SpawnOptions{
		Seed: 9, RandomSeed: true, HostWidth: 40, HostHeight: 30, Name: "spark", OneShot: true,
		Play: true, Layer: 3, Transform: true, X: 7, Y: 8, Texture: tex,
	})
	if err != nil {
		t.Fatal(err)
	}
	entry := w.Entry(e)
	d := Effect.Get(entry)
	if !d.Effect.Playing() || !entry.HasComponent(Playing) || d.Effect.Seed() != 9 || d.Name != "spark" || !d.OneShot || d.Texture != tex {
		t.Errorf("effect data %+v", d)
	}
	if w, h := d.Effect.HostSize(); w != 40 || h != 30 {
		t.Errorf("host %v × %v", w, h)
	}
	if p := transform.GetTransform(entry).LocalPosition; p.X != 7 || p.Y != 8 || d.X != 0 || d.Y != 0 {
		t.Errorf("transform at %v, offset (%v, %v)", p, d.X, d.Y)
	}
	if ecs.NewQuery(3, filter.Contains(Effect)).Count(w) != 1 || ecs.NewQuery(0, filter.Contains(Effect)).Count(w) != 0 {
		t.Error("not on layer 3")
	}
	if segs := d.Timeline.Segments(); len(segs) != 1 || segs[0] != (timeline.Segment{World: 5000, Step: 100, Playing: true}) || d.Timeline.Spawn != 5000 {
		t.Errorf("timeline %+v", segs)
	}
	if got, ok := reg.Lookup(w, "spark"); !ok || got != e {
		t.Error("name not registered")
	}
	if PlayingQuery().Count(w) != 1 {
		t.Error("playing query")
	}
}

func TestSpawnErrors(t *testing.T) {
	w := donburi.NewWorld()
	snap := snapshot(t)
	for _, c := range []struct {
		name string
		w    donburi.World
		snap *emitter.Snapshot
		opts *SpawnOptions
		want string
	}{
		{"nil world", nil, snap, nil, "nil world"},
		{"nil snapshot", w, nil, nil, "nil snapshot"},
		{"negative layer", w, snap, &SpawnOptions{Layer: -1}, "component: Spawn: layer -1 is not from 0 to 4095 (MaxLayer)"},
		{"huge layer", w, snap, &SpawnOptions{Layer: 1 << 40}, "component: Spawn: layer 1099511627776 is not from 0 to 4095 (MaxLayer)"},
		{"NaN X", w, snap, &SpawnOptions{X: math.NaN()}, "component: Spawn: X NaN is not a finite position"},
		{"infinite Y", w, snap, &SpawnOptions{Y: math.Inf(-1), Transform: true}, "component: Spawn: Y -Inf is not a finite position"},
		{"bad host", w, snap, &SpawnOptions{HostWidth: math.NaN()}, "HostWidth"},
	} {
		if _, err := Spawn(c.w, c.snap, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
	if _, err := Spawn(w, snap, &SpawnOptions{Name: "a"}); err != nil {
		t.Fatal(err)
	}
	_, err := Spawn(w, snap, &SpawnOptions{Name: "a"})
	if !errors.Is(err, ErrNameTaken) || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("duplicate name: %v", err)
	}
	if n := Query().Count(w); n != 1 {
		t.Errorf("failed constructors left %d effects", n)
	}
}

func TestRegistry(t *testing.T) {
	w := donburi.NewWorld()
	r := GetRegistry(w)
	if GetRegistry(w) != r {
		t.Fatal("a second registry")
	}
	e, _ := Spawn(w, snapshot(t), &SpawnOptions{Name: "x"})
	r.Release("x", donburi.Null) // not the holder: kept
	if _, ok := r.Lookup(w, "x"); !ok {
		t.Fatal("released by a non-holder")
	}
	Effect.Get(w.Entry(e)).Name = "y" // renamed behind the index
	if _, ok := r.Lookup(w, "x"); ok {
		t.Error("a renamed effect is still found by its old name")
	}
	r.Release("y", e)
	var empty RegistryData
	empty.claim("z", e)
	if _, ok := empty.Lookup(w, "z"); ok {
		t.Error("a stale entry in a fresh registry")
	}
}

func TestSpawnFile(t *testing.T) {
	dir := t.TempDir()
	writePNG := func(name string) {
		img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
		img.Set(1, 1, color.NRGBA{255, 0, 0, 255})
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	writePNG("dot.png")
	writePNG("strip.png")
	file := filepath.Join(dir, "fx.yaml")
	if err := os.WriteFile(file, []byte("Rate: 5\nTexture: dot.png\nColorStrip: strip.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	e, err := SpawnFile(w, file, &SpawnOptions{Name: "fx", Play: true})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Get(w, e)
	if d.Texture == nil || d.Strip == nil || d.Texture.Bounds().Dx() != 4 || d.Name != "fx" || !d.Effect.Playing() {
		t.Errorf("loaded %+v", d)
	}
	if sp := d.Effect.Snapshot().Spec(); sp.Rate != 5 {
		t.Errorf("rate %v", sp.Rate)
	}
	own := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	e2, err := SpawnFile(w, file, &SpawnOptions{Texture: own})
	if err != nil {
		t.Fatal(err)
	}
	if d2, _ := Get(w, e2); d2.Texture != own || d2.Strip == nil {
		t.Error("an option texture was replaced by the file's")
	}

	if _, err := SpawnFile(w, filepath.Join(dir, "missing.yaml"), nil); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("Rate: -1\n"), 0o644)
	if _, err := SpawnFile(w, bad, nil); err == nil || !strings.Contains(err.Error(), "Rate") {
		t.Errorf("invalid spec: %v", err)
	}
	noTex := filepath.Join(dir, "notex.yaml")
	os.WriteFile(noTex, []byte("Rate: 2\nTexture: nope.png\n"), 0o644)
	if _, err := SpawnFile(w, noTex, nil); err == nil || err.Error() != noTex+`:2: Texture: "nope.png": cannot read `+filepath.Join(dir, "nope.png")+": no such file or directory" {
		t.Errorf("missing texture: %v", err)
	}
	if _, err := SpawnFile(w, file, &SpawnOptions{Name: "fx"}); !errors.Is(err, ErrNameTaken) {
		t.Errorf("duplicate name: %v", err)
	}
	if n := Query().Count(w); n != 2 {
		t.Errorf("%d effects, want 2", n)
	}
}

// TestSpawnFileName checks that an effect file's Name names the entity
// when the options give none: the first spawn takes it, later ones while
// it is alive stay unnamed (not an error), an explicit name wins, and the
// name is free again once its holder is gone.
func TestSpawnFileName(t *testing.T) {
	file := filepath.Join(t.TempDir(), "torch.yaml")
	if err := os.WriteFile(file, []byte("Name: Flame\nRate: 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	spawn := func(o *SpawnOptions) (donburi.Entity, string) {
		t.Helper()
		e, err := SpawnFile(w, file, o)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := Get(w, e)
		return e, d.Name
	}
	first, name := spawn(nil)
	if name != "Flame" {
		t.Errorf("first spawn named %q, want the file's Flame", name)
	}
	if e, ok := GetRegistry(w).Lookup(w, "Flame"); !ok || e != first {
		t.Errorf("Lookup(Flame) = %v, %v; want the first spawn %v", e, ok, first)
	}
	if _, name := spawn(&SpawnOptions{Seed: 2}); name != "" {
		t.Errorf("second spawn named %q while the first holds Flame, want unnamed", name)
	}
	if _, name := spawn(&SpawnOptions{Name: "Left torch"}); name != "Left torch" {
		t.Errorf("explicit name gave %q", name)
	}
	w.Remove(first)
	if _, name := spawn(nil); name != "Flame" {
		t.Errorf("spawn after the holder's removal named %q, want Flame", name)
	}
}
