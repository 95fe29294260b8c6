package roblox

import (
	"fmt"
	"math"
	"unicode/utf8"
)

// Attributes are stored in the AttributesSerialize property as one blob: a
// u32 count, then per attribute a u32-length name, a type byte and the
// value, all little-endian. The type ids differ from the binary file
// format's, and sequence keypoints put the envelope first.

// Attribute type ids.
const (
	attrString         = 0x02
	attrBool           = 0x03
	attrInt32          = 0x04
	attrFloat32        = 0x05
	attrFloat64        = 0x06
	attrUDim           = 0x09
	attrUDim2          = 0x0A
	attrBrickColor     = 0x0E
	attrColor3         = 0x0F
	attrVector2        = 0x10
	attrVector3        = 0x11
	attrCFrame         = 0x14
	attrEnumItem       = 0x15
	attrNumberSequence = 0x17
	attrColorSequence  = 0x19
	attrNumberRange    = 0x1B
	attrRect           = 0x1C
	attrFont           = 0x21
)

// Attribute is one of an instance's attributes.
type Attribute struct {
	Name  string
	Value Value
}

// DecodeAttributes decodes an AttributesSerialize blob (already base64
// decoded, for XML files). Attributes come back in the blob's order, which
// is not sorted.
//
// The blob has no lengths that would let a reader step over a value it does
// not know, so an attribute of an unknown type ends the decoding: it is the
// last of attrs, with an [Unsupported] value, and unread counts the
// attributes after it. A blob that is cut short, names an attribute twice
// or has a name that is not UTF-8 is an error naming the byte.
func DecodeAttributes(blob []byte) (attrs []Attribute, unread int, err error) {
	if len(blob) == 0 {
		return nil, 0, nil
	}
	c := &cursor{b: blob}
	n := c.count(c.u32(), 5, math.MaxInt32, "attributes")
	seen := map[string]bool{}
	for i := 0; i < n && c.err == nil; i++ {
		start := c.pos
		name := c.str()
		if c.err != nil {
			break
		}
		if !utf8.ValidString(name) {
			return nil, 0, fmt.Errorf("byte %d: attribute %d's name %q is not UTF-8", start, i, clip(name))
		}
		if seen[name] {
			return nil, 0, fmt.Errorf("byte %d: attribute %q appears twice", start, name)
		}
		seen[name] = true
		typ := c.u8()
		v, known := attributeValue(c, typ)
		if c.err != nil {
			break
		}
		attrs = append(attrs, Attribute{Name: name, Value: v})
		if !known {
			return attrs, n - i - 1, nil
		}
	}
	c.end()
	if c.err != nil {
		return nil, 0, c.err
	}
	return attrs, 0, nil
}

// attributeValue reads one value of attribute type typ; known is false for
// a type it cannot read.
func attributeValue(c *cursor, typ uint8) (v Value, known bool) {
	vec2 := func() Vector2 { return Vector2{c.f32(), c.f32()} }
	vec3 := func() Vector3 { return Vector3{c.f32(), c.f32(), c.f32()} }
	udim := func() UDim { return UDim{c.f32(), int32(c.u32())} }
	switch typ {
	case attrString:
		return String(c.str()), true
	case attrBool:
		return Bool(c.u8() != 0), true // Studio reads any non-zero byte as true
	case attrInt32:
		return Int32(int32(c.u32())), true
	case attrFloat32:
		return Float32(c.f32()), true
	case attrFloat64:
		return Float64(c.f64()), true
	case attrUDim:
		return udim(), true
	case attrUDim2:
		return UDim2{udim(), udim()}, true
	case attrBrickColor:
		return BrickColor(c.u32()), true
	case attrColor3:
		return Color3{c.f32(), c.f32(), c.f32()}, true
	case attrVector2:
		return vec2(), true
	case attrVector3:
		return vec3(), true
	case attrCFrame:
		f := CFrame{Position: vec3()}
		id := c.u8()
		if c.err != nil {
			return f, true
		}
		if id == 0 {
			for j := range f.Rotation {
				f.Rotation[j] = c.f32()
			}
			return f, true
		}
		rot, ok := axisRotation(id)
		if !ok {
			c.fail("CFrame rotation id 0x%02x is not one of the 24 axis-aligned rotations", id)
		}
		f.Rotation = rot
		return f, true
	case attrEnumItem:
		e := EnumItem{Enum: c.str()}
		e.Value = c.u32()
		return e, true
	case attrNumberSequence:
		k := c.keypoints(12)
		seq := make(NumberSequence, k)
		for j := range seq {
			env, t, val := c.f32(), c.f32(), c.f32()
			seq[j] = NumberKeypoint{Time: t, Value: val, Envelope: env}
		}
		return seq, true
	case attrColorSequence:
		k := c.keypoints(20)
		seq := make(ColorSequence, k)
		for j := range seq {
			env, t := c.f32(), c.f32()
			seq[j] = ColorKeypoint{Time: t, R: c.f32(), G: c.f32(), B: c.f32(), Envelope: env}
		}
		return seq, true
	case attrNumberRange:
		return NumberRange{c.f32(), c.f32()}, true
	case attrRect:
		return Rect{vec2(), vec2()}, true
	case attrFont:
		f := Font{}
		f.Weight, f.Style = c.u16(), c.u8()
		f.Family, f.CachedFaceID = c.str(), c.str()
		return f, true
	}
	return Unsupported{fmt.Sprintf("attribute type 0x%02x", typ)}, false
}
