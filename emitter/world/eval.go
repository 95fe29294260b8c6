package world

import (
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/hash"
)

// Particle is one live particle of a world emitter at a level clock, in
// world units with Z up, seconds and degrees.
type Particle struct {
	// Emitter is the index of the emitter in Document.Emitters and Slot
	// the particle's slot in it: together they key the particle from
	// frame to frame for as long as it lives.
	Emitter, Slot int
	// Birth is the birth number: the emission number times the births
	// per emission plus the index of the birth in the emission. It
	// selects the particle's variation.
	Birth uint64
	// Born is the level clock of the birth; Age the time since and
	// Lifetime the time it lives, Age in [0, Lifetime).
	Born, Age, Lifetime float64
	// Position is the billboard's centre and Velocity its rate of change.
	Position, Velocity Vec3
	// Size is the billboard's edge, the emitter's Scale included.
	Size float64
	// R, G, B and A are the straight-alpha colour, each in [0, 1].
	R, G, B, A float64
	// Rotation is the billboard's turn in its plane, degrees.
	Rotation float64
	// Frame is the index in the preset's Sprite.Frames shown now.
	Frame int
}

// Evaluator evaluates a validated document's particles on the CPU: each
// slot's particle is a pure function of the emitter, its preset, seed and
// slot and the level clock, with no state carried between calls, so
// evaluating at a clock directly equals evaluating it after any other
// clocks, forward or back, and repeated runs are bit-identical. It holds
// its own copy of what it reads: later changes to the document do not
// reach it. Its methods may be called from several goroutines at once.
//
// The evaluator reads the schedule (births, period), the lifetime range
// and the curve ages as the float32 values a GPU receives, so that a GPU
// evaluator following docs/world.md decides the same births, deaths and
// curve segments; it reads every other number as the float64 the
// document holds and computes in float64.
type Evaluator struct {
	emitters []emitterSlots
}

// emitterSlots is one emitter with its preset, ready to evaluate.
type emitterSlots struct {
	schedule         Schedule
	seed             uint32
	position0        Vec3 // the emitter's position
	cos, sin, scale  float64
	spawnMin         Vec3 // the point of a point spawn
	spawnMax         Vec3
	box              bool
	velocity         Range3
	acceleration     Vec3
	drag             float64
	lifeMin, lifeMax float64 // float32 values
	rotation, spin   Range
	sizeAges, sizes  []float64
	colorAges        []float64
	colors           [][4]float64
	frames           int
	fps              float64
	cycleFrames      bool
	walls            []wallPlane // the planes its particles can meet (walls: kill)
}

// NewEvaluator validates d with [Validate] and returns its evaluator.
func NewEvaluator(d *Document) (*Evaluator, error) {
	v := newValidation(d)
	if err := v.s.err(); err != nil {
		return nil, err
	}
	ev := &Evaluator{emitters: make([]emitterSlots, len(d.Emitters))}
	for i := range d.Emitters {
		e := &d.Emitters[i]
		p := &d.Presets[e.Preset]
		s := &ev.emitters[i]
		*s = emitterSlots{
			schedule:     v.schedules[i],
			seed:         e.Seed,
			position0:    e.Position,
			scale:        e.Scale,
			spawnMin:     p.Spawn.Min,
			spawnMax:     p.Spawn.Max,
			box:          p.Spawn.Shape == SpawnBox,
			velocity:     p.Velocity,
			acceleration: p.Acceleration,
			drag:         p.Drag,
			lifeMin:      float64(float32(p.Lifetime.Min)),
			lifeMax:      float64(float32(p.Lifetime.Max)),
			rotation:     p.Rotation,
			spin:         p.Spin,
			frames:       len(p.Sprite.Frames),
			fps:          p.Sprite.Flipbook.FPS,
			cycleFrames:  p.Sprite.Flipbook.Mode == FlipbookCycle,
		}
		s.cos, s.sin = cosSinDegrees(e.Yaw)
		if p.Walls == WallsKill {
			s.walls = wallPlanes(e, p, &d.Sectors[e.Sector], e.Bounds)
		}
		for _, k := range p.Curves.Size {
			s.sizeAges = append(s.sizeAges, float64(float32(k.Age)))
			s.sizes = append(s.sizes, k.Size)
		}
		for _, k := range p.Curves.Color {
			s.colorAges = append(s.colorAges, float64(float32(k.Age)))
			s.colors = append(s.colors, [4]float64{k.R, k.G, k.B, k.A})
		}
	}
	return ev, nil
}

