package emitter

// Particle is one live particle's state at a clock.
type Particle struct {
	// Key identifies the particle and is its hash index: 2i for stream
	// particle i, 2(b·MaxParticles + j) + 1 for particle j of burst b.
	Key uint32
	// X and Y are the centre in pixels relative to the host's centre at the
	// clock, +Y down.
	X, Y float64
	// Width and Height are the quad's size in pixels, squash applied.
	Width, Height float64
	// Rotation is in degrees clockwise.
	Rotation float64
	// Transparency is in [0, 1]; 1 is invisible.
	Transparency float64
	// Color is graded: Brightness tone mapping, then LightInfluence.
	Color Color
	// Cell is the 0-based flipbook cell (row-major); NextCell and Blend
	// crossfade toward the next cell when FlipbookBlendFrames is on.
	Cell, NextCell int
	Blend          float64
	// Age and Lifetime are in seconds; Age/Lifetime is the normalized age.
	Age, Lifetime float64
}
