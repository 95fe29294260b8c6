package emitter

import "fmt"

// NormalID is a face of the host: the EmissionDirection vocabulary.
type NormalID uint8

// EmissionDirection values. Front and Back point toward and away from the
// camera, which is no direction on a plane: they fall back to Top
// (docs/closed-form.md, section 3).
const (
	Top NormalID = iota
	Bottom
	Left
	Right
	Front
	Back
)

// FlipbookLayout is the grid of cells in a flipbook texture.
type FlipbookLayout uint8

// FlipbookLayout values. Custom takes its grid from FlipbookSizeX (columns)
// and FlipbookSizeY (rows).
const (
	FlipbookNone FlipbookLayout = iota
	Grid2x2
	Grid4x4
	Grid8x8
	FlipbookCustom
)

// FlipbookMode is how a particle walks its flipbook cells.
type FlipbookMode uint8

// FlipbookMode values.
const (
	FlipbookLoop FlipbookMode = iota
	FlipbookOneShot
	FlipbookPingPong
	FlipbookRandom
)

// Orientation is how a particle's quad is turned.
type Orientation uint8

// Orientation values. Both FacingCamera modes face the camera by
// construction in 2D; the Velocity modes turn the quad with the motion.
const (
	FacingCamera Orientation = iota
	FacingCameraWorldUp
	VelocityParallel
	VelocityPerpendicular
)

// Shape is the emission area's shape.
type Shape uint8

// Shape values. Sphere, Cylinder and Disc are all an ellipse in 2D; they
// differ in what ShapePartial means.
const (
	Box Shape = iota
	Sphere
	Cylinder
	Disc
)

// ShapeInOut says whether particles leave the shape outward, inward or both.
type ShapeInOut uint8

// ShapeInOut values.
const (
	Outward ShapeInOut = iota
	Inward
	InAndOut
)

// ShapeStyle says whether particles spawn inside the shape or on its rim.
type ShapeStyle uint8

// ShapeStyle values.
const (
	Volume ShapeStyle = iota
	Surface
)

// StudUnit says which edge of the host one stud spans (docs/closed-form.md,
// section 8).
type StudUnit uint8

// StudUnit values. Offset makes one stud one pixel.
const (
	RelativeYY StudUnit = iota
	RelativeXX
	RelativeMin
	RelativeMax
	Offset
)

// BlendMode is how a particle's colour meets what is behind it. Every mode
// outputs premultiplied colour over source-over blending, so effects of all
// modes batch together.
type BlendMode uint8

// BlendMode values.
//   - Normal: Roblox's hybrid: premultiplied rgb·a with alpha a·(1 -
//     LightEmission), so LightEmission 0 is alpha blending and 1 is additive.
//   - Cutout: an alpha test: texels with alpha below 0.5 are dropped and
//     the rest are opaque (then LightEmission as in Normal).
//   - Premultiplied: the texture's premultiplied colour times the particle's
//     colour, with the particle's opacity scaling alpha only
//     (docs/appearance.md, section 4): as
//     the opacity fades, the particle turns additive, one material for fire
//     that becomes smoke.
const (
	BlendNormal BlendMode = iota
	BlendCutout
	BlendPremultiplied
)

var (
	blendModeNames      = []string{"Normal", "Cutout", "Premultiplied"}
	normalIDNames       = []string{"Top", "Bottom", "Left", "Right", "Front", "Back"}
	flipbookLayoutNames = []string{"None", "Grid2x2", "Grid4x4", "Grid8x8", "Custom"}
	flipbookModeNames   = []string{"Loop", "OneShot", "PingPong", "Random"}
	orientationNames    = []string{"FacingCamera", "FacingCameraWorldUp", "VelocityParallel", "VelocityPerpendicular"}
	shapeNames          = []string{"Box", "Sphere", "Cylinder", "Disc"}
	shapeInOutNames     = []string{"Outward", "Inward", "InAndOut"}
	shapeStyleNames     = []string{"Volume", "Surface"}
	unitNames           = []string{"RelativeYY", "RelativeXX", "RelativeMin", "RelativeMax", "Offset"}
)

func enumString(names []string, v uint8, kind string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, v)
}

func (v BlendMode) String() string { return enumString(blendModeNames, uint8(v), "BlendMode") }
func (v NormalID) String() string  { return enumString(normalIDNames, uint8(v), "NormalID") }
func (v FlipbookLayout) String() string {
	return enumString(flipbookLayoutNames, uint8(v), "FlipbookLayout")
}
func (v FlipbookMode) String() string { return enumString(flipbookModeNames, uint8(v), "FlipbookMode") }
func (v Orientation) String() string  { return enumString(orientationNames, uint8(v), "Orientation") }
func (v Shape) String() string        { return enumString(shapeNames, uint8(v), "Shape") }
func (v ShapeInOut) String() string   { return enumString(shapeInOutNames, uint8(v), "ShapeInOut") }
func (v ShapeStyle) String() string   { return enumString(shapeStyleNames, uint8(v), "ShapeStyle") }
func (v StudUnit) String() string     { return enumString(unitNames, uint8(v), "StudUnit") }
