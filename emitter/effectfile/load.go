package effectfile

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/readfile"
	"github.com/emberfx/ember/internal/yamldoc"
)

// Limits of the effect files [Load] and [Parse] accept. An effect file is
// a few kilobytes: one with every field and sequences of
// emitter.MaxKeypoints keypoints has about 1,000 values.
const (
	// MaxSize is the largest file, in bytes.
	MaxSize = 1 << 20
	// MaxValues bounds the values decoding visits (YAML alias expansion
	// counted). The text is refused before it is parsed when it has room
	// for more than twice as many (yamldoc.Format.MaxTree), so that the
	// parser's tree, about 250 bytes a value, stays under 5 MB.
	MaxValues = 10_000
)

// format describes effect files to the document reader.
var format = yamldoc.Format{
	Root:         `an effect is a mapping of field names to values, such as "Rate: 20"`,
	OneDocument:  "an effect file holds one effect",
	SizeHint:     "an effect file is a few kilobytes",
	UnknownField: "see docs/effect-files.md for the fields",
	Foreign:      foreignFields,
	MaxSize:      MaxSize,
	MaxNodes:     MaxValues,
}

// Options configures [LoadWith] and [ParseWith]. The zero value, or nil,
// decodes as [Load] and [Parse] do.
type Options struct {
	// Check, when not nil, checks what decoding alone cannot, such as
	// whether the images the spec names can be read. It is called once the
	// file has decoded (its problems, if any, found too, unless decoding
	// stopped at a limit), with the spec as decoded. Its error is nil,
	// [emitter.Problems] whose Field names a field of the file, each then
	// reported at that field's line, or any other error, reported on the
	// file's first line.
	Check func(spec *emitter.Spec) error
}

// Load reads the effect file at path and decodes it with [Parse]. A file
// that cannot be read, or is not a regular file (a named pipe, a device), is
// one [emitter.Problem] naming the path.
func Load(path string) (emitter.Spec, error) { return LoadWith(path, nil) }

// LoadWith is [Load] with options.
func LoadWith(path string, opts *Options) (emitter.Spec, error) {
	fail := func(msg string) (emitter.Spec, error) {
		return emitter.DefaultSpec(), emitter.Problems{{File: path, Message: msg}}
	}
	data, err := readfile.Read(path, MaxSize)
	if err != nil {
		return fail("cannot read the file: " + readfile.Reason(err).Error())
	}
	return ParseWith(path, data, opts)
}

// Parse decodes one effect from data: JSON when name ends in ".json" (in
// any case), YAML otherwise. name is the file name problems carry.
//
// Decoding starts from [emitter.DefaultSpec] and overlays the fields
// present, so an omitted field keeps Roblox's default. The result is
// validated with [emitter.Spec.Validate]. On any problem the error is
// [emitter.Problems], listing every problem found (decoding and validation
// alike) sorted by line, each with File, Line and the Field path in
// Validate's format ("Size[2].Time"); the returned Spec is then the defaults
// overlaid with the fields that decoded cleanly, and should not be used. A
// field with a decoding problem keeps its default and is not validated
// further, so fixing it may reveal more. The line of a validation problem is
// that of the value its path names, or of the nearest enclosing value in the
// file. Parse never panics.
func Parse(name string, data []byte) (emitter.Spec, error) { return ParseWith(name, data, nil) }

// ParseWith is [Parse] with options.
func ParseWith(name string, data []byte, opts *Options) (emitter.Spec, error) {
	spec, d, parsed, crash := decode(name, data)
	if crash != nil {
		return emitter.DefaultSpec(), yamldoc.InternalError(name, crash)
	}
	// The check runs outside decode's recover: a panic in it is the
	// caller's.
	if parsed && opts != nil && opts.Check != nil && !d.Stopped() {
		d.AddFieldProblems(opts.Check(&spec))
	}
	return spec, d.Err()
}

// decode decodes and validates data; parsed says the document was a
// mapping. crash is the value of a panic while decoding, recovered.
func decode(name string, data []byte) (spec emitter.Spec, d *yamldoc.Decoder, parsed bool, crash any) {
	spec = emitter.DefaultSpec()
	defer func() {
		// The YAML parser recovers its own failures; this is a last line of
		// defence so that no input can crash a caller.
		if v := recover(); v != nil {
			crash = v
		}
	}()
	d = yamldoc.NewDecoder(name, &format)
	if root := d.Parse(data); root != nil {
		parsed = true
		decodeFields(d, root, &spec)
		d.AddFieldProblems(spec.Validate())
	}
	return spec, d, parsed, nil
}
