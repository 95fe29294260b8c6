package roblox

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emberfx/ember/emitter"
)

// This file maps a ParticleEmitter's properties to an Ember spec
// (docs/roblox-import.md, "Properties"). It and yaml.go are the importer's
// only contact with the spec's Go types.

// maxMagnitude is the bound Ember's validation puts on speeds, angles,
// accelerations and sizes (docs/effect-files.md, "Limits checked by
// validation").
const maxMagnitude = emitter.MaxMagnitude

// converter turns one ParticleEmitter into a spec, noting what it did.
type converter struct {
	file     string
	in       *Instance
	spec     emitter.Spec
	notes    []Note
	attrs    []Note
	comments map[string]string // Ember field -> why its value differs from the file's
	def      Value             // Roblox's default of the property being read
}

// propRule is how one ParticleEmitter property is imported.
type propRule struct {
	name string
	// def is Roblox's default (Instance.new's), used when the file lacks
	// the property.
	def   Value
	apply func(c *converter, v Value, n *Note) error
}

// emitterRules lists the ParticleEmitter properties that carry over, in
// the order effect files document them. Their defaults are those of
// Roblox's class (FORMAT: rbx-dom's reflection database).
var emitterRules = []propRule{
	{"Acceleration", Vector3{}, vector3Rule("Acceleration", func(s *emitter.Spec, v emitter.Vector3) { s.Acceleration = v })},
	{"Brightness", Float32(1), numberRule("Brightness", 0, maxMagnitude, func(s *emitter.Spec, v float64) { s.Brightness = v })},
	{"Color", ColorSequence{{0, 1, 1, 1, 0}, {1, 1, 1, 1, 0}}, colorRule},
	{"Drag", Float32(0), numberRule("Drag", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v float64) { s.Drag = v })},
	{"EmissionDirection", Token(1), emissionDirectionRule},
	{"Enabled", Bool(true), boolRule("Enabled", func(s *emitter.Spec, v bool) { s.Enabled = v })},
	{"FlipbookBlendFrames", Bool(true), boolRule("FlipbookBlendFrames", func(s *emitter.Spec, v bool) { s.FlipbookBlendFrames = v })},
	{"FlipbookFramerate", NumberRange{1, 1}, rangeRule("FlipbookFramerate", 0, emitter.MaxFlipbookFramerate, func(s *emitter.Spec, v emitter.NumberRange) { s.FlipbookFramerate = v })},
	{"FlipbookLayout", Token(0), enumRule("FlipbookLayout", []string{"None", "Grid2x2", "Grid4x4", "Grid8x8", "Custom"},
		func(s *emitter.Spec, i int) {
			s.FlipbookLayout = []emitter.FlipbookLayout{emitter.FlipbookNone, emitter.Grid2x2, emitter.Grid4x4, emitter.Grid8x8, emitter.FlipbookCustom}[i]
		})},
	{"FlipbookMode", Token(0), enumRule("FlipbookMode", []string{"Loop", "OneShot", "PingPong", "Random"},
		func(s *emitter.Spec, i int) {
			s.FlipbookMode = []emitter.FlipbookMode{emitter.FlipbookLoop, emitter.FlipbookOneShot, emitter.FlipbookPingPong, emitter.FlipbookRandom}[i]
		})},
	{"FlipbookSizeX", Int32(1), intRule("FlipbookSizeX", 1, emitter.MaxFlipbookGrid, func(s *emitter.Spec, v int) { s.FlipbookSizeX = v })},
	{"FlipbookSizeY", Int32(1), intRule("FlipbookSizeY", 1, emitter.MaxFlipbookGrid, func(s *emitter.Spec, v int) { s.FlipbookSizeY = v })},
	{"FlipbookStartRandom", Bool(false), boolRule("FlipbookStartRandom", func(s *emitter.Spec, v bool) { s.FlipbookStartRandom = v })},
	{"Lifetime", NumberRange{5, 10}, lifetimeRule},
	{"LightEmission", Float32(0), numberRule("LightEmission", 0, 1, func(s *emitter.Spec, v float64) { s.LightEmission = v })},
	{"LightInfluence", Float32(0), numberRule("LightInfluence", 0, 1, func(s *emitter.Spec, v float64) { s.LightInfluence = v })},
	{"LockedToPart", Bool(false), boolRule("LockedToPart", func(s *emitter.Spec, v bool) { s.LockedToPart = v })},
	{"Orientation", Token(0), enumRule("Orientation", []string{"FacingCamera", "FacingCameraWorldUp", "VelocityParallel", "VelocityPerpendicular"},
		func(s *emitter.Spec, i int) {
			s.Orientation = []emitter.Orientation{emitter.FacingCamera, emitter.FacingCameraWorldUp, emitter.VelocityParallel, emitter.VelocityPerpendicular}[i]
		})},
	{"Rate", Float32(20), numberRule("Rate", 0, emitter.MaxRate, func(s *emitter.Spec, v float64) { s.Rate = v })},
	{"RotSpeed", NumberRange{0, 0}, rangeRule("RotSpeed", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v emitter.NumberRange) { s.RotSpeed = v })},
	{"Rotation", NumberRange{0, 0}, rangeRule("Rotation", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v emitter.NumberRange) { s.Rotation = v })},
	{"Shape", Token(0), enumRule("Shape", []string{"Box", "Sphere", "Cylinder", "Disc"},
		func(s *emitter.Spec, i int) {
			s.Shape = []emitter.Shape{emitter.Box, emitter.Sphere, emitter.Cylinder, emitter.Disc}[i]
		})},
	{"ShapeInOut", Token(0), enumRule("ShapeInOut", []string{"Outward", "Inward", "InAndOut"},
		func(s *emitter.Spec, i int) {
			s.ShapeInOut = []emitter.ShapeInOut{emitter.Outward, emitter.Inward, emitter.InAndOut}[i]
		})},
	{"ShapePartial", Float32(1), numberRule("ShapePartial", 0, 1, func(s *emitter.Spec, v float64) { s.ShapePartial = v })},
	{"ShapeStyle", Token(0), enumRule("ShapeStyle", []string{"Volume", "Surface"},
		func(s *emitter.Spec, i int) { s.ShapeStyle = []emitter.ShapeStyle{emitter.Volume, emitter.Surface}[i] })},
	{"Size", NumberSequence{{0, 1, 0}, {1, 1, 0}}, sequenceRule("Size", func(s *emitter.Spec, q emitter.NumberSequence) { s.Size = q })},
	{"Speed", NumberRange{5, 5}, rangeRule("Speed", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v emitter.NumberRange) { s.Speed = v })},
	{"SpreadAngle", Vector2{}, spreadRule},
	{"Squash", NumberSequence{{0, 0, 0}, {1, 0, 0}}, sequenceRule("Squash", func(s *emitter.Spec, q emitter.NumberSequence) { s.Squash = q })},
	{"TimeScale", Float32(1), numberRule("TimeScale", 0, emitter.MaxTimeScale, func(s *emitter.Spec, v float64) { s.TimeScale = v })},
	{"Transparency", NumberSequence{{0, 0, 0}, {1, 0, 0}}, sequenceRule("Transparency", func(s *emitter.Spec, q emitter.NumberSequence) { s.Transparency = q })},
	{"VelocityInheritance", Float32(0), numberRule("VelocityInheritance", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v float64) { s.VelocityInheritance = v })},
	{"ZOffset", Float32(0), numberRule("ZOffset", -maxMagnitude, maxMagnitude, func(s *emitter.Spec, v float64) { s.ZOffset = v })},
}

