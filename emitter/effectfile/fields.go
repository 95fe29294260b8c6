package effectfile

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// fieldDecoder decodes the value n of a top-level field at path into s. It
// leaves s unchanged when the value has a problem.
type fieldDecoder func(d *yamldoc.Decoder, path string, n *yaml.Node, s *emitter.Spec)

// specField is one top-level field of an effect file.
type specField struct {
	name   string
	decode fieldDecoder
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
	{"Name", stringField(func(s *emitter.Spec) *string { return &s.Name })},
	{"Acceleration", func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Vector(p, n, []string{"X", "Y", "Z"}); ok {
			s.Acceleration = emitter.Vector3{X: v[0], Y: v[1], Z: v[2]}
		}
	}},
	{"Brightness", numberField(func(s *emitter.Spec) *float64 { return &s.Brightness })},
	{"Color", func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := colorSequence(d, p, n); ok {
			s.Color = v
		}
	}},
	{"Drag", numberField(func(s *emitter.Spec) *float64 { return &s.Drag })},
	{"EmissionDirection", enumField(normalIDNames, func(s *emitter.Spec, v int) { s.EmissionDirection = emitter.NormalID(v) })},
	{"Enabled", boolField(func(s *emitter.Spec) *bool { return &s.Enabled })},
	{"FlipbookBlendFrames", boolField(func(s *emitter.Spec) *bool { return &s.FlipbookBlendFrames })},
	{"FlipbookFramerate", rangeField(func(s *emitter.Spec) *emitter.NumberRange { return &s.FlipbookFramerate })},
	{"FlipbookLayout", enumField(flipbookLayoutNames, func(s *emitter.Spec, v int) { s.FlipbookLayout = emitter.FlipbookLayout(v) })},
	{"FlipbookMode", enumField(flipbookModeNames, func(s *emitter.Spec, v int) { s.FlipbookMode = emitter.FlipbookMode(v) })},
	{"FlipbookSizeX", intField(func(s *emitter.Spec) *int { return &s.FlipbookSizeX })},
	{"FlipbookSizeY", intField(func(s *emitter.Spec) *int { return &s.FlipbookSizeY })},
	{"FlipbookStartRandom", boolField(func(s *emitter.Spec) *bool { return &s.FlipbookStartRandom })},
	{"Lifetime", rangeField(func(s *emitter.Spec) *emitter.NumberRange { return &s.Lifetime })},
	{"LightEmission", numberField(func(s *emitter.Spec) *float64 { return &s.LightEmission })},
	{"LightInfluence", numberField(func(s *emitter.Spec) *float64 { return &s.LightInfluence })},
	{"LockedToPart", boolField(func(s *emitter.Spec) *bool { return &s.LockedToPart })},
	{"Orientation", enumField(orientationNames, func(s *emitter.Spec, v int) { s.Orientation = emitter.Orientation(v) })},
	{"Rate", numberField(func(s *emitter.Spec) *float64 { return &s.Rate })},
	{"RotSpeed", rangeField(func(s *emitter.Spec) *emitter.NumberRange { return &s.RotSpeed })},
	{"Rotation", rangeField(func(s *emitter.Spec) *emitter.NumberRange { return &s.Rotation })},
	{"Shape", enumField(shapeNames, func(s *emitter.Spec, v int) { s.Shape = emitter.Shape(v) })},
	{"ShapeInOut", enumField(shapeInOutNames, func(s *emitter.Spec, v int) { s.ShapeInOut = emitter.ShapeInOut(v) })},
	{"ShapePartial", numberField(func(s *emitter.Spec) *float64 { return &s.ShapePartial })},
	{"ShapeStyle", enumField(shapeStyleNames, func(s *emitter.Spec, v int) { s.ShapeStyle = emitter.ShapeStyle(v) })},
	{"Size", sequenceField(func(s *emitter.Spec) *emitter.NumberSequence { return &s.Size })},
	{"Speed", rangeField(func(s *emitter.Spec) *emitter.NumberRange { return &s.Speed })},
	{"SpreadAngle", func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Vector(p, n, []string{"X", "Y"}); ok {
			s.SpreadAngle = emitter.Vector2{X: v[0], Y: v[1]}
		}
	}},
	{"Squash", sequenceField(func(s *emitter.Spec) *emitter.NumberSequence { return &s.Squash })},
	{"Texture", stringField(func(s *emitter.Spec) *string { return &s.Texture })},
	{"TimeScale", numberField(func(s *emitter.Spec) *float64 { return &s.TimeScale })},
	{"Transparency", sequenceField(func(s *emitter.Spec) *emitter.NumberSequence { return &s.Transparency })},
	{"VelocityInheritance", numberField(func(s *emitter.Spec) *float64 { return &s.VelocityInheritance })},
	{"ZOffset", numberField(func(s *emitter.Spec) *float64 { return &s.ZOffset })},
	{"Scale", numberField(func(s *emitter.Spec) *float64 { return &s.Scale })},
	{"SizeScale", numberField(func(s *emitter.Spec) *float64 { return &s.SizeScale })},
	{"SpeedScale", numberField(func(s *emitter.Spec) *float64 { return &s.SpeedScale })},
	{"Unit", enumField(unitNames, func(s *emitter.Spec, v int) { s.Unit = emitter.StudUnit(v) })},
	{"EmissionSize", func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Vector(p, n, []string{"X", "Y"}); ok {
			s.EmissionSize = emitter.Vector2{X: v[0], Y: v[1]}
		}
	}},
	{"MaxParticles", intField(func(s *emitter.Spec) *int { return &s.MaxParticles })},
	{"GlowLayers", intField(func(s *emitter.Spec) *int { return &s.GlowLayers })},
	{"ZIndex", intField(func(s *emitter.Spec) *int { return &s.ZIndex })},
	{"FlipbookResolution", intField(func(s *emitter.Spec) *int { return &s.FlipbookResolution })},
	{"Prewarm", intField(func(s *emitter.Spec) *int { return &s.Prewarm })},
	{"BlendMode", enumField(blendModeNames, func(s *emitter.Spec, v int) { s.BlendMode = emitter.BlendMode(v) })},
	{"ColorStrip", stringField(func(s *emitter.Spec) *string { return &s.ColorStrip })},
}

