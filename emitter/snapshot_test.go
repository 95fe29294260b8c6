package emitter_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// The clamps are behaviour, not errors (docs/closed-form.md, section 8):
// the spec compiles.
func TestSnapshotClamps(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*emitter.Spec)
		check func(*emitter.Snapshot) (got, want float64)
	}{
		{"Lifetime floored at 1e-3", func(s *emitter.Spec) { s.Lifetime = emitter.NumberRange{Min: -2, Max: 0} },
			func(n *emitter.Snapshot) (float64, float64) { return n.MaxLifetime(), 1e-3 }},
		{"Lifetime.Min floored too", func(s *emitter.Spec) { s.Lifetime = emitter.NumberRange{Min: 0, Max: 2} },
			func(n *emitter.Snapshot) (float64, float64) { return n.Spec().Lifetime.Min, 1e-3 }},
		{"MaxParticles 0 is 1", func(s *emitter.Spec) { s.MaxParticles = 0 },
			func(n *emitter.Snapshot) (float64, float64) { return float64(n.MaxParticles()), 1 }},
		{"MaxParticles -5 is 1", func(s *emitter.Spec) { s.MaxParticles = -5 },
			func(n *emitter.Snapshot) (float64, float64) { return float64(n.MaxParticles()), 1 }},
		{"GlowLayers 0 is 1", func(s *emitter.Spec) { s.GlowLayers = 0 },
			func(n *emitter.Snapshot) (float64, float64) { return float64(n.GlowLayers()), 1 }},
		{"GlowLayers 50 is 8", func(s *emitter.Spec) { s.GlowLayers = 50 },
			func(n *emitter.Snapshot) (float64, float64) { return float64(n.GlowLayers()), 8 }},
		{"GlowLayers 3 stays", func(s *emitter.Spec) { s.GlowLayers = 3 },
			func(n *emitter.Snapshot) (float64, float64) { return float64(n.GlowLayers()), 3 }},
		// Little's law: rate <= MaxParticles / Lifetime.Max.
		{"Rate capped by the pool", func(s *emitter.Spec) {
			s.Rate = 500
			s.MaxParticles = 100
			s.Lifetime = emitter.NumberRange{Min: 1, Max: 4}
		},
			func(n *emitter.Snapshot) (float64, float64) { return n.Rate(), 25 }},
		{"Rate under the cap stays", func(s *emitter.Spec) { s.Rate = 20; s.MaxParticles = 1000 },
			func(n *emitter.Snapshot) (float64, float64) { return n.Rate(), 20 }},
		{"Flipbook grid Custom 4x2", func(s *emitter.Spec) {
			s.FlipbookLayout = emitter.FlipbookCustom
			s.FlipbookSizeX, s.FlipbookSizeY = 4, 2
		}, func(n *emitter.Snapshot) (float64, float64) { c, r := n.Grid(); return float64(c*10 + r), 42 }},
	}
	for _, tc := range tests {
		s := emitter.DefaultSpec()
		tc.edit(&s)
		snap, err := emitter.NewSnapshot(&s)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, want := tc.check(snap); got != want {
			t.Errorf("%s: got %v, want %v", tc.name, got, want)
		}
	}
}

func TestTransparencyClamped(t *testing.T) {
	for _, tc := range []struct {
		name        string
		value, want float64
	}{{"value -0.5, want 0", -0.5, 0}, {"value 1.7, want 1", 1.7, 1}, {"value 0.25, want 0.25", 0.25, 0.25}} {
		t.Run(tc.name, func(t *testing.T) {
			s := emitter.DefaultSpec()
			s.Transparency = emitter.ConstantSequence(tc.value)
			e := newEffect(t, s, nil)
			e.SetTime(1)
			for _, p := range e.AppendParticles(nil) {
				if p.Transparency != tc.want {
					t.Fatalf("Transparency %v: particle shows %v, want %v", tc.value, p.Transparency, tc.want)
				}
			}
		})
	}
}

func TestNegativeDragStaysFinite(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Drag = -50
	s.Lifetime = emitter.Constant(20)
	s.Orientation = emitter.VelocityParallel
	e := newEffect(t, s, nil)
	e.SetTime(19.9)
	ps := e.AppendParticles(nil)
	if len(ps) == 0 {
		t.Fatal("no particles")
	}
	for _, p := range ps {
		for _, v := range []float64{p.X, p.Y, p.Rotation, p.Width} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("particle aged %v has a non-finite value %v", p.Age, v)
			}
		}
	}
}

func TestSnapshotIsolatedFromSpec(t *testing.T) {
	s := emitter.DefaultSpec()
	snap, err := emitter.NewSnapshot(&s)
	if err != nil {
		t.Fatal(err)
	}
	s.Size[0].Value = 99
	if v, _ := snap.Spec().Size.At(0); v != 1 {
		t.Fatalf("editing the spec changed the snapshot's Size to %v", v)
	}
}

// TestValidateName checks the rules of a Spec's Name: printable UTF-8 of
// at most MaxNameBytes bytes; Roblox's names, accents and all, pass.
func TestValidateName(t *testing.T) {
	cases := []struct {
		name, value, want string // want "" when valid
	}{
		{"empty", "", ""},
		{"roblox", "Heaven's Rings", ""},
		{"accents-and-emoji", "Étincelle 🔥", ""},
		{"at-limit", strings.Repeat("a", emitter.MaxNameBytes), ""},
		{"too-long", strings.Repeat("a", emitter.MaxNameBytes+1), "Name: is 401 bytes long; at most 400 are allowed"},
		{"newline", "Fire\nSmoke", `Name: "Fire\nSmoke" holds the control character U+000A; a name is one line of printable text`},
		{"bad-utf8", "Fire\xff", `Name: "Fire\xff" is not valid UTF-8`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := emitter.DefaultSpec()
			s.Name = c.value
			err := s.Validate()
			switch {
			case c.want == "" && err != nil:
				t.Errorf("Validate: %v, want nil", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Errorf("Validate: %v, want %q", err, c.want)
			}
		})
	}
}

