package source

import (
	"math"
	"strconv"

	"github.com/emberfx/ember/emitter/world"
)

// Type is the kind of value a field of a level source holds, as written in
// YAML or JSON, and the Go type it fills.
type Type uint8

// Types of field.
const (
	// Number is a finite number (float64).
	Number Type = iota + 1
	// Integer is a whole number (int).
	Integer
	// Seed is a whole number from 0 to 2^32-1 (uint32).
	Seed
	// Text is a string (string).
	Text
	// Ref is the name of an element of the kind Field.Refers names
	// (string).
	Ref
	// Enum is one of Field.Enum, spelt exactly (a uint8 enumeration whose
	// values are the names' indices).
	Enum
	// Vec2 is {x, y}, a missing component 0 (world.Vec2).
	Vec2
	// Vec3 is {x, y, z}, a missing component 0 (world.Vec3).
	Vec3
	// Range is {min, max}, both required, or one number for both
	// (world.Range).
	Range
	// Range3 is {min, max}, each a Vec3, a missing one 0 (world.Range3).
	Range3
	// Record is a mapping of the keys of Field.Fields (a struct).
	Record
	// List is a list of Field.Elem (a slice).
	List
	// Named is a mapping of element names to Field.Elem: the elements of
	// one kind, in the order written (a slice of structs whose Name field
	// holds the name).
	Named
)

var typeNames = [...]string{
	Number: "number", Integer: "integer", Seed: "seed", Text: "string", Ref: "name",
	Enum: "enum", Vec2: "vec2", Vec3: "vec3", Range: "range", Range3: "range3",
	Record: "mapping", List: "list", Named: "named",
}

// String returns the type's name in docs/world-levels.md: number, integer,
// seed, string, name, enum, vec2, vec3, range, range3, mapping, list or
// named.
func (t Type) String() string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "invalid"
}

// Bounds is the interval a number must lie in: each component of a
// vector or range, each number of a list.
type Bounds struct {
	Min, Max float64
	// MinOpen and MaxOpen exclude the ends.
	MinOpen, MaxOpen bool
}

// Field is one field of a level source: its YAML key, the Go field it
// fills and what docs/world-levels.md and the JSON Schema say about it.
type Field struct {
	// Key is the YAML key, lowercase snake case. It is empty for the
	// element of a List or Named field.
	Key string
	// Go is the name of the Go struct field the value fills. The element
	// of a Named field fills a whole struct, whose Name is the key; when
	// that element is not a Record, Go names the struct field its value
	// fills.
	Go   string
	Type Type
	// Enum lists an Enum's names in value order.
	Enum []string
	// Refers is the kind of element a Ref names: "textures", "presets"
	// or "sectors".
	Refers string
	// Fields are a Record's fields, in the order docs list them.
	Fields []Field
	// Elem is the element of a List or Named field.
	Elem *Field
	// MinItems and MaxItems bound a List's or Named's length (MaxItems 0:
	// no bound of its own).
	MinItems, MaxItems int
	// Bounds limits a Number, Integer, Seed, Vec2, Vec3, Range or Range3;
	// nil means any finite number.
	Bounds *Bounds
	// Required fields must be written; the others default to Default.
	Required bool
	// Default says what an omitted field means, as docs write it.
	Default string
	// ZeroUnset marks a field whose Go zero value stands for a Default
	// that is not zero (scale 0 means 1). In a file the field is either
	// omitted or set to a value within Bounds: a written 0 is a problem.
	ZeroUnset bool
	// Meaning says what the field is, units first.
	Meaning string
	// Rule states the field's limits beyond Bounds and the list lengths.
	Rule string
}

// Limits bounds shared by many fields.
var (
	anyMagnitude = &Bounds{Min: -world.MaxMagnitude, Max: world.MaxMagnitude}
	magnitude    = &Bounds{Min: 0, Max: world.MaxMagnitude}
	seconds      = &Bounds{Min: 0, Max: world.MaxSeconds}
	unit         = &Bounds{Min: 0, Max: 1}
)

// enumNames lists the source names of an enumeration's values, from 0 up
// to the first whose String is "invalid" (the document model's name for a
// value out of range).
func enumNames[T interface {
	~uint8
	String() string
}]() []string {
	var names []string
	for v := T(0); v.String() != "invalid" && len(names) < 256; v++ {
		names = append(names, v.String())
	}
	return names
}

