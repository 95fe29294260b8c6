// Package emitter is Ember's pure core: it turns an effect spec, a seed and a
// clock into the exact state of every live particle.
//
// Nothing is integrated frame by frame. A particle's state is a closed-form
// function of (snapshot, seed, key, clock), so seeking, rewinding and stepping
// at any frame rate all show the same frame for the same clock. Anything that
// depends on history (bursts, the host's motion, Enabled toggles) is kept as
// data on the [Effect].
//
// The package imports no engine: rendering lives in package render.
//
// Conventions: screen space, +X right, +Y down, rotations in degrees
// clockwise. Positions are pixels relative to the host's centre. One stud
// (Roblox's distance unit) is converted to pixels from the host rectangle and
// the spec's Unit.
package emitter
