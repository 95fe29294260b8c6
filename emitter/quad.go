package emitter

// Quad is a live particle's geometry only: what a renderer that evaluates
// appearance on the GPU needs from the CPU. Stream is the particle's
// per-particle hash, Stream(seed, Key), from which the GPU rolls the
// appearance channels (transparency envelope, flipbook, colour strip row).
type Quad struct {
	Key, Stream   uint32
	X, Y          float64
	Width, Height float64
	Rotation      float64
	Age, Lifetime float64
}

// AppendQuads appends the geometry of the particles alive at the clock, in
// the same order and with the same values as [Effect.AppendParticles], but
// skips the appearance (transparency, colour, flipbook), which a shader then
// computes from Stream, Age and Lifetime.
func (e *Effect) AppendQuads(dst []Quad) []Quad {
	f := e.newFrame()
	f.geometryOnly = true
	var p Particle
	for _, sg := range e.segments(f.c) {
		dst = f.appendQuads(dst, &p, sg)
	}
	return dst
}

func (f *frame) appendQuads(dst []Quad, p *Particle, sg segment) []Quad {
	e := f.e
	emit := func(key uint32, birth, age float64) {
		st := Stream(e.seed, key)
		life := Range(f.s.lifeMin, f.s.lifeMax, Unit(st, ChannelLifetime))
		if !(age >= 0 && age < life) {
			return
		}
		f.derive(p, st, key, birth, age, life)
		dst = append(dst, Quad{Key: key, Stream: st, X: p.X, Y: p.Y, Width: p.Width, Height: p.Height,
			Rotation: p.Rotation, Age: age, Lifetime: life})
	}
	if sg.burst < 0 {
		for i := sg.lo; i <= sg.hi; i++ {
			if st, life, age, ok := f.streamLive(i); ok {
				key := uint32(2 * i)
				f.derive(p, st, key, float64(i)/f.rate, age, life)
				dst = append(dst, Quad{Key: key, Stream: st, X: p.X, Y: p.Y, Width: p.Width, Height: p.Height,
					Rotation: p.Rotation, Age: age, Lifetime: life})
			}
		}
		return dst
	}
	b := e.bursts[sg.burst]
	birth := b.Time.Seconds()
	age := (e.clock - b.Time).Seconds()
	for j := sg.lo; j <= sg.hi; j++ {
		emit(burstKey(b.Index, f.s.spec.MaxParticles, int(j)), birth, age)
	}
	return dst
}
