package jsonschema

import (
	"encoding/json"
	"testing"
)

// testSchema is a document using every keyword Check knows.
func testSchema(t *testing.T) map[string]any {
	t.Helper()
	doc := Document("https://example.com/lamp.schema.json", "Lamp", "A lamp.", Object(map[string]any{
		"watts":  Number("number", &Bounds{Min: 0, Max: 100, MinOpen: true}),
		"bulbs":  Number("integer", &Bounds{Min: 1, Max: 4, MaxOpen: true}),
		"on":     Schema{"type": "boolean"},
		"colour": AnyOf(Schema{"type": "string", "pattern": "^#[0-9a-f]{6}$"}, Ref("rgb")),
		"kind":   Schema{"enum": []string{"desk", "floor"}},
		"marks":  Array(Number("number", nil), 1, 2),
		"named":  Schema{"type": "object", "propertyNames": Schema{"type": "string", "pattern": "^[a-z]+$"}, "additionalProperties": Ref("rgb"), "maxProperties": 1},
	}, "watts"), map[string]any{
		"rgb": Object(map[string]any{"r": Number("number", nil), "g": Number("number", nil), "b": Number("number", nil)}, "r", "g", "b"),
	})
	var root map[string]any
	if err := json.Unmarshal(doc, &root); err != nil {
		t.Fatal(err)
	}
	if root["$schema"] != Draft || root["$id"] != "https://example.com/lamp.schema.json" || root["title"] != "Lamp" {
		t.Errorf("header %v %v %v", root["$schema"], root["$id"], root["title"])
	}
	return root
}

func TestCheck(t *testing.T) {
	root := testSchema(t)
	cases := []struct {
		name string
		doc  string // JSON
		want string
	}{
		{"minimal", `{"watts": 60}`, ""},
		{"everything", `{"watts": 100, "bulbs": 3, "on": true, "colour": {"r": 1, "g": 0, "b": 0}, "kind": "desk", "marks": [1, 2.5], "named": {"red": {"r": 1, "g": 0, "b": 0}}}`, ""},
		{"hex colour", `{"watts": 1, "colour": "#ff8800"}`, ""},
		{"missing required", `{"bulbs": 1}`, ": watts is required"},
		{"unknown key", `{"watts": 1, "wats": 1}`, ": wats is not allowed"},
		{"exclusive minimum", `{"watts": 0}`, ".watts: 0 is not above 0"},
		{"maximum", `{"watts": 101}`, ".watts: 101 is above 100"},
		{"exclusive maximum", `{"watts": 1, "bulbs": 4}`, ".bulbs: 4 is not below 4"},
		{"minimum", `{"watts": 1, "bulbs": 0}`, ".bulbs: 0 is below 1"},
		{"integer", `{"watts": 1, "bulbs": 1.5}`, ".bulbs: not an integer"},
		{"number type", `{"watts": "60"}`, ".watts: not a number"},
		{"boolean", `{"watts": 1, "on": 1}`, ".on: not a boolean"},
		{"enum", `{"watts": 1, "kind": "wall"}`, ".kind: wall is not one of [desk floor]"},
		{"anyOf", `{"watts": 1, "colour": "red"}`, `.colour: "red" does not match ^#[0-9a-f]{6}$ or .colour: not an object`},
		{"anyOf ref", `{"watts": 1, "colour": {"r": 1, "g": 0}}`, `.colour: not a string or .colour: b is required`},
		{"too few items", `{"watts": 1, "marks": []}`, ".marks: 0 items, fewer than 1"},
		{"too many items", `{"watts": 1, "marks": [1, 2, 3]}`, ".marks: 3 items, more than 2"},
		{"item type", `{"watts": 1, "marks": [true]}`, ".marks[0]: not a number"},
		{"array type", `{"watts": 1, "marks": 1}`, ".marks: not an array"},
		{"property name", `{"watts": 1, "named": {"Red": {"r": 1, "g": 0, "b": 0}}}`, `.named[Red]: "Red" does not match ^[a-z]+$`},
		{"additional properties schema", `{"watts": 1, "named": {"red": {"r": 1}}}`, ".named[red]: g is required"},
		{"max properties", `{"watts": 1, "named": {"a": {"r": 1, "g": 0, "b": 0}, "b": {"r": 1, "g": 0, "b": 0}}}`, ".named: 2 properties, more than 1"},
		{"root type", `[1]`, ": not an object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var v any
			if err := json.Unmarshal([]byte(c.doc), &v); err != nil {
				t.Fatal(err)
			}
			// Check also takes YAML's ints.
			if m, ok := v.(map[string]any); ok {
				if b, ok := m["bulbs"].(float64); ok && b == float64(int(b)) {
					m["bulbs"] = int(b)
				}
			}
			if got := Check(root, v); got != c.want {
				t.Errorf("Check = %q, want %q", got, c.want)
			}
		})
	}
}
