package effectfile

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// fieldDecoder decodes the value n of a top-level field at path into s. It
// leaves s unchanged when the value has a problem.
type fieldDecoder func(d *yamldoc.Decoder, path string, n *yaml.Node, s *emitter.Spec)

// kind is a field's value kind (docs/effect-files.md, "Value kinds").
type kind uint8

// The value kinds.
const (
	kindNumber kind = iota + 1
	kindInteger
	kindBoolean
	kindString
	kindEnum
	kindRange    // NumberRange
	kindSequence // NumberSequence
	kindColors   // ColorSequence
	kindVector2
	kindVector3
)

var kindNames = [...]string{
	kindNumber: "number", kindInteger: "integer", kindBoolean: "boolean", kindString: "string", kindEnum: "enum",
	kindRange: "NumberRange", kindSequence: "NumberSequence", kindColors: "ColorSequence",
	kindVector2: "Vector2", kindVector3: "Vector3",
}

// specField is one top-level field of an effect file: how it decodes, and
// what the docs (docs/effect-files.md, "Fields" and "Defaults") and the
// JSON Schema (docs/effect.schema.json) say about it, all generated from
// this table.
type specField struct {
	name string
	kind kind
	// enum holds an enum's names, in value order.
	enum []string
	// lo and hi bound a number or integer, each component of a vector and
	// both ends of a range, as emitter.Spec.Validate does (sequences and
	// colours have their fixed bounds; see schema.go).
	lo, hi float64
	// meaning is the docs' sentence; def the default as a file writes it,
	// note a remark on it.
	meaning, def, note string
	decode             fieldDecoder
}

// about returns f with its documentation.
func (f specField) about(meaning, def, note string) specField {
	f.meaning, f.def, f.note = meaning, def, note
	return f
}

// The names of each enum's values, in value order, from their String methods.
var (
	blendModeNames      = enumNames(emitter.BlendNormal, emitter.BlendCutout, emitter.BlendPremultiplied)
	normalIDNames       = enumNames(emitter.Top, emitter.Bottom, emitter.Left, emitter.Right, emitter.Front, emitter.Back)
	flipbookLayoutNames = enumNames(emitter.FlipbookNone, emitter.Grid2x2, emitter.Grid4x4, emitter.Grid8x8, emitter.FlipbookCustom)
	flipbookModeNames   = enumNames(emitter.FlipbookLoop, emitter.FlipbookOneShot, emitter.FlipbookPingPong, emitter.FlipbookRandom)
	orientationNames    = enumNames(emitter.FacingCamera, emitter.FacingCameraWorldUp, emitter.VelocityParallel, emitter.VelocityPerpendicular)
	shapeNames          = enumNames(emitter.Box, emitter.Sphere, emitter.Cylinder, emitter.Disc)
	shapeInOutNames     = enumNames(emitter.Outward, emitter.Inward, emitter.InAndOut)
	shapeStyleNames     = enumNames(emitter.Volume, emitter.Surface)
	unitNames           = enumNames(emitter.RelativeYY, emitter.RelativeXX, emitter.RelativeMin, emitter.RelativeMax, emitter.Offset)
)

// enumNames lists the names of values, which must be every value of their
// enum from 0 up, in order (a misuse panics when the package loads).
func enumNames[T interface {
	~uint8
	String() string
}](values ...T) []string {
	names := make([]string, len(values))
	for i, v := range values {
		if int(v) != i {
			panic("effectfile: enum values out of order at " + v.String())
		}
		names[i] = v.String()
	}
	return names
}