// droppedProperties are ParticleEmitter properties with no Ember meaning.
var droppedProperties = map[string]string{
	"WindAffectsDrag":           "Ember has no wind",
	"FlipbookIncompatible":      "Studio's warning text about the texture size, not a setting",
	"LocalTransparencyModifier": "set by scripts at run time, not a setting",
}

// ignoredProperties are the Instance properties every object has.
var ignoredProperties = map[string]string{
	"Tags":                "CollectionService tags, for scripts",
	"SourceAssetId":       "the asset the instance came from",
	"Archivable":          "whether Studio saves the instance",
	"archivable":          "whether Studio saves the instance",
	"Capabilities":        "script sandboxing",
	"DefinesCapabilities": "script sandboxing",
	"Sandboxed":           "script sandboxing",
	"HistoryId":           "Studio's version history",
	"UniqueId":            "Studio's instance identity",
	"AttributesSerialize": "the attributes, listed one by one",
}

// textureProperties are read together after the others (textures.go).
var textureProperties = map[string]bool{"Texture": true, "TextureContent": true}

// convert builds the spec of the ParticleEmitter in.
func (c *converter) convert(tex *TextureMap, dir, file string) (texNote string, err error) {
	c.spec = emitter.DefaultSpec()
	c.comments = map[string]string{}
	known := map[string]bool{"VelocitySpread": true, "Name": true}
	if err := c.name(); err != nil { // first, as the effect file has it
		return "", err
	}
	for _, r := range emitterRules {
		known[r.name] = true
		n := Note{Name: r.name, Fate: Carried, Field: r.name}
		v := r.def
		c.def = r.def
		if p, ok := c.in.Property(r.name); ok {
			v = p.Value
			n.Type, n.Value = v.Type(), v.String()
		} else {
			n.Fate, n.Why = Defaulted, "not in the file: Roblox's default "+r.def.String()
		}
		if err := r.apply(c, v, &n); err != nil {
			return "", err
		}
		c.notes = append(c.notes, n)
	}
	if err := c.velocitySpread(); err != nil {
		return "", err
	}
	c.flipbookOff()
	texNote, err = c.texture(tex, dir, file)
	if err != nil {
		return "", err
	}
	for _, p := range c.in.Properties {
		if known[p.Name] || textureProperties[p.Name] {
			continue
		}
		n := Note{Name: p.Name, Type: p.Value.Type(), Value: p.Value.String()}
		if why, ok := ignoredProperties[p.Name]; ok {
			n.Fate, n.Why = Ignored, why
		} else if why, ok := droppedProperties[p.Name]; ok {
			n.Fate, n.Why = Dropped, why
		} else {
			n.Fate, n.Why = Dropped, "not a ParticleEmitter property Ember knows"
		}
		c.notes = append(c.notes, n)
	}
	return texNote, nil
}

