package emitter

import (
	"math"
	"slices"
)

// Quad is a live particle's geometry only: what a renderer that evaluates
// appearance on the GPU needs from the CPU. Stream is the particle's
// stream hash of its seed and Key (docs/closed-form.md, section 1), from
// which the GPU rolls the appearance channels (transparency envelope,
// flipbook, colour strip row).
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
	segs := e.segments(f.c, 1)
	e.cacheBursts(segs)
	for _, sg := range segs {
		dst = f.appendQuads(dst, sg, sg.lo, sg.hi)
	}
	return dst
}

// Billboard is a live particle's quad as a vertex writer wants it: in
// float32, with its rotation and size already applied. Its corner (u, v),
// with u and v in {0, 1}, is
//
//	(X, Y) + (2u-1)·(UX, UY) + (2v-1)·(VX, VY)
//
// that is the centre plus the particle's rotated half axes: U is half the
// width along the particle's local x axis, (cos θ, sin θ)·Width/2, and V
// half the height along its local y axis, (-sin θ, cos θ)·Height/2 (docs
// §1 of appearance.md). Tau is Age/Lifetime, the normalized age curves are
// sampled at.
type Billboard struct {
	Key, Stream uint32
	X, Y        float32 // centre, pixels from the effect's origin
	UX, UY      float32 // half the width axis
	VX, VY      float32 // half the height axis
	Tau, Age    float32 // normalized age, and age in seconds
}

// AppendBillboards appends the particles alive at the clock as billboards,
// in the same order as [Effect.AppendQuads] and from the same values,
// rounded to float32 once the rotation is applied. It is the renderer's
// hot path: it costs a particle's placement and one sine and cosine, and
// consecutive particles with the same rotation share those.
func (e *Effect) AppendBillboards(dst []Billboard) []Billboard {
	e.prepareCache()
	f := e.newFrame()
	f.farF32 = e.pastFloat32()
	segs := e.segments(f.c, 1)
	f.fillLanes(segs)
	e.cacheBursts(segs)
	for _, sg := range segs {
		dst = f.appendBillboards(dst, sg, sg.lo, sg.hi)
	}
	return dst
}

// appendQuads evaluates the quads of candidates lo..hi of sg, every one
// (as appendSegment).
func (f *frame) appendQuads(dst []Quad, sg segment, lo, hi int64) []Quad {
	var tmp constants
	if sg.burst < 0 {
		for i := lo; i <= hi; i++ {
			if c, age, ok := f.streamCandidate(i, &tmp); ok {
				x, y, w, h, rot := f.place(c, i, f.birth(i), age)
				dst = append(dst, Quad{Key: uint32(2 * i), Stream: c.st, X: x, Y: y, Width: w, Height: h,
					Rotation: rot, Age: age, Lifetime: c.life})
			}
		}
		return dst
	}
	b := f.e.bursts[sg.burst]
	birth, age := b.Time.Seconds(), (f.e.clock - b.Time).Seconds()
	for j := lo; j <= hi; j++ {
		key := burstKey(b.Index, f.s.spec.MaxParticles, int(j))
		if c, ok := f.burstCandidate(sg, key, j, age, &tmp); ok {
			x, y, w, h, rot := f.place(c, -1, birth, age)
			dst = append(dst, Quad{Key: key, Stream: c.st, X: x, Y: y, Width: w, Height: h,
				Rotation: rot, Age: age, Lifetime: c.life})
		}
	}
	return dst
}

// turn memoizes the sine and cosine of the last rotation: many effects
// never rotate their particles, or give a run of them one rotation.
type turn struct {
	deg, sin, cos float64
}

func (t *turn) of(deg float64) (sin, cos float64) {
	// Bits, not ==: -0 turns to a sine of -0, +0 to +0, and the kernel
	// (vector.go) turns every particle.
	if math.Float64bits(deg) != math.Float64bits(t.deg) {
		t.deg = deg
		t.sin, t.cos = sincosDegPoly(deg)
	}
	return t.sin, t.cos
}

// turnBatch is how many billboards are placed before their axes are
// turned. The sine and cosine are one long chain of dependent operations;
// in a loop of their own, the chains of successive particles overlap in
// the processor, where between two placements they would not.
const turnBatch = 64

