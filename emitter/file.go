package emitter

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// MaxFileSize is the largest effect file [LoadSpec] and [ParseSpec] accept,
// in bytes. Effect files are a few kilobytes; anything near this is not an
// effect.
const MaxFileSize = 4 << 20

// maxProblems bounds the problems one file reports: past it the decoder
// stops, so garbage input cannot flood the output.
const maxProblems = 200

// maxNodes bounds the values the decoder visits. A real effect has a few
// hundred; YAML aliases can make a small file name a great many, and the
// decoder stops there instead of spending quadratic time on garbage.
const maxNodes = 100_000

// LoadSpec reads the effect file at path and decodes it with [ParseSpec]. A
// file that cannot be read is one [Problem] naming the path.
func LoadSpec(path string) (Spec, error) {
	fail := func(msg string) (Spec, error) {
		return DefaultSpec(), Problems{{File: path, Message: msg}}
	}
	f, err := os.Open(path)
	if err != nil {
		return fail("cannot read the file: " + pathErrText(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return fail("cannot read the file: " + pathErrText(err))
	}
	return ParseSpec(path, data)
}

// pathErrText drops the operation and path from an *fs.PathError: the
// problem names the file already.
func pathErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ParseSpec decodes one effect from data: JSON when name ends in ".json"
// (in any case), YAML otherwise. name is the file name problems carry.
//
// Decoding starts from [DefaultSpec] and overlays the fields present, so an
// omitted field keeps Roblox's default. The result is validated with
// [Spec.Validate]. On any problem the error is [Problems], listing every
// problem found (decoding and validation alike) sorted by line, each with
// File, Line and the Field path in Validate's format ("Size[2].Time"); the
// returned Spec is then the defaults overlaid with the fields that decoded
// cleanly, and should not be used. A field with a decoding problem keeps its
// default and is not validated further, so fixing it may reveal more. The
// line of a validation problem is that of the value its path names, or of
// the nearest enclosing value in the file. ParseSpec never panics.
func ParseSpec(name string, data []byte) (spec Spec, err error) {
	spec = DefaultSpec()
	d := &decoder{file: name, lines: map[string]int{}, budget: maxNodes}
	defer func() {
		// The YAML parser recovers its own failures; this is a last line of
		// defence so that no input can crash a caller.
		if v := recover(); v != nil {
			spec = DefaultSpec()
			err = Problems{{File: name, Line: 1, Message: "internal error while decoding: " + clip(sprintf("%v", v))}}
		}
	}()
	root := d.parse(data, strings.HasSuffix(strings.ToLower(name), ".json"))
	if root != nil {
		d.spec(root, &spec)
		if verr := spec.Validate(); verr != nil {
			var ps Problems
			if errors.As(verr, &ps) {
				for _, p := range ps {
					p.File = name
					p.Line = d.lineOf(p.Field)
					d.problems = append(d.problems, p)
				}
			}
		}
	}
	if len(d.problems) == 0 {
		return spec, nil
	}
	sort.SliceStable(d.problems, func(i, j int) bool { return d.problems[i].Line < d.problems[j].Line })
	return spec, d.problems
}

// decoder walks a yaml.Node tree into a Spec, collecting problems and the
// line of every field path it meets.
type decoder struct {
	file     string
	problems Problems
	lines    map[string]int // field path -> line
	rootLine int
	budget   int
	stopped  bool
}

func (d *decoder) add(line int, field, format string, args ...any) {
	if d.stopped {
		return
	}
	if len(d.problems) == maxProblems {
		d.stopped = true
		d.problems = append(d.problems, Problem{File: d.file, Line: max(line, 0),
			Message: sprintf("more than %d problems; decoding stopped here", maxProblems)})
		return
	}
	d.problems = append(d.problems, Problem{File: d.file, Line: max(line, 0), Field: field, Message: sprintf(format, args...)})
}

// visit spends one unit of the node budget and reports whether decoding may
// go on.
func (d *decoder) visit(line int) bool {
	if d.stopped {
		return false
	}
	d.budget--
	if d.budget < 0 {
		d.add(line, "", "too many values (more than %d, counting YAML alias expansion); decoding stopped here", maxNodes)
		d.stopped = true
		return false
	}
	return true
}

// lineOf finds the line of a field path, trying its parents ("Size[2].Time",
// "Size[2]", "Size") and falling back to the document's first line.
func (d *decoder) lineOf(path string) int {
	for path != "" {
		if l, ok := d.lines[path]; ok {
			return l
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return max(d.rootLine, 1)
}

// parse turns the bytes into the root mapping node, or reports why not and
// returns nil.
func (d *decoder) parse(data []byte, isJSON bool) *yaml.Node {
	if len(data) > MaxFileSize {
		d.add(1, "", "the file is larger than %d MiB; an effect file is a few kilobytes", MaxFileSize>>20)
		return nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		d.add(1, "", "the file is empty; an effect is a mapping of field names to values, such as \"Rate: 20\"")
		return nil
	}
	var doc *yaml.Node
	if isJSON {
		doc = d.parseJSON(data)
	} else {
		doc = d.parseYAML(data)
	}
	if doc == nil {
		return nil
	}
	doc = resolveAlias(doc)
	d.rootLine = doc.Line
	if doc.Kind != yaml.MappingNode {
		d.add(doc.Line, "", "the document is %s; an effect is a mapping of field names to values, such as \"Rate: 20\"", describe(doc))
		return nil
	}
	return doc
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parseYAML parses the first document and rejects any after it.
func (d *decoder) parseYAML(data []byte) *yaml.Node {
	if line, msg, bad := badText(data); bad {
		d.add(line, "", "%s", msg)
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			d.add(1, "", "the file has no content; an effect is a mapping of field names to values, such as \"Rate: 20\"")
			return nil
		}
		d.yamlError(err)
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
	case err != nil:
		d.yamlError(err)
		return nil
	default:
		d.add(next.Line, "", "a second YAML document starts here; an effect file holds one effect")
		return nil
	}
	if len(doc.Content) == 0 {
		d.add(1, "", "the file has no content; an effect is a mapping of field names to values, such as \"Rate: 20\"")
		return nil
	}
	return doc.Content[0]
}

// yamlParserProblems are the messages of the YAML parser proper (as opposed
// to its scanner). go-yaml writes their line 0-based, and leaves it out on
// the first line; scanner errors carry a 1-based line.
var yamlParserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found duplicate %YAML directive",
	"found duplicate %TAG directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

func (d *decoder) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1 // no line in the message: the first line
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if contains(yamlParserProblems, msg) {
			line++
		}
	}
	d.add(max(line, 1), "", "YAML syntax: %s", msg)
}

// badText finds what the YAML parser rejects without a line number: invalid
// UTF-8 and control characters.
func badText(data []byte) (line int, msg string, bad bool) {
	line = 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, sprintf("invalid UTF-8 (byte 0x%02x)", data[i]), true
		case r == '\n' || (r == '\r' && (i+1 == len(data) || data[i+1] != '\n')):
			line++ // YAML breaks lines at LF, CRLF and a lone CR
		case r == '\t' || r == '\r' || r == 0x85:
		case r < 0x20 || (r >= 0x7f && r < 0xa0) || (r >= 0xd800 && r < 0xe000) || r == 0xfffe || r == 0xffff:
			return line, sprintf("control character U+%04X is not allowed", r), true
		}
		i += size
	}
	return 0, "", false
}