// fail is an error at the property the note is about.
func (c *converter) fail(n *Note, format string, args ...any) error {
	off := c.in.Offset
	if p, ok := c.in.Property(n.Name); ok {
		off = p.Offset
	}
	return errorf(c.file, off, "%s %s: property %s: %s", c.in.Class, strconv.Quote(c.in.PathString()), n.Name, fmt.Sprintf(format, args...))
}

// adjust records that the value was changed to fit Ember, and why.
func (c *converter) adjust(n *Note, field, format string, args ...any) {
	why := fmt.Sprintf(format, args...)
	if n.Fate == Carried {
		n.Fate = Adjusted
	}
	if n.Why != "" && n.Fate == Adjusted {
		n.Why += "; " + why
	} else {
		n.Why = why
	}
	if prev := c.comments[field]; prev != "" {
		why = prev + "; " + why
	}
	c.comments[field] = why
}

// inform records a remark about a value carried as it is.
func (c *converter) inform(n *Note, field, why string) {
	if n.Fate == Carried {
		n.Why = why
	}
	c.comments[field] = why
}

func (c *converter) wrongType(n *Note, v Value, want string) error {
	return c.fail(n, "a %s value; Roblox writes %s", v.Type(), want)
}

// exact turns a float32 into the float64 of its shortest decimal form, so
// that 0.349999994 (0.35 in float32) imports as 0.35.
func exact(v float32) float64 {
	x, _ := strconv.ParseFloat(strconv.FormatFloat(float64(v), 'g', -1, 32), 64)
	return x
}

