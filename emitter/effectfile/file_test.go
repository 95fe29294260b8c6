package effectfile

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/suggest"
	"github.com/emberfx/ember/internal/yamldoc"
)

// allFieldsYAML sets every field of an effect file to a value other than its
// default, using each syntax a field kind accepts.
const allFieldsYAML = `# every field, none at its default
Name: "Heaven's Rings"
Acceleration: {X: 1, Y: -2.5, Z: 3}
Brightness: 2
Color:
  - {Time: 0, Color: "#FF8000"}
  - {Time: 0.5, Color: {R: 0.25, G: 0.5, B: 0.75}}
  - {Time: 1, Color: "#00ff00"}
Drag: -0.5
EmissionDirection: Left
Enabled: false
FlipbookBlendFrames: true
FlipbookFramerate: {Min: 2, Max: 4}
FlipbookLayout: Custom
FlipbookMode: PingPong
FlipbookSizeX: 3
FlipbookSizeY: 2
FlipbookStartRandom: true
Lifetime: 1.5
LightEmission: 0.5
LightInfluence: 0.25
LockedToPart: true
Orientation: VelocityPerpendicular
Rate: 12.5
RotSpeed: {Min: -90, Max: 90}
Rotation: {Min: 10, Max: 20}
Shape: Disc
ShapeInOut: InAndOut
ShapePartial: 0.3
ShapeStyle: Surface
Size:
  - {Time: 0, Value: 0.5}
  - {Time: 0.25, Value: 1, Envelope: 0.1}
  - {Time: 1, Value: 0}
Speed: {Min: 1, Max: 2}
SpreadAngle: {X: 45}
Squash: -0.5
Texture: sprites/spark.png
TimeScale: 0.5
Transparency:
  - {Time: 0, Value: 0, Envelope: 0.2}
  - {Time: 1, Value: 1}
VelocityInheritance: 0.75
ZOffset: -1.5
Scale: 2
SizeScale: 0.5
SpeedScale: 3
Unit: Offset
EmissionSize: {X: 0.5, Y: 0.25}
MaxParticles: 500
GlowLayers: 4
ZIndex: -3
FlipbookResolution: 256
Prewarm: 64
BlendMode: Premultiplied
ColorStrip: strips/fire.png
`

// allFieldsJSON is allFieldsYAML in JSON, with the other syntax where a
// field kind has two (a number for a range, a hex colour for {R, G, B}).
const allFieldsJSON = `{
  "Name": "Heaven\u0027s Rings",
  "Acceleration": {"X": 1, "Y": -2.5, "Z": 3},
  "Brightness": 2,
  "Color": [
    {"Time": 0, "Color": {"R": 1, "G": 0.5019607843137255, "B": 0}},
    {"Time": 0.5, "Color": {"R": 0.25, "G": 0.5, "B": 0.75}},
    {"Time": 1, "Color": "#00FF00"}
  ],
  "Drag": -0.5,
  "EmissionDirection": "Left",
  "Enabled": false,
  "FlipbookBlendFrames": true,
  "FlipbookFramerate": {"Min": 2, "Max": 4},
  "FlipbookLayout": "Custom",
  "FlipbookMode": "PingPong",
  "FlipbookSizeX": 3,
  "FlipbookSizeY": 2.0,
  "FlipbookStartRandom": true,
  "Lifetime": {"Min": 1.5, "Max": 1.5},
  "LightEmission": 0.5,
  "LightInfluence": 0.25,
  "LockedToPart": true,
  "Orientation": "VelocityPerpendicular",
  "Rate": 12.5,
  "RotSpeed": {"Min": -90, "Max": 90},
  "Rotation": {"Min": 10, "Max": 20},
  "Shape": "Disc",
  "ShapeInOut": "InAndOut",
  "ShapePartial": 0.3,
  "ShapeStyle": "Surface",
  "Size": [
    {"Time": 0, "Value": 0.5},
    {"Time": 0.25, "Value": 1, "Envelope": 0.1},
    {"Time": 1, "Value": 0, "Envelope": 0}
  ],
  "Speed": {"Min": 1, "Max": 2},
  "SpreadAngle": {"X": 45, "Y": 0},
  "Squash": [{"Time": 0, "Value": -0.5}, {"Time": 1, "Value": -0.5}],
  "Texture": "sprites\/spark.png",
  "TimeScale": 0.5,
  "Transparency": [
    {"Time": 0, "Value": 0, "Envelope": 0.2},
    {"Time": 1, "Value": 1}
  ],
  "VelocityInheritance": 0.75,
  "ZOffset": -1.5,
  "Scale": 2,
  "SizeScale": 0.5,
  "SpeedScale": 3,
  "Unit": "Offset",
  "EmissionSize": {"X": 0.5, "Y": 0.25},
  "MaxParticles": 500,
  "GlowLayers": 4,
  "ZIndex": -3,
  "FlipbookResolution": 256,
  "Prewarm": 64,
  "BlendMode": "Premultiplied",
  "ColorStrip": "strips/fire.png"
}
`

