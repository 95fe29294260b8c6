package world

import (
	"fmt"
	"math"
	"testing"
)

func TestValidLevel(t *testing.T) {
	d := testLevel(t)
	if err := Validate(d); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	if err := ValidateForWorld(d); err != nil {
		t.Fatalf("ValidateForWorld: %v", err)
	}
}

// TestValidateProblems: one broken rule per case, each reported at its
// path in the source vocabulary with a message naming what is wrong.
func TestValidateProblems(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name      string
		edit      func(d *Document)
		field     string
		fragments []string
	}{
		{"version", func(d *Document) { d.Version = 3 }, "version", []string{"3 is not a document version"}},
		{"alpha in version 1", func(d *Document) { d.Presets[0].Sprite.Blend = BlendAlpha },
			"presets[torch].sprite.blend", []string{"alpha needs document version 2"}},
		{"premultiplied in version 1", func(d *Document) { d.Presets[0].Sprite.Blend = BlendPremultiplied },
			"presets[torch].sprite.blend", []string{"premultiplied needs document version 2"}},
		{"unknown blend", func(d *Document) { d.Presets[0].Sprite.Blend = 4 },
			"presets[torch].sprite.blend", []string{"4 is not one of"}},
		{"unknown facing", func(d *Document) { d.Presets[0].Sprite.Facing = 2 },
			"presets[torch].sprite.facing", []string{"2 is not one of"}},
		{"NaN drag", func(d *Document) { d.Presets[0].Drag = nan },
			"presets[torch].drag", []string{"NaN is not a finite number"}},
		{"negative drag", func(d *Document) { d.Presets[0].Drag = -1 },
			"presets[torch].drag", []string{"-1 is out of range [0, 1e+09]"}},
		{"capacity 0", func(d *Document) { d.Presets[0].Capacity = 0 },
			"presets[torch].capacity", []string{"0 is out of range [1, 4096]"}},
		{"capacity 4097", func(d *Document) { d.Presets[0].Capacity = 4097 },
			"presets[torch].capacity", []string{"4097 is out of range [1, 4096]"}},
		{"lifetime 0", func(d *Document) { d.Presets[0].Lifetime.Min = 0 },
			"presets[torch].lifetime.min", []string{"below 2^-126"}},
		{"lifetime above 3600", func(d *Document) { d.Presets[0].Lifetime.Max = 3601 },
			"presets[torch].lifetime.max", []string{"3601 is out of range [0, 3600]"}},
		{"lifetime reversed", func(d *Document) { d.Presets[0].Lifetime = Range{2, 1} },
			"presets[torch].lifetime", []string{"min 2 is greater than max 1"}},
		{"velocity reversed", func(d *Document) { d.Presets[0].Velocity.Min.Z = 3 },
			"presets[torch].velocity", []string{"min.z 3 is greater than max.z 1.2"}},
		{"infinite velocity", func(d *Document) { d.Presets[0].Velocity.Max.Y = math.Inf(1) },
			"presets[torch].velocity.max.y", []string{"+Inf is not a finite number"}},
		{"point spawn with extent", func(d *Document) { d.Presets[1].Spawn.Max.X = 1 },
			"presets[fountain].spawn", []string{"a point spawn has min == max"}},
		{"box spawn reversed", func(d *Document) { d.Presets[0].Spawn.Min.X = 1 },
			"presets[torch].spawn", []string{"min.x 1 is greater than max.x 0.1"}},
		{"one size key", func(d *Document) { d.Presets[0].Curves.Size = d.Presets[0].Curves.Size[:1] },
			"presets[torch].curves.size", []string{"1 keys; a curve has 2 to 4"}},
		{"five colour keys", func(d *Document) {
			c := d.Presets[0].Curves.Color
			d.Presets[0].Curves.Color = []ColorKey{c[0], {0.1, 1, 1, 1, 1}, {0.2, 1, 1, 1, 1}, {0.3, 1, 1, 1, 1}, c[2]}
		}, "presets[torch].curves.color", []string{"5 keys; a curve has 2 to 4"}},
		{"first key not at 0", func(d *Document) { d.Presets[0].Curves.Size[0].Age = 0.1 },
			"presets[torch].curves.size[0].age", []string{"the first key is at age 0"}},
		{"last key not at 1", func(d *Document) { d.Presets[0].Curves.Color[2].Age = 0.9 },
			"presets[torch].curves.color[2].age", []string{"the last key is at age 1"}},
		// 0.7 and 0.7 + 1e-9 are different float64 values but one float32.
		{"keys equal as float32", func(d *Document) {
			c := d.Presets[0].Curves.Color
			d.Presets[0].Curves.Color = []ColorKey{c[0], c[1], {0.7 + 1e-9, 1, 1, 1, 1}, c[2]}
		}, "presets[torch].curves.color[2].age", []string{"not after the previous key's 0.7 once both are float32"}},
		// 2^-127 is a float32 (subnormal), 2^-127 after age 0.
		{"subnormal age difference", func(d *Document) {
			d.Presets[0].Curves.Size = []SizeKey{{0, 1}, {0x1p-127, 1}, {1, 1}}
		}, "presets[torch].curves.size[1].age", []string{"less than 2^-126"}},
		{"colour above 1", func(d *Document) { d.Presets[0].Curves.Color[1].G = 1.5 },
			"presets[torch].curves.color[1].g", []string{"1.5 is out of range [0, 1]"}},
		{"negative size", func(d *Document) { d.Presets[0].Curves.Size[1].Size = -1 },
			"presets[torch].curves.size[1].size", []string{"-1 is out of range"}},
		{"no frames", func(d *Document) { d.Presets[0].Sprite.Frames = nil },
			"presets[torch].sprite.frames", []string{"0 frames; a preset has 1 to 16"}},
		{"17 frames", func(d *Document) { d.Presets[0].Sprite.Frames = make([]int, 17) },
			"presets[torch].sprite.frames", []string{"17 frames; a preset has 1 to 16"}},
		{"frame out of range", func(d *Document) { d.Presets[0].Sprite.Frames = []int{2} },
			"presets[torch].sprite.frames[0]", []string{"2 is not a texture index: the document has 2 textures"}},
		{"negative frame", func(d *Document) { d.Presets[0].Sprite.Frames = []int{-1} },
			"presets[torch].sprite.frames[0]", []string{"-1 is not a texture index"}},
		{"frame not square", func(d *Document) { d.Textures[0].Height = 32 },
			"presets[torch].sprite.frames[0]", []string{"texture textures[fire] is 64×32 pixels; frames are square"}},
		{"frames of two sizes", func(d *Document) { d.Textures[1].Width, d.Textures[1].Height = 32, 32 },
			"presets[fountain].sprite.frames[1]", []string{"textures[spark] is 32×32 pixels but frames[0], textures[fire], is 64×64"}},
		{"flipbook without frame rate", func(d *Document) { d.Presets[1].Sprite.Flipbook.FPS = 0 },
			"presets[fountain].sprite.flipbook.fps", []string{"below 2^-126", "2 frames"}},
		{"texture size", func(d *Document) { d.Textures[1].Width = 0 },
			"textures[spark].width", []string{"0 is not a number of pixels in [1, 4096]"}},
		{"texture too tall", func(d *Document) { d.Textures[1].Height = MaxTextureEdge + 1 },
			"textures[spark].height", []string{"4097 is not a number of pixels in [1, 4096]"}},
		{"too many textures", func(d *Document) {
			for len(d.Textures) <= MaxTextures {
				d.Textures = append(d.Textures, Texture{Name: fmt.Sprintf("extra%d", len(d.Textures)), Path: "x.png", Width: 8, Height: 8})
			}
		}, "textures", []string{"1025 textures; at most 1024"}},
		{"too many sectors", func(d *Document) {
			for len(d.Sectors) <= MaxSectors {
				s := d.Sectors[0]
				s.Name, s.Portals = fmt.Sprintf("extra%d", len(d.Sectors)), nil
				d.Sectors = append(d.Sectors, s)
			}
		}, "sectors", []string{"1025 sectors; at most 1024"}},
		{"absolute texture path", func(d *Document) { d.Textures[1].Path = "/tmp/spark.png" },
			"textures[spark].path", []string{"not a slash-separated path relative"}},
		{"empty name", func(d *Document) { d.Presets[1].Name = "" },
			"presets[1].name", []string{"is empty"}},
		{"duplicate name", func(d *Document) { d.Emitters[1].Name = "torch" },
			"emitters[1].name", []string{`"torch" is also the name of emitters[0]`}},
		{"name with a bracket", func(d *Document) { d.Sectors[1].Name = "annex]" },
			"sectors[1].name", []string{"holds ']'"}},
		{"name starting with a digit", func(d *Document) { d.Textures[0].Name = "3" },
			"textures[0].name", []string{"starts with '3'"}},
		{"preset out of range", func(d *Document) { d.Emitters[0].Preset = 2 },
			"emitters[torch].preset", []string{"2 is not a preset index: the document has 2 presets"}},
		{"sector out of range", func(d *Document) { d.Emitters[0].Sector = -1 },
			"emitters[torch].sector", []string{"-1 is not a sector index"}},
		{"yaw not normalized", func(d *Document) { d.Emitters[0].Yaw = 190 },
			"emitters[torch].yaw", []string{"190 is outside [-180, 180]", "-170"}},
		{"scale 0", func(d *Document) { d.Emitters[0].Scale = 0 },
			"emitters[torch].scale", []string{"0 is not positive"}},
		{"period for once", func(d *Document) { d.Emitters[0].Playback = PlayOnce },
			"emitters[torch].period_seconds", []string{"playback is once"}},
		{"cycle without period", func(d *Document) { d.Emitters[1].Period = 0 },
			"emitters[fountain].period_seconds", []string{"0 is not a period in (0, 3600]"}},
		{"duration beyond period", func(d *Document) { d.Emitters[1].Duration = 1.5 },
			"emitters[fountain].duration_seconds", []string{"1.5 is longer than period_seconds 1"}},
		{"burst at the period", func(d *Document) { d.Emitters[1].Bursts[0].Time = 1 },
			"emitters[fountain].bursts[0].time_seconds", []string{"1 is not before period_seconds 1"}},
		{"burst of none", func(d *Document) { d.Emitters[1].Bursts[0].Count = 0 },
			"emitters[fountain].bursts[0].count", []string{"0 is out of range [1, 4096]"}},
		{"17 bursts", func(d *Document) { d.Emitters[0].Bursts = make([]Burst, 17) },
			"emitters[torch].bursts", []string{"17 timed bursts; at most 16"}},
		{"delay above 3600", func(d *Document) { d.Emitters[0].Delay = 4000 },
			"emitters[torch].delay_seconds", []string{"4000 is out of range [0, 3600]"}},
		{"negative rate", func(d *Document) { d.Emitters[0].Rate = -1 },
			"emitters[torch].rate", []string{"-1 is out of range"}},
		{"too many births", func(d *Document) { d.Emitters[0].Rate, d.Emitters[0].Duration = 1000, 3600 },
			"emitters[torch].rate", []string{"more than 4096 births"}},
		{"emits nothing", func(d *Document) { d.Emitters[0].Rate = 0 },
			"emitters[torch]", []string{"emits nothing"}},
		// The fountain reserves 2 groups (1.1 s lifetimes, 1 s period) of
		// 50 births: 100 slots.
		{"capacity too small", func(d *Document) { d.Presets[1].Capacity = 99 },
			"presets[fountain].capacity", []string{"99 slots are fewer than emitters[fountain] reserves: 100 (2 groups × 50 births)"}},
		{"forged bounds", func(d *Document) { d.Emitters[0].Bounds.Max.Z += 1 },
			"emitters[torch].bounds", []string{"differs from the recomputed"}},
		{"stale bounds", func(d *Document) { d.Emitters[0].Position.X += 1 },
			"emitters[torch].bounds", []string{"differs from the recomputed"}},
		{"65 presets", func(d *Document) {
			for len(d.Presets) < 65 {
				p := d.Presets[0]
				p.Name = "copy" + string(rune('A'+len(d.Presets)%26)) + string(rune('a'+len(d.Presets)/26))
				d.Presets = append(d.Presets, p)
			}
		}, "presets", []string{"65 presets; at most 64"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := testLevel(t)
			c.edit(d)
			ps := problemsOf(t, Validate(d))
			if !hasProblem(ps, c.field, c.fragments...) {
				t.Errorf("no problem at %s with %q; got:\n%v", c.field, c.fragments, ps)
			}
		})
	}
}

