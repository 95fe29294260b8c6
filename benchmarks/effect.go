package benchmarks

import (
	"math"
	"math/rand/v2"

	"github.com/emberfx/ember/emitter"
)

// Variant picks the simple or the full version of the benchmark effect.
type Variant uint8

// Variant values. Simple has a flat colour and no spin (the typical UI
// effect: a few sprites that fade); Full has a colour gradient, random initial
// rotation and spin. Both have spread, speed, gravity, drag and the size and
// transparency curves.
const (
	Simple Variant = iota
	Full
)

func (v Variant) String() string {
	if v == Full {
		return "full"
	}
	return "simple"
}

// Look is the benchmark effect in pixels and seconds, screen axes (+Y down):
// the one definition every subject is configured from.
type Look struct {
	Variant Variant
	// LifeMin and LifeMax bound the uniform lifetime roll, in seconds.
	LifeMin, LifeMax float64
	// SpeedMin and SpeedMax bound the uniform initial speed, pixels/s.
	SpeedMin, SpeedMax float64
	// Spread is the half-angle of the emission cone around straight up, in
	// degrees; the direction is uniform in it.
	Spread float64
	// Gravity is the downward acceleration, pixels/s².
	Gravity float64
	// Drag is the linear drag k of dv/dt = g - k v, per second.
	Drag float64
	// BoxW and BoxH are the emission box, centred on the effect's origin:
	// particles spawn uniformly inside it.
	BoxW, BoxH float64
	// Size is the quad's edge in pixels over the normalized age.
	Size emitter.NumberSequence
	// Transparency over the normalized age (0 opaque, 1 invisible).
	Transparency emitter.NumberSequence
	// Color over the normalized age (straight, linear RGB).
	Color emitter.ColorSequence
	// RotMin and RotMax bound the initial rotation, degrees clockwise.
	RotMin, RotMax float64
	// SpinMin and SpinMax bound the spin, degrees/s clockwise.
	SpinMin, SpinMax float64
}

// NewLook returns the benchmark effect: a fountain of soft round sprites
// that shoots up, slows under drag, falls under gravity, swells then
// shrinks, and fades out.
func NewLook(v Variant) Look {
	l := Look{
		Variant:  v,
		LifeMin:  1,
		LifeMax:  2,
		SpeedMin: 150,
		SpeedMax: 260,
		Spread:   25,
		Gravity:  260,
		Drag:     0.8,
		BoxW:     24,
		BoxH:     8,
		Size:     emitter.NumberSequence{{Time: 0, Value: 4}, {Time: 0.25, Value: 12}, {Time: 1, Value: 6}},
		Transparency: emitter.NumberSequence{
			{Time: 0, Value: 0.1}, {Time: 0.6, Value: 0.3}, {Time: 1, Value: 1},
		},
		Color: emitter.ConstantColor(emitter.Color{R: 1, G: 0.55, B: 0.2}),
	}
	if v == Full {
		l.Color = emitter.ColorSequence{
			{Time: 0, Color: emitter.Color{R: 1, G: 0.95, B: 0.5}},
			{Time: 0.4, Color: emitter.Color{R: 1, G: 0.5, B: 0.15}},
			{Time: 1, Color: emitter.Color{R: 0.6, G: 0.1, B: 0.1}},
		}
		l.RotMin, l.RotMax = 0, 360
		l.SpinMin, l.SpinMax = -120, 120
	}
	return l
}

// Scaled returns the look with its lengths scaled by f: speeds, gravity,
// emission box and sizes. Times, angles and colours stay.
func (l Look) Scaled(f float64) Look {
	l.SpeedMin *= f
	l.SpeedMax *= f
	l.Gravity *= f
	l.BoxW *= f
	l.BoxH *= f
	l.Size = append(emitter.NumberSequence(nil), l.Size...)
	for i := range l.Size {
		l.Size[i].Value *= f
	}
	return l
}

// MeanLife is the mean lifetime: a stream of rate r holds r × MeanLife
// particles at steady state (Little's law).
func (l *Look) MeanLife() float64 { return (l.LifeMin + l.LifeMax) / 2 }

// Spins reports whether particles turn (initial rotation or spin).
func (l *Look) Spins() bool {
	return l.RotMin != 0 || l.RotMax != 0 || l.SpinMin != 0 || l.SpinMax != 0
}

// FlatColor reports whether the colour is constant over the life.
func (l *Look) FlatColor() bool { return l.Color.IsConstant() }