// number reads any numeric value.
func number(v Value) (float64, bool) {
	switch x := v.(type) {
	case Float32:
		return exact(float32(x)), true
	case Float64:
		return float64(x), true
	case Int32:
		return float64(x), true
	case Int64:
		return float64(x), true
	}
	return 0, false
}

// clamp fits x into [lo, hi]; NaN becomes def. It notes any change.
func (c *converter) clamp(n *Note, field string, x, lo, hi, def float64) float64 {
	switch {
	case math.IsNaN(x):
		c.adjust(n, field, "NaN is not a number: Roblox's default %s instead", fmtNum(def))
		return def
	case x < lo:
		c.adjust(n, field, "%s is below Ember's range [%s, %s]: clamped", fmtNum(x), fmtNum(lo), fmtNum(hi))
		return lo
	case x > hi:
		c.adjust(n, field, "%s is above Ember's range [%s, %s]: clamped", fmtNum(x), fmtNum(lo), fmtNum(hi))
		return hi
	}
	return x
}

func numberRule(field string, lo, hi float64, set func(*emitter.Spec, float64)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		x, ok := number(v)
		if !ok {
			return c.wrongType(n, v, "a float")
		}
		def, _ := number(c.def)
		set(&c.spec, c.clamp(n, field, x, lo, hi, def))
		return nil
	}
}

func intRule(field string, lo, hi int, set func(*emitter.Spec, int)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		var x int64
		switch t := v.(type) {
		case Int32:
			x = int64(t)
		case Int64:
			x = int64(t)
		default:
			return c.wrongType(n, v, "an int")
		}
		if x < int64(lo) || x > int64(hi) {
			c.adjust(n, field, "%d is outside Ember's range [%d, %d]: clamped", x, lo, hi)
			x = max(int64(lo), min(int64(hi), x))
		}
		set(&c.spec, int(x))
		return nil
	}
}

func boolRule(field string, set func(*emitter.Spec, bool)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		b, ok := v.(Bool)
		if !ok {
			return c.wrongType(n, v, "a bool")
		}
		set(&c.spec, bool(b))
		return nil
	}
}

// enumRule reads a token whose integer values index names (Roblox's enum
// values are 0, 1, 2... in these enums); set gets the index.
func enumRule(field string, names []string, set func(*emitter.Spec, int)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		t, ok := v.(Token)
		if !ok {
			return c.wrongType(n, v, "a token")
		}
		if int64(t) >= int64(len(names)) {
			return c.fail(n, "token %d is not a %s value (0 to %d)", t, field, len(names)-1)
		}
		set(&c.spec, int(t))
		if n.Value != "" {
			n.Value += " (" + names[t] + ")"
		}
		return nil
	}
}

// emissionDirectionRule maps NormalId, whose values are Right 0, Top 1,
// Back 2, Left 3, Bottom 4, Front 5.
func emissionDirectionRule(c *converter, v Value, n *Note) error {
	faces := []emitter.NormalID{emitter.Right, emitter.Top, emitter.Back, emitter.Left, emitter.Bottom, emitter.Front}
	t, ok := v.(Token)
	if !ok {
		return c.wrongType(n, v, "a token")
	}
	if t >= Token(len(faces)) {
		return c.fail(n, "token %d is not a NormalId (0 to 5)", t)
	}
	c.spec.EmissionDirection = faces[t]
	if n.Value != "" {
		n.Value += " (" + faces[t].String() + ")"
	}
	if faces[t] == emitter.Front || faces[t] == emitter.Back {
		c.inform(n, "EmissionDirection", faces[t].String()+" points along the view: Ember emits from Top in 2D")
	}
	return nil
}

