package kwp1

import (
	"encoding/binary"
	"runtime"
	"strconv"
	"testing"
	"unsafe"

	"github.com/emberfx/ember/emitter/world"
)

// allocated returns the bytes and the allocations one call of f makes,
// averaged over runs calls.
func allocated(runs int, f func()) (bytes, allocs float64) {
	f() // warm up
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(runs),
		float64(after.Mallocs-before.Mallocs) / float64(runs)
}

// forged are inputs whose counts and lengths claim far more than they
// hold: Decode refuses each before allocating anything sized by them.
var forged = []struct {
	name string
	data func(t testing.TB) []byte
}{
	{"emitter count 2^32-1", func(t testing.TB) []byte { return edit(t, 92, "ffffffff") }},
	{"texture count 2^32-1", func(t testing.TB) []byte { return edit(t, 44, "ffffffff") }},
	{"emitter count 256 in 131 bytes", func(t testing.TB) []byte { return edit(t, 92, "00010000") }},
	{"payload length 2^32-1", func(t testing.TB) []byte { return edit(t, 8, "ffffffff") }},
	{"section length 2^32-1", func(t testing.TB) []byte { return edit(t, 88, "ffffffff") }},
	{"string length 65535", func(t testing.TB) []byte { return edit(t, 101, "ffff") }},
	{"point count 64 in 81 bytes", func(t testing.TB) []byte { return edit(t, 464, "40") }},
	{"burst count 16 in 65 bytes", func(t testing.TB) []byte { return edit(t, 611, "10") }},
	// A file at the size limit whose emitter section claims 2^32-1
	// records in its almost 1 MiB.
	{"1 MiB file, emitter count 2^32-1", func(t testing.TB) []byte {
		b := append(goldenBytes(t), make([]byte, world.MaxEncodedSize-677)...)
		binary.LittleEndian.PutUint32(b[offPayload:], uint32(len(b)-headerSize))
		e := headerSize + 4*entrySize
		binary.LittleEndian.PutUint32(b[e+entryLength:], uint32(len(b)-546))
		binary.LittleEndian.PutUint32(b[e+entryCount:], 1<<32-1)
		return b
	}},
}

// TestForgedCountsAllocateLittle: a forged count or length costs Decode
// the same few hundred bytes, for its scanner and its error, whatever it
// claims and however long the file: counts are checked against the
// limits and the bytes left before any slice is made.
func TestForgedCountsAllocateLittle(t *testing.T) {
	for _, c := range forged {
		t.Run(c.name, func(t *testing.T) {
			data := c.data(t)
			if _, err := Decode(data); err == nil {
				t.Fatal("decoded; want an error")
			}
			bytes, allocs := allocated(100, func() { Decode(data) })
			t.Logf("%d-byte input: %.0f bytes in %.0f allocations", len(data), bytes, allocs)
			if allocs > 24 || bytes > 2048 {
				t.Errorf("Decode allocates %.0f bytes in %.0f allocations; want at most 2048 bytes in 24", bytes, allocs)
			}
		})
	}
}

// maxAllocRatio bounds the bytes the codec allocates per input byte. A
// decoded value takes at most this many times the bytes of its smallest
// encoding: the worst is a Portal, 16 bytes of Go ints from 3 bytes
// (u8 edge, u16 sector), 5.33 times (see TestAllocRatio); strings take
// their own bytes. Validation allocates beyond this.
const maxAllocRatio = 6

// TestAllocRatio derives maxAllocRatio from the Go sizes of the decoded
// types and their smallest encodings: each section's records and each
// list element type.
func TestAllocRatio(t *testing.T) {
	for _, c := range []struct {
		name    string
		goSize  uintptr
		minWire int
	}{
		{"Texture", unsafe.Sizeof(world.Texture{}), sectionSpecs[1].minRecord},
		{"Preset", unsafe.Sizeof(world.Preset{}), sectionSpecs[2].minRecord},
		{"Sector", unsafe.Sizeof(world.Sector{}), sectionSpecs[3].minRecord},
		{"Emitter", unsafe.Sizeof(world.Emitter{}), sectionSpecs[4].minRecord},
		{"SizeKey", unsafe.Sizeof(world.SizeKey{}), 16},
		{"ColorKey", unsafe.Sizeof(world.ColorKey{}), 40},
		{"frame index", unsafe.Sizeof(int(0)), 2},
		{"Vec2", unsafe.Sizeof(world.Vec2{}), 16},
		{"Portal", unsafe.Sizeof(world.Portal{}), 3},
		{"Burst", unsafe.Sizeof(world.Burst{}), 10},
	} {
		if r := float64(c.goSize) / float64(c.minWire); r > maxAllocRatio {
			t.Errorf("%s: %d bytes decoded from at least %d, %.2f times; maxAllocRatio is %d", c.name, c.goSize, c.minWire, r, maxAllocRatio)
		}
	}
}

// portalDense is a file (valid as far as the codec goes, not as a level)
// that makes the decoder allocate the most per byte: world.MaxTextures sectors
// of world.MaxSectorPoints portals each and nothing else.
func portalDense(t testing.TB) []byte {
	d := &world.Document{Version: world.Version}
	for i := range world.MaxSectors {
		s := world.Sector{Name: "s" + strconv.Itoa(i)}
		for e := range world.MaxSectorPoints {
			s.Portals = append(s.Portals, world.Portal{Edge: e, Sector: i})
		}
		d.Sectors = append(d.Sectors, s)
	}
	data, p := encodeBytes(d)
	if p != nil {
		t.Fatal(p)
	}
	return data
}

// TestDecodeMemoryBound: the codec's part of Decode (header, scan,
// allocation, decode) allocates at most maxAllocRatio bytes per input
// byte, plus a constant, on valid documents and on the densest input;
// and a few dozen allocations whatever the input holds.
func TestDecodeMemoryBound(t *testing.T) {
	inputs := []struct {
		name string
		data []byte
	}{{"portal-dense", portalDense(t)}}
	for _, c := range testDocs {
		data, err := Encode(c.doc(t))
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, struct {
			name string
			data []byte
		}{c.name, data})
	}
	for _, in := range inputs {
		if _, _, p := decodeBytes(in.data); p != nil {
			t.Fatalf("%s: %v", in.name, p)
		}
		bytes, allocs := allocated(5, func() { decodeBytes(in.data) })
		t.Logf("%s: %d bytes in, %.0f allocated (%.2f per byte) in %.0f allocations", in.name, len(in.data), bytes, bytes/float64(len(in.data)), allocs)
		if limit := maxAllocRatio*float64(len(in.data)) + 2048; bytes > limit {
			t.Errorf("%s: %.0f bytes allocated for %d bytes of input; the bound is %.0f", in.name, bytes, len(in.data), limit)
		}
		if allocs > 24 {
			t.Errorf("%s: %.0f allocations; want one per section, pool and string buffer (at most 24)", in.name, allocs)
		}
	}
}
