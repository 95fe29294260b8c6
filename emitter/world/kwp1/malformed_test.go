package kwp1

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// edit returns a copy of the golden file with hex written at off (the
// offsets are those of golden_test.go).
func edit(t testing.TB, off int, h string) []byte {
	t.Helper()
	b := goldenBytes(t)
	raw, err := hex.DecodeString(strings.ReplaceAll(h, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	copy(b[off:], raw)
	return b
}

// malformed are inputs Decode must refuse, each with the offset and field
// of its error and a fragment of the message. Offsets refer to the golden
// file (golden_test.go); the validation cases are caught by
// world.ValidateForWorld and named as it names them.
var malformed = []struct {
	name       string
	data       func(t testing.TB) []byte
	off        int
	field      string
	fragment   string
	validation bool
}{
	// The header.
	{"empty", func(t testing.TB) []byte { return nil }, 0, "header", "truncated: the file has 0 bytes, the header needs 16", false},
	{"short header", func(t testing.TB) []byte { return goldenBytes(t)[:15] }, 15, "header", "the file has 15 bytes", false},
	{"magic", func(t testing.TB) []byte { return edit(t, 0, "4b575032") }, 0, "header.magic", `"KWP2" is not "KWP1"`, false},
	{"format version 2", func(t testing.TB) []byte { return edit(t, 4, "0200") }, 4, "header.version", "format version 2 is not supported; this decoder reads version 1", false},
	{"format version 0", func(t testing.TB) []byte { return edit(t, 4, "0000") }, 4, "header.version", "format version 0 is not supported", false},
	{"flag", func(t testing.TB) []byte { return edit(t, 6, "0100") }, 6, "header.flags", "0x0001: every flag bit is reserved and must be zero", false},
	{"high flag", func(t testing.TB) []byte { return edit(t, 6, "0080") }, 6, "header.flags", "0x8000", false},
	{"payload longer than the file", func(t testing.TB) []byte { return edit(t, 8, "96020000") }, 8, "header.payload_length", "662 bytes, but only 661 follow the header: the file is truncated", false},
	{"payload length 2^32-1", func(t testing.TB) []byte { return edit(t, 8, "ffffffff") }, 8, "header.payload_length", "4294967295 bytes, but only 661", false},
	{"truncated file", func(t testing.TB) []byte { return goldenBytes(t)[:600] }, 8, "header.payload_length", "661 bytes, but only 584 follow", false},
	{"trailing byte", func(t testing.TB) []byte { return append(goldenBytes(t), 0) }, 677, "header.payload_length", "1 trailing bytes after the 661-byte payload", false},
	{"over 1 MiB", func(t testing.TB) []byte {
		return append(goldenBytes(t), make([]byte, world.MaxEncodedSize)...)
	}, world.MaxEncodedSize, "file", "1049253 bytes, more than the limit of 1048576", false},
	{"section count", func(t testing.TB) []byte { return edit(t, 12, "0400") }, 12, "header.section_count", "4 sections; want 5", false},
	{"reserved", func(t testing.TB) []byte { return edit(t, 14, "0100") }, 14, "header.reserved", "0x0001: reserved, must be zero", false},
	{"truncated table", func(t testing.TB) []byte {
		b := goldenBytes(t)[:50]
		copy(b[8:], []byte{34, 0, 0, 0})
		return b
	}, 50, "header.sections", "truncated: the file has 50 bytes, the section table ends at 96", false},

	// The section table.
	{"sections out of order", func(t testing.TB) []byte { return edit(t, 32, "50525354") }, 32, "header.sections[1].tag", `"PRST"; want "TEXS" (textures): the sections come in a fixed order`, false},
	{"gap", func(t testing.TB) []byte { return edit(t, 52, "93000000") }, 52, "header.sections[2].offset", "147; want 146: each section starts where the one before it ends, with no gap or overlap", false},
	{"overlap", func(t testing.TB) []byte { return edit(t, 52, "91000000") }, 52, "header.sections[2].offset", "145; want 146", false},
	{"first section after a gap", func(t testing.TB) []byte { return edit(t, 20, "61000000") }, 20, "header.sections[0].offset", "97; want 96", false},
	{"length past the end", func(t testing.TB) []byte { return edit(t, 88, "84000000") }, 88, "header.sections[4].length", "132 bytes from offset 546 run past the end of the file at 677", false},
	{"length 2^32-1", func(t testing.TB) []byte { return edit(t, 88, "ffffffff") }, 88, "header.sections[4].length", "4294967295 bytes from offset 546 run past the end", false},
	{"shorter section leaves a gap", func(t testing.TB) []byte { return edit(t, 56, "38010000") }, 68, "header.sections[3].offset", "459; want 458", false},
	{"bytes after the last section", func(t testing.TB) []byte { return edit(t, 88, "82000000") }, 676, "header.sections", "1 bytes after the last section; the sections must fill the payload", false},
	{"two document records", func(t testing.TB) []byte { return edit(t, 28, "02000000") }, 28, "header.sections[0].count", "2; the document section holds exactly 1 record", false},
	{"no document record", func(t testing.TB) []byte { return edit(t, 28, "00000000") }, 28, "header.sections[0].count", "0; the document section holds exactly 1 record", false},
	{"emitter count 2^32-1", func(t testing.TB) []byte { return edit(t, 92, "ffffffff") }, 92, "header.sections[4].count", "4294967295 emitters, more than the limit of 256", false},
	{"texture count 2^32-1", func(t testing.TB) []byte { return edit(t, 44, "ffffffff") }, 44, "header.sections[1].count", "4294967295 textures, more than the limit of 1024", false},
	{"emitter count beyond the bytes", func(t testing.TB) []byte { return edit(t, 92, "00010000") }, 92, "header.sections[4].count", "256 emitters need at least 33280 bytes; the section has 131", false},
	{"preset count beyond the bytes", func(t testing.TB) []byte { return edit(t, 60, "02000000") }, 60, "header.sections[2].count", "2 presets need at least 390 bytes; the section has 313", false},

	// Section contents.
	{"records leave bytes over", func(t testing.TB) []byte { return edit(t, 92, "00000000") }, 546, "emitters", "131 bytes after the last record of section EMIT", false},
	{"name over the limit", func(t testing.TB) []byte { return edit(t, 97, "41") }, 97, "textures[0].name", "a string of 65 bytes, more than the limit of 64", false},
	{"path past the section", func(t testing.TB) []byte { return edit(t, 101, "ff03") }, 101, "textures[0].path", "truncated: a string of 1023 bytes, 43 left in section TEXS", false},
	{"path length 65535", func(t testing.TB) []byte { return edit(t, 101, "ffff") }, 101, "textures[0].path", "a string of 65535 bytes, more than the limit of 1024", false},
	{"invalid UTF-8", func(t testing.TB) []byte { return edit(t, 99, "ff") }, 99, "textures[0].name", "invalid UTF-8 at byte 1 of the string", false},
	{"control character", func(t testing.TB) []byte { return edit(t, 106, "07") }, 106, "textures[0].path", "control character U+0007 at byte 3 of the string", false},
	{"NaN", func(t testing.TB) []byte { return edit(t, 290, "000000000000f87f") }, 290, "presets[0].drag", "NaN (bits 0x7ff8000000000000) is not a finite number", false},
	{"+Inf", func(t testing.TB) []byte { return edit(t, 629, "000000000000f07f") }, 629, "emitters[0].bounds.min.x", "+Inf (bits 0x7ff0000000000000) is not a finite number", false},
	{"-Inf", func(t testing.TB) []byte { return edit(t, 412, "000000000000f0ff") }, 412, "presets[0].curves.color[1].r", "-Inf (bits 0xfff0000000000000)", false},
	{"unknown spawn shape", func(t testing.TB) []byte { return edit(t, 153, "02") }, 153, "presets[0].spawn.shape", "unknown value 2; want 0 (point) or 1 (box)", false},
	{"unknown facing", func(t testing.TB) []byte { return edit(t, 447, "02") }, 447, "presets[0].sprite.facing", "unknown value 2; want 0 (camera) or 1 (upright)", false},
	{"unknown blend", func(t testing.TB) []byte { return edit(t, 448, "04") }, 448, "presets[0].sprite.blend", "unknown value 4; want 0 (additive), 1 (cutout), 2 (alpha) or 3 (premultiplied)", false},
	{"unknown flipbook mode", func(t testing.TB) []byte { return edit(t, 449, "ff") }, 449, "presets[0].sprite.flipbook.mode", "unknown value 255; want 0 (once) or 1 (cycle)", false},
	{"unknown walls", func(t testing.TB) []byte { return edit(t, 458, "02") }, 458, "presets[0].walls", "unknown value 2; want 0 (contain) or 1 (kill)", false},
	{"unknown playback", func(t testing.TB) []byte { return edit(t, 620, "02") }, 620, "emitters[0].playback", "unknown value 2; want 0 (once) or 1 (cycle)", false},
	{"curve keys over the limit", func(t testing.TB) []byte { return edit(t, 330, "05") }, 330, "presets[0].curves.size", "count 5, more than the limit of 4", false},
	{"frames over the limit", func(t testing.TB) []byte { return edit(t, 444, "ff") }, 444, "presets[0].sprite.frames", "count 255, more than the limit of 16", false},
	{"points beyond the section", func(t testing.TB) []byte { return edit(t, 464, "40") }, 464, "sectors[0].points", "count 64 needs at least 1024 bytes, 81 left in section SECT", false},
	{"bursts over the limit", func(t testing.TB) []byte { return edit(t, 611, "11") }, 611, "emitters[0].bursts", "count 17, more than the limit of 16", false},
	{"bursts beyond the section", func(t testing.TB) []byte { return edit(t, 611, "10") }, 611, "emitters[0].bursts", "count 16 needs at least 160 bytes, 65 left in section EMIT", false},
	// A fifth point takes the floor and ceiling's bytes, leaving the
	// floor one byte.
	{"record runs past its section", func(t testing.TB) []byte { return edit(t, 464, "05") }, 545, "sectors[0].floor", "truncated: 8 bytes needed, 1 left in section SECT", false},

	// Validation, by world.ValidateForWorld: each problem at its field.
	{"document version 3", func(t testing.TB) []byte { return edit(t, 96, "03") }, 96, "version", "3 is not a document version", true},
	{"preset reference", func(t testing.TB) []byte { return edit(t, 548, "01") }, 548, "emitters[e].preset", "1 is not a preset index: the document has 1 presets", true},
	{"sector reference", func(t testing.TB) []byte { return edit(t, 549, "0700") }, 549, "emitters[e].sector", "7 is not a sector index", true},
	{"texture reference", func(t testing.TB) []byte { return edit(t, 445, "0500") }, 445, "presets[puff].sprite.frames[0]", "5 is not a texture index: the document has 1 textures", true},
	{"forged bounds", func(t testing.TB) []byte { return edit(t, 669, "0000000000001840") }, 629, "emitters[e].bounds", "differs from the recomputed", true},
	{"envelope leaves the sector", func(t testing.TB) []byte { return edit(t, 537, two) }, 629, "emitters[e].bounds", "the motion envelope leaves its sector, sectors[room]", true},
	{"alpha blend in version 1", func(t testing.TB) []byte { return edit(t, 448, "02") }, 448, "presets[puff].sprite.blend", "alpha needs document version 2", true},
	{"zero capacity", func(t testing.TB) []byte { return edit(t, 151, "0000") }, 151, "presets[puff].capacity", "0 is out of range [1, 4096]", true},
	{"invalid name", func(t testing.TB) []byte { return edit(t, 460, "39") }, 459, "sectors[0].name", `"9oom" starts with '9'`, true},
}

// TestMalformed: each malformed input gets an *Error whose problem names
// the expected offset and field.
func TestMalformed(t *testing.T) {
	for _, c := range malformed {
		t.Run(c.name, func(t *testing.T) {
			doc, err := Decode(c.data(t))
			if err == nil {
				t.Fatal("decoded; want an error")
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T, want *Error", err)
			}
			if !hasProblem(e, c.off, c.field, c.fragment) {
				t.Fatalf("error %q\nwant a problem at offset %d, %s, with %q", err, c.off, c.field, c.fragment)
			}
			var ps world.Problems
			if got := errors.As(err, &ps); got != c.validation {
				t.Errorf("unwraps to world.Problems: %v, want %v", got, c.validation)
			}
			if !c.validation && len(e.Problems) != 1 {
				t.Errorf("%d problems; a malformed file stops at its first", len(e.Problems))
			}
			if doc.Version != 0 || doc.Textures != nil || doc.Presets != nil || doc.Sectors != nil || doc.Emitters != nil {
				t.Errorf("the document is not zero on error: %+v", doc)
			}
		})
	}
}

// TestErrorText: the error reads "kwp1: offset N: field: message".
func TestErrorText(t *testing.T) {
	_, err := Decode(edit(t, 290, "000000000000f87f"))
	want := "kwp1: offset 290: presets[0].drag: NaN (bits 0x7ff8000000000000) is not a finite number"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v\nwant %s", err, want)
	}
	_, err = Encode(&world.Document{Version: 9})
	want = "kwp1: version: 9 is not a document version (1 or 2)"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v\nwant %s", err, want)
	}
}

// TestValidationOffsetsByName: validation names elements with valid
// unique names by them, dots and all, and the decoder still finds the
// field's bytes. In smallDoc, textures[2] ("spark.1") starts at 225 (TEXS
// at 97, then 62 bytes of "smoke" and 66 of "spark.0"); its width follows
// its name (8 bytes) and path (22), at 255.
func TestValidationOffsetsByName(t *testing.T) {
	data, err := Encode(smallDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	data[255], data[256] = 0, 0
	_, err = Decode(data)
	var e *Error
	if !errors.As(err, &e) || !hasProblem(e, 255, "textures[spark.1].width", "0 is not a number of pixels in [1, 4096]") {
		t.Fatalf("error %v\nwant offset 255, textures[spark.1].width", err)
	}
}

// TestEncodeNil: a nil document is refused, not a panic.
func TestEncodeNil(t *testing.T) {
	if _, err := Encode(nil); err == nil || !strings.Contains(err.Error(), "the document is nil") {
		t.Fatalf("Encode(nil): %v", err)
	}
}