// TestValidatePreset: version 1 is strict, version 2 adds the alpha and
// premultiplied blends; fields are named relative to the preset.
func TestValidatePreset(t *testing.T) {
	p := testLevel(t).Presets[0]
	for _, c := range []struct {
		name    string
		blend   Blend
		version int
		field   string // "" for valid
	}{
		{"additive in 1", BlendAdditive, 0, ""},
		{"cutout in 1", BlendCutout, 0, ""},
		{"alpha in 1", BlendAlpha, 0, "sprite.blend"},
		{"premultiplied in 1", BlendPremultiplied, 0, "sprite.blend"},
		{"alpha in 2", BlendAlpha, 2, ""},
		{"premultiplied in 2", BlendPremultiplied, 2, ""},
		{"additive in 2", BlendAdditive, 2, ""},
		{"version 3", BlendAdditive, 3, "version"},
	} {
		q := p
		q.Sprite.Blend = c.blend
		var err error
		if c.version == 0 {
			err = ValidatePreset(&q)
		} else {
			err = ValidatePresetForVersion(&q, c.version)
		}
		ps := problemsOf(t, err)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.field != "" && !hasProblem(ps, c.field):
			t.Errorf("%s: want a problem at %s, got %v", c.name, c.field, err)
		}
	}
	q := p
	q.Curves.Size[1].Age = 2
	q.Name = ""
	ps := problemsOf(t, ValidatePreset(&q))
	if !hasProblem(ps, "curves.size[1].age", "2 is outside [0, 1]") || !hasProblem(ps, "name", "is empty") {
		t.Errorf("got %v", ps)
	}
	if err := ValidatePreset(nil); err == nil {
		t.Error("ValidatePreset(nil) passes")
	}
}

// TestValidateReportsEverything: every problem at once, in document order,
// and a nil or empty document without a panic.
func TestValidateReportsEverything(t *testing.T) {
	d := testLevel(t)
	d.Presets[0].Drag = math.NaN()
	d.Presets[1].Sprite.Blend = BlendAlpha
	d.Sectors[0].Floor = 10
	d.Emitters[0].Scale = -1
	d.Emitters[1].Bursts[0].Count = 0
	ps := problemsOf(t, Validate(d))
	want := []string{
		"presets[torch].drag",
		"presets[fountain].sprite.blend",
		"sectors[hall].ceiling",
		"emitters[torch].scale",
		"emitters[fountain].bursts[0].count",
	}
	if len(ps) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(ps), len(want), ps)
	}
	for i, f := range want {
		if ps[i].Field != f {
			t.Errorf("problem %d at %s, want %s", i, ps[i].Field, f)
		}
	}
	if err := Validate(nil); err == nil {
		t.Error("Validate(nil) passes")
	}
	if err := ValidateForWorld(&Document{Version: Version}); err != nil {
		t.Errorf("an empty level: %v", err)
	}
}