// allFieldsSpec is what both files decode to.
func allFieldsSpec() emitter.Spec {
	return emitter.Spec{
		Name:         "Heaven's Rings",
		Acceleration: emitter.Vector3{X: 1, Y: -2.5, Z: 3},
		Brightness:   2,
		Color: emitter.ColorSequence{
			{Time: 0, Color: emitter.Color{R: 1, G: 128.0 / 255, B: 0}},
			{Time: 0.5, Color: emitter.Color{R: 0.25, G: 0.5, B: 0.75}},
			{Time: 1, Color: emitter.Color{R: 0, G: 1, B: 0}},
		},
		Drag:                -0.5,
		EmissionDirection:   emitter.Left,
		Enabled:             false,
		FlipbookBlendFrames: true,
		FlipbookFramerate:   emitter.NumberRange{Min: 2, Max: 4},
		FlipbookLayout:      emitter.FlipbookCustom,
		FlipbookMode:        emitter.FlipbookPingPong,
		FlipbookSizeX:       3,
		FlipbookSizeY:       2,
		FlipbookStartRandom: true,
		Lifetime:            emitter.NumberRange{Min: 1.5, Max: 1.5},
		LightEmission:       0.5,
		LightInfluence:      0.25,
		LockedToPart:        true,
		Orientation:         emitter.VelocityPerpendicular,
		Rate:                12.5,
		RotSpeed:            emitter.NumberRange{Min: -90, Max: 90},
		Rotation:            emitter.NumberRange{Min: 10, Max: 20},
		Shape:               emitter.Disc,
		ShapeInOut:          emitter.InAndOut,
		ShapePartial:        0.3,
		ShapeStyle:          emitter.Surface,
		Size:                emitter.NumberSequence{{Time: 0, Value: 0.5, Envelope: 0}, {Time: 0.25, Value: 1, Envelope: 0.1}, {Time: 1, Value: 0, Envelope: 0}},
		Speed:               emitter.NumberRange{Min: 1, Max: 2},
		SpreadAngle:         emitter.Vector2{X: 45, Y: 0},
		Squash:              emitter.ConstantSequence(-0.5),
		Texture:             "sprites/spark.png",
		TimeScale:           0.5,
		Transparency:        emitter.NumberSequence{{Time: 0, Value: 0, Envelope: 0.2}, {Time: 1, Value: 1, Envelope: 0}},
		VelocityInheritance: 0.75,
		ZOffset:             -1.5,
		Scale:               2,
		SizeScale:           0.5,
		SpeedScale:          3,
		Unit:                emitter.Offset,
		EmissionSize:        emitter.Vector2{X: 0.5, Y: 0.25},
		MaxParticles:        500,
		GlowLayers:          4,
		ZIndex:              -3,
		FlipbookResolution:  256,
		Prewarm:             64,
		BlendMode:           emitter.BlendPremultiplied,
		ColorStrip:          "strips/fire.png",
	}
}

func mustParse(t *testing.T, name, src string) emitter.Spec {
	t.Helper()
	s, err := Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return s
}

func TestParseEveryField(t *testing.T) {
	want := allFieldsSpec()
	for _, c := range []struct{ name, src string }{
		{"all.yaml", allFieldsYAML},
		{"all.JSON", allFieldsJSON},
	} {
		got := mustParse(t, c.name, c.src)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, want)
		}
	}
}

// TestParseEveryFieldNamed checks the test file above really sets every
// field FieldNames lists, and that FieldNames matches Spec's fields.
func TestParseEveryFieldNamed(t *testing.T) {
	names := FieldNames()
	typ := reflect.TypeOf(emitter.Spec{})
	if len(names) != typ.NumField() {
		t.Fatalf("FieldNames has %d names, Spec has %d fields", len(names), typ.NumField())
	}
	for i, n := range names {
		if typ.Field(i).Name != n {
			t.Errorf("FieldNames()[%d] = %s, Spec field %d is %s", i, n, i, typ.Field(i).Name)
		}
		if !strings.Contains(allFieldsYAML, "\n"+n+":") {
			t.Errorf("allFieldsYAML does not set %s", n)
		}
	}
	def, all := emitter.DefaultSpec(), allFieldsSpec()
	dv, av := reflect.ValueOf(def), reflect.ValueOf(all)
	for i := range typ.NumField() {
		if reflect.DeepEqual(dv.Field(i).Interface(), av.Field(i).Interface()) {
			t.Errorf("allFieldsSpec leaves %s at its default", typ.Field(i).Name)
		}
	}
}

