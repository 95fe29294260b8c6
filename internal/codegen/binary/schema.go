package binary

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// Schema is a parsed schema: the records of one binary format and the Go
// types they are held in.
type Schema struct {
	// Package is the Go package the codec is generated into.
	Package string
	// Imports are the packages the Go types live in.
	Imports []Import
	// Magic is the format's four ASCII bytes, Version its format version.
	Magic   string
	Version int
	// Consts are limits the schema defines itself (exported constants of
	// the generated package).
	Consts  []*Const
	Strings []*StringKind
	Enums   []*Enum
	Records []*Record
	// Document is the root: its scalar fields and its sections.
	Document *Document
}

// Import is an imported Go package: Alias is how types name it.
type Import struct {
	Alias, Path string
}

// Const is a limit defined by the schema.
type Const struct {
	Name  string
	Value int
	// Doc is the trailing comment of its line.
	Doc  string
	Line int
}

// Limit is an upper bound written in the schema: an integer, the name of
// a schema constant or a qualified Go constant (pkg.Name). Value is
// known for the first two; the generated code checks the third at compile
// time against the width it has to fit.
type Limit struct {
	Expr  string
	Value int
	Known bool
}

// StringKind is a kind of length-prefixed string.
type StringKind struct {
	Name string
	// Width is the byte width of the length prefix (1 or 2).
	Width int
	Max   Limit
	Line  int
}

// Enum is a one-byte enumeration mapped to Go constants.
type Enum struct {
	Name, GoType string
	Values       []EnumValue
	Line         int
}

// EnumValue is one value of an enum: its byte, its name in messages and
// documentation, and the Go constant it stands for.
type EnumValue struct {
	Wire    int
	Name    string
	GoConst string
}

// Record is a Go struct stored as its fields in order.
type Record struct {
	Name, GoType string
	Fields       []*Field
	Line         int
}

// Document is the root record. Its scalar fields are stored in a first
// section of one record, tagged Tag; each section field is a section of
// its own, in order.
type Document struct {
	GoType string
	Tag    string
	Fields []*Field
	Line   int
}

// Field is one field of a record: Wire names it in element paths, GoField
// in the Go struct. A Key field is a string that names its record in
// element paths (presets[torch] rather than presets[2]).
type Field struct {
	Wire, GoField string
	Type          *Type
	Key           bool
	Line          int
}

// Kind is the kind of a field's type.
type Kind int

// Kinds of field types.
const (
	F64     Kind = iota // IEEE 754 binary64
	Uint                // unsigned integer of Width bytes
	Bytes               // N raw bytes
	String              // a string of a StringKind
	EnumRef             // an Enum
	RecRef              // a Record
	List                // a count of Width bytes, then elements
	Section             // a section of records (document fields only)
)

// Type is the type of a field or of a list's elements.
type Type struct {
	Kind Kind
	// Width is the integer's or the list count's byte width.
	Width int
	// GoType is the Go type of a Uint.
	GoType string
	// N is the length of Bytes.
	N      int
	String *StringKind
	Enum   *Enum
	Record *Record
	// Max bounds a List's or Section's count.
	Max  Limit
	Elem *Type
	// Tag is a Section's tag.
	Tag string

	// name is the unresolved name of an enum or record.
	name string
}

// Error is a problem in a schema, at a line of its file.
type Error struct {
	File    string
	Line    int
	Message string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Message)
	}
	return e.File + ": " + e.Message
}

// goInts are the Go integer types a Uint may be held in, with their bit
// sizes (int and uint are taken as 64 bits; the generated code checks
// ranges in int64 or uint64 either way).
var goInts = map[string]struct {
	bits   int
	signed bool
}{
	"int": {64, true}, "int8": {8, true}, "int16": {16, true}, "int32": {32, true}, "int64": {64, true},
	"uint": {64, false}, "uint8": {8, false}, "uint16": {16, false}, "uint32": {32, false}, "uint64": {64, false},
}

// widths maps the wire integer names to byte widths.
var widths = map[string]int{"u8": 1, "u16": 2, "u32": 4}

// Parse reads a schema. name is the file name used in errors. It reports
// the first problem, with its line.
func Parse(name string, src []byte) (*Schema, error) {
	p := &schemaParser{file: name, s: &Schema{}, names: map[string]int{}}
	if err := p.parse(string(src)); err != nil {
		return nil, err
	}
	return p.s, nil
}

