package world

import (
	"fmt"
	"math"
	"strconv"

	"github.com/emberfx/ember/emitter"
)

// Problem is one thing wrong with a document. Its Field is the element's
// path in the source vocabulary's lowercase names, such as
// "presets[torch].curves.size[2].age" or "emitters[3].period_seconds": an
// element appears by its name when it has a valid, unique one and by its
// index otherwise. File and Line are left for the caller that knows where
// the element was written (the CLI maps paths to lines of a level source).
type Problem = emitter.Problem

// Problems is every problem found at once, in the order found: the error
// type of validation.
type Problems = emitter.Problems

// sink collects problems while validating. It keeps the path of the
// element being checked in a reused buffer, entered and left field by
// field, and turns it into a string only for a problem: checking a valid
// document builds no paths.
type sink struct {
	list Problems
	path []byte
}

// enter appends a field name to the path and returns the mark to leave
// it by.
func (s *sink) enter(name string) int {
	n := len(s.path)
	if n > 0 {
		s.path = append(s.path, '.')
	}
	s.path = append(s.path, name...)
	return n
}

// enterIndex appends [i] to the path.
func (s *sink) enterIndex(i int) int {
	n := len(s.path)
	s.path = append(s.path, '[')
	s.path = strconv.AppendInt(s.path, int64(i), 10)
	s.path = append(s.path, ']')
	return n
}

// leave returns the path to what it was at mark.
func (s *sink) leave(mark int) { s.path = s.path[:mark] }

// add reports a problem at the current path.
func (s *sink) add(format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	s.list = append(s.list, Problem{Field: string(s.path), Message: msg})
}

// addAt reports a problem at field name of the current path.
func (s *sink) addAt(name, format string, args ...any) {
	m := s.enter(name)
	s.add(format, args...)
	s.leave(m)
}

func (s *sink) err() error {
	if len(s.list) == 0 {
		return nil
	}
	return s.list
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// MaxMagnitude is the largest absolute value validation accepts for a
// position, spawn corner, velocity, acceleration, drag, scale, size,
// rotation, spin, rate or frame rate. Beyond it a value is garbage rather
// than a level, and staying far below the float32 range keeps everything
// derived from it (bounds, GPU arithmetic) finite.
const MaxMagnitude = 1e9

// number reports field name unless v is finite and in [lo, hi].
func (s *sink) number(name string, v, lo, hi float64) {
	switch {
	case !finite(v):
		s.addAt(name, "%s is not a finite number", num(v))
	case v < lo || v > hi:
		s.addAt(name, "%s is out of range [%s, %s]", num(v), num(lo), num(hi))
	}
}

func (s *sink) vec3(name string, v Vec3, lo, hi float64) {
	m := s.enter(name)
	s.number("x", v.X, lo, hi)
	s.number("y", v.Y, lo, hi)
	s.number("z", v.Z, lo, hi)
	s.leave(m)
}

// interval checks a range's ends and that min <= max.
func (s *sink) interval(name string, r Range, lo, hi float64) {
	m, n := s.enter(name), len(s.list)
	s.number("min", r.Min, lo, hi)
	s.number("max", r.Max, lo, hi)
	if len(s.list) == n && r.Min > r.Max {
		s.add("min %s is greater than max %s", num(r.Min), num(r.Max))
	}
	s.leave(m)
}

// interval3 checks a per-axis range: both corners, and min <= max on each
// axis.
func (s *sink) interval3(name string, r Range3, lo, hi float64) {
	m, n := s.enter(name), len(s.list)
	s.vec3("min", r.Min, lo, hi)
	s.vec3("max", r.Max, lo, hi)
	if len(s.list) == n {
		s.ordered(r.Min, r.Max)
	}
	s.leave(m)
}

// ordered reports, at the current path, each axis on which min exceeds
// max.
func (s *sink) ordered(min, max Vec3) {
	for _, a := range [3]struct {
		name   string
		lo, hi float64
	}{{"x", min.X, max.X}, {"y", min.Y, max.Y}, {"z", min.Z, max.Z}} {
		if a.lo > a.hi {
			s.add("min.%s %s is greater than max.%s %s", a.name, num(a.lo), a.name, num(a.hi))
		}
	}
}

func (s *sink) integer(name string, v, lo, hi int) {
	if v < lo || v > hi {
		s.addAt(name, "%d is out of range [%d, %d]", v, lo, hi)
	}
}

// enum reports field name unless v indexes names.
func (s *sink) enum(name string, v uint8, names []string) {
	if int(v) >= len(names) {
		s.addAt(name, "%d is not one of %v", v, names)
	}
}
