package emitter

import (
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Limits on spec values. Values past them are errors, not clamps: they are
// typos or garbage, and a clear error beats an effect that silently stalls.
const (
	MaxRate              = 1e6     // particles per second
	MaxLifetime          = 3600    // seconds
	MaxParticlesLimit    = 1000000 // pool cap
	MaxFlipbookGrid      = 64      // cells per side of a Custom flipbook
	MaxTimeScale         = 100
	MaxFlipbookFramerate = 1e4
	// MaxFlipbookResolution is the largest FlipbookResolution, in pixels.
	MaxFlipbookResolution = 16384
	// MaxMagnitude bounds speeds, accelerations, sizes and the other
	// unbounded spec numbers, and an effect's host: its size, position and
	// rotation. Beyond it a value is garbage, and differences and products
	// of such values would overflow to Inf and NaN.
	MaxMagnitude = 1e9
	// MaxNameBytes is the longest Name, in bytes: Roblox's names are at
	// most 100 characters, which fit whatever the script.
	MaxNameBytes = 400
)

// Validate reports every problem with s at once as [Problems], or nil. The
// clamps of docs/closed-form.md, section 8 (Lifetime floored at 1e-3, MaxParticles at
// least 1, GlowLayers 1..8, the transparency clamp, the drag exponent clamp)
// are behaviour, not errors: see [NewSnapshot]. A nil spec is an error.
func (s *Spec) Validate() error {
	if s == nil {
		return errorString("emitter: nil spec")
	}
	var p problemSink
	name(&p, "Name", s.Name)
	vec3(&p, "Acceleration", s.Acceleration)
	number(&p, "Brightness", s.Brightness, 0, MaxMagnitude)
	colorSequence(&p, "Color", s.Color)
	number(&p, "Drag", s.Drag, -MaxMagnitude, MaxMagnitude)
	enum(&p, "EmissionDirection", uint8(s.EmissionDirection), normalIDNames)
	numberRange(&p, "FlipbookFramerate", s.FlipbookFramerate, 0, MaxFlipbookFramerate)
	enum(&p, "FlipbookLayout", uint8(s.FlipbookLayout), flipbookLayoutNames)
	enum(&p, "FlipbookMode", uint8(s.FlipbookMode), flipbookModeNames)
	integer(&p, "FlipbookSizeX", s.FlipbookSizeX, 1, MaxFlipbookGrid)
	integer(&p, "FlipbookSizeY", s.FlipbookSizeY, 1, MaxFlipbookGrid)
	numberRange(&p, "Lifetime", s.Lifetime, -MaxMagnitude, MaxLifetime)
	number(&p, "LightEmission", s.LightEmission, 0, 1)
	number(&p, "LightInfluence", s.LightInfluence, 0, 1)
	enum(&p, "Orientation", uint8(s.Orientation), orientationNames)
	number(&p, "Rate", s.Rate, 0, MaxRate)
	numberRange(&p, "RotSpeed", s.RotSpeed, -MaxMagnitude, MaxMagnitude)
	numberRange(&p, "Rotation", s.Rotation, -MaxMagnitude, MaxMagnitude)
	enum(&p, "Shape", uint8(s.Shape), shapeNames)
	enum(&p, "ShapeInOut", uint8(s.ShapeInOut), shapeInOutNames)
	number(&p, "ShapePartial", s.ShapePartial, 0, 1)
	enum(&p, "ShapeStyle", uint8(s.ShapeStyle), shapeStyleNames)
	numberSequence(&p, "Size", s.Size)
	numberRange(&p, "Speed", s.Speed, -MaxMagnitude, MaxMagnitude)
	number(&p, "SpreadAngle.X", s.SpreadAngle.X, -MaxMagnitude, MaxMagnitude)
	number(&p, "SpreadAngle.Y", s.SpreadAngle.Y, -MaxMagnitude, MaxMagnitude)
	numberSequence(&p, "Squash", s.Squash)
	number(&p, "TimeScale", s.TimeScale, 0, MaxTimeScale)
	numberSequence(&p, "Transparency", s.Transparency)
	number(&p, "VelocityInheritance", s.VelocityInheritance, -MaxMagnitude, MaxMagnitude)
	number(&p, "ZOffset", s.ZOffset, -MaxMagnitude, MaxMagnitude)
	number(&p, "Scale", s.Scale, 0, MaxMagnitude)
	number(&p, "SizeScale", s.SizeScale, 0, MaxMagnitude)
	number(&p, "SpeedScale", s.SpeedScale, 0, MaxMagnitude)
	enum(&p, "Unit", uint8(s.Unit), unitNames)
	number(&p, "EmissionSize.X", s.EmissionSize.X, 0, MaxMagnitude)
	number(&p, "EmissionSize.Y", s.EmissionSize.Y, 0, MaxMagnitude)
	if s.MaxParticles > MaxParticlesLimit {
		p.add("MaxParticles", "%d is more than the limit of %d", s.MaxParticles, MaxParticlesLimit)
	}
	integer(&p, "FlipbookResolution", s.FlipbookResolution, 0, MaxFlipbookResolution)
	integer(&p, "Prewarm", s.Prewarm, 0, MaxParticlesLimit)
	enum(&p, "BlendMode", uint8(s.BlendMode), blendModeNames)
	return p.err()
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func number(p *problemSink, field string, v, lo, hi float64) {
	switch {
	case !finite(v):
		p.add(field, "%s is not a finite number", fmtNum(v))
	case v < lo || v > hi:
		p.add(field, "%s is out of range [%s, %s]", fmtNum(v), fmtNum(lo), fmtNum(hi))
	}
}

func integer(p *problemSink, field string, v, lo, hi int) {
	if v < lo || v > hi {
		p.add(field, "%d is out of range [%d, %d]", v, lo, hi)
	}
}

// name checks a name: UTF-8, printable, at most MaxNameBytes bytes.
func name(p *problemSink, field, v string) {
	switch {
	case len(v) > MaxNameBytes:
		p.add(field, "is %d bytes long; at most %d are allowed", len(v), MaxNameBytes)
	case !utf8.ValidString(v):
		p.add(field, "%s is not valid UTF-8", strconv.QuoteToASCII(v))
	default:
		for _, r := range v {
			if unicode.IsControl(r) {
				p.add(field, "%s holds the control character %U; a name is one line of printable text", strconv.Quote(v), r)
				return
			}
		}
	}
}

func vec3(p *problemSink, field string, v Vector3) {
	number(p, field+".X", v.X, -MaxMagnitude, MaxMagnitude)
	number(p, field+".Y", v.Y, -MaxMagnitude, MaxMagnitude)
	number(p, field+".Z", v.Z, -MaxMagnitude, MaxMagnitude)
}

func numberRange(p *problemSink, field string, r NumberRange, lo, hi float64) {
	n := len(p.list)
	number(p, field+".Min", r.Min, lo, hi)
	number(p, field+".Max", r.Max, lo, hi)
	if len(p.list) == n && r.Min > r.Max {
		p.add(field, "Min %s is greater than Max %s", fmtNum(r.Min), fmtNum(r.Max))
	}
}

func enum(p *problemSink, field string, v uint8, names []string) {
	if int(v) >= len(names) {
		p.add(field, "%d is not one of %s", v, joinNames(names))
	}
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += "|"
		}
		s += n
	}
	return s
}

