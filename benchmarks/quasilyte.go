package benchmarks

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	graphics "github.com/quasilyte/ebitengine-graphics"
	"github.com/quasilyte/ebitengine-graphics/particle"
	"github.com/quasilyte/gmath"
)

// quasilyteSubject is github.com/quasilyte/ebitengine-graphics's particle
// package, configured as close to the look as its features allow:
//
//   - Lifetime, speed and the spread cone map to its template ranges, the
//     emission box to SetSpawnOffsetFunc, and the size, colour and
//     transparency curves to SetUpdateScalingFunc and
//     SetUpdateColorScaleFunc (looked up in the look's tables).
//   - It has no gravity and no drag: a particle's position is fixed to
//     origin + direction·speed·t, so its particles fly in straight lines.
//   - It has no spin or independent initial rotation: the quad turns with
//     the emission direction.
//   - Its Renderer batches at most 2,730 particles and skips an emitter
//     that would overflow the batch, so an effect is split into emitters of
//     at most quasilyteChunkSize expected particles, and emitters are grouped
//     on renderers of at most that many.
type quasilyteSubject struct {
	look      Look
	lut       *LUT
	sc        *Scenario
	tmpl      *particle.Template
	burst     int     // the template's emission burst
	interval  float64 // the template's emission interval
	effects   [][]*particle.Emitter
	renderers []*particle.Renderer
}

func (s *quasilyteSubject) Name() string { return NameQuasilyte }

func (s *quasilyteSubject) Setup(sc *Scenario) error {
	s.look, s.sc = sc.Look, sc
	s.lut = s.look.NewLUT()
	l := &s.look
	t := particle.NewTemplate()
	t.SetImage(SpriteImage())
	t.SetParticleLifetimeRange(l.LifeMin, l.LifeMax)
	t.SetParticleSpeedRange(l.SpeedMin, l.SpeedMax)
	// Direction is an angle from +X, turning clockwise on screen; the
	// spread is the cone's full width.
	t.SetParticleDirection(gmath.Rad(-math.Pi/2), gmath.Rad(2*l.Spread*math.Pi/180))
	t.SetSpawnOffsetFunc(func(ctx particle.SpawnContext) gmath.Vec {
		bits := ctx.RandUint()
		u := float64(uint32(bits)) / (1 << 32)
		v := float64(uint32(bits>>32)) / (1 << 32)
		return gmath.Vec{X: (u - 0.5) * l.BoxW, Y: (v - 0.5) * l.BoxH}
	})
	lut := s.lut
	t.SetUpdateScalingFunc(func(ctx particle.UpdateContext) gmath.Vec32 {
		sz := lut.Size[lut.Index(ctx.Time())] / (2 * spriteHalf)
		return gmath.Vec32{X: sz, Y: sz}
	})
	t.SetUpdateColorScaleFunc(func(ctx particle.UpdateContext) graphics.ColorScale {
		k := lut.Index(ctx.Time())
		return graphics.ColorScale{R: lut.R[k], G: lut.G[k], B: lut.B[k], A: lut.Alpha[k]}
	})
	// The stream: bursts of b particles every b/rate seconds, b chosen so
	// that about four emission steps fall in a 60 Hz frame.
	s.burst, s.interval = 1, 0.5
	if r := s.chunkRate(); r > 0 {
		s.burst = min(max(int(math.Round(r/240)), 1), 255)
		s.interval = float64(s.burst) / r
	}
	t.SetEmitBurst(s.burst, s.burst)
	t.SetEmitInterval(s.interval)
	s.tmpl = t
	s.build()
	return nil
}

// chunks is the number of emitters one effect is split into.
func (s *quasilyteSubject) chunks() int {
	per := s.sc.Rate * s.look.MeanLife()
	return max(1, int(math.Ceil(per/quasilyteChunkSize)))
}

// chunkRate is one emitter's stream rate.
func (s *quasilyteSubject) chunkRate() float64 { return s.sc.Rate / float64(s.chunks()) }

// build creates the emitters and groups them on renderers.
func (s *quasilyteSubject) build() {
	m := s.chunks()
	per := s.chunkRate() * s.look.MeanLife()
	if s.sc.Rate == 0 {
		per = float64(s.sc.Cap)
	}
	s.effects = s.effects[:0]
	s.renderers = s.renderers[:0]
	var r *particle.Renderer
	load := 0.0
	for _, p := range s.sc.Effects {
		var ems []*particle.Emitter
		for range m {
			e := particle.NewEmitter(s.tmpl)
			e.Pos = gmath.Pos{Offset: gmath.Vec{X: p.X, Y: p.Y}}
			e.SetEmitting(s.sc.Rate > 0)
			if r == nil || load+per > quasilyteChunkSize {
				r = particle.NewRenderer()
				s.renderers = append(s.renderers, r)
				load = 0
			}
			r.AddEmitter(e)
			load += per
			ems = append(ems, e)
		}
		s.effects = append(s.effects, ems)
	}
}

func (s *quasilyteSubject) step(dt float64) {
	for _, ems := range s.effects {
		for _, e := range ems {
			e.UpdateWithDelta(dt)
		}
	}
}

func (s *quasilyteSubject) Frame(dst *ebiten.Image, dt float64) {
	s.step(dt)
	for _, r := range s.renderers {
		r.Draw(dst)
	}
}

// Burst emits n particles at age 0 from effect i's first emitter: steps of
// at most 255 (SetEmitBurst's limit), each a zero-length update with
// emission toggled on.
func (s *quasilyteSubject) Burst(i, n int) {
	e := s.effects[i][0]
	for n > 0 {
		b := min(n, 250)
		s.tmpl.SetEmitBurst(b, b)
		e.SetEmitting(false)
		e.SetEmitting(true)
		e.UpdateWithDelta(1e-6)
		n -= b
	}
	e.SetEmitting(s.sc.Rate > 0)
	s.tmpl.SetEmitBurst(s.burst, s.burst)
}

// Seek rebuilds the emitters (the package cannot clear one) and
// re-simulates at the fixed step. Its random generator is global, so the
// replayed particles differ from the first run's.
func (s *quasilyteSubject) Seek(t float64) {
	for _, ems := range s.effects {
		for _, e := range ems {
			e.Dispose()
		}
	}
	s.build()
	for range int(math.Round(t / FrameDT)) {
		s.step(FrameDT)
	}
}

func (s *quasilyteSubject) Live() int {
	n := 0
	for _, ems := range s.effects {
		for _, e := range ems {
			n += e.NumParticles()
		}
	}
	return n
}

func (s *quasilyteSubject) Close() {
	for _, ems := range s.effects {
		for _, e := range ems {
			e.Dispose()
		}
	}
	s.effects, s.renderers = nil, nil
}
