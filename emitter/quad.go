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
	e.prepareCache()
	f := e.newFrame()
	f.geometryOnly = true
	for _, sg := range e.segments(f.c) {
		dst = f.appendQuads(dst, sg, sg.lo, sg.hi)
	}
	return dst
}

// appendQuads evaluates the quads of candidates lo..hi of sg.
func (f *frame) appendQuads(dst []Quad, sg segment, lo, hi int64) []Quad {
	var tmp constants
	var p Particle
	if sg.burst < 0 {
		for i := lo; i <= hi; i++ {
			if c, age, ok := f.streamCandidate(i, &tmp); ok {
				key := uint32(2 * i)
				f.derive(&p, c, key, float64(i)/f.rate, age)
				dst = append(dst, p.quad(c.st))
			}
		}
		return dst
	}
	b := f.e.bursts[sg.burst]
	birth, age := b.Time.Seconds(), (f.e.clock - b.Time).Seconds()
	for j := lo; j <= hi; j++ {
		key := burstKey(b.Index, f.s.spec.MaxParticles, int(j))
		if c, ok := f.burstCandidate(sg, key, j, age, &tmp); ok {
			f.derive(&p, c, key, birth, age)
			dst = append(dst, p.quad(c.st))
		}
	}
	return dst
}

// quad returns p's geometry.
func (p *Particle) quad(stream uint32) Quad {
	return Quad{Key: p.Key, Stream: stream, X: p.X, Y: p.Y, Width: p.Width, Height: p.Height,
		Rotation: p.Rotation, Age: p.Age, Lifetime: p.Lifetime}
}
