package roblox

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// studioAttributes is the blob Studio 0.467 saved on a Folder with one
// attribute of each type it offers (rbx-test-files models/attributes,
// quoted in FORMAT.md section 6, worked example 2): base64 wrapped at 72
// characters, as in the file.
const studioAttributes = `DwAAAAMAAABOYU4GAAAAAAAA+P8IAAAASW5maW5pdHkGAAAAAAAA8H8NAAAAQ29sb3JTZXF1
ZW5jZRkDAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAAAAAAAAPwAAAAAAAIA/AAAAAAAAAAAA
AIA/AAAAAAAAAAAAAIA/BwAAAFZlY3RvcjMRAACAPwAAAEAAAEBABwAAAFZlY3RvcjIQAAAg
QQAASEIOAAAATnVtYmVyU2VxdWVuY2UXAwAAAAAAAAAAAAAAAACAPwAAAAAAAAA/AAAAAAAA
AAAAAIA/AACAPwYAAABDb2xvcjMPo6IiPwAAAAAAAIA/CgAAAEJyaWNrQ29sb3IO7AMAAAQA
AABSZWN0HAAAgD8AAABAAABAQAAAgEAFAAAAVURpbTIKAAAAPwoAAAAzMzM/HgAAAAQAAABV
RGltCQAAAD9kAAAACwAAAE51bWJlclJhbmdlGwAAoEAAACBBBgAAAE51bWJlcgYAAAAAgBzI
QAcAAABCb29sZWFuAwEGAAAAU3RyaW5nAg0AAABIZWxsbywgd29ybGQh`

func TestDecodeStudioAttributes(t *testing.T) {
	blob, err := decodeBase64(studioAttributes)
	if err != nil {
		t.Fatal(err)
	}
	attrs, unread, err := DecodeAttributes(blob)
	if err != nil || unread != 0 {
		t.Fatalf("unread %d, err %v", unread, err)
	}
	// The table of FORMAT.md section 6, in the blob's (unsorted) order.
	want := []Attribute{
		{"NaN", Float64(math.NaN())},
		{"Infinity", Float64(math.Inf(1))},
		{"ColorSequence", ColorSequence{{0, 1, 0, 0, 0}, {0.5, 0, 1, 0, 0}, {1, 0, 0, 1, 0}}},
		{"Vector3", Vector3{1, 2, 3}},
		{"Vector2", Vector2{10, 50}},
		{"NumberSequence", NumberSequence{{0, 1, 0}, {0.5, 0, 0}, {1, 1, 0}}},
		{"Color3", nil}, // checked below
		{"BrickColor", BrickColor(1004)},
		{"Rect", Rect{Vector2{1, 2}, Vector2{3, 4}}},
		{"UDim2", UDim2{UDim{0.5, 10}, UDim{0.7, 30}}},
		{"UDim", UDim{0.5, 100}},
		{"NumberRange", NumberRange{5, 10}},
		{"Number", Float64(12345)},
		{"Boolean", Bool(true)},
		{"String", String("Hello, world!")},
	}
	if len(attrs) != len(want) {
		t.Fatalf("%d attributes, want %d: %+v", len(attrs), len(want), attrs)
	}
	for i, a := range attrs {
		w := want[i]
		switch {
		case a.Name != w.Name:
			t.Errorf("attribute %d is %q, want %q", i, a.Name, w.Name)
		case a.Name == "NaN":
			if v, ok := a.Value.(Float64); !ok || !math.IsNaN(float64(v)) {
				t.Errorf("NaN = %#v", a.Value)
			}
		case a.Name == "Color3":
			// 0.63529 is 162/255, stored as float32.
			if v, ok := a.Value.(Color3); !ok || math.Abs(float64(v.R)-162.0/255) > 1e-6 || v.G != 0 || v.B != 1 {
				t.Errorf("Color3 = %#v", a.Value)
			}
		case a.Name == "UDim2":
			if v, ok := a.Value.(UDim2); !ok || v.X != (UDim{0.5, 10}) || math.Abs(float64(v.Y.Scale)-0.7) > 1e-6 || v.Y.Offset != 30 {
				t.Errorf("UDim2 = %#v", a.Value)
			}
		case !reflect.DeepEqual(a.Value, w.Value):
			t.Errorf("%s = %#v, want %#v", a.Name, a.Value, w.Value)
		}
	}
}

