package benchmarks

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// emberSubject is Ember's closed form drawn by the batched CPU-positioned
// renderer: each frame advances every effect's clock and makes one
// Renderer.Draw call over all of them.
type emberSubject struct {
	look    Look
	effects []*emitter.Effect
	items   []render.Item
	r       *render.Renderer
	buf     []emitter.Quad
}

func (s *emberSubject) Name() string { return NameEmber }

func (s *emberSubject) Setup(sc *Scenario) error {
	s.look = sc.Look
	spec := sc.Look.Spec(sc.Rate, sc.Cap)
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		return err
	}
	// No budget: every subject draws every live particle.
	r, err := render.New(&render.Options{Budget: -1})
	if err != nil {
		return err
	}
	s.r = r
	s.effects = s.effects[:0]
	s.items = s.items[:0]
	for i, p := range sc.Effects {
		e, err := emitter.NewEffect(snap, &emitter.EffectOptions{
			Seed: defaultStreamSeed + uint32(i), HostWidth: sc.Look.BoxW, HostHeight: sc.Look.BoxH,
		})
		if err != nil {
			return err
		}
		e.Play()
		s.effects = append(s.effects, e)
		// Texture nil: the built-in sprite, raster.Sprite.
		s.items = append(s.items, render.Item{Effect: e, X: p.X, Y: p.Y})
	}
	return nil
}

func (s *emberSubject) Frame(dst *ebiten.Image, dt float64) {
	for _, e := range s.effects {
		e.Advance(dt)
	}
	s.r.Draw(dst, s.items)
}

func (s *emberSubject) step(dt float64) {
	for _, e := range s.effects {
		e.Advance(dt)
	}
}

func (s *emberSubject) Burst(i, n int) { s.effects[i].Emit(n) }

func (s *emberSubject) Seek(t float64) {
	for _, e := range s.effects {
		e.SetTime(t)
	}
}

// Live evaluates every effect, culled ones included (the renderer's
// Stats count visible effects only); it is never inside a measurement.
func (s *emberSubject) Live() int {
	n := 0
	for _, e := range s.effects {
		s.buf = e.AppendQuads(s.buf[:0])
		n += len(s.buf)
	}
	return n
}

func (s *emberSubject) Close() {
	s.effects, s.items, s.r = nil, nil, nil
}
