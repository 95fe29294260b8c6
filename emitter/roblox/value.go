package roblox

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// Value is one decoded property value. Its concrete type is one of the
// types below; Type names it with the element name the XML format uses
// ("float", "token", "NumberSequence"...), whichever format it came from.
type Value interface {
	Type() string
	String() string
}

// Scalar property values.
type (
	// Float32 is a "float" property.
	Float32 float32
	// Float64 is a "double" property.
	Float64 float64
	// Bool is a "bool" property.
	Bool bool
	// Int32 is an "int" property.
	Int32 int32
	// Int64 is an "int64" property.
	Int64 int64
	// String is a "string" property. The binary format also stores
	// legacy content URLs (ContentId, such as ParticleEmitter.Texture) and
	// AttributesSerialize as strings.
	String string
	// BinaryString is a "BinaryString" property, already base64-decoded.
	BinaryString []byte
	// Token is an enum ("token") property: the enum item's integer value.
	Token uint32
	// Color3uint8 is a packed RGB colour (BasePart.Color's stored form).
	Color3uint8 struct{ R, G, B uint8 }
	// Ref is a referent property: the referent of another instance, or ""
	// for none.
	Ref string
)

// NumberRange is a "NumberRange" property.
type NumberRange struct{ Min, Max float32 }

// NumberKeypoint is one keypoint of a NumberSequence.
type NumberKeypoint struct{ Time, Value, Envelope float32 }

// NumberSequence is a "NumberSequence" property.
type NumberSequence []NumberKeypoint

// ColorKeypoint is one keypoint of a ColorSequence. Roblox stores an
// envelope for colour keypoints too, but gives it no meaning.
type ColorKeypoint struct{ Time, R, G, B, Envelope float32 }

// ColorSequence is a "ColorSequence" property.
type ColorSequence []ColorKeypoint

// Vector2 is a "Vector2" property.
type Vector2 struct{ X, Y float32 }

// Vector3 is a "Vector3" property.
type Vector3 struct{ X, Y, Z float32 }

// Color3 is a "Color3" property: channels in 0..1.
type Color3 struct{ R, G, B float32 }

// CFrame is a "CoordinateFrame" property: a position and a row-major 3×3
// rotation matrix.
type CFrame struct {
	Position Vector3
	Rotation [9]float32
}

// Content is a "Content" property: an asset URL, or none. Both the legacy
// ContentId form (XML <url>) and the newer Content form (XML <uri>, binary
// type 0x22) decode to it; an empty URI is no content.
type Content struct {
	URI string
	// Object is true when the content is an in-memory object (XML <Ref>,
	// binary source type Object), which a file cannot carry.
	Object bool
}

// UDim is a "UDim" value: a fraction of the parent's size plus pixels.
type UDim struct {
	Scale  float32
	Offset int32
}

// UDim2 is a "UDim2" value.
type UDim2 struct{ X, Y UDim }

// BrickColor is a "BrickColor" value: a palette number (1004 is Really
// red).
type BrickColor uint32

// Rect is a "Rect" value.
type Rect struct{ Min, Max Vector2 }

// EnumItem is an enum value that names its enum (attributes store these;
// properties store a bare Token).
type EnumItem struct {
	Enum  string
	Value uint32
}

// Font is a "Font" value.
type Font struct {
	Family       string
	Weight       uint16
	Style        uint8
	CachedFaceID string
}

// Unsupported is a property whose type the importer does not decode
// (PhysicalProperties, UniqueId, Font...): its value is skipped, only its
// type is kept.
type Unsupported struct{ TypeName string }

func (Float32) Type() string        { return "float" }
func (Float64) Type() string        { return "double" }
func (Bool) Type() string           { return "bool" }
func (Int32) Type() string          { return "int" }
func (Int64) Type() string          { return "int64" }
func (String) Type() string         { return "string" }
func (BinaryString) Type() string   { return "BinaryString" }
func (Token) Type() string          { return "token" }
func (Color3uint8) Type() string    { return "Color3uint8" }
func (Ref) Type() string            { return "Ref" }
func (NumberRange) Type() string    { return "NumberRange" }
func (NumberSequence) Type() string { return "NumberSequence" }
func (ColorSequence) Type() string  { return "ColorSequence" }
func (Vector2) Type() string        { return "Vector2" }
func (Vector3) Type() string        { return "Vector3" }
func (Color3) Type() string         { return "Color3" }
func (CFrame) Type() string         { return "CoordinateFrame" }
func (Content) Type() string        { return "Content" }
func (UDim) Type() string           { return "UDim" }
func (UDim2) Type() string          { return "UDim2" }
func (BrickColor) Type() string     { return "BrickColor" }
func (Rect) Type() string           { return "Rect" }
func (EnumItem) Type() string       { return "EnumItem" }
func (Font) Type() string           { return "Font" }
func (u Unsupported) Type() string  { return u.TypeName }

