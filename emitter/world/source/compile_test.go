package source

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// squares resolves every texture to a 64×64 image whose digest is its
// path's first byte, repeated; a path starting "missing" fails.
var squares = TextureResolverFunc(func(t Texture) (world.Texture, error) {
	if strings.HasPrefix(t.Path, "missing") {
		return world.Texture{}, errors.New("cannot read " + t.Path + ": no such file")
	}
	w := world.Texture{Path: t.Path, Width: 64, Height: 64}
	for i := range w.Digest {
		w.Digest[i] = t.Path[0]
	}
	return w, nil
})

// testLevel is a small valid level: two rooms joined by a portal, a torch
// preset placed twice in the hall and a fountain in the annex.
//
//	hall:  (0,0) (10,0) (10,10) (0,10), z in [0, 5]
//	annex: (10,0) (20,0) (20,10) (10,10), z in [0, 6]
//
// The hall's edge 1, (10,0) to (10,10), is the annex's edge 3.
func testLevel() *Level {
	return &Level{
		Textures: []Texture{{Name: "fire", Path: "textures/fire.png"}, {Name: "drop", Path: "textures/drop.png"}},
		Presets: []Preset{{
			Name:     "torch",
			Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.1, Y: -0.1}, Max: world.Vec3{X: 0.1, Y: 0.1}},
			Velocity: world.Range3{Min: world.Vec3{X: -0.2, Y: -0.2, Z: 0.8}, Max: world.Vec3{X: 0.2, Y: 0.2, Z: 1.2}},
			Lifetime: world.Range{Min: 0.8, Max: 1.2},
			Drag:     0.5,
			Rotation: world.Range{Max: 360},
			Spin:     world.Range{Min: -90, Max: 90},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.4}, {Age: 1, Size: 0.1}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.8, B: 0.3, A: 1}, {Age: 1, R: 0.5, G: 0.1, A: 0}},
			},
			Sprite: Sprite{Frames: []string{"fire"}},
		}, {
			Name:         "fountain",
			Capacity:     64,
			Spawn:        world.Spawn{Min: world.Vec3{Z: 0.25}},
			Velocity:     world.Range3{Min: world.Vec3{X: -0.5, Y: -0.5, Z: 4}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 5}},
			Lifetime:     world.Range{Min: 0.9, Max: 1},
			Acceleration: world.Vec3{Z: -9.8},
			Sprite:       Sprite{Frames: []string{"drop"}, Facing: world.FacingUpright, Blend: world.BlendCutout},
		}},
		Sectors: []Sector{{
			Name:    "hall",
			Points:  []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}},
			Ceiling: 5,
			Portals: []Portal{{Edge: 1, Sector: "annex"}},
		}, {
			Name:    "annex",
			Points:  []world.Vec2{{X: 10, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 10}, {X: 10, Y: 10}},
			Ceiling: 6,
			Portals: []Portal{{Edge: 3, Sector: "hall"}},
		}},
		Emitters: []Emitter{{
			Name: "torch_west", Preset: "torch", Sector: "hall", Position: world.Vec3{X: 2, Y: 5, Z: 1},
			Yaw: 370, Seed: 1, Rate: 20, Duration: 1, Playback: world.PlayCycle, Period: 1,
		}, {
			Name: "torch_east", Preset: "torch", Sector: "hall", Position: world.Vec3{X: 8, Y: 5, Z: 1},
			Yaw: -190, Scale: 0.5, Seed: 2, Rate: 10, Duration: 2,
		}, {
			Name: "fountain", Preset: "fountain", Sector: "annex", Position: world.Vec3{X: 15, Y: 5, Z: 1.25},
			Rate: 40, Duration: 1, Bursts: []world.Burst{{Time: 0.5, Count: 10}},
			Playback: world.PlayCycle, Period: 2,
		}},
	}
}