// keyTimes checks the keypoint count and times shared by both sequence kinds.
func keyTimes(p *problemSink, field string, n int, time func(int) float64) {
	if n < 2 {
		p.add(field, "has %d keypoints; a sequence needs at least 2 (or write one number)", n)
		return
	}
	if n > MaxKeypoints {
		p.add(field, "has %d keypoints; at most %d are allowed", n, MaxKeypoints)
	}
	for i := 0; i < n; i++ {
		f := field + "[" + strconv.Itoa(i) + "].Time"
		t := time(i)
		switch {
		case !finite(t):
			p.add(f, "%s is not a finite number", fmtNum(t))
		case t < 0 || t > 1:
			p.add(f, "%s is outside [0, 1]", fmtNum(t))
		case i == 0 && t != 0:
			p.add(f, "the first keypoint must be at Time 0, not %s", fmtNum(t))
		case i == n-1 && t != 1:
			p.add(f, "the last keypoint must be at Time 1, not %s", fmtNum(t))
		case i > 0 && finite(time(i-1)) && t <= time(i-1):
			p.add(f, "%s is not after the previous keypoint's %s; times must strictly increase", fmtNum(t), fmtNum(time(i-1)))
		}
	}
}

func numberSequence(p *problemSink, field string, q NumberSequence) {
	keyTimes(p, field, len(q), func(i int) float64 { return q[i].Time })
	for i, k := range q {
		f := field + "[" + strconv.Itoa(i) + "]"
		number(p, f+".Value", k.Value, -MaxMagnitude, MaxMagnitude)
		number(p, f+".Envelope", k.Envelope, 0, MaxMagnitude)
	}
}

func colorSequence(p *problemSink, field string, q ColorSequence) {
	keyTimes(p, field, len(q), func(i int) float64 { return q[i].Time })
	for i, k := range q {
		f := field + "[" + strconv.Itoa(i) + "].Color"
		number(p, f+".R", k.Color.R, 0, 1)
		number(p, f+".G", k.Color.G, 0, 1)
		number(p, f+".B", k.Color.B, 0, 1)
	}
}
