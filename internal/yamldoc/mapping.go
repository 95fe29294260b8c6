package yamldoc

import (
	"strings"

	"github.com/emberfx/ember/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// Mapping walks the pairs of mapping n at path, checking keys against
// allowed: non-scalar keys, merge keys (<<), empty and duplicate keys and
// names not in allowed are problems, an unknown name with a suggestion from
// suggest.Closest when one is close. It records each good key's line under
// Join(path, key), calls each (when not nil) for every good pair in document
// order, and returns the value nodes by key. ok is false when any key was
// bad. n must be a mapping node (see [Decoder.MappingNode]).
func (d *Decoder) Mapping(path string, n *yaml.Node, allowed []string, each func(key string, val *yaml.Node)) (vals map[string]*yaml.Node, ok bool) {
	vals = map[string]*yaml.Node{}
	keyLines := map[string]int{}
	ok = true
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		line := k.Line
		if !d.Visit(line) {
			return vals, false
		}
		k = Resolve(k)
		if k.Kind != yaml.ScalarNode {
			d.Addf(line, path, "a key is %s; keys are field names", Describe(k))
			ok = false
			continue
		}
		if k.ShortTag() == "!!merge" {
			d.Addf(line, path, "merge keys (<<) are not supported; write the fields out")
			ok = false
			continue
		}
		key := k.Value
		if key == "" {
			d.Addf(line, path, "an empty key; keys are field names")
			ok = false
			continue
		}
		field := Join(path, key)
		if first, dup := keyLines[key]; dup {
			d.Addf(line, field, "duplicate key; it is already set at line %d", first)
			ok = false
			continue
		}
		keyLines[key] = line
		if !contains(allowed, key) {
			d.unknownKey(line, path, field, key, allowed)
			ok = false
			continue
		}
		d.SetLine(field, line)
		vals[key] = v
		if each != nil {
			each(key, v)
		}
	}
	return vals, ok
}

// unknownKey reports key, not among allowed, at field.
func (d *Decoder) unknownKey(line int, path, field, key string, allowed []string) {
	msg := "unknown field"
	if path != "" {
		msg = "unknown key"
	}
	hint, foreign := d.format.Foreign[key]
	switch s := suggest.Closest(key, allowed); {
	case path == "" && foreign:
		d.Addf(line, field, "%s; %s", msg, hint)
	case s != "":
		d.Addf(line, field, "%s; did you mean %s?", msg, s)
	case path == "" && d.format.UnknownField != "":
		d.Addf(line, field, "%s; %s", msg, d.format.UnknownField)
	default:
		d.Addf(line, field, "%s; expected %s", msg, strings.Join(allowed, ", "))
	}
}

// MappingNode resolves n and checks it is a mapping, reporting "expected
// want, got ..." at path otherwise.
func (d *Decoder) MappingNode(path string, n *yaml.Node, want string) (*yaml.Node, bool) {
	line := n.Line
	if !d.Visit(line) {
		return nil, false
	}
	m := Resolve(n)
	if m.Kind != yaml.MappingNode {
		d.Addf(line, path, "expected %s, got %s", want, Describe(m))
		return nil, false
	}
	return m, true
}

// NumberFields decodes mapping m at path, whose values are numbers and whose
// keys are required or optional. A missing required key is a problem naming
// Join(path, key) at the mapping's line, ending with hint (such as "a range
// needs both Min and Max"). The result holds every key present.
func (d *Decoder) NumberFields(path string, m *yaml.Node, required, optional []string, hint string) (map[string]float64, bool) {
	allowed := append(append([]string(nil), required...), optional...)
	vals, ok := d.Mapping(path, m, allowed, nil)
	keysOK := ok
	out := map[string]float64{}
	for _, k := range allowed {
		v, present := vals[k]
		if !present {
			// A bad key is most likely the missing one misspelt: one
			// problem is enough.
			if keysOK && contains(required, k) {
				d.Addf(m.Line, Join(path, k), "missing; %s", hint)
				ok = false
			}
			continue
		}
		x, good := d.Number(Join(path, k), v)
		out[k] = x
		ok = ok && good
	}
	return out, ok
}

// Vector decodes a mapping of numbers with any subset of keys (such as X, Y,
// Z); a missing one is 0. The result has one value per key, in keys' order.
func (d *Decoder) Vector(path string, n *yaml.Node, keys []string) ([]float64, bool) {
	out := make([]float64, len(keys))
	m, ok := d.MappingNode(path, n, "{"+strings.Join(keys, ", ")+"}")
	if !ok {
		return out, false
	}
	vals, ok := d.Mapping(path, m, keys, nil)
	for i, k := range keys {
		if v, present := vals[k]; present {
			x, good := d.Number(Join(path, k), v)
			out[i] = x
			ok = ok && good
		}
	}
	return out, ok
}

// Elements walks the list n at path: it records each element's line under
// Index(path, i) and calls each with that path and the element's node; each
// reports whether the element decoded. A value that is not a list is the
// problem "expected want, got ...". Elements returns false when n is not a
// list or any element failed, and stops early once decoding has stopped.
func (d *Decoder) Elements(path string, n *yaml.Node, want string, each func(path string, item *yaml.Node) bool) bool {
	if !d.Visit(n.Line) {
		return false
	}
	r := Resolve(n)
	if r.Kind != yaml.SequenceNode {
		d.Addf(n.Line, path, "expected %s, got %s", want, Describe(r))
		return false
	}
	ok := true
	for i, item := range r.Content {
		p := Index(path, i)
		d.SetLine(p, item.Line)
		if !each(p, item) {
			ok = false
			if d.stopped {
				return false
			}
		}
	}
	return ok
}
