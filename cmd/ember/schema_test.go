package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/emberfx/ember/internal/jsonschema"
	"go.yaml.in/yaml/v3"
)

// TestSchemaAcceptsExamples checks the example levels against the JSON
// Schema, and that the schema refuses what the decoder refuses.
func TestSchemaAcceptsExamples(t *testing.T) {
	check := schemaChecker(t)
	for _, p := range []string{cryptLevel, limitsLevel} {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if w := check(string(src)); w != "" {
			t.Errorf("%s: %s", p, w)
		}
	}
	if w := check(hallYAML); w != "" {
		t.Errorf("hall: %s", w)
	}
	bad := []struct{ change, want string }{
		{"    lifetime: 1\n=>    lifetme: 1\n", ".presets[torch]: lifetime is required"},
		{"    lifetime: 1\n=>    lifetime: 1\n    lifetme: 1\n", ".presets[torch]: lifetme is not allowed"},
		{"    lifetime: 1\n=>    lifetime: 0\n", ".presets[torch].lifetime: 0 is not above 0 or .presets[torch].lifetime: not an object"},
		{"    lifetime: 1\n=>    lifetime: {min: 1, max: 3601}\n", ".presets[torch].lifetime: not a number or .presets[torch].lifetime.max: 3601 is above 3600"},
		{"    rate: 10\n=>    rate: -1\n", ".emitters[torch].rate: -1 is below 0"},
		{"    playback: cycle\n=>    playback: loop\n", ".emitters[torch].playback: loop is not one of [once cycle]"},
		{"  hall:\n=>  9hall:\n", `.sectors[9hall]: "9hall" does not match ^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`},
		{"    ceiling: 4\n=>    ceiling: 4\n    portals: [{edge: 0.5, sector: hall}]\n", ".sectors[hall].portals[0].edge: not an integer"},
		{"    position: {x: 5, y: 5, z: 1}\n=>    position: {x: 5, y: 5, w: 1}\n", ".emitters[torch].position: w is not allowed"},
		{"    sprite: {frames: [flame]}\n=>    sprite: {frames: []}\n", ".presets[torch].sprite.frames: 0 items, fewer than 1"},
	}
	for _, c := range bad {
		from, to, _ := strings.Cut(c.change, "=>")
		src := strings.Replace(hallYAML, from, to, 1)
		if src == hallYAML {
			t.Fatalf("%q changes nothing", c.change)
		}
		if w := check(src); w != c.want {
			t.Errorf("%q: the schema says %q, want %q", c.change, w, c.want)
		}
		if _, err := compileLevel(writeLevel(t, src)); err == nil {
			t.Errorf("%q: the level compiles, but the schema refuses it", c.change)
		}
	}
}

// schemaChecker returns a function that checks a level source against
// docs/world-level.schema.json.
func schemaChecker(t *testing.T) func(src string) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/world-level.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	return func(src string) string {
		var v any
		if err := yaml.Unmarshal([]byte(src), &v); err != nil {
			t.Fatal(err)
		}
		return jsonschema.Check(root, v)
	}
}

// writeLevel writes a level source beside the example textures and
// returns its path.
func writeLevel(t *testing.T, src string) string {
	t.Helper()
	dir := levelDir(t, map[string]string{"level.yaml": src})
	return dir + "/level.yaml"
}

// TestDocsExample compiles the example level of docs/world-levels.md and
// checks it against the schema.
func TestDocsExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/world-levels.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/world-levels.md has no YAML example")
	}
	if _, err := compileLevel(writeLevel(t, string(m[1]))); err != nil {
		t.Errorf("the docs' example: %v", err)
	}
	if w := schemaChecker(t)(string(m[1])); w != "" {
		t.Errorf("the docs' example: %s", w)
	}
}
