package emitter

import (
	"strconv"
	"strings"
)

// Problem is one thing wrong with a spec or an effect file.
type Problem struct {
	// File is the effect file's name; empty for specs built in Go.
	File string
	// Line is 1-based; 0 when unknown.
	Line int
	// Field is the path of the offending field, such as "Size[2].Time".
	Field string
	// Message says what is wrong and what is allowed.
	Message string
}

// String formats the problem as "file:line: field: message", leaving out
// the parts that are unknown.
func (p Problem) String() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(p.Line))
		}
		b.WriteString(": ")
	} else if p.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(p.Line))
		b.WriteString(": ")
	}
	if p.Field != "" {
		b.WriteString(p.Field)
		b.WriteString(": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Problems is every problem found at once, in the order found. It is the
// error type of validation and decoding.
type Problems []Problem

// Error lists the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// problemSink collects problems while validating.
type problemSink struct{ list Problems }

func (s *problemSink) add(field, format string, args ...any) {
	s.list = append(s.list, Problem{Field: field, Message: sprintf(format, args...)})
}

func (s *problemSink) err() error {
	if len(s.list) == 0 {
		return nil
	}
	return s.list
}
