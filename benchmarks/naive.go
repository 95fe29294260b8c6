package benchmarks

import (
	"math"
	"math/rand/v2"

	"github.com/hajimehoshi/ebiten/v2"
)

// naiveSubject is written the way Ebitengine's particles example and most
// Go particle libraries are: a live list of pointers to particle structs,
// one allocation per spawn, dead particles filtered out, Euler steps, and one
// DrawImage per particle with a fresh DrawImageOptions (GeoM and ColorScale).
type naiveSubject struct {
	look    Look
	rate    float64
	cap     int
	effects []*naiveEffect
	img     *ebiten.Image
}

type naiveParticle struct {
	x, y, vx, vy float64
	age, life    float64
	rot, spin    float64 // degrees, degrees/s
}

type naiveEffect struct {
	ox, oy    float64
	particles []*naiveParticle
	pending   float64 // fractional particles owed by the stream
	rng       *rand.Rand
	seed      uint64
}

func (s *naiveSubject) Name() string { return NameNaive }

func (s *naiveSubject) Setup(sc *Scenario) error {
	s.look, s.rate, s.cap = sc.Look, sc.Rate, sc.Cap
	s.img = SpriteImage()
	s.effects = s.effects[:0]
	for i, p := range sc.Effects {
		seed := uint64(defaultStreamSeed + i)
		s.effects = append(s.effects, &naiveEffect{
			ox: p.X, oy: p.Y, seed: seed, rng: rand.New(rand.NewPCG(seed, 1)),
		})
	}
	return nil
}

// update ages and moves every particle by dt, drops the dead ones, then
// spawns the stream's new particles at age 0.
func (e *naiveEffect) update(l *Look, rate float64, capacity int, dt float64) {
	alive := e.particles[:0]
	for _, p := range e.particles {
		p.age += dt
		if p.age >= p.life {
			continue
		}
		p.vx += -l.Drag * p.vx * dt
		p.vy += (l.Gravity - l.Drag*p.vy) * dt
		p.x += p.vx * dt
		p.y += p.vy * dt
		p.rot += p.spin * dt
		alive = append(alive, p)
	}
	e.particles = alive
	e.pending += rate * dt
	n := int(e.pending)
	e.pending -= float64(n)
	e.spawn(l, n, capacity)
}

func (e *naiveEffect) spawn(l *Look, n, capacity int) {
	for range n {
		if len(e.particles) >= capacity {
			return
		}
		b := l.NewBirth(e.rng)
		e.particles = append(e.particles, &naiveParticle{
			x: b.X, y: b.Y, vx: b.VX, vy: b.VY, life: b.Life, rot: b.Rot, spin: b.Spin,
		})
	}
}

func (s *naiveSubject) Frame(dst *ebiten.Image, dt float64) {
	for _, e := range s.effects {
		e.update(&s.look, s.rate, s.cap, dt)
	}
	for _, e := range s.effects {
		for _, p := range e.particles {
			s.draw(dst, e, p)
		}
	}
}

func (s *naiveSubject) draw(dst *ebiten.Image, e *naiveEffect, p *naiveParticle) {
	tau := p.age / p.life
	scale := s.look.SizeAt(tau) / (2 * spriteHalf)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-spriteHalf, -spriteHalf)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Rotate(p.rot * (math.Pi / 180))
	op.GeoM.Translate(e.ox+p.x, e.oy+p.y)
	c := s.look.ColorAt(tau)
	a := s.look.AlphaAt(tau)
	op.ColorScale.Scale(float32(c.R*a), float32(c.G*a), float32(c.B*a), float32(a))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.img, op)
}

func (s *naiveSubject) step(dt float64) {
	for _, e := range s.effects {
		e.update(&s.look, s.rate, s.cap, dt)
	}
}

func (s *naiveSubject) Burst(i, n int) { s.effects[i].spawn(&s.look, n, s.cap) }

func (s *naiveSubject) Seek(t float64) {
	for _, e := range s.effects {
		e.particles = e.particles[:0]
		e.pending = 0
		e.rng = rand.New(rand.NewPCG(e.seed, 1))
	}
	for range int(math.Round(t / FrameDT)) {
		s.step(FrameDT)
	}
}

func (s *naiveSubject) Live() int {
	n := 0
	for _, e := range s.effects {
		n += len(e.particles)
	}
	return n
}

func (s *naiveSubject) Close() { s.effects = nil }