// specFields lists every field an effect file may set, in Spec order.
var specFields = []specField{
	text("Name", func(s *emitter.Spec) *string { return &s.Name }).
		about("The effect's name, Roblox's `Name`: `component.SpawnFile` names the effect entity after it (for `system.Find`) unless its options give a name. At most 400 bytes of printable UTF-8; empty is unnamed.",
			"\"\"", "unnamed"),
	vector3("Acceleration", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.Vector3 { return &s.Acceleration }).
		about("Constant acceleration in studs/s², Roblox axes (+Y up; shown +Y down on screen). Z is ignored.",
			"{X: 0, Y: 0, Z: 0}", "no gravity"),
	number("Brightness", 0, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.Brightness }).
		about("Multiplies the colour before tone mapping; above 1 the colour saturates toward white.",
			"1", ""),
	colors("Color", func(s *emitter.Spec) *emitter.ColorSequence { return &s.Color }).
		about("Colour over the particle's life.",
			"\"#ffffff\"", "constant white"),
	number("Drag", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.Drag }).
		about("Linear drag k in dv/dt = a − k v, per second; negative drag speeds particles up.",
			"0", ""),
	enumOf("EmissionDirection", normalIDNames, func(s *emitter.Spec, v int) { s.EmissionDirection = emitter.NormalID(v) }).
		about("The face particles leave through. Front and Back fall back to Top in 2D.",
			"Top", ""),
	boolean("Enabled", func(s *emitter.Spec) *bool { return &s.Enabled }).
		about("Whether the steady stream (Rate) runs from clock 0. Bursts work either way.",
			"true", "the stream runs"),
	boolean("FlipbookBlendFrames", func(s *emitter.Spec) *bool { return &s.FlipbookBlendFrames }).
		about("Crossfade each flipbook cell into the next.",
			"false", ""),
	numRange("FlipbookFramerate", 0, emitter.MaxFlipbookFramerate, func(s *emitter.Spec) *emitter.NumberRange { return &s.FlipbookFramerate }).
		about("Flipbook cells per second, rolled per particle.",
			"1", "`{Min: 1, Max: 1}`"),
	enumOf("FlipbookLayout", flipbookLayoutNames, func(s *emitter.Spec, v int) { s.FlipbookLayout = emitter.FlipbookLayout(v) }).
		about("The texture's grid of cells; Custom uses FlipbookSizeX × FlipbookSizeY.",
			"None", "no flipbook"),
	enumOf("FlipbookMode", flipbookModeNames, func(s *emitter.Spec, v int) { s.FlipbookMode = emitter.FlipbookMode(v) }).
		about("How a particle walks its cells: cycle, once over its life, back and forth, or a random cell per frame window.",
			"Loop", ""),
	integer("FlipbookSizeX", 1, emitter.MaxFlipbookGrid, func(s *emitter.Spec) *int { return &s.FlipbookSizeX }).
		about("Columns of a Custom flipbook.",
			"1", ""),
	integer("FlipbookSizeY", 1, emitter.MaxFlipbookGrid, func(s *emitter.Spec) *int { return &s.FlipbookSizeY }).
		about("Rows of a Custom flipbook.",
			"1", ""),
	boolean("FlipbookStartRandom", func(s *emitter.Spec) *bool { return &s.FlipbookStartRandom }).
		about("Start each particle on a random cell instead of the first.",
			"false", ""),
	numRange("Lifetime", -emitter.MaxMagnitude, emitter.MaxLifetime, func(s *emitter.Spec) *emitter.NumberRange { return &s.Lifetime }).
		about("Seconds a particle lives, rolled per particle.",
			"{Min: 5, Max: 10}", ""),
	number("LightEmission", 0, 1, func(s *emitter.Spec) *float64 { return &s.LightEmission }).
		about("Blending from normal alpha (0) to additive (1); also the strength of the glow halo.",
			"0", "normal alpha blending"),
	number("LightInfluence", 0, 1, func(s *emitter.Spec) *float64 { return &s.LightInfluence }).
		about("Blends the colour toward colour × the scene's ambient colour (0 = unlit).",
			"0", ""),
	boolean("LockedToPart", func(s *emitter.Spec) *bool { return &s.LockedToPart }).
		about("true: live particles move with the host; false: they stay where the host was when they were born.",
			"false", "particles stay where they were born"),
	enumOf("Orientation", orientationNames, func(s *emitter.Spec, v int) { s.Orientation = emitter.Orientation(v) }).
		about("How the quad turns: fixed (both FacingCamera modes, in 2D), or with the motion.",
			"FacingCamera", ""),
	number("Rate", 0, emitter.MaxRate, func(s *emitter.Spec) *float64 { return &s.Rate }).
		about("Steady stream in particles per second.",
			"20", "per second"),
	numRange("RotSpeed", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.NumberRange { return &s.RotSpeed }).
		about("Spin in degrees per second, clockwise, rolled per particle.",
			"0", ""),
	numRange("Rotation", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.NumberRange { return &s.Rotation }).
		about("Rotation at birth in degrees clockwise, rolled per particle.",
			"0", ""),
	enumOf("Shape", shapeNames, func(s *emitter.Spec, v int) { s.Shape = emitter.Shape(v) }).
		about("The emission area. Sphere, Cylinder and Disc are all an ellipse in 2D.",
			"Box", ""),
	enumOf("ShapeInOut", shapeInOutNames, func(s *emitter.Spec, v int) { s.ShapeInOut = emitter.ShapeInOut(v) }).
		about("Emit away from the shape, toward it, or either (a coin per particle).",
			"Outward", ""),
	number("ShapePartial", 0, 1, func(s *emitter.Spec) *float64 { return &s.ShapePartial }).
		about("Disc: inner radius ratio (1 emits on the rim only); Sphere: the fraction of the full turn, an arc centred on EmissionDirection; Cylinder: radius ratio at the emitting end (a taper).",
			"1", ""),
	enumOf("ShapeStyle", shapeStyleNames, func(s *emitter.Spec, v int) { s.ShapeStyle = emitter.ShapeStyle(v) }).
		about("Spawn inside the shape or on its outline.",
			"Volume", ""),
	sequence("Size", func(s *emitter.Spec) *emitter.NumberSequence { return &s.Size }).
		about("Particle size in studs over its life.",
			"1", "constant 1 stud"),
	numRange("Speed", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.NumberRange { return &s.Speed }).
		about("Initial speed in studs/s along the emission direction, rolled per particle.",
			"5", "studs/s"),
	vector2("SpreadAngle", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.Vector2 { return &s.SpreadAngle }).
		about("X is the half-angle in degrees of the cone around the emission direction (180 = every direction); Y is unused in 2D.",
			"{X: 0, Y: 0}", "straight along EmissionDirection"),
	sequence("Squash", func(s *emitter.Spec) *emitter.NumberSequence { return &s.Squash }).
		about("Stretches the quad along its long axis, keeping its area: positive is taller, negative wider.",
			"0", ""),
	text("Texture", func(s *emitter.Spec) *string { return &s.Texture }).
		about("Sprite image path, relative to the effect file; empty is the built-in soft round sprite.",
			"\"\"", "the built-in sprite"),
	number("TimeScale", 0, emitter.MaxTimeScale, func(s *emitter.Spec) *float64 { return &s.TimeScale }).
		about("Scales the effect's per-frame clock steps (0 freezes it).",
			"1", ""),
	sequence("Transparency", func(s *emitter.Spec) *emitter.NumberSequence { return &s.Transparency }).
		about("Transparency over the life: 0 opaque, 1 invisible.",
			"0", "opaque"),
	number("VelocityInheritance", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.VelocityInheritance }).
		about("Fraction of the host's velocity at birth a particle inherits (LockedToPart false only).",
			"0", ""),
	number("ZOffset", -emitter.MaxMagnitude, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.ZOffset }).
		about("Added to ZIndex to order effects.",
			"0", ""),
	number("Scale", 0, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.Scale }).
		about("Multiplies both displacement and size.",
			"1", ""),
	number("SizeScale", 0, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.SizeScale }).
		about("Multiplies size.",
			"1", ""),
	number("SpeedScale", 0, emitter.MaxMagnitude, func(s *emitter.Spec) *float64 { return &s.SpeedScale }).
		about("Multiplies displacement.",
			"1", ""),
	enumOf("Unit", unitNames, func(s *emitter.Spec, v int) { s.Unit = emitter.StudUnit(v) }).
		about("Which host edge one stud spans: height, width, the shorter, the longer, or 1 pixel.",
			"RelativeYY", "one stud = the host's height"),
	vector2("EmissionSize", 0, emitter.MaxMagnitude, func(s *emitter.Spec) *emitter.Vector2 { return &s.EmissionSize }).
		about("The emission area's full size as a fraction of the host (0 is a point): `{X: 1, Y: 0.5}` spans the host's width and half its height.",
			"{X: 0, Y: 0}", "a point at the host's centre"),
	integer("MaxParticles", -yamldoc.MaxInt, emitter.MaxParticlesLimit, func(s *emitter.Spec) *int { return &s.MaxParticles }).
		about("Pool cap: bounds the stream's rate and each burst's count.",
			"1000", ""),
	integer("GlowLayers", -yamldoc.MaxInt, yamldoc.MaxInt, func(s *emitter.Spec) *int { return &s.GlowLayers }).
		about("Layers drawn per particle: the core plus up to 7 halos.",
			"1", "the core only, no halo"),
	integer("ZIndex", -yamldoc.MaxInt, yamldoc.MaxInt, func(s *emitter.Spec) *int { return &s.ZIndex }).
		about("Draw order of effects (with ZOffset).",
			"0", ""),
	integer("FlipbookResolution", 0, emitter.MaxFlipbookResolution, func(s *emitter.Spec) *int { return &s.FlipbookResolution }).
		about("The flipbook texture's edge in pixels; 0 takes the texture's own size.",
			"0", "the texture's own size"),
	integer("Prewarm", 0, emitter.MaxParticlesLimit, func(s *emitter.Spec) *int { return &s.Prewarm }).
		about("Particles an effect reserves room for up front, so the first burst does not allocate.",
			"0", ""),
	enumOf("BlendMode", blendModeNames, func(s *emitter.Spec, v int) { s.BlendMode = emitter.BlendMode(v) }).
		about("Normal: LightEmission's alpha-to-additive blend; Cutout: alpha-tested; Premultiplied: fades from normal to additive as the particle fades (see [appearance.md](appearance.md)).",
			"Normal", ""),
	text("ColorStrip", func(s *emitter.Spec) *string { return &s.ColorStrip }).
		about("Optional gradient image path: each particle picks a row at birth and walks it over its life, multiplying Color and opacity. Empty is none.",
			"\"\"", "none"),
}

