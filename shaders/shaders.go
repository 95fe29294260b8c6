// Package shaders holds Ember's Kage shader sources, embedded from the .kage
// files next to this one. It imports no engine: package render compiles the
// sources with Ebitengine, and tools can read them as plain text.
//
// The .kage files here are generated (go generate ./shaders) from one
// source in src/: each shader's own file, the helpers and appearance stage
// both share (src/common.kage), and constants generated from the Go
// declarations the shaders must agree with (internal/rowlayout,
// internal/channel, emitter's enums); see internal/codegen/kage. Edit the
// files in src/, never the generated ones: a test fails when they are
// stale.
package shaders

import _ "embed"

//go:generate go run gen.go

// Particle is the source of the batched particle shader (particle.kage). It
// evaluates a particle's appearance per fragment as docs/appearance.md
// describes: the transparency curve and its envelope roll, the colour curve
// and colour strip, tone mapping, LightInfluence, the flipbook cell with
// hand-made bilinear sampling and crossfade, and the blend modes with
// Roblox's LightEmission hybrid. Package render documents its inputs: the
// vertex layout and the data row of each effect.
//
//ebitengine:shaderfile
//go:embed particle.kage
var Particle []byte

// Effect is the source of the GPU-evaluated effect shader (effect.kage):
// one quad over an effect's bounds whose fragments walk the effect's live
// window, evaluate each candidate particle from the closed form (hash,
// lifetime, spawn shape and spread, drag motion, size, squash and
// rotation) and its appearance as Particle does, and composite the
// particles in the batched order. Package render documents its inputs:
// the vertex values, the instance and motion rows.
//
//ebitengine:shaderfile
//go:embed effect.kage
var Effect []byte

// Pos is the source of the GPU path's position pass (pos.kage): each
// candidate of an effect's live window evaluated once from the closed
// form, its centre written as one exact word into the positions image the
// bin pass reads.
//
//ebitengine:shaderfile
//go:embed pos.kage
var Pos []byte

// Bin is the source of the GPU path's bin pass (bin.kage): per tile of an
// effect's quad and per group of 32 candidates, a 32-bit mask of the
// candidates whose conservative footprint touches the tile (from their
// position words), written as
// exact bytes into the mask image the effect shader reads. Package render
// documents the layout (internal/rowlayout's Bin constants).
//
//ebitengine:shaderfile
//go:embed bin.kage
var Bin []byte

// Job is the source of the GPU path's job pass (job.kage): it writes each
// effect's per-frame job row, the values the bin pass and the effect
// shader walk with, from vertex values into the job image, so that the
// CPU uploads no pixels per frame.
//
//ebitengine:shaderfile
//go:embed job.kage
var Job []byte

// World is the source of the batched world emitters' shader (world.kage):
// each particle of a level is a quad whose corners the CPU projects through
// a world camera; the shader samples the particle's flipbook frame, lights
// it with its preset's colour curve at its normalized age and blends it as
// the preset's mode says (docs/world.md, "Drawing"). Package render
// documents its inputs: the vertex values and the preset row.
//
//ebitengine:shaderfile
//go:embed world.kage
var World []byte

// WorldPos is the source of the world GPU path's position pass
// (worldpos.kage): each slot of a world emitter evaluated once from the
// closed form (schedule, hash rolls, lifetime, drag motion, walls: kill
// impact, thinning), its projected centre written as one exact word into
// the positions image the bin pass (Bin) reads.
//
//ebitengine:shaderfile
//go:embed worldpos.kage
var WorldPos []byte

// WorldShade is the source of the world GPU path's shade pass
// (worldshade.kage): one quad over a world emitter's projected bounds,
// each fragment walking the slots its tile's bins name in slot order,
// evaluating each (motion, size, rotation, frame) and its appearance as
// World does, composited in the batched path's order. Package render
// documents its inputs (world_gpu.go).
//
//ebitengine:shaderfile
//go:embed worldshade.kage
var WorldShade []byte

// Source is a named shader source.
type Source struct {
	// Name is the file name, for example "particle.kage".
	Name string
	// Src is the Kage source.
	Src []byte
}

// All returns every shader of the package, for compile tests and tools.
func All() []Source {
	return []Source{{Name: "particle.kage", Src: Particle}, {Name: "effect.kage", Src: Effect}, {Name: "pos.kage", Src: Pos}, {Name: "bin.kage", Src: Bin}, {Name: "job.kage", Src: Job}, {Name: "world.kage", Src: World}, {Name: "worldpos.kage", Src: WorldPos}, {Name: "worldshade.kage", Src: WorldShade}}
}
