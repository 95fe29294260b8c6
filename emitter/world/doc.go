// Package world is the engine-free half of Ember's world emitters: particles
// for levels rather than for hosts on screen. A [Document] holds named
// presets placed by emitters in a Z-up world, each emitter confined to one
// convex sector; every particle is a pure function of the document, the
// emitter's seed, its slot and the level clock.
package world