// schemaKey is the one key of an effect file that is not a field: the
// address of its JSON Schema, which editors read ("$schema" in JSON; YAML
// files use the yaml-language-server comment). It is checked to be a
// string and otherwise ignored.
const schemaKey = "$schema"

var specFieldNames = func() []string {
	names := make([]string, len(specFields))
	for i, f := range specFields {
		names[i] = f.name
	}
	return names
}()

// allowedKeys are the keys of an effect file's mapping.
var allowedKeys = append(append([]string(nil), specFieldNames...), schemaKey)

// FieldNames returns the names of every field an effect file may set, in
// the order of [emitter.Spec]'s fields.
func FieldNames() []string { return append([]string(nil), specFieldNames...) }

// decodeFields decodes the root mapping into s. A field with any problem
// keeps its default, so validation does not report it a second time.
func decodeFields(d *yamldoc.Decoder, root *yaml.Node, s *emitter.Spec) {
	d.Mapping("", root, allowedKeys, func(key string, val *yaml.Node) {
		if key == schemaKey {
			d.String(key, val)
			return
		}
		for _, f := range specFields {
			if f.name == key {
				f.decode(d, key, val, s)
				return
			}
		}
	})
}

// The constructors of the table's rows, one per kind.

// field is a row of kind k whose value read decodes and get stores.
func field[T any](name string, k kind, lo, hi float64, read func(*yamldoc.Decoder, string, *yaml.Node) (T, bool), get func(*emitter.Spec) *T) specField {
	return specField{name: name, kind: k, lo: lo, hi: hi, decode: func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := read(d, p, n); ok {
			*get(s) = v
		}
	}}
}

