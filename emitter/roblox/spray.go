package roblox

import (
	"fmt"
	"math"
	"strings"

	"github.com/emberfx/ember/emitter"
)

// Spray, the 2D renderer of ParticleEmitters whose vocabulary Ember's
// effect files share, keeps what a 3D emitter cannot say in attributes
// named Spray<Extra>; each maps to the effect-file extra of the same name
// without the prefix (docs/effect-files.md, "Fields"). Spray reads them
// with a type check and falls back to its default on a wrong type, and so
// does the importer, noting it.

// sprayRule imports one Spray attribute.
type sprayRule struct {
	field string
	apply func(c *converter, v Value, n *Note) (ok bool)
}

var sprayRules = map[string]sprayRule{
	"SprayEmissionSize": {"EmissionSize", func(c *converter, v Value, n *Note) bool {
		p, ok := v.(Vector2)
		if !ok {
			return false
		}
		c.spec.EmissionSize = emitter.Vector2{
			X: c.clamp(n, "EmissionSize", exact(p.X), 0, maxMagnitude, 0),
			Y: c.clamp(n, "EmissionSize", exact(p.Y), 0, maxMagnitude, 0),
		}
		return true
	}},
	"SprayScale":      {"Scale", sprayNumber("Scale", func(s *emitter.Spec, v float64) { s.Scale = v })},
	"SpraySizeScale":  {"SizeScale", sprayNumber("SizeScale", func(s *emitter.Spec, v float64) { s.SizeScale = v })},
	"SpraySpeedScale": {"SpeedScale", sprayNumber("SpeedScale", func(s *emitter.Spec, v float64) { s.SpeedScale = v })},
	"SprayUnit": {"Unit", func(c *converter, v Value, n *Note) bool {
		s, ok := v.(String)
		if !ok {
			return false
		}
		units := []emitter.StudUnit{emitter.RelativeYY, emitter.RelativeXX, emitter.RelativeMin, emitter.RelativeMax, emitter.Offset}
		for _, u := range units {
			if u.String() == string(s) {
				c.spec.Unit = u
				return true
			}
		}
		n.Fate, n.Field = Dropped, ""
		n.Why = fmt.Sprintf("not a unit (%s): the default RelativeYY, as Spray does", unitList(units))
		return true
	}},
	"SprayMaxParticles":       {"MaxParticles", sprayInt("MaxParticles", 1, emitter.MaxParticlesLimit, func(s *emitter.Spec, v int) { s.MaxParticles = v })},
	"SprayGlowLayers":         {"GlowLayers", sprayInt("GlowLayers", 1, 8, func(s *emitter.Spec, v int) { s.GlowLayers = v })},
	"SprayZIndex":             {"ZIndex", sprayInt("ZIndex", math.MinInt32, math.MaxInt32, func(s *emitter.Spec, v int) { s.ZIndex = v })},
	"SprayFlipbookResolution": {"FlipbookResolution", sprayInt("FlipbookResolution", 0, emitter.MaxFlipbookResolution, func(s *emitter.Spec, v int) { s.FlipbookResolution = v })},
	"SprayPrewarm":            {"Prewarm", sprayInt("Prewarm", 0, emitter.MaxParticlesLimit, func(s *emitter.Spec, v int) { s.Prewarm = v })},
}

// sprayDropped are Spray attributes with no Ember equivalent.
var sprayDropped = map[string]string{
	"SprayIgnoreClips": "Ember draws into the image it is given: there is no GUI clipping to escape",
}

// scriptAttributes are attributes emit-on-demand scripts read.
var scriptAttributes = map[string]string{
	"EmitCount":          "how many particles a script's Emit makes: pass it to Effect.Emit",
	"Emit":               "how many particles a script's Emit makes: pass it to Effect.Emit",
	"EmitDelay":          "seconds a script waits before emitting: schedule the burst (Effect.AddBurst)",
	"EmitDuration":       "seconds a script enables the emitter for: toggle Enabled (Effect.SetEnabled)",
	"TimeScale_Start":    "a script's TimeScale animation",
	"TimeScale_End":      "a script's TimeScale animation",
	"TimeScale_Duration": "a script's TimeScale animation",
	"TimeScale_Curve":    "a script's TimeScale animation",
}