// turns holds the rotations and half sizes of up to turnBatch consecutive
// billboards, out[from:from+n], placed but not yet turned.
type turns struct {
	t           turn
	from, n     int
	rot, hw, hh [turnBatch]float64
}

// apply writes the pending billboards' axes and empties the batch.
func (ts *turns) apply(out []Billboard) {
	bs := out[ts.from : ts.from+ts.n]
	for j := range bs {
		sin, cos := ts.t.of(ts.rot[j])
		hw, hh := ts.hw[j], ts.hh[j]
		b := &bs[j]
		b.UX, b.UY = float32(cos*hw), float32(sin*hw)
		b.VX, b.VY = float32(-sin*hh), float32(cos*hh)
	}
	ts.from += ts.n
	ts.n = 0
}

// appendBillboards evaluates the billboards of candidates lo..hi of sg.
// The slice grows once per segment, so the loops store in place.
func (f *frame) appendBillboards(dst []Billboard, sg segment, lo, hi int64) []Billboard {
	if f.farF32 {
		n := len(dst)
		dst = f.appendBillboardsUnclamped(dst, sg, lo, hi)
		clampFloat32(dst[n:])
		return dst
	}
	return f.appendBillboardsUnclamped(dst, sg, lo, hi)
}

// pastFloat32 reports whether the effect's bounds reach past what a
// float32 holds, so that billboards could round to infinities.
func (e *Effect) pastFloat32() bool {
	b := e.Bounds()
	const limit = math.MaxFloat32 / 2 // centre plus a half axis stays finite
	return !(b.MinX > -limit && b.MinY > -limit && b.MaxX < limit && b.MaxY < limit)
}

// clampFloat32 replaces the infinities of far billboards with the largest
// float32 of their sign: far off any target, and finite for a renderer's
// vertex arithmetic.
func clampFloat32(bs []Billboard) {
	c := func(v *float32) {
		switch {
		case *v > math.MaxFloat32:
			*v = math.MaxFloat32
		case *v < -math.MaxFloat32:
			*v = -math.MaxFloat32
		}
	}
	for i := range bs {
		b := &bs[i]
		c(&b.X)
		c(&b.Y)
		c(&b.UX)
		c(&b.UY)
		c(&b.VX)
		c(&b.VY)
	}
}

// appendBillboardsUnclamped is appendBillboards without the clamp.
func (f *frame) appendBillboardsUnclamped(dst []Billboard, sg segment, lo, hi int64) []Billboard {
	var tmp constants
	step := f.step // a local: the loops store through dst
	n := len(dst)
	ts := turns{t: turn{0, 0, 1}, from: n}
	dst = slices.Grow(dst, int((hi-lo)/step+1))
	out := dst[:cap(dst)]
	if f.plain(sg) {
		if f.vectorEligible(sg) {
			return out[:f.appendVector(out, n, &ts, sg, lo, hi)]
		}
		if o := f.s.spec.Orientation; sg.burst < 0 && f.flat && o != VelocityParallel && o != VelocityPerpendicular {
			n = f.appendPlainStream(out, n, &ts, lo, hi)
		} else {
			n = f.appendPlain(out, n, &ts, sg, lo, hi, nil)
		}
		ts.apply(out)
		return out[:n]
	}
	if sg.burst < 0 {
		for i := lo; i <= hi; i += step {
			if c, age, ok := f.streamCandidate(i, &tmp); ok {
				f.billboard(out, n, &ts, c, uint32(2*i), i, f.birth(i), age)
				n++
			}
		}
		ts.apply(out)
		return out[:n]
	}
	b := f.e.bursts[sg.burst]
	birth, age := b.Time.Seconds(), (f.e.clock - b.Time).Seconds()
	for j := lo; j <= hi; j += step {
		key := burstKey(b.Index, f.s.spec.MaxParticles, int(j))
		if c, ok := f.burstCandidate(sg, key, j, age, &tmp); ok {
			f.billboard(out, n, &ts, c, key, -1, birth, age)
			n++
		}
	}
	ts.apply(out)
	return out[:n]
}

