package kwp1

import (
	"fmt"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a KWP1 file, or with a document Encode
// refuses.
type Problem struct {
	// Offset is the byte offset in the file of what is wrong: the first
	// byte of the field, or of what is missing or left over. It is -1 for
	// a document being encoded, which has no bytes yet.
	Offset int
	// Field is the element path of the field, such as
	// "emitters[3].bounds.min.x" or "header.flags".
	Field string
	// Message says what is wrong and what is allowed.
	Message string
}

// String formats the problem as "offset N: field: message", leaving out
// the offset of a document being encoded and an empty field.
func (p Problem) String() string {
	s := p.Message
	if p.Field != "" {
		s = p.Field + ": " + s
	}
	if p.Offset >= 0 {
		s = "offset " + strconv.Itoa(p.Offset) + ": " + s
	}
	return s
}

// Error is the error of Decode and Encode: a malformed file stops at its
// first problem; a document that fails validation lists every problem
// validation found.
type Error struct {
	Problems []Problem
	// Validation is the world package's validation error the problems
	// come from, or nil when the bytes themselves are malformed.
	Validation error
}

// Error lists the problems, one per line, each starting with "kwp1: ".
func (e *Error) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = "kwp1: " + p.String()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the validation error, so errors.As finds the world
// package's problems.
func (e *Error) Unwrap() error { return e.Validation }

// problemf makes a Problem at off.
func problemf(off int, field, format string, args ...any) *Problem {
	return &Problem{Offset: off, Field: field, Message: fmt.Sprintf(format, args...)}
}

// frame is one step of an element path: a field name, and the index of a
// list element or section record (-1 for none). When locating, a record
// with a key field also has its start offset and key.
type frame struct {
	name  string
	index int
	start int
	key   string
}

// appendPath writes the path of frames, then field, to b. byKey names
// records that have a key by it instead of their index.
func appendPath(b []byte, frames []frame, field string, byKey bool) []byte {
	for i, f := range frames {
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, f.name...)
		switch {
		case byKey && f.key != "":
			b = append(b, '[')
			b = append(b, f.key...)
			b = append(b, ']')
		case f.index >= 0:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
		}
	}
	if field != "" {
		if len(frames) > 0 {
			b = append(b, '.')
		}
		b = append(b, field...)
	}
	return b
}
