package yamldoc

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"go.yaml.in/yaml/v3"
)

// walk decodes any document generically: every mapping against the keys
// allowed, every scalar by its tag, every list element by element. It is
// what a document type built on the package does, without the type.
func walk(d *Decoder, path string, n *yaml.Node, allowed []string) {
	switch r := Resolve(n); r.Kind {
	case yaml.MappingNode:
		d.Mapping(path, r, allowed, func(key string, v *yaml.Node) { walk(d, Join(path, key), v, allowed) })
	case yaml.SequenceNode:
		d.Elements(path, n, "a list", func(p string, item *yaml.Node) bool { walk(d, p, item, allowed); return true })
	default:
		switch r.ShortTag() {
		case "!!int":
			d.Integer(path, n)
		case "!!float":
			d.Number(path, n)
		case "!!bool":
			d.Bool(path, n)
		default:
			d.String(path, n)
		}
	}
}

// problems decodes src with walk and returns its problems, one string each.
func problems(name, src string, f *Format, allowed ...string) []string {
	d := NewDecoder(name, f)
	if root := d.Parse([]byte(src)); root != nil {
		walk(d, "", root, allowed)
	}
	var out []string
	for _, p := range d.Problems() {
		out = append(out, p.String())
	}
	return out
}

func TestFormatHints(t *testing.T) {
	hinted := &Format{Root: "a lamp is a mapping", OneDocument: "a lamp file holds one lamp",
		SizeHint: "lamps are small", UnknownField: "see lamps.md", MaxSize: 64,
		Foreign: map[string]string{"wats": "a property of bulbs, not lamps", "bulb": "a lamp's bulb is set by the shop"}}
	cases := []struct {
		name   string
		file   string
		src    string
		format *Format
		want   []string
	}{
		{"empty generic", "a.yaml", "", nil, []string{"a.yaml:1: the file is empty; the document must be a mapping of names to values"}},
		{"empty hinted", "a.yaml", " \n", hinted, []string{"a.yaml:1: the file is empty; a lamp is a mapping"}},
		{"comment only", "a.yaml", "# x\n", hinted, []string{"a.yaml:1: the file has no content; a lamp is a mapping"}},
		{"list root", "a.json", "\n[1]", hinted, []string{"a.json:2: the document is a list; a lamp is a mapping"}},
		{"two documents generic", "a.yaml", "a: 1\n---\na: 2\n", nil, []string{"a.yaml:2: a second YAML document starts here; the file must hold one document"}},
		{"two documents hinted", "a.yaml", "a: 1\n---\na: 2\n", hinted, []string{"a.yaml:2: a second YAML document starts here; a lamp file holds one lamp"}},
		{"too large in bytes", "a.yaml", strings.Repeat("#", 65), hinted, []string{"a.yaml:1: the file is larger than 64 bytes; lamps are small"}},
		{"too large in MiB", "a.yaml", strings.Repeat(" ", 1<<20+1), &Format{MaxSize: 1 << 20}, []string{"a.yaml:1: the file is larger than 1 MiB"}},
		{"unknown top-level field generic", "a.yaml", "watt: 1\nwhat: 2\n", nil, []string{
			"a.yaml:1: watt: unknown field; did you mean watts?",
			"a.yaml:2: what: unknown field; expected name, watts",
		}},
		{"unknown top-level field hinted", "a.yaml", "what: 2\n", hinted, []string{"a.yaml:1: what: unknown field; see lamps.md"}},
		{"unknown nested key hinted", "a.yaml", "name: {what: 2}\n", hinted, []string{"a.yaml:1: name.what: unknown key; expected name, watts"}},
		// A foreign name's hint goes before the suggestion ("wats" is one
		// letter from "watts"), and only at the top level.
		{"foreign top-level field", "a.yaml", "wats: 1\nbulb: 2\n", hinted, []string{
			"a.yaml:1: wats: unknown field; a property of bulbs, not lamps",
			"a.yaml:2: bulb: unknown field; a lamp's bulb is set by the shop",
		}},
		{"foreign name nested", "a.yaml", "name: {bulb: 2}\n", hinted, []string{"a.yaml:1: name.bulb: unknown key; expected name, watts"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := problems(c.file, c.src, c.format, "name", "watts")
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestJSONLines checks the JSON tree carries the line of every value, and
// that JSON and YAML texts of one document decode alike.
func TestJSONLines(t *testing.T) {
	src := "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    \"x\\/y\"\n  ],\n  \"c\": {\"d\": null}\n}\n"
	d := NewDecoder("lines.json", nil)
	root := d.Parse([]byte(src))
	if root == nil {
		t.Fatal(d.Err())
	}
	cases := []struct {
		name     string
		node     *yaml.Node
		line     int
		tag, val string
	}{
		{"root", root, 1, "!!map", ""},
		{"key a", root.Content[0], 2, "!!str", "a"},
		{"integer", root.Content[1], 2, "!!int", "1"},
		{"list", root.Content[3], 3, "!!seq", ""},
		{"boolean", root.Content[3].Content[0], 4, "!!bool", "true"},
		{"escaped string", root.Content[3].Content[1], 5, "!!str", "x/y"},
		{"null", root.Content[5].Content[1], 7, "!!null", "null"},
	}
	for _, c := range cases {
		if c.node.Line != c.line || c.node.ShortTag() != c.tag || c.node.Value != c.val {
			t.Errorf("%s: line %d tag %s value %q, want line %d tag %s value %q", c.name, c.node.Line, c.node.ShortTag(), c.node.Value, c.line, c.tag, c.val)
		}
	}
}

func TestScalars(t *testing.T) {
	names := []string{"Alpha", "Beta", "Gamma"}
	cases := []struct {
		name, src string
		decode    func(d *Decoder, n *yaml.Node) (any, bool)
		want      any
		problem   string
	}{
		{"number", "v: 2.5", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Number("v", n) }, 2.5, ""},
		{"number hex", "v: 0x10", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Number("v", n) }, 16.0, ""},
		{"number NaN", "v: .nan", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Number("v", n) }, 0.0, "t.yaml:1: v: .nan is not a finite number"},
		{"number too large", "v: 1e400", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Number("v", n) }, 0.0, "t.yaml:1: v: 1e400 is too large; it is not a finite number"},
		{"number quoted", `v: "5"`, func(d *Decoder, n *yaml.Node) (any, bool) { return d.Number("v", n) }, 0.0, `t.yaml:1: v: expected a number, got the string "5"`},
		{"integer whole float", "v: 2e2", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Integer("v", n) }, 200, ""},
		{"integer fraction", "v: 1.5", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Integer("v", n) }, 0, "t.yaml:1: v: 1.5 is not a whole number"},
		{"integer beyond MaxInt", "v: 2147483648", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Integer("v", n) }, 0, "t.yaml:1: v: 2.147483648e+09 is out of range [-2147483647, 2147483647]"},
		{"integer at MaxInt", "v: -2147483647", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Integer("v", n) }, -2147483647, ""},
		{"bool", "v: false", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Bool("v", n) }, false, ""},
		{"bool yes", "v: yes", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Bool("v", n) }, false, `t.yaml:1: v: expected true or false, got the string "yes"`},
		{"string", "v: a b", func(d *Decoder, n *yaml.Node) (any, bool) { return d.String("v", n) }, "a b", ""},
		{"string unquoted number", "v: 5", func(d *Decoder, n *yaml.Node) (any, bool) { return d.String("v", n) }, "", "t.yaml:1: v: expected a string, got the number 5 (quote it)"},
		{"string list", "v: [a]", func(d *Decoder, n *yaml.Node) (any, bool) { return d.String("v", n) }, "", "t.yaml:1: v: expected a string, got a list"},
		{"enum", "v: Gamma", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Enum("v", n, names) }, 2, ""},
		{"enum misspelt", "v: gama", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Enum("v", n, names) }, 0, `t.yaml:1: v: unknown value "gama"; did you mean Gamma? (one of Alpha|Beta|Gamma)`},
		{"enum unknown", "v: Quux", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Enum("v", n, names) }, 0, `t.yaml:1: v: unknown value "Quux"; expected one of Alpha|Beta|Gamma`},
		{"vector partial", "v: {y: 3}", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Vector("v", n, []string{"x", "y"}) }, []float64{0, 3}, ""},
		{"vector scalar", "v: 3", func(d *Decoder, n *yaml.Node) (any, bool) { return d.Vector("v", n, []string{"x", "y"}) }, []float64{0, 0}, "t.yaml:1: v: expected {x, y}, got the number 3"},
		{"number fields missing", "v: {lo: 1}", func(d *Decoder, n *yaml.Node) (any, bool) {
			return d.NumberFields("v", Resolve(n), []string{"lo", "hi"}, nil, "a span needs lo and hi")
		}, map[string]float64{"lo": 1}, "t.yaml:1: v.hi: missing; a span needs lo and hi"},
		{"elements", "v: [1, x, 3]", func(d *Decoder, n *yaml.Node) (any, bool) {
			var out []float64
			ok := d.Elements("v", n, "a list of numbers", func(p string, item *yaml.Node) bool {
				x, ok := d.Number(p, item)
				out = append(out, x)
				return ok
			})
			return out, ok
		}, []float64{1, 0, 3}, `t.yaml:1: v[1]: expected a number, got the string "x"`},
		{"elements not a list", "v: 1", func(d *Decoder, n *yaml.Node) (any, bool) {
			return nil, d.Elements("v", n, "a list of numbers", func(string, *yaml.Node) bool { return true })
		}, nil, "t.yaml:1: v: expected a list of numbers, got the number 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewDecoder("t.yaml", nil)
			root := d.Parse([]byte(c.src))
			if root == nil {
				t.Fatal(d.Err())
			}
			got, ok := c.decode(d, root.Content[1])
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("value %#v, want %#v", got, c.want)
			}
			if ok != (c.problem == "") {
				t.Errorf("ok %v with problems %v", ok, d.Err())
			}
			gotProblem := ""
			if err := d.Err(); err != nil {
				gotProblem = err.Error()
			}
			if gotProblem != c.problem {
				t.Errorf("problem %q, want %q", gotProblem, c.problem)
			}
		})
	}
}