var (
	spawnShapeNames   = enumNames[world.SpawnShape]()
	facingNames       = enumNames[world.Facing]()
	blendNames        = enumNames[world.Blend]()
	flipbookModeNames = enumNames[world.FlipbookMode]()
	playbackNames     = enumNames[world.Playback]()
	wallsNames        = enumNames[world.Walls]()
)

// Element kinds, as Ref fields name them and element paths start.
const (
	kindTextures = "textures"
	kindPresets  = "presets"
	kindSectors  = "sectors"
	kindEmitters = "emitters"
)

var presetFields = []Field{
	{Key: "capacity", Go: "Capacity", Type: Integer, ZeroUnset: true,
		Bounds:  &Bounds{Min: 1, Max: world.MaxSlotsPerEmitter},
		Default: "the most slots any emitter using the preset reserves",
		Meaning: "the slots of every emitter using the preset: the most particles it shows at once",
		Rule:    "at least the slots each emitter using it reserves"},
	{Key: "spawn", Go: "Spawn", Type: Record, Default: "a point at the origin",
		Meaning: "where particles are born, in the emitter's frame",
		Fields: []Field{
			{Key: "shape", Go: "Shape", Type: Enum, Enum: spawnShapeNames, Default: "point",
				Meaning: "point: born at min; box: each axis uniform in [min, max]"},
			{Key: "min", Go: "Min", Type: Vec3, Bounds: anyMagnitude, Default: "0",
				Meaning: "the point, or the box's low corner, world units"},
			{Key: "max", Go: "Max", Type: Vec3, Bounds: anyMagnitude, Default: "0",
				Meaning: "the box's high corner, world units", Rule: "min <= max on each axis; a point has no max (or max = min)"},
		}},
	{Key: "velocity", Go: "Velocity", Type: Range3, Bounds: anyMagnitude, Default: "0",
		Meaning: "initial velocity, world units per second, each axis uniform in [min, max], in the emitter's frame",
		Rule:    "min <= max on each axis"},
	{Key: "lifetime", Go: "Lifetime", Type: Range, Required: true,
		Bounds:  &Bounds{Min: 0, Max: world.MaxSeconds, MinOpen: true},
		Meaning: "seconds a particle lives, uniform in [min, max]", Rule: "min <= max"},
	{Key: "acceleration", Go: "Acceleration", Type: Vec3, Bounds: anyMagnitude, Default: "0",
		Meaning: "constant acceleration, world units per second², in the emitter's frame (gravity is negative z)"},
	{Key: "drag", Go: "Drag", Type: Number, Bounds: magnitude, Default: "0",
		Meaning: "linear drag k of dv/dt = a - k v, per second"},
	{Key: "rotation", Go: "Rotation", Type: Range, Bounds: anyMagnitude, Default: "0",
		Meaning: "the billboard's rotation at birth, degrees, uniform in [min, max]", Rule: "min <= max"},
	{Key: "spin", Go: "Spin", Type: Range, Bounds: anyMagnitude, Default: "0",
		Meaning: "angular speed, degrees per second, uniform in [min, max]", Rule: "min <= max"},
	{Key: "curves", Go: "Curves", Type: Record, Default: "constant size 1, opaque white",
		Meaning: "size and colour over the normalized age (0 at birth, 1 at death), piecewise linear",
		Fields: []Field{
			{Key: "size", Go: "Size", Type: List, MinItems: world.MinCurveKeys, MaxItems: world.MaxCurveKeys,
				Default: "a constant 1", Meaning: "the billboard's edge length over the age",
				Rule: "the first key at age 0, the last at age 1, ages strictly increasing (also as float32)",
				Elem: &Field{Type: Record, Fields: []Field{
					{Key: "age", Go: "Age", Type: Number, Bounds: unit, Required: true, Meaning: "normalized age"},
					{Key: "size", Go: "Size", Type: Number, Bounds: magnitude, Required: true,
						Meaning: "edge length, world units (times the emitter's scale)"},
				}}},
			{Key: "color", Go: "Color", Type: List, MinItems: world.MinCurveKeys, MaxItems: world.MaxCurveKeys,
				Default: "a constant opaque white", Meaning: "straight-alpha colour over the age",
				Rule: "the first key at age 0, the last at age 1, ages strictly increasing (also as float32)",
				Elem: &Field{Type: Record, Fields: []Field{
					{Key: "age", Go: "Age", Type: Number, Bounds: unit, Required: true, Meaning: "normalized age"},
					{Key: "r", Go: "R", Type: Number, Bounds: unit, Required: true, Meaning: "red"},
					{Key: "g", Go: "G", Type: Number, Bounds: unit, Required: true, Meaning: "green"},
					{Key: "b", Go: "B", Type: Number, Bounds: unit, Required: true, Meaning: "blue"},
					{Key: "a", Go: "A", Type: Number, Bounds: unit, Required: true, Meaning: "opacity"},
				}}},
		}},
	{Key: "sprite", Go: "Sprite", Type: Record, Required: true, Meaning: "how particles are drawn",
		Fields: []Field{
			{Key: "frames", Go: "Frames", Type: List, Required: true, MinItems: 1, MaxItems: world.MaxFrames,
				Meaning: "the flipbook's frames, names of textures",
				Rule:    "square images of one size",
				Elem:    &Field{Type: Ref, Refers: kindTextures}},
			{Key: "facing", Go: "Facing", Type: Enum, Enum: facingNames, Default: "camera",
				Meaning: "camera: the billboard faces the camera; upright: it stands vertical, facing the camera's direction"},
			{Key: "blend", Go: "Blend", Type: Enum, Enum: blendNames, Default: "additive",
				Meaning: "how colour reaches the target", Rule: "alpha and premultiplied need version 2"},
			{Key: "flipbook", Go: "Flipbook", Type: Record, Default: "once, 0 frames per second",
				Meaning: "how particles step through the frames",
				Fields: []Field{
					{Key: "mode", Go: "Mode", Type: Enum, Enum: flipbookModeNames, Default: "once",
						Meaning: "once: stop on the last frame; cycle: start over"},
					{Key: "fps", Go: "FPS", Type: Number, Bounds: magnitude, Default: "0",
						Meaning: "frames per second", Rule: "at least 2^-126 with more than one frame"},
				}},
		}},
	{Key: "walls", Go: "Walls", Type: Enum, Enum: wallsNames, Default: "contain",
		Meaning: "contain: particles never reach a wall; kill: a particle dies where its path first meets its sector's wall, floor or ceiling",
		Rule:    "contain: the emitters' whole motion envelopes must fit their sectors; kill: their spawn supports must"},
}

