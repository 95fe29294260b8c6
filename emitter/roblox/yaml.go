package roblox

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/emberfx/ember/emitter"
)

// Effect files are written by hand, not with a YAML encoder, so that they
// read like the documented examples: one field per line in the documented
// order, only the fields that differ from Ember's defaults, flow mappings
// for ranges and keypoints, colours as "#rrggbb", and a comment on every
// value the importer had to change.

// specField writes one field of a spec.
type specField struct {
	name  string
	value func(s *emitter.Spec) string // the YAML text of the field's value
}

func numberField(name string, get func(*emitter.Spec) float64) specField {
	return specField{name, func(s *emitter.Spec) string { return yamlNumber(get(s)) }}
}

func intField(name string, get func(*emitter.Spec) int) specField {
	return specField{name, func(s *emitter.Spec) string { return strconv.Itoa(get(s)) }}
}

func boolField(name string, get func(*emitter.Spec) bool) specField {
	return specField{name, func(s *emitter.Spec) string { return strconv.FormatBool(get(s)) }}
}

func enumField(name string, get func(*emitter.Spec) fmt.Stringer) specField {
	return specField{name, func(s *emitter.Spec) string { return get(s).String() }}
}

func rangeField(name string, get func(*emitter.Spec) emitter.NumberRange) specField {
	return specField{name, func(s *emitter.Spec) string { return yamlRange(get(s)) }}
}

func sequenceField(name string, get func(*emitter.Spec) emitter.NumberSequence) specField {
	return specField{name, func(s *emitter.Spec) string { return yamlSequence(get(s)) }}
}

// specFields are the effect-file fields in docs/effect-files.md's order.
var specFields = []specField{
	{"Name", func(s *emitter.Spec) string { return strconv.Quote(s.Name) }},
	{"Acceleration", func(s *emitter.Spec) string {
		a := s.Acceleration
		return "{X: " + yamlNumber(a.X) + ", Y: " + yamlNumber(a.Y) + ", Z: " + yamlNumber(a.Z) + "}"
	}},
	numberField("Brightness", func(s *emitter.Spec) float64 { return s.Brightness }),
	{"Color", func(s *emitter.Spec) string { return yamlColors(s.Color) }},
	numberField("Drag", func(s *emitter.Spec) float64 { return s.Drag }),
	enumField("EmissionDirection", func(s *emitter.Spec) fmt.Stringer { return s.EmissionDirection }),
	boolField("Enabled", func(s *emitter.Spec) bool { return s.Enabled }),
	boolField("FlipbookBlendFrames", func(s *emitter.Spec) bool { return s.FlipbookBlendFrames }),
	rangeField("FlipbookFramerate", func(s *emitter.Spec) emitter.NumberRange { return s.FlipbookFramerate }),
	enumField("FlipbookLayout", func(s *emitter.Spec) fmt.Stringer { return s.FlipbookLayout }),
	enumField("FlipbookMode", func(s *emitter.Spec) fmt.Stringer { return s.FlipbookMode }),
	intField("FlipbookSizeX", func(s *emitter.Spec) int { return s.FlipbookSizeX }),
	intField("FlipbookSizeY", func(s *emitter.Spec) int { return s.FlipbookSizeY }),
	boolField("FlipbookStartRandom", func(s *emitter.Spec) bool { return s.FlipbookStartRandom }),
	rangeField("Lifetime", func(s *emitter.Spec) emitter.NumberRange { return s.Lifetime }),
	numberField("LightEmission", func(s *emitter.Spec) float64 { return s.LightEmission }),
	numberField("LightInfluence", func(s *emitter.Spec) float64 { return s.LightInfluence }),
	boolField("LockedToPart", func(s *emitter.Spec) bool { return s.LockedToPart }),
	enumField("Orientation", func(s *emitter.Spec) fmt.Stringer { return s.Orientation }),
	numberField("Rate", func(s *emitter.Spec) float64 { return s.Rate }),
	rangeField("RotSpeed", func(s *emitter.Spec) emitter.NumberRange { return s.RotSpeed }),
	rangeField("Rotation", func(s *emitter.Spec) emitter.NumberRange { return s.Rotation }),
	enumField("Shape", func(s *emitter.Spec) fmt.Stringer { return s.Shape }),
	enumField("ShapeInOut", func(s *emitter.Spec) fmt.Stringer { return s.ShapeInOut }),
	numberField("ShapePartial", func(s *emitter.Spec) float64 { return s.ShapePartial }),
	enumField("ShapeStyle", func(s *emitter.Spec) fmt.Stringer { return s.ShapeStyle }),
	sequenceField("Size", func(s *emitter.Spec) emitter.NumberSequence { return s.Size }),
	rangeField("Speed", func(s *emitter.Spec) emitter.NumberRange { return s.Speed }),
	{"SpreadAngle", func(s *emitter.Spec) string {
		return "{X: " + yamlNumber(s.SpreadAngle.X) + ", Y: " + yamlNumber(s.SpreadAngle.Y) + "}"
	}},
	sequenceField("Squash", func(s *emitter.Spec) emitter.NumberSequence { return s.Squash }),
	{"Texture", func(s *emitter.Spec) string { return strconv.Quote(s.Texture) }},
	numberField("TimeScale", func(s *emitter.Spec) float64 { return s.TimeScale }),
	sequenceField("Transparency", func(s *emitter.Spec) emitter.NumberSequence { return s.Transparency }),
	numberField("VelocityInheritance", func(s *emitter.Spec) float64 { return s.VelocityInheritance }),
	numberField("ZOffset", func(s *emitter.Spec) float64 { return s.ZOffset }),
	numberField("Scale", func(s *emitter.Spec) float64 { return s.Scale }),
	numberField("SizeScale", func(s *emitter.Spec) float64 { return s.SizeScale }),
	numberField("SpeedScale", func(s *emitter.Spec) float64 { return s.SpeedScale }),
	enumField("Unit", func(s *emitter.Spec) fmt.Stringer { return s.Unit }),
	{"EmissionSize", func(s *emitter.Spec) string {
		return "{X: " + yamlNumber(s.EmissionSize.X) + ", Y: " + yamlNumber(s.EmissionSize.Y) + "}"
	}},
	intField("MaxParticles", func(s *emitter.Spec) int { return s.MaxParticles }),
	intField("GlowLayers", func(s *emitter.Spec) int { return s.GlowLayers }),
	intField("ZIndex", func(s *emitter.Spec) int { return s.ZIndex }),
	intField("FlipbookResolution", func(s *emitter.Spec) int { return s.FlipbookResolution }),
	intField("Prewarm", func(s *emitter.Spec) int { return s.Prewarm }),
	enumField("BlendMode", func(s *emitter.Spec) fmt.Stringer { return s.BlendMode }),
	{"ColorStrip", func(s *emitter.Spec) string { return strconv.Quote(s.ColorStrip) }},
}

