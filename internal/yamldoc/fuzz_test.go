package yamldoc

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzDecoder decodes arbitrary text generically: no input may panic, and
// every problem must carry the file, a line and a message. The values
// counted from YAML text before parsing are never fewer than the parser
// builds.
func FuzzDecoder(f *testing.F) {
	for _, s := range []string{
		"a: 1\nb: [x, {c: .nan}]\n",
		"{\"a\": [1, 2.5, true, null, \"\\/\"]}",
		"a: &a [*a]\n",
		"&k a: 1\n*k : 2\n",
		"%YAML 1.1\n%YAML 1.1\n---\na: 1\n",
		"a: !!binary aGVsbG8=\nb: !foo 1\n",
		"\xff\xfea\x00",
		"a: 1\r b: \x02",
		"\ufeff{\"a\": 1}",
		"? a\n? b\n: c\n",
		"a: [\"x\n # \", b, c]\n",
		"a: |\n  # x, y\nb: {c, d}\n",
		"a\n...\nb\n",
	} {
		f.Add("f.yaml", s)
		f.Add("f.json", s)
	}
	f.Fuzz(func(t *testing.T, name, src string) {
		d := NewDecoder(name, &Format{MaxNodes: 2000})
		if root := d.Parse([]byte(src)); root != nil {
			walk(d, "", root, []string{"a", "b", "c"})
		}
		for _, p := range d.Problems() {
			if p.File != name || p.Line < 0 || p.Message == "" {
				t.Fatalf("bad problem %#v", p)
			}
		}
		if len(src) > 4096 {
			return
		}
		dec := yaml.NewDecoder(strings.NewReader(src))
		values := 0
		for range 4 {
			var doc yaml.Node
			if dec.Decode(&doc) != nil {
				break
			}
			values += treeValues(&doc)
		}
		if bound := yamlTreeBound([]byte(src)); values > bound {
			t.Fatalf("the parser built %d values, more than the bound %d", values, bound)
		}
	})
}
