package binary

import (
	"errors"
	"strings"
	"testing"
)

// header is the start every test schema shares.
const header = `package demo
import m example.com/model
magic DEMO
version 1
`

// tiny is a complete schema with one of each construct.
const tiny = header + `
const MaxThings 8   # things in a box
string name u8 m.MaxName
enum Kind m.Kind
	0 plain m.Plain
	1 fancy m.Fancy
record Point m.Point
	x X f64
	y Y f64
record Thing m.Thing
	name Name string name key
	kind Kind Kind
	at At Point
	tags Tags list u8 4 u16 int
	ids IDs list u8 MaxThings Point
	hash Hash bytes 4
	seed Seed u32 uint32
document m.Box BOXD
	version Version u8 int
	things Things section THNG MaxThings Thing
`

func TestParse(t *testing.T) {
	s, err := Parse("tiny.schema", []byte(tiny))
	if err != nil {
		t.Fatal(err)
	}
	if s.Package != "demo" || s.Magic != "DEMO" || s.Version != 1 {
		t.Errorf("package %q magic %q version %d", s.Package, s.Magic, s.Version)
	}
	if len(s.Consts) != 1 || s.Consts[0].Value != 8 || s.Consts[0].Doc != "things in a box" {
		t.Errorf("consts %+v", s.Consts)
	}
	if k := s.Strings[0]; k.Width != 1 || k.Max.Known || k.Max.Expr != "m.MaxName" {
		t.Errorf("string kind %+v", k)
	}
	thing := s.Records[1]
	// name 1 + kind 1 + at 16 + tags 1 + ids 1 + hash 4 + seed 4.
	if got := thing.MinSize(); got != 28 {
		t.Errorf("Thing.MinSize() = %d, want 28", got)
	}
	if !thing.Fields[0].Key {
		t.Error("name is not the key")
	}
	ids := thing.Fields[4].Type
	if ids.Kind != List || ids.Max.Value != 8 || !ids.Max.Known || ids.Elem.Record != s.Records[0] {
		t.Errorf("ids type %+v", ids)
	}
	sec := s.Document.Fields[1].Type
	if sec.Kind != Section || sec.Tag != "THNG" || sec.Record != thing {
		t.Errorf("section %+v", sec)
	}
}

