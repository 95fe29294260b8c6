package rowlayout

// The preset row of a world level: one row of a level's data texture
// (image 1 of the world shader) per preset of the level, holding what the
// shader needs of its appearance (docs/world.md, "Drawing"). Floats are
// float32 bits.
const (
	// WorldHeader holds bytes: colour keys, blend (WorldBlend...), frames,
	// facing (0 camera, 1 upright).
	WorldHeader = 0
	// WorldFrameSize is a pair: a frame's width and height in pixels (a
	// preset's frames share one size).
	WorldFrameSize = 1
	// WorldColor is colour key i's first texel: WorldColor+5i its age, then
	// r, g, b and a (straight alpha).
	WorldColor = 2
	// WorldFrames is frame i's texel: a pair, the frame's top-left pixel in
	// the page.
	WorldFrames = WorldColor + 5*WorldMaxKeys

	// WorldDataWidth is the preset row's width in texels.
	WorldDataWidth = WorldFrames + WorldMaxFrames
	// WorldRowBytes is one preset row's size in bytes.
	WorldRowBytes = 4 * WorldDataWidth

	// WorldMaxKeys and WorldMaxFrames are world.MaxCurveKeys and
	// world.MaxFrames (a test holds them equal; this package cannot
	// import the world emitters, which use resolv).
	WorldMaxKeys   = 4
	WorldMaxFrames = 16
)

// The world blends, world.Blend's values (a test holds them equal).
const (
	WorldBlendAdditive      = 0
	WorldBlendCutout        = 1
	WorldBlendAlpha         = 2
	WorldBlendPremultiplied = 3
)
