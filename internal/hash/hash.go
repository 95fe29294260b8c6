// Package hash is Ember's randomness without state: every rolled property
// of a particle is a pure function of (seed, key, channel), so any particle
// can be derived at any clock without walking the ones before it
// (docs/closed-form.md, section 1).
//
// [Stream] hashes a seed and a particle key once; [Bits] and [Unit] roll one
// channel of that stream ([UnitOf] turns a kept roll into Unit's value);
// [Range], [Signed] and [Integer] map a unit roll.
// The channels an effect's particles roll are in package internal/channel;
// other particle systems choose their own. The Kage shaders compute the same
// integers (shaders/src/common.kage).
package hash

// The constants of Mix32, Stream and Bits, for code that computes them
// eight lanes at a time (emitter's lane kernel).
const (
	Golden32 = 0x9E3779B9 // added by the splitmix32 finalizer
	Phi1     = 0x9E3779B1 // spreads the particle index
	Phi2     = 0x85EBCA77 // spreads the channel
	MixMul1  = 0x21F0AAAD // the finalizer's first multiplier
	MixMul2  = 0x735A2D97 // and its second
)

// Mix32 is the splitmix32 finalizer: add the golden-ratio constant, then two
// rounds of xorshift-multiply and a final xorshift, all modulo 2^32.
func Mix32(x uint32) uint32 {
	z := x + Golden32
	z = (z ^ z>>16) * MixMul1
	z = (z ^ z>>15) * MixMul2
	return z ^ z>>15
}

// Stream returns the per-particle hash M(seed xor (index+1)*Phi1). It depends
// only on the seed and the particle key, so it is computed once per particle
// and shared by all of its channels.
func Stream(seed, index uint32) uint32 {
	return Mix32(seed ^ (index+1)*Phi1)
}

// Bits returns the raw 32-bit roll of a channel: M(stream xor (channel+1)*Phi2).
func Bits(stream, channel uint32) uint32 {
	return Mix32(stream ^ ChannelMix(channel))
}

// ChannelMix is what Bits mixes channel into a stream with: (channel+1)·Phi2.
func ChannelMix(channel uint32) uint32 { return (channel + 1) * Phi2 }

// Unit returns the roll of a channel as a number in [0, 1): Bits/2^32.
func Unit(stream, channel uint32) float64 { return UnitOf(Bits(stream, channel)) }

// UnitOf is the unit roll of the 32-bit roll bits: bits/2^32, exact.
func UnitOf(bits uint32) float64 { return float64(bits) * UnitScale }

// UnitScale is 2^-32, the unit roll of a 32-bit roll of 1.
const UnitScale = 1.0 / 4294967296.0

// Range maps a unit roll u to [lo, hi): lo + (hi-lo)*u.
func Range(lo, hi, u float64) float64 { return lo + float64((hi-lo)*u) }

// Signed maps a unit roll u to [-1, 1): 2u - 1.
func Signed(u float64) float64 { return float64(2*u) - 1 } // exact if fused: 2u - 1 of a 32-bit roll

// Integer maps a unit roll u to an integer in [lo, hi]: lo + floor(u*(hi-lo+1)).
func Integer(lo, hi int, u float64) int { return lo + int(u*float64(hi-lo+1)) }
