// Package rowlayout is the layout of the rows of data texels that package
// render writes and the Kage shaders read: which texel of a row holds
// what, the flags packed into them, and the loop bounds the shaders walk.
// render encodes rows with these constants and shaders' sources get them
// as Kage constants generated from this file (internal/codegen/kage), so
// the two sides cannot drift apart.
//
// Every texel is four bytes, read back by the shaders as exact integers.
// Unless said otherwise a texel holds a float32's IEEE 754 bits; "fixed24"
// is a value in [0, 1] stored as round(v · 2^24); a "pair" is two
// little-endian uint16.
package rowlayout

import "github.com/emberfx/ember/emitter"

// The kind row: one row of the batched data texture (image 1 of both
// shaders) per effect kind, a snapshot with its texture and strip placed
// in an atlas page. It holds the appearance.
const (
	RowHeader     = 0  // bytes: transparency keypoints, colour keypoints, BlendMode, flags
	RowFlipbook   = 1  // bytes: columns, rows, FlipbookMode
	RowTexPos     = 2  // pair: the texture rectangle's x, y in the page
	RowTexSize    = 3  // pair: its width, height
	RowStripPos   = 4  // pair: the strip rectangle's x, y
	RowStripSize  = 5  // pair: its width, height
	RowBrightness = 6  // Brightness
	RowInfluence  = 7  // LightInfluence
	RowEmission   = 8  // LightEmission
	RowRateMin    = 9  // FlipbookFramerate.Min
	RowRateMax    = 10 // FlipbookFramerate.Max
	RowCell       = 11 // pair: the flipbook cell's width, height in texels
	RowTrans      = 16 // transparency keypoint i: 16+3i time (fixed24), value, envelope
	RowColor      = 76 // colour keypoint i: 76+4i time, r, g, b (fixed24 each)

	// DataWidth is the kind row's width in texels.
	DataWidth = RowColor + 4*emitter.MaxKeypoints
	// RowBytes is one kind row's size in bytes.
	RowBytes = 4 * DataWidth
	// MaxKeypoints is the most keypoints of a curve a row holds.
	MaxKeypoints = emitter.MaxKeypoints
)

// Flags of the kind row's header.
const (
	FlagBlendFrames = 1 // FlipbookBlendFrames
	FlagStartRandom = 2 // FlipbookStartRandom
	FlagStrip       = 4 // the kind has a colour strip
)

// The GPU path's rows: its own texture (image 2 of the effect shader),
// GPURowTexels wide, holding a motion row per snapshot and an instance row
// per effect.
const (
	// GPURowTexels holds the longer of the two rows: a motion row's
	// squash keypoints, or an instance row's MaxBursts burst slots.
	GPURowTexels = max(MotSquash+3*MaxKeypoints, InstBursts+4*MaxBursts)
	GPURowBytes  = 4 * GPURowTexels

	// RowLimit is the most rows the GPU texture and the batched data
	// texture may have for an effect to use the GPU path: a vertex
	// attribute carries instance row + RowLimit · kind row as one exact
	// float.
	RowLimit = 4096
)

// The instance row of an effect: what its seed and host make of its
// snapshot, and the bursts it may show.
const (
	InstSeed       = 0 // the effect's seed, a 32-bit word
	InstMotion     = 1 // pair: the snapshot's motion row, 0
	InstMoveScale  = 2 // pixels per stud of displacement
	InstSizeScale  = 3 // pixels per stud of size
	InstHalfW      = 4 // the emission area's half-width in pixels
	InstHalfH      = 5 // its half-height
	InstSphereBase = 6 // the angle a Sphere's arc is centred on, radians
	// InstBursts is burst slot s's first texel: 8+4s its birth (seconds
	// after the row's origin), then words: its count, its key base
	// (Index · MaxParticles mod 2^32) and its stream split (the last
	// stream index born at or before it, mod 2^32).
	InstBursts = 8
)

