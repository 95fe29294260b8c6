package roblox_test

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/emitter/roblox"
	"github.com/emberfx/ember/raster/bake"
)

// realDir holds 15 ParticleEmitters saved by real projects (its SOURCES.md
// says where each comes from), beside the repository, never copied into it.
const realDir = "../../../shared/roblox"

// importReal imports one of the real files.
func importReal(t *testing.T, name string) *roblox.Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(realDir, name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := roblox.Import(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func realFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(realDir); os.IsNotExist(err) {
		t.Skipf("%s is absent: the real Roblox files live beside the repository, in shared/roblox", realDir)
	}
	paths, err := filepath.Glob(filepath.Join(realDir, "*.rbxmx"))
	if err != nil || len(paths) != 15 {
		t.Fatalf("%s: want the 15 real files, found %d (%v)", realDir, len(paths), err)
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return names
}

// TestRealFilesImport runs every real file through the importer: each
// holds one emitter, whose effect file decodes to the imported spec and
// validates; the effect evaluates to finite particles at a few clocks,
// with its stream and with a burst (several real emitters are burst-only
// templates), and bakes with the reference rasterizer.
func TestRealFilesImport(t *testing.T) {
	for _, name := range realFiles(t) {
		t.Run(name, func(t *testing.T) {
			r := importReal(t, name)
			if len(r.Emitters) != 1 {
				t.Fatalf("%d emitters, want 1", len(r.Emitters))
			}
			e := r.Emitters[0]
			spec, err := effectfile.Parse(e.File, e.YAML)
			if err != nil {
				t.Fatalf("the effect file does not decode: %v\n%s", err, e.YAML)
			}
			if !reflect.DeepEqual(spec, e.Spec) {
				t.Errorf("the effect file decodes to\n%+v\nthe import is\n%+v\n%s", spec, e.Spec, e.YAML)
			}
			snap, err := emitter.NewSnapshot(&spec)
			if err != nil {
				t.Fatal(err)
			}
			fx, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 3, HostWidth: 200, HostHeight: 100})
			if err != nil {
				t.Fatal(err)
			}
			fx.Play()
			fx.AddBurst(0, 20)
			alive := 0
			var ps []emitter.Particle
			for _, clock := range []float64{0, 0.05, 0.25, 1, 3} {
				fx.SetTime(clock)
				ps = fx.AppendParticles(ps[:0])
				for _, p := range ps {
					for _, v := range []float64{p.X, p.Y, p.Width, p.Height, p.Rotation, p.Transparency} {
						if math.IsNaN(v) || math.IsInf(v, 0) {
							t.Fatalf("clock %v: particle %d has a non-finite value: %+v", clock, p.Key, p)
						}
					}
				}
				alive += len(ps)
			}
			if alive == 0 {
				t.Error("no particle at any clock, even with a burst of 20 at 0")
			}
			img, err := bake.Frame(&bake.Scene{Snapshot: snap, Seed: 3, Bursts: []bake.Burst{{Count: 20}}}, 0.05)
			if err != nil {
				t.Fatal(err)
			}
			if img.Bounds().Dx() != bake.DefaultWidth {
				t.Errorf("baked %v", img.Bounds())
			}
		})
	}
}

func seq(kps ...float64) emitter.NumberSequence {
	q := make(emitter.NumberSequence, len(kps)/3)
	for i := range q {
		q[i] = emitter.NumberKeypoint{Time: kps[3*i], Value: kps[3*i+1], Envelope: kps[3*i+2]}
	}
	return q
}

func fate(e *roblox.Emitter, name string) (roblox.Note, bool) {
	for _, n := range e.Properties {
		if n.Name == name {
			return n, true
		}
	}
	return roblox.Note{}, false
}