type schemaParser struct {
	file  string
	s     *Schema
	names map[string]int // top-level names (consts, strings, enums, records) to their lines
	// block is the record, enum or document indented lines belong to.
	block any
	// pending are the types whose enum or record names are resolved
	// once the whole file is read.
	pending []pendingType
}

type pendingType struct {
	t    *Type
	line int
}

func (p *schemaParser) errf(line int, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Message: fmt.Sprintf(format, args...)}
}

func (p *schemaParser) parse(src string) error {
	for i, raw := range strings.Split(src, "\n") {
		line := i + 1
		text, comment, _ := strings.Cut(strings.TrimRight(raw, " \t\r"), "#")
		comment = strings.TrimSpace(comment)
		words := strings.Fields(text)
		if len(words) == 0 {
			continue
		}
		if text[0] == ' ' || text[0] == '\t' {
			if err := p.member(line, words); err != nil {
				return err
			}
			continue
		}
		p.block = nil
		if err := p.top(line, words, comment); err != nil {
			return err
		}
	}
	return p.finish()
}

// top parses an unindented line.
func (p *schemaParser) top(line int, w []string, comment string) error {
	s := p.s
	want := func(n int, usage string) error {
		if len(w) != n {
			return p.errf(line, "%s: want %q", w[0], usage)
		}
		return nil
	}
	switch w[0] {
	case "package":
		if err := want(2, "package NAME"); err != nil {
			return err
		}
		if s.Package != "" {
			return p.errf(line, "package given twice")
		}
		if !token.IsIdentifier(w[1]) {
			return p.errf(line, "package %q is not a Go identifier", w[1])
		}
		s.Package = w[1]
	case "import":
		if err := want(3, "import ALIAS PATH"); err != nil {
			return err
		}
		if !token.IsIdentifier(w[1]) {
			return p.errf(line, "import alias %q is not a Go identifier", w[1])
		}
		for _, im := range s.Imports {
			if im.Alias == w[1] {
				return p.errf(line, "import alias %s given twice", w[1])
			}
		}
		s.Imports = append(s.Imports, Import{Alias: w[1], Path: w[2]})
	case "magic":
		if err := want(2, "magic XXXX"); err != nil {
			return err
		}
		if s.Magic != "" {
			return p.errf(line, "magic given twice")
		}
		if !isTag(w[1]) {
			return p.errf(line, "magic %q: want 4 printable ASCII characters", w[1])
		}
		s.Magic = w[1]
	case "version":
		if err := want(2, "version N"); err != nil {
			return err
		}
		if s.Version != 0 {
			return p.errf(line, "version given twice")
		}
		v, err := strconv.Atoi(w[1])
		if err != nil || v < 1 || v > 0xffff {
			return p.errf(line, "version %q: want an integer from 1 to 65535", w[1])
		}
		s.Version = v
	case "const":
		if err := want(3, "const Name VALUE"); err != nil {
			return err
		}
		if err := p.declare(line, w[1]); err != nil {
			return err
		}
		if !token.IsExported(w[1]) {
			return p.errf(line, "const %s: want an exported Go name", w[1])
		}
		v, err := strconv.Atoi(w[2])
		if err != nil || v < 0 {
			return p.errf(line, "const %s: value %q is not a non-negative integer", w[1], w[2])
		}
		if comment == "" {
			return p.errf(line, "const %s: want a trailing # comment saying what it limits", w[1])
		}
		s.Consts = append(s.Consts, &Const{Name: w[1], Value: v, Doc: comment, Line: line})
	case "string":
		if err := want(4, "string KIND u8|u16 MAX"); err != nil {
			return err
		}
		if err := p.declare(line, w[1]); err != nil {
			return err
		}
		width, ok := widths[w[2]]
		if !ok || width > 2 {
			return p.errf(line, "string %s: length prefix %q: want u8 or u16", w[1], w[2])
		}
		max, err := p.limit(line, w[3])
		if err != nil {
			return err
		}
		s.Strings = append(s.Strings, &StringKind{Name: w[1], Width: width, Max: max, Line: line})
	case "enum", "record":
		if err := want(3, w[0]+" Name GoType"); err != nil {
			return err
		}
		if err := p.declare(line, w[1]); err != nil {
			return err
		}
		if err := p.goType(line, w[2]); err != nil {
			return err
		}
		if w[0] == "enum" {
			e := &Enum{Name: w[1], GoType: w[2], Line: line}
			s.Enums = append(s.Enums, e)
			p.block = e
		} else {
			r := &Record{Name: w[1], GoType: w[2], Line: line}
			s.Records = append(s.Records, r)
			p.block = r
		}
	case "document":
		if err := want(3, "document GoType TAG"); err != nil {
			return err
		}
		if s.Document != nil {
			return p.errf(line, "document given twice")
		}
		if err := p.goType(line, w[1]); err != nil {
			return err
		}
		if !isTag(w[2]) {
			return p.errf(line, "document tag %q: want 4 printable ASCII characters", w[2])
		}
		s.Document = &Document{GoType: w[1], Tag: w[2], Line: line}
		p.block = s.Document
	default:
		return p.errf(line, "unknown directive %q (want package, import, magic, version, const, string, enum, record or document)", w[0])
	}
	return nil
}