var emitterFields = []Field{
	{Key: "preset", Go: "Preset", Type: Ref, Refers: kindPresets, Required: true,
		Meaning: "the preset placed"},
	{Key: "sector", Go: "Sector", Type: Ref, Refers: kindSectors, Required: true,
		Meaning: "the sector the emitter lives in", Rule: "everything the emitter shows must fit in it (with walls: kill, where its particles are born)"},
	{Key: "position", Go: "Position", Type: Vec3, Bounds: anyMagnitude, Default: "0",
		Meaning: "the emitter's origin, world units, z up"},
	{Key: "yaw", Go: "Yaw", Type: Number, Default: "0",
		Meaning: "turns spawn, velocity and acceleration about z, degrees counter-clockwise seen from above",
		Rule:    "compiled to [-180, 180]"},
	{Key: "scale", Go: "Scale", Type: Number, ZeroUnset: true, Default: "1",
		Bounds:  &Bounds{Min: 0, Max: world.MaxMagnitude, MinOpen: true},
		Meaning: "uniform scale of displacement and billboard size"},
	{Key: "seed", Go: "Seed", Type: Seed, Bounds: &Bounds{Min: 0, Max: math.MaxUint32}, Default: "0",
		Meaning: "selects the particles' variation; emitters of one preset with one seed vary in step"},
	{Key: "rate", Go: "Rate", Type: Number, Bounds: magnitude, Default: "0",
		Meaning: "births per second over the first duration_seconds of each emission"},
	{Key: "duration_seconds", Go: "Duration", Type: Number, Bounds: seconds, Default: "0",
		Meaning: "length of the rate emission; a positive rate births at 0 even when it is 0",
		Rule:    "at most period_seconds when cycling"},
	{Key: "bursts", Go: "Bursts", Type: List, MaxItems: world.MaxBursts, Default: "none",
		Meaning: "timed bursts added to each emission",
		Elem: &Field{Type: Record, Fields: []Field{
			{Key: "time_seconds", Go: "Time", Type: Number, Bounds: seconds, Default: "0",
				Meaning: "seconds into the emission", Rule: "before period_seconds when cycling"},
			{Key: "count", Go: "Count", Type: Integer, Bounds: &Bounds{Min: 1, Max: world.MaxSlotsPerEmitter}, Required: true,
				Meaning: "births"},
		}}},
	{Key: "delay_seconds", Go: "Delay", Type: Number, Bounds: seconds, Default: "0",
		Meaning: "level clock of the first emission's start"},
	{Key: "playback", Go: "Playback", Type: Enum, Enum: playbackNames, Default: "once",
		Meaning: "once: emit once and drain; cycle: repeat every period_seconds"},
	{Key: "period_seconds", Go: "Period", Type: Number, Bounds: seconds, Default: "0",
		Meaning: "cycle length", Rule: "positive when cycling, omitted (0) when once; every birth strictly before it"},
}

