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

// sink collects problems while validating.
type sink struct{ list Problems }

func (s *sink) add(path, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	s.list = append(s.list, Problem{Field: path, Message: msg})
}

func (s *sink) err() error {
	if len(s.list) == 0 {
		return nil
	}
	return s.list
}

// field joins a path and a field name.
func field(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// at is path[i], the i-th element of a list.
func at(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// MaxMagnitude is the largest absolute value validation accepts for a
// position, spawn corner, velocity, acceleration, drag, scale, size,
// rotation, spin, rate or frame rate. Beyond it a value is garbage rather
// than a level, and staying far below the float32 range keeps everything
// derived from it (bounds, GPU arithmetic) finite.
const MaxMagnitude = 1e9

// number reports v unless it is finite and in [lo, hi].
func (s *sink) number(path string, v, lo, hi float64) {
	switch {
	case !finite(v):
		s.add(path, "%s is not a finite number", num(v))
	case v < lo || v > hi:
		s.add(path, "%s is out of range [%s, %s]", num(v), num(lo), num(hi))
	}
}

func (s *sink) vec3(path string, v Vec3, lo, hi float64) {
	s.number(field(path, "x"), v.X, lo, hi)
	s.number(field(path, "y"), v.Y, lo, hi)
	s.number(field(path, "z"), v.Z, lo, hi)
}

// interval checks a range's ends and that min <= max.
func (s *sink) interval(path string, r Range, lo, hi float64) {
	n := len(s.list)
	s.number(field(path, "min"), r.Min, lo, hi)
	s.number(field(path, "max"), r.Max, lo, hi)
	if len(s.list) == n && r.Min > r.Max {
		s.add(path, "min %s is greater than max %s", num(r.Min), num(r.Max))
	}
}

// interval3 checks a per-axis range: both corners, and min <= max on each
// axis.
func (s *sink) interval3(path string, r Range3, lo, hi float64) {
	n := len(s.list)
	s.vec3(field(path, "min"), r.Min, lo, hi)
	s.vec3(field(path, "max"), r.Max, lo, hi)
	if len(s.list) == n {
		s.ordered(path, r.Min, r.Max)
	}
}

// ordered reports each axis on which min exceeds max.
func (s *sink) ordered(path string, min, max Vec3) {
	for _, a := range [3]struct {
		name   string
		lo, hi float64
	}{{"x", min.X, max.X}, {"y", min.Y, max.Y}, {"z", min.Z, max.Z}} {
		if a.lo > a.hi {
			s.add(path, "min.%s %s is greater than max.%s %s", a.name, num(a.lo), a.name, num(a.hi))
		}
	}
}

func (s *sink) integer(path string, v, lo, hi int) {
	if v < lo || v > hi {
		s.add(path, "%d is out of range [%d, %d]", v, lo, hi)
	}
}

// enum reports v unless it indexes names.
func (s *sink) enum(path string, v uint8, names []string) {
	if int(v) >= len(names) {
		s.add(path, "%d is not one of %v", v, names)
	}
}
