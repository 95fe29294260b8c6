package main

import (
	"errors"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/source"
	"github.com/emberfx/ember/internal/readfile"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// maxLevelSize is the largest level source read, in bytes. A level near
// every limit (docs/world-levels.md) is a few hundred kilobytes.
const maxLevelSize = 4 << 20

// levelFormat describes level sources to the document reader. A level
// holds more values than an effect (the example at the limits has about
// 24,000 keys and values; 1,024 sectors of 64 points would be 200,000),
// and each costs a microsecond or two, so a YAML alias bomb stops within a
// second.
var levelFormat = yamldoc.Format{
	Root:         `a level is a mapping of sections, such as "presets: {}"`,
	OneDocument:  "a level file holds one level",
	SizeHint:     "a level source is at most a few hundred kilobytes",
	UnknownField: "see docs/world-levels.md for the fields",
	MaxSize:      maxLevelSize,
	MaxNodes:     500_000,
}

// levelDecoder decodes a level source by the vocabulary's field table
// (source.Fields), filling a source.Level through reflection: the table
// names each Go field, and its tests check the names and types.
type levelDecoder struct {
	d *yamldoc.Decoder
	// parsed is false when the text is not a level at all (unreadable,
	// bad syntax, not a mapping).
	parsed bool
	// unread are the paths of required fields missing from a mapping
	// that had a bad key (most likely the field, misspelt).
	unread []string
	// seen collects the table paths of the fields decoded
	// ("presets[NAME].curves.size[].age"), for the tests.
	seen map[string]bool
}

// parseLevel decodes a level source. name is the file name problems carry;
// the data is JSON when it ends in ".json", YAML otherwise. The decoder
// holds the problems found and the line of every field, for the problems
// of compiling the level. It never panics.
func (ld *levelDecoder) parse(name string, data []byte) (lv source.Level) {
	ld.d = yamldoc.NewDecoder(name, &levelFormat)
	defer func() {
		if v := recover(); v != nil {
			lv, ld.parsed = source.Level{}, false
			ld.d = yamldoc.NewDecoder(name, &levelFormat)
			ld.d.AddFieldProblems(yamldoc.InternalError(name, v))
		}
	}()
	if root := ld.d.Parse(data); root != nil {
		ld.parsed = true
		ld.record("", "", root, source.Fields(), reflect.ValueOf(&lv).Elem())
	}
	return lv
}

// read reads a level source file with parse. A file that cannot be read
// is one problem naming it.
func (ld *levelDecoder) read(path string) source.Level {
	data, err := readFile(path, maxLevelSize)
	if err != nil {
		ld.d = yamldoc.NewDecoder(path, &levelFormat)
		ld.d.Addf(0, "", "cannot read the file: %s", err)
		return source.Level{}
	}
	return ld.parse(path, data)
}

// readFile reads at most limit+1 bytes of the file at path (so that a
// decoder can tell it is too large); a named pipe or a device is refused
// without waiting on it. Its error leaves out the path.
func readFile(path string, limit int64) ([]byte, error) {
	data, err := readfile.Read(path, limit)
	return data, readfile.Reason(err)
}

// compileLevel reads, decodes and compiles the level source at path,
// reading its textures relative to the file's folder. On error it returns
// emitter.Problems, every problem of decoding and compiling at once,
// sorted by line, each "file:line: field: message".
func compileLevel(path string) (world.Document, error) {
	var ld levelDecoder
	lv := ld.read(path)
	return ld.compile(&lv, &textureFiles{dir: filepath.Dir(path)})
}

// compile compiles the level parse decoded, adding the problems to the
// decoder's at the lines of their fields. Problems at or below a field
// that had a decoding problem (a value left at its zero) are left out:
// they follow from the first.
func (ld *levelDecoder) compile(lv *source.Level, r source.TextureResolver) (world.Document, error) {
	if !ld.parsed || ld.d.Stopped() {
		return world.Document{}, ld.d.Err()
	}
	skip := ld.unread
	for _, p := range ld.d.Problems() {
		skip = append(skip, p.Field)
	}
	doc, err := source.Compile(lv, r)
	var ps world.Problems
	if errors.As(err, &ps) {
		var kept world.Problems
		for _, p := range ps {
			if !slices.ContainsFunc(skip, func(f string) bool { return below(p.Field, f) }) {
				kept = append(kept, p)
			}
		}
		err = nil
		if len(kept) > 0 {
			err = kept
		}
	}
	ld.d.AddFieldProblems(err)
	if err := ld.d.Err(); err != nil {
		return world.Document{}, err
	}
	return doc, nil
}

// below reports whether path is at or below field: "a.b[2].c" is below
// "a.b" and "a.b[2]". Every path is below the document's "".
func below(path, field string) bool {
	if field == "" || path == field {
		return true
	}
	return strings.HasPrefix(path, field) && len(path) > len(field) && (path[len(field)] == '.' || path[len(field)] == '[')
}

// keys lists the YAML keys of fields.
func keys(fields []source.Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Key
	}
	return out
}

