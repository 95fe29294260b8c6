package yamldoc

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// IsJSON reports whether a file name says JSON: it ends in ".json", in any
// case.
func IsJSON(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".json") }

// Parse reads data as JSON when the decoder's file name says so ([IsJSON]),
// as YAML otherwise, and returns the root mapping node. When the document is
// unusable (too large, empty, bad text or syntax, several documents, not a
// mapping) it records why and returns nil.
func (d *Decoder) Parse(data []byte) *yaml.Node {
	if IsJSON(d.file) {
		return d.ParseJSON(data)
	}
	return d.ParseYAML(data)
}

// ParseYAML is [Decoder.Parse] for YAML: the first document, rejecting any
// after it. Before the YAML parser sees the text, its values are counted
// from above ([Format.MaxTree]): every value but the root is brought in by
// an indicator, a block entry "-" or a flow sequence's "[" one value, a
// key's ":" or "?", a flow mapping's "{" or a flow entry's "," at most a key
// and its value, a line's leading "." (of "...") the root of a document
// after it. Full-line comments are not counted, up to a quote on the
// line (where a quoted scalar holding the line may end).
func (d *Decoder) ParseYAML(data []byte) *yaml.Node {
	if !d.checkSize(data) || !d.checkTree(yamlTreeBound(data)) {
		return nil
	}
	return d.root(d.parseYAML(data))
}

// ParseJSON is [Decoder.Parse] for JSON. The tree is built from
// encoding/json's tokens (the YAML parser rejects some valid JSON, such as
// the "\/" escape) with the same node kinds, tags and lines a YAML document
// gives, so one decoder reads both. A UTF-8 byte-order mark at the start is
// skipped, as the YAML parser skips it: editors on Windows write one, and
// RFC 8259 (section 8.1) lets a parser ignore it.
func (d *Decoder) ParseJSON(data []byte) *yaml.Node {
	data = bytes.TrimPrefix(data, byteOrderMark)
	if !d.checkSize(data) {
		return nil
	}
	return d.root(d.parseJSON(data))
}

// byteOrderMark is U+FEFF in UTF-8.
var byteOrderMark = []byte("\ufeff")

// checkSize refuses documents that are too large or hold nothing but spaces.
func (d *Decoder) checkSize(data []byte) bool {
	if max := d.format.MaxSize; len(data) > max {
		size := strconv.Itoa(max) + " bytes"
		if max%(1<<20) == 0 {
			size = strconv.Itoa(max>>20) + " MiB"
		}
		if d.format.SizeHint != "" {
			d.Addf(1, "", "the file is larger than %s; %s", size, d.format.SizeHint)
		} else {
			d.Addf(1, "", "the file is larger than %s", size)
		}
		return false
	}
	if len(bytes.TrimSpace(data)) == 0 {
		d.Addf(1, "", "the file is empty; %s", d.format.Root)
		return false
	}
	return true
}

// checkTree refuses a document that may hold more values than MaxTree.
func (d *Decoder) checkTree(values int) bool {
	if values <= d.format.MaxTree {
		return true
	}
	d.Addf(1, "", "the text has room for %d values (counting its YAML indicators), more than the %d a document may have; it was not parsed", values, d.format.MaxTree)
	return false
}

// yamlTreeBound is the upper bound of the values YAML text holds that
// [Decoder.ParseYAML] describes.
func yamlTreeBound(data []byte) int {
	n := 1 // the root
	lineStart := true
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n', '\r':
			lineStart = true
			continue
		case ' ', '\t':
			continue
		case '#':
			if lineStart {
				for ; i+1 < len(data); i++ {
					if c := data[i+1]; c == '\n' || c == '\r' || c == '"' || c == '\'' {
						break
					}
				}
			}
		case '-', '[':
			n++
		case '.':
			if lineStart {
				n++ // "...": a document may follow, with its root
			}
		case ':', '?', '{', ',':
			n += 2
		}
		lineStart = false
	}
	return n
}

// root checks the parsed document is a mapping.
func (d *Decoder) root(doc *yaml.Node) *yaml.Node {
	if doc == nil {
		return nil
	}
	doc = Resolve(doc)
	d.rootLine = doc.Line
	if doc.Kind != yaml.MappingNode {
		d.Addf(doc.Line, "", "the document is %s; %s", Describe(doc), d.format.Root)
		return nil
	}
	return doc
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func (d *Decoder) parseYAML(data []byte) *yaml.Node {
	if line, msg, bad := badText(data); bad {
		d.Addf(line, "", "%s", msg)
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			d.Addf(1, "", "the file has no content; %s", d.format.Root)
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
		d.Addf(next.Line, "", "a second YAML document starts here; %s", d.format.OneDocument)
		return nil
	}
	if len(doc.Content) == 0 {
		d.Addf(1, "", "the file has no content; %s", d.format.Root)
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

func (d *Decoder) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1 // no line in the message: the first line
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		if contains(yamlParserProblems, msg) {
			line++
		}
	}
	d.Addf(max(line, 1), "", "YAML syntax: %s", msg)
}

// badText finds what the YAML parser rejects without a line number: invalid
// UTF-8 and control characters.
func badText(data []byte) (line int, msg string, bad bool) {
	line = 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return line, fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", data[i]), true
		case r == '\n' || (r == '\r' && (i+1 == len(data) || data[i+1] != '\n')):
			line++ // YAML breaks lines at LF, CRLF and a lone CR
		case r == '\t' || r == '\r' || r == 0x85:
		case r < 0x20 || (r >= 0x7f && r < 0xa0) || (r >= 0xd800 && r < 0xe000) || r == 0xfffe || r == 0xffff:
			return line, fmt.Sprintf("control character U+%04X is not allowed", r), true
		}
		i += size
	}
	return 0, "", false
}
