package emitter

import (
	"math"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// AppendParticles appends the particles alive at the current clock to dst,
// oldest first, and returns the extended slice. It allocates nothing once
// dst and the effect's caches have grown to the effect's size.
func (e *Effect) AppendParticles(dst []Particle) []Particle {
	e.prepareCache()
	f := e.newFrame()
	segs := e.segments(f.c, 1)
	e.cacheBursts(segs)
	for _, sg := range segs {
		dst = f.appendSegment(dst, sg, sg.lo, sg.hi)
	}
	return dst
}

// Particles returns the particles alive at the current clock in a buffer the
// effect owns, valid until the next call. Its first capacity is the spec's
// Prewarm.
func (e *Effect) Particles() []Particle {
	e.buf = e.AppendParticles(e.buf[:0])
	return e.buf
}

// constants is what a particle rolls once, at birth, in the effect's local
// frame: everything of its state that does not depend on its age or on the
// host's track. Effects cache them per key, so a
// live particle costs its placement only; they are a pure function of the
// seed, the key, the snapshot and the host size, so cached and fresh values
// are bit-identical.
//
// They fill one 64-byte cache line: the renderer reads a particle's
// constants every frame, right after writing megabytes of vertices, so
// their size is its memory traffic. The curves' envelope rolls are not
// kept; they are one hash each, rolled where a curve varies (envelope).
// The vector kernel reads the same fields from a ring laid out for it
// (lanes.go).
type constants struct {
	key    uint32
	st     uint32  // Stream(seed, key)
	life   float64 // 0: the slot is empty (lifetimes are at least 1e-3 s)
	ox, oy float64 // spawn offset, pixels
	vx, vy float64 // initial velocity, studs/s
	rot0   float64
	omega  float64
}

// lookup returns key's constants from slot c when it holds them, else
// filling c. A particle is rolled whole once, alive or dead when first
// seen: in a cached effect, a candidate in the window stays in its slot,
// so a dead one then costs this comparison only.
func (f *frame) lookup(c *constants, key uint32) *constants {
	if c.key == key && c.life != 0 {
		return c
	}
	st := hash.Stream(f.e.seed, key)
	*c = constants{key: key, st: st}
	c.ox, c.oy, c.vx, c.vy = f.launch(st)
	c.life, c.rot0, c.omega = f.timed(timedRolls(st))
	return c
}

// timedRolls returns the 32-bit rolls of the lifetime, initial rotation
// and spin of the particle whose stream is st, which timed maps.
func timedRolls(st uint32) (lifeBits, rotBits, spinBits uint32) {
	return hash.Bits(st, channel.Lifetime), hash.Bits(st, channel.Rotation), hash.Bits(st, channel.RotSpeed)
}

// launch returns the spawn offset and initial velocity of the particle
// whose stream is st (hash.Stream of its key).
func (f *frame) launch(st uint32) (ox, oy, vx, vy float64) {
	s := f.s
	sp := &s.spec
	speed := hash.Range(sp.Speed.Min, sp.Speed.Max, hash.Unit(st, channel.Speed))
	ox, oy, nx, ny := s.spawn(st, f.e.hostW, f.e.hostH)
	if s.spread > 0 {
		sin, cos := sincosRad(hash.Signed(hash.Unit(st, channel.Spread)) * s.spread)
		nx, ny = float64(nx*cos)-float64(ny*sin), float64(nx*sin)+float64(ny*cos)
	}
	return ox, oy, speed * nx, speed * ny
}

// timed returns the lifetime, initial rotation and spin of a particle from
// their 32-bit rolls (timedRolls): each a hash.Range of the roll's unit. The lane
// ring keeps the rolls, and the vector kernel computes the same.
func (f *frame) timed(lifeBits, rotBits, spinBits uint32) (life, rot0, omega float64) {
	s, sp := f.s, &f.s.spec
	return hash.Range(s.lifeMin, s.lifeMax, hash.UnitOf(lifeBits)),
		hash.Range(sp.Rotation.Min, sp.Rotation.Max, hash.UnitOf(rotBits)),
		hash.Range(sp.RotSpeed.Min, sp.RotSpeed.Max, hash.UnitOf(spinBits))
}

// streamCandidate returns the constants of stream particle i and its age
// if it is alive at the frame's clock. Life and death are decided in index
// space, d = x - i against r·life (and the window), so a particle dies
// exactly on the clock one lifetime after its birth; its age is d / r.
func (f *frame) streamCandidate(i int64, tmp *constants) (c *constants, age float64, ok bool) {
	c = tmp
	if f.cache != nil {
		c = &f.cache[i&f.mask]
	}
	c = f.lookup(c, uint32(2*i))
	d := f.x - float64(i)
	if !(d >= 0 && d < f.window && d < f.rate*c.life) {
		return c, 0, false
	}
	return c, d / f.rate, true
}

// birth is stream particle i's birth time where placing it reads the
// host's track (LockedToPart=false with a track), and 0 where nothing
// reads it: a division is dear on the hot path.
func (f *frame) birth(i int64) float64 {
	if f.unlocked && f.tracked {
		return float64(i) / f.rate
	}
	return 0
}

// burstCandidate returns the constants of particle j of burst segment sg if
// it is alive at age.
func (f *frame) burstCandidate(sg segment, key uint32, j int64, age float64, tmp *constants) (c *constants, ok bool) {
	c = tmp
	if sg.cache != nil {
		c = &sg.cache[j]
	}
	c = f.lookup(c, key)
	if !(age >= 0 && age < c.life) {
		return c, false
	}
	return c, true
}

// appendSegment evaluates candidates lo..hi of sg, every one: only
// billboards are evaluated every n-th (AppendBillboardsEvery), and a stride
// here cost AppendParticles 2.5%.
func (f *frame) appendSegment(dst []Particle, sg segment, lo, hi int64) []Particle {
	var tmp constants
	if sg.burst < 0 {
		for i := lo; i <= hi; i++ {
			if c, age, ok := f.streamCandidate(i, &tmp); ok {
				dst = append(dst, Particle{})
				f.derive(&dst[len(dst)-1], c, uint32(2*i), i, f.birth(i), age)
			}
		}
		return dst
	}
	b := f.e.bursts[sg.burst]
	birth, age := b.Time.Seconds(), (f.e.clock - b.Time).Seconds()
	for j := lo; j <= hi; j++ {
		key := burstKey(b.Index, f.s.spec.MaxParticles, int(j))
		if c, ok := f.burstCandidate(sg, key, j, age, &tmp); ok {
			dst = append(dst, Particle{})
			f.derive(&dst[len(dst)-1], c, key, -1, birth, age)
		}
	}
	return dst
}

// place computes a live particle's geometry from its constants: its
// centre, width and height in pixels and its rotation in degrees; i is
// its stream index, -1 in a burst. It is the part of derive that
// AppendQuads and AppendBillboards share.
func (f *frame) place(c *constants, i int64, birth, age float64) (x, y, w, h, rot float64) {
	s := f.s
	sp := &s.spec
	ox, oy, v0x, v0y := c.ox, c.oy, c.vx, c.vy
	rot = c.rot0 + float64(c.omega*age)

	// LockedToPart=false: the particle starts from the host's placement at
	// its birth, in world axes, and inherits its velocity then. The track
	// is read every frame, not cached: it may be rewritten.
	var baseX, baseY float64
	unlocked := f.unlocked && f.tracked
	if unlocked {
		hx, hy, hr := f.e.track.At(birth)
		if hr != 0 {
			sin, cos := sincosDeg(hr)
			ox, oy = float64(ox*cos)-float64(oy*sin), float64(ox*sin)+float64(oy*cos)
			v0x, v0y = float64(v0x*cos)-float64(v0y*sin), float64(v0x*sin)+float64(v0y*cos)
			if sp.Orientation == FacingCamera || sp.Orientation == FacingCameraWorldUp {
				rot += hr
			}
		}
		if sp.VelocityInheritance != 0 && f.moveScale != 0 {
			hvx, hvy := f.e.track.Velocity(birth)
			k := sp.VelocityInheritance / f.moveScale
			v0x += float64(hvx * k)
			v0y += float64(hvy * k)
		}
		baseX, baseY = hx-f.hostX, hy-f.hostY
	}

	// No drag is the common case: DragFactors' first branch, without a call.
	fa, ga, decay := age, 0.5*age*age, 1.0
	if sp.Drag != 0 {
		if i >= 0 {
			fa, ga, decay = s.sdrag.factors(f.x, i, age, nil)
		} else {
			fa, ga, decay = DragFactors(sp.Drag, age)
		}
	}
	dx := float64((float64(v0x*fa) + float64(s.accX*ga)) * f.moveScale)
	dy := float64((float64(v0y*fa) + float64(s.accY*ga)) * f.moveScale)
	x, y = ox+dx, oy+dy

	switch sp.Orientation {
	case VelocityParallel, VelocityPerpendicular:
		vx := float64(v0x*decay) + float64(s.accX*fa)
		vy := float64(v0y*decay) + float64(s.accY*fa)
		// Rotating local +Y by theta gives (-sin, cos), so theta* =
		// atan2(-vx, vy) lines local +Y up with the motion; Roblox lines
		// up local X in VelocityParallel, hence the -90
		// (docs/closed-form.md, section 5).
		aligned := float64(math.Atan2(-vx, vy) * (180 / math.Pi))
		if sp.Orientation == VelocityParallel {
			aligned -= 90
		}
		rot += aligned
	}

	if unlocked {
		x, y = x+baseX, y+baseY
	} else if f.hostRot != 0 {
		// Locked: the whole effect turns with the host.
		x, y = float64(x*f.hostCos)-float64(y*f.hostSin), float64(x*f.hostSin)+float64(y*f.hostCos)
		rot += f.hostRot
	}

	if f.flat {
		w, h = f.flatW, f.flatH
	} else {
		w, h = f.extent(c, age/c.life)
	}
	return x, y, w, h, rot
}

// extent is a live particle's width and height in pixels at normalized
// age tau (age/life, which its callers have computed). With flat Size and
// Squash curves it is the same for every particle, and newFrame computes
// it once (c may then be nil).
func (f *frame) extent(c *constants, tau float64) (w, h float64) {
	s := f.s
	sp := &s.spec
	size := s.sizeValue
	if !s.sizeConst {
		if s.sizeRolls {
			size = sp.Size.Sample(tau, envelopeRoll(c.st, channel.SizeEnvelope))
		} else {
			size = s.sizeCurve.at(tau)
		}
	}
	size = max(size, 0) * f.sizeScale
	w, h = size, size
	q := s.squashValue
	if !s.squashConst {
		if s.squashRolls {
			q = sp.Squash.Sample(tau, envelopeRoll(c.st, channel.SquashEnvelope))
		} else {
			q = s.squashCurve.at(tau)
		}
	}
	if q != 0 {
		// Area-preserving: long × short = 1 (docs/closed-form.md,
		// section 5).
		l := 1 + math.Abs(q)
		if q > 0 {
			w, h = size/l, size*l
		} else {
			w, h = size*l, size/l
		}
	}
	return w, h
}

// derive fills p for a live particle from its constants.
func (f *frame) derive(p *Particle, c *constants, key uint32, i int64, birth, age float64) {
	life := c.life
	tau := age / life
	x, y, w, h, rot := f.place(c, i, birth, age)
	tr, col, _, cell, next, blend := f.look.stage(c.st, age, tau, nil)
	*p = Particle{
		Key: key, X: x, Y: y, Width: w, Height: h, Rotation: rot,
		Transparency: tr, Color: col, Cell: cell, NextCell: next, Blend: blend,
		Age: age, Lifetime: life,
	}
}
