package yamldoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// parseJSON checks JSON syntax with encoding/json, which knows JSON exactly,
// then builds the node tree from its tokens.
func (d *Decoder) parseJSON(data []byte) *yaml.Node {
	var raw json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			d.Addf(lineAt(data, se.Offset), "", "JSON syntax: %s", se.Error())
		} else {
			d.Addf(1, "", "JSON: %s", err.Error())
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	j := &jsonReader{dec: dec, data: data, line: 1, room: d.format.MaxTree}
	n, err := j.node()
	if errors.Is(err, errTooManyValues) {
		d.Addf(j.line, "", "more than the %d values a document may have; reading stopped here", d.format.MaxTree)
		return nil
	}
	if err != nil {
		d.Addf(lineAt(data, dec.InputOffset()), "", "JSON: %s", err.Error())
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
	room int   // values that may still be built
}

var errTooManyValues = errors.New("too many values")

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

// node reads one value as a yaml.Node: objects as mappings, arrays as
// sequences, strings double-quoted, numbers tagged !!int when they are
// integers and !!float otherwise.
func (j *jsonReader) node() (*yaml.Node, error) {
	tok, err := j.dec.Token()
	if err != nil {
		return nil, err
	}
	line := j.lineNow()
	if j.room--; j.room < 0 {
		return nil, errTooManyValues
	}
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
