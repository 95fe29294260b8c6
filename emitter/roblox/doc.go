// Package roblox imports Roblox Studio's ParticleEmitters as Ember effects.
//
// [Decode] reads a Studio file, XML (.rbxmx, .rbxlx) or binary (.rbxm,
// .rbxl, with LZ4- or zstd-compressed chunks), into its tree of
// [Instance] values; [DecodeAttributes] decodes an AttributesSerialize
// blob. [Import] finds every ParticleEmitter and maps it to an
// [emitter.Spec]: Roblox's property names are Ember's effect-file fields,
// missing properties take Roblox's defaults, the parent Part or Attachment
// gives the host, Spray's attributes give the extras, and every value Ember
// cannot take as it is gets fitted and noted. Each [Emitter] comes with its
// effect file (YAML, commented), named after its instance path, and a
// [Note] on what became of each property and attribute, which
// [Result.Report] prints.
//
// Decoding is strict and bounded: a malformed file is an [*Error] naming
// the byte offset, every count is checked against the bytes that remain
// before anything is allocated, and no input makes it panic. The mapping,
// the defaults and the limits are documented in docs/roblox-import.md.
//
// The package is pure Go: it imports no engine.
package roblox