// writeYAML renders spec as an effect file: the header comment lines, then
// every field whose value differs from Ember's default, each with the
// comment for it in comments (keyed by field name).
func writeYAML(header []string, spec *emitter.Spec, comments map[string]string) []byte {
	var b strings.Builder
	for _, h := range header {
		writeComment(&b, "", h)
	}
	def := emitter.DefaultSpec()
	fields := 0
	for _, f := range specFields {
		v := f.value(spec)
		if v == f.value(&def) {
			continue
		}
		fields++
		c := comments[f.name]
		if strings.Contains(v, "\n") {
			if c != "" {
				writeComment(&b, "", f.name+": "+c)
			}
			b.WriteString(f.name + ":\n" + v)
			continue
		}
		b.WriteString(f.name + ": " + v)
		if c != "" {
			b.WriteString(" # " + oneLine(c))
		}
		b.WriteByte('\n')
	}
	if fields == 0 {
		// An effect file needs one field; every value is a default here.
		b.WriteString("Rate: " + yamlNumber(spec.Rate) + " # every value is Roblox's and Ember's default\n")
	}
	return []byte(b.String())
}

// writeComment writes text as comment lines of at most about 100
// characters, each starting with indent and "# ".
func writeComment(b *strings.Builder, indent, text string) {
	const width = 100
	line := ""
	for _, w := range strings.Fields(oneLine(text)) {
		if line != "" && len(line)+1+len(w) > width {
			b.WriteString(indent + "# " + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	b.WriteString(indent + "# " + line + "\n")
}

// oneLine makes text safe for a comment: one line of valid UTF-8.
func oneLine(text string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, "?"))
}

// yamlNumber writes a float in plain decimal where that is short, with
// the fewest digits that read back as v.
func yamlNumber(v float64) string { return fmtNum(v) }

func yamlRange(r emitter.NumberRange) string {
	if r.Min == r.Max {
		return yamlNumber(r.Min)
	}
	return "{Min: " + yamlNumber(r.Min) + ", Max: " + yamlNumber(r.Max) + "}"
}

func yamlSequence(q emitter.NumberSequence) string {
	if len(q) == 2 && q[0] == (emitter.NumberKeypoint{Time: 0, Value: q[0].Value}) && q[1] == (emitter.NumberKeypoint{Time: 1, Value: q[0].Value}) {
		return yamlNumber(q[0].Value)
	}
	var b strings.Builder
	for _, k := range q {
		b.WriteString("  - {Time: " + yamlNumber(k.Time) + ", Value: " + yamlNumber(k.Value))
		if k.Envelope != 0 {
			b.WriteString(", Envelope: " + yamlNumber(k.Envelope))
		}
		b.WriteString("}\n")
	}
	return b.String()
}

func yamlColors(q emitter.ColorSequence) string {
	if len(q) == 2 && q[0].Time == 0 && q[1].Time == 1 && q[0].Color == q[1].Color {
		return yamlColor(q[0].Color)
	}
	var b strings.Builder
	for _, k := range q {
		b.WriteString("  - {Time: " + yamlNumber(k.Time) + ", Color: " + yamlColor(k.Color) + "}\n")
	}
	return b.String()
}

// yamlColor writes "#rrggbb" when every channel is a whole 255th, else
// {R, G, B}.
func yamlColor(c emitter.Color) string {
	ch := [3]float64{c.R, c.G, c.B}
	hex := "\"#"
	for _, x := range ch {
		k := math.Round(x * 255)
		if k/255 != x {
			return "{R: " + yamlNumber(c.R) + ", G: " + yamlNumber(c.G) + ", B: " + yamlNumber(c.B) + "}"
		}
		hex += fmt.Sprintf("%02x", int(k))
	}
	return hex + "\""
}
