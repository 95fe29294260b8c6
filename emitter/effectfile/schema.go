package effectfile

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/jsonschema"
)

// SchemaID is the $id of the JSON Schema of effect files, the address of
// docs/effect.schema.json in the repository.
const SchemaID = "https://github.com/emberfx/ember/blob/main/docs/effect.schema.json"

// JSONSchema returns the JSON Schema (draft 2020-12) of effect files,
// generated from the decoder's table of fields: docs/effect.schema.json.
// Editors use it to complete and check effect files, YAML or JSON. It
// checks what a schema can (field names, value kinds, enum names, the
// limits of docs/effect-files.md, keypoint counts); the rules between
// values (keypoint times in order, Min at most Max) are left to [Parse].
func JSONSchema() []byte {
	props := map[string]any{
		schemaKey: jsonschema.Schema{"type": "string", "description": "The address of this schema, for editors (JSON files; YAML files use the yaml-language-server comment)."},
	}
	for _, f := range specFields {
		s := f.schema()
		d := f.meaning + " Default: " + f.def
		if f.note != "" {
			d += " (" + f.note + ")"
		}
		s["description"] = d + "."
		props[f.name] = s
	}
	unit := &jsonschema.Bounds{Min: 0, Max: 1}
	keypoints := func(props map[string]any, required ...string) jsonschema.Schema {
		return jsonschema.Array(jsonschema.Object(props, required...), 2, emitter.MaxKeypoints)
	}
	return jsonschema.Document(SchemaID, "Ember effect file",
		"One particle emitter: fields named after Roblox's ParticleEmitter properties (docs/effect-files.md).",
		jsonschema.Object(props), map[string]any{
			"color": jsonschema.AnyOf(
				jsonschema.Schema{"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"},
				jsonschema.Object(map[string]any{
					"R": jsonschema.Number("number", unit), "G": jsonschema.Number("number", unit), "B": jsonschema.Number("number", unit),
				}, "R", "G", "B"),
			),
			"colorSequence": jsonschema.AnyOf(
				jsonschema.Ref("color"),
				keypoints(map[string]any{"Time": jsonschema.Number("number", unit), "Color": jsonschema.Ref("color")}, "Time", "Color"),
			),
			"numberSequence": jsonschema.AnyOf(
				jsonschema.Number("number", &jsonschema.Bounds{Min: -emitter.MaxMagnitude, Max: emitter.MaxMagnitude}),
				keypoints(map[string]any{
					"Time":     jsonschema.Number("number", unit),
					"Value":    jsonschema.Number("number", &jsonschema.Bounds{Min: -emitter.MaxMagnitude, Max: emitter.MaxMagnitude}),
					"Envelope": jsonschema.Number("number", &jsonschema.Bounds{Min: 0, Max: emitter.MaxMagnitude}),
				}, "Time", "Value"),
			),
		})
}

// schema is the schema of f's value.
func (f *specField) schema() jsonschema.Schema {
	b := &jsonschema.Bounds{Min: f.lo, Max: f.hi}
	vector := func(keys []string) jsonschema.Schema {
		props := map[string]any{}
		for _, k := range keys {
			props[k] = jsonschema.Number("number", b)
		}
		return jsonschema.Object(props)
	}
	switch f.kind {
	case kindNumber:
		return jsonschema.Number("number", b)
	case kindInteger:
		return jsonschema.Number("integer", b)
	case kindBoolean:
		return jsonschema.Schema{"type": "boolean"}
	case kindString:
		return jsonschema.Schema{"type": "string"}
	case kindEnum:
		return jsonschema.Schema{"enum": f.enum}
	case kindRange:
		return jsonschema.AnyOf(jsonschema.Number("number", b),
			jsonschema.Object(map[string]any{"Min": jsonschema.Number("number", b), "Max": jsonschema.Number("number", b)}, "Min", "Max"))
	case kindSequence:
		return jsonschema.Ref("numberSequence")
	case kindColors:
		return jsonschema.Ref("colorSequence")
	case kindVector2:
		return vector(vectorKeys[:2])
	case kindVector3:
		return vector(vectorKeys)
	}
	panic("effectfile: field " + f.name + " has no kind")
}
