package roblox

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// The XML format (.rbxmx, .rbxlx): a <roblox version="4"> root holding
// <Item class=".." referent=".."> elements, each with one <Properties>
// element and then its child items. A property is <TYPE name="Name">; its
// text or child elements encode the value (docs/roblox-import.md lists the
// types).

// xmlReader decodes one XML document.
type xmlReader struct {
	file      string
	d         *xml.Decoder
	instances int
}

func decodeXML(name string, data []byte) (*Document, error) {
	r := &xmlReader{file: name, d: xml.NewDecoder(bytes.NewReader(data))}
	r.d.Strict = true
	doc := &Document{Format: XML}
	seenRoot := false
	for {
		off := r.d.InputOffset()
		tok, err := r.d.Token()
		if errors.Is(err, io.EOF) {
			if !seenRoot {
				return nil, errorf(name, off, "no <roblox> element: not a Studio XML file")
			}
			return doc, nil
		}
		if err != nil {
			return nil, r.syntax(off, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if seenRoot {
				return nil, errorf(name, off, "<%s> after the <roblox> element", t.Name.Local)
			}
			if t.Name.Local != "roblox" {
				return nil, errorf(name, off, "the root element is <%s>, not <roblox>: not a Studio XML file", t.Name.Local)
			}
			if v, ok := attr(t, "version"); !ok || v != "4" {
				return nil, errorf(name, off, "<roblox> has version %q; only version \"4\" is known", v)
			}
			seenRoot = true
			if doc.Roots, err = r.items(nil, 1); err != nil {
				return nil, err
			}
		case xml.CharData:
			if !isSpace(t) {
				return nil, errorf(name, off, "text outside the <roblox> element")
			}
		}
	}
}

// items reads the content of <roblox> or of an <Item> after its
// <Properties>: child items, and skipped elements of other names, up to the
// enclosing end tag. parent is nil at the root.
func (r *xmlReader) items(parent *Instance, depth int) ([]*Instance, error) {
	var list []*Instance
	seenProps := false
	for {
		tok, off, err := r.next()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "Item":
				in, err := r.item(t, off, parent, depth)
				if err != nil {
					return nil, err
				}
				list = append(list, in)
			case "Properties":
				if parent == nil {
					return nil, errorf(r.file, off, "<Properties> outside an <Item>")
				}
				if seenProps || len(list) > 0 {
					return nil, errorf(r.file, off, "%s item has a second <Properties>, or one after its child items", parent.Class)
				}
				seenProps = true
				if err := r.properties(parent); err != nil {
					return nil, err
				}
			default:
				// <Meta>, <External>, <SharedStrings> and anything newer:
				// nothing an emitter needs.
				if err := r.d.Skip(); err != nil {
					return nil, r.syntax(r.d.InputOffset(), err)
				}
			}
		case xml.CharData:
			if !isSpace(t) {
				return nil, errorf(r.file, off, "unexpected text %q between elements", clip(string(t)))
			}
		case xml.EndElement:
			return list, nil
		}
	}
}

// item reads one <Item>, whose start tag t is at off.
func (r *xmlReader) item(t xml.StartElement, off int64, parent *Instance, depth int) (*Instance, error) {
	if depth > MaxDepth {
		return nil, errorf(r.file, off, "items nested more than %d deep", MaxDepth)
	}
	if r.instances++; r.instances > MaxInstances {
		return nil, errorf(r.file, off, "more than %d items", MaxInstances)
	}
	class, _ := attr(t, "class")
	if class == "" {
		return nil, errorf(r.file, off, "<Item> without a class attribute")
	}
	ref, _ := attr(t, "referent")
	in := &Instance{Class: class, Referent: ref, Offset: off, Parent: parent}
	children, err := r.items(in, depth+1)
	if err != nil {
		return nil, err
	}
	in.Children = children
	return in, nil
}

// properties reads the content of <Properties> into in.
func (r *xmlReader) properties(in *Instance) error {
	seen := map[string]int64{}
	for {
		tok, off, err := r.next()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name, ok := attr(t, "name")
			if !ok || name == "" {
				return errorf(r.file, off, "%s property <%s> without a name attribute", in.Class, t.Name.Local)
			}
			if first, dup := seen[name]; dup {
				return errorf(r.file, off, "%s property %q appears twice (first at offset %d)", in.Class, name, first)
			}
			seen[name] = off
			v, err := r.value(t.Name.Local)
			if err != nil {
				var e *Error
				if errors.As(err, &e) {
					return e
				}
				return errorf(r.file, off, "%s property %q (%s): %v", in.Class, name, t.Name.Local, err)
			}
			in.Properties = append(in.Properties, Property{Name: name, Value: v, Offset: off})
		case xml.CharData:
			if !isSpace(t) {
				return errorf(r.file, off, "unexpected text %q in <Properties>", clip(string(t)))
			}
		case xml.EndElement:
			return nil
		}
	}
}

