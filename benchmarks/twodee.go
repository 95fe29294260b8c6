package benchmarks

import (
	"image/color"
	"math"
	"math/rand/v2"
	"time"

	tdp "github.com/blizzy78/twodeeparticles"
	"github.com/hajimehoshi/ebiten/v2"
)

// twoDeeSubject is github.com/blizzy78/twodeeparticles v0.5.0, a simulator
// with no renderer: every property is a callback, and particles are drawn
// with one DrawImage per particle through ForEachParticle, as its demo does.
//
//   - Initial velocity, gravity and drag: VelocityOverLifetime returns the
//     birth velocity on the first update and then v + (g - k v)·delta; the
//     library moves the particle by velocity·delta (semi-implicit Euler).
//   - Per-particle rolls (velocity, rotation, spin) live in structs handed
//     out by DataOverLifetime and returned to a free list by DeathFunc, the
//     pooling its documentation suggests.
//   - Spin: RotationOverLifetime. The library does not reset a pooled
//     particle's angle, so the initial rotation is drawn as an offset from
//     the angle seen at birth.
//   - Size, colour and transparency: ScaleOverLifetime and ColorOverLifetime
//     (looked up in the look's tables), the colour returned as a pointer into
//     the particle's data so that no colour is boxed per frame.
//   - Time: Update takes a time.Time; the subject drives a synthetic clock
//     advanced by each frame's dt, so runs are deterministic.
type twoDeeSubject struct {
	look    Look
	lut     *LUT
	sc      *Scenario
	effects []*twoDeeEffect
	img     *ebiten.Image
	op      ebiten.DrawImageOptions
	free    []*twoDeeData
	base    time.Time
}

type twoDeeEffect struct {
	sys    *tdp.ParticleSystem
	ox, oy float64
	now    time.Time
	rng    *rand.Rand
	seed   uint64
}

// twoDeeData is one particle's rolls and per-frame colour.
type twoDeeData struct {
	b         Birth
	started   bool
	angleBase float64 // the library's angle at birth
	col       color.NRGBA
}

func (s *twoDeeSubject) Name() string { return NameTwoDee }

func (s *twoDeeSubject) Setup(sc *Scenario) error {
	s.look, s.sc = sc.Look, sc
	s.lut = s.look.NewLUT()
	s.img = SpriteImage()
	s.base = time.Unix(1_000_000, 0)
	s.effects = s.effects[:0]
	for i, p := range sc.Effects {
		e := &twoDeeEffect{ox: p.X, oy: p.Y, seed: uint64(defaultStreamSeed + i)}
		s.reset(e)
		s.effects = append(s.effects, e)
	}
	return nil
}

// reset gives e a new system at the subject's base time.
func (s *twoDeeSubject) reset(e *twoDeeEffect) {
	e.rng = rand.New(rand.NewPCG(e.seed, 1))
	e.now = s.base
	e.sys = s.newSystem(e)
	e.sys.Update(e.now) // starts the system's clock
}

