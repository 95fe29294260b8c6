package source

import (
	"math"
	"strconv"
	"strings"
)

// Row is one field of the vocabulary at its path.
type Row struct {
	// Path is the field's path in a level source with NAME for an
	// element's name and [] for a list's elements:
	// "presets[NAME].curves.size[].age".
	Path  string
	Field *Field
}

// Rows returns every field of the vocabulary, depth first in the order of
// [Fields]: a Named field, then its element ("textures[NAME]") when that is
// not a Record, then the element's fields; a List, then its Record
// element's fields ("emitters[NAME].bursts[].count").
func Rows() []Row {
	var rows []Row
	var walk func(path string, fs []Field)
	walk = func(path string, fs []Field) {
		for i := range fs {
			f := &fs[i]
			p := join(path, f.Key)
			rows = append(rows, Row{p, f})
			switch f.Type {
			case Record:
				walk(p, f.Fields)
			case Named:
				if f.Elem.Type == Record {
					walk(p+"[NAME]", f.Elem.Fields)
				} else {
					rows = append(rows, Row{p + "[NAME]", f.Elem})
				}
			case List:
				if f.Elem.Type == Record {
					walk(p+"[]", f.Elem.Fields)
				}
			}
		}
	}
	walk("", levelFields)
	return rows
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// TypeText describes the type of f as docs/world-levels.md does: "number",
// "enum: point | box", "list of vec2s", "texture name".
func TypeText(f *Field) string {
	switch f.Type {
	case Enum:
		return "enum: " + strings.Join(f.Enum, " | ")
	case Ref:
		return strings.TrimSuffix(f.Refers, "s") + " name"
	case List:
		if f.Elem.Type == Record {
			return "list of mappings"
		}
		return "list of " + TypeText(f.Elem) + "s"
	case Named:
		if f.Elem.Type == Record {
			return "named mappings"
		}
		return "named " + TypeText(f.Elem) + "s"
	}
	return f.Type.String()
}

// LimitText states f's limits: its bounds ([BoundsText]), its length and
// its rule.
func LimitText(f *Field) string {
	var parts []string
	if b := BoundsText(f); b != "" {
		parts = append(parts, b)
	}
	if f.Type == List || f.Type == Named {
		switch lo, hi := f.MinItems, f.MaxItems; {
		case lo > 0 && hi > 0:
			parts = append(parts, strconv.Itoa(lo)+" to "+strconv.Itoa(hi)+" items")
		case hi > 0:
			parts = append(parts, "at most "+strconv.Itoa(hi))
		case lo > 0:
			parts = append(parts, "at least "+strconv.Itoa(lo))
		}
	}
	if f.Rule != "" {
		parts = append(parts, f.Rule)
	}
	return strings.Join(parts, "; ")
}

// BoundsText states f's Bounds: "(0, 3600]", "1 to 4096", "each
// component in [-1e9, 1e9]"; "" for none.
func BoundsText(f *Field) string {
	b := f.Bounds
	if b == nil {
		return ""
	}
	switch f.Type {
	case Integer, Seed:
		lo, hi := b.Min, b.Max
		if b.MinOpen {
			lo++
		}
		if b.MaxOpen {
			hi--
		}
		if hi == math.MaxInt32 {
			return "at least " + formatLimit(lo)
		}
		return formatLimit(lo) + " to " + formatLimit(hi)
	case Vec2, Vec3, Range3:
		return "each component in " + intervalText(b)
	case Range:
		return "both in " + intervalText(b)
	}
	return intervalText(b)
}

func intervalText(b *Bounds) string {
	open, close := "[", "]"
	if b.MinOpen {
		open = "("
	}
	if b.MaxOpen {
		close = ")"
	}
	return open + formatLimit(b.Min) + ", " + formatLimit(b.Max) + close
}

// formatLimit writes a limit briefly: 4096, 0.5, 1e9.
func formatLimit(v float64) string {
	if v != math.Trunc(v) || math.Abs(v) >= 1e15 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	s := strconv.FormatInt(int64(v), 10)
	digits := strings.TrimLeft(s, "-")
	if z := len(digits) - len(strings.TrimRight(digits, "0")); z >= 6 {
		return s[:len(s)-z] + "e" + strconv.Itoa(z)
	}
	return s
}

// MarkdownTable returns the vocabulary as the Markdown table of
// docs/world-levels.md: one row per field of [Rows], with its type,
// default, meaning and limits.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| field | type | default | meaning | limits |\n")
	b.WriteString("| --- | --- | --- | --- | --- |\n")
	for _, r := range Rows() {
		def := r.Field.Default
		if r.Field.Required {
			def = "required"
		}
		cells := []string{"`" + r.Path + "`", TypeText(r.Field), def, r.Field.Meaning, LimitText(r.Field)}
		for i, c := range cells {
			cells[i] = strings.ReplaceAll(c, "|", "\\|")
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String()
}