// TestRealFilesValues checks carried values against the files, read off
// the XML by hand (the element each comes from is quoted).
func TestRealFilesValues(t *testing.T) {
	realFiles(t)
	cases := []struct {
		file  string
		check func(t *testing.T, e *roblox.Emitter)
	}{
		{"01-rbxtestfiles-negative-lifetime.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			// <NumberRange name="Lifetime">-20.2 10.1 </NumberRange>: kept, the
			// negative rolls die at once as in Roblox.
			want(t, "Lifetime", s.Lifetime, emitter.NumberRange{Min: -20.2, Max: 10.1})
			want(t, "Rate", s.Rate, 2.0)
			want(t, "RotSpeed", s.RotSpeed, emitter.NumberRange{Min: 45, Max: 46})
			want(t, "Rotation", s.Rotation, emitter.NumberRange{Min: -6.66, Max: 6.66})
			// <NumberSequence name="Size">0 1 0 0.0803674 0.5625 0 0.121699 1.9375 0 0.143513 3.75 0 1 1 0 </NumberSequence>
			want(t, "Size", s.Size, seq(0, 1, 0, 0.0803674, 0.5625, 0, 0.121699, 1.9375, 0, 0.143513, 3.75, 0, 1, 1, 0))
			want(t, "Speed", s.Speed, emitter.NumberRange{Min: 2, Max: 5})
			want(t, "LightInfluence", s.LightInfluence, 1.0)
			// 2020 Studio wrote no Brightness, Squash or TimeScale: Roblox's defaults.
			want(t, "Brightness", s.Brightness, 1.0)
			want(t, "TimeScale", s.TimeScale, 1.0)
			if n, _ := fate(e, "Brightness"); n.Fate != roblox.Defaulted {
				t.Errorf("Brightness is %v, want defaulted", n.Fate)
			}
			want(t, "Host.Kind", e.Host.Kind, roblox.NoHost)
			want(t, "Texture", s.Texture, "")
		}},
		{"02-adonis-ufo-bay.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			// <ColorSequence name="Color">0 0.576471 0.152941 1 0 1 0.576471 0.152941 1 0 </ColorSequence>:
			// channels printed to 6 digits, snapped to 147/255, 39/255, 255/255.
			want(t, "Color", s.Color, emitter.ConstantColor(emitter.Color{R: 147.0 / 255, G: 39.0 / 255, B: 1}))
			want(t, "LightEmission", s.LightEmission, 1.0)
			want(t, "Size", s.Size, emitter.ConstantSequence(30))
			want(t, "Speed", s.Speed, emitter.Constant(0))
			want(t, "Rotation", s.Rotation, emitter.NumberRange{Min: 0, Max: 135})
			// The emitter's Transparency (0 1 0 0.051532 0 0 0.927577 0 0 1 1 0),
			// never the Part's <float name="Transparency">0.899999976</float>.
			want(t, "Transparency", s.Transparency, seq(0, 1, 0, 0.051532, 0, 0, 0.927577, 0, 0, 1, 1, 0))
			// The parent Part "Bay": <Vector3 name="size"> 3.24232769 7.41708803 7.41708803.
			want(t, "Host", [3]any{e.Host.Kind, e.Host.Name, e.Host.Size}, [3]any{roblox.PartHost, "Bay", roblox.Vector3{X: 3.24232769, Y: 7.41708803, Z: 7.41708803}})
			want(t, "EmissionSize", s.EmissionSize, emitter.Vector2{X: 1, Y: 1})
			want(t, "Scale", s.Scale, 0.134824) // 1/7.41708803 to 6 digits
			// The Part's lowercase shape (Cylinder) and its colour stay the part's.
			want(t, "Shape", s.Shape, emitter.Box)
			for _, p := range []string{"shape", "Color3uint8", "Transparency", "CFrame"} {
				if !slices.Contains(e.Host.Ignored, p) {
					t.Errorf("the Part's %s is not listed as left behind: %v", p, e.Host.Ignored)
				}
			}
			for _, p := range []string{"WindAffectsDrag", "FlipbookIncompatible"} {
				if n, _ := fate(e, p); n.Fate != roblox.Dropped {
					t.Errorf("%s is %v, want dropped", p, n.Fate)
				}
			}
		}},
		{"03-snz-classicexp.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Enabled", s.Enabled, false)
			want(t, "Rate", s.Rate, 500.0)
			want(t, "SpreadAngle", s.SpreadAngle, emitter.Vector2{X: 360, Y: 360})
			want(t, "ZOffset", s.ZOffset, 3.0)
			// <NumberSequence name="Size">0 3 1.1875 0.75 2.62 0 1 0 0 </NumberSequence>
			want(t, "Size", s.Size, seq(0, 3, 1.1875, 0.75, 2.62, 0, 1, 0, 0))
			// Color ends at 0.498039 = 127/255 grey.
			want(t, "Color[1]", s.Color[1].Color, emitter.Color{R: 127.0 / 255, G: 127.0 / 255, B: 127.0 / 255})
		}},
		{"04-gunsystem-impactparticle.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			// <token name="EmissionDirection">5</token> is NormalId Front.
			want(t, "EmissionDirection", s.EmissionDirection, emitter.Front)
			want(t, "Acceleration", s.Acceleration, emitter.Vector3{Y: -60})
			want(t, "Speed", s.Speed, emitter.Constant(30))
			want(t, "SpreadAngle", s.SpreadAngle, emitter.Vector2{X: 30, Y: 30})
			want(t, "Rotation", s.Rotation, emitter.NumberRange{Min: -180, Max: 180})
			want(t, "Host.Size", e.Host.Size, roblox.Vector3{X: 0.5, Y: 1, Z: 3})
		}},
		{"05-bbarena-skulls.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			// <float name="LightEmission">0.349999994</float> is float32 0.35.
			want(t, "LightEmission", s.LightEmission, 0.35)
			want(t, "Shape", s.Shape, emitter.Sphere)
			want(t, "len(Transparency)", len(s.Transparency), 9)
			want(t, "Transparency[1]", s.Transparency[1], emitter.NumberKeypoint{Time: 0.113466, Value: 0.33125, Envelope: 0.1})
		}},
		{"08-nexusbattles-thruster.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Size[0]", s.Size[0], emitter.NumberKeypoint{Time: 0, Value: 6.5, Envelope: 3.5})
			want(t, "Color[1]", s.Color[1].Color, emitter.Color{B: 1})
			want(t, "Speed", s.Speed, emitter.NumberRange{Min: 150, Max: 200})
			want(t, "RotSpeed", s.RotSpeed, emitter.NumberRange{Min: 0, Max: 1080})
			want(t, "Scale", s.Scale, 0.666667) // Part "Thruster1" is 1.5 studs tall
		}},
		{"09-sm64-horizontal-star.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Orientation", s.Orientation, emitter.VelocityParallel)
			// <NumberSequence name="Squash">0 0 0 1 0 1 </NumberSequence>: the envelope column counts.
			want(t, "Squash", s.Squash, seq(0, 0, 0, 1, 0, 1))
			want(t, "Drag", s.Drag, 12.0)
			want(t, "Brightness", s.Brightness, 5.0)
			want(t, "EmissionDirection", s.EmissionDirection, emitter.Back)
			want(t, "SpreadAngle", s.SpreadAngle, emitter.Vector2{X: 0, Y: 360})
			want(t, "Acceleration", s.Acceleration, emitter.Vector3{Y: 60})
			want(t, "Host.Kind", [2]any{e.Host.Kind, e.Host.Class}, [2]any{roblox.AttachmentHost, "Bone"})
			// AttributesSerialize AQAAAAQAAABFbWl0BgAAAAAAAAhA: Emit = 3.0 (Float64).
			want(t, "Attributes", e.Attributes, []roblox.Note{{Name: "Emit", Type: "double", Value: "3", Fate: roblox.Reported,
				Why: "how many particles a script's Emit makes: pass it to Effect.Emit"}})
			if n, _ := fate(e, "Texture"); n.Fate != roblox.Defaulted {
				t.Errorf("Texture is %v, want defaulted (no Texture element)", n.Fate)
			}
		}},
		{"10-ukendio-heal-sparkles.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Color", s.Color, emitter.ConstantColor(emitter.Color{R: 100.0 / 255, G: 1, B: 100.0 / 255}))
			want(t, "Size", s.Size, seq(0, 0.4, 0.1, 1, 0.4, 0.1))
			want(t, "Attributes", len(e.Attributes), 0) // whitespace-only AttributesSerialize
			want(t, "Host.Name", e.Host.Name, "HitBox")
		}},
		{"12-projectr-fireeffect-flame.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "TimeScale", s.TimeScale, 0.15) // 0.150000006
			want(t, "LockedToPart", s.LockedToPart, true)
			want(t, "len(Transparency)", len(s.Transparency), 11)
			want(t, "LightEmission", s.LightEmission, 0.6) // 0.600000024
			want(t, "Size", s.Size, seq(0, 1.75, 0.3125, 1, 0.125, 0.125))
		}},
		{"13-projectr-heavens-rings.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			// <string name="Name">Heaven&apos;s Rings</string>
			want(t, "Path", e.Path, []string{"LightBallEffect", "Heaven's Rings"})
			want(t, "File", e.File, "LightBallEffect/Heaven's Rings.yaml")
			want(t, "RotSpeed", e.Spec.RotSpeed, emitter.NumberRange{Min: 8, Max: 37})
		}},
		{"14-projectr-hitpe-perpendicular.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Orientation", s.Orientation, emitter.VelocityPerpendicular)
			want(t, "Drag", s.Drag, 5.0)
			want(t, "Size", s.Size, seq(0, 1, 1, 1, 4, 4))
			want(t, "Speed", s.Speed, emitter.NumberRange{Min: 0, Max: 0.5})
			want(t, "Host.Kind", e.Host.Kind, roblox.AttachmentHost)
			want(t, "EmissionSize", s.EmissionSize, emitter.Vector2{})
		}},
		{"15-projectr-core-particle.rbxmx", func(t *testing.T, e *roblox.Emitter) {
			s := e.Spec
			want(t, "Speed", s.Speed, emitter.Constant(-1.1))
			want(t, "Rate", s.Rate, 1000.0)
			// 0 1 0 0 0 0.53411 0 0 0 0 1 0.666667 0 0 0: three keypoints.
			want(t, "Color", s.Color, emitter.ColorSequence{
				{Time: 0, Color: emitter.Color{R: 1}},
				{Time: 0.53411, Color: emitter.Color{}},
				{Time: 1, Color: emitter.Color{R: 170.0 / 255}},
			})
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) { c.check(t, importReal(t, c.file).Emitters[0]) })
	}
}

func want(t *testing.T, field string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %+v, want %+v", field, got, want)
	}
}