// sprayGeometry are the attributes that place and scale a Spray effect.
var sprayGeometry = []string{"SprayEmissionSize", "SprayScale", "SprayUnit"}

func sprayNumber(field string, set func(*emitter.Spec, float64)) func(*converter, Value, *Note) bool {
	return func(c *converter, v Value, n *Note) bool {
		x, ok := number(v)
		if !ok {
			return false
		}
		set(&c.spec, c.clamp(n, field, x, 0, maxMagnitude, 1))
		return true
	}
}

func sprayInt(field string, lo, hi int, set func(*emitter.Spec, int)) func(*converter, Value, *Note) bool {
	return func(c *converter, v Value, n *Note) bool {
		x, ok := number(v)
		if !ok {
			return false
		}
		d := emitter.DefaultSpec()
		def := map[string]int{"MaxParticles": d.MaxParticles, "GlowLayers": d.GlowLayers}[field]
		y := c.clamp(n, field, x, float64(lo), float64(hi), float64(def))
		if y != math.Trunc(y) {
			c.adjust(n, field, "%s is not a whole number: rounded down", fmtNum(y))
			y = math.Floor(y)
		}
		set(&c.spec, int(y))
		return true
	}
}

func unitList(units []emitter.StudUnit) string {
	names := make([]string, len(units))
	for i, u := range units {
		names[i] = u.String()
	}
	return strings.Join(names, ", ")
}

// attributes imports the emitter's attributes. It returns whether any
// Spray geometry attribute is present.
func (c *converter) attributes() (spray bool, unread int, err error) {
	p, ok := c.in.Property("AttributesSerialize")
	if !ok {
		return false, 0, nil
	}
	var blob []byte
	switch v := p.Value.(type) {
	case BinaryString:
		blob = v
	case String:
		blob = []byte(v)
	default:
		n := Note{Name: "AttributesSerialize"}
		return false, 0, c.wrongType(&n, v, "a BinaryString")
	}
	attrs, unread, err := DecodeAttributes(blob)
	if err != nil {
		return false, 0, errorf(c.file, p.Offset, "%s %q: AttributesSerialize: %v", c.in.Class, c.in.PathString(), err)
	}
	for _, a := range attrs {
		n := Note{Name: a.Name, Type: a.Value.Type(), Value: a.Value.String()}
		if u, unknown := a.Value.(Unsupported); unknown {
			n.Fate, n.Why = Dropped, fmt.Sprintf("%s, unknown: this and the %d attributes after it cannot be read", u.TypeName, unread)
		} else if r, ok := sprayRules[a.Name]; ok {
			n.Fate, n.Field = Carried, r.field
			if !r.apply(c, a.Value, &n) {
				n.Fate, n.Field = Dropped, ""
				n.Why = fmt.Sprintf("a %s is the wrong type: the default, as Spray does", a.Value.Type())
			}
		} else if why, ok := sprayDropped[a.Name]; ok {
			n.Fate, n.Why = Dropped, why
		} else if strings.HasPrefix(a.Name, "Spray") {
			n.Fate, n.Why = Dropped, "not a Spray attribute Ember knows"
		} else if why, ok := scriptAttributes[a.Name]; ok {
			n.Fate, n.Why = Reported, why
		} else {
			n.Fate, n.Why = Reported, "an attribute for scripts; no effect property reads it"
		}
		for _, g := range sprayGeometry {
			if a.Name == g && n.Fate != Dropped {
				spray = true
			}
		}
		c.attrs = append(c.attrs, n)
	}
	return spray, unread, nil
}