func TestValidateReportsEverything(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Rate = math.NaN()
	s.Lifetime = emitter.NumberRange{Min: 3, Max: 2}
	s.Speed.Max = math.Inf(1)
	s.EmissionDirection = 9
	s.LightEmission = 1.5
	s.Size = emitter.NumberSequence{{Time: 0, Value: 1}, {Time: 0.5, Value: 1}, {Time: 0.4, Value: 1}, {Time: 1, Value: 1}}
	s.Color = emitter.ColorSequence{{Time: 0, Color: emitter.Color{R: 2}}, {Time: 1}}
	s.Transparency = nil
	s.MaxParticles = 5_000_000
	s.FlipbookSizeX = 0
	s.Rate = 1e9
	_, err := emitter.NewSnapshot(&s)
	var ps emitter.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v is not Problems", err)
	}
	want := []string{
		"Lifetime: Min 3 is greater than Max 2",
		"Speed.Max: +Inf is not a finite number",
		"EmissionDirection: 9 is not one of Top|Bottom|Left|Right|Front|Back",
		"LightEmission: 1.5 is out of range [0, 1]",
		"Size[2].Time: 0.4 is not after the previous keypoint's 0.5; times must strictly increase",
		"Color[0].Color.R: 2 is out of range [0, 1]",
		"Transparency: has 0 keypoints; a sequence needs at least 2 (or write one number)",
		"MaxParticles: 5000000 is more than the limit of 1000000",
		"FlipbookSizeX: 0 is out of range [1, 64]",
		"Rate: 1e+09 is out of range [0, 1e+06]",
	}
	msg := err.Error()
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("missing %q in:\n%s", w, msg)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(ps), len(want), msg)
	}
}

func TestNewEffectOptions(t *testing.T) {
	snap, _ := emitter.NewSnapshot(new(emitter.DefaultSpec()))
	e, err := emitter.NewEffect(snap, nil)
	if err != nil {
		t.Fatal(err)
	}
	if w, h := e.HostSize(); w != 200 || h != 100 {
		t.Fatalf("default host %v×%v, want 200×100", w, h)
	}
	if e.PixelsPerStud() != 100 {
		t.Fatalf("RelativeYY on 200×100: %v px per stud, want 100", e.PixelsPerStud())
	}
	if _, err := emitter.NewEffect(nil, nil); err == nil {
		t.Fatal("nil snapshot accepted")
	}
	if _, err := emitter.NewSnapshot(nil); err == nil || !strings.Contains(err.Error(), "nil spec") {
		t.Fatalf("NewSnapshot(nil): %v, want a nil-spec error", err)
	}
	// SetAmbient ignores what NewEffect refuses, as SetHostSize does.
	amb := emitter.Color{R: 0.25, G: 0.5, B: 1}
	e.SetAmbient(amb)
	for _, bad := range []emitter.Color{{R: -5}, {G: 1.5}, {B: math.NaN()}, {R: math.Inf(1)}} {
		e.SetAmbient(bad)
		if e.Ambient() != amb {
			t.Fatalf("SetAmbient(%v) kept %v, want %v unchanged", bad, e.Ambient(), amb)
		}
	}
	if _, err := emitter.NewEffect(snap, &emitter.EffectOptions{HostWidth: math.NaN(), MaxBursts: -1}); err == nil ||
		!strings.Contains(err.Error(), "HostWidth") || !strings.Contains(err.Error(), "MaxBursts") {
		t.Fatalf("bad options: %v", err)
	}
}

func TestPixelsPerStud(t *testing.T) {
	for _, tc := range []struct {
		name string
		unit emitter.StudUnit
		want float64
	}{{"unit emitter.RelativeYY, want 100", emitter.RelativeYY, 100}, {"unit emitter.RelativeXX, want 300", emitter.RelativeXX, 300}, {"unit emitter.RelativeMin, want 100", emitter.RelativeMin, 100}, {"unit emitter.RelativeMax, want 300", emitter.RelativeMax, 300}, {"unit emitter.Offset, want 1", emitter.Offset, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			s := emitter.DefaultSpec()
			s.Unit = tc.unit
			e := newEffect(t, s, &emitter.EffectOptions{HostWidth: 300, HostHeight: 100})
			if got := e.PixelsPerStud(); got != tc.want {
				t.Errorf("%v: %v px per stud, want %v", tc.unit, got, tc.want)
			}
		})
	}
}

func TestScalesApply(t *testing.T) {
	// Size 1 stud on a 100 px tall host with SizeScale 0.5 and Scale 2 is
	// 100 px; a still particle's displacement scales with SpeedScale × Scale.
	s := emitter.DefaultSpec()
	s.Enabled = false
	s.Lifetime = emitter.Constant(5)
	s.Speed = emitter.Constant(1)
	s.SizeScale, s.SpeedScale, s.Scale = 0.5, 3, 2
	e := newEffect(t, s, nil)
	e.Emit(1)
	e.SetTime(1)
	p := e.AppendParticles(nil)[0]
	if p.Width != 100 || p.Height != 100 {
		t.Fatalf("size %v×%v, want 100×100", p.Width, p.Height)
	}
	// 1 stud/s upward for 1 s = 1 stud × 100 px × 3 × 2 = 600 px up.
	if math.Abs(p.Y+600) > 1e-9 || p.X != 0 {
		t.Fatalf("position (%v, %v), want (0, -600)", p.X, p.Y)
	}
}