// f32 formats a float32 with the fewest digits that read back as it.
func f32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

func (v Float32) String() string { return f32(float32(v)) }
func (v Float64) String() string { return strconv.FormatFloat(float64(v), 'g', -1, 64) }
func (v Bool) String() string    { return strconv.FormatBool(bool(v)) }
func (v Int32) String() string   { return strconv.FormatInt(int64(v), 10) }
func (v Int64) String() string   { return strconv.FormatInt(int64(v), 10) }
func (v String) String() string  { return strconv.Quote(string(v)) }
func (v Token) String() string   { return strconv.FormatUint(uint64(v), 10) }
func (v Ref) String() string     { return string(v) }
func (v Color3uint8) String() string {
	return fmt.Sprintf("(%d, %d, %d)", v.R, v.G, v.B)
}
func (v BinaryString) String() string {
	const show = 48
	s := base64.StdEncoding.EncodeToString(v)
	if len(s) > show {
		s = s[:show] + "..."
	}
	return fmt.Sprintf("%d bytes %s", len(v), s)
}
func (v NumberRange) String() string { return f32(v.Min) + " " + f32(v.Max) }
func (v Vector2) String() string     { return "(" + f32(v.X) + ", " + f32(v.Y) + ")" }
func (v Vector3) String() string {
	return "(" + f32(v.X) + ", " + f32(v.Y) + ", " + f32(v.Z) + ")"
}
func (v Color3) String() string {
	return "(" + f32(v.R) + ", " + f32(v.G) + ", " + f32(v.B) + ")"
}
func (v CFrame) String() string { return "at " + v.Position.String() }
func (v Content) String() string {
	switch {
	case v.Object:
		return "an object"
	case v.URI == "":
		return "none"
	}
	return v.URI
}
func (v UDim) String() string       { return "{" + f32(v.Scale) + ", " + strconv.Itoa(int(v.Offset)) + "}" }
func (v UDim2) String() string      { return "{" + v.X.String() + ", " + v.Y.String() + "}" }
func (v BrickColor) String() string { return strconv.FormatUint(uint64(v), 10) }
func (v Rect) String() string       { return v.Min.String() + " to " + v.Max.String() }
func (v EnumItem) String() string {
	return "Enum." + v.Enum + " " + strconv.FormatUint(uint64(v.Value), 10)
}
func (v Font) String() string {
	return fmt.Sprintf("%s weight %d style %d", strconv.Quote(v.Family), v.Weight, v.Style)
}
func (u Unsupported) String() string { return "(" + u.TypeName + ", not decoded)" }

// String lists the keypoints as the XML format writes them: time, value,
// envelope.
func (v NumberSequence) String() string {
	var b strings.Builder
	for i, k := range v {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f32(k.Time) + " " + f32(k.Value) + " " + f32(k.Envelope))
	}
	return b.String()
}

// String lists the keypoints as the XML format writes them: time, r, g, b,
// envelope.
func (v ColorSequence) String() string {
	var b strings.Builder
	for i, k := range v {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f32(k.Time) + " " + f32(k.R) + " " + f32(k.G) + " " + f32(k.B) + " " + f32(k.Envelope))
	}
	return b.String()
}

// MaxKeypoints is the most keypoints a NumberSequence or ColorSequence may
// have (Roblox's rule).
const MaxKeypoints = 20

// checkKeypoints applies Roblox's keypoint count rule, shared by every
// reader: 2 to MaxKeypoints keypoints.
func checkKeypoints(n int) error {
	if n < 2 || n > MaxKeypoints {
		return fmt.Errorf("has %d keypoints; Roblox allows 2 to %d", n, MaxKeypoints)
	}
	return nil
}