// declare reserves a top-level name.
func (p *schemaParser) declare(line int, name string) error {
	if !token.IsIdentifier(name) {
		return p.errf(line, "%q is not a Go identifier", name)
	}
	if prev, ok := p.names[name]; ok {
		return p.errf(line, "%s is already declared on line %d", name, prev)
	}
	p.names[name] = line
	return nil
}

// goType checks a Go type name: an identifier, or alias.Name of an
// import given before it.
func (p *schemaParser) goType(line int, t string) error {
	pkg, name, qualified := strings.Cut(t, ".")
	if !qualified {
		if !token.IsIdentifier(t) {
			return p.errf(line, "Go type %q is not an identifier", t)
		}
		return nil
	}
	if !token.IsIdentifier(pkg) || !token.IsIdentifier(name) {
		return p.errf(line, "Go type %q: want Name or alias.Name", t)
	}
	for _, im := range p.s.Imports {
		if im.Alias == pkg {
			return nil
		}
	}
	return p.errf(line, "Go type %q: no import named %s", t, pkg)
}

// limit parses a MAX: an integer, a schema constant or alias.Name.
func (p *schemaParser) limit(line int, expr string) (Limit, error) {
	if v, err := strconv.Atoi(expr); err == nil {
		if v < 0 {
			return Limit{}, p.errf(line, "limit %s is negative", expr)
		}
		return Limit{Expr: expr, Value: v, Known: true}, nil
	}
	if strings.Contains(expr, ".") {
		if err := p.goType(line, expr); err != nil {
			return Limit{}, p.errf(line, "limit %q: want an integer, a const of the schema or alias.Name", expr)
		}
		return Limit{Expr: expr}, nil
	}
	for _, c := range p.s.Consts {
		if c.Name == expr {
			return Limit{Expr: expr, Value: c.Value, Known: true}, nil
		}
	}
	return Limit{}, p.errf(line, "limit %q: want an integer, a const declared above or alias.Name", expr)
}

// member parses an indented line: an enum value or a field.
func (p *schemaParser) member(line int, w []string) error {
	switch b := p.block.(type) {
	case *Enum:
		if len(w) != 3 {
			return p.errf(line, "enum %s: want \"VALUE name GoConst\"", b.Name)
		}
		v, err := strconv.Atoi(w[0])
		if err != nil || v < 0 || v > 0xff {
			return p.errf(line, "enum %s: value %q: want an integer from 0 to 255", b.Name, w[0])
		}
		if !isWireName(w[1]) {
			return p.errf(line, "enum %s: name %q: want lowercase letters, digits and '_'", b.Name, w[1])
		}
		if err := p.goType(line, w[2]); err != nil {
			return err
		}
		for _, o := range b.Values {
			if o.Wire == v {
				return p.errf(line, "enum %s: value %d given twice", b.Name, v)
			}
			if o.Name == w[1] {
				return p.errf(line, "enum %s: name %s given twice", b.Name, w[1])
			}
		}
		b.Values = append(b.Values, EnumValue{Wire: v, Name: w[1], GoConst: w[2]})
		return nil
	case *Record:
		f, err := p.field(line, w, false)
		if err != nil {
			return err
		}
		for _, o := range b.Fields {
			if o.Wire == f.Wire || o.GoField == f.GoField {
				return p.errf(line, "record %s: field %s given twice", b.Name, f.Wire)
			}
			if o.Key && f.Key {
				return p.errf(line, "record %s: a second key field %s (the first is %s)", b.Name, f.Wire, o.Wire)
			}
		}
		b.Fields = append(b.Fields, f)
		return nil
	case *Document:
		f, err := p.field(line, w, true)
		if err != nil {
			return err
		}
		for _, o := range b.Fields {
			if o.Wire == f.Wire || o.GoField == f.GoField {
				return p.errf(line, "document: field %s given twice", f.Wire)
			}
			if f.Type.Kind == Section && o.Type.Kind == Section && o.Type.Tag == f.Type.Tag {
				return p.errf(line, "document: section tag %s given twice", f.Type.Tag)
			}
		}
		if f.Type.Kind == Section && f.Type.Tag == b.Tag {
			return p.errf(line, "document: section tag %s is the document's own", f.Type.Tag)
		}
		b.Fields = append(b.Fields, f)
		return nil
	}
	return p.errf(line, "indented line outside an enum, record or document")
}