// The motion row of a snapshot: what placing a particle needs.
const (
	MotEnums       = 0  // bytes: Shape, ShapeStyle, ShapeInOut, Orientation
	MotCounts      = 1  // bytes: size keypoints, squash keypoints, layers drawn, motion flags
	MotLifeMin     = 2  // Lifetime.Min after the MinLifetime floor
	MotLifeMax     = 3  // Lifetime.Max after the floor
	MotRate        = 4  // the stream's rate after its cap
	MotSpeedMin    = 5  // studs/s
	MotSpeedMax    = 6  //
	MotDirX        = 7  // the emission direction on screen
	MotDirY        = 8  //
	MotAccX        = 9  // acceleration on screen, studs/s², +Y down
	MotAccY        = 10 //
	MotSpread      = 11 // the spread cone's half-angle, radians
	MotDrag        = 12 // Drag
	MotPartial     = 13 // ShapePartial
	MotRotMin      = 14 // degrees
	MotRotMax      = 15 //
	MotRotSpeedMin = 16 // degrees/s
	MotRotSpeedMax = 17 //
	MotRadius      = 18 // the largest half-diagonal of a core quad, studs
	MotGlow        = 20 // glow layer n: 20+2n growth, 21+2n opacity factor
	MotSize        = 40 // size keypoint i: 40+3i time (fixed24), value, envelope
	MotSquash      = 100
)

// Motion flags.
const (
	// MotFlagConstLife: Lifetime.Min == Lifetime.Max. Every candidate in
	// the live window is then alive: the window's float64 bound already
	// is the lifetime, and no float32 comparison may disagree with it.
	MotFlagConstLife = 1
)

// Loop bounds of the effect shader.
const (
	// MaxCandidates is the most candidates (stream indices of the live
	// window plus the particles of the visible bursts) the effect shader
	// walks per effect.
	MaxCandidates = BinGroup * BinMaxGroups
	// MaxBursts is the most bursts that may be visible at once; an
	// instance row holds this many slots.
	MaxBursts = 64
	// MaxLayers is the most layers a particle draws.
	MaxLayers = emitter.MaxGlowLayers
)

// The GPU path's bins (package render's gpu_bins.go, docs/gpu.md): per
// tile of the effect's quad and per group of BinGroup candidates in birth
// order, a 32-bit mask of the candidates whose conservative footprint
// touches the tile, in a mask image BinWidth texels wide, from the
// candidates' positions (one word each, in a positions image as wide). An effect's
// region of the mask image starts on a row: BinHeader texels of header
// (the job row, copied), then per tile, row-major, its summary texels
// (bit j of summary texel s: group 32s+j has a bit set) and its group
// masks. Each texel is one 32-bit word, as every row of this package.
const (
	// BinTile is a tile's edge in target pixels.
	BinTile = 16
	// BinGroup is the candidates of one mask.
	BinGroup = 32
	// BinMaxGroups is the most groups of an effect: MaxCandidates /
	// BinGroup.
	BinMaxGroups = 512
	// BinMaxSummary is the most summary texels of a tile.
	BinMaxSummary = BinMaxGroups / 32
	// BinWidth is the mask image's width in texels.
	BinWidth = 1024
	// BinMaxRows is the most rows of the mask image: the regions of one
	// frame's effects on the GPU path share them.
	BinMaxRows = 4096
	// BinMaxTiles is the most tiles along either edge of an effect's quad:
	// a position word holds BinQuant steps per tile in 16 bits, 65535
	// meaning no position.
	BinMaxTiles = 1023
	// BinQuant is the steps per tile edge of a candidate's position in
	// the positions image: one word per candidate, x in the low 16 bits
	// and y in the high, in 1/BinQuant tiles from the grid's corner,
	// clamped to the grid (which only moves a far candidate closer: the
	// test stays conservative); x = BinDead when the candidate is dead.
	BinQuant = 64
	// BinDead is the x of a dead candidate's (or a past-the-end one's)
	// position word.
	BinDead = 65535

	// A job row (one per effect on the GPU path per frame, in the job
	// image) and a region's header hold, texel by texel:
	BinXRel     = 0  // the stream clock in index units minus the window's first index
	BinBClock   = 1  // the clock minus the instance row's origin, seconds
	BinHostRot  = 2  // the host's rotation, degrees
	BinOriginX  = 3  // the tile grid's corner relative to the host centre, scene pixels
	BinOriginY  = 4  //
	BinTileSize = 5  // a tile's edge in scene pixels
	BinBase     = 6  // word: the window's first stream index mod 2^32
	BinRow      = 8  // the instance row
	BinStream   = 9  // the stream candidates
	BinBursts   = 10 // the first visible burst slot + 64 · the visible bursts
	BinTilesX   = 11 // tiles across
	BinTilesY   = 12 // tiles down
	BinGroups   = 13 // groups of candidates (summary texels per tile: ⌈groups / 32⌉)
	BinReach    = 14 // the footprint's reach in position steps (1/BinQuant tile), rounded up, plus one
	BinPosRow   = 15 // the first row of the effect's region of the positions image
	// BinHeader is a job row's (and a region header's) width in texels:
	// two quads of eight values each write it.
	BinHeader = 16
)
