package effectfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// fuzzFindings are inputs the fuzzer found interesting, kept as seeds.
var fuzzFindings = []struct {
	name string
	src  string
}{
	{"cycle.yaml", "Size: &a [*a]\n"},
	{"cycle-colour.yaml", "Color: &c [{Time: 0, Color: *c}]\n"},
	{"alias-key.yaml", "&k Rate: 1\n*k : 2\n"},
	{"nested.json", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"},
	{"surrogate.json", `{"Texture": "\ud83d\ude00 \ud800"}`},
	{"big-int.yaml", "MaxParticles: 99999999999999999999999\n"},
	{"hex-float.yaml", "Rate: 0x1p-2\n"},
	{"explicit-tag.yaml", "Rate: !!float abc\nDrag: !!int 1.5\n"},
	{"binary.yaml", "Texture: !!binary aGVsbG8=\n"},
	{"utf16.yaml", "\xff\xfeR\x00a\x00"},
	{"document-end.yaml", "Rate: 1\n...\n"},
	{"star.yaml", "*"},
	{"tag-only.yaml", "!"},
	{"empty-key.yaml", "?"},
	{"block-scalar.yaml", "|"},
	{"cr.yaml", "\r0"},
	{"cr-control.yaml", "Rate: 1\rDrag: \x02"},
	{"unknown-anchor.yaml", "Rate: *x\n"},
	{"directives.yaml", "%YAML 1.1\n%YAML 1.1\n---\nRate: 1\n"},
	{"local-tag.yaml", "Rate: !foo 1\n"},
}

func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob("../../examples/effects/*")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(filepath.Base(p), data)
		}
	}
	for _, c := range malformed {
		f.Add(c.name, []byte(c.src))
	}
	for _, c := range fuzzFindings {
		f.Add(c.name, []byte(c.src))
	}
	f.Add("all.yaml", []byte(allFieldsYAML))
	f.Add("all.json", []byte(allFieldsJSON))

	f.Fuzz(func(t *testing.T, name string, data []byte) {
		spec, err := Parse(name, data)
		if err != nil {
			var ps emitter.Problems
			if !errors.As(err, &ps) {
				t.Fatalf("error %v is %T, not Problems", err, err)
			}
			if len(ps) == 0 {
				t.Fatal("empty Problems")
			}
			for _, p := range ps {
				if p.File != name || p.Line < 0 || p.Message == "" {
					t.Fatalf("bad problem %#v", p)
				}
			}
			return
		}
		if err := spec.Validate(); err != nil {
			t.Fatalf("decoded spec does not validate: %v", err)
		}
		if _, err := emitter.NewSnapshot(&spec); err != nil {
			t.Fatalf("NewSnapshot: %v", err)
		}
	})
}

// TestFuzzFindings pins the answers to the fuzzer's kept findings.
func TestFuzzFindings(t *testing.T) {
	want := map[string]string{
		"cycle.yaml":          "cycle.yaml:1: Size[0]: expected a keypoint {Time, Value, Envelope}, got a list",
		"cycle-colour.yaml":   `cycle-colour.yaml:1: Color[0].Color: expected "#rrggbb" or {R, G, B}, got a list`,
		"alias-key.yaml":      "alias-key.yaml:2: Rate: duplicate key; it is already set at line 1",
		"nested.json":         `nested.json:1: the document is a list; an effect is a mapping of field names to values, such as "Rate: 20"`,
		"surrogate.json":      "",
		"big-int.yaml":        "big-int.yaml:1: MaxParticles: 1e+23 is out of range [-2147483647, 2147483647]",
		"hex-float.yaml":      `hex-float.yaml:1: Rate: expected a number, got the string "0x1p-2"`,
		"explicit-tag.yaml":   "explicit-tag.yaml:1: Rate: \"abc\" is not a number\nexplicit-tag.yaml:2: Drag: \"1.5\" is not a number",
		"binary.yaml":         `binary.yaml:1: Texture: expected a string, got the value "aGVsbG8="`,
		"utf16.yaml":          "utf16.yaml:1: invalid UTF-8 (byte 0xff)",
		"document-end.yaml":   "",
		"star.yaml":           "star.yaml:1: YAML syntax: did not find expected alphabetic or numeric character",
		"tag-only.yaml":       `tag-only.yaml:1: the document is null (no value); an effect is a mapping of field names to values, such as "Rate: 20"`,
		"empty-key.yaml":      "empty-key.yaml:1: an empty key; keys are field names",
		"block-scalar.yaml":   `block-scalar.yaml:1: the document is the string ""; an effect is a mapping of field names to values, such as "Rate: 20"`,
		"cr.yaml":             `cr.yaml:2: the document is the number 0; an effect is a mapping of field names to values, such as "Rate: 20"`,
		"cr-control.yaml":     "cr-control.yaml:2: control character U+0002 is not allowed",
		"unknown-anchor.yaml": "unknown-anchor.yaml:1: YAML syntax: unknown anchor 'x' referenced",
		"directives.yaml":     "directives.yaml:2: YAML syntax: found duplicate %YAML directive",
		"local-tag.yaml":      `local-tag.yaml:1: Rate: expected a number, got the value "1"`,
	}
	for _, c := range fuzzFindings {
		_, err := Parse(c.name, []byte(c.src))
		got := ""
		if err != nil {
			var ps emitter.Problems
			if !errors.As(err, &ps) {
				t.Errorf("%s: %v is %T, not Problems", c.name, err, err)
			}
			got = err.Error()
		}
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: no expected answer", c.name)
		} else if got != w {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, w)
		}
	}
}