// plain reports whether segment sg's particles move on the plain path of
// place: cached, with no host turn or track. That is most effects, and the
// benchmark's; appendPlain then places them without calls but those of
// DragFactors, varying curves and velocity alignment.
func (f *frame) plain(sg segment) bool {
	cached := f.cache != nil
	if sg.burst >= 0 {
		// Its constants, or the kernel's lane blocks (cacheBursts).
		cached = sg.bc >= 0
	}
	return cached && f.hostRot == 0 && !(f.unlocked && f.tracked)
}

// burstMotion returns the age of burst b's particles at the frame's
// clock and the drag factors they share at it (fa, ga and the decay of
// DragFactors; age, age²/2 and 1 without drag): what appendPlain places
// them with and the vector kernel is given (segmentArgs).
func (f *frame) burstMotion(b Burst) (age, fa, ga, decay float64) {
	age = (f.e.clock - b.Time).Seconds()
	if k := f.s.spec.Drag; k != 0 {
		fa, ga, decay = DragFactors(k, age)
		return age, fa, ga, decay
	}
	return age, age, 0.5 * age * age, 1.0
}

// appendPlain is the loop of appendBillboards with streamCandidate,
// burstCandidate and place written out for a plain segment: the same
// operations in the same order, so the same bits
// (TestPlainBillboardsAreInvisible compares them with the general loop's).
// A burst's particles share one age, so its drag factors are computed once.
// held, when not nil, holds the constants of stream candidates lo..hi at
// i&7, in place of the ring (a run the vector kernel hands back).
func (f *frame) appendPlain(out []Billboard, n int, ts *turns, sg segment, lo, hi int64, held *[8]constants) int {
	s := f.s
	ax, ay, m, k := s.accX, s.accY, f.moveScale, s.spec.Drag
	o := s.spec.Orientation
	aligned := o == VelocityParallel || o == VelocityPerpendicular
	flat, hw, hh := f.flat, 0.5*f.flatW, 0.5*f.flatH
	x, window, rate, step := f.x, f.window, f.rate, f.step
	cache, mask := f.cache, f.mask
	if held != nil {
		cache, mask = held[:], 7
	}
	burst := sg.burst >= 0
	sd := &s.sdrag
	var an anchor
	var (
		index                        uint32
		maxParticles                 int
		age                          float64
		fa, ga, decay                float64
		burstFa, burstGa, burstDecay float64
	)
	if burst {
		b := f.e.bursts[sg.burst]
		index, maxParticles = b.Index, s.spec.MaxParticles
		cache = sg.cache
		age, burstFa, burstGa, burstDecay = f.burstMotion(b)
	}
	var rolled constants // a burst's particle the kernel handed back
	for i := lo; i <= hi; i += step {
		var c *constants
		var key uint32
		if burst {
			key = burstKey(index, maxParticles, int(i))
			c = &rolled
			if cache != nil {
				c = &cache[i]
			}
			c = f.lookup(c, key)
			if !(age >= 0 && age < c.life) {
				continue
			}
			fa, ga, decay = burstFa, burstGa, burstDecay
		} else {
			key = uint32(2 * i)
			c = f.lookup(&cache[i&mask], key)
			d := x - float64(i)
			if !(d >= 0 && d < window && d < rate*c.life) {
				continue
			}
			age = d / rate
			fa, ga, decay = age, 0.5*age*age, 1.0
			if k != 0 {
				fa, ga, decay = sd.factors(x, i, age, &an)
			}
		}
		dx := float64((float64(c.vx*fa) + float64(ax*ga)) * m)
		dy := float64((float64(c.vy*fa) + float64(ay*ga)) * m)
		b := &out[n]
		b.Key, b.Stream = key, c.st
		b.X, b.Y = float32(c.ox+dx), float32(c.oy+dy)
		tau := age / c.life
		b.Tau, b.Age = float32(tau), float32(age)
		j := ts.n
		if flat {
			ts.hw[j], ts.hh[j] = hw, hh
		} else {
			w, h := f.extent(c, tau)
			ts.hw[j], ts.hh[j] = 0.5*w, 0.5*h
		}
		rot := c.rot0 + float64(c.omega*age)
		if aligned {
			// As place: local +Y along the motion, X for VelocityParallel.
			vx := float64(c.vx*decay) + float64(ax*fa)
			vy := float64(c.vy*decay) + float64(ay*fa)
			a := float64(math.Atan2(-vx, vy) * (180 / math.Pi))
			if o == VelocityParallel {
				a -= 90
			}
			rot += a
		}
		ts.rot[j] = rot
		n++
		if ts.n = j + 1; ts.n == turnBatch {
			ts.apply(out)
		}
	}
	return n
}