// field parses "wire GoField type...".
func (p *schemaParser) field(line int, w []string, inDocument bool) (*Field, error) {
	if len(w) < 3 {
		return nil, p.errf(line, "field: want \"wire-name GoField type\"")
	}
	if !isWireName(w[0]) {
		return nil, p.errf(line, "field name %q: want lowercase letters, digits and '_', starting with a letter", w[0])
	}
	if !token.IsExported(w[1]) {
		return nil, p.errf(line, "field %s: Go field %q is not an exported identifier", w[0], w[1])
	}
	t, rest, err := p.typ(line, w[2:], inDocument, true)
	if err != nil {
		return nil, p.errf(line, "field %s: %s", w[0], err.(*Error).Message)
	}
	f := &Field{Wire: w[0], GoField: w[1], Type: t, Line: line}
	if len(rest) > 0 && rest[0] == "key" {
		if t.Kind != String || inDocument {
			return nil, p.errf(line, "field %s: only a record's string field can be its key", w[0])
		}
		f.Key, rest = true, rest[1:]
	}
	if len(rest) > 0 {
		return nil, p.errf(line, "field %s: unexpected %q after the type", w[0], strings.Join(rest, " "))
	}
	return f, nil
}

// typ parses a type from w and returns the words after it.
func (p *schemaParser) typ(line int, w []string, inDocument, listOK bool) (*Type, []string, error) {
	if len(w) == 0 {
		return nil, nil, p.errf(line, "missing type")
	}
	need := func(n int, usage string) error {
		if len(w) < n {
			return p.errf(line, "%s: want %q", w[0], usage)
		}
		return nil
	}
	switch w[0] {
	case "f64":
		return &Type{Kind: F64}, w[1:], nil
	case "u8", "u16", "u32":
		if err := need(2, w[0]+" GOTYPE"); err != nil {
			return nil, nil, err
		}
		gi, ok := goInts[w[1]]
		if !ok {
			return nil, nil, p.errf(line, "%s: Go type %q is not a Go integer type", w[0], w[1])
		}
		width := widths[w[0]]
		if bits := gi.bits; bits < 8*width || (gi.signed && bits == 8*width) {
			return nil, nil, p.errf(line, "%s: Go type %s cannot hold every %d-byte value", w[0], w[1], width)
		}
		return &Type{Kind: Uint, Width: width, GoType: w[1]}, w[2:], nil
	case "bytes":
		if err := need(2, "bytes N"); err != nil {
			return nil, nil, err
		}
		n, err := strconv.Atoi(w[1])
		if err != nil || n < 1 || n > 1<<16 {
			return nil, nil, p.errf(line, "bytes: length %q: want an integer from 1 to 65536", w[1])
		}
		return &Type{Kind: Bytes, N: n}, w[2:], nil
	case "string":
		if err := need(2, "string KIND"); err != nil {
			return nil, nil, err
		}
		for _, k := range p.s.Strings {
			if k.Name == w[1] {
				return &Type{Kind: String, String: k}, w[2:], nil
			}
		}
		return nil, nil, p.errf(line, "string: no string kind %q declared above", w[1])
	case "list":
		if !listOK {
			return nil, nil, p.errf(line, "a list's elements cannot be lists")
		}
		if err := need(4, "list u8|u16 MAX ELEM"); err != nil {
			return nil, nil, err
		}
		width, ok := widths[w[1]]
		if !ok || width > 2 {
			return nil, nil, p.errf(line, "list: count %q: want u8 or u16", w[1])
		}
		max, err := p.limit(line, w[2])
		if err != nil {
			return nil, nil, err
		}
		if max.Known && max.Value >= 1<<(8*width) {
			return nil, nil, p.errf(line, "list: limit %s (%d) does not fit a %s count", max.Expr, max.Value, w[1])
		}
		elem, rest, err := p.typ(line, w[3:], false, false)
		if err != nil {
			return nil, nil, err
		}
		if elem.Kind == Section {
			return nil, nil, p.errf(line, "a list's elements cannot be sections")
		}
		return &Type{Kind: List, Width: width, Max: max, Elem: elem}, rest, nil
	case "section":
		if !inDocument {
			return nil, nil, p.errf(line, "sections belong to the document")
		}
		if err := need(4, "section TAG MAX RECORD"); err != nil {
			return nil, nil, err
		}
		if !isTag(w[1]) {
			return nil, nil, p.errf(line, "section tag %q: want 4 printable ASCII characters", w[1])
		}
		max, err := p.limit(line, w[2])
		if err != nil {
			return nil, nil, err
		}
		t := &Type{Kind: Section, Tag: w[1], Max: max, name: w[3]}
		p.pending = append(p.pending, pendingType{t, line})
		return t, w[4:], nil
	}
	if !token.IsIdentifier(w[0]) {
		return nil, nil, p.errf(line, "unknown type %q", w[0])
	}
	t := &Type{name: w[0]}
	p.pending = append(p.pending, pendingType{t, line})
	return t, w[1:], nil
}