func TestParseDefaults(t *testing.T) {
	cases := []struct {
		name, src string
		edit      func(*emitter.Spec)
	}{
		{"empty-mapping.yaml", "{}", func(*emitter.Spec) {}},
		{"empty-object.json", "{}", func(*emitter.Spec) {}},
		{"rate.yaml", "Rate: 5\n", func(s *emitter.Spec) { s.Rate = 5 }},
		{"rate.json", `{"Rate": 5}`, func(s *emitter.Spec) { s.Rate = 5 }},
		{"partial-vector.yaml", "Acceleration: {Y: -3}\n", func(s *emitter.Spec) { s.Acceleration = emitter.Vector3{X: 0, Y: -3, Z: 0} }},
		{"range-number.yaml", "Speed: 7\n", func(s *emitter.Spec) { s.Speed = emitter.NumberRange{Min: 7, Max: 7} }},
		{"sequence-number.yaml", "Size: 0.25\n", func(s *emitter.Spec) { s.Size = emitter.ConstantSequence(0.25) }},
		{"colour-hex.yaml", "Color: \"#Ff0080\"\n", func(s *emitter.Spec) { s.Color = emitter.ConstantColor(emitter.Color{R: 1, G: 0, B: 128.0 / 255}) }},
		{"colour-rgb.yaml", "Color: {R: 0.5, G: 0.25, B: 1}\n", func(s *emitter.Spec) { s.Color = emitter.ConstantColor(emitter.Color{R: 0.5, G: 0.25, B: 1}) }},
		{"envelope-omitted.yaml", "Transparency: [{Time: 0, Value: 0.5}, {Time: 1, Value: 1}]\n",
			func(s *emitter.Spec) {
				s.Transparency = emitter.NumberSequence{{Time: 0, Value: 0.5, Envelope: 0}, {Time: 1, Value: 1, Envelope: 0}}
			}},
		{"yaml-numbers.yaml", "Rate: 0x10\nDrag: 1_000\nBrightness: +2\n", func(s *emitter.Spec) { s.Rate, s.Drag, s.Brightness = 16, 1000, 2 }},
		{"whole-float.yaml", "MaxParticles: 2e2\n", func(s *emitter.Spec) { s.MaxParticles = 200 }},
		{"alias.yaml", "Speed: &v 3\nRate: *v\n", func(s *emitter.Spec) { s.Speed, s.Rate = emitter.Constant(3), 3 }},
		{"bom.yaml", "\ufeffRate: 2\n", func(s *emitter.Spec) { s.Rate = 2 }},
		{"bom.json", "\ufeff{\"Rate\": 2}", func(s *emitter.Spec) { s.Rate = 2 }},
		{"crlf.yaml", "Rate: 2\r\nDrag: 1\r\n", func(s *emitter.Spec) { s.Rate, s.Drag = 2, 1 }},
		// The clamps are behaviour, not errors (docs/closed-form.md,
		// section 8): these all decode.
		{"clamped.yaml", "MaxParticles: 0\nGlowLayers: 20\nLifetime: 0\nDrag: -5\n", func(s *emitter.Spec) {
			s.MaxParticles, s.GlowLayers, s.Lifetime, s.Drag = 0, 20, emitter.Constant(0), -5
		}},
		{"transparency-beyond.yaml", "Transparency: [{Time: 0, Value: -1}, {Time: 1, Value: 2}]\n",
			func(s *emitter.Spec) {
				s.Transparency = emitter.NumberSequence{{Time: 0, Value: -1, Envelope: 0}, {Time: 1, Value: 2, Envelope: 0}}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := emitter.DefaultSpec()
			c.edit(&want)
			got := mustParse(t, c.name, c.src)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("\n got %+v\nwant %+v", got, want)
			}
			if _, err := emitter.NewSnapshot(&got); err != nil {
				t.Errorf("NewSnapshot: %v", err)
			}
		})
	}
}

// TestParseClamps checks the clamped values decode and then behave as
// the clamp says.
func TestParseClamps(t *testing.T) {
	s := mustParse(t, "clamps.yaml", "MaxParticles: -4\nGlowLayers: 0\nLifetime: {Min: 0, Max: 0}\nRate: 1e6\n")
	snap, err := emitter.NewSnapshot(&s)
	if err != nil {
		t.Fatal(err)
	}
	if snap.MaxParticles() != 1 || snap.GlowLayers() != 1 || snap.MaxLifetime() != emitter.MinLifetime {
		t.Errorf("clamps: MaxParticles %d, GlowLayers %d, MaxLifetime %g", snap.MaxParticles(), snap.GlowLayers(), snap.MaxLifetime())
	}
	if want := 1 / emitter.MinLifetime; snap.Rate() != want {
		t.Errorf("rate %g, want the cap MaxParticles/Lifetime.Max = %g", snap.Rate(), want)
	}
	s = mustParse(t, "glow.yaml", "GlowLayers: 99\n")
	if snap, _ := emitter.NewSnapshot(&s); snap.GlowLayers() != emitter.MaxGlowLayers {
		t.Errorf("GlowLayers 99 gives %d layers, want %d", snap.GlowLayers(), emitter.MaxGlowLayers)
	}
}