// textTypes are the property types whose value is the element's text.
var textTypes = map[string]bool{
	"float": true, "double": true, "int": true, "int64": true, "bool": true, "string": true,
	"ProtectedString": true, "token": true, "Color3uint8": true, "BinaryString": true, "Ref": true,
}

// value decodes the content of a property element of type typ, up to and
// including its end tag.
func (r *xmlReader) value(typ string) (Value, error) {
	if textTypes[typ] {
		s, err := r.text()
		if err != nil {
			return nil, err
		}
		return textValue(typ, s)
	}
	switch typ {
	case "NumberRange":
		f, err := r.numbers()
		if err != nil {
			return nil, err
		}
		if len(f) != 2 {
			return nil, fmt.Errorf("has %d numbers; a NumberRange is two, min and max", len(f))
		}
		return NumberRange{f[0], f[1]}, nil
	case "NumberSequence":
		f, err := r.keypoints(3, "time, value, envelope")
		seq := make(NumberSequence, len(f)/3)
		for i := range seq {
			seq[i] = NumberKeypoint{f[3*i], f[3*i+1], f[3*i+2]}
		}
		return seq, err
	case "ColorSequence":
		f, err := r.keypoints(5, "time, r, g, b, envelope")
		seq := make(ColorSequence, len(f)/5)
		for i := range seq {
			seq[i] = ColorKeypoint{f[5*i], f[5*i+1], f[5*i+2], f[5*i+3], f[5*i+4]}
		}
		return seq, err
	case "Vector2":
		f, err := r.fields("X", "Y")
		return Vector2{f[0], f[1]}, err
	case "Vector3":
		f, err := r.fields("X", "Y", "Z")
		return Vector3{f[0], f[1], f[2]}, err
	case "Color3":
		f, err := r.fields("R", "G", "B")
		return Color3{f[0], f[1], f[2]}, err
	case "CoordinateFrame":
		f, err := r.fields("X", "Y", "Z", "R00", "R01", "R02", "R10", "R11", "R12", "R20", "R21", "R22")
		if err != nil {
			return nil, err
		}
		v := CFrame{Position: Vector3{f[0], f[1], f[2]}}
		copy(v.Rotation[:], f[3:])
		return v, nil
	case "Content":
		return r.content()
	}
	if err := r.d.Skip(); err != nil {
		return nil, r.syntax(r.d.InputOffset(), err)
	}
	return Unsupported{typ}, nil
}

// textValue decodes the text s of a property of one of the textTypes.
func textValue(typ, s string) (Value, error) {
	switch typ {
	case "float":
		v, err := parseFloat32(s)
		return Float32(v), err
	case "double":
		v, err := parseFloat(s, 64)
		return Float64(v), err
	case "int", "int64":
		bits := 32
		if typ == "int64" {
			bits = 64
		}
		v, err := strconv.ParseInt(strings.TrimSpace(s), 10, bits)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number in the %d-bit range", clip(s), bits)
		}
		if bits == 32 {
			return Int32(v), nil
		}
		return Int64(v), nil
	case "bool":
		switch t := strings.TrimSpace(s); {
		case strings.EqualFold(t, "true"):
			return Bool(true), nil
		case strings.EqualFold(t, "false"):
			return Bool(false), nil
		}
		return nil, fmt.Errorf("%q is not true or false", clip(s))
	case "string", "ProtectedString":
		return String(s), nil
	case "token":
		v, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not an enum's integer value", clip(s))
		}
		return Token(v), nil
	case "Color3uint8":
		v, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not a packed colour (a 32-bit whole number)", clip(s))
		}
		// The top byte is 0xFF from Studio and 0x00 from other writers: it
		// carries nothing.
		return Color3uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
	case "BinaryString":
		b, err := decodeBase64(s)
		return BinaryString(b), err
	case "Ref":
		if t := strings.TrimSpace(s); t != "null" {
			return Ref(t), nil
		}
		return Ref(""), nil
	}
	return nil, fmt.Errorf("no text type %s", typ)
}

// text reads character data up to the end tag; a child element is an
// error.
func (r *xmlReader) text() (string, error) {
	var b strings.Builder
	for {
		tok, _, err := r.next()
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.StartElement:
			return "", fmt.Errorf("unexpected element <%s> in a text value", t.Name.Local)
		case xml.EndElement:
			return b.String(), nil
		}
	}
}