// finish resolves names and checks what needs the whole file.
func (p *schemaParser) finish() error {
	s := p.s
	for _, miss := range []struct {
		ok   bool
		what string
	}{{s.Package != "", "package"}, {s.Magic != "", "magic"}, {s.Version != 0, "version"}, {s.Document != nil, "document"}} {
		if !miss.ok {
			return p.errf(0, "no %s line", miss.what)
		}
	}
	for _, e := range s.Enums {
		if len(e.Values) == 0 {
			return p.errf(e.Line, "enum %s has no values", e.Name)
		}
	}
	for _, r := range s.Records {
		if len(r.Fields) == 0 {
			return p.errf(r.Line, "record %s has no fields", r.Name)
		}
	}
	for _, pt := range p.pending {
		if pt.t.Kind == Section {
			r := p.record(pt.t.name)
			if r == nil {
				return p.errf(pt.line, "section %s: no record %q", pt.t.Tag, pt.t.name)
			}
			pt.t.Record = r
			continue
		}
		if e := p.enum(pt.t.name); e != nil {
			pt.t.Kind, pt.t.Enum = EnumRef, e
		} else if r := p.record(pt.t.name); r != nil {
			pt.t.Kind, pt.t.Record = RecRef, r
		} else {
			return p.errf(pt.line, "unknown type %q (not a built-in type, enum or record)", pt.t.name)
		}
	}
	d := s.Document
	sections := 0
	for _, f := range d.Fields {
		switch f.Type.Kind {
		case Section:
			sections++
		case List:
			return p.errf(f.Line, "document: field %s: a document's lists are sections", f.Wire)
		}
	}
	if sections == 0 {
		return p.errf(d.Line, "document has no sections")
	}
	// A record that holds itself has no finite encoding.
	state := map[*Record]int{}
	var visit func(r *Record) error
	visit = func(r *Record) error {
		switch state[r] {
		case 1:
			return p.errf(r.Line, "record %s contains itself", r.Name)
		case 2:
			return nil
		}
		state[r] = 1
		for _, f := range r.Fields {
			t := f.Type
			if t.Kind == List {
				t = t.Elem
			}
			if t.Kind == RecRef {
				if err := visit(t.Record); err != nil {
					return err
				}
			}
		}
		state[r] = 2
		return nil
	}
	for _, r := range s.Records {
		if err := visit(r); err != nil {
			return err
		}
	}
	return nil
}

func (p *schemaParser) enum(name string) *Enum {
	for _, e := range p.s.Enums {
		if e.Name == name {
			return e
		}
	}
	return nil
}

func (p *schemaParser) record(name string) *Record {
	for _, r := range p.s.Records {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// isTag reports whether s is four printable ASCII characters.
func isTag(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < 4; i++ {
		if s[i] < '!' || s[i] > '~' {
			return false
		}
	}
	return true
}

// isWireName reports whether s is a lowercase name: a letter, then
// letters, digits and '_'.
func isWireName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

// MinSize is the fewest bytes a value of type t takes: its fixed parts,
// with empty strings and lists.
func (t *Type) MinSize() int {
	switch t.Kind {
	case F64:
		return 8
	case Uint, List:
		return t.Width
	case Bytes:
		return t.N
	case String:
		return t.String.Width
	case EnumRef:
		return 1
	case RecRef:
		return t.Record.MinSize()
	}
	return 0 // a section lies outside its record
}

// MinSize is the fewest bytes the record takes.
func (r *Record) MinSize() int {
	n := 0
	for _, f := range r.Fields {
		n += f.Type.MinSize()
	}
	return n
}
