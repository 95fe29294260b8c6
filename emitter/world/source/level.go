package source

import "github.com/emberfx/ember/emitter/world"

// Level is one level's particles as authored: named textures, presets,
// sectors and emitters. The order of each list is the order of the compiled
// document's (alpha-blended emitters draw in authored order).
type Level struct {
	// Version is the document version, world.Version or
	// world.AlphaVersion; 0 means world.Version.
	Version int
	// Textures are the sprite images presets name as frames.
	Textures []Texture
	// Presets are the kinds of particle emitters place.
	Presets []Preset
	// Sectors are the convex rooms emitters live in.
	Sectors []Sector
	// Emitters are the placed emitters.
	Emitters []Emitter
}

// Texture is a named image file.
type Texture struct {
	Name string
	// Path is where the image is, slash-separated, relative to the level
	// source's folder.
	Path string
}

// Preset is a kind of particle (world.Preset), with its frames named.
type Preset struct {
	Name string
	// Capacity is the number of slots of every emitter using the preset;
	// 0 means as many as the most demanding of those emitters reserves
	// (at least 1).
	Capacity int
	// Spawn is the support particles are born in. A point spawn is at
	// Min, and its Max must be zero or equal to Min.
	Spawn        world.Spawn
	Velocity     world.Range3
	Lifetime     world.Range
	Acceleration world.Vec3
	Drag         float64
	Rotation     world.Range
	Spin         world.Range
	// Curves are the size and colour over the normalized age. A nil size
	// curve is a constant 1 world unit; a nil colour curve constant
	// opaque white.
	Curves world.Curves
	Sprite Sprite
	// Walls is what the sector's walls do to the particles (world.Walls).
	Walls world.Walls
}

// Sprite is how a preset's particles are drawn (world.Sprite), with the
// frames named.
type Sprite struct {
	// Frames are names of the level's textures.
	Frames   []string
	Facing   world.Facing
	Blend    world.Blend
	Flipbook world.Flipbook
}

// Emitter places a preset in a sector (world.Emitter), naming both. Its
// bounds are computed by Compile.
type Emitter struct {
	Name string
	// Preset and Sector name the level's preset and sector.
	Preset, Sector string
	Position       world.Vec3
	// Yaw is in degrees, any finite value: Compile normalizes it to
	// [-180, 180].
	Yaw float64
	// Scale is the uniform scale; 0 means 1.
	Scale    float64
	Seed     uint32
	Rate     float64
	Duration float64
	Bursts   []world.Burst
	Delay    float64
	Playback world.Playback
	Period   float64
}

// Sector is a convex room (world.Sector) whose portals name the sectors
// they open on.
type Sector struct {
	Name           string
	Points         []world.Vec2
	Floor, Ceiling float64
	Portals        []Portal
}

// Portal joins edge Edge of its sector (from Points[Edge] to the next
// point) to the sector named Sector.
type Portal struct {
	Edge   int
	Sector string
}
