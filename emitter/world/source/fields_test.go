package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

var update = flag.Bool("update", false, "rewrite the generated docs: the schema and the field table")

// TestFieldsMatchGoTypes walks the field table beside the Go types: each
// field names a Go field of the type its Type says, and every Go field is
// in the table (but a named element's Name, which is its key).
func TestFieldsMatchGoTypes(t *testing.T) {
	checkRecord(t, "", reflect.TypeFor[Level](), levelFields, false)
}

func checkRecord(t *testing.T, path string, typ reflect.Type, fs []Field, named bool) {
	t.Helper()
	covered := map[string]bool{}
	if named {
		if f, ok := typ.FieldByName("Name"); !ok || f.Type.Kind() != reflect.String {
			t.Errorf("%s: %v has no Name string", path, typ)
		}
		covered["Name"] = true
	}
	keys := map[string]bool{}
	for i := range fs {
		f := &fs[i]
		p := join(path, f.Key)
		if keys[f.Key] {
			t.Errorf("%s: key listed twice", p)
		}
		keys[f.Key] = true
		if !regexp.MustCompile(`^[a-z][a-z0-9_]*$`).MatchString(f.Key) {
			t.Errorf("%s: key is not lowercase snake case", p)
		}
		sf, ok := typ.FieldByName(f.Go)
		if !ok {
			t.Errorf("%s: %v has no field %q", p, typ, f.Go)
			continue
		}
		covered[f.Go] = true
		checkValue(t, p, sf.Type, f)
		if f.Meaning == "" {
			t.Errorf("%s: no meaning", p)
		}
		if f.Required == (f.Default != "") {
			t.Errorf("%s: required %v but default %q", p, f.Required, f.Default)
		}
	}
	for i := range typ.NumField() {
		if name := typ.Field(i).Name; !covered[name] {
			t.Errorf("%s: %v's field %s is not in the table", path, typ, name)
		}
	}
}

// checkValue checks that Go type typ holds what f's Type decodes.
func checkValue(t *testing.T, path string, typ reflect.Type, f *Field) {
	t.Helper()
	want := map[Type]reflect.Type{
		Number: reflect.TypeFor[float64](), Integer: reflect.TypeFor[int](), Seed: reflect.TypeFor[uint32](),
		Text: reflect.TypeFor[string](), Ref: reflect.TypeFor[string](),
		Vec2: reflect.TypeFor[world.Vec2](), Vec3: reflect.TypeFor[world.Vec3](),
		Range: reflect.TypeFor[world.Range](), Range3: reflect.TypeFor[world.Range3](),
	}
	switch f.Type {
	case Enum:
		if typ.Kind() != reflect.Uint8 || len(f.Enum) == 0 {
			t.Errorf("%s: enum of %v with names %v", path, typ, f.Enum)
			return
		}
		str, ok := typ.MethodByName("String")
		if !ok {
			t.Errorf("%s: %v has no String method", path, typ)
			return
		}
		for i, name := range f.Enum {
			v := reflect.New(typ).Elem()
			v.SetUint(uint64(i))
			if got := str.Func.Call([]reflect.Value{v})[0].String(); got != name {
				t.Errorf("%s: value %d is %q, the table says %q", path, i, got, name)
			}
		}
		v := reflect.New(typ).Elem()
		v.SetUint(uint64(len(f.Enum)))
		if got := str.Func.Call([]reflect.Value{v})[0].String(); got != "invalid" {
			t.Errorf("%s: value %d is %q, beyond the table's names", path, len(f.Enum), got)
		}
	case Record:
		if typ.Kind() != reflect.Struct {
			t.Errorf("%s: a record of %v", path, typ)
			return
		}
		checkRecord(t, path, typ, f.Fields, false)
	case List:
		if typ.Kind() != reflect.Slice {
			t.Errorf("%s: a list of %v", path, typ)
			return
		}
		checkValue(t, path+"[]", typ.Elem(), f.Elem)
	case Named:
		if typ.Kind() != reflect.Slice || typ.Elem().Kind() != reflect.Struct {
			t.Errorf("%s: named elements of %v", path, typ)
			return
		}
		if f.Elem.Type == Record {
			checkRecord(t, path+"[NAME]", typ.Elem(), f.Elem.Fields, true)
			return
		}
		elem := typ.Elem()
		sf, ok := elem.FieldByName(f.Elem.Go)
		if !ok || elem.NumField() != 2 {
			t.Errorf("%s: %v is not a Name and a field %q", path, elem, f.Elem.Go)
			return
		}
		checkValue(t, path+"[NAME]", sf.Type, f.Elem)
	default:
		w, ok := want[f.Type]
		if !ok || typ != w {
			t.Errorf("%s: a %v holds %v, want %v", path, f.Type, typ, w)
		}
	}
	switch f.Type {
	case Vec2, Vec3, Range3:
		// The schema's $defs give these one set of bounds.
		if f.Bounds != anyMagnitude {
			t.Errorf("%s: a %v bounded by %+v; the schema's definition has [-MaxMagnitude, MaxMagnitude]", path, f.Type, f.Bounds)
		}
	case Ref:
		if f.Refers != kindTextures && f.Refers != kindPresets && f.Refers != kindSectors {
			t.Errorf("%s: refers to %q", path, f.Refers)
		}
	}
}