func TestCompile(t *testing.T) {
	l := testLevel()
	before := testLevel()
	d, err := Compile(l, squares)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l, before) {
		t.Errorf("Compile modified its level")
	}
	if err := world.ValidateForWorld(&d); err != nil {
		t.Fatalf("the compiled document is not valid: %v", err)
	}
	if d.Version != world.Version {
		t.Errorf("version %d, want %d (the default)", d.Version, world.Version)
	}
	// Names become indices.
	for i, want := range []struct{ preset, sector int }{{0, 0}, {0, 0}, {1, 1}} {
		if e := d.Emitters[i]; e.Preset != want.preset || e.Sector != want.sector {
			t.Errorf("emitter %s: preset %d, sector %d; want %d, %d", e.Name, e.Preset, e.Sector, want.preset, want.sector)
		}
	}
	if f := d.Presets[1].Sprite.Frames; !reflect.DeepEqual(f, []int{1}) {
		t.Errorf("fountain frames %v, want [1]", f)
	}
	if p := d.Sectors[0].Portals; !reflect.DeepEqual(p, []world.Portal{{Edge: 1, Sector: 1}}) {
		t.Errorf("hall portals %v", p)
	}
	if p := d.Sectors[1].Portals; !reflect.DeepEqual(p, []world.Portal{{Edge: 3, Sector: 0}}) {
		t.Errorf("annex portals %v", p)
	}
	// Textures come from the resolver, named by the source.
	if tx := d.Textures[1]; tx.Name != "drop" || tx.Path != "textures/drop.png" || tx.Width != 64 || tx.Digest[0] != 't' {
		t.Errorf("texture 1 = %+v", tx)
	}
	// Yaw normalized: 370 is 10, -190 is 170.
	if y := d.Emitters[0].Yaw; y != 10 {
		t.Errorf("yaw 370 compiled to %v, want 10", y)
	}
	if y := d.Emitters[1].Yaw; y != 170 {
		t.Errorf("yaw -190 compiled to %v, want 170", y)
	}
	// Scale 0 is 1; 0.5 stays.
	if s0, s1 := d.Emitters[0].Scale, d.Emitters[1].Scale; s0 != 1 || s1 != 0.5 {
		t.Errorf("scales %v, %v; want 1, 0.5", s0, s1)
	}
	// Capacity 0 is sized from the emitters: torch_west cycles every 1 s
	// with 20 births and lives up to 1.2 s, so it reserves
	// ceil(1.2/1) = 2 groups of 20; torch_east, once, 10/s for 2 s,
	// reserves 20. The fountain's explicit 64 stays (it needs 50).
	if c := d.Presets[0].Capacity; c != 40 {
		t.Errorf("torch capacity %d, want 40", c)
	}
	if c := d.Presets[1].Capacity; c != 64 {
		t.Errorf("fountain capacity %d, want 64", c)
	}
	// A point spawn's max is its min; missing curves are constant size
	// 1 and opaque white.
	if s := d.Presets[1].Spawn; s.Max != (world.Vec3{Z: 0.25}) || s.Min != s.Max {
		t.Errorf("fountain spawn %+v", s)
	}
	if c := d.Presets[1].Curves; !reflect.DeepEqual(c.Size, []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 1}}) ||
		!reflect.DeepEqual(c.Color, []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 1}, {Age: 1, R: 1, G: 1, B: 1, A: 1}}) {
		t.Errorf("fountain curves %+v", c)
	}
	// Bounds are the conservative ones, computed after normalizing yaw.
	for i := range d.Emitters {
		e := &d.Emitters[i]
		if want := world.ConservativeEmitterBounds(e, &d.Presets[e.Preset]); e.Bounds != want {
			t.Errorf("emitter %s bounds %+v, want %+v", e.Name, e.Bounds, want)
		}
	}
	// The compiled document is the source's: changing it leaves l alone.
	d.Presets[0].Curves.Size[0].Size = 99
	d.Emitters[2].Bursts[0].Count = 99
	if !reflect.DeepEqual(l, before) {
		t.Errorf("the document shares memory with the level")
	}
}

func TestCompileVersion(t *testing.T) {
	l := testLevel()
	l.Presets[0].Sprite.Blend = world.BlendAlpha
	l.Version = world.AlphaVersion
	d, err := Compile(l, squares)
	if err != nil || d.Version != world.AlphaVersion {
		t.Fatalf("version 2: %v, version %d", err, d.Version)
	}
	l.Version = 0
	_, err = Compile(l, squares)
	checkProblems(t, err, []string{
		"presets[torch].sprite.blend: alpha needs document version 2; version 1 accepts additive and cutout",
	})
}

