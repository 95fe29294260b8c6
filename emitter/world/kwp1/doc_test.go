package kwp1

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/emberfx/ember/internal/codegen/binary"
)

// TestDocsMatchSchema: docs/kwp1.md lists every field and enum value of
// the schema, each section with its tag, limit and smallest record, and
// the format's own limits with their values.
func TestDocsMatchSchema(t *testing.T) {
	docs, err := os.ReadFile("../../../docs/kwp1.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(docs)
	src, err := os.ReadFile("kwp1.schema")
	if err != nil {
		t.Fatal(err)
	}
	s, err := binary.Parse("kwp1.schema", src)
	if err != nil {
		t.Fatal(err)
	}
	want := func(what, fragment string) {
		if !strings.Contains(text, fragment) {
			t.Errorf("docs/kwp1.md lacks %s: %q", what, fragment)
		}
	}
	for _, r := range s.Records {
		for _, f := range r.Fields {
			// A field of a nested record appears in its parent's path
			// (sprite.flipbook.fps).
			if !strings.Contains(text, "`"+f.Wire) && !strings.Contains(text, "."+f.Wire) {
				t.Errorf("docs/kwp1.md lacks field %s of %s", f.Wire, r.Name)
			}
		}
	}
	for _, f := range s.Document.Fields {
		want("a document field", "`"+f.Wire+"`")
	}
	for _, e := range s.Enums {
		for _, v := range e.Values {
			want("a value of "+e.Name, fmt.Sprintf("%d %s", v.Wire, v.Name))
		}
	}
	for i, spec := range sectionSpecs {
		want("section "+spec.tag, fmt.Sprintf("| %d | `%s` |", i, spec.tag))
		want("the smallest "+spec.name+" record", fmt.Sprintf("| %d byte", spec.minRecord))
		if i > 0 {
			want("the limit of "+spec.name, fmt.Sprintf("at most %d |", spec.max))
		}
	}
	for _, c := range s.Consts {
		want("limit "+c.Name, fmt.Sprintf("%d (`kwp1.%s`)", c.Value, c.Name))
	}
	want("the magic", "`"+magic+"`")
	want("the format version", fmt.Sprintf("format version: %d", formatVersion))
}