// TestLimits checks garbage cannot flood the output or run long: problems
// stop at MaxProblems, values at MaxNodes (counting alias expansion).
func TestLimits(t *testing.T) {
	var many strings.Builder
	for i := range 30 {
		many.WriteString("k" + strconv.Itoa(i) + ": 1\n")
	}
	got := problems("many.yaml", many.String(), &Format{MaxProblems: 5})
	if len(got) != 6 || got[5] != "many.yaml:6: more than 5 problems; decoding stopped here" {
		t.Errorf("problems past MaxProblems: %q", got)
	}

	// Ten aliases of a list of ten lists of ten: over 1,000 values from a
	// few lines.
	bomb := "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
	got = problems("bomb.yaml", bomb, &Format{MaxNodes: 500}, "a", "b", "c")
	// The budget runs out inside an expansion of *a, whose values are on
	// line 1.
	want := "bomb.yaml:1: too many values (more than 500, counting YAML alias expansion); decoding stopped here"
	if len(got) != 1 || got[0] != want {
		t.Errorf("alias bomb: %q, want [%q]", got, want)
	}
	if got := problems("bomb.yaml", bomb, nil, "a", "b", "c"); len(got) != 0 {
		t.Errorf("the same document within the default budget: %q", got)
	}
}

func TestAddFieldProblems(t *testing.T) {
	d := NewDecoder("v.yaml", nil)
	root := d.Parse([]byte("a:\n  b: [1,\n    2]\nc: 3\n"))
	walk(d, "", root, []string{"a", "b", "c"})
	d.AddFieldProblems(emitter.Problems{
		{Field: "c", Message: "c is wrong"},
		{Field: "a.b[1]", Message: "the second element is wrong"},
		{Field: "a.z", Message: "a missing key lands on its parent"},
		{Field: "", Message: "the whole document"},
	})
	d.AddFieldProblems(errors.New("not a list of problems"))
	want := []string{
		"v.yaml:1: a.z: a missing key lands on its parent",
		"v.yaml:1: the whole document",
		"v.yaml:1: not a list of problems",
		"v.yaml:3: a.b[1]: the second element is wrong",
		"v.yaml:4: c: c is wrong",
	}
	var got []string
	for _, p := range d.Problems() {
		got = append(got, p.String())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if NewDecoder("x", nil).Err() != nil {
		t.Error("a fresh decoder reports an error")
	}
}

func TestInternalError(t *testing.T) {
	got := InternalError("x.yaml", fmt.Errorf("%s", strings.Repeat("a", 50))).Error()
	if want := "x.yaml:1: internal error while decoding: " + strings.Repeat("a", 40) + "…"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestByteOrderMark: a UTF-8 byte-order mark at the start of a file is
// skipped in JSON as in YAML, lines counting as without it; anywhere else
// in JSON it is a syntax error.
func TestByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	cases := []struct {
		name, file, src string
		want            []string
	}{
		{"YAML", "a.yaml", bom + "a: 1\nwatt: 2\n", []string{"a.yaml:2: watt: unknown field; expected a"}},
		{"JSON", "a.json", bom + "{\"a\": 1,\n\"watt\": 2}", []string{"a.json:2: watt: unknown field; expected a"}},
		{"JSON with a mark only", "a.json", bom, []string{"a.json:1: the file is empty; the document must be a mapping of names to values"}},
		{"JSON with a second mark", "a.json", bom + bom + "{}", []string{"a.json:1: JSON syntax: invalid character 'ï' looking for beginning of value"}},
		{"JSON with a mark inside", "a.json", "{\"a\": 1," + bom + "}", []string{"a.json:1: JSON syntax: invalid character 'ï' looking for beginning of object key string"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := problems(c.file, c.src, nil, "a"); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
	d := NewDecoder("v.json", nil)
	root := d.Parse([]byte(bom + `{"a": 2.5}`))
	if root == nil || d.Err() != nil {
		t.Fatalf("a JSON file with a mark: %v", d.Err())
	}
	vals, _ := d.Mapping("", root, []string{"a"}, nil)
	if v, ok := d.Number("a", vals["a"]); !ok || v != 2.5 {
		t.Errorf("a = %v, %v; want 2.5", v, ok)
	}
}

// treeValues counts the values of a parsed YAML document, as the bound of
// ParseYAML counts them: every node but the document's.
func treeValues(n *yaml.Node) int {
	c := 1
	if n.Kind == yaml.DocumentNode {
		c = 0
	}
	for _, k := range n.Content {
		c += treeValues(k)
	}
	return c
}

// TestTreeBound: the values counted from the text are never fewer than
// the parser builds, full-line comments are not counted up to a quote, and
// text with room for more than MaxTree values is refused before parsing.
func TestTreeBound(t *testing.T) {
	cases := []struct {
		name, src string
		values    int // the parser's
		bound     int
	}{
		{"a scalar", "x", 1, 1},
		{"a block mapping", "a: 1\nb: 2\n", 5, 5},
		{"a block list", "- 1\n- - 2\n", 4, 4},
		{"a flow list", "[1, 2, 3]", 4, 6},
		{"a flow mapping of keys", "{a, b}", 5, 5},
		{"a flow pair in a list", "[a: 1, b]", 5, 6},
		{"explicit keys", "? a\n? b\n: c\n", 5, 7},
		{"flow keypoints", "Size:\n  - {Time: 0, Value: 1}\n", 8, 12},
		{"an empty flow mapping", "a: {}\n", 3, 5},
		{"a full-line comment", "# - - - : , {\na: 1\n", 3, 3},
		{"a comment after a value", "a: 1 # , ,\n", 3, 7},
		{"a quoted scalar ends on a comment line", "a: [\"x\n # \", b, c]\n", 6, 8},
		{"a block scalar's comment-like line", "a: |\n  # x, y\nb: 1\n", 5, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(c.src), &doc); err != nil {
				t.Fatal(err)
			}
			if got := treeValues(&doc); got != c.values {
				t.Errorf("the parser built %d values, want %d", got, c.values)
			}
			if got := yamlTreeBound([]byte(c.src)); got != c.bound || got < c.values {
				t.Errorf("bound %d, want %d (at least the %d values)", got, c.bound, c.values)
			}
		})
	}
	long := "a: [" + strings.Repeat("1,", 50) + "1]\n"
	if got := problems("long.yaml", long, &Format{MaxTree: 100}, "a"); len(got) != 1 ||
		got[0] != "long.yaml:1: the text has room for 104 values (counting its YAML indicators), more than the 100 a document may have; it was not parsed" {
		t.Errorf("over MaxTree: %q", got)
	}
	if got := problems("long.yaml", long, &Format{MaxTree: 104}, "a"); len(got) != 0 {
		t.Errorf("at MaxTree: %q", got)
	}
	if got := problems("long.json", `{"a": [`+strings.Repeat("1,", 50)+"1]}", &Format{MaxTree: 50}, "a"); len(got) != 1 ||
		got[0] != "long.json:1: more than the 50 values a document may have; reading stopped here" {
		t.Errorf("JSON over MaxTree: %q", got)
	}
	if got := problems("long.json", `{"a": [`+strings.Repeat("1,", 50)+"1]}", &Format{MaxTree: 54}, "a"); len(got) != 0 {
		t.Errorf("JSON at MaxTree: %q", got)
	}
}
