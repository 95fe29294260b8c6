// Package source is the authoring vocabulary of world levels: the Go form
// of a level source file (docs/world-levels.md) and [Compile], which turns
// it into a [world.Document].
//
// A source names what a document indexes: an emitter names its preset and
// its sector, a preset's sprite names its frames among the level's
// textures, a portal names the sector it opens on. Every field's zero value
// is its documented default, so a source lists only what differs.
//
// The package reads no files and parses no text. The table of fields
// ([Fields]) describes the YAML vocabulary for whoever does: the ember
// command decodes level files with it, and the JSON Schema of level files
// ([JSONSchema]) and the field table of docs/world-levels.md
// ([MarkdownTable]) are generated from it, so the three never disagree.
// Textures are resolved through a [TextureResolver] that the caller
// provides (the command reads image files relative to the level file).
package source

// The schema and the docs' field table are generated from the field table.
//go:generate go test -run ^TestGeneratedDocs$ -update
