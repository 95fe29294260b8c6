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
	// WorldSize is size key i's first texel: WorldSize+2i its age, then
	// its edge (world units, the emitter's scale not included). The
	// world GPU path reads them; the batched path's billboards carry
	// their size.
	WorldSize = WorldFrames + WorldMaxFrames

	// WorldDataWidth is the preset row's width in texels.
	WorldDataWidth = WorldSize + 2*WorldMaxKeys
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

// The world GPU path's emitter rows (package render's world_gpu.go): per
// emitter drawn on that path, a header row WorldEmitterWidth texels wide
// holding what evaluating its slots reads (world.Constants), followed by
// rows of its births, one float32 offset a texel (the schedule's Births,
// ascending). Floats are float32 bits; words 32-bit integers.
const (
	WorldEmitterWidth = 1024

	WorldEmitterSeed     = 0 // word
	WorldEmitterFlags    = 1 // bytes: box spawn, cycling playback, cycling flipbook, upright facing
	WorldEmitterBirths   = 2 // word: births per emission
	WorldEmitterGroups   = 3 // word: slot groups (1 for a once emitter)
	WorldEmitterFrames   = 4 // word: flipbook frames
	WorldEmitterWalls    = 5 // word: wall planes
	WorldEmitterPreset   = 6 // word: the preset's row in the preset data texture
	WorldEmitterSizeKeys = 7 // word: size keys
	WorldEmitterPeriod   = 8
	WorldEmitterLifeMin  = 9
	WorldEmitterLifeMax  = 10
	WorldEmitterDrag     = 11
	WorldEmitterScale    = 12
	WorldEmitterCos      = 13 // of the yaw
	WorldEmitterSin      = 14
	WorldEmitterFPS      = 15
	WorldEmitterPosition = 16 // x, y, z
	WorldEmitterSpawnMin = 19 // x, y, z
	WorldEmitterSpawnMax = 22
	WorldEmitterVelMin   = 25
	WorldEmitterVelMax   = 28
	WorldEmitterAccel    = 31
	WorldEmitterRotMin   = 34 // degrees
	WorldEmitterRotMax   = 35
	WorldEmitterSpinMin  = 36 // degrees per second
	WorldEmitterSpinMax  = 37
	// WorldEmitterPlanes is wall plane k's first texel: +5k N0, then M's
	// x, y and z, then G (world.Wall).
	WorldEmitterPlanes = 64
	// WorldEmitterMaxPlanes is the most wall planes a header row holds
	// (a sector has at most 64 walls, a floor and a ceiling).
	WorldEmitterMaxPlanes = 66
	// WorldMaxSlots is world.MaxSlotsPerEmitter (a test holds them
	// equal): the world shade pass's loop bound.
	WorldMaxSlots = 4096
)

// The world hash channels, world.Channel...'s values (a test holds them
// equal): the world position and shade passes roll with them.
const (
	WorldChannelLifetime  = 1
	WorldChannelSpawnX    = 2
	WorldChannelSpawnY    = 3
	WorldChannelSpawnZ    = 4
	WorldChannelVelocityX = 5
	WorldChannelVelocityY = 6
	WorldChannelVelocityZ = 7
	WorldChannelRotation  = 8
	WorldChannelSpin      = 9
	WorldChannelThin      = 10
)