// TestGeneratedDocs checks that docs/world-level.schema.json and the field
// table of docs/world-levels.md are what the table generates; -update
// rewrites them (go generate ./emitter/world/source).
func TestGeneratedDocs(t *testing.T) {
	const schemaFile, docsFile = "../../../docs/world-level.schema.json", "../../../docs/world-levels.md"
	const begin, end = "<!-- BEGIN generated field table: go generate ./emitter/world/source -->\n", "<!-- END generated field table -->\n"
	schema := JSONSchema()
	docs, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(docs, []byte(begin)), bytes.Index(docs, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no generated field table between %q and %q", docsFile, begin, end)
	}
	table := append(append(append([]byte{}, docs[:i+len(begin)]...), MarkdownTable()...), docs[j:]...)
	if *update {
		if err := os.WriteFile(schemaFile, schema, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(docsFile, table, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, err := os.ReadFile(schemaFile); err != nil || !bytes.Equal(got, schema) {
		t.Errorf("%s is stale (or unreadable: %v); run go generate ./emitter/world/source", schemaFile, err)
	}
	if !bytes.Equal(docs, table) {
		t.Errorf("the field table of %s is stale; run go generate ./emitter/world/source", docsFile)
	}
}

// TestSameFields checks that the schema and the docs list exactly the
// table's fields (the decoder walks the table itself).
func TestSameFields(t *testing.T) {
	var want []string
	for _, r := range Rows() {
		want = append(want, r.Path)
	}
	slices.Sort(want)

	var root map[string]any
	if err := json.Unmarshal(JSONSchema(), &root); err != nil {
		t.Fatal(err)
	}
	var inSchema []string
	var walk func(path string, s map[string]any)
	walk = func(path string, s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		for key, v := range props {
			p := join(path, key)
			inSchema = append(inSchema, p)
			sub := v.(map[string]any)
			switch sub["type"] {
			case "object":
				if elem, ok := sub["additionalProperties"].(map[string]any); ok {
					if _, rec := elem["properties"]; rec {
						walk(p+"[NAME]", elem)
					} else {
						inSchema = append(inSchema, p+"[NAME]")
					}
				} else {
					walk(p, sub)
				}
			case "array":
				if items := sub["items"].(map[string]any); items["properties"] != nil {
					walk(p+"[]", items)
				}
			}
		}
	}
	walk("", root)
	slices.Sort(inSchema)
	if !slices.Equal(inSchema, want) {
		t.Errorf("the schema's fields:\n%s\nthe table's:\n%s", strings.Join(inSchema, "\n"), strings.Join(want, "\n"))
	}

	docs, err := os.ReadFile("../../../docs/world-levels.md")
	if err != nil {
		t.Fatal(err)
	}
	var inDocs []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllSubmatch(docs, -1) {
		inDocs = append(inDocs, string(m[1]))
	}
	slices.Sort(inDocs)
	if !slices.Equal(inDocs, want) {
		t.Errorf("the docs' fields:\n%s\nthe table's:\n%s", strings.Join(inDocs, "\n"), strings.Join(want, "\n"))
	}
}

// rangeProblem matches validation's messages about a number outside its
// own range, as opposed to rules between fields.
var rangeProblem = regexp.MustCompile(`out of range|is outside \[|is not positive|is below 2\^-126|is not a (lifetime|period|document version)`)

// TestBoundsAgreeWithValidation checks the table's bounds against
// validation's, one bounded number of a valid level at a time: just
// outside its bounds Compile reports a problem at that field (so the
// schema accepts everything validation does), and on a closed bound it
// reports no range problem there (so the schema is no looser than
// validation at its ends). Values inside can still break rules between
// fields (births per emission, sector containment), which this does not
// look at.
func TestBoundsAgreeWithValidation(t *testing.T) {
	// A cycling emitter needs a positive period: 0 is for once.
	cycling := map[string]bool{"emitters[NAME].period_seconds": true}
	problemsAt := func(r Row, v float64) (path string, all, ranged []string) {
		l := testLevel()
		l.Emitters[0].Bursts = []world.Burst{{Time: 0.5, Count: 5}}
		path = setRow(t, l, r.Path, v)
		_, err := Compile(l, squares)
		var ps world.Problems
		errors.As(err, &ps)
		for _, p := range ps {
			if p.Field == path || strings.HasPrefix(p.Field, path+".") || strings.HasPrefix(p.Field, path+"[") {
				all = append(all, p.Field+": "+p.Message)
				if rangeProblem.MatchString(p.Message) {
					ranged = append(ranged, p.Field+": "+p.Message)
				}
			}
		}
		return path, all, ranged
	}
	checked := 0
	for _, r := range Rows() {
		f, b := r.Field, r.Field.Bounds
		if b == nil || f.Type == Seed || f.Type == List {
			continue
		}
		checked++
		lo, hi := b.Min, b.Max
		switch f.Type {
		case Integer:
			lo, hi = lo-1, hi+1
			if hi > math.MaxInt32 {
				hi = math.NaN()
			}
		default:
			if !b.MinOpen {
				lo = math.Nextafter(lo, math.Inf(-1))
			}
			if !b.MaxOpen {
				hi = math.Nextafter(hi, math.Inf(1))
			}
		}
		if f.ZeroUnset && lo == 0 {
			lo = -1 // 0 means the default
		}
		for _, v := range []float64{lo, hi} {
			if math.IsNaN(v) {
				continue
			}
			if path, all, _ := problemsAt(r, v); len(all) == 0 {
				t.Errorf("%s = %v (outside %s): no problem at %s", r.Path, v, LimitText(f), path)
			}
		}
		for _, end := range []struct {
			v    float64
			open bool
		}{{b.Min, b.MinOpen || cycling[r.Path] || f.ZeroUnset && b.Min == 0}, {b.Max, b.MaxOpen}} {
			if end.open {
				continue
			}
			if path, _, ranged := problemsAt(r, end.v); len(ranged) > 0 {
				t.Errorf("%s = %v (an end of %s): range problems at %s: %v", r.Path, end.v, LimitText(f), path, ranged)
			}
		}
	}
	if checked < 25 {
		t.Errorf("only %d bounded fields checked", checked)
	}
}

// setRow sets the field at a row's path in l (the first element of every
// list or kind) to v: a number, an integer, a vector's x, a range's min
// (below its bounds) or max (above). It returns the element path problems
// name it by.
func setRow(t *testing.T, l *Level, rowPath string, v float64) string {
	t.Helper()
	val, f, path := locate(l, rowPath)
	switch f.Type {
	case Number:
		val.SetFloat(v)
	case Integer:
		val.SetInt(int64(v))
	case Vec2, Vec3:
		val.FieldByName("X").SetFloat(v)
	case Range:
		if v < f.Bounds.Min {
			val.FieldByName("Min").SetFloat(v)
		} else {
			val.FieldByName("Max").SetFloat(v)
		}
	case Range3:
		if v < f.Bounds.Min {
			val.FieldByName("Min").FieldByName("X").SetFloat(v)
		} else {
			val.FieldByName("Max").FieldByName("X").SetFloat(v)
		}
	default:
		t.Fatalf("%s: cannot set a %v", rowPath, f.Type)
	}
	return path
}

// locate finds the Go value of the field at a row's path in l, in the
// first element of every enclosing kind or list, and returns it with its
// table field and the path problems name it by.
func locate(l *Level, rowPath string) (val reflect.Value, f *Field, path string) {
	val = reflect.ValueOf(l).Elem()
	fs := levelFields
	var parts []string
	for _, seg := range strings.Split(strings.ReplaceAll(strings.ReplaceAll(rowPath, "[NAME]", ".[NAME]"), "[]", ".[]"), ".") {
		switch seg {
		case "[NAME]":
			val = val.Index(0)
			parts[len(parts)-1] += "[" + val.FieldByName("Name").String() + "]"
			fs = f.Elem.Fields
		case "[]":
			val = val.Index(0)
			parts[len(parts)-1] += "[0]"
			fs = f.Elem.Fields
		default:
			f = &fs[slices.IndexFunc(fs, func(f Field) bool { return f.Key == seg })]
			val = val.FieldByName(f.Go)
			parts = append(parts, seg)
			fs = f.Fields
		}
	}
	return val, f, strings.Join(parts, ".")
}

func TestValidName(t *testing.T) {
	names := []string{"torch", "_x", "a.b-c_9", "T", "9lives", "-x", ".x", "", "two words", "ü", "a/b",
		strings.Repeat("n", world.MaxNameLength), strings.Repeat("n", world.MaxNameLength+1)}
	re := regexp.MustCompile(NamePattern)
	for _, n := range names {
		valid := world.ValidName(n)
		if re.MatchString(n) != valid {
			t.Errorf("%q: world.ValidName %v, NamePattern %v", n, valid, !valid)
		}
		// The document's validation agrees: a valid name is not reported.
		d := world.Document{Version: world.Version, Sectors: []world.Sector{{Name: n,
			Points: []world.Vec2{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}}, Ceiling: 1}}}
		err := world.Validate(&d)
		if (err == nil) != valid {
			t.Errorf("%q: world.ValidName %v, but world.Validate says %v", n, valid, err)
		}
	}
}

func TestElementPaths(t *testing.T) {
	got := ElementPaths("presets", []string{"torch", "9x", "smoke", "smoke", "fire"})
	want := []string{"presets[torch]", "presets[1]", "presets[2]", "presets[3]", "presets[fire]"}
	if !slices.Equal(got, want) {
		t.Errorf("ElementPaths = %v, want %v", got, want)
	}
}

func TestLimitText(t *testing.T) {
	cases := []struct {
		f    Field
		want string
	}{
		{Field{Type: Number, Bounds: &Bounds{Min: 0, Max: 3600, MinOpen: true}}, "(0, 3600]"},
		{Field{Type: Range, Bounds: anyMagnitude, Rule: "min <= max"}, "both in [-1e9, 1e9]; min <= max"},
		{Field{Type: Vec3, Bounds: anyMagnitude}, "each component in [-1e9, 1e9]"},
		{Field{Type: Integer, Bounds: &Bounds{Min: 1, Max: 4096}}, "1 to 4096"},
		{Field{Type: Seed, Bounds: &Bounds{Min: 0, Max: math.MaxUint32}}, "0 to 4294967295"},
		{Field{Type: Integer, Bounds: &Bounds{Min: 0, Max: math.MaxInt32}}, "at least 0"},
		{Field{Type: List, MinItems: 2, MaxItems: 4}, "2 to 4 items"},
		{Field{Type: Named, MaxItems: 64}, "at most 64"},
		{Field{Type: List, MinItems: 3}, "at least 3"},
		{Field{Type: Number, Bounds: &Bounds{Min: 0.5, Max: 1, MaxOpen: true}}, "[0.5, 1)"},
		{Field{Type: Text}, ""},
	}
	for _, c := range cases {
		if got := LimitText(&c.f); got != c.want {
			t.Errorf("LimitText(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestListLimitsAgreeWithValidation makes every list and kind of a valid
// level one element longer than its MaxItems and one shorter than its
// MinItems, one at a time, and expects a problem at it: the schema's
// lengths are no looser than validation's.
func TestListLimitsAgreeWithValidation(t *testing.T) {
	checked := 0
	for _, r := range Rows() {
		f := r.Field
		if f.Type != List && f.Type != Named {
			continue
		}
		for _, n := range []int{f.MaxItems + 1, f.MinItems - 1} {
			if n <= 0 || n == 1 && f.MaxItems == 0 {
				continue
			}
			checked++
			l := testLevel()
			l.Emitters[0].Bursts = []world.Burst{{Time: 0.5, Count: 5}}
			path := resize(t, l, r.Path, n)
			_, err := Compile(l, squares)
			var ps world.Problems
			errors.As(err, &ps)
			found := false
			for _, p := range ps {
				found = found || p.Field == path || strings.HasPrefix(p.Field, path+".") || strings.HasPrefix(p.Field, path+"[")
			}
			if !found {
				t.Errorf("%s with %d items (%s): no problem at %s; got %v", r.Path, n, LimitText(f), path, err)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d lengths checked", checked)
	}
}

// resize sets the list or kind at a row's path in l (inside the first
// element of every enclosing kind or list) to n copies of its first
// element, renamed apart for a kind, and returns the path problems name it
// by.
func resize(t *testing.T, l *Level, rowPath string, n int) string {
	t.Helper()
	val, f, path := locate(l, rowPath)
	if val.Len() == 0 {
		t.Fatalf("%s: the test level has no element to copy", rowPath)
	}
	s := reflect.MakeSlice(val.Type(), n, n)
	for i := range n {
		s.Index(i).Set(val.Index(0))
		if f.Type == Named {
			name := s.Index(i).FieldByName("Name")
			name.SetString(name.String() + "_" + strconv.Itoa(i))
		}
	}
	val.Set(s)
	return path
}