var specFieldNames = func() []string {
	names := make([]string, len(specFields))
	for i, f := range specFields {
		names[i] = f.name
	}
	return names
}()

// FieldNames returns the names of every field an effect file may set, in
// the order of [emitter.Spec]'s fields.
func FieldNames() []string { return append([]string(nil), specFieldNames...) }

// decodeFields decodes the root mapping into s. A field with any problem
// keeps its default, so validation does not report it a second time.
func decodeFields(d *yamldoc.Decoder, root *yaml.Node, s *emitter.Spec) {
	d.Mapping("", root, specFieldNames, func(key string, val *yaml.Node) {
		for _, f := range specFields {
			if f.name == key {
				f.decode(d, key, val, s)
				return
			}
		}
	})
}

func numberField(get func(*emitter.Spec) *float64) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Number(p, n); ok {
			*get(s) = v
		}
	}
}

func intField(get func(*emitter.Spec) *int) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Integer(p, n); ok {
			*get(s) = v
		}
	}
}

func boolField(get func(*emitter.Spec) *bool) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Bool(p, n); ok {
			*get(s) = v
		}
	}
}

func stringField(get func(*emitter.Spec) *string) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.String(p, n); ok {
			*get(s) = v
		}
	}
}

func enumField(names []string, set func(*emitter.Spec, int)) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := d.Enum(p, n, names); ok {
			set(s, v)
		}
	}
}

func rangeField(get func(*emitter.Spec) *emitter.NumberRange) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := numberRange(d, p, n); ok {
			*get(s) = v
		}
	}
}

func sequenceField(get func(*emitter.Spec) *emitter.NumberSequence) fieldDecoder {
	return func(d *yamldoc.Decoder, p string, n *yaml.Node, s *emitter.Spec) {
		if v, ok := numberSequence(d, p, n); ok {
			*get(s) = v
		}
	}
}
