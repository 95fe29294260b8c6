package kwp1

import (
	"bytes"
	"encoding/hex"
	"reflect"
	"strings"
	"testing"
)

// Little-endian float64s of the golden file.
const (
	zero = "0000000000000000" // 0
	one  = "000000000000f03f" // 1 (0x3ff0000000000000)
	two  = "0000000000000040" // 2
	four = "0000000000001040" // 4
	// The tiny emitter's bounds as world.ConservativeEmitterBounds
	// computes them: float32 values, rounded outward.
	lo   = "000000205aaff43f" // 1.2928105592727661 (float32 1.2928106)
	loZ  = "000000a068bdd23f" // 0.2928105890750885 (float32 0.2928106)
	high = "0000000053a80540" // 2.7071895599365234 (float32 2.7071896)
)

// golden is the encoding of tinyDoc, field by field: the offset where each
// field starts, its bytes in hex (spaces are for reading) and what they
// mean. The tables of docs/kwp1.md give the same layout; the offsets are
// checked, so a reader can trust them.
var golden = []struct {
	off  int
	hex  string
	what string
}{
	// The header (docs/kwp1.md, "Header").
	{0, "4b575031", `magic "KWP1"`},
	{4, "0100", "format version 1 (u16)"},
	{6, "0000", "flags: none (every bit reserved)"},
	{8, "95020000", "payload length 661 = 677 - 16 (u32)"},
	{12, "0500", "section count 5 (u16)"},
	{14, "0000", "reserved"},
	// The section table: tag, offset, length, count (u32 each).
	{16, "444f434d 60000000 01000000 01000000", "DOCM at 96, 1 byte, 1 record"},
	{32, "54455853 61000000 31000000 01000000", "TEXS at 97, 49 bytes, 1 texture"},
	{48, "50525354 92000000 39010000 01000000", "PRST at 146, 313 bytes, 1 preset"},
	{64, "53454354 cb010000 57000000 01000000", "SECT at 459, 87 bytes, 1 sector"},
	{80, "454d4954 22020000 83000000 01000000", "EMIT at 546, 131 bytes, 1 emitter"},
	// DOCM: the document record.
	{96, "01", "version 1"},
	// TEXS: textures[0].
	{97, "03 646f74", `name: 3 bytes (u8), "dot"`},
	{101, "0700 646f742e706e67", `path: 7 bytes (u16), "dot.png"`},
	{110, "0800", "width 8 (u16)"},
	{112, "0800", "height 8 (u16)"},
	{114, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "digest: bytes 0 to 31"},
	// PRST: presets[0].
	{146, "04 70756666", `name "puff"`},
	{151, "0400", "capacity 4 (u16)"},
	{153, "00", "spawn.shape 0 (point)"},
	{154, zero + zero + zero, "spawn.min (0, 0, 0)"},
	{178, zero + zero + zero, "spawn.max (0, 0, 0)"},
	{202, zero + zero + one, "velocity.min (0, 0, 1)"},
	{226, zero + zero + one, "velocity.max (0, 0, 1)"},
	{250, one + one, "lifetime min 1, max 1"},
	{266, zero + zero + zero, "acceleration (0, 0, 0)"},
	{290, zero, "drag 0"},
	{298, zero + zero, "rotation min 0, max 0"},
	{314, zero + zero, "spin min 0, max 0"},
	{330, "02", "curves.size: 2 keys (u8)"},
	{331, zero + one, "curves.size[0]: age 0, size 1"},
	{347, one + one, "curves.size[1]: age 1, size 1"},
	{363, "02", "curves.color: 2 keys"},
	{364, zero + one + one + one + one, "curves.color[0]: age 0, r g b a 1 1 1 1"},
	{404, one + one + one + one + zero, "curves.color[1]: age 1, r g b a 1 1 1 0"},
	{444, "01", "sprite.frames: 1 frame (u8)"},
	{445, "0000", "sprite.frames[0]: texture 0 (u16)"},
	{447, "00", "sprite.facing 0 (camera)"},
	{448, "00", "sprite.blend 0 (additive)"},
	{449, "00", "sprite.flipbook.mode 0 (once)"},
	{450, zero, "sprite.flipbook.fps 0"},
	{458, "00", "walls 0 (contain)"},
	// SECT: sectors[0].
	{459, "04 726f6f6d", `name "room"`},
	{464, "04", "points: 4 (u8)"},
	{465, zero + zero, "points[0] (0, 0)"},
	{481, four + zero, "points[1] (4, 0)"},
	{497, four + four, "points[2] (4, 4)"},
	{513, zero + four, "points[3] (0, 4)"},
	{529, zero, "floor 0"},
	{537, four, "ceiling 4"},
	{545, "00", "portals: none (u8)"},
	// EMIT: emitters[0].
	{546, "01 65", `name "e"`},
	{548, "00", "preset 0 (u8)"},
	{549, "0000", "sector 0 (u16)"},
	{551, two + two + one, "position (2, 2, 1)"},
	{575, zero, "yaw 0"},
	{583, one, "scale 1"},
	{591, "01000000", "seed 1 (u32)"},
	{595, four, "rate 4"},
	{603, one, "duration_seconds 1"},
	{611, "00", "bursts: none (u8)"},
	{612, zero, "delay_seconds 0"},
	{620, "00", "playback 0 (once)"},
	{621, zero, "period_seconds 0"},
	{629, lo + lo + loZ, "bounds.min (1.29281, 1.29281, 0.29281)"},
	{653, high + high + high, "bounds.max (2.70719, 2.70719, 2.70719)"},
	// 677: the end of the file.
}

// goldenBytes assembles golden, checking that each field starts at its
// stated offset.
func goldenBytes(t testing.TB) []byte {
	t.Helper()
	var b []byte
	for _, f := range golden {
		if len(b) != f.off {
			t.Fatalf("golden: %q starts at %d, not %d", f.what, len(b), f.off)
		}
		raw, err := hex.DecodeString(strings.ReplaceAll(f.hex, " ", ""))
		if err != nil {
			t.Fatalf("golden: %q: %v", f.what, err)
		}
		b = append(b, raw...)
	}
	return b
}

// TestGolden: the tiny document encodes to exactly the golden bytes, and
// the golden bytes decode to it.
func TestGolden(t *testing.T) {
	want := goldenBytes(t)
	doc := tinyDoc(t)
	got, err := Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		for _, f := range golden {
			n := len(strings.ReplaceAll(f.hex, " ", "")) / 2
			if f.off+n > len(got) || !bytes.Equal(got[f.off:f.off+n], want[f.off:f.off+n]) {
				t.Fatalf("Encode differs from the golden file first at offset %d, %s: got % x", f.off, f.what, got[f.off:min(f.off+n, len(got))])
			}
		}
		t.Fatalf("Encode gives %d bytes, the golden file has %d", len(got), len(want))
	}
	decoded, err := Decode(want)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&decoded, doc) {
		t.Fatalf("the golden file decodes to\n%+v\nwant\n%+v", decoded, *doc)
	}
}