// malformed is every kind of bad file with the exact problems expected. The
// fuzz test seeds from it too.
var malformed = []struct {
	name, src string
	want      []string
}{
	{"nan.yaml", "Rate: .nan\nBrightness: .inf\nDrag: -.Inf\n", []string{
		"nan.yaml:1: Rate: .nan is not a finite number",
		"nan.yaml:2: Brightness: .inf is not a finite number",
		"nan.yaml:3: Drag: -.Inf is not a finite number",
	}},
	{"nan-in-sequence.yaml", "Size:\n  - {Time: 0, Value: 1}\n  - {Time: 1, Value: .NaN}\n", []string{
		"nan-in-sequence.yaml:3: Size[1].Value: .NaN is not a finite number",
	}},
	{"huge.json", "{\n  \"Rate\": 5,\n  \"Speed\": {\"Min\": 1, \"Max\": 1e400}\n}\n", []string{
		"huge.json:3: Speed.Max: 1e400 is too large; it is not a finite number",
	}},
	{"types.yaml", "Rate: \"5\"\nEnabled: yes\nTexture: 5\nShape: 2\nMaxParticles: 2.5\nSize: true\nLifetime: [1, 2]\nColor: 7\nSpreadAngle: 3\nBrightness: ~\n", []string{
		`types.yaml:1: Rate: expected a number, got the string "5"`,
		`types.yaml:2: Enabled: expected true or false, got the string "yes"`,
		`types.yaml:3: Texture: expected a string, got the number 5 (quote it)`,
		`types.yaml:4: Shape: expected one of Box|Sphere|Cylinder|Disc, got the number 2`,
		`types.yaml:5: MaxParticles: 2.5 is not a whole number`,
		`types.yaml:6: Size: expected a number, got the boolean true`,
		`types.yaml:7: Lifetime: expected a number or {Min, Max}, got a list`,
		`types.yaml:8: Color: expected "#rrggbb" or {R, G, B}, got the number 7`,
		`types.yaml:9: SpreadAngle: expected {X, Y}, got the number 3`,
		`types.yaml:10: Brightness: expected a number, got null (no value)`,
	}},
	{"types.json", "{\"Rate\": \"5\",\n\"Enabled\": 1,\n\"Unit\": null}", []string{
		`types.json:1: Rate: expected a number, got the string "5"`,
		`types.json:2: Enabled: expected true or false, got the number 1`,
		`types.json:3: Unit: expected one of RelativeYY|RelativeXX|RelativeMin|RelativeMax|Offset, got null (no value)`,
	}},
	{"unknown.yaml", "Rate: 5\nLifetme: 3\nrate: 5\nSprayGlowLayers: 3\nFoo: 1\nSize: [{Time: 0, Value: 1}, {time: 1, Value: 1}]\n", []string{
		"unknown.yaml:2: Lifetme: unknown field; did you mean Lifetime?",
		"unknown.yaml:3: rate: unknown field; did you mean Rate?",
		"unknown.yaml:4: SprayGlowLayers: unknown field; did you mean GlowLayers?",
		"unknown.yaml:5: Foo: unknown field; see docs/effect-files.md for the fields",
		"unknown.yaml:6: Size[1].time: unknown key; did you mean Time?",
	}},
	// A ParticleEmitter copied from a Roblox export: Name is the effect's
	// name, the Instance bookkeeping and the emitter properties Ember has
	// no meaning for say what they are.
	{"roblox.yaml", "Name: Flame\nArchivable: true\nParent: Torch\nClassName: ParticleEmitter\nTags: []\nWindAffectsDrag: true\nVelocitySpread: 15\nName2: x\n", []string{
		"roblox.yaml:2: Archivable: unknown field; a Roblox Instance property (whether Studio saves the instance), not part of an effect: delete it",
		"roblox.yaml:3: Parent: unknown field; a Roblox Instance property (the instance the emitter sits in; place the effect with component.SpawnOptions or render.Item), not part of an effect: delete it",
		"roblox.yaml:4: ClassName: unknown field; a Roblox Instance property (the instance's class; an effect file is always a ParticleEmitter), not part of an effect: delete it",
		"roblox.yaml:5: Tags: unknown field; a Roblox Instance property (CollectionService tags, for scripts), not part of an effect: delete it",
		"roblox.yaml:6: WindAffectsDrag: unknown field; a ParticleEmitter property with no Ember meaning (Ember has no wind): delete it",
		"roblox.yaml:7: VelocitySpread: unknown field; Roblox's deprecated spelling of SpreadAngle: write SpreadAngle: {X: degrees}",
		"roblox.yaml:8: Name2: unknown field; did you mean Name?",
	}},
	{"name.yaml", "Name: [Flame]\nTexture: spark.png\n", []string{
		"name.yaml:1: Name: expected a string, got a list",
	}},
	{"name-control.yaml", "Name: \"Fire\\tSmoke\"\n", []string{
		`name-control.yaml:1: Name: "Fire\tSmoke" holds the control character U+0009; a name is one line of printable text`,
	}},
	{"enum.yaml", "Shape: Spher\nOrientation: Sideways\nEmissionDirection: top\n", []string{
		`enum.yaml:1: Shape: unknown value "Spher"; did you mean Sphere? (one of Box|Sphere|Cylinder|Disc)`,
		`enum.yaml:2: Orientation: unknown value "Sideways"; expected one of FacingCamera|FacingCameraWorldUp|VelocityParallel|VelocityPerpendicular`,
		`enum.yaml:3: EmissionDirection: unknown value "top"; did you mean Top? (one of Top|Bottom|Left|Right|Front|Back)`,
	}},
	{"order.yaml", "Size:\n  - {Time: 0, Value: 1}\n  - {Time: 0.5, Value: 1}\n  - {Time: 0.4, Value: 1}\n  - {Time: 1, Value: 1}\n", []string{
		"order.yaml:4: Size[2].Time: 0.4 is not after the previous keypoint's 0.5; times must strictly increase",
	}},
	{"ends.yaml", "Transparency:\n- Time: 0.1\n  Value: 0\n- Time: 0.9\n  Value: 1\n", []string{
		"ends.yaml:2: Transparency[0].Time: the first keypoint must be at Time 0, not 0.1",
		"ends.yaml:4: Transparency[1].Time: the last keypoint must be at Time 1, not 0.9",
	}},
	{"many.yaml", "Squash:\n" + keypoints(21), []string{
		"many.yaml:1: Squash: has 21 keypoints; at most 20 are allowed",
	}},
	{"one-keypoint.yaml", "Size: [{Time: 0, Value: 1}]\n", []string{
		"one-keypoint.yaml:1: Size: has 1 keypoints; a sequence needs at least 2 (or write one number)",
	}},
	{"ranges.yaml", "Rate: -5\nLifetime: {Min: 3, Max: 1}\nLightEmission: 2\nColor: {R: 1.5, G: 0, B: 0}\nFlipbookSizeX: 0\n", []string{
		"ranges.yaml:1: Rate: -5 is out of range [0, 1e+06]",
		"ranges.yaml:2: Lifetime: Min 3 is greater than Max 1",
		"ranges.yaml:3: LightEmission: 2 is out of range [0, 1]",
		"ranges.yaml:4: Color[0].Color.R: 1.5 is out of range [0, 1]",
		"ranges.yaml:4: Color[1].Color.R: 1.5 is out of range [0, 1]",
		"ranges.yaml:5: FlipbookSizeX: 0 is out of range [1, 64]",
	}},
	{"keypoint-range.yaml", "Color:\n  - Time: 0\n    Color: \"#000000\"\n  - Time: 1\n    Color: {R: 0, G: -1, B: 0}\n", []string{
		"keypoint-range.yaml:5: Color[1].Color.G: -1 is out of range [0, 1]",
	}},
	{"duplicate.yaml", "Rate: 3\nDrag: 1\nRate: 4\nSpeed: {Min: 1, Min: 2, Max: 3}\n", []string{
		"duplicate.yaml:3: Rate: duplicate key; it is already set at line 1",
		"duplicate.yaml:4: Speed.Min: duplicate key; it is already set at line 4",
	}},
	{"duplicate.json", "{\n\"Rate\": 3,\n\"Rate\": 4\n}", []string{
		"duplicate.json:3: Rate: duplicate key; it is already set at line 2",
	}},
	{"missing.yaml", "Lifetime: {Min: 1}\nColor: {R: 1, G: 0}\nSpreadAngle: {X: 1, Z: 3}\nColor2: 1\n", []string{
		"missing.yaml:1: Lifetime.Max: missing; a range needs both Min and Max (or one number for both)",
		"missing.yaml:2: Color.B: missing; a colour needs R, G and B, each in 0..1",
		"missing.yaml:3: SpreadAngle.Z: unknown key; did you mean X?",
		"missing.yaml:4: Color2: unknown field; did you mean Color?",
	}},
	{"colour.yaml", "Color:\n  - {Time: 0, Color: \"#12345\"}\n  - {Time: 1}\n", []string{
		`colour.yaml:2: Color[0].Color: "#12345" is not a colour; expected "#rrggbb" or {R, G, B}, such as "#ff8800"`,
		"colour.yaml:3: Color[1].Color: missing; a keypoint needs Time and Color",
	}},
	{"shapes.yaml", "Size: {Time: 0}\nSquash: [1, 2]\nLifetime: {Min: 1, Max: 2, Mid: 1.5}\nRotation:\n  Min: 1\n  Max: 2\n  Average: 3\n", []string{
		"shapes.yaml:1: Size: expected a number or a list of {Time, Value, Envelope} keypoints, got a mapping",
		"shapes.yaml:2: Squash[0]: expected a keypoint {Time, Value, Envelope}, got the number 1",
		"shapes.yaml:2: Squash[1]: expected a keypoint {Time, Value, Envelope}, got the number 2",
		"shapes.yaml:3: Lifetime.Mid: unknown key; did you mean Min?",
		"shapes.yaml:7: Rotation.Average: unknown key; expected Min, Max",
	}},
	{"ints.yaml", "GlowLayers: 1e12\nZIndex: 1.5\nPrewarm: -1\nMaxParticles: 2000000\n", []string{
		"ints.yaml:1: GlowLayers: 1e+12 is out of range [-2147483647, 2147483647]",
		"ints.yaml:2: ZIndex: 1.5 is not a whole number",
		"ints.yaml:3: Prewarm: -1 is out of range [0, 1000000]",
		"ints.yaml:4: MaxParticles: 2000000 is more than the limit of 1000000",
	}},
	{"merge.yaml", "base: &b {Min: 1, Max: 2}\nSpeed:\n  <<: *b\n", []string{
		"merge.yaml:1: base: unknown field; see docs/effect-files.md for the fields",
		"merge.yaml:3: Speed: merge keys (<<) are not supported; write the fields out",
	}},
	{"syntax.json", "{\n  \"Rate\": 5,\n  \"Drag\": ,\n}\n", []string{
		"syntax.json:3: JSON syntax: invalid character ',' looking for beginning of value",
	}},
	{"truncated.json", "{\n  \"Rate\": 5,\n  \"Size\": [\n", []string{
		"truncated.json:3: JSON syntax: unexpected end of JSON input",
	}},
	{"trailing.json", "{\"Rate\": 5}\n{}\n", []string{
		"trailing.json:2: JSON syntax: invalid character '{' after top-level value",
	}},
	{"syntax.yaml", "Rate: 5\nSize: [1, 2\nDrag: 1\n", []string{
		"syntax.yaml:2: YAML syntax: did not find expected ',' or ']'",
	}},
	{"tabs.yaml", "Rate: 5\n\tDrag: 1\n", []string{
		"tabs.yaml:2: YAML syntax: found a tab character that violates indentation",
	}},
	{"empty.yaml", "", []string{
		`empty.yaml:1: the file is empty; an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"blank.json", "  \n\n", []string{
		`blank.json:1: the file is empty; an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"comment.yaml", "# nothing here\n", []string{
		`comment.yaml:1: the file has no content; an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"list.yaml", "\n- Rate: 1\n- Rate: 2\n", []string{
		`list.yaml:2: the document is a list; an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"scalar.json", "42", []string{
		`scalar.json:1: the document is the number 42; an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"null.yaml", "~\n", []string{
		`null.yaml:1: the document is null (no value); an effect is a mapping of field names to values, such as "Rate: 20"`,
	}},
	{"two-docs.yaml", "Rate: 1\n---\nRate: 2\n", []string{
		"two-docs.yaml:2: a second YAML document starts here; an effect file holds one effect",
	}},
	{"utf8.yaml", "Rate: 1\nTexture: \"a\xffb\"\n", []string{
		"utf8.yaml:2: invalid UTF-8 (byte 0xff)",
	}},
	{"control.yaml", "Rate: 1\nTexture: \x01\n", []string{
		"control.yaml:2: control character U+0001 is not allowed",
	}},
	{"key.yaml", "[Rate]: 1\n? {a: 1}\n: 2\n", []string{
		"key.yaml:1: a key is a list; keys are field names",
		"key.yaml:2: a key is a mapping; keys are field names",
	}},
}

// keypoints writes an n-keypoint YAML sequence from Time 0 to 1.
func keypoints(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("  - {Time: ")
		b.WriteString(strconv.FormatFloat(float64(i)/float64(n-1), 'g', -1, 64))
		b.WriteString(", Value: 0.5}\n")
	}
	return b.String()
}

func TestParseProblems(t *testing.T) {
	for _, c := range malformed {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.name, []byte(c.src))
			var ps emitter.Problems
			if !errors.As(err, &ps) {
				t.Fatalf("error %v (%T), want Problems", err, err)
			}
			got := make([]string, len(ps))
			for i, p := range ps {
				got[i] = p.String()
				if p.File != c.name || p.Line < 1 {
					t.Errorf("problem %q: File %q Line %d", got[i], p.File, p.Line)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestParseAllAtOnce checks that problems of different kinds in one file
// (decoding and validation) are all reported, sorted by line.
func TestParseAllAtOnce(t *testing.T) {
	src := `Rate: 10
Speed: {Min: 4, Max: 2}
Lifetime: 2
Size:
  - {Time: 0, Value: 1}
  - {Time: 1, Value: 1, Envelope: -1}
Shape: Circle
`
	_, err := Parse("three.yaml", []byte(src))
	var ps emitter.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v, want Problems", err)
	}
	want := emitter.Problems{
		{File: "three.yaml", Line: 2, Field: "Speed", Message: "Min 4 is greater than Max 2"},
		{File: "three.yaml", Line: 6, Field: "Size[1].Envelope", Message: "-1 is out of range [0, 1e+09]"},
		{File: "three.yaml", Line: 7, Field: "Shape", Message: `unknown value "Circle"; expected one of Box|Sphere|Cylinder|Disc`},
	}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("got\n%v\nwant\n%v", ps, want)
	}
	if got := err.Error(); got != "three.yaml:2: Speed: Min 4 is greater than Max 2\n"+
		"three.yaml:6: Size[1].Envelope: -1 is out of range [0, 1e+09]\n"+
		"three.yaml:7: Shape: unknown value \"Circle\"; expected one of Box|Sphere|Cylinder|Disc" {
		t.Errorf("Error() = %q", got)
	}
}

// TestParseLineFallback checks validation problems on a field written as
// one number land on the field's line, and a field's sub-path on its own.
func TestParseLineFallback(t *testing.T) {
	src := "Rate: 1\n\nSize: -2e9\nAcceleration:\n  X: 0\n  Y: 2e9\n"
	_, err := Parse("lines.yaml", []byte(src))
	want := "lines.yaml:3: Size[0].Value: -2e+09 is out of range [-1e+09, 1e+09]\n" +
		"lines.yaml:3: Size[1].Value: -2e+09 is out of range [-1e+09, 1e+09]\n" +
		"lines.yaml:6: Acceleration.Y: 2e+09 is out of range [-1e+09, 1e+09]"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestParseYAMLEqualsJSON(t *testing.T) {
	yml := mustParse(t, "a.yaml", "Rate: 3\nColor: \"#336699\"\nSize: [{Time: 0, Value: 1}, {Time: 1, Value: 0, Envelope: 0.5}]\nShape: Sphere\nEnabled: false\n")
	jsn := mustParse(t, "a.json", `{"Rate":3,"Color":"#336699","Size":[{"Time":0,"Value":1},{"Time":1,"Value":0,"Envelope":0.5}],"Shape":"Sphere","Enabled":false}`)
	if !reflect.DeepEqual(yml, jsn) {
		t.Errorf("YAML %+v\nJSON %+v", yml, jsn)
	}
	// JSON is YAML: the same JSON bytes read as YAML give the same spec.
	asYAML := mustParse(t, "a.yaml", `{"Rate":3,"Color":"#336699","Size":[{"Time":0,"Value":1},{"Time":1,"Value":0,"Envelope":0.5}],"Shape":"Sphere","Enabled":false}`)
	if !reflect.DeepEqual(asYAML, jsn) {
		t.Errorf("JSON read as YAML %+v\nJSON %+v", asYAML, jsn)
	}
}

func examplePaths(t testing.TB) []string {
	paths, err := filepath.Glob("../../examples/effects/*")
	if err != nil || len(paths) < 4 {
		t.Fatalf("example effects: %v, %d files", err, len(paths))
	}
	return paths
}

func TestExampleEffects(t *testing.T) {
	for _, p := range examplePaths(t) {
		t.Run(filepath.Base(p), func(t *testing.T) {
			s, err := Load(p)
			if err != nil {
				t.Fatal(err)
			}
			snap, err := emitter.NewSnapshot(&s)
			if err != nil {
				t.Fatal(err)
			}
			e, err := emitter.NewEffect(snap, nil)
			if err != nil {
				t.Fatal(err)
			}
			e.Play()
			e.AddBurst(0, 30)
			e.SetTime(0.3)
			ps := e.AppendParticles(nil)
			if len(ps) == 0 {
				t.Fatal("no particles at 0.3 s")
			}
			for _, q := range ps {
				if math.IsNaN(q.X) || math.IsInf(q.X, 0) || math.IsNaN(q.Y) || math.IsInf(q.Y, 0) || !(q.Width >= 0) || !(q.Height >= 0) || q.Transparency < 0 || q.Transparency > 1 {
					t.Fatalf("bad particle %+v", q)
				}
			}
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.yaml")
	_, err := Load(missing)
	if err == nil || err.Error() != missing+": cannot read the file: no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	_, err = Load(dir)
	var ps emitter.Problems
	if !errors.As(err, &ps) || len(ps) != 1 || ps[0].File != dir {
		t.Errorf("directory: %v", err)
	}
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"Rate": 7}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err := Load(good); err != nil || s.Rate != 7 {
		t.Errorf("good file: %v, Rate %g", err, s.Rate)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("Rate: 7\nDrag: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || err.Error() != bad+`:2: Drag: expected a number, got the string "x"` {
		t.Errorf("bad file: %v", err)
	}
}

// TestParseAliasBomb checks a file that names a great many values
// through aliases stops with a problem instead of running on.
func TestParseAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [")
	for i := range 400 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{Time: 0, Value: 1, Envelope: 0, X: 1, Y: 2, Z: 3}")
	}
	b.WriteString("]\nb: &b {")
	for i := range 400 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("k" + strconv.Itoa(i) + ": *a")
	}
	b.WriteString("}\nSize: [")
	for i := range 400 {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("*a")
	}
	b.WriteString("]\n")
	_, err := Parse("bomb.yaml", []byte(b.String()))
	var ps emitter.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("error %v", err)
	}
	if len(ps) > yamldoc.DefaultMaxNodes {
		t.Errorf("%d problems", len(ps))
	}
}

func TestSuggest(t *testing.T) {
	cases := []struct {
		name     string
		in, want string
	}{
		{"in \"lifetime\", want \"Lifetime\"", "lifetime", "Lifetime"},
		{"in \"Transparancy\", want \"Transparency\"", "Transparancy", "Transparency"},
		{"in \"Colour\", want \"Color\"", "Colour", "Color"},
		{"in \"SpeedScal\", want \"SpeedScale\"", "SpeedScal", "SpeedScale"},
		{"in \"SprayMaxParticles\", want \"MaxParticles\"", "SprayMaxParticles", "MaxParticles"},
		{"in \"Zindex\", want \"ZIndex\"", "Zindex", "ZIndex"},
		{"in \"Wobble\", want \"\"", "Wobble", ""},
		{"in \"R\", want \"\"", "R", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := suggest.Closest(c.in, specFieldNames); got != c.want {
				t.Errorf("Suggest(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestParseBounds checks garbage cannot flood the output or run long:
// problems stop at yamldoc.DefaultMaxProblems, and oversized input is refused outright.
func TestParseBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n")
	for i := range 5000 {
		b.WriteString(`"Unknown` + strconv.Itoa(i) + "\": 1,\n")
	}
	b.WriteString("\"Rate\": 1}\n")
	_, err := Parse("many.json", []byte(b.String()))
	var ps emitter.Problems
	if !errors.As(err, &ps) || len(ps) != yamldoc.DefaultMaxProblems+1 {
		t.Fatalf("got %d problems, want %d", len(ps), yamldoc.DefaultMaxProblems+1)
	}
	if got := ps[len(ps)-1].String(); got != "many.json:202: more than 200 problems; decoding stopped here" {
		t.Errorf("last problem %q", got)
	}
	if got := ps[199].String(); got != "many.json:201: Unknown199: unknown field; see docs/effect-files.md for the fields" {
		t.Errorf("200th problem %q", got)
	}
	big := make([]byte, MaxSize+1)
	_, err = Parse("big.yaml", big)
	if err == nil || err.Error() != "big.yaml:1: the file is larger than 1 MiB; an effect file is a few kilobytes" {
		t.Errorf("oversized input: %v", err)
	}
}

// TestEnumNames: each enum's names are its values' String, from 0 up, and
// the value after the last is no longer one of them.
func TestEnumNames(t *testing.T) {
	cases := []struct {
		name  string
		names []string
		after string // the String of the first value past the list
	}{
		{"BlendMode", blendModeNames, emitter.BlendMode(len(blendModeNames)).String()},
		{"NormalID", normalIDNames, emitter.NormalID(len(normalIDNames)).String()},
		{"FlipbookLayout", flipbookLayoutNames, emitter.FlipbookLayout(len(flipbookLayoutNames)).String()},
		{"FlipbookMode", flipbookModeNames, emitter.FlipbookMode(len(flipbookModeNames)).String()},
		{"Orientation", orientationNames, emitter.Orientation(len(orientationNames)).String()},
		{"Shape", shapeNames, emitter.Shape(len(shapeNames)).String()},
		{"ShapeInOut", shapeInOutNames, emitter.ShapeInOut(len(shapeInOutNames)).String()},
		{"ShapeStyle", shapeStyleNames, emitter.ShapeStyle(len(shapeStyleNames)).String()},
		{"StudUnit", unitNames, emitter.StudUnit(len(unitNames)).String()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if want := c.name + "(" + strconv.Itoa(len(c.names)) + ")"; c.after != want {
				t.Errorf("the value after %v is %q, want %q: a value is missing from the list", c.names, c.after, want)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("enumNames accepted values out of order")
		}
	}()
	enumNames(emitter.Sphere, emitter.Box)
}

// TestParseWithCheck: a check's problems join the file's at the lines of
// their fields, sorted with the others; any other error lands on line 1;
// a document that is not an effect at all is not checked.
func TestParseWithCheck(t *testing.T) {
	var seen []string
	opts := &Options{Check: func(s *emitter.Spec) error {
		seen = append(seen, s.Texture)
		switch s.Texture {
		case "":
			return nil
		case "plain.png":
			return errors.New("not a list of problems")
		}
		return emitter.Problems{{Field: "Texture", Message: "no such image"}, {Field: "ColorStrip", Message: "a field not in the file"}}
	}}
	cases := []struct {
		name, src, want string
		checked         bool
	}{
		{"fx.yaml", "Rate: 1\nDrag: x\nTexture: a.png\n", "fx.yaml:1: ColorStrip: a field not in the file\n" +
			"fx.yaml:2: Drag: expected a number, got the string \"x\"\nfx.yaml:3: Texture: no such image", true},
		{"fx.json", "{\n\"Texture\": \"a.png\"}", "fx.json:1: ColorStrip: a field not in the file\nfx.json:2: Texture: no such image", true},
		{"plain.yaml", "Texture: plain.png\n", "plain.yaml:1: not a list of problems", true},
		{"good.yaml", "Rate: 3\n", "", true},
		{"list.yaml", "- Texture: a.png\n", `list.yaml:1: the document is a list; an effect is a mapping of field names to values, such as "Rate: 20"`, false},
	}
	for _, c := range cases {
		seen = nil
		_, err := ParseWith(c.name, []byte(c.src), opts)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
		if (len(seen) == 1) != c.checked {
			t.Errorf("%s: checked %d times", c.name, len(seen))
		}
	}
}