// checkProblems checks that err lists exactly want, as "field: message";
// a wanted problem ending in "..." matches any that starts with the rest
// (for the numbers of messages that world's tests pin down).
func checkProblems(t *testing.T, err error, want []string) {
	t.Helper()
	var ps world.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v (%T), want Problems", err, err)
	}
	var got []string
	for i, p := range ps {
		s := p.Field + ": " + p.Message
		if i < len(want) {
			if w, ok := strings.CutSuffix(want[i], "..."); ok && strings.HasPrefix(s, w) {
				s = want[i]
			}
		}
		got = append(got, s)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCompileProblems(t *testing.T) {
	cases := []struct {
		name   string
		change func(l *Level)
		want   []string
	}{
		{"unknown preset, close", func(l *Level) { l.Emitters[0].Preset = "torhc" },
			[]string{`emitters[torch_west].preset: unknown preset "torhc"; did you mean torch?`}},
		{"unknown preset, far", func(l *Level) { l.Emitters[0].Preset = "lantern" },
			[]string{`emitters[torch_west].preset: unknown preset "lantern"; the level's presets are torch, fountain`}},
		{"empty preset", func(l *Level) { l.Emitters[0].Preset = "" },
			[]string{`emitters[torch_west].preset: is empty; name a preset of the level`}},
		{"unknown sector", func(l *Level) { l.Emitters[2].Sector = "anex" },
			[]string{`emitters[fountain].sector: unknown sector "anex"; did you mean annex?`}},
		{"no sectors", func(l *Level) {
			l.Sectors = nil
			l.Emitters = l.Emitters[2:]
		}, []string{`emitters[fountain].sector: unknown sector "annex": the level has no sectors`}},
		{"unknown frame", func(l *Level) { l.Presets[1].Sprite.Frames = []string{"drop", "Fire", "smoke"} },
			[]string{
				`presets[fountain].sprite.frames[1]: unknown texture "Fire"; did you mean fire?`,
				`presets[fountain].sprite.frames[2]: unknown texture "smoke"; the level's textures are fire, drop`,
				`presets[fountain].sprite.flipbook.fps: 0 is below 2^-126, the smallest normal float32: a flipbook of 3 frames needs a frame rate (0 is for a single frame)`,
			}},
		{"unknown portal sector", func(l *Level) { l.Sectors[1].Portals[0].Sector = "hal" },
			[]string{
				`sectors[annex].portals[0].sector: unknown sector "hal"; did you mean hall?`,
				`sectors[hall].portals[0]: sectors[annex] has no portal back on its edge 3: portals come in reciprocal pairs`,
			}},
		{"texture not found", func(l *Level) { l.Textures[1].Path = "missing/drop.png" },
			[]string{`textures[drop]: cannot read missing/drop.png: no such file`}},
		{"element by index", func(l *Level) { l.Presets[1].Name = "2fountain"; l.Emitters[2].Preset = "2fountain" },
			[]string{`presets[1].name: "2fountain" starts with '2'; a name starts with a letter or '_'`}},
		{"duplicate name", func(l *Level) { l.Presets[1].Name = "torch"; l.Emitters[2].Preset = "torch" },
			[]string{`presets[1].name: "torch" is also the name of presets[0]; names are unique among presets`}},
		{"validation, by path", func(l *Level) {
			l.Presets[0].Lifetime = world.Range{Min: 2, Max: 1}
			l.Presets[0].Curves.Size[1].Age = 0.5
			l.Emitters[2].Duration = 3
		}, []string{
			`presets[torch].lifetime: min 2 is greater than max 1`,
			`presets[torch].curves.size[1].age: 0.5: the last key is at age 1`,
			`emitters[fountain].duration_seconds: 3 is longer than period_seconds 2: an emission must fit its cycle`,
		}},
		{"envelope leaves the sector", func(l *Level) { l.Emitters[0].Position.X = 0.5 },
			[]string{`emitters[torch_west]: the motion envelope leaves its sector, sectors[hall]: corner (-0.107...`}},
		{"scale negative", func(l *Level) { l.Emitters[1].Scale = -1 },
			[]string{`emitters[torch_east].scale: -1 is out of range [0, 1e+09]`}},
		{"capacity too small", func(l *Level) { l.Presets[0].Capacity = 30 },
			[]string{`presets[torch].capacity: 30 slots are fewer than emitters[torch_west] reserves: 40 (2 groups × 20 births)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := testLevel()
			c.change(l)
			d, err := Compile(l, squares)
			checkProblems(t, err, c.want)
			if !reflect.DeepEqual(d, world.Document{}) {
				t.Errorf("the document is not zero on error")
			}
		})
	}
}

func TestCompileNil(t *testing.T) {
	_, err := Compile(nil, squares)
	checkProblems(t, err, []string{": the level is nil"})
	l := testLevel()
	_, err = Compile(l, nil)
	checkProblems(t, err, []string{
		`textures[fire]: cannot read "textures/fire.png": no texture resolver`,
		`textures[drop]: cannot read "textures/drop.png": no texture resolver`,
	})
	// A level without textures needs no resolver; its presets then name
	// frames that do not exist.
	l.Textures = nil
	_, err = Compile(l, nil)
	checkProblems(t, err, []string{
		`presets[torch].sprite.frames[0]: unknown texture "fire": the level has no textures`,
		`presets[fountain].sprite.frames[0]: unknown texture "drop": the level has no textures`,
	})
}
