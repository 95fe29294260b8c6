package benchmarks

import (
	"image"
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
)

// batchedSubject is a strong, well-written integrating emitter, the fair
// competitor: each effect keeps its particles in preallocated float32
// struct-of-arrays and removes the dead by swapping the last one in; one
// pass per frame takes a semi-implicit Euler step with drag and writes the
// particle's quad into a persistent vertex buffer field by field (texture
// corners and a flat colour are written once, when the buffer grows);
// curves come from 256-entry tables and rotation from a polynomial sincos;
// an effect whose last box missed the target writes no vertices. All effects
// go out in one DrawTriangles32 with a static index buffer.
type batchedSubject struct {
	// mipmaps leaves FilterLinear's mipmaps on (batched-euler-mipmap).
	mipmaps bool
	look    Look
	lut     *LUT
	rate    float64
	cap     int
	spins   bool
	flat    bool
	effects []batchedEffect
	img     *ebiten.Image
	verts   []ebiten.Vertex
	indices []uint32
	op      ebiten.DrawTrianglesOptions
}

// batchedEffect is one effect's particles: index i < n is live.
type batchedEffect struct {
	ox, oy  float32
	n       int
	x, y    []float32
	vx, vy  []float32
	age     []float32
	invLife []float32
	rot     []float32 // radians
	spin    []float32 // radians/s
	pending float64
	rng     *rand.Rand
	seed    uint64
	// box bounds the particles' centres on the target after the last frame
	// (the origin when none survived); it is grown by cullMargin when
	// tested against the target.
	box image.Rectangle
}

// cullMargin covers the largest half size and a frame's motion.
const cullMargin = 48

func (s *batchedSubject) Name() string {
	if s.mipmaps {
		return NameBatchedMipmap
	}
	return NameBatchedEuler
}

func (s *batchedSubject) Setup(sc *Scenario) error {
	s.look, s.rate, s.cap = sc.Look, sc.Rate, sc.Cap
	s.lut = s.look.NewLUT()
	s.spins = s.look.Spins()
	s.flat = s.look.FlatColor()
	s.img = SpriteImage()
	// A flat colour is written once and only alpha per frame (Ebitengine
	// premultiplies straight colours as it copies them); a gradient is
	// written premultiplied, which Ebitengine copies as it is.
	s.op = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, DisableMipmaps: !s.mipmaps}
	if !s.flat {
		s.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	}
	s.effects = make([]batchedEffect, len(sc.Effects))
	for i, p := range sc.Effects {
		e := &s.effects[i]
		e.ox, e.oy = float32(p.X), float32(p.Y)
		e.seed = uint64(defaultStreamSeed + i)
		e.rng = rand.New(rand.NewPCG(e.seed, 1))
		e.x = make([]float32, s.cap)
		e.y = make([]float32, s.cap)
		e.vx = make([]float32, s.cap)
		e.vy = make([]float32, s.cap)
		e.age = make([]float32, s.cap)
		e.invLife = make([]float32, s.cap)
		if s.spins {
			e.rot = make([]float32, s.cap)
			e.spin = make([]float32, s.cap)
		}
		e.box = image.Rect(int(p.X), int(p.Y), int(p.X)+1, int(p.Y)+1)
	}
	s.reserve(len(sc.Effects) * s.cap)
	return nil
}

// reserve sizes the vertex buffer for n quads once and pre-fills what never
// changes: texture corners, the flat colour, the indices.
func (s *batchedSubject) reserve(n int) {
	s.verts = make([]ebiten.Vertex, 4*n)
	s.indices = make([]uint32, 6*n)
	const e = 2 * spriteHalf
	c := s.look.ColorAt(0)
	for q := range n {
		v := s.verts[4*q : 4*q+4]
		v[0].SrcX, v[0].SrcY = 0, 0
		v[1].SrcX, v[1].SrcY = e, 0
		v[2].SrcX, v[2].SrcY = 0, e
		v[3].SrcX, v[3].SrcY = e, e
		for j := range v {
			v[j].ColorR, v[j].ColorG, v[j].ColorB, v[j].ColorA = float32(c.R), float32(c.G), float32(c.B), 1
		}
		b := uint32(4 * q)
		copy(s.indices[6*q:], []uint32{b, b + 1, b + 2, b + 1, b + 2, b + 3})
	}
}

// spawn adds up to k particles at age 0.
func (s *batchedSubject) spawn(e *batchedEffect, k int) {
	for range k {
		if e.n >= s.cap {
			return
		}
		b := s.look.NewBirth(e.rng)
		i := e.n
		e.x[i], e.y[i] = float32(b.X), float32(b.Y)
		e.vx[i], e.vy[i] = float32(b.VX), float32(b.VY)
		e.age[i], e.invLife[i] = 0, float32(1/b.Life)
		if s.spins {
			e.rot[i] = float32(b.Rot * math.Pi / 180)
			e.spin[i] = float32(b.Spin * math.Pi / 180)
		}
		e.n++
	}
}

// owed returns how many stream particles are due after dt.
func (s *batchedSubject) owed(e *batchedEffect, dt float64) int {
	e.pending += s.rate * dt
	k := int(e.pending)
	e.pending -= float64(k)
	return k
}

func (s *batchedSubject) Frame(dst *ebiten.Image, dt float64) {
	if n := s.fill(dst.Bounds(), dt); n > 0 {
		dst.DrawTriangles32(s.verts[:4*n], s.indices[:6*n], s.img, &s.op)
	}
}

