package effectfile

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/jsonschema"
	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the generated docs: the schema and the field tables of docs/effect-files.md")

const (
	schemaFile = "../../docs/effect.schema.json"
	docsFile   = "../../docs/effect-files.md"
)

// kindText is a field's kind as the docs' table writes it.
func kindText(f *specField) string {
	if f.kind == kindEnum {
		return "enum: " + strings.Join(f.enum, ", ")
	}
	return kindNames[f.kind]
}

// markdownRows is the body of a Markdown table, one row per field.
func markdownRows(header string, cells func(f *specField) []string) string {
	var b strings.Builder
	b.WriteString(header)
	for i := range specFields {
		row := cells(&specFields[i])
		for j, c := range row {
			row[j] = strings.ReplaceAll(c, "|", "\\|")
		}
		b.WriteString(strings.ReplaceAll("| "+strings.Join(row, " | ")+" |\n", "|  |", "| |"))
	}
	return b.String()
}

// generated returns docs with the text between each pair of markers
// replaced by the table generated for it.
func generated(t *testing.T, docs []byte) []byte {
	t.Helper()
	tables := []struct{ name, body string }{
		{"fields", markdownRows("| Field | Kind | Meaning |\n|---|---|---|\n", func(f *specField) []string {
			return []string{f.name, kindText(f), f.meaning}
		})},
		{"defaults", markdownRows("| Field | Default | Notes |\n|---|---|---|\n", func(f *specField) []string {
			return []string{f.name, "`" + f.def + "`", f.note}
		})},
	}
	for _, tb := range tables {
		begin := []byte("<!-- BEGIN generated " + tb.name + " table: go generate ./emitter/effectfile -->\n")
		end := []byte("<!-- END generated " + tb.name + " table -->\n")
		i, j := bytes.Index(docs, begin), bytes.Index(docs, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no generated %s table between %q and %q", docsFile, tb.name, begin, end)
		}
		docs = append(append(append([]byte{}, docs[:i+len(begin)]...), tb.body...), docs[j:]...)
	}
	return docs
}