var sectorFields = []Field{
	{Key: "points", Go: "Points", Type: List, Required: true, MinItems: 3, MaxItems: world.MaxSectorPoints,
		Meaning: "the polygon in xy, world units, counter-clockwise seen from above",
		Rule:    "strictly convex: no duplicate or collinear points",
		Elem:    &Field{Type: Vec2, Bounds: anyMagnitude}},
	{Key: "floor", Go: "Floor", Type: Number, Bounds: anyMagnitude, Default: "0",
		Meaning: "the floor's z, world units"},
	{Key: "ceiling", Go: "Ceiling", Type: Number, Bounds: anyMagnitude, Required: true,
		Meaning: "the ceiling's z, world units", Rule: "above floor"},
	{Key: "portals", Go: "Portals", Type: List, MaxItems: world.MaxSectorPoints, Default: "none",
		Meaning: "edges that open on other sectors", Rule: "one per edge, each with a portal back",
		Elem: &Field{Type: Record, Fields: []Field{
			{Key: "edge", Go: "Edge", Type: Integer, Bounds: &Bounds{Min: 0, Max: math.MaxInt32}, Required: true,
				Meaning: "the edge from points[edge] to the next point", Rule: "an index of points"},
			{Key: "sector", Go: "Sector", Type: Ref, Refers: kindSectors, Required: true,
				Meaning: "the sector on the other side"},
		}}},
}

var levelFields = []Field{
	{Key: "version", Go: "Version", Type: Integer, ZeroUnset: true, Default: "1",
		Bounds:  &Bounds{Min: world.Version, Max: world.AlphaVersion},
		Meaning: "the document version: 1 (world/particles@1: additive and cutout blends) or 2 (world/particles@2: also alpha and premultiplied)"},
	{Key: kindTextures, Go: "Textures", Type: Named, MaxItems: world.MaxTextures, Default: "none",
		Meaning: "the sprite images, by name",
		Elem: &Field{Go: "Path", Type: Text, Required: true,
			Meaning: "the image file (PNG), slash-separated, relative to the level file's folder"}},
	{Key: kindPresets, Go: "Presets", Type: Named, MaxItems: world.MaxPresets, Default: "none",
		Meaning: "the kinds of particle, by name",
		Elem:    &Field{Type: Record, Fields: presetFields}},
	{Key: kindSectors, Go: "Sectors", Type: Named, MaxItems: world.MaxSectors, Default: "none",
		Meaning: "the convex rooms emitters live in, by name",
		Elem:    &Field{Type: Record, Fields: sectorFields}},
	{Key: kindEmitters, Go: "Emitters", Type: Named, MaxItems: world.MaxEmitters, Default: "none",
		Meaning: "the placed emitters, by name, in drawing order",
		Rule:    "at most " + strconv.Itoa(world.MaxSlots) + " slots in all",
		Elem:    &Field{Type: Record, Fields: emitterFields}},
}

// Fields returns the fields of a level source's top-level mapping, each
// with its nested fields: the vocabulary docs/world-levels.md lists. The
// result is shared: do not modify it.
func Fields() []Field { return levelFields }
