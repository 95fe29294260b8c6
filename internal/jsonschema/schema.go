// Package jsonschema writes the JSON Schemas (draft 2020-12) Ember
// generates from its field tables, docs/effect.schema.json and
// docs/world-level.schema.json, and checks documents against them in
// tests. It knows the subset of JSON Schema those use: types, closed
// objects, enums, bounds, patterns, list lengths, anyOf and $defs.
package jsonschema

import "encoding/json"

// Draft is the $schema of every schema written here.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Schema is one schema node, marshalled as a JSON object.
type Schema = map[string]any

// Bounds is the interval a number must lie in.
type Bounds struct {
	Min, Max float64
	// MinOpen and MaxOpen exclude the ends.
	MinOpen, MaxOpen bool
}

// Number is the schema of a number (typ "number") or a whole number
// ("integer") within b (nil: any).
func Number(typ string, b *Bounds) Schema {
	s := Schema{"type": typ}
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

// Ref is a reference to the definition def of the document's $defs.
func Ref(def string) Schema { return Schema{"$ref": "#/$defs/" + def} }

// Object is the schema of a mapping of exactly the keys of props (no
// others), those of required present.
func Object(props map[string]any, required ...string) Schema {
	s := Schema{"type": "object", "additionalProperties": false, "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// AnyOf is the schema of a value matching any of alts.
func AnyOf(alts ...Schema) Schema {
	l := make([]any, len(alts))
	for i, a := range alts {
		l[i] = a
	}
	return Schema{"anyOf": l}
}

// Array is the schema of a list of items, of minItems to maxItems
// elements (0: no bound).
func Array(items Schema, minItems, maxItems int) Schema {
	s := Schema{"type": "array", "items": items}
	if minItems > 0 {
		s["minItems"] = minItems
	}
	if maxItems > 0 {
		s["maxItems"] = maxItems
	}
	return s
}

// Document is a schema file: root with the $schema, $id, title,
// description and $defs set, as indented JSON ending in a newline. Its
// bytes are the same on every call (maps marshal with sorted keys).
func Document(id, title, description string, root Schema, defs map[string]any) []byte {
	root["$schema"] = Draft
	root["$id"] = id
	root["title"] = title
	root["description"] = description
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	b, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		panic("jsonschema: the schema does not marshal: " + err.Error())
	}
	return append(b, '\n')
}