// Spec returns the look as an Ember spec with a stream of rate particles
// per second (0: bursts only) and a pool cap of maxParticles. One stud is one
// pixel (Unit Offset); the host rectangle passed to emitter.NewEffect must be
// BoxW × BoxH for the emission box to match.
func (l *Look) Spec(rate float64, maxParticles int) emitter.Spec {
	s := emitter.DefaultSpec()
	s.Unit = emitter.Offset
	s.Lifetime = emitter.NumberRange{Min: l.LifeMin, Max: l.LifeMax}
	s.Speed = emitter.NumberRange{Min: l.SpeedMin, Max: l.SpeedMax}
	s.SpreadAngle = emitter.Vector2{X: l.Spread}
	s.EmissionDirection = emitter.Top
	s.Acceleration = emitter.Vector3{Y: -l.Gravity} // Roblox space: +Y up
	s.Drag = l.Drag
	s.Shape = emitter.Box
	s.ShapeStyle = emitter.Volume
	if l.BoxW > 0 || l.BoxH > 0 {
		s.EmissionSize = emitter.Vector2{X: 1, Y: 1}
	}
	s.Size = append(emitter.NumberSequence(nil), l.Size...)
	s.Transparency = append(emitter.NumberSequence(nil), l.Transparency...)
	s.Color = append(emitter.ColorSequence(nil), l.Color...)
	s.Rotation = emitter.NumberRange{Min: l.RotMin, Max: l.RotMax}
	s.RotSpeed = emitter.NumberRange{Min: l.SpinMin, Max: l.SpinMax}
	s.Rate = rate
	s.Enabled = rate > 0
	s.MaxParticles = max(maxParticles, 1)
	s.Prewarm = s.MaxParticles
	return s
}

// Birth is a particle's state at age 0, in pixels from the effect's origin.
type Birth struct {
	X, Y, VX, VY float64
	Life         float64
	Rot, Spin    float64 // degrees, degrees/s
}

// NewBirth draws a particle from the look's distributions, as Ember draws
// them from its hash: uniform lifetime, speed, direction in the cone,
// position in the box, rotation and spin.
func (l *Look) NewBirth(r *rand.Rand) Birth {
	life := l.LifeMin + (l.LifeMax-l.LifeMin)*r.Float64()
	speed := l.SpeedMin + (l.SpeedMax-l.SpeedMin)*r.Float64()
	phi := (2*r.Float64() - 1) * l.Spread * (math.Pi / 180)
	sin, cos := math.Sincos(phi)
	b := Birth{
		X:    (r.Float64() - 0.5) * l.BoxW,
		Y:    (r.Float64() - 0.5) * l.BoxH,
		VX:   speed * sin,
		VY:   -speed * cos,
		Life: life,
	}
	if l.Spins() {
		b.Rot = l.RotMin + (l.RotMax-l.RotMin)*r.Float64()
		b.Spin = l.SpinMin + (l.SpinMax-l.SpinMin)*r.Float64()
	}
	return b
}

// Position returns the exact position at age t of a particle born as b:
// the closed form of dv/dt = g - k v that Ember evaluates.
func (l *Look) Position(b Birth, t float64) (x, y float64) {
	f, g, _ := emitter.DragFactors(l.Drag, t)
	return b.X + b.VX*f, b.Y + b.VY*f + l.Gravity*g
}

// SizeAt is the size in pixels at normalized age tau.
func (l *Look) SizeAt(tau float64) float64 { v, _ := l.Size.At(tau); return v }

// AlphaAt is the opacity (1 - transparency, clamped) at normalized age tau.
func (l *Look) AlphaAt(tau float64) float64 {
	v, _ := l.Transparency.At(tau)
	return 1 - min(max(v, 0), 1)
}

// ColorAt is the colour at normalized age tau.
func (l *Look) ColorAt(tau float64) emitter.Color { return l.Color.At(tau) }

// LUTSize is the number of entries of a curve lookup table.
const LUTSize = 256

// LUT holds a look's curves sampled at LUTSize evenly spaced normalized
// ages, for integrators that look them up instead of evaluating them.
type LUT struct {
	Size, Alpha, R, G, B [LUTSize]float32
}

// NewLUT samples the look's curves.
func (l *Look) NewLUT() *LUT {
	t := new(LUT)
	for i := range LUTSize {
		tau := float64(i) / (LUTSize - 1)
		c := l.ColorAt(tau)
		t.Size[i] = float32(l.SizeAt(tau))
		t.Alpha[i] = float32(l.AlphaAt(tau))
		t.R[i], t.G[i], t.B[i] = float32(c.R), float32(c.G), float32(c.B)
	}
	return t
}

// Index returns the table entry nearest to normalized age tau (clamped).
func (*LUT) Index(tau float32) int {
	i := int(tau*(LUTSize-1) + 0.5)
	return min(max(i, 0), LUTSize-1)
}