// appendPlainStream is appendPlain for the commonest segment: a stream of
// flat Size and Squash, facing the camera. appendPlain's extra branches and
// live values (bursts, curves, alignment) cost this case about a tenth of
// a whole Renderer.Draw in BenchmarkRender (1.36-1.42x the floor against
// 1.49-1.55x, back to back), so it keeps a loop of its own; the exact
// cached-vs-uncached and billboards-vs-quads tests cover both.
func (f *frame) appendPlainStream(out []Billboard, n int, ts *turns, lo, hi int64) int {
	s := f.s
	ax, ay, m, k := s.accX, s.accY, f.moveScale, s.spec.Drag
	hw, hh := 0.5*f.flatW, 0.5*f.flatH
	x, window, rate, step := f.x, f.window, f.rate, f.step
	cache, mask := f.cache, f.mask
	sd := &s.sdrag
	var an anchor
	for i := lo; i <= hi; i += step {
		c := f.lookup(&cache[i&mask], uint32(2*i))
		d := x - float64(i)
		if !(d >= 0 && d < window && d < rate*c.life) {
			continue
		}
		age := d / rate
		fa, ga := age, 0.5*age*age
		if k != 0 {
			fa, ga, _ = sd.factors(x, i, age, &an)
		}
		dx := float64((float64(c.vx*fa) + float64(ax*ga)) * m)
		dy := float64((float64(c.vy*fa) + float64(ay*ga)) * m)
		b := &out[n]
		b.Key, b.Stream = uint32(2*i), c.st
		b.X, b.Y = float32(c.ox+dx), float32(c.oy+dy)
		b.Tau, b.Age = float32(age/c.life), float32(age)
		j := ts.n
		ts.rot[j], ts.hw[j], ts.hh[j] = c.rot0+float64(c.omega*age), hw, hh
		n++
		if ts.n = j + 1; ts.n == turnBatch {
			ts.apply(out)
		}
	}
	return n
}

// billboard places out[n], a live particle (stream index i, -1 in a
// burst), and queues its turn.
func (f *frame) billboard(out []Billboard, n int, ts *turns, c *constants, key uint32, i int64, birth, age float64) {
	x, y, w, h, rot := f.place(c, i, birth, age)
	b := &out[n]
	b.Key, b.Stream = key, c.st
	b.X, b.Y = float32(x), float32(y)
	b.Tau, b.Age = float32(age/c.life), float32(age)
	j := ts.n
	ts.rot[j], ts.hw[j], ts.hh[j] = rot, 0.5*w, 0.5*h
	if ts.n = j + 1; ts.n == turnBatch {
		ts.apply(out)
	}
}

// sincosDegPoly returns the sine and cosine of d degrees: the angle is
// reduced to r in [-45°, 45°] around a multiple q of 90° (in degrees,
// before any rounding of π), and the Taylor series of sin r (to r⁹) and
// cos r (to r¹⁰) are turned by q quadrants. It is within 2e-9 of
// math.Sincos (a corner moves by 2e-9 of the half diagonal, far below
// float32's step), exact at multiples of 90°, and about twice as cheap: it
// was the vertex path's largest cost.
func sincosDegPoly(d float64) (sin, cos float64) {
	q := math.Floor(float64(d*(1.0/90)) + 0.5)
	r := (d - float64(q*90)) * (math.Pi / 180)
	r2 := r * r
	r4 := r2 * r2
	s := r * ((1 - float64(r2*(1.0/6))) + float64(r4*((1.0/120-float64(r2*(1.0/5040)))+float64(r4*(1.0/362880)))))
	c := (1 - float64(r2*0.5)) + float64(r4*((1.0/24-float64(r2*(1.0/720)))+float64(r4*(1.0/40320-float64(r2*(1.0/3628800))))))
	// Turned by k quadrants, (sin, cos) is (s, c), (c, -s), (-s, -c) or
	// (-c, s): a table rather than a switch, as a random k mispredicts.
	k := int64(q) & 3
	v := [4]float64{s, c, -s, -c}
	return v[k], v[(k+1)&3]
}