// record decodes the mapping n at path into the struct dst by fields;
// row is the table path of the mapping.
func (ld *levelDecoder) record(path, row string, n *yaml.Node, fields []source.Field, dst reflect.Value) bool {
	d := ld.d
	names := keys(fields)
	m, ok := d.MappingNode(path, n, "a mapping of "+strings.Join(names, ", "))
	if !ok {
		return false
	}
	vals, ok := d.Mapping(path, m, names, nil)
	keysOK := ok
	var required []string
	for _, f := range fields {
		if f.Required {
			required = append(required, f.Key)
		}
	}
	for i := range fields {
		f := &fields[i]
		v, present := vals[f.Key]
		switch {
		case present:
		case f.Required && keysOK:
			d.Addf(m.Line, yamldoc.Join(path, f.Key), "missing; this mapping needs %s", strings.Join(required, ", "))
			ok = false
			continue
		case f.Required:
			ld.unread = append(ld.unread, yamldoc.Join(path, f.Key))
			continue
		default:
			continue
		}
		ld.saw(yamldoc.Join(row, f.Key))
		if !ld.value(yamldoc.Join(path, f.Key), yamldoc.Join(row, f.Key), v, f, dst.FieldByName(f.Go)) {
			ok = false
		}
	}
	return ok
}

// value decodes the value n of field f at path into dst; row is f's table
// path. It leaves dst at its zero value when the value has a problem, but
// for lists and named elements, which keep every element so that later
// paths keep their indices.
func (ld *levelDecoder) value(path, row string, n *yaml.Node, f *source.Field, dst reflect.Value) bool {
	d := ld.d
	switch f.Type {
	case source.Number:
		v, ok := d.Number(path, n)
		if ok && !ld.setZero(path, n, f, v == 0) {
			return false
		}
		if ok {
			dst.SetFloat(v)
		}
		return ok
	case source.Integer:
		v, ok := d.Integer(path, n)
		if ok && !ld.setZero(path, n, f, v == 0) {
			return false
		}
		if ok {
			dst.SetInt(int64(v))
		}
		return ok
	case source.Seed:
		v, ok := d.Number(path, n)
		switch {
		case !ok:
		case v != math.Trunc(v) || v < 0 || v > math.MaxUint32:
			d.Addf(n.Line, path, "%s is not a seed: a whole number from 0 to %d", strconv.FormatFloat(v, 'g', -1, 64), uint32(math.MaxUint32))
			ok = false
		default:
			dst.SetUint(uint64(v))
		}
		return ok
	case source.Text, source.Ref:
		v, ok := d.String(path, n)
		if ok {
			dst.SetString(v)
		}
		return ok
	case source.Enum:
		v, ok := d.Enum(path, n, f.Enum)
		if ok {
			dst.SetUint(uint64(v))
		}
		return ok
	case source.Vec2, source.Vec3:
		return ld.vector(path, n, f.Type, dst)
	case source.Range:
		return ld.interval(path, n, dst)
	case source.Range3:
		m, ok := d.MappingNode(path, n, "{min: {x, y, z}, max: {x, y, z}}")
		if !ok {
			return false
		}
		ends := map[string]string{"min": "Min", "max": "Max"}
		valuesOK := true
		_, ok = d.Mapping(path, m, []string{"min", "max"}, func(key string, v *yaml.Node) {
			valuesOK = ld.vector(yamldoc.Join(path, key), v, source.Vec3, dst.FieldByName(ends[key])) && valuesOK
		})
		return ok && valuesOK
	case source.Record:
		return ld.record(path, row, n, f.Fields, dst)
	case source.List:
		return ld.list(path, row, n, f, dst)
	case source.Named:
		return ld.named(path, row, n, f, dst)
	}
	d.Addf(n.Line, path, "internal error: the field table has type %v here", f.Type)
	return false
}

// saw records that the field at table path row was decoded.
func (ld *levelDecoder) saw(row string) {
	if ld.seen != nil {
		ld.seen[row] = true
	}
}

// setZero checks a written zero: a field whose zero stands for a default
// (scale 0 means 1) must be left out to get it.
func (ld *levelDecoder) setZero(path string, n *yaml.Node, f *source.Field, zero bool) bool {
	if !zero || !f.ZeroUnset {
		return true
	}
	ld.d.Addf(n.Line, path, "0 is out of range %s; leave the field out for its default, %s", source.BoundsText(f), f.Default)
	return false
}