func number(name string, lo, hi float64, get func(*emitter.Spec) *float64) specField {
	return field(name, kindNumber, lo, hi, (*yamldoc.Decoder).Number, get)
}

func integer(name string, lo, hi float64, get func(*emitter.Spec) *int) specField {
	return field(name, kindInteger, lo, hi, (*yamldoc.Decoder).Integer, get)
}

func boolean(name string, get func(*emitter.Spec) *bool) specField {
	return field(name, kindBoolean, 0, 0, (*yamldoc.Decoder).Bool, get)
}

func text(name string, get func(*emitter.Spec) *string) specField {
	return field(name, kindString, 0, 0, (*yamldoc.Decoder).String, get)
}

func numRange(name string, lo, hi float64, get func(*emitter.Spec) *emitter.NumberRange) specField {
	return field(name, kindRange, lo, hi, numberRange, get)
}

func sequence(name string, get func(*emitter.Spec) *emitter.NumberSequence) specField {
	return field(name, kindSequence, 0, 0, numberSequence, get)
}

func colors(name string, get func(*emitter.Spec) *emitter.ColorSequence) specField {
	return field(name, kindColors, 0, 0, colorSequence, get)
}

func enumOf(name string, names []string, set func(*emitter.Spec, int)) specField {
	return specField{name: name, kind: kindEnum, enum: names, decode: func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Enum(p, n, names); ok {
			set(s, v)
		}
	}}
}

func vector2(name string, lo, hi float64, get func(*emitter.Spec) *emitter.Vector2) specField {
	return field(name, kindVector2, lo, hi, func(d *yamldoc.Decoder, p string, n *yaml.Node) (emitter.Vector2, bool) {
		v, ok := d.Vector(p, n, vectorKeys[:2])
		return emitter.Vector2{X: v[0], Y: v[1]}, ok
	}, get)
}

func vector3(name string, lo, hi float64, get func(*emitter.Spec) *emitter.Vector3) specField {
	return field(name, kindVector3, lo, hi, func(d *yamldoc.Decoder, p string, n *yaml.Node) (emitter.Vector3, bool) {
		v, ok := d.Vector(p, n, vectorKeys)
		return emitter.Vector3{X: v[0], Y: v[1], Z: v[2]}, ok
	}, get)
}

// vectorKeys are the components of a Vector3; a Vector2 has the first two.
var vectorKeys = []string{"X", "Y", "Z"}
