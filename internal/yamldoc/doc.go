// Package yamldoc reads one YAML or JSON document into a tree of nodes that
// keep their source lines, and decodes that tree field by field, collecting
// every problem at once as "file:line: field: message" ([emitter.Problem]).
// It knows nothing about any particular document type: effect files
// (package effectfile) and other YAML sources are built on it.
//
// A [Decoder] is one pass over one file. [Decoder.Parse] checks the text
// (size, UTF-8, control characters, YAML or JSON syntax, one document, a
// mapping at the root) and returns the root mapping node, or nil with the
// reason recorded. The decoding methods then take a field path, such as
// "presets[2].size", and a node: [Decoder.Mapping] checks a mapping's keys
// against the allowed names (duplicates, merge keys, unknown names with a
// did-you-mean suggestion from internal/suggest); [Decoder.Number],
// [Decoder.Integer], [Decoder.Bool], [Decoder.String], [Decoder.Enum],
// [Decoder.Vector] and [Decoder.NumberFields] decode values;
// [Decoder.Elements] walks a list. Each returns ok false after recording a
// problem at the node's line, so one pass reports everything. Every visited
// value spends one unit of a budget ([Format.MaxNodes]), so YAML alias
// bombs stop with a problem instead of running for minutes, and problems
// stop at [Format.MaxProblems].
//
// To read another document type, describe it with a [Format], decode the
// root mapping with a table of its fields, then attach the problems that
// validating the decoded value finds ([Decoder.AddFieldProblems]) so they
// too carry the line of the field they name:
//
//	func decodeLevel(name string, data []byte) (Level, error) {
//		d := yamldoc.NewDecoder(name, &yamldoc.Format{
//			Root:        `a level is a mapping of sections, such as "presets: {}"`,
//			OneDocument: "a level file holds one level",
//		})
//		var lv Level
//		if root := d.Parse(data); root != nil {
//			d.Mapping("", root, []string{"name", "gravity"}, func(key string, v *yaml.Node) {
//				switch key {
//				case "name":
//					lv.Name, _ = d.String(key, v)
//				case "gravity":
//					lv.Gravity, _ = d.Number(key, v)
//				}
//			})
//			d.AddFieldProblems(lv.Validate()) // paths such as "gravity"
//		}
//		return lv, d.Err() // nil, or emitter.Problems sorted by line
//	}
//
// Paths are built with [Join] ("a.b") and [Index] ("a[2]"), the format
// [emitter.Spec.Validate] uses, so a validation problem's Field finds the
// line its value was written on ([Decoder.Line]).
package yamldoc