var vectorKeys = map[source.Type][]string{source.Vec2: {"x", "y"}, source.Vec3: {"x", "y", "z"}}

// vector decodes {x, y[, z]} into a world.Vec2 or world.Vec3.
func (ld *levelDecoder) vector(path string, n *yaml.Node, t source.Type, dst reflect.Value) bool {
	v, ok := ld.d.Vector(path, n, vectorKeys[t])
	if ok {
		for i, k := range vectorKeys[t] {
			dst.FieldByName(strings.ToUpper(k)).SetFloat(v[i])
		}
	}
	return ok
}

// interval decodes {min, max} or one number for both into a world.Range.
func (ld *levelDecoder) interval(path string, n *yaml.Node, dst reflect.Value) bool {
	d := ld.d
	var r world.Range
	switch s := yamldoc.Resolve(n); s.Kind {
	case yaml.ScalarNode:
		if t := s.ShortTag(); t != "!!int" && t != "!!float" {
			if d.Visit(n.Line) {
				d.Addf(n.Line, path, "expected a number or {min, max}, got %s", yamldoc.Describe(s))
			}
			return false
		}
		v, ok := d.Number(path, n)
		if !ok {
			return false
		}
		r = world.Range{Min: v, Max: v}
	case yaml.MappingNode:
		m, _ := d.MappingNode(path, n, "{min, max}")
		v, ok := d.NumberFields(path, m, []string{"min", "max"}, nil, "a range needs both min and max (or one number for both)")
		if !ok {
			return false
		}
		r = world.Range{Min: v["min"], Max: v["max"]}
	default:
		if d.Visit(n.Line) {
			d.Addf(n.Line, path, "expected a number or {min, max}, got %s", yamldoc.Describe(n))
		}
		return false
	}
	dst.Set(reflect.ValueOf(r))
	return true
}

// want describes a field's value for "expected ..." problems.
func want(f *source.Field) string {
	switch f.Type {
	case source.List:
		return "a " + source.TypeText(f)
	case source.Named:
		return "a mapping of names to " + strings.TrimPrefix(source.TypeText(f), "named ")
	}
	return source.TypeText(f)
}

// list decodes a list into a slice, one element per item.
func (ld *levelDecoder) list(path, row string, n *yaml.Node, f *source.Field, dst reflect.Value) bool {
	items := yamldoc.Resolve(n).Content
	// Validation reports lists beyond the limits; allocate for no more.
	s := reflect.MakeSlice(dst.Type(), 0, min(len(items), max(f.MaxItems, 64)+1))
	ok := ld.d.Elements(path, n, want(f), func(p string, item *yaml.Node) bool {
		elem := reflect.New(dst.Type().Elem()).Elem()
		good := ld.value(p, row+"[]", item, f.Elem, elem)
		s = reflect.Append(s, elem)
		return good
	})
	dst.Set(s)
	return ok
}

// named decodes a mapping of names to elements into a slice of structs,
// in document order, each with its Name. An element's path is
// kind[name], or kind[index] when the name is not valid (validation
// reports it by that path). Duplicate names are problems.
func (ld *levelDecoder) named(path, row string, n *yaml.Node, f *source.Field, dst reflect.Value) bool {
	d := ld.d
	m, ok := d.MappingNode(path, n, want(f))
	if !ok {
		return false
	}
	var names []string
	lines := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := yamldoc.Resolve(m.Content[i]); k.Kind == yaml.ScalarNode {
			if _, dup := lines[k.Value]; !dup {
				names = append(names, k.Value)
				lines[k.Value] = m.Content[i].Line
			}
		}
	}
	s := reflect.MakeSlice(dst.Type(), 0, min(len(names), max(f.MaxItems, 64)+1))
	elemsOK := true
	_, ok = d.Mapping(path, m, names, func(name string, v *yaml.Node) {
		elemPath := path + "[" + name + "]"
		if !world.ValidName(name) {
			elemPath = yamldoc.Index(path, s.Len())
		}
		d.SetLine(elemPath, lines[name])
		elem := reflect.New(dst.Type().Elem()).Elem()
		elem.FieldByName("Name").SetString(name)
		var good bool
		if f.Elem.Type == source.Record {
			good = ld.value(elemPath, row+"[NAME]", v, f.Elem, elem)
		} else {
			ld.saw(row + "[NAME]")
			good = ld.value(elemPath, row+"[NAME]", v, f.Elem, elem.FieldByName(f.Elem.Go))
		}
		s = reflect.Append(s, elem)
		elemsOK = elemsOK && good
	})
	dst.Set(s)
	return ok && elemsOK
}
