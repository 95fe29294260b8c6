package emitter

import "math"

// MinLifetime is the floor of every lifetime roll (docs/closed-form.md,
// section 8): a zero lifetime
// would divide the normalized age by zero.
const MinLifetime = 1e-3

// MaxGlowLayers is the most layers (core plus halos) a particle draws.
const MaxGlowLayers = 8

// Snapshot is an immutable, validated and compiled spec: what an [Effect]
// evaluates. Many effects can share one snapshot. The clamps of
// docs/closed-form.md, section 8, are
// applied here, once. Make one with [NewSnapshot]: NewEffect refuses a zero
// Snapshot.
type Snapshot struct {
	spec Spec

	rate             float64 // stream rate after the Little's-law cap
	span             float64 // the stream's live window in index units
	lifeMin, lifeMax float64 // after the 1e-3 floor
	dirX, dirY       float64 // emission direction on screen
	accX, accY       float64 // acceleration on screen, studs/s², +Y down
	spread           float64 // half-angle of the spread cone, radians
	cols, rows       int     // flipbook grid
	cells            int
	// Flat curves are read once here instead of per particle.
	sizeConst, squashConst, transConst, colorConst bool
	sizeValue, squashValue, transValue             float64
	// A curve with no envelope anywhere samples to its value alone: its
	// particles skip the envelope's roll (value + 0·roll is the value).
	sizeRolls, squashRolls bool
	// sizeCurve and squashCurve are Size and Squash compiled, sampled
	// where the curve has no envelopes.
	sizeCurve, squashCurve curve
	sdrag                  streamDrag
}

// compiled reports whether s was made by NewSnapshot, which never leaves
// MaxParticles below 1.
func (s *Snapshot) compiled() bool { return s.spec.MaxParticles >= 1 }

// NewSnapshot validates spec and compiles it (a nil spec is an error). The
// spec is copied: changing it afterwards does not change the snapshot.
func NewSnapshot(spec *Spec) (*Snapshot, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	s := &Snapshot{spec: spec.Clone()}
	sp := &s.spec
	sp.Lifetime.Min = math.Max(sp.Lifetime.Min, MinLifetime)
	sp.Lifetime.Max = math.Max(sp.Lifetime.Max, MinLifetime)
	if sp.MaxParticles < 1 {
		sp.MaxParticles = 1
	}
	sp.GlowLayers = min(max(sp.GlowLayers, 1), MaxGlowLayers)
	sp.Prewarm = min(sp.Prewarm, sp.MaxParticles)
	s.lifeMin, s.lifeMax = sp.Lifetime.Min, sp.Lifetime.Max
	// Little's law: the stream's population is about rate × lifetime, so
	// rate <= MaxParticles / Lifetime.Max keeps it within the pool.
	s.rate = math.Min(sp.Rate, float64(sp.MaxParticles)/s.lifeMax)
	// The cap at MaxParticles keeps the stream within the pool even where
	// r·Lmax rounds up.
	s.span = min(s.rate*s.lifeMax, float64(sp.MaxParticles))
	s.sdrag = newStreamDrag(sp.Drag, s.rate)
	s.dirX, s.dirY = direction(sp.EmissionDirection)
	s.accX, s.accY = sp.Acceleration.X, -sp.Acceleration.Y
	s.spread = math.Abs(sp.SpreadAngle.X) * math.Pi / 180
	s.cols, s.rows = flipbookGrid(sp)
	s.cells = s.cols * s.rows
	s.sizeConst = sp.Size.IsConstant()
	s.squashConst = sp.Squash.IsConstant()
	s.transConst = sp.Transparency.IsConstant()
	s.colorConst = sp.Color.IsConstant()
	s.sizeValue, _ = sp.Size.At(0)
	s.sizeRolls, s.squashRolls = sp.Size.enveloped(), sp.Squash.enveloped()
	s.squashValue, _ = sp.Squash.At(0)
	s.sizeCurve, s.squashCurve = compileCurve(sp.Size), compileCurve(sp.Squash)
	s.transValue, _ = sp.Transparency.At(0)
	return s, nil
}

// direction maps a face to a screen vector (+Y down). Front and Back fall back
// to Top.
func direction(n NormalID) (x, y float64) {
	switch n {
	case Bottom:
		return 0, 1
	case Left:
		return -1, 0
	case Right:
		return 1, 0
	}
	return 0, -1
}

func flipbookGrid(sp *Spec) (cols, rows int) {
	switch sp.FlipbookLayout {
	case Grid2x2:
		return 2, 2
	case Grid4x4:
		return 4, 4
	case Grid8x8:
		return 8, 8
	case FlipbookCustom:
		return sp.FlipbookSizeX, sp.FlipbookSizeY
	}
	return 1, 1
}

// Spec returns a copy of the compiled spec, with the clamps applied.
func (s *Snapshot) Spec() Spec { return s.spec.Clone() }

// Rate returns the stream's rate after the cap min(Rate, MaxParticles/Lifetime.Max).
func (s *Snapshot) Rate() float64 { return s.rate }

// MaxLifetime returns Lifetime.Max after the floor: the live window's length.
func (s *Snapshot) MaxLifetime() float64 { return s.lifeMax }

// MaxParticles returns the pool cap (at least 1).
func (s *Snapshot) MaxParticles() int { return s.spec.MaxParticles }

// Grid returns the flipbook's columns and rows (1×1 without a flipbook).
func (s *Snapshot) Grid() (cols, rows int) { return s.cols, s.rows }

// GlowLayers returns the layer count, core included, clamped to 1..8.
func (s *Snapshot) GlowLayers() int { return s.spec.GlowLayers }

// LightEmission returns the spec's LightEmission.
func (s *Snapshot) LightEmission() float64 { return s.spec.LightEmission }

// ConstantColor reports whether the Color sequence is flat.
func (s *Snapshot) ConstantColor() bool { return s.colorConst }