// TestParseErrors: every malformed schema is refused with its line.
func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"empty", "", "x.schema: no package line"},
		{"no document", header, "x.schema: no document line"},
		{"unknown directive", header + "struct A b.C\n", `x.schema:5: unknown directive "struct"`},
		{"package twice", header + "package other\n", "x.schema:5: package given twice"},
		{"bad magic", "package p\nmagic KW\n", `x.schema:2: magic "KW": want 4 printable ASCII characters`},
		{"bad version", "package p\nversion 0\n", `x.schema:2: version "0": want an integer from 1 to 65535`},
		{"version too big", "package p\nversion 65536\n", `x.schema:2: version "65536"`},
		{"version words", "package p\nversion 1 2\n", `x.schema:2: version: want "version N"`},
		{"const unexported", header + "const max 3 # x\n", "x.schema:5: const max: want an exported Go name"},
		{"const undocumented", header + "const Max 3\n", "x.schema:5: const Max: want a trailing # comment"},
		{"const negative", header + "const Max -3 # x\n", `x.schema:5: const Max: value "-3" is not a non-negative integer`},
		{"name twice", header + "const Max 3 # x\nstring Max u8 3\n", "x.schema:6: Max is already declared on line 5"},
		{"string prefix", header + "string s u32 3\n", `x.schema:5: string s: length prefix "u32": want u8 or u16`},
		{"unknown limit", header + "string s u8 Nope\n", `x.schema:5: limit "Nope": want an integer, a const declared above or alias.Name`},
		{"unknown import", header + "record R n.R\n\tx X f64\n", `x.schema:5: Go type "n.R": no import named n`},
		{"indented first", "\tx X f64\n", "x.schema:1: indented line outside an enum, record or document"},
		{"enum value range", header + "enum E m.E\n\t256 big m.Big\n", `x.schema:6: enum E: value "256": want an integer from 0 to 255`},
		{"enum value twice", header + "enum E m.E\n\t0 a m.A\n\t0 b m.B\n", "x.schema:7: enum E: value 0 given twice"},
		{"enum name twice", header + "enum E m.E\n\t0 a m.A\n\t1 a m.B\n", "x.schema:7: enum E: name a given twice"},
		{"enum empty", header + "enum E m.E\ndocument m.D DOCM\n\tv V f64\n\tr R section RRRR 1 E\n", "x.schema:5: enum E has no values"},
		{"record empty", header + "record R m.R\ndocument m.D DOCM\n\tr R section RRRR 1 R\n", "x.schema:5: record R has no fields"},
		{"wire name", header + "record R m.R\n\tX X f64\n", `x.schema:6: field name "X": want lowercase letters`},
		{"go field", header + "record R m.R\n\tx x f64\n", `x.schema:6: field x: Go field "x" is not an exported identifier`},
		{"field twice", header + "record R m.R\n\tx X f64\n\tx Y f64\n", "x.schema:7: record R: field x given twice"},
		{"two keys", header + "string s u8 3\nrecord R m.R\n\ta A string s key\n\tb B string s key\n", "x.schema:8: record R: a second key field b (the first is a)"},
		{"key not string", header + "record R m.R\n\tx X f64 key\n", "x.schema:6: field x: only a record's string field can be its key"},
		{"trailing words", header + "record R m.R\n\tx X f64 extra\n", `x.schema:6: field x: unexpected "extra" after the type`},
		{"missing type", header + "record R m.R\n\tx X\n", `x.schema:6: field: want "wire-name GoField type"`},
		{"go int", header + "record R m.R\n\tx X u16 byte\n", `x.schema:6: field x: u16: Go type "byte" is not a Go integer type`},
		{"go int narrow", header + "record R m.R\n\tx X u16 uint8\n", "x.schema:6: field x: u16: Go type uint8 cannot hold every 2-byte value"},
		{"go int signed", header + "record R m.R\n\tx X u32 int32\n", "x.schema:6: field x: u32: Go type int32 cannot hold every 4-byte value"},
		{"bytes length", header + "record R m.R\n\tx X bytes 0\n", `x.schema:6: field x: bytes: length "0"`},
		{"unknown string", header + "record R m.R\n\tx X string s\n", `x.schema:6: field x: string: no string kind "s" declared above`},
		{"list of lists", header + "record R m.R\n\tx X list u8 3 list u8 3 f64\n", "x.schema:6: field x: a list's elements cannot be lists"},
		{"list count", header + "record R m.R\n\tx X list u32 3 f64\n", `x.schema:6: field x: list: count "u32": want u8 or u16`},
		{"list limit overflows", header + "record R m.R\n\tx X list u8 256 f64\n", "x.schema:6: field x: list: limit 256 (256) does not fit a u8 count"},
		{"list without elem", header + "record R m.R\n\tx X list u8 3\n", `x.schema:6: field x: list: want "list u8|u16 MAX ELEM"`},
		{"section in record", header + "record R m.R\n\tx X section XXXX 3 R\n", "x.schema:6: field x: sections belong to the document"},
		{"unknown type", header + "record R m.R\n\tx X Nope\ndocument m.D DOCM\n\tr R section RRRR 1 R\n", `x.schema:6: unknown type "Nope"`},
		{"self", header + "record R m.R\n\tx X R\ndocument m.D DOCM\n\tr R section RRRR 1 R\n", "x.schema:5: record R contains itself"},
		{"cycle via list", header + "record A m.A\n\tb B list u8 2 B\nrecord B m.B\n\ta A A\ndocument m.D DOCM\n\tr R section RRRR 1 A\n", "contains itself"},
		{"no sections", header + "document m.D DOCM\n\tv V u8 int\n", "x.schema:5: document has no sections"},
		{"document list", header + "record R m.R\n\tx X f64\ndocument m.D DOCM\n\tl L list u8 3 f64\n\tr R section RRRR 1 R\n", "x.schema:8: document: field l: a document's lists are sections"},
		{"section record", header + "document m.D DOCM\n\tr R section RRRR 1 Nope\n", `x.schema:6: section RRRR: no record "Nope"`},
		{"section tag twice", header + "record R m.R\n\tx X f64\ndocument m.D DOCM\n\tr R section RRRR 1 R\n\ts S section RRRR 1 R\n", "x.schema:9: document: section tag RRRR given twice"},
		{"section tag is document's", header + "record R m.R\n\tx X f64\ndocument m.D RRRR\n\tr R section RRRR 1 R\n", "x.schema:8: document: section tag RRRR is the document's own"},
		{"bad section tag", header + "document m.D DOCM\n\tr R section RR 1 R\n", `x.schema:6: field r: section tag "RR"`},
		{"document twice", header + "document m.D DOCM\ndocument m.D DOCN\n", "x.schema:6: document given twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.schema", []byte(c.src))
			if err == nil {
				t.Fatalf("no error; want %q", c.want)
			}
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *Error", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q\nwant it to contain %q", err, c.want)
			}
		})
	}
}

// TestComments: comments and blank lines are ignored anywhere, and a
// const's comment is its documentation.
func TestComments(t *testing.T) {
	src := "# a schema\n\n" + tiny + "\n# the end\n"
	src = strings.Replace(src, "\tx X f64\n", "\tx X f64   # the first axis\n\n", 1)
	s, err := Parse("c.schema", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Records[0].Fields); n != 2 {
		t.Errorf("Point has %d fields, want 2", n)
	}
}
