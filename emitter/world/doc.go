// Package world is the engine-free half of Ember's world emitters: particles
// for levels rather than for hosts on screen. A [Document] holds named
// presets placed by emitters in a Z-up world, each emitter confined to one
// convex sector; every particle is a pure function of the document, the
// emitter's seed, its slot and the level clock.
//
// The main flow: build or decode a document, [Compile] it (normalized yaws,
// stored [ConservativeEmitterBounds], [ValidateForWorld]), then evaluate it
// with an [Evaluator] at any level clock. [Validate] reports every broken
// rule at once as [Problems] named by source paths such as
// presets[torch].curves.size[2].age. [Schedule] and [Cycle] are the birth
// schedule in the float32 values and O(1) per-frame data a GPU evaluator
// uses; [SectorShape] is a sector's resolv polygon.
//
// docs/world.md states the rules, the limits, the schedule, the slot
// identity and hash channels, the motion, the bounds' margins and the
// sectors' containment tolerance. The package imports no engine; it uses
// resolv for the sectors' polygons.
package world