// parseJSON checks JSON syntax with encoding/json, which knows JSON exactly
// (the YAML parser rejects some valid JSON, such as the "\/" escape), and
// builds the same yaml.Node tree a YAML file gives, with lines.
func (d *decoder) parseJSON(data []byte) *yaml.Node {
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			d.add(lineAt(data, se.Offset), "", "JSON syntax: %s", se.Error())
		} else {
			d.add(1, "", "JSON: %s", err.Error())
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	j := &jsonReader{dec: dec, data: data, line: 1}
	n, err := j.node()
	if err != nil {
		d.add(lineAt(data, dec.InputOffset()), "", "JSON: %s", err.Error())
		return nil
	}
	return n
}

// jsonReader builds yaml.Nodes from JSON tokens, counting lines as it goes.
type jsonReader struct {
	dec  *json.Decoder
	data []byte
	off  int64 // bytes counted so far
	line int   // the line at off
}

// lineNow is the line of the token just read. JSON tokens hold no raw
// newline, so the line of a token's end is the line of the token.
func (j *jsonReader) lineNow() int {
	end := min(max(j.dec.InputOffset()-1, j.off), int64(len(j.data)))
	j.line += bytes.Count(j.data[j.off:end], []byte{'\n'})
	j.off = end
	return j.line
}

