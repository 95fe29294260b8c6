package emitter

import "math"

// AppendParticles appends the particles alive at the current clock to dst,
// oldest first, and returns the extended slice. It allocates nothing once
// dst and the effect's scratch have grown to the effect's size.
func (e *Effect) AppendParticles(dst []Particle) []Particle {
	f := e.newFrame()
	segs := e.segments(f.c)
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

// appendSegment evaluates candidates lo..hi of sg.
func (f *frame) appendSegment(dst []Particle, sg segment, lo, hi int64) []Particle {
	e := f.e
	if sg.burst < 0 {
		for i := lo; i <= hi; i++ {
			if st, life, age, ok := f.streamLive(i); ok {
				dst = append(dst, Particle{})
				f.derive(&dst[len(dst)-1], st, uint32(2*i), float64(i)/f.rate, age, life)
			}
		}
		return dst
	}
	b := e.bursts[sg.burst]
	birth := b.Time.Seconds()
	age := (e.clock - b.Time).Seconds()
	maxp := f.s.spec.MaxParticles
	for j := lo; j <= hi; j++ {
		dst = f.append(dst, burstKey(b.Index, maxp, int(j)), birth, age)
	}
	return dst
}

// streamLive rolls stream particle i's lifetime and reports whether it is
// alive, with its age. Life and death are decided in index space, d = x - i
// against r·life (and the window), so a particle dies exactly on the clock
// one lifetime after its birth; the age is d / r.
func (f *frame) streamLive(i int64) (st uint32, life, age float64, ok bool) {
	s := f.s
	st = Stream(f.e.seed, uint32(2*i))
	life = Range(s.lifeMin, s.lifeMax, Unit(st, ChannelLifetime))
	d := f.x - float64(i)
	if !(d >= 0 && d < f.window && d < f.rate*life) {
		return st, life, 0, false
	}
	return st, life, d / f.rate, true
}

// append derives particle key, born at birth and aged age, and appends it if
// it is alive. A dead particle costs its lifetime roll only.
func (f *frame) append(dst []Particle, key uint32, birth, age float64) []Particle {
	s := f.s
	st := Stream(f.e.seed, key)
	life := Range(s.lifeMin, s.lifeMax, Unit(st, ChannelLifetime))
	if !(age >= 0 && age < life) {
		return dst
	}
	dst = append(dst, Particle{})
	f.derive(&dst[len(dst)-1], st, key, birth, age, life)
	return dst
}

// derive fills p for a live particle.
func (f *frame) derive(p *Particle, st, key uint32, birth, age, life float64) {
	s := f.s
	sp := &s.spec
	tau := age / life

	// Spawn point and direction, in pixels and screen axes.
	speed := Range(sp.Speed.Min, sp.Speed.Max, Unit(st, ChannelSpeed))
	ox, oy, nx, ny := s.spawn(st, f.e.hostW, f.e.hostH)
	if s.spread > 0 {
		sin, cos := math.Sincos(Signed(Unit(st, ChannelSpread)) * s.spread)
		nx, ny = nx*cos-ny*sin, nx*sin+ny*cos
	}
	v0x, v0y := speed*nx, speed*ny
	rot := Range(sp.Rotation.Min, sp.Rotation.Max, Unit(st, ChannelRotation))
	rot += Range(sp.RotSpeed.Min, sp.RotSpeed.Max, Unit(st, ChannelRotSpeed)) * age

	// LockedToPart=false: the particle starts from the host's placement at
	// its birth, in world axes, and inherits its velocity then.
	var baseX, baseY float64
	unlocked := f.unlocked && f.tracked
	if unlocked {
		hx, hy, hr := f.e.track.At(birth)
		if hr != 0 {
			sin, cos := sincosDeg(hr)
			ox, oy = ox*cos-oy*sin, ox*sin+oy*cos
			v0x, v0y = v0x*cos-v0y*sin, v0x*sin+v0y*cos
			if sp.Orientation == FacingCamera || sp.Orientation == FacingCameraWorldUp {
				rot += hr
			}
		}
		if sp.VelocityInheritance != 0 && f.moveScale != 0 {
			hvx, hvy := f.e.track.Velocity(birth)
			k := sp.VelocityInheritance / f.moveScale
			v0x += hvx * k
			v0y += hvy * k
		}
		baseX, baseY = hx-f.hostX, hy-f.hostY
	}

	fa, ga, decay := DragFactors(sp.Drag, age)
	dx := (v0x*fa + s.accX*ga) * f.moveScale
	dy := (v0y*fa + s.accY*ga) * f.moveScale
	x, y := ox+dx, oy+dy

	switch sp.Orientation {
	case VelocityParallel, VelocityPerpendicular:
		vx := v0x*decay + s.accX*fa
		vy := v0y*decay + s.accY*fa
		// Rotating local +Y by theta gives (-sin, cos), so theta* =
		// atan2(-vx, vy) lines local +Y up with the motion; Roblox lines
		// up local X in VelocityParallel, hence the -90 (Spray, 8.4).
		aligned := math.Atan2(-vx, vy) * (180 / math.Pi)
		if sp.Orientation == VelocityParallel {
			aligned -= 90
		}
		rot += aligned
	}

	if unlocked {
		x, y = x+baseX, y+baseY
	} else if f.hostRot != 0 {
		// Locked: the whole effect turns with the host.
		x, y = x*f.hostCos-y*f.hostSin, x*f.hostSin+y*f.hostCos
		rot += f.hostRot
	}

	// Flat curves skip their envelope roll: channels are independent, so
	// that changes no other value.
	size := s.sizeValue
	if !s.sizeConst {
		size = sp.Size.Sample(tau, Signed(Unit(st, ChannelSizeEnvelope)))
	}
	size = max(size, 0) * f.sizeScale
	w, h := size, size
	q := s.squashValue
	if !s.squashConst {
		q = sp.Squash.Sample(tau, Signed(Unit(st, ChannelSquashEnvelope)))
	}
	if q != 0 {
		// Area-preserving: long × short = 1 (Spray, 8.3).
		l := 1 + math.Abs(q)
		if q > 0 {
			w, h = size/l, size*l
		} else {
			w, h = size*l, size/l
		}
	}
	if f.geometryOnly {
		*p = Particle{Key: key, X: x, Y: y, Width: w, Height: h, Rotation: rot, Age: age, Lifetime: life}
		return
	}
	tr := s.transValue
	if !s.transConst {
		tr = sp.Transparency.Sample(tau, Signed(Unit(st, ChannelTransparencyEnvelope)))
	}
	tr = min(max(tr, 0), 1)

	col := f.color
	if !s.colorConst {
		col = Influence(Grade(sp.Color.At(tau), sp.Brightness), f.e.ambient, sp.LightInfluence)
	}
	cell, next, blend := s.flipbook(st, age, tau)

	*p = Particle{
		Key: key, X: x, Y: y, Width: w, Height: h, Rotation: rot,
		Transparency: tr, Color: col, Cell: cell, NextCell: next, Blend: blend,
		Age: age, Lifetime: life,
	}
}