// rangeOf converts a NumberRange, clamping to [lo, hi]; ok is false when a
// bound is NaN.
func (c *converter) rangeOf(n *Note, field string, v Value, lo, hi float64) (emitter.NumberRange, bool, error) {
	r, ok := v.(NumberRange)
	if !ok {
		return emitter.NumberRange{}, false, c.wrongType(n, v, "a NumberRange")
	}
	mn, mx := exact(r.Min), exact(r.Max)
	if math.IsNaN(mn) || math.IsNaN(mx) {
		c.adjust(n, field, "NaN is not a number: Roblox's default %s instead", c.def)
		return emitter.NumberRange{}, false, nil
	}
	if mn > mx {
		c.adjust(n, field, "Min %s is above Max %s: swapped", fmtNum(mn), fmtNum(mx))
		mn, mx = mx, mn
	}
	mn = c.clamp(n, field+".Min", mn, lo, hi, 0)
	mx = c.clamp(n, field+".Max", mx, lo, hi, 0)
	if c.comments[field+".Min"] != "" || c.comments[field+".Max"] != "" {
		c.comments[field] = joinComments(c.comments[field], c.comments[field+".Min"], c.comments[field+".Max"])
		delete(c.comments, field+".Min")
		delete(c.comments, field+".Max")
	}
	return emitter.NumberRange{Min: mn, Max: mx}, true, nil
}

func rangeRule(field string, lo, hi float64, set func(*emitter.Spec, emitter.NumberRange)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		r, ok, err := c.rangeOf(n, field, v, lo, hi)
		if err != nil {
			return err
		}
		if !ok {
			r, _, _ = c.rangeOf(n, field, c.def, lo, hi)
		}
		set(&c.spec, r)
		return nil
	}
}

// lifetimeRule keeps a negative minimum: Ember floors each particle's
// rolled lifetime at 1e-3 s, so the particles that roll below zero die at
// once, as in Roblox, and the rest keep Roblox's spread.
func lifetimeRule(c *converter, v Value, n *Note) error {
	r, ok, err := c.rangeOf(n, "Lifetime", v, -maxMagnitude, emitter.MaxLifetime)
	if err != nil {
		return err
	}
	if !ok {
		r = emitter.NumberRange{Min: 5, Max: 10}
	}
	if r.Min < 0 && n.Fate == Carried {
		c.inform(n, "Lifetime", "the particles that roll a lifetime below 0 die at once, as in Roblox")
	}
	c.spec.Lifetime = r
	return nil
}

func vector3Rule(field string, set func(*emitter.Spec, emitter.Vector3)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		p, ok := v.(Vector3)
		if !ok {
			return c.wrongType(n, v, "a Vector3")
		}
		xyz := c.magnitudes(n, field, p.X, p.Y, p.Z)
		out := emitter.Vector3{X: xyz[0], Y: xyz[1], Z: xyz[2]}
		if out.Z != 0 && n.Fate == Carried {
			c.inform(n, field, "Z points along the view: Ember ignores it in 2D")
		}
		set(&c.spec, out)
		return nil
	}
}

// magnitudes converts vector components, each clamped to ±maxMagnitude
// (NaN is 0, the default of every vector property).
func (c *converter) magnitudes(n *Note, field string, vs ...float32) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = c.clamp(n, field, exact(v), -maxMagnitude, maxMagnitude, 0)
	}
	return out
}

// spreadRule carries SpreadAngle; 2D spreads by X only.
func spreadRule(c *converter, v Value, n *Note) error {
	p, ok := v.(Vector2)
	if !ok {
		return c.wrongType(n, v, "a Vector2")
	}
	xy := c.magnitudes(n, "SpreadAngle", p.X, p.Y)
	c.spec.SpreadAngle = emitter.Vector2{X: xy[0], Y: xy[1]}
	if s := c.spec.SpreadAngle; s.Y != s.X && n.Fate == Carried {
		c.inform(n, "SpreadAngle", "Y spreads across the view: Ember spreads by X in 2D")
	}
	return nil
}

