package source

import (
	"encoding/json"
	"strings"
)

// SchemaID is the $id of the JSON Schema of level sources, the address of
// docs/world-level.schema.json in the repository.
const SchemaID = "https://github.com/emberfx/ember/blob/main/docs/world-level.schema.json"

// JSONSchema returns the JSON Schema (draft 2020-12) of level source files,
// generated from [Fields]: docs/world-level.schema.json. Editors use it to
// complete and check level files, YAML or JSON. It checks what a schema
// can (keys, types, enums, bounds, lengths); the rules between fields are
// left to [Compile].
func JSONSchema() []byte {
	root := object(levelFields)
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = SchemaID
	root["title"] = "Ember world level source"
	root["description"] = "A level's particles: named textures, presets, sectors and emitters (docs/world-levels.md)."
	root["$defs"] = map[string]any{
		"name": map[string]any{"type": "string", "pattern": NamePattern},
		"vec2": vector("x", "y"),
		"vec3": vector("x", "y", "z"),
		"range3": map[string]any{
			"type":                 "object",
			"additionalProperties": false,
			"properties":           map[string]any{"min": ref("vec3"), "max": ref("vec3")},
		},
	}
	b, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		panic("source: the schema does not marshal: " + err.Error())
	}
	return append(b, '\n')
}

func ref(def string) map[string]any { return map[string]any{"$ref": "#/$defs/" + def} }

// vector is the schema of {x, y[, z]}, each in anyMagnitude's bounds.
func vector(keys ...string) map[string]any {
	props := map[string]any{}
	for _, k := range keys {
		props[k] = number("number", anyMagnitude)
	}
	return map[string]any{"type": "object", "additionalProperties": false, "properties": props}
}

// object is the schema of a Record's mapping.
func object(fs []Field) map[string]any {
	props := map[string]any{}
	var required []string
	for i := range fs {
		props[fs[i].Key] = fieldSchema(&fs[i])
		if fs[i].Required {
			required = append(required, fs[i].Key)
		}
	}
	s := map[string]any{"type": "object", "additionalProperties": false, "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// number is the schema of a number or integer within b.
func number(typ string, b *Bounds) map[string]any {
	s := map[string]any{"type": typ}
	if b != nil {
		lo, hi := "minimum", "maximum"
		if b.MinOpen {
			lo = "exclusiveMinimum"
		}
		if b.MaxOpen {
			hi = "exclusiveMaximum"
		}
		s[lo], s[hi] = b.Min, b.Max
	}
	return s
}

// fieldSchema is the schema of one field's value, with its description.
func fieldSchema(f *Field) map[string]any {
	var s map[string]any
	switch f.Type {
	case Number:
		s = number("number", f.Bounds)
	case Integer, Seed:
		s = number("integer", f.Bounds)
	case Text:
		s = map[string]any{"type": "string"}
	case Ref:
		s = ref("name")
	case Enum:
		s = map[string]any{"enum": f.Enum}
	case Vec2:
		s = ref("vec2")
	case Vec3:
		s = ref("vec3")
	case Range3:
		s = ref("range3")
	case Range:
		s = map[string]any{"anyOf": []any{
			number("number", f.Bounds),
			map[string]any{
				"type": "object", "additionalProperties": false, "required": []string{"min", "max"},
				"properties": map[string]any{"min": number("number", f.Bounds), "max": number("number", f.Bounds)},
			},
		}}
	case Record:
		s = object(f.Fields)
	case List:
		s = map[string]any{"type": "array", "items": fieldSchema(f.Elem)}
		if f.MinItems > 0 {
			s["minItems"] = f.MinItems
		}
		if f.MaxItems > 0 {
			s["maxItems"] = f.MaxItems
		}
	case Named:
		s = map[string]any{
			"type":                 "object",
			"propertyNames":        ref("name"),
			"additionalProperties": fieldSchema(f.Elem),
		}
		if f.MaxItems > 0 {
			s["maxProperties"] = f.MaxItems
		}
	}
	if d := describe(f); d != "" {
		s["description"] = d
	}
	return s
}

// describe is a field's description in the schema: its meaning, default
// and limits, as the docs' table gives them.
func describe(f *Field) string {
	var parts []string
	if f.Meaning != "" {
		parts = append(parts, f.Meaning)
	}
	switch {
	case f.Required && f.Key != "":
		parts = append(parts, "Required")
	case f.Default != "":
		parts = append(parts, "Default: "+f.Default)
	}
	if l := LimitText(f); l != "" {
		parts = append(parts, "Limits: "+l)
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ". ") + "."
}