// lineAt is the 1-based line of the byte before offset: encoding/json's
// offsets point just past the offending byte.
func lineAt(data []byte, offset int64) int {
	end := min(max(offset-1, 0), int64(len(data)))
	return 1 + bytes.Count(data[:end], []byte{'\n'})
}

// node reads one value as a yaml.Node.
func (j *jsonReader) node() (*yaml.Node, error) {
	tok, err := j.dec.Token()
	if err != nil {
		return nil, err
	}
	line := j.lineNow()
	switch t := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Line: line, Column: 1}
		end := json.Delim('}')
		if t == '[' {
			n.Kind, n.Tag, end = yaml.SequenceNode, "!!seq", ']'
		} else {
			n.Kind, n.Tag = yaml.MappingNode, "!!map"
		}
		for j.dec.More() {
			c, err := j.node()
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, c)
		}
		if tok, err := j.dec.Token(); err != nil || tok != end {
			return nil, errors.New("unbalanced " + string(rune(t)))
		}
		return n, nil
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Style: yaml.DoubleQuotedStyle, Value: t, Line: line, Column: 1}, nil
	case json.Number:
		tag := "!!float"
		if _, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			tag = "!!int"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: string(t), Line: line, Column: 1}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(t), Line: line, Column: 1}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null", Line: line, Column: 1}, nil
	}
	return nil, errors.New("unexpected token")
}

// resolveAlias follows a YAML alias to the node it names.
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; i < 8 && n != nil && n.Kind == yaml.AliasNode && n.Alias != nil; i++ {
		n = n.Alias
	}
	return n
}

// describe names what a node is, for "expected X, got Y" messages.
func describe(n *yaml.Node) string {
	n = resolveAlias(n)
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null (no value)"
		case "!!bool":
			return "the boolean " + n.Value
		case "!!int", "!!float":
			return "the number " + clip(n.Value)
		case "!!str":
			return "the string " + strconv.Quote(clip(n.Value))
		}
		return "the value " + strconv.Quote(clip(n.Value))
	}
	return "an unknown kind of value"
}