// numbers reads a whitespace-separated list of float32s.
func (r *xmlReader) numbers() ([]float32, error) {
	s, err := r.text()
	if err != nil {
		return nil, err
	}
	words := strings.Fields(s)
	if len(words) > 5*MaxKeypoints {
		return nil, fmt.Errorf("has %d numbers, more than any value of this type holds", len(words))
	}
	f := make([]float32, len(words))
	for i, w := range words {
		if f[i], err = parseFloat32(w); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// keypoints reads a sequence's numbers, width per keypoint (named by
// layout), and checks the keypoint count; on an error it returns none.
func (r *xmlReader) keypoints(width int, layout string) ([]float32, error) {
	f, err := r.numbers()
	if err != nil {
		return nil, err
	}
	if len(f)%width != 0 {
		return nil, fmt.Errorf("has %d numbers, not a whole number of keypoints (%s)", len(f), layout)
	}
	if err := checkKeypoints(len(f) / width); err != nil {
		return nil, err
	}
	return f, nil
}

// fields reads child elements, one per name, each holding a float32; all
// are required, once each, and no others are allowed.
func (r *xmlReader) fields(names ...string) ([]float32, error) {
	f := make([]float32, len(names))
	got := make([]bool, len(names))
	for {
		tok, _, err := r.next()
		if err != nil {
			return f, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			i := indexOf(names, t.Name.Local)
			if i < 0 {
				return f, fmt.Errorf("unexpected element <%s>; want %s", t.Name.Local, strings.Join(names, ", "))
			}
			if got[i] {
				return f, fmt.Errorf("<%s> appears twice", t.Name.Local)
			}
			s, err := r.text()
			if err != nil {
				return f, err
			}
			if f[i], err = parseFloat32(s); err != nil {
				return f, fmt.Errorf("<%s>: %w", t.Name.Local, err)
			}
			got[i] = true
		case xml.CharData:
			if !isSpace(t) {
				return f, fmt.Errorf("unexpected text %q; want elements %s", clip(string(t)), strings.Join(names, ", "))
			}
		case xml.EndElement:
			for i, ok := range got {
				if !ok {
					return f, fmt.Errorf("no <%s>", names[i])
				}
			}
			return f, nil
		}
	}
}

// content reads a Content value: one child <url> or <uri> with the URL,
// <null> for none, <Ref> for an object, or the historic <binary> and
// <hash>, which mean none.
func (r *xmlReader) content() (Value, error) {
	var v Content
	children := 0
	var loose strings.Builder
	for {
		tok, _, err := r.next()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if children++; children > 1 {
				return nil, fmt.Errorf("a second child <%s>; Content has one", t.Name.Local)
			}
			switch t.Name.Local {
			case "url", "uri":
				s, err := r.text()
				if err != nil {
					return nil, err
				}
				v.URI = strings.TrimSpace(s)
			case "Ref":
				s, err := r.text()
				if err != nil {
					return nil, err
				}
				v.Object = strings.TrimSpace(s) != "" && strings.TrimSpace(s) != "null"
			case "null", "binary", "hash":
				if err := r.d.Skip(); err != nil {
					return nil, r.syntax(r.d.InputOffset(), err)
				}
			default:
				return nil, fmt.Errorf("unexpected element <%s>; Content holds <url>, <uri>, <null> or <Ref>", t.Name.Local)
			}
		case xml.CharData:
			loose.Write(t)
		case xml.EndElement:
			if s := strings.TrimSpace(loose.String()); s != "" {
				// The oldest files write the URL as the element's text.
				if children > 0 {
					return nil, fmt.Errorf("text %q beside a child element", clip(s))
				}
				v.URI = s
			}
			return v, nil
		}
	}
}

// next reads the next token and the offset it starts at; an error is an
// *Error there.
func (r *xmlReader) next() (xml.Token, int64, error) {
	off := r.d.InputOffset()
	tok, err := r.d.Token()
	if err != nil {
		return nil, off, r.syntax(off, err)
	}
	return tok, off, nil
}

// syntax turns a decoder error into an *Error at off.
func (r *xmlReader) syntax(off int64, err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return errorf(r.file, off, "XML syntax error (line %d): %s", se.Line, se.Msg)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errorf(r.file, off, "the file ends inside an element")
	}
	return errorf(r.file, off, "XML: %v", err)
}

func attr(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

func isSpace(b []byte) bool {
	return len(bytes.TrimFunc(b, unicode.IsSpace)) == 0
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// parseFloat32 reads a float as Studio prints them: decimal, or INF, -INF
// and NAN (in any case).
func parseFloat32(s string) (float32, error) {
	v, err := parseFloat(s, 32)
	return float32(v), err
}

func parseFloat(s string, bits int) (float64, error) {
	t := strings.TrimSpace(s)
	v, err := strconv.ParseFloat(t, bits)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("%q is not a number", clip(s))
	}
	// Out of range is a well-formed number: it reads as ±Inf (or 0), and the
	// importer clamps it like any other value.
	return v, nil
}

// decodeBase64 decodes a BinaryString: base64 with line breaks, or only
// whitespace for empty.
func decodeBase64(s string) ([]byte, error) {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	b, err := base64.StdEncoding.DecodeString(clean)
	if err != nil {
		return nil, fmt.Errorf("not base64: %v", err)
	}
	return b, nil
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}