// TestGeneratedDocs checks that docs/effect.schema.json and the Fields
// and Defaults tables of docs/effect-files.md are what the field table
// generates; -update rewrites them (go generate ./emitter/effectfile).
func TestGeneratedDocs(t *testing.T) {
	schema := JSONSchema()
	docs, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	want := generated(t, docs)
	if *update {
		if err := os.WriteFile(schemaFile, schema, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(docsFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, err := os.ReadFile(schemaFile); err != nil || !bytes.Equal(got, schema) {
		t.Errorf("%s is stale (or unreadable: %v); run go generate ./emitter/effectfile", schemaFile, err)
	}
	if !bytes.Equal(docs, want) {
		t.Errorf("the field tables of %s are stale; run go generate ./emitter/effectfile", docsFile)
	}
}

// TestFieldDefaults checks each field's documented default: written in a
// file, it decodes to DefaultSpec's value.
func TestFieldDefaults(t *testing.T) {
	def := reflect.ValueOf(emitter.DefaultSpec())
	for _, f := range specFields {
		t.Run(f.name, func(t *testing.T) {
			s, err := Parse("default.yaml", []byte(f.name+": "+f.def+"\n"))
			if err != nil {
				t.Fatalf("the default %s does not decode: %v", f.def, err)
			}
			got := reflect.ValueOf(s).FieldByName(f.name).Interface()
			if want := def.FieldByName(f.name).Interface(); !reflect.DeepEqual(got, want) {
				t.Errorf("the table says %s (%v), DefaultSpec has %v", f.def, got, want)
			}
			if f.meaning == "" {
				t.Error("no meaning")
			}
		})
	}
}

// boundValue writes v as the field's value: the number, every component
// of a vector, or both ends of a range.
func boundValue(f *specField, v float64) string {
	n := strconv.FormatFloat(v, 'g', -1, 64)
	switch f.kind {
	case kindVector2:
		return "{X: " + n + ", Y: " + n + "}"
	case kindVector3:
		return "{X: " + n + ", Y: " + n + ", Z: " + n + "}"
	case kindRange:
		return "{Min: " + n + ", Max: " + n + "}"
	}
	return n
}

// TestFieldBounds checks the table's bounds, which the schema states,
// against validation: a file at each bound decodes, one past it (the next
// whole number for integers, a millionth of the bound's size for numbers)
// does not, and the schema agrees on both.
func TestFieldBounds(t *testing.T) {
	root := schemaRoot(t)
	for _, f := range specFields {
		switch f.kind {
		case kindNumber, kindInteger, kindVector2, kindVector3, kindRange:
		default:
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			if !(f.lo < f.hi) {
				t.Fatalf("bounds [%v, %v]", f.lo, f.hi)
			}
			step := func(b float64) float64 {
				if f.kind == kindInteger {
					return 1
				}
				return max(math.Abs(b)*1e-6, 1e-6)
			}
			for _, c := range []struct {
				v    float64
				good bool
			}{{f.lo, true}, {f.hi, true}, {f.lo - step(f.lo), false}, {f.hi + step(f.hi), false}} {
				src := f.name + ": " + boundValue(&f, c.v) + "\n"
				_, err := Parse("bound.yaml", []byte(src))
				if (err == nil) != c.good {
					t.Errorf("%q: Parse error %v, want valid %v", src, err, c.good)
				}
				if w := checkYAML(t, root, src); (w == "") != c.good {
					t.Errorf("%q: the schema says %q, want valid %v", src, w, c.good)
				}
			}
		})
	}
}

func schemaRoot(t *testing.T) map[string]any {
	t.Helper()
	var root map[string]any
	if err := json.Unmarshal(JSONSchema(), &root); err != nil {
		t.Fatal(err)
	}
	return root
}

// checkYAML checks a YAML effect file against the schema.
func checkYAML(t *testing.T, root map[string]any, src string) string {
	t.Helper()
	return checkFile(t, root, "file.yaml", src)
}

// checkFile checks an effect file, JSON when name says so, against the
// schema.
func checkFile(t *testing.T, root map[string]any, name, src string) string {
	t.Helper()
	var v any
	var err error
	if strings.EqualFold(filepath.Ext(name), ".json") {
		err = json.Unmarshal([]byte(src), &v)
	} else {
		err = yaml.Unmarshal([]byte(src), &v)
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return jsonschema.Check(root, v)
}

// effectFiles lists the example and demo effect files.
func effectFiles(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, pat := range []string{"../../examples/effects/*", "../../demo/effects/*"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range m {
			if ext := strings.ToLower(filepath.Ext(p)); ext == ".yaml" || ext == ".json" {
				paths = append(paths, p)
			}
		}
	}
	if len(paths) < 10 {
		t.Fatalf("only %d effect files", len(paths))
	}
	return paths
}

// TestSchemaAcceptsEffectFiles checks every example and demo effect file
// and the all-fields files against the schema, and that it refuses what
// the decoder refuses.
func TestSchemaAcceptsEffectFiles(t *testing.T) {
	root := schemaRoot(t)
	for _, p := range effectFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if w := checkFile(t, root, p, string(data)); w != "" {
			t.Errorf("%s: %s", p, w)
		}
	}
	for name, src := range map[string]string{"all.yaml": allFieldsYAML, "all.json": allFieldsJSON} {
		if w := checkFile(t, root, name, src); w != "" {
			t.Errorf("%s: %s", name, w)
		}
	}
	bad := []struct{ name, src, want string }{
		{"unknown field", "Rat: 5\n", ": Rat is not allowed"},
		{"instance property", "ClassName: ParticleEmitter\n", ": ClassName is not allowed"},
		{"type", "Rate: fast\n", ".Rate: not a number"},
		{"bound", "LightEmission: 2\n", ".LightEmission: 2 is above 1"},
		{"integer", "MaxParticles: 2.5\n", ".MaxParticles: not an integer"},
		{"boolean", "Enabled: 1\n", ".Enabled: not a boolean"},
		{"enum", "Shape: Cube\n", ".Shape: Cube is not one of [Box Sphere Cylinder Disc]"},
		{"range key", "Speed: {Min: 1, max: 2}\n", ".Speed: not a number or .Speed: Max is required"},
		{"vector key", "SpreadAngle: {X: 1, Z: 2}\n", ".SpreadAngle: Z is not allowed"},
		{"one keypoint", "Size: [{Time: 0, Value: 1}]\n", ".Size: not a number or .Size: 1 items, fewer than 2"},
		{"keypoint value", "Size: [{Time: 0}, {Time: 1, Value: 1}]\n", ".Size: not a number or .Size[0]: Value is required"},
		{"colour", "Color: \"#ff88\"\n", `.Color: "#ff88" does not match ^#[0-9A-Fa-f]{6}$ or .Color: not an object or .Color: not an array`},
		{"colour channel", "Color: {R: 2, G: 0, B: 0}\n", `.Color: not a string or .Color.R: 2 is above 1 or .Color: not an array`},
		{"schema key", "$schema: 5\n", ".$schema: not a string"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if w := checkYAML(t, root, c.src); w != c.want {
				t.Errorf("the schema says %q, want %q", w, c.want)
			}
			if _, err := Parse("bad.yaml", []byte(c.src)); err == nil {
				t.Errorf("%q decodes, but the schema refuses it", c.src)
			}
		})
	}
}

// TestEffectFilesNameTheSchema checks that every example and demo effect
// file names the schema, by a relative path that leads to it: YAML with
// the yaml-language-server comment on its first line, JSON with "$schema".
func TestEffectFilesNameTheSchema(t *testing.T) {
	abs, err := filepath.Abs(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range effectFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var ref string
		if strings.EqualFold(filepath.Ext(p), ".json") {
			var v map[string]any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			ref, _ = v["$schema"].(string)
		} else {
			first, _, _ := strings.Cut(string(data), "\n")
			ref, _ = strings.CutPrefix(first, "# yaml-language-server: $schema=")
			if ref == first {
				ref = ""
			}
		}
		if ref == "" {
			t.Errorf("%s does not name the schema", p)
			continue
		}
		if got, _ := filepath.Abs(filepath.Join(filepath.Dir(p), filepath.FromSlash(ref))); got != abs {
			t.Errorf("%s names %s, which is %s, not %s", p, ref, got, abs)
		}
	}
}