// clip shortens s for quoting in a message.
func clip(s string) string {
	const n = 40
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// fieldDecoder decodes the value n of a top-level field at path into s.
type fieldDecoder func(d *decoder, path string, n *yaml.Node, s *Spec)

// specField is one top-level field of an effect file.
type specField struct {
	name   string
	decode fieldDecoder
}

// specFields lists every field an effect file may set, in Spec order.
var specFields = []specField{
	{"Acceleration", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.vector(p, n, []string{"X", "Y", "Z"}); ok {
			s.Acceleration = Vector3{v[0], v[1], v[2]}
		}
	}},
	{"Brightness", numberField(func(s *Spec) *float64 { return &s.Brightness })},
	{"Color", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.colorSequence(p, n); ok {
			s.Color = v
		}
	}},
	{"Drag", numberField(func(s *Spec) *float64 { return &s.Drag })},
	{"EmissionDirection", enumField(normalIDNames, func(s *Spec, v uint8) { s.EmissionDirection = NormalID(v) })},
	{"Enabled", boolField(func(s *Spec) *bool { return &s.Enabled })},
	{"FlipbookBlendFrames", boolField(func(s *Spec) *bool { return &s.FlipbookBlendFrames })},
	{"FlipbookFramerate", rangeField(func(s *Spec) *NumberRange { return &s.FlipbookFramerate })},
	{"FlipbookLayout", enumField(flipbookLayoutNames, func(s *Spec, v uint8) { s.FlipbookLayout = FlipbookLayout(v) })},
	{"FlipbookMode", enumField(flipbookModeNames, func(s *Spec, v uint8) { s.FlipbookMode = FlipbookMode(v) })},
	{"FlipbookSizeX", intField(func(s *Spec) *int { return &s.FlipbookSizeX })},
	{"FlipbookSizeY", intField(func(s *Spec) *int { return &s.FlipbookSizeY })},
	{"FlipbookStartRandom", boolField(func(s *Spec) *bool { return &s.FlipbookStartRandom })},
	{"Lifetime", rangeField(func(s *Spec) *NumberRange { return &s.Lifetime })},
	{"LightEmission", numberField(func(s *Spec) *float64 { return &s.LightEmission })},
	{"LightInfluence", numberField(func(s *Spec) *float64 { return &s.LightInfluence })},
	{"LockedToPart", boolField(func(s *Spec) *bool { return &s.LockedToPart })},
	{"Orientation", enumField(orientationNames, func(s *Spec, v uint8) { s.Orientation = Orientation(v) })},
	{"Rate", numberField(func(s *Spec) *float64 { return &s.Rate })},
	{"RotSpeed", rangeField(func(s *Spec) *NumberRange { return &s.RotSpeed })},
	{"Rotation", rangeField(func(s *Spec) *NumberRange { return &s.Rotation })},
	{"Shape", enumField(shapeNames, func(s *Spec, v uint8) { s.Shape = Shape(v) })},
	{"ShapeInOut", enumField(shapeInOutNames, func(s *Spec, v uint8) { s.ShapeInOut = ShapeInOut(v) })},
	{"ShapePartial", numberField(func(s *Spec) *float64 { return &s.ShapePartial })},
	{"ShapeStyle", enumField(shapeStyleNames, func(s *Spec, v uint8) { s.ShapeStyle = ShapeStyle(v) })},
	{"Size", sequenceField(func(s *Spec) *NumberSequence { return &s.Size })},
	{"Speed", rangeField(func(s *Spec) *NumberRange { return &s.Speed })},
	{"SpreadAngle", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.vector(p, n, []string{"X", "Y"}); ok {
			s.SpreadAngle = Vector2{v[0], v[1]}
		}
	}},
	{"Squash", sequenceField(func(s *Spec) *NumberSequence { return &s.Squash })},
	{"Texture", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.str(p, n); ok {
			s.Texture = v
		}
	}},
	{"TimeScale", numberField(func(s *Spec) *float64 { return &s.TimeScale })},
	{"Transparency", sequenceField(func(s *Spec) *NumberSequence { return &s.Transparency })},
	{"VelocityInheritance", numberField(func(s *Spec) *float64 { return &s.VelocityInheritance })},
	{"ZOffset", numberField(func(s *Spec) *float64 { return &s.ZOffset })},
	{"Scale", numberField(func(s *Spec) *float64 { return &s.Scale })},
	{"SizeScale", numberField(func(s *Spec) *float64 { return &s.SizeScale })},
	{"SpeedScale", numberField(func(s *Spec) *float64 { return &s.SpeedScale })},
	{"Unit", enumField(unitNames, func(s *Spec, v uint8) { s.Unit = StudUnit(v) })},
	{"EmissionSize", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.vector(p, n, []string{"X", "Y"}); ok {
			s.EmissionSize = Vector2{v[0], v[1]}
		}
	}},
	{"MaxParticles", intField(func(s *Spec) *int { return &s.MaxParticles })},
	{"GlowLayers", intField(func(s *Spec) *int { return &s.GlowLayers })},
	{"ZIndex", intField(func(s *Spec) *int { return &s.ZIndex })},
	{"FlipbookResolution", intField(func(s *Spec) *int { return &s.FlipbookResolution })},
	{"Prewarm", intField(func(s *Spec) *int { return &s.Prewarm })},
	{"BlendMode", enumField(blendModeNames, func(s *Spec, v uint8) { s.BlendMode = BlendMode(v) })},
	{"ColorStrip", func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.str(p, n); ok {
			s.ColorStrip = v
		}
	}},
}