func (s *twoDeeSubject) newSystem(e *twoDeeEffect) *tdp.ParticleSystem {
	l := &s.look
	lut := s.lut
	sys := tdp.NewSystem()
	sys.MaxParticles = s.sc.Cap
	if s.sc.Rate > 0 {
		rate := s.sc.Rate
		sys.EmissionRateOverTime = func(time.Duration, time.Duration) float64 { return rate }
	}
	sys.LifetimeOverTime = func(time.Duration, time.Duration) time.Duration {
		return time.Duration((l.LifeMin + (l.LifeMax-l.LifeMin)*e.rng.Float64()) * float64(time.Second))
	}
	sys.EmissionPositionOverTime = func(time.Duration, time.Duration) tdp.Vector {
		return tdp.Vector{X: (e.rng.Float64() - 0.5) * l.BoxW, Y: (e.rng.Float64() - 0.5) * l.BoxH}
	}
	sys.DataOverLifetime = func(old any, _ tdp.NormalizedDuration, _ time.Duration) any {
		if old != nil {
			return old
		}
		var d *twoDeeData
		if n := len(s.free); n > 0 {
			d, s.free = s.free[n-1], s.free[:n-1]
		} else {
			d = new(twoDeeData)
		}
		// The spawn point and lifetime come from their own callbacks;
		// velocity, rotation and spin from the same distributions.
		*d = twoDeeData{b: l.NewBirth(e.rng)}
		return d
	}
	sys.DeathFunc = func(p *tdp.Particle) {
		if d, ok := p.Data().(*twoDeeData); ok {
			s.free = append(s.free, d)
		}
	}
	sys.VelocityOverLifetime = func(p *tdp.Particle, _ tdp.NormalizedDuration, delta time.Duration) tdp.Vector {
		d := p.Data().(*twoDeeData)
		if !d.started {
			d.started = true
			d.angleBase = p.Angle()
			return tdp.Vector{X: d.b.VX, Y: d.b.VY}
		}
		dt := delta.Seconds()
		v := p.Velocity()
		return tdp.Vector{X: v.X - l.Drag*v.X*dt, Y: v.Y + (l.Gravity-l.Drag*v.Y)*dt}
	}
	if l.Spins() {
		sys.RotationOverLifetime = func(p *tdp.Particle, _ tdp.NormalizedDuration, _ time.Duration) float64 {
			return p.Data().(*twoDeeData).b.Spin * (math.Pi / 180)
		}
	}
	sys.ScaleOverLifetime = func(_ *tdp.Particle, t tdp.NormalizedDuration, _ time.Duration) tdp.Vector {
		sz := float64(lut.Size[lut.Index(float32(t))]) / (2 * spriteHalf)
		return tdp.Vector{X: sz, Y: sz}
	}
	sys.ColorOverLifetime = func(p *tdp.Particle, t tdp.NormalizedDuration, _ time.Duration) color.Color {
		d := p.Data().(*twoDeeData)
		k := lut.Index(float32(t))
		d.col = color.NRGBA{R: to8(lut.R[k]), G: to8(lut.G[k]), B: to8(lut.B[k]), A: to8(lut.Alpha[k])}
		return &d.col
	}
	return sys
}

func to8(v float32) uint8 { return uint8(min(max(v, 0), 1)*255 + 0.5) }

func (s *twoDeeSubject) step(dt float64) {
	d := time.Duration(math.Round(dt * float64(time.Second)))
	for _, e := range s.effects {
		e.now = e.now.Add(d)
		e.sys.Update(e.now)
	}
}

func (s *twoDeeSubject) Frame(dst *ebiten.Image, dt float64) {
	s.step(dt)
	for _, e := range s.effects {
		e.sys.ForEachParticle(func(p *tdp.Particle, _ tdp.NormalizedDuration, _ time.Duration) {
			s.draw(dst, e, p)
		}, e.now)
	}
}

func (s *twoDeeSubject) draw(dst *ebiten.Image, e *twoDeeEffect, p *tdp.Particle) {
	op := &s.op
	op.GeoM.Reset()
	op.ColorScale.Reset()
	op.GeoM.Translate(-spriteHalf, -spriteHalf)
	sc := p.Scale()
	op.GeoM.Scale(sc.X, sc.Y)
	if s.look.Spins() {
		d := p.Data().(*twoDeeData)
		op.GeoM.Rotate(p.Angle() - d.angleBase + d.b.Rot*(math.Pi/180))
	}
	pos := p.Position()
	op.GeoM.Translate(e.ox+pos.X, e.oy+pos.Y)
	r, g, b, a := p.Color().RGBA() // premultiplied, 16 bits
	op.ColorScale.Scale(float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.img, op)
}

// Burst asks the system to spawn n particles on its next Update.
func (s *twoDeeSubject) Burst(i, n int) { s.effects[i].sys.Spawn(n) }

func (s *twoDeeSubject) Seek(t float64) {
	for _, e := range s.effects {
		e.sys.Reset()
		s.reset(e)
	}
	for range int(math.Round(t / FrameDT)) {
		s.step(FrameDT)
	}
}

func (s *twoDeeSubject) Live() int {
	n := 0
	for _, e := range s.effects {
		n += e.sys.NumParticles()
	}
	return n
}

func (s *twoDeeSubject) Close() { s.effects, s.free = nil, nil }