// Len returns the number of emitters.
func (ev *Evaluator) Len() int { return len(ev.emitters) }

// Slot returns the particle in the given slot of emitter at the level
// clock, and whether it is alive. Spare slots (beyond the schedule's
// Slots) are never alive. It panics if emitter is not an emitter index.
func (ev *Evaluator) Slot(emitter, slot int, clock float64) (Particle, bool) {
	s := &ev.emitters[emitter]
	age, birth, emission, ok := s.schedule.Birth(s.schedule.At(clock), slot)
	var p Particle
	if !ok || !s.particle(age, birth, emission, slot%len(s.schedule.Births), &p) {
		return Particle{}, false
	}
	p.Emitter, p.Slot = emitter, slot
	return p, true
}

// AppendEmitter appends the live particles of emitter at the level clock
// to dst, by ascending slot, and returns the extended slice. It allocates
// only to grow dst. It panics if emitter is not an emitter index.
func (ev *Evaluator) AppendEmitter(dst []Particle, emitter int, clock float64) []Particle {
	s := &ev.emitters[emitter]
	c := s.schedule.At(clock)
	if !c.Active {
		return dst
	}
	sch := &s.schedule
	b := len(sch.Births)
	if sch.Playback != PlayCycle {
		// A once emitter's live particles are a window of its sorted
		// births: born (age >= 0) and younger than the longest lifetime.
		from := search(b, func(i int) bool { return c.Phase-float64(sch.Births[i]) < s.lifeMax })
		to := search(b, func(i int) bool { return c.Phase-float64(sch.Births[i]) < 0 })
		for i := from; i < to; i++ {
			dst = s.appendSlot(dst, emitter, c, 0, i, i)
		}
		return dst
	}
	for g := range sch.Groups {
		d := sch.groupOffset(c, g)
		for i := range b {
			dst = s.appendSlot(dst, emitter, c, d, i, g*b+i)
		}
	}
	return dst
}

// appendSlot appends the particle of birth i in the group of offset d,
// slot slot, if it is alive: evaluated in place at the end of dst.
func (s *emitterSlots) appendSlot(dst []Particle, emitter int, c Cycle, d int64, i, slot int) []Particle {
	age, birth, emission, ok := s.schedule.birthIn(c, d, i)
	if !ok || !(age < s.lifeMax) {
		return dst
	}
	dst = append(dst, Particle{})
	p := &dst[len(dst)-1]
	if !s.particle(age, birth, emission, i, p) {
		return dst[:len(dst)-1]
	}
	p.Emitter, p.Slot = emitter, slot
	return dst
}

// Append appends the live particles of every emitter at the level clock
// to dst, in authored emitter order and by ascending slot, and returns
// the extended slice. It allocates only to grow dst.
func (ev *Evaluator) Append(dst []Particle, clock float64) []Particle {
	for i := range ev.emitters {
		dst = ev.AppendEmitter(dst, i, clock)
	}
	return dst
}

