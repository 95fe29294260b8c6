// Package component holds Ember's donburi components: what a game attaches
// to an entity to give it a particle effect.
//
// One entity carries one effect, never one particle: its [Effect]
// component holds the [emitter.Effect] (an immutable compiled snapshot plus
// the instance's seed, clock, play state and history kept as data) and a
// little metadata for gameplay and drawing. [Playing] tags the effects whose
// clock runs, so the scheduler in package system iterates those only and a
// paused effect costs nothing per update. An effect can follow donburi's
// transform (features/transform), parent chains included.
//
// [Spawn] and [SpawnFile] create a ready entity in one call. Package
// system advances the effects with one shared world clock and offers the
// gameplay controls (Emit, Play, Pause, SetTime, Restart, Find, Seek); use
// those rather than the Effect's own Play and Pause, so that the [Playing]
// tag and the timeline that world seeks replay stay in step.
//
// World levels (package emitter/world) are mounted by system.MountLevel
// as one level entity ([LevelData]: the level, its textures and its clock)
// and one entity per emitter of the level ([WorldEmitterData]), never one
// per particle.
//
// This package imports donburi but not Ebitengine: a headless server or a
// test can run a world of effects and draw it with package raster.
package component
