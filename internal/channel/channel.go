// Package channel names the hash channels of an effect's particles: each
// rolled property has its own, so changing one range in a spec never moves
// the rolls of the others (docs/closed-form.md, section 1). The emitter,
// the renderer's thinning and colour strips, and the Kage shaders
// (through the constants generated from this file) all read them here.
package channel

// Channels. New channels must not be congruent to FlipbookRandom modulo 32,
// which the random flipbook windows use.
const (
	Lifetime             = 1
	Speed                = 2
	Spread               = 3
	Rotation             = 4
	RotSpeed             = 5
	SizeEnvelope         = 6
	TransparencyEnvelope = 7
	SquashEnvelope       = 8
	ShapeU               = 9
	ShapeV               = 10
	ShapeSign            = 11
	FlipbookStart        = 12
	FlipbookRate         = 13
	// FlipbookRandom + 32*w is the channel of random-flipbook window w.
	FlipbookRandom = 14
	// Thin is the renderer's budget thinning roll (keep a particle when its
	// roll is below the kept fraction).
	Thin = 15
	// Strip picks a particle's colour-strip row.
	Strip = 16
)
