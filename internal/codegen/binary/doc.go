// Package binary generates bounded binary codecs from a small declarative
// schema. Ember's KWP1 codec of world levels (emitter/world/kwp1) is
// generated from emitter/world/kwp1/kwp1.schema; docs/kwp1.md describes
// the format it produces.
//
// # Schema
//
// A schema is line-based text; '#' starts a comment. Unindented lines are
// directives, indented lines belong to the enum, record or document above:
//
//	package NAME                 the generated file's package
//	import ALIAS PATH            a package the Go types live in
//	magic XXXX                   the format's four ASCII bytes
//	version N                    the format version, 1 to 65535
//	const Name VALUE  # what     an exported limit (the comment documents it)
//	string KIND u8|u16 MAX       a length-prefixed UTF-8 string kind
//	enum Name GoType             a one-byte enum; its lines: VALUE name GoConst
//	record Name GoType           a Go struct; its lines are fields
//	document GoType TAG          the root; its scalar fields fill section TAG
//
// A field line is "wire-name GoField type". Wire names make the element
// paths of errors (emitters[3].bounds.min.x). The types are
//
//	f64                   IEEE 754 binary64 (the codec requires it finite)
//	u8|u16|u32 GOTYPE     an unsigned little-endian integer in a Go integer type
//	bytes N               N raw bytes in a Go [N]byte
//	string KIND           a string of a declared kind
//	Name                  an enum or record
//	list u8|u16 MAX ELEM  a count of at most MAX, then that many ELEMs (not lists)
//	section TAG MAX REC   (document fields only) a section of at most MAX RECs
//
// A string field may end in "key": it names its record in element paths
// (presets[torch].drag rather than presets[2].drag), the way the model's
// validation names records.
//
// MAX is an integer, a const of the schema, or a qualified Go constant
// (world.MaxFrames); the generated code does not compile when a Go
// constant overflows its count.
//
// # Generated code
//
// For every enum, record and the document, the generator writes three
// functions: scanX checks a value without keeping it (every count against
// its limit and the bytes left, every enum, float and string) and counts
// list elements; decodeX materializes a scanned value, cutting lists from
// one pool per element type; appendX encodes a value. They call a runtime
// the target package writes by hand: the types scanner, decoder, writer
// and sectionSpec, and the generic functions take and alloc, with these
// methods:
//
//	scanner: ok, push, pop, f64, uint, bytes, str, count, failLast,
//	         section, endSection, and a field totals of the generated type
//	decoder: u8, u16, u32, f64, bytes, str, section, and a field pools
//	writer:  push, pop, f64, uint, int, bytes, str, count, fail,
//	         section, endSection
//
// The generated file also holds the magic, the format version, the
// schema's constants and sectionSpecs, the sections in their fixed order.
package binary
