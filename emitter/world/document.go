package world

// The document model of a compiled level's particles: what the KWP1 codec
// stores and what validation, evaluation and the renderer read. References
// between elements are indices (an emitter's preset and sector, a preset's
// frames); the authoring vocabulary (package source) names them instead.
// Units are world distances and seconds, Z up; angles are degrees.

// Document versions and the features a host must advertise to mount them.
const (
	// Version is the first document version: additive and cutout blends.
	Version = 1
	// AlphaVersion adds the alpha and premultiplied blends. It keeps
	// version 1's binary layout, limits, schedules and motion.
	AlphaVersion = 2

	// Feature is the feature a version-1 document requires.
	Feature = "world/particles@1"
	// FeatureV2 is the feature a version-2 document requires. It does
	// not imply Feature: a set of levels of both versions needs both.
	FeatureV2 = "world/particles@2"
	// SectorsFeature is required by every document of either version:
	// each emitter lives in a convex sector.
	SectorsFeature = "world/sectors@1"
)

// Limits of a document. Validation and the codec refuse anything beyond
// them before any memory is sized from it.
const (
	MaxPresets         = 64
	MaxEmitters        = 256
	MaxSlotsPerEmitter = 4096    // a preset's Capacity
	MaxSlots           = 65536   // the sum of every emitter's preset Capacity
	MaxFrames          = 16      // sprite frames per preset
	MaxBursts          = 16      // timed bursts per emitter
	MinCurveKeys       = 2       // keys per size or colour curve
	MaxCurveKeys       = 4       //
	MaxEncodedSize     = 1 << 20 // bytes of a KWP1 file, header included
	MaxSeconds         = 3600    // lifetime, duration, period and delay
	MaxNameLength      = 64      // bytes of a texture, preset, emitter or sector name
	MaxPathLength      = 1024    // bytes of a texture's Path

	// MaxTextures is the most textures a document names: as many as
	// MaxPresets presets of MaxFrames distinct frames can refer to.
	MaxTextures = MaxPresets * MaxFrames
	// MaxTextureEdge is the widest and tallest texture, pixels: a
	// renderer packs multi-frame groups on 2048² pages and gives larger
	// single textures a page of their own, up to this edge.
	MaxTextureEdge = 4096
	// MaxSectors is the most sectors in a document.
	MaxSectors = 1024
	// MaxSectorPoints is the most points of a sector's polygon, and so
	// of its portals (one per edge at most).
	MaxSectorPoints = 64
)

// Names of textures, presets, emitters and sectors are 1 to MaxNameLength
// bytes of ASCII letters, digits, '_', '-' and '.', starting with a letter
// or '_', and unique among their kind: validation errors name elements by
// them (presets[torch].drag), so a name never reads as an index.

// Document is one level's particles: named presets placed by emitters,
// each emitter confined to one convex sector.
type Document struct {
	// Version is Version or AlphaVersion.
	Version int
	// Textures are the sprite images the presets' frames refer to.
	Textures []Texture
	// Presets are the particle kinds, at most MaxPresets.
	Presets []Preset
	// Sectors are the convex rooms emitters live in.
	Sectors []Sector
	// Emitters are the placed emitters, at most MaxEmitters, in authored
	// order (the order alpha-blended emitters are drawn in).
	Emitters []Emitter
}

// Texture is a named sprite image. A renderer resolves it by Name (Path is
// where the compiler found it, slash-separated, relative to the level
// source's folder) and must prove that what it loaded has these
// dimensions and this Digest before the level is ready.
type Texture struct {
	Name string
	Path string
	// Width and Height are the image's size in pixels.
	Width, Height int
	// Digest is the SHA-256 of the image's straight-alpha 8-bit RGBA
	// pixels, row by row from the top left.
	Digest [32]byte
}

// Preset is a kind of particle. Its capacity is fixed: every emitter using
// it gets Capacity slots, of which the emitter's schedule may use fewer.
type Preset struct {
	Name string
	// Capacity is the number of slots, 1 to MaxSlotsPerEmitter.
	Capacity int
	// Spawn is the support particles are born in, in the emitter's frame.
	Spawn Spawn
	// Velocity is the initial velocity, each axis sampled uniformly in
	// [Min, Max], in the emitter's frame.
	Velocity Range3
	// Lifetime is sampled uniformly, seconds, 0 < Min <= Max <= MaxSeconds.
	Lifetime Range
	// Acceleration is constant, in the emitter's frame (gravity is
	// negative Z).
	Acceleration Vec3
	// Drag is the linear drag k of dv/dt = a - k v, per second, >= 0.
	Drag float64
	// Rotation is the initial rotation of the billboard in its plane,
	// degrees, and Spin its angular speed, degrees per second, both
	// sampled uniformly.
	Rotation, Spin Range
	// Curves are the size and colour over the normalized age.
	Curves Curves
	// Sprite is how a particle is drawn.
	Sprite Sprite
	// Walls is what the sector's walls, floor and ceiling do to the
	// particles: WallsContain (the default) or WallsKill.
	Walls Walls
}

// Walls is what a sector's walls, floor and ceiling do to a preset's
// particles.
type Walls uint8

// Walls values.
const (
	// WallsContain: particles never reach a wall. Validation requires an
	// emitter's whole motion envelope to fit its sector.
	WallsContain Walls = iota
	// WallsKill: a particle dies where its path first meets its sector's
	// wall, floor or ceiling, at the time of impact the evaluator solves
	// from the closed-form path (docs/world.md, "Walls"). The envelope
	// may leave the sector; validation requires the spawn support to fit
	// it instead.
	WallsKill
)

