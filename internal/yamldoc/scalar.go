package yamldoc

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/emberfx/ember/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// MaxInt bounds the integers [Decoder.Integer] accepts: far beyond any limit
// a document needs, and safe to convert to int on every platform.
const MaxInt = math.MaxInt32

// Scalar resolves n and checks it is a scalar, reporting "expected want, got
// ..." at path otherwise.
func (d *Decoder) Scalar(path string, n *yaml.Node, want string) (*yaml.Node, bool) {
	line := n.Line
	if !d.Visit(line) {
		return nil, false
	}
	n = Resolve(n)
	if n.Kind != yaml.ScalarNode {
		d.Addf(line, path, "expected %s, got %s", want, Describe(n))
		return nil, false
	}
	return n, true
}

// Number decodes a finite float64: a YAML or JSON number. NaN, infinities,
// numbers beyond float64's range and strings (even "5") are problems.
func (d *Decoder) Number(path string, n *yaml.Node) (float64, bool) {
	line := n.Line
	s, ok := d.Scalar(path, n, "a number")
	if !ok {
		return 0, false
	}
	switch s.ShortTag() {
	case "!!int", "!!float":
		var v float64
		if err := s.Decode(&v); err != nil {
			if tooLarge(s.Value) {
				d.Addf(line, path, "%s is too large; it is not a finite number", Clip(s.Value))
			} else {
				d.Addf(line, path, "%s is not a number", strconv.Quote(Clip(s.Value)))
			}
			return 0, false
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			d.Addf(line, path, "%s is not a finite number", Clip(s.Value))
			return 0, false
		}
		return v, true
	case "!!str":
		if s.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && tooLarge(s.Value) {
			d.Addf(line, path, "%s is too large; it is not a finite number", Clip(s.Value))
			return 0, false
		}
	}
	d.Addf(line, path, "expected a number, got %s", Describe(s))
	return 0, false
}

// tooLarge reports whether s is a number beyond float64's range, such as 1e400.
func tooLarge(s string) bool {
	_, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return errors.Is(err, strconv.ErrRange)
}

// Integer decodes a whole number (written as an integer or as a whole
// float, such as 2e2) in [-MaxInt, MaxInt].
func (d *Decoder) Integer(path string, n *yaml.Node) (int, bool) {
	v, ok := d.Number(path, n)
	if !ok {
		return 0, false
	}
	if v != math.Trunc(v) {
		d.Addf(n.Line, path, "%s is not a whole number", formatNumber(v))
		return 0, false
	}
	if math.Abs(v) > MaxInt {
		d.Addf(n.Line, path, "%s is out of range [%d, %d]", formatNumber(v), -MaxInt, MaxInt)
		return 0, false
	}
	return int(v), true
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Bool decodes true or false (not YAML 1.1's yes, on or 1).
func (d *Decoder) Bool(path string, n *yaml.Node) (bool, bool) {
	line := n.Line
	s, ok := d.Scalar(path, n, "true or false")
	if !ok {
		return false, false
	}
	if s.ShortTag() == "!!bool" {
		var v bool
		if err := s.Decode(&v); err == nil {
			return v, true
		}
	}
	d.Addf(line, path, "expected true or false, got %s", Describe(s))
	return false, false
}

// String decodes a string. An unquoted number or boolean is a problem that
// says to quote it.
func (d *Decoder) String(path string, n *yaml.Node) (string, bool) {
	line := n.Line
	s, ok := d.Scalar(path, n, "a string")
	if !ok {
		return "", false
	}
	switch s.ShortTag() {
	case "!!str":
		return s.Value, true
	case "!!int", "!!float", "!!bool":
		d.Addf(line, path, "expected a string, got %s (quote it)", Describe(s))
	default:
		d.Addf(line, path, "expected a string, got %s", Describe(s))
	}
	return "", false
}

// Enum decodes one of names, exactly (case-sensitive), and returns its index
// in names. An unknown name is a problem listing names, with a suggestion
// when one is close.
func (d *Decoder) Enum(path string, n *yaml.Node, names []string) (int, bool) {
	line := n.Line
	list := strings.Join(names, "|")
	s, ok := d.Scalar(path, n, "one of "+list)
	if !ok {
		return 0, false
	}
	if s.ShortTag() == "!!str" {
		for i, name := range names {
			if name == s.Value {
				return i, true
			}
		}
		if g := suggest.Closest(s.Value, names); g != "" {
			d.Addf(line, path, "unknown value %s; did you mean %s? (one of %s)", strconv.Quote(Clip(s.Value)), g, list)
		} else {
			d.Addf(line, path, "unknown value %s; expected one of %s", strconv.Quote(Clip(s.Value)), list)
		}
		return 0, false
	}
	d.Addf(line, path, "expected one of %s, got %s", list, Describe(s))
	return 0, false
}
