package world

// Constants are what evaluating one emitter's slots reads, as the
// [Evaluator] holds it: the numbers a GPU evaluator uploads once per level
// so that, per frame, it needs only the emitter's [Cycle] (docs/world.md,
// section 10, "The GPU path"). Slices are the evaluator's own: read them,
// never change them.
type Constants struct {
	// Schedule is the emitter's compiled schedule.
	Schedule Schedule
	// Seed is the emitter's seed.
	Seed uint32
	// Position is the emitter's position; Cos and Sin those of its yaw,
	// Scale its scale.
	Position       Vec3
	Cos, Sin       float64
	Scale          float64
	Box            bool // a box spawn (else the point SpawnMin)
	SpawnMin       Vec3
	SpawnMax       Vec3
	Velocity       Range3
	Acceleration   Vec3
	Drag           float64
	LifeMin        float64 // float32 values, as the evaluator reads them
	LifeMax        float64
	Rotation, Spin Range
	// SizeAges are the size curve's ages as float32 values, Sizes its
	// edges (the scale not included).
	SizeAges, Sizes []float64
	// Frames is the flipbook's frame count, FPS its rate, CycleFrames
	// whether it cycles (else it holds its last frame).
	Frames      int
	FPS         float64
	CycleFrames bool
	// Walls are the planes a walls: kill preset's particles can meet
	// (docs/world.md, "Walls"); none otherwise.
	Walls []Wall
}

// Wall is one bounding plane of an emitter's sector as its particles'
// motion sees it (docs/world.md, "Walls"): a particle of spawn s and
// velocity v (the emitter's frame) is outside at age a when
// N0 + M·(s + v f(a) + acceleration G(a)) > 0, and G = M·acceleration.
type Wall struct {
	N0 float64
	M  Vec3
	G  float64
}

// Constants returns emitter's constants. It panics if emitter is not an
// emitter index.
func (ev *Evaluator) Constants(emitter int) Constants {
	s := &ev.emitters[emitter]
	c := Constants{
		Schedule: s.schedule, Seed: s.seed, Position: s.position0,
		Cos: s.cos, Sin: s.sin, Scale: s.scale,
		Box: s.box, SpawnMin: s.spawnMin, SpawnMax: s.spawnMax,
		Velocity: s.velocity, Acceleration: s.acceleration, Drag: s.drag,
		LifeMin: s.lifeMin, LifeMax: s.lifeMax, Rotation: s.rotation, Spin: s.spin,
		SizeAges: s.sizeAges, Sizes: s.sizes,
		Frames: s.frames, FPS: s.fps, CycleFrames: s.cycleFrames,
	}
	for _, w := range s.walls {
		c.Walls = append(c.Walls, Wall{N0: w.n0, M: w.m, G: w.g})
	}
	return c
}

// Slots returns the slots emitter's schedule uses (Schedule.Slots). It
// panics if emitter is not an emitter index.
func (ev *Evaluator) Slots(emitter int) int { return ev.emitters[emitter].schedule.Slots() }