// SpawnShape is the kind of a preset's spawn support.
type SpawnShape uint8

// Spawn shapes.
const (
	// SpawnPoint: every particle is born at Spawn.Min (== Spawn.Max).
	SpawnPoint SpawnShape = iota
	// SpawnBox: each axis sampled uniformly in [Spawn.Min, Spawn.Max].
	SpawnBox
)

// Spawn is a preset's spawn support in the emitter's frame.
type Spawn struct {
	Shape    SpawnShape
	Min, Max Vec3
}

// Curves are a preset's piecewise-linear curves over the normalized age
// (0 at birth, 1 at death). Each has MinCurveKeys to MaxCurveKeys keys,
// the first at age 0, the last at age 1, ages strictly increasing after
// conversion to float32 with every difference at least 2^-126.
type Curves struct {
	// Size is the billboard's edge length in world units (before the
	// emitter's Scale).
	Size []SizeKey
	// Color is straight-alpha RGBA, each component in [0, 1].
	Color []ColorKey
}

// SizeKey is a key of a size curve.
type SizeKey struct {
	Age, Size float64
}

// ColorKey is a key of a colour curve.
type ColorKey struct {
	Age        float64
	R, G, B, A float64
}

// Sprite is how a preset's particles are drawn.
type Sprite struct {
	// Frames are indices into Document.Textures, 1 to MaxFrames, square
	// images of one size.
	Frames []int
	Facing Facing
	Blend  Blend
	// Flipbook steps through Frames.
	Flipbook Flipbook
}

// Facing is how a billboard is oriented.
type Facing uint8

// Facings.
const (
	// FacingCamera: the billboard faces the camera, Size x Size on
	// screen at zoom 1.
	FacingCamera Facing = iota
	// FacingUpright: the billboard stands in the world's vertical plane
	// facing the camera's direction, its screen height foreshortened by
	// the camera's pitch.
	FacingUpright
)

// Blend is how a particle's colour reaches the target.
type Blend uint8

// Blends. Version 1 accepts BlendAdditive and BlendCutout only.
const (
	BlendAdditive Blend = iota
	BlendCutout
	BlendAlpha         // version 2
	BlendPremultiplied // version 2
)

// Flipbook is how a preset steps through its frames.
type Flipbook struct {
	Mode FlipbookMode
	// FPS is frames per second. With more than one frame it must be at
	// least 2^-126 (the smallest normal float32); a single frame allows 0.
	FPS float64
}

// FlipbookMode is what a flipbook does after its last frame.
type FlipbookMode uint8

// Flipbook modes.
const (
	// FlipbookOnce clamps to the last frame.
	FlipbookOnce FlipbookMode = iota
	// FlipbookCycle starts over from the first.
	FlipbookCycle
)

// Emitter places a preset in the world.
type Emitter struct {
	Name string
	// Preset and Sector are indices into Document.Presets and
	// Document.Sectors.
	Preset, Sector int
	// Position is the emitter's origin in world units, Z up.
	Position Vec3
	// Yaw turns the preset's spawn, velocity and acceleration about Z,
	// degrees counter-clockwise seen from above; compiled documents hold
	// it normalized to [-180, 180].
	Yaw float64
	// Scale multiplies displacement and billboard size, > 0.
	Scale float64
	// Seed selects the emitter's particle variation.
	Seed uint32
	// Rate is births per second over [0, Duration) of each emission; 0
	// for bursts only.
	Rate float64
	// Duration is the length of the rate emission, seconds.
	Duration float64
	// Bursts add births at offsets into each emission, at most MaxBursts.
	Bursts []Burst
	// Delay postpones the first emission, seconds.
	Delay float64
	// Playback is PlayOnce or PlayCycle; Period is the cycle length in
	// seconds, > 0, when cycling (0 otherwise).
	Playback Playback
	Period   float64
	// Bounds is the stored conservative box of everything the emitter
	// can ever show, world units; validation requires it to equal the
	// recomputed bounds.
	Bounds Box
}

// Burst is a timed burst: Count births at Time seconds into an emission.
type Burst struct {
	Time  float64
	Count int
}

// Playback is how an emitter repeats.
type Playback uint8

// Playbacks.
const (
	// PlayOnce emits once after Delay and drains naturally.
	PlayOnce Playback = iota
	// PlayCycle repeats the emission every Period after Delay.
	PlayCycle
)

// Sector is a convex room: a polygon in XY between a floor and a ceiling.
type Sector struct {
	Name string
	// Points is the polygon, counter-clockwise seen from above (+Z),
	// strictly convex: no duplicate or collinear points.
	Points []Vec2
	// Floor and Ceiling bound Z, Floor < Ceiling.
	Floor, Ceiling float64
	// Portals join edges of this sector to other sectors.
	Portals []Portal
}

// Portal joins edge Edge of a sector (from Points[Edge] to
// Points[(Edge+1) % len(Points)]) to the sector with index Sector.
type Portal struct {
	Edge, Sector int
}

// Vec2 is a point in the XY plane.
type Vec2 struct{ X, Y float64 }

// Vec3 is a point or vector in world space, Z up.
type Vec3 struct{ X, Y, Z float64 }

// Range is a closed interval [Min, Max].
type Range struct{ Min, Max float64 }

// Range3 is a range per axis.
type Range3 struct{ Min, Max Vec3 }

// Box is an axis-aligned box, Min <= Max on every axis.
type Box struct{ Min, Max Vec3 }