// velocitySpread maps the deprecated VelocitySpread, the single angle that
// SpreadAngle replaced, to SpreadAngle (v, v) when the file has no
// SpreadAngle of its own.
func (c *converter) velocitySpread() error {
	p, ok := c.in.Property("VelocitySpread")
	if !ok {
		return nil
	}
	n := Note{Name: "VelocitySpread", Type: p.Value.Type(), Value: p.Value.String(), Fate: Adjusted, Field: "SpreadAngle"}
	x, isNum := number(p.Value)
	if !isNum {
		return c.wrongType(&n, p.Value, "a float")
	}
	if _, has := c.in.Property("SpreadAngle"); has {
		n.Fate, n.Field, n.Why = Dropped, "", "deprecated; the file's SpreadAngle replaces it"
	} else {
		x = c.clamp(&n, "SpreadAngle", x, -maxMagnitude, maxMagnitude, 0)
		c.spec.SpreadAngle = emitter.Vector2{X: x, Y: x}
		n.Why = "deprecated alias: SpreadAngle (" + fmtNum(x) + ", " + fmtNum(x) + ")"
		c.comments["SpreadAngle"] = "from the deprecated VelocitySpread"
		for i := range c.notes {
			if c.notes[i].Name == "SpreadAngle" {
				c.notes[i].Why = "replaced by VelocitySpread"
			}
		}
	}
	c.notes = append(c.notes, n)
	return nil
}

// flipbookOff resets the flipbook fields when there is no flipbook: they
// do nothing then, and Roblox's FlipbookBlendFrames default (true) would
// only clutter the file.
func (c *converter) flipbookOff() {
	if c.spec.FlipbookLayout != emitter.FlipbookNone {
		return
	}
	d := emitter.DefaultSpec()
	s := &c.spec
	fields := map[string]bool{}
	for _, f := range specFields {
		if strings.HasPrefix(f.name, "Flipbook") && f.name != "FlipbookLayout" && f.name != "FlipbookResolution" {
			fields[f.name] = f.value(s) != f.value(&d)
		}
	}
	s.FlipbookBlendFrames, s.FlipbookFramerate, s.FlipbookMode = d.FlipbookBlendFrames, d.FlipbookFramerate, d.FlipbookMode
	s.FlipbookSizeX, s.FlipbookSizeY, s.FlipbookStartRandom = d.FlipbookSizeX, d.FlipbookSizeY, d.FlipbookStartRandom
	for i := range c.notes {
		n := &c.notes[i]
		if !fields[n.Name] {
			continue
		}
		delete(c.comments, n.Name)
		if n.Fate == Defaulted {
			n.Field = ""
			continue
		}
		n.Fate, n.Field, n.Why = Dropped, "", "no effect without a flipbook (FlipbookLayout is None)"
	}
}

func fmtNum(v float64) string {
	if v != 0 && (math.Abs(v) < 1e-4 || math.Abs(v) >= 1e15) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func joinComments(parts ...string) string {
	out := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		if out != "" {
			out += "; "
		}
		out += p
	}
	return out
}

// name carries the instance's Name into the spec's, made to fit an effect
// file's rules (emitter.Spec.Validate): control characters become spaces,
// invalid UTF-8 U+FFFD, and a name past emitter.MaxNameBytes is cut at a
// character boundary. An emitter with no Name is named after its class,
// as Roblox names a new instance.
func (c *converter) name() error {
	n := Note{Name: "Name", Fate: Carried, Field: "Name"}
	p, ok := c.in.Property("Name")
	if !ok {
		n.Fate, n.Why = Defaulted, "not in the file: Roblox names a new instance after its class"
		c.spec.Name = c.in.Class
		c.notes = append(c.notes, n)
		return nil
	}
	v, isString := p.Value.(String)
	if !isString {
		return c.wrongType(&n, p.Value, "a string")
	}
	n.Type, n.Value = p.Value.Type(), p.Value.String()
	name := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(string(v), "\uFFFD"))
	if name != string(v) {
		c.adjust(&n, "Name", "control characters and invalid UTF-8 replaced")
	}
	if len(name) > emitter.MaxNameBytes {
		cut := emitter.MaxNameBytes
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut]
		c.adjust(&n, "Name", "cut to Ember's %d bytes", emitter.MaxNameBytes)
	}
	c.spec.Name = name
	c.notes = append(c.notes, n)
	return nil
}