var specFieldNames = func() []string {
	names := make([]string, len(specFields))
	for i, f := range specFields {
		names[i] = f.name
	}
	return names
}()

// FieldNames returns the names of every field an effect file may set, in
// the order of [Spec].
func FieldNames() []string { return append([]string(nil), specFieldNames...) }

func numberField(get func(*Spec) *float64) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.number(p, n); ok {
			*get(s) = v
		}
	}
}

func intField(get func(*Spec) *int) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.integer(p, n); ok {
			*get(s) = v
		}
	}
}

func boolField(get func(*Spec) *bool) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.boolean(p, n); ok {
			*get(s) = v
		}
	}
}

func enumField(names []string, set func(*Spec, uint8)) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.enum(p, n, names); ok {
			set(s, v)
		}
	}
}

func rangeField(get func(*Spec) *NumberRange) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.numberRange(p, n); ok {
			*get(s) = v
		}
	}
}

func sequenceField(get func(*Spec) *NumberSequence) fieldDecoder {
	return func(d *decoder, p string, n *yaml.Node, s *Spec) {
		if v, ok := d.numberSequence(p, n); ok {
			*get(s) = v
		}
	}
}

// spec decodes the root mapping into s. A field with any problem keeps its
// default, so validation does not report it a second time.
func (d *decoder) spec(root *yaml.Node, s *Spec) {
	d.mapping("", root, specFieldNames, func(key string, val *yaml.Node) {
		for _, f := range specFields {
			if f.name == key {
				f.decode(d, key, val, s)
				return
			}
		}
	})
}

// mapping walks the pairs of mapping n at path, checking keys against
// allowed: non-scalar keys, merge keys, duplicates and unknown names are
// problems. It records each key's line under path.key and calls each for
// every good pair, and returns the value nodes by key. ok is false when any
// key was bad.
func (d *decoder) mapping(path string, n *yaml.Node, allowed []string, each func(key string, val *yaml.Node)) (vals map[string]*yaml.Node, ok bool) {
	vals = map[string]*yaml.Node{}
	keyLines := map[string]int{}
	ok = true
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		line := k.Line
		if !d.visit(line) {
			return vals, false
		}
		k = resolveAlias(k)
		if k.Kind != yaml.ScalarNode {
			d.add(line, path, "a key is %s; keys are field names", describe(k))
			ok = false
			continue
		}
		if k.ShortTag() == "!!merge" {
			d.add(line, path, "merge keys (<<) are not supported; write the fields out")
			ok = false
			continue
		}
		key := k.Value
		if key == "" {
			d.add(line, path, "an empty key; keys are field names")
			ok = false
			continue
		}
		field := join(path, key)
		if first, dup := keyLines[key]; dup {
			d.add(line, field, "duplicate key; it is already set at line %d", first)
			ok = false
			continue
		}
		keyLines[key] = line
		if !contains(allowed, key) {
			msg := "unknown field"
			if path != "" {
				msg = "unknown key"
			}
			if s := suggest(key, allowed); s != "" {
				d.add(line, field, "%s; did you mean %s?", msg, s)
			} else if path != "" {
				d.add(line, field, "%s; expected %s", msg, strings.Join(allowed, ", "))
			} else {
				d.add(line, field, "%s; see docs/effect-files.md for the fields", msg)
			}
			ok = false
			continue
		}
		d.lines[field] = line
		vals[key] = v
		if each != nil {
			each(key, v)
		}
	}
	return vals, ok
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// scalar resolves n and checks it is a scalar, reporting "expected want"
// otherwise.
func (d *decoder) scalar(path string, n *yaml.Node, want string) (*yaml.Node, bool) {
	line := n.Line
	if !d.visit(line) {
		return nil, false
	}
	n = resolveAlias(n)
	if n.Kind != yaml.ScalarNode {
		d.add(line, path, "expected %s, got %s", want, describe(n))
		return nil, false
	}
	return n, true
}

