package world

import "github.com/emberfx/ember/internal/hash"

// Randomness of world particles. Every rolled property of a particle is a
// pure function of the emitter's Seed, the particle's birth number and a
// channel, computed with the core's stateless hash. stream and unit are the
// only two places this package calls it.

func stream(seed, index uint32) uint32 { return hash.Stream(seed, index) }

func unit(stream, channel uint32) float64 { return hash.Unit(stream, channel) }

// particleStream is the hash stream of birth number n of an emitter with
// the given seed: stream(stream(seed, hi), lo) with hi and lo the upper and
// lower 32 bits of n. Birth numbers grow without bound on a cycling
// emitter, so the upper half picks the seed of the lower half's stream
// rather than being dropped: particles 2^32 births apart differ. A GPU
// evaluator computes it from two 32-bit integers.
func particleStream(seed uint32, n uint64) uint32 {
	return stream(stream(seed, uint32(n>>32)), uint32(n))
}

// Channels of a world particle's rolls: unit(particleStream(seed, n),
// channel) is the roll in [0, 1) of one property of birth n. Each property
// has its own channel, so editing one range never moves the rolls of the
// others. World streams are keyed by birth number through particleStream,
// apart from the core's effect streams, so these numbers are independent
// of the core's channel constants.
const (
	// ChannelLifetime picks the lifetime in Preset.Lifetime.
	ChannelLifetime = 1
	// ChannelSpawnX, ChannelSpawnY and ChannelSpawnZ pick the birth
	// position in a box spawn, one axis each.
	ChannelSpawnX = 2
	ChannelSpawnY = 3
	ChannelSpawnZ = 4
	// ChannelVelocityX, ChannelVelocityY and ChannelVelocityZ pick the
	// initial velocity in Preset.Velocity, one axis each.
	ChannelVelocityX = 5
	ChannelVelocityY = 6
	ChannelVelocityZ = 7
	// ChannelRotation picks the initial rotation in Preset.Rotation.
	ChannelRotation = 8
	// ChannelSpin picks the angular speed in Preset.Spin.
	ChannelSpin = 9
	// ChannelThin decides whether a particle survives thinning: a
	// renderer over its particle budget, or thinning a far emitter, keeps
	// the particles whose roll is below the fraction it keeps, the same
	// ones at every frame and after any seek.
	ChannelThin = 10
)