// everyAttribute has one attribute of every type the decoder reads.
var everyAttribute = []Attribute{
	{"S", String("text")},
	{"B", Bool(true)},
	{"I", Int32(-7)},
	{"F32", Float32(0.25)},
	{"F64", Float64(-1e300)},
	{"U", UDim{0.5, -3}},
	{"U2", UDim2{UDim{0.25, 1}, UDim{0.75, -2}}},
	{"Brick", BrickColor(194)},
	{"C3", Color3{0.5, 0.25, 1}},
	{"V2", Vector2{1.5, -2}},
	{"V3", Vector3{1, 2, 3}},
	{"CF", CFrame{Position: Vector3{4, 5, 6}, Rotation: [9]float32{0, -1, 0, 1, 0, 0, 0, 0, 1}}},
	{"Enum", EnumItem{Enum: "Material", Value: 256}},
	{"NS", NumberSequence{{0, 1, 0.5}, {0.5, 2, 0}, {1, 3, 0.25}}},
	{"CS", ColorSequence{{0, 1, 0, 0, 0}, {1, 0, 0, 1, 0}}},
	{"NR", NumberRange{-1, 2}},
	{"R", Rect{Vector2{0, 1}, Vector2{2, 3}}},
	{"Font", Font{Family: "rbxasset://fonts/families/Arial.json", Weight: 700, Style: 1, CachedFaceID: "rbxasset://fonts/arialbd.ttf"}},
	{"Ünïcode name/with.dots-and_more", String("")},
}

func TestAttributesEveryType(t *testing.T) {
	blob, err := encodeAttributes(everyAttribute)
	if err != nil {
		t.Fatal(err)
	}
	got, unread, err := DecodeAttributes(blob)
	if err != nil || unread != 0 {
		t.Fatalf("unread %d, err %v", unread, err)
	}
	if !reflect.DeepEqual(got, everyAttribute) {
		t.Errorf("decoded\n%#v\nwant\n%#v", got, everyAttribute)
	}
	// An axis-aligned CFrame stores a rotation id instead of the matrix:
	// id 0x02 is the identity.
	var w le
	w.u32(1)
	w.str("Aligned")
	w.u8(attrCFrame)
	for _, f := range []float32{1, 2, 3} {
		w.f32(f)
	}
	w.u8(0x02)
	got, _, err = DecodeAttributes(w.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if cf := got[0].Value.(CFrame); cf.Rotation != [9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1} || cf.Position != (Vector3{1, 2, 3}) {
		t.Errorf("aligned CFrame = %+v", cf)
	}
}

func TestAttributesUnknownType(t *testing.T) {
	blob, _ := encodeAttributes([]Attribute{{"A", Float64(1)}, {"B", Float64(2)}, {"C", Float64(3)}})
	// Make B's type byte unknown (0x7f): B ends the readable part, C is unread.
	i := strings.Index(string(blob), "B") + 1
	blob[i] = 0x7f
	got, unread, err := DecodeAttributes(blob)
	if err != nil {
		t.Fatal(err)
	}
	want := []Attribute{{"A", Float64(1)}, {"B", Unsupported{"attribute type 0x7f"}}}
	if !reflect.DeepEqual(got, want) || unread != 1 {
		t.Errorf("got %+v, unread %d; want %+v, 1", got, unread, want)
	}
}

func TestAttributesMalformed(t *testing.T) {
	le32 := func(v uint32) string { return string([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}) }
	cases := []struct {
		name, blob, err string
	}{
		{"count past the data", le32(1000), "byte 4: 1000 attributes need at least 5000 bytes, only 0 remain"},
		{"forged count", le32(0xffffffff), "4294967295 attributes, more than"},
		{"name past the data", le32(1) + le32(1000) + "ab", "byte 8: a string of 1000 bytes, but only 2 remain"},
		{"value cut short", le32(1) + le32(1) + "x" + "\x06" + "\x00\x00", "needs 8 bytes, only 2 remain"},
		{"left over", le32(1) + le32(1) + "x" + "\x03\x01" + "junk", "4 bytes left over"},
		{"twice", le32(2) + le32(1) + "x\x03\x01" + le32(1) + "x\x03\x00", `attribute "x" appears twice`},
		{"not UTF-8", le32(1) + le32(1) + "\xff\x03\x01", "is not UTF-8"},
		{"one keypoint", le32(1) + le32(1) + "x\x17" + le32(1) + strings.Repeat("\x00", 12), "a sequence has 1 keypoints; Roblox allows 2 to 20"},
		{"forged keypoints", le32(1) + le32(1) + "x\x19" + le32(1<<30), "a sequence has 1073741824 keypoints"},
		{"bad rotation", le32(1) + le32(1) + "x\x14" + strings.Repeat("\x00", 12) + "\x01", "rotation id 0x01"},
	}
	for _, c := range cases {
		_, _, err := DecodeAttributes([]byte(c.blob))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
		}
	}
	// Every cut of a valid blob is an error, never a panic.
	blob, _ := encodeAttributes(everyAttribute)
	for n := 1; n < len(blob); n++ {
		if _, _, err := DecodeAttributes(blob[:n]); err == nil {
			t.Fatalf("the first %d of %d bytes decode without an error", n, len(blob))
		}
	}
}
