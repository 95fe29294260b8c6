package source

import (
	"strings"

	"github.com/emberfx/ember/internal/jsonschema"
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
	return jsonschema.Document(SchemaID, "Ember world level source",
		"A level's particles: named textures, presets, sectors and emitters (docs/world-levels.md).",
		object(levelFields), map[string]any{
			"name": map[string]any{"type": "string", "pattern": NamePattern},
			"vec2": vector("x", "y"),
			"vec3": vector("x", "y", "z"),
			"range3": jsonschema.Object(map[string]any{
				"min": jsonschema.Ref("vec3"), "max": jsonschema.Ref("vec3"),
			}),
		})
}

// vector is the schema of {x, y[, z]}, each in anyMagnitude's bounds.
func vector(keys ...string) jsonschema.Schema {
	props := map[string]any{}
	for _, k := range keys {
		props[k] = number("number", anyMagnitude)
	}
	return jsonschema.Object(props)
}

// object is the schema of a Record's mapping.
func object(fs []Field) jsonschema.Schema {
	props := map[string]any{}
	var required []string
	for i := range fs {
		props[fs[i].Key] = fieldSchema(&fs[i])
		if fs[i].Required {
			required = append(required, fs[i].Key)
		}
	}
	return jsonschema.Object(props, required...)
}

// number is the schema of a number or integer within b.
func number(typ string, b *Bounds) jsonschema.Schema {
	return jsonschema.Number(typ, (*jsonschema.Bounds)(b))
}

// fieldSchema is the schema of one field's value, with its description.
func fieldSchema(f *Field) jsonschema.Schema {
	var s jsonschema.Schema
	switch f.Type {
	case Number:
		s = number("number", f.Bounds)
	case Integer, Seed:
		s = number("integer", f.Bounds)
	case Text:
		s = jsonschema.Schema{"type": "string"}
	case Ref:
		s = jsonschema.Ref("name")
	case Enum:
		s = jsonschema.Schema{"enum": f.Enum}
	case Vec2:
		s = jsonschema.Ref("vec2")
	case Vec3:
		s = jsonschema.Ref("vec3")
	case Range3:
		s = jsonschema.Ref("range3")
	case Range:
		s = jsonschema.AnyOf(
			number("number", f.Bounds),
			jsonschema.Object(map[string]any{"min": number("number", f.Bounds), "max": number("number", f.Bounds)}, "min", "max"),
		)
	case Record:
		s = object(f.Fields)
	case List:
		s = jsonschema.Array(fieldSchema(f.Elem), f.MinItems, f.MaxItems)
	case Named:
		s = jsonschema.Schema{
			"type":                 "object",
			"propertyNames":        jsonschema.Ref("name"),
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
