package benchmarks

import (
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
)

// floorSubject is the API floor: DrawTriangles32 re-submitting the same
// pre-built vertices, the scenario's nominal particle count of quads placed
// like a frame of the look, every frame. Nothing vertex-based can cost less.
type floorSubject struct {
	// mipmaps leaves FilterLinear's mipmaps on (api-floor-mipmap).
	mipmaps bool
	verts   []ebiten.Vertex
	indices []uint32
	img     *ebiten.Image
	op      ebiten.DrawTrianglesOptions
	n       int
}

func (s *floorSubject) Name() string {
	if s.mipmaps {
		return NameAPIFloorMipmap
	}
	return NameAPIFloor
}

func (s *floorSubject) Setup(sc *Scenario) error {
	s.img = SpriteImage()
	// Premultiplied colours: Ebitengine copies them as they are, its
	// cheapest DrawTriangles32 path.
	s.op = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, DisableMipmaps: !s.mipmaps, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	s.n = sc.Particles
	s.verts = make([]ebiten.Vertex, 4*s.n)
	s.indices = make([]uint32, 6*s.n)
	l := sc.Look
	r := rand.New(rand.NewPCG(defaultStreamSeed, 1))
	const e = 2 * spriteHalf
	for q := range s.n {
		cx, cy, h, tau := floorParticle(sc, r, q)
		c, a := l.ColorAt(tau), float32(l.AlphaAt(tau))
		v := s.verts[4*q : 4*q+4]
		v[0].DstX, v[0].DstY, v[0].SrcX, v[0].SrcY = cx-h, cy-h, 0, 0
		v[1].DstX, v[1].DstY, v[1].SrcX, v[1].SrcY = cx+h, cy-h, e, 0
		v[2].DstX, v[2].DstY, v[2].SrcX, v[2].SrcY = cx-h, cy+h, 0, e
		v[3].DstX, v[3].DstY, v[3].SrcX, v[3].SrcY = cx+h, cy+h, e, e
		for j := range v {
			v[j].ColorR, v[j].ColorG, v[j].ColorB, v[j].ColorA = float32(c.R)*a, float32(c.G)*a, float32(c.B)*a, a
		}
		b4 := uint32(4 * q)
		copy(s.indices[6*q:], []uint32{b4, b4 + 1, b4 + 2, b4 + 1, b4 + 2, b4 + 3})
	}
	return nil
}

func (s *floorSubject) Frame(dst *ebiten.Image, _ float64) {
	if s.n > 0 {
		dst.DrawTriangles32(s.verts, s.indices, s.img, &s.op)
	}
}

func (s *floorSubject) step(float64) {}

// Burst does nothing: the floor always submits the nominal count.
func (s *floorSubject) Burst(int, int) {}

// Seek does nothing: the floor has no clock.
func (s *floorSubject) Seek(float64) {}

func (s *floorSubject) Live() int { return s.n }

func (s *floorSubject) Close() { s.verts, s.indices = nil, nil }

// floorParticle places the floors' particle q like a frame of the look:
// its centre on the target, its half size and its normalized age.
func floorParticle(sc *Scenario, r *rand.Rand, q int) (cx, cy, h float32, tau float64) {
	l := &sc.Look
	p := sc.Effects[q%len(sc.Effects)]
	b := l.NewBirth(r)
	age := b.Life * r.Float64()
	x, y := l.Position(b, age)
	tau = age / b.Life
	return float32(p.X + x), float32(p.Y + y), float32(l.SizeAt(tau) / 2), tau
}
