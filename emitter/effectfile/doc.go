// Package effectfile reads effect files: YAML, or JSON when the name ends
// in ".json", whose fields are Roblox ParticleEmitter property names
// (docs/effect-files.md lists every field, its value kind and default).
//
// [Load] and [Parse] decode a file into an [emitter.Spec], starting from
// [emitter.DefaultSpec], and report every problem at once as
// [emitter.Problems], each "file:line: field: message". The file's text, its
// syntax and the generic value kinds (numbers, integers, booleans, strings,
// enums, vectors) are read by package internal/yamldoc; this package holds
// what is particular to effects: the table of fields (fields.go) and the
// decoders of ranges, sequences and colours (values.go). [LoadWithImages]
// also loads the images the file names (package texture), reporting their
// problems with the file's others, at their fields' lines.
package effectfile

//go:generate go test -run ^(TestGeneratedDocs|TestStreakPicture)$ -update
