package yamldoc

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/emberfx/ember/emitter"
)

// Defaults of a [Format]'s limits.
const (
	// DefaultMaxSize is the largest document accepted, in bytes.
	DefaultMaxSize = 4 << 20
	// DefaultMaxNodes bounds the values one pass visits, counting YAML
	// alias expansion: a hand-written document has a few hundred.
	DefaultMaxNodes = 100_000
	// DefaultMaxProblems bounds the problems one document reports, so
	// garbage input cannot flood the output.
	DefaultMaxProblems = 200
)

// Format describes a kind of document: its limits, and the hints that end
// the messages about a document that is not one at all. The zero value is a
// generic document with the default limits; a nil *Format is the zero value.
type Format struct {
	// Root completes the problems of a document that is empty or not a
	// mapping ("the file is empty; <Root>"), such as `an effect is a mapping
	// of field names to values, such as "Rate: 20"`. Default: "the
	// document must be a mapping of names to values".
	Root string
	// OneDocument completes "a second YAML document starts here; ...".
	// Default: "the file must hold one document".
	OneDocument string
	// SizeHint completes "the file is larger than N MiB; ...", such as
	// "an effect file is a few kilobytes". Default: nothing.
	SizeHint string
	// UnknownField completes the problem of an unknown top-level field
	// that resembles no allowed name, such as "see docs/effect-files.md
	// for the fields". Default: the list of allowed names, as for a
	// nested mapping's keys.
	UnknownField string
	// Foreign gives the problem of a top-level name that is not a field
	// but is known, such as a property another tool writes:
	// "unknown field; <Foreign[name]>". It goes before a suggestion.
	Foreign map[string]string
	// MaxSize is the largest document accepted, in bytes. Default
	// (0): DefaultMaxSize.
	MaxSize int
	// MaxNodes bounds the values one pass visits. Default (0):
	// DefaultMaxNodes.
	MaxNodes int
	// MaxTree bounds the values the parser may build, checked before it
	// builds them: YAML text is refused when an upper bound of its values,
	// counted from its indicators (see [Decoder.ParseYAML]), exceeds it,
	// and JSON stops at the first value past it. The parser's tree costs
	// about 250 bytes a value whatever the text, so this keeps a file of
	// tiny values ("[1,1,1,...]") from taking a hundred times its size.
	// Default (0): twice MaxNodes, as the count of a document written in
	// flow style ("{Time: 0, Value: 1}") is up to twice its values.
	MaxTree int
	// MaxProblems bounds the problems one pass reports; past it decoding
	// stops with one last problem saying so. Default (0): DefaultMaxProblems.
	MaxProblems int
}

// Decoder is one decoding pass over one document. It collects problems and
// the line of every field path it meets. Its methods never panic on any
// input; a Decoder is not safe for concurrent use.
type Decoder struct {
	file     string
	format   Format
	problems emitter.Problems
	lines    map[string]int // field path -> line
	rootLine int
	budget   int
	stopped  bool
}

// NewDecoder starts a pass over the document named file (the name problems
// carry), of the kind f describes (nil: a generic document).
func NewDecoder(file string, f *Format) *Decoder {
	d := &Decoder{file: file, lines: map[string]int{}}
	if f != nil {
		d.format = *f
	}
	if d.format.Root == "" {
		d.format.Root = "the document must be a mapping of names to values"
	}
	if d.format.OneDocument == "" {
		d.format.OneDocument = "the file must hold one document"
	}
	if d.format.MaxSize <= 0 {
		d.format.MaxSize = DefaultMaxSize
	}
	if d.format.MaxNodes <= 0 {
		d.format.MaxNodes = DefaultMaxNodes
	}
	if d.format.MaxTree <= 0 {
		d.format.MaxTree = 2 * d.format.MaxNodes
	}
	if d.format.MaxProblems <= 0 {
		d.format.MaxProblems = DefaultMaxProblems
	}
	d.budget = d.format.MaxNodes
	return d
}

// File is the document's name, as problems carry it.
func (d *Decoder) File() string { return d.file }

// Addf records a problem at line (1-based; 0 when unknown) about the value at
// field path, formatting its message with fmt.Sprintf. Past the format's
// MaxProblems it records one last problem saying decoding stopped, and
// decoding stops.
func (d *Decoder) Addf(line int, field, format string, args ...any) {
	if d.stopped {
		return
	}
	if len(d.problems) == d.format.MaxProblems {
		d.stopped = true
		d.problems = append(d.problems, emitter.Problem{File: d.file, Line: max(line, 0),
			Message: fmt.Sprintf("more than %d problems; decoding stopped here", d.format.MaxProblems)})
		return
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	d.problems = append(d.problems, emitter.Problem{File: d.file, Line: max(line, 0), Field: field, Message: msg})
}

// Visit spends one unit of the node budget for a value at line and reports
// whether decoding may go on. The decoding methods call it for every value
// they look at; call it in loops of your own over raw nodes.
func (d *Decoder) Visit(line int) bool {
	if d.stopped {
		return false
	}
	d.budget--
	if d.budget < 0 {
		d.Addf(line, "", "too many values (more than %d, counting YAML alias expansion); decoding stopped here", d.format.MaxNodes)
		d.stopped = true
		return false
	}
	return true
}

// Stopped reports whether decoding has stopped: too many problems or values.
func (d *Decoder) Stopped() bool { return d.stopped }

// SetLine records that the value at field path is written on line. The
// decoding methods record every mapping key they accept and every list
// element Elements walks.
func (d *Decoder) SetLine(path string, line int) { d.lines[path] = line }

// Line finds the line of a field path, trying its parents ("Size[2].Time",
// "Size[2]", "Size") and falling back to the document's first line.
func (d *Decoder) Line(path string) int {
	for path != "" {
		if l, ok := d.lines[path]; ok {
			return l
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return max(d.rootLine, 1)
}

// AddFieldProblems records problems found after decoding, such as those of
// validating the decoded value, each at the line of its Field ([Decoder.Line])
// and with this document's File. err is nil, [emitter.Problems], or any other
// error, recorded as one problem on the first line. The MaxProblems limit
// does not apply: validation reports are bounded by the value's shape.
func (d *Decoder) AddFieldProblems(err error) {
	if err == nil {
		return
	}
	var ps emitter.Problems
	if !errors.As(err, &ps) {
		d.problems = append(d.problems, emitter.Problem{File: d.file, Line: max(d.rootLine, 1), Message: err.Error()})
		return
	}
	for _, p := range ps {
		p.File = d.file
		p.Line = d.Line(p.Field)
		d.problems = append(d.problems, p)
	}
}

// Problems returns every problem recorded, sorted by line (stably: problems
// on one line keep the order they were found in).
func (d *Decoder) Problems() emitter.Problems {
	sort.SliceStable(d.problems, func(i, j int) bool { return d.problems[i].Line < d.problems[j].Line })
	return d.problems
}

// Err returns [Decoder.Problems] as an error, or nil when there is none.
func (d *Decoder) Err() error {
	if len(d.problems) == 0 {
		return nil
	}
	return d.Problems()
}

// InternalError is the one problem to report when decoding file panicked
// with v: decoders recover their own failures, and a document type's entry
// point recovers anything else with it so that no input crashes a caller.
func InternalError(file string, v any) emitter.Problems {
	return emitter.Problems{{File: file, Line: 1, Message: "internal error while decoding: " + Clip(fmt.Sprint(v))}}
}
