package emitter

// NumberRange is a closed range a particle rolls a value from at birth.
type NumberRange struct{ Min, Max float64 }

// Constant returns the range [v, v].
func Constant(v float64) NumberRange { return NumberRange{v, v} }

// NumberKeypoint is one point of a NumberSequence: at normalized age Time the
// value is Value, give or take Envelope (one roll per particle, see Curve).
type NumberKeypoint struct{ Time, Value, Envelope float64 }

// NumberSequence is a piecewise-linear curve over a particle's normalized age
// [0, 1]: at most 20 keypoints, the first at Time 0, the last at Time 1,
// times strictly increasing (Roblox's rules).
type NumberSequence []NumberKeypoint

// ConstantSequence returns the sequence that is v over the whole life.
func ConstantSequence(v float64) NumberSequence {
	return NumberSequence{{Time: 0, Value: v}, {Time: 1, Value: v}}
}

// Color is a linear RGB colour with channels in [0, 1].
type Color struct{ R, G, B float64 }

// White is Color{1, 1, 1}.
var White = Color{1, 1, 1}

// ColorKeypoint is one point of a ColorSequence.
type ColorKeypoint struct {
	Time  float64
	Color Color
}

// ColorSequence is a piecewise-linear colour over the normalized age, with
// the same keypoint rules as NumberSequence.
type ColorSequence []ColorKeypoint

// ConstantColor returns the sequence that is c over the whole life.
func ConstantColor(c Color) ColorSequence {
	return ColorSequence{{Time: 0, Color: c}, {Time: 1, Color: c}}
}

// Vector2 is a pair of numbers (SpreadAngle, EmissionSize).
type Vector2 struct{ X, Y float64 }

// Vector3 is a Roblox vector: +Y is up and Z points toward the camera.
type Vector3 struct{ X, Y, Z float64 }

