package effectfile

import (
	"strconv"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// The decoders of the value kinds particular to effects
// (docs/effect-files.md, "Value kinds"). Each reports its problems on d and
// returns ok false when the value has any.

// numberRange decodes {Min, Max} or one number for both.
func numberRange(d *yamldoc.Decoder, path string, n *yaml.Node) (emitter.NumberRange, bool) {
	if r := yamldoc.Resolve(n); r.Kind != yaml.MappingNode {
		if r.Kind == yaml.ScalarNode {
			v, ok := d.Number(path, n)
			return emitter.Constant(v), ok
		}
		if !d.Visit(n.Line) {
			return emitter.NumberRange{}, false
		}
		d.Addf(n.Line, path, "expected a number or {Min, Max}, got %s", yamldoc.Describe(r))
		return emitter.NumberRange{}, false
	}
	m, ok := d.MappingNode(path, n, "{Min, Max}")
	if !ok {
		return emitter.NumberRange{}, false
	}
	v, ok := d.NumberFields(path, m, []string{"Min", "Max"}, nil, "a range needs both Min and Max (or one number for both)")
	return emitter.NumberRange{Min: v["Min"], Max: v["Max"]}, ok
}

// keypointCap sizes a sequence's slice for the list n without trusting its
// length beyond what validation accepts.
func keypointCap(n *yaml.Node) int {
	return min(len(yamldoc.Resolve(n).Content), emitter.MaxKeypoints+1)
}

// numberSequence decodes one number or a list of {Time, Value, Envelope}.
func numberSequence(d *yamldoc.Decoder, path string, n *yaml.Node) (emitter.NumberSequence, bool) {
	if yamldoc.Resolve(n).Kind == yaml.ScalarNode {
		v, ok := d.Number(path, n)
		return emitter.ConstantSequence(v), ok
	}
	q := make(emitter.NumberSequence, 0, keypointCap(n))
	ok := d.Elements(path, n, "a number or a list of {Time, Value, Envelope} keypoints", func(p string, item *yaml.Node) bool {
		m, ok := d.MappingNode(p, item, "a keypoint {Time, Value, Envelope}")
		if !ok {
			return false
		}
		v, ok := d.NumberFields(p, m, []string{"Time", "Value"}, []string{"Envelope"}, "a keypoint needs Time and Value (Envelope is optional)")
		q = append(q, emitter.NumberKeypoint{Time: v["Time"], Value: v["Value"], Envelope: v["Envelope"]})
		return ok
	})
	return q, ok
}

// colorSequence decodes one colour or a list of {Time, Color}.
func colorSequence(d *yamldoc.Decoder, path string, n *yaml.Node) (emitter.ColorSequence, bool) {
	if yamldoc.Resolve(n).Kind != yaml.SequenceNode {
		c, ok := color(d, path, n)
		return emitter.ConstantColor(c), ok
	}
	q := make(emitter.ColorSequence, 0, keypointCap(n))
	ok := d.Elements(path, n, "a list of {Time, Color} keypoints", func(p string, item *yaml.Node) bool {
		m, ok := d.MappingNode(p, item, "a keypoint {Time, Color}")
		if !ok {
			return false
		}
		vals, keysOK := d.Mapping(p, m, []string{"Time", "Color"}, nil)
		ok = keysOK
		var k emitter.ColorKeypoint
		if v, present := vals["Time"]; present {
			var good bool
			k.Time, good = d.Number(yamldoc.Join(p, "Time"), v)
			ok = ok && good
		} else {
			if keysOK {
				d.Addf(m.Line, yamldoc.Join(p, "Time"), "missing; a keypoint needs Time and Color")
			}
			ok = false
		}
		if v, present := vals["Color"]; present {
			var good bool
			k.Color, good = color(d, yamldoc.Join(p, "Color"), v)
			ok = ok && good
		} else {
			if keysOK {
				d.Addf(m.Line, yamldoc.Join(p, "Color"), "missing; a keypoint needs Time and Color")
			}
			ok = false
		}
		q = append(q, k)
		return ok
	})
	return q, ok
}

// color decodes "#rrggbb" or {R, G, B}.
func color(d *yamldoc.Decoder, path string, n *yaml.Node) (emitter.Color, bool) {
	const want = `"#rrggbb" or {R, G, B}`
	r := yamldoc.Resolve(n)
	switch r.Kind {
	case yaml.MappingNode:
		m, ok := d.MappingNode(path, n, want)
		if !ok {
			return emitter.Color{}, false
		}
		v, ok := d.NumberFields(path, m, []string{"R", "G", "B"}, nil, "a colour needs R, G and B, each in 0..1")
		return emitter.Color{R: v["R"], G: v["G"], B: v["B"]}, ok
	case yaml.ScalarNode:
		s, ok := d.Scalar(path, n, want)
		if !ok {
			return emitter.Color{}, false
		}
		if s.ShortTag() == "!!str" {
			if c, ok := parseHexColor(s.Value); ok {
				return c, true
			}
			d.Addf(n.Line, path, "%s is not a colour; expected %s, such as \"#ff8800\"", strconv.Quote(yamldoc.Clip(s.Value)), want)
			return emitter.Color{}, false
		}
		d.Addf(n.Line, path, "expected %s, got %s", want, yamldoc.Describe(s))
		return emitter.Color{}, false
	}
	if d.Visit(n.Line) {
		d.Addf(n.Line, path, "expected %s, got %s", want, yamldoc.Describe(r))
	}
	return emitter.Color{}, false
}

// parseHexColor reads "#rrggbb" (hex digits in any case) into [0, 1] channels.
func parseHexColor(s string) (emitter.Color, bool) {
	if len(s) != 7 || s[0] != '#' {
		return emitter.Color{}, false
	}
	var ch [3]float64
	for i := range ch {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return emitter.Color{}, false
		}
		ch[i] = float64(v) / 255
	}
	return emitter.Color{R: ch[0], G: ch[1], B: ch[2]}, true
}
