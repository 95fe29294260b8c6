// Package emitter is Ember's pure core: it turns an effect spec, a seed and a
// clock into the exact state of every live particle.
//
// Nothing is integrated frame by frame. A particle's state is a closed-form
// function of (snapshot, seed, key, clock), so seeking, rewinding and stepping
// at any frame rate all show the same frame for the same clock. Anything that
// depends on history (bursts, the host's motion, Enabled toggles) is kept as
// data on the [Effect].
//
// The package imports no engine, and reads no files: effect files are
// package effectfile's, rendering package render's. The formulas are in
// docs/closed-form.md, how a particle looks in docs/appearance.md.
//
// Where each concept lives:
//
//   - spec.go, enum.go, sequence.go, validate.go, problem.go: the [Spec]
//     (Roblox's ParticleEmitter vocabulary), its curves and its validation;
//   - snapshot.go: [Snapshot], the compiled spec and its clamps;
//     window.go: its [Constants], and the [Window] an [Effect] shows at its
//     clock (the stream's runs, the visible bursts, the [HostScale]);
//   - clock.go: [Ticks] and the one saturating rule of clock arithmetic;
//   - effect.go, burst.go, track.go, state.go: [Effect], its controls and
//     the history it keeps as data;
//   - shape.go, motion.go, derive.go: spawning, the closed-form motion, a
//     particle's placement; flipbook.go and look.go: the appearance stage
//     ([Look]) every renderer shares;
//   - eval.go, quad.go, parallel.go, cache.go: evaluation, serial or
//     split across goroutines, with its per-particle cache;
//   - bounds.go: conservative bounds for culling.
//
// The stateless hash and the channels it is rolled on are internal
// (internal/hash, internal/channel).
//
// Conventions: screen space, +X right, +Y down, rotations in degrees
// clockwise. Positions are pixels relative to the host's centre. One stud
// (Roblox's distance unit) is converted to pixels from the host rectangle and
// the spec's Unit.
package emitter