// Spec is one emitter, authored with the vocabulary of Roblox's
// ParticleEmitter plus the extras of Roblox's Spray library (Scale,
// SizeScale, SpeedScale, Unit, EmissionSize, GlowLayers, ...) without their
// Spray prefix. Field names
// are the property names of effect files. [DefaultSpec] returns Roblox's
// defaults; the zero Spec is not a useful effect.
type Spec struct {
	// Name is the effect's name, Roblox's Instance.Name: the name
	// component.Spawn gives an effect entity when its options name none.
	// Empty is unnamed. At most MaxNameBytes bytes of UTF-8, no control
	// characters.
	Name string
	// Acceleration in studs/s², Roblox space (+Y up). Z is ignored.
	Acceleration Vector3
	// Brightness scales the colour before tone mapping (docs/closed-form.md,
	// section 7).
	Brightness float64
	// Color over the normalized age.
	Color ColorSequence
	// Drag is the linear drag k of dv/dt = a - k v, per second.
	Drag float64
	// EmissionDirection is the face particles leave through.
	EmissionDirection NormalID
	// Enabled says whether the steady stream (Rate) runs at clock 0.
	Enabled bool
	// FlipbookBlendFrames crossfades between a cell and the next.
	FlipbookBlendFrames bool
	// FlipbookFramerate is rolled per particle, in cells per second.
	FlipbookFramerate NumberRange
	FlipbookLayout    FlipbookLayout
	FlipbookMode      FlipbookMode
	// FlipbookSizeX and FlipbookSizeY are the columns and rows of a Custom layout.
	FlipbookSizeX, FlipbookSizeY int
	// FlipbookStartRandom rolls the first cell instead of starting at cell 1.
	FlipbookStartRandom bool
	// Lifetime in seconds, rolled per particle; floored at 1e-3.
	Lifetime NumberRange
	// LightEmission blends from normal alpha (0) to additive (1).
	LightEmission float64
	// LightInfluence blends the colour toward colour × ambient.
	LightInfluence float64
	// LockedToPart: true moves live particles with the host; false leaves
	// them where the host was at their birth (needs the host's track).
	LockedToPart bool
	Orientation  Orientation
	// Rate is the steady stream in particles per second, capped at
	// MaxParticles / Lifetime.Max.
	Rate float64
	// RotSpeed in degrees per second, rolled per particle.
	RotSpeed NumberRange
	// Rotation at birth in degrees clockwise, rolled per particle.
	Rotation     NumberRange
	Shape        Shape
	ShapeInOut   ShapeInOut
	ShapePartial float64
	ShapeStyle   ShapeStyle
	// Size in studs over the normalized age.
	Size NumberSequence
	// Speed in studs/s along the emission direction, rolled per particle.
	Speed NumberRange
	// SpreadAngle: X is the half-angle in degrees of the spread cone (180 is
	// the full circle); Y is unused in 2D.
	SpreadAngle Vector2
	// Squash stretches the quad along its long axis, preserving area.
	Squash NumberSequence
	// Texture is an image path relative to the effect file; empty is the
	// built-in soft round sprite.
	Texture string
	// TimeScale scales Advance and the scheduler's steps.
	TimeScale float64
	// Transparency over the normalized age; the result is clamped to [0, 1].
	Transparency NumberSequence
	// VelocityInheritance is the fraction of the host's velocity at birth a
	// particle inherits (LockedToPart false only).
	VelocityInheritance float64
	// ZOffset is added to ZIndex to order effects.
	ZOffset float64

	// Scale multiplies displacement and size.
	Scale float64
	// SizeScale multiplies size.
	SizeScale float64
	// SpeedScale multiplies displacement.
	SpeedScale float64
	// Unit picks the host edge one stud spans.
	Unit StudUnit
	// EmissionSize is the emission area's full size as a fraction of the
	// host (0 is a point).
	EmissionSize Vector2
	// MaxParticles caps the pool: the stream's rate and each burst's count.
	MaxParticles int
	// GlowLayers counts the core plus its halo layers, 1..8.
	GlowLayers int
	// ZIndex orders effects (with ZOffset).
	ZIndex int
	// FlipbookResolution is the flipbook texture's edge in pixels; 0 takes the
	// texture's own size.
	FlipbookResolution int
	// Prewarm is how many particles an effect reserves room for up front, so
	// the first burst does not allocate.
	Prewarm int
	// BlendMode picks normal (LightEmission hybrid), cutout or
	// premultiplied blending.
	BlendMode BlendMode
	// ColorStrip is an optional gradient image path (docs/appearance.md,
	// section 3): each
	// particle picks a row by hash at birth ("destiny") and walks it left to
	// right over its life; the strip's colour multiplies Color and its
	// alpha multiplies the opacity.
	ColorStrip string
}

// DefaultMaxParticles is the pool cap of a spec that does not set one.
const DefaultMaxParticles = 1000

// DefaultSpec returns Roblox's ParticleEmitter defaults plus Ember's
// defaults for the extras. Effect files start from it.
func DefaultSpec() Spec {
	return Spec{
		Brightness:        1,
		Color:             ConstantColor(White),
		EmissionDirection: Top,
		Enabled:           true,
		FlipbookFramerate: Constant(1),
		FlipbookLayout:    FlipbookNone,
		FlipbookMode:      FlipbookLoop,
		FlipbookSizeX:     1,
		FlipbookSizeY:     1,
		Lifetime:          NumberRange{5, 10},
		Orientation:       FacingCamera,
		Rate:              20,
		Shape:             Box,
		ShapeInOut:        Outward,
		ShapePartial:      1,
		ShapeStyle:        Volume,
		Size:              ConstantSequence(1),
		Speed:             Constant(5),
		Squash:            ConstantSequence(0),
		TimeScale:         1,
		Transparency:      ConstantSequence(0),
		Scale:             1,
		SizeScale:         1,
		SpeedScale:        1,
		Unit:              RelativeYY,
		MaxParticles:      DefaultMaxParticles,
		GlowLayers:        1,
	}
}

// Clone returns a deep copy of s (the sequences are not shared).
func (s *Spec) Clone() Spec {
	c := *s
	c.Color = append(ColorSequence(nil), s.Color...)
	c.Size = append(NumberSequence(nil), s.Size...)
	c.Squash = append(NumberSequence(nil), s.Squash...)
	c.Transparency = append(NumberSequence(nil), s.Transparency...)
	return c
}