// number decodes a finite float64.
func (d *decoder) number(path string, n *yaml.Node) (float64, bool) {
	line := n.Line
	s, ok := d.scalar(path, n, "a number")
	if !ok {
		return 0, false
	}
	switch s.ShortTag() {
	case "!!int", "!!float":
		var v float64
		if err := s.Decode(&v); err != nil {
			if tooLarge(s.Value) {
				d.add(line, path, "%s is too large; it is not a finite number", clip(s.Value))
			} else {
				d.add(line, path, "%s is not a number", strconv.Quote(clip(s.Value)))
			}
			return 0, false
		}
		if !finite(v) {
			d.add(line, path, "%s is not a finite number", clip(s.Value))
			return 0, false
		}
		return v, true
	case "!!str":
		if s.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 && tooLarge(s.Value) {
			d.add(line, path, "%s is too large; it is not a finite number", clip(s.Value))
			return 0, false
		}
	}
	d.add(line, path, "expected a number, got %s", describe(s))
	return 0, false
}

// tooLarge reports whether s is a number beyond float64's range, such as 1e400.
func tooLarge(s string) bool {
	_, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return errors.Is(err, strconv.ErrRange)
}

// maxFileInt bounds the integers of an effect file: far beyond any limit
// Validate checks, and safe to convert on every platform.
const maxFileInt = math.MaxInt32

// integer decodes a whole number.
func (d *decoder) integer(path string, n *yaml.Node) (int, bool) {
	v, ok := d.number(path, n)
	if !ok {
		return 0, false
	}
	if v != math.Trunc(v) {
		d.add(n.Line, path, "%s is not a whole number", fmtNum(v))
		return 0, false
	}
	if math.Abs(v) > maxFileInt {
		d.add(n.Line, path, "%s is out of range [%d, %d]", fmtNum(v), -maxFileInt, maxFileInt)
		return 0, false
	}
	return int(v), true
}

// boolean decodes true or false.
func (d *decoder) boolean(path string, n *yaml.Node) (bool, bool) {
	line := n.Line
	s, ok := d.scalar(path, n, "true or false")
	if !ok {
		return false, false
	}
	if s.ShortTag() == "!!bool" {
		var v bool
		if err := s.Decode(&v); err == nil {
			return v, true
		}
	}
	d.add(line, path, "expected true or false, got %s", describe(s))
	return false, false
}

// str decodes a string.
func (d *decoder) str(path string, n *yaml.Node) (string, bool) {
	line := n.Line
	s, ok := d.scalar(path, n, "a string")
	if !ok {
		return "", false
	}
	switch s.ShortTag() {
	case "!!str":
		return s.Value, true
	case "!!int", "!!float", "!!bool":
		d.add(line, path, "expected a string, got %s (quote it)", describe(s))
	default:
		d.add(line, path, "expected a string, got %s", describe(s))
	}
	return "", false
}

// enum decodes one of names, exactly.
func (d *decoder) enum(path string, n *yaml.Node, names []string) (uint8, bool) {
	line := n.Line
	s, ok := d.scalar(path, n, "one of "+joinNames(names))
	if !ok {
		return 0, false
	}
	if s.ShortTag() == "!!str" {
		if v, ok := parseEnum(names, s.Value); ok {
			return v, true
		}
		if g := suggest(s.Value, names); g != "" {
			d.add(line, path, "unknown value %s; did you mean %s? (one of %s)", strconv.Quote(clip(s.Value)), g, joinNames(names))
		} else {
			d.add(line, path, "unknown value %s; expected one of %s", strconv.Quote(clip(s.Value)), joinNames(names))
		}
		return 0, false
	}
	d.add(line, path, "expected one of %s, got %s", joinNames(names), describe(s))
	return 0, false
}

