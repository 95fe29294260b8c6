package kwp1

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

var testDocs = []struct {
	name string
	doc  func(testing.TB) *world.Document
}{
	{"empty", func(t testing.TB) *world.Document { return compiled(t, &world.Document{Version: world.Version}) }},
	{"tiny", tinyDoc},
	{"small", smallDoc},
	{"near-limits", nearLimitsDoc},
}

// roundTrip encodes doc and decodes the result.
func roundTrip(t *testing.T, doc *world.Document) (world.Document, []byte) {
	t.Helper()
	data, err := Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return got, data
}

// TestRoundTrip: decoding an encoding gives the document back, field for
// field, and encoding that gives the same bytes.
func TestRoundTrip(t *testing.T) {
	for _, c := range testDocs {
		t.Run(c.name, func(t *testing.T) {
			doc := c.doc(t)
			got, data := roundTrip(t, doc)
			if !reflect.DeepEqual(&got, doc) {
				t.Fatalf("decoded document differs:\n got %+v\nwant %+v", got, *doc)
			}
			again, err := Encode(&got)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Fatal("re-encoding the decoded document gives other bytes")
			}
		})
	}
}

// TestNearLimitsSize: the document at every limit fits world.MaxEncodedSize
// with room to spare (536,097 bytes, 51% of it, when this was written).
func TestNearLimitsSize(t *testing.T) {
	doc := nearLimitsDoc(t)
	slots := 0
	for _, e := range doc.Emitters {
		slots += doc.Presets[e.Preset].Capacity
	}
	if len(doc.Presets) != world.MaxPresets || len(doc.Emitters) != world.MaxEmitters || slots != world.MaxSlots ||
		len(doc.Textures) != world.MaxTextures || len(doc.Sectors[0].Points) != world.MaxSectorPoints {
		t.Fatalf("not at the limits: %d presets, %d emitters, %d slots, %d textures, %d sector points",
			len(doc.Presets), len(doc.Emitters), slots, len(doc.Textures), len(doc.Sectors[0].Points))
	}
	data, err := Encode(doc)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("near-limits document: %d bytes, %.1f%% of %d", len(data), 100*float64(len(data))/world.MaxEncodedSize, world.MaxEncodedSize)
	if len(data) > world.MaxEncodedSize*3/4 {
		t.Errorf("%d bytes: the limits leave too little room under world.MaxEncodedSize", len(data))
	}
}

// TestEmptyListsDecodeNil: an empty list is stored as a count of 0 and
// decodes as nil, so nil and empty lists encode alike.
func TestEmptyListsDecodeNil(t *testing.T) {
	doc := tinyDoc(t)
	doc.Sectors[0].Portals = []world.Portal{}
	got, _ := roundTrip(t, doc)
	if got.Sectors[0].Portals != nil || got.Emitters[0].Bursts != nil {
		t.Errorf("empty lists decode as %#v and %#v, want nil", got.Sectors[0].Portals, got.Emitters[0].Bursts)
	}
}

// TestDecodedListsAreSeparate: lists cut from one pool cannot reach into
// each other: appending to one leaves the next alone.
func TestDecodedListsAreSeparate(t *testing.T) {
	got, _ := roundTrip(t, smallDoc(t))
	first := got.Presets[0].Curves.Size
	next := got.Presets[1].Curves.Size[0]
	_ = append(first, world.SizeKey{Age: 9, Size: 9})
	if got.Presets[1].Curves.Size[0] != next {
		t.Fatal("appending to one decoded list changed another")
	}
}

// TestEncodeRefuses: documents that fail validation, or that the format
// cannot hold, are refused with the path of the field at fault.
func TestEncodeRefuses(t *testing.T) {
	for _, c := range []struct {
		name       string
		edit       func(d *world.Document)
		field      string
		fragment   string
		validation bool
	}{
		{"invalid", func(d *world.Document) { d.Presets[0].Drag = -1 }, "presets[puff].drag", "out of range", true},
		{"forged bounds", func(d *world.Document) { d.Emitters[0].Bounds.Max.Z++ }, "emitters[e].bounds", "differs from the recomputed", true},
		{"nil preset reference", func(d *world.Document) { d.Emitters[0].Preset = 1 }, "emitters[e].preset", "not a preset index", true},
		{"wide texture", func(d *world.Document) {
			d.Textures[0].Width, d.Textures[0].Height = 70000, 70000
		}, "textures[dot].width", "70000 is not a number of pixels in [1, 4096]", true},
		{"control character", func(d *world.Document) { d.Textures[0].Path = "dot\a.png" }, "textures[dot].path", "control character U+0007 at byte 3", false},
		{"invalid UTF-8", func(d *world.Document) { d.Textures[0].Path = "dot\xff.png" }, "textures[dot].path", "invalid UTF-8 at byte 3", false},
		{"too many sector points", func(d *world.Document) {
			var pts []world.Vec2
			for i := range world.MaxSectorPoints + 1 {
				a := 2 * math.Pi * float64(i) / (world.MaxSectorPoints + 1)
				pts = append(pts, world.Vec2{X: 2 + 100*math.Cos(a), Y: 2 + 100*math.Sin(a)})
			}
			d.Sectors[0].Points = pts
		}, "sectors[room].points", "65 points; a sector has 3 to 64", true},
		{"too many textures", func(d *world.Document) {
			for len(d.Textures) <= world.MaxTextures {
				d.Textures = append(d.Textures, world.Texture{Name: "t" + strconv.Itoa(len(d.Textures)), Path: "t.png", Width: 1, Height: 1})
			}
		}, "textures", "1025 textures; at most 1024", true},
		{"over 1 MiB", func(d *world.Document) {
			long := strings.Repeat("p", world.MaxPathLength)
			for len(d.Textures) < world.MaxTextures {
				d.Textures = append(d.Textures, world.Texture{Name: "t" + strconv.Itoa(len(d.Textures)), Path: long, Width: 1, Height: 1})
			}
		}, "", "more than the limit of 1048576", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := tinyDoc(t)
			c.edit(doc)
			data, err := Encode(doc)
			if err == nil {
				t.Fatalf("encoded %d bytes; want an error", len(data))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T, want *Error", err)
			}
			if got := e.Validation != nil; got != c.validation {
				t.Errorf("validation error: %v, want %v", got, c.validation)
			}
			if !hasProblem(e, -1, c.field, c.fragment) {
				t.Fatalf("error %q\nwant a problem at %q with %q", err, c.field, c.fragment)
			}
		})
	}
}

// hasProblem reports whether e holds a problem at offset and field whose
// message contains fragment.
func hasProblem(e *Error, offset int, field, fragment string) bool {
	for _, p := range e.Problems {
		if p.Offset == offset && p.Field == field && strings.Contains(p.Message, fragment) {
			return true
		}
	}
	return false
}