// search returns the least i in [0, n) with f(i), or n: f must be false
// then true.
func search(n int, f func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if f(m) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// rolls is what birth number n of an emitter rolls: its variation, a
// pure function of the emitter's seed and n. The evaluator rolls it for
// every particle it evaluates; a [Cache] keeps it per slot, so that a
// particle's rolls are computed once in its life.
type rolls struct {
	life      float64 // lifetime, seconds
	spawn, v0 Vec3    // birth position and velocity, emitter's frame
	rot, spin float64 // initial rotation, degrees, and angular speed
	kill      float64 // the age it meets a wall at (walls: kill), or +Inf
	thin      uint32  // the thinning roll's bits (ChannelThin)
}

// roll computes the rolls of birth number birth.
func (s *emitterSlots) roll(birth uint64, r *rolls) {
	st := particleStream(s.seed, birth)
	r.life = min(hash.Range(s.lifeMin, s.lifeMax, unit(st, ChannelLifetime)), s.lifeMax)
	r.spawn = s.spawnMin
	if s.box {
		r.spawn = Vec3{
			hash.Range(s.spawnMin.X, s.spawnMax.X, unit(st, ChannelSpawnX)),
			hash.Range(s.spawnMin.Y, s.spawnMax.Y, unit(st, ChannelSpawnY)),
			hash.Range(s.spawnMin.Z, s.spawnMax.Z, unit(st, ChannelSpawnZ)),
		}
	}
	r.v0 = Vec3{
		hash.Range(s.velocity.Min.X, s.velocity.Max.X, unit(st, ChannelVelocityX)),
		hash.Range(s.velocity.Min.Y, s.velocity.Max.Y, unit(st, ChannelVelocityY)),
		hash.Range(s.velocity.Min.Z, s.velocity.Max.Z, unit(st, ChannelVelocityZ)),
	}
	r.rot = hash.Range(s.rotation.Min, s.rotation.Max, unit(st, ChannelRotation))
	r.spin = hash.Range(s.spin.Min, s.spin.Max, unit(st, ChannelSpin))
	r.thin = hash.Bits(st, ChannelThin)
	r.kill = math.Inf(1)
	for i := range s.walls {
		if t, ok := impact(&s.walls[i], s.drag, r.spawn, r.v0, r.life); ok && t < r.kill {
			r.kill = t
		}
	}
}

// particle evaluates birth number birth, index i of emission emission,
// at the given age into p (all but Emitter and Slot) and reports whether it
// is alive.
func (s *emitterSlots) particle(age float64, birth uint64, emission int64, i int, p *Particle) bool {
	if !(age < s.lifeMax) {
		return false
	}
	var r rolls
	s.roll(birth, &r)
	if !(age < r.life) || !(age < r.kill) {
		return false
	}
	f, g, decay := emitter.DragFactors(s.drag, age)
	p.Position = s.position(&r, f, g)
	a := s.acceleration
	vx, vy, vz := float64(r.v0.X*decay)+float64(a.X*f), float64(r.v0.Y*decay)+float64(a.Y*f), float64(r.v0.Z*decay)+float64(a.Z*f)
	cs, sn, k := s.cos, s.sin, s.scale
	p.Velocity = Vec3{k * (float64(cs*vx) - float64(sn*vy)), k * (float64(sn*vx) + float64(cs*vy)), k * vz}

	tau := age / r.life
	p.Size = s.size(tau)
	j, w := segment(s.colorAges, tau)
	lo, hi := &s.colors[j], &s.colors[j+1]
	p.R = lo[0] + float64((hi[0]-lo[0])*w)
	p.G = lo[1] + float64((hi[1]-lo[1])*w)
	p.B = lo[2] + float64((hi[2]-lo[2])*w)
	p.A = lo[3] + float64((hi[3]-lo[3])*w)

	p.Rotation = r.rot + float64(r.spin*age)
	p.Frame = s.frame(age)
	p.Birth, p.Age, p.Lifetime = birth, age, r.life
	p.Born = s.schedule.Delay + float64(float64(emission)*float64(s.schedule.Period)) + float64(s.schedule.Births[i])
	return true
}

// position is the world position of a particle of rolls r with the drag
// factors f and g of its age: the displacement in the emitter's frame,
// turned about Z by the yaw, scaled and placed.
func (s *emitterSlots) position(r *rolls, f, g float64) Vec3 {
	a := s.acceleration
	dx, dy, dz := r.spawn.X+float64(r.v0.X*f)+float64(a.X*g), r.spawn.Y+float64(r.v0.Y*f)+float64(a.Y*g), r.spawn.Z+float64(r.v0.Z*f)+float64(a.Z*g)
	cs, sn, k := s.cos, s.sin, s.scale
	return Vec3{s.position0.X + float64(k*(float64(cs*dx)-float64(sn*dy))), s.position0.Y + float64(k*(float64(sn*dx)+float64(cs*dy))), s.position0.Z + float64(k*dz)}
}

// size is the billboard's edge at normalized age tau, the scale included.
func (s *emitterSlots) size(tau float64) float64 {
	j, w := segment(s.sizeAges, tau)
	return s.scale * (s.sizes[j] + float64((s.sizes[j+1]-s.sizes[j])*w))
}

// frame is the flipbook frame shown at age.
func (s *emitterSlots) frame(age float64) int {
	if s.frames <= 1 {
		return 0
	}
	n := int64(s.frames)
	x := int64(math.Floor(age * s.fps))
	if s.cycleFrames {
		return int(x % n)
	}
	return int(min(x, n-1))
}

// segment returns the curve segment holding normalized age tau, from key
// i to key i+1, and the weight of key i+1: ages run from 0 to 1.
func segment(ages []float64, tau float64) (i int, w float64) {
	for i = 0; i < len(ages)-2 && !(tau < ages[i+1]); i++ {
	}
	return i, (tau - ages[i]) / (ages[i+1] - ages[i])
}