// fill advances every effect by dt and writes the quads of those that may
// show on view; it returns the number of quads written.
func (s *batchedSubject) fill(view image.Rectangle, dt float64) int {
	slot := 0
	for ei := range s.effects {
		e := &s.effects[ei]
		draw := e.box.Inset(-cullMargin).Overlaps(view)
		slot = s.advance(e, float32(dt), draw, slot)
		k := s.owed(e, dt)
		from := e.n
		s.spawn(e, k)
		if draw {
			// Newborns at age 0, at their spawn point.
			for i := from; i < e.n; i++ {
				s.write(slot, e, i, 0)
				slot++
			}
		}
	}
	return slot
}

// advance steps every live particle of e by dt, swap-removing the dead,
// writes the quads of the living from slot on when draw is set, records the
// box of their centres, and returns the next free slot.
func (s *batchedSubject) advance(e *batchedEffect, dt float32, draw bool, slot int) int {
	damp := 1 - float32(s.look.Drag)*dt
	gdt := float32(s.look.Gravity) * dt
	spins := s.spins
	n := e.n
	xs, ys, vxs, vys := e.x[:n], e.y[:n], e.vx[:n], e.vy[:n]
	ages, inv := e.age[:n], e.invLife[:n]
	var rots, spin []float32
	if spins {
		rots, spin = e.rot[:n], e.spin[:n]
	}
	const huge = math.MaxFloat32
	minX, minY, maxX, maxY := float32(huge), float32(huge), float32(-huge), float32(-huge)
	for i := 0; i < n; {
		a := ages[i] + dt
		tau := a * inv[i]
		if tau >= 1 {
			// Swap-remove: the last one takes the slot and is stepped
			// next.
			n--
			xs[i], ys[i], vxs[i], vys[i] = xs[n], ys[n], vxs[n], vys[n]
			ages[i], inv[i] = ages[n], inv[n]
			if spins {
				rots[i], spin[i] = rots[n], spin[n]
			}
			continue
		}
		ages[i] = a
		vx := vxs[i] * damp
		vy := vys[i]*damp + gdt
		vxs[i], vys[i] = vx, vy
		x := xs[i] + vx*dt
		y := ys[i] + vy*dt
		xs[i], ys[i] = x, y
		if spins {
			rots[i] += spin[i] * dt
		}
		if x < minX {
			minX = x
		}
		if x > maxX {
			maxX = x
		}
		if y < minY {
			minY = y
		}
		if y > maxY {
			maxY = y
		}
		if draw {
			s.write(slot, e, i, tau)
			slot++
		}
		i++
	}
	e.n = n
	// With no survivor, the spawn point stands in for the box.
	ox, oy := int(e.ox), int(e.oy)
	e.box = image.Rect(ox, oy, ox+1, oy+1)
	if n > 0 {
		e.box = image.Rect(int(e.ox+minX)-1, int(e.oy+minY)-1, int(e.ox+maxX)+1, int(e.oy+maxY)+1)
	}
	return slot
}

// write writes particle i's quad at normalized age tau into vertex slot.
func (s *batchedSubject) write(slot int, e *batchedEffect, i int, tau float32) {
	l := s.lut
	k := l.Index(tau)
	h := 0.5 * l.Size[k]
	cx, cy := e.ox+e.x[i], e.oy+e.y[i]
	v := s.verts[4*slot : 4*slot+4 : 4*slot+4]
	if s.spins {
		sin, cos := sincos32(e.rot[i])
		ax, ay := cos*h, sin*h
		bx, by := -sin*h, cos*h
		v[0].DstX, v[0].DstY = cx-ax-bx, cy-ay-by
		v[1].DstX, v[1].DstY = cx+ax-bx, cy+ay-by
		v[2].DstX, v[2].DstY = cx-ax+bx, cy-ay+by
		v[3].DstX, v[3].DstY = cx+ax+bx, cy+ay+by
	} else {
		v[0].DstX, v[0].DstY = cx-h, cy-h
		v[1].DstX, v[1].DstY = cx+h, cy-h
		v[2].DstX, v[2].DstY = cx-h, cy+h
		v[3].DstX, v[3].DstY = cx+h, cy+h
	}
	a := l.Alpha[k]
	if s.flat {
		v[0].ColorA, v[1].ColorA, v[2].ColorA, v[3].ColorA = a, a, a, a
		return
	}
	r, g, b := l.R[k]*a, l.G[k]*a, l.B[k]*a
	for j := range v {
		v[j].ColorR, v[j].ColorG, v[j].ColorB, v[j].ColorA = r, g, b, a
	}
}

func (s *batchedSubject) Burst(i, n int) { s.spawn(&s.effects[i], n) }

func (s *batchedSubject) step(dt float64) {
	for ei := range s.effects {
		e := &s.effects[ei]
		s.advance(e, float32(dt), false, 0)
		s.spawn(e, s.owed(e, dt))
	}
}

func (s *batchedSubject) Seek(t float64) {
	for ei := range s.effects {
		e := &s.effects[ei]
		e.n, e.pending = 0, 0
		e.rng = rand.New(rand.NewPCG(e.seed, 1))
	}
	for range int(math.Round(t / FrameDT)) {
		s.step(FrameDT)
	}
}

func (s *batchedSubject) Live() int {
	n := 0
	for i := range s.effects {
		n += s.effects[i].n
	}
	return n
}

func (s *batchedSubject) Close() { s.effects, s.verts, s.indices = nil, nil, nil }