// vector decodes a mapping with any subset of keys; missing ones are 0.
func (d *decoder) vector(path string, n *yaml.Node, keys []string) ([]float64, bool) {
	out := make([]float64, len(keys))
	m, ok := d.mappingNode(path, n, "{"+strings.Join(keys, ", ")+"}")
	if !ok {
		return out, false
	}
	vals, ok := d.mapping(path, m, keys, nil)
	for i, k := range keys {
		if v, present := vals[k]; present {
			x, good := d.number(path+"."+k, v)
			out[i] = x
			ok = ok && good
		}
	}
	return out, ok
}

// mappingNode resolves n and checks it is a mapping.
func (d *decoder) mappingNode(path string, n *yaml.Node, want string) (*yaml.Node, bool) {
	line := n.Line
	if !d.visit(line) {
		return nil, false
	}
	m := resolveAlias(n)
	if m.Kind != yaml.MappingNode {
		d.add(line, path, "expected %s, got %s", want, describe(m))
		return nil, false
	}
	return m, true
}

// fields decodes a mapping of numbers whose keys are required or optional.
// A missing required key is a problem naming path.key at the mapping's line.
func (d *decoder) fields(path string, m *yaml.Node, required, optional []string, hint string) (map[string]float64, bool) {
	allowed := append(append([]string(nil), required...), optional...)
	vals, ok := d.mapping(path, m, allowed, nil)
	keysOK := ok
	out := map[string]float64{}
	for _, k := range allowed {
		v, present := vals[k]
		if !present {
			// A bad key is most likely the missing one misspelt: one
			// problem is enough.
			if keysOK && contains(required, k) {
				d.add(m.Line, path+"."+k, "missing; %s", hint)
				ok = false
			}
			continue
		}
		x, good := d.number(path+"."+k, v)
		out[k] = x
		ok = ok && good
	}
	return out, ok
}

// numberRange decodes {Min, Max} or one number.
func (d *decoder) numberRange(path string, n *yaml.Node) (NumberRange, bool) {
	if r := resolveAlias(n); r.Kind != yaml.MappingNode {
		if r.Kind == yaml.ScalarNode {
			v, ok := d.number(path, n)
			return Constant(v), ok
		}
		if !d.visit(n.Line) {
			return NumberRange{}, false
		}
		d.add(n.Line, path, "expected a number or {Min, Max}, got %s", describe(r))
		return NumberRange{}, false
	}
	m, ok := d.mappingNode(path, n, "{Min, Max}")
	if !ok {
		return NumberRange{}, false
	}
	v, ok := d.fields(path, m, []string{"Min", "Max"}, nil, "a range needs both Min and Max (or one number for both)")
	return NumberRange{v["Min"], v["Max"]}, ok
}

// numberSequence decodes one number or a list of {Time, Value, Envelope}.
func (d *decoder) numberSequence(path string, n *yaml.Node) (NumberSequence, bool) {
	r := resolveAlias(n)
	switch r.Kind {
	case yaml.ScalarNode:
		v, ok := d.number(path, n)
		return ConstantSequence(v), ok
	case yaml.SequenceNode:
	default:
		if !d.visit(n.Line) {
			return nil, false
		}
		d.add(n.Line, path, "expected a number or a list of {Time, Value, Envelope} keypoints, got %s", describe(r))
		return nil, false
	}
	if !d.visit(n.Line) {
		return nil, false
	}
	q := make(NumberSequence, 0, min(len(r.Content), MaxKeypoints+1))
	ok := true
	for i, item := range r.Content {
		p := path + "[" + strconv.Itoa(i) + "]"
		d.lines[p] = item.Line
		m, good := d.mappingNode(p, item, "a keypoint {Time, Value, Envelope}")
		if !good {
			ok = false
			if d.stopped {
				return nil, false
			}
			continue
		}
		v, good := d.fields(p, m, []string{"Time", "Value"}, []string{"Envelope"}, "a keypoint needs Time and Value (Envelope is optional)")
		ok = ok && good
		q = append(q, NumberKeypoint{Time: v["Time"], Value: v["Value"], Envelope: v["Envelope"]})
	}
	return q, ok
}

// colorSequence decodes one colour or a list of {Time, Color}.
func (d *decoder) colorSequence(path string, n *yaml.Node) (ColorSequence, bool) {
	r := resolveAlias(n)
	if r.Kind != yaml.SequenceNode {
		c, ok := d.color(path, n)
		return ConstantColor(c), ok
	}
	if !d.visit(n.Line) {
		return nil, false
	}
	q := make(ColorSequence, 0, min(len(r.Content), MaxKeypoints+1))
	ok := true
	for i, item := range r.Content {
		p := path + "[" + strconv.Itoa(i) + "]"
		d.lines[p] = item.Line
		m, good := d.mappingNode(p, item, "a keypoint {Time, Color}")
		if !good {
			ok = false
			if d.stopped {
				return nil, false
			}
			continue
		}
		vals, keysOK := d.mapping(p, m, []string{"Time", "Color"}, nil)
		ok = ok && keysOK
		var k ColorKeypoint
		if v, present := vals["Time"]; present {
			k.Time, good = d.number(p+".Time", v)
			ok = ok && good
		} else {
			if keysOK {
				d.add(m.Line, p+".Time", "missing; a keypoint needs Time and Color")
			}
			ok = false
		}
		if v, present := vals["Color"]; present {
			k.Color, good = d.color(p+".Color", v)
			ok = ok && good
		} else {
			if keysOK {
				d.add(m.Line, p+".Color", "missing; a keypoint needs Time and Color")
			}
			ok = false
		}
		q = append(q, k)
	}
	return q, ok
}

// color decodes "#rrggbb" or {R, G, B}.
func (d *decoder) color(path string, n *yaml.Node) (Color, bool) {
	const want = `"#rrggbb" or {R, G, B}`
	r := resolveAlias(n)
	switch r.Kind {
	case yaml.MappingNode:
		m, ok := d.mappingNode(path, n, want)
		if !ok {
			return Color{}, false
		}
		v, ok := d.fields(path, m, []string{"R", "G", "B"}, nil, "a colour needs R, G and B, each in 0..1")
		return Color{v["R"], v["G"], v["B"]}, ok
	case yaml.ScalarNode:
		s, ok := d.scalar(path, n, want)
		if !ok {
			return Color{}, false
		}
		if s.ShortTag() == "!!str" {
			if c, ok := parseHexColor(s.Value); ok {
				return c, true
			}
			d.add(n.Line, path, "%s is not a colour; expected %s, such as \"#ff8800\"", strconv.Quote(clip(s.Value)), want)
			return Color{}, false
		}
		d.add(n.Line, path, "expected %s, got %s", want, describe(s))
		return Color{}, false
	}
	if d.visit(n.Line) {
		d.add(n.Line, path, "expected %s, got %s", want, describe(r))
	}
	return Color{}, false
}

// parseHexColor reads "#rrggbb" (hex digits in any case) into [0, 1] channels.
func parseHexColor(s string) (Color, bool) {
	if len(s) != 7 || s[0] != '#' {
		return Color{}, false
	}
	var ch [3]float64
	for i := range ch {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return Color{}, false
		}
		ch[i] = float64(v) / 255
	}
	return Color{ch[0], ch[1], ch[2]}, true
}

// suggest returns the name in names closest to s, when it is close enough
// to be a likely typo: the same name in another case, a name with a prefix
// such as Spray's, or within a small edit distance. It returns "" otherwise.
func suggest(s string, names []string) string {
	ls := strings.ToLower(s)
	for _, n := range names {
		if strings.ToLower(n) == ls {
			return n
		}
	}
	for _, n := range names {
		if len(n) >= 4 && len(ls) > len(n) && strings.HasSuffix(ls, strings.ToLower(n)) {
			return n
		}
	}
	best, bestD := "", 2+len(s)/5 // a distance below bestD is close enough
	for _, n := range names {
		if dist := editDistance(ls, strings.ToLower(n), bestD); dist < bestD {
			best, bestD = n, dist
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, or any value >=
// limit once it is clear the distance reaches limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
