package benchmarks

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// emberSubject is Ember's closed form drawn by render.Renderer on one
// render path: each frame advances every effect's clock and makes one
// Renderer.Draw call over all of them. ember asks for the batched path
// (CPU-positioned quads), ember-gpu for the GPU-evaluated path (one quad
// per effect, the shader evaluates the particles), each effect's
// Item.Path set explicitly so that the renderer's cost model (PathAuto)
// never mixes the two.
type emberSubject struct {
	path    render.Path // render.PathBatched or render.PathGPU
	look    Look
	effects []*emitter.Effect
	items   []render.Item
	r       *render.Renderer
	buf     []emitter.Quad

	// fallbacks and gpuDraws count, over every Frame since the subject
	// was made (Setup again included), the effect draws that asked for
	// the GPU path and were drawn batched, and those the GPU path drew.
	fallbacks, gpuDraws int
}

func newEmber() *emberSubject    { return &emberSubject{path: render.PathBatched} }
func newEmberGPU() *emberSubject { return &emberSubject{path: render.PathGPU} }

func (s *emberSubject) Name() string {
	if s.path == render.PathGPU {
		return NameEmberGPU
	}
	return NameEmber
}

// PathFallbacks implements PathChecker: on the GPU path, the effect draws
// that fell back to the batched path and those drawn by the GPU path.
func (s *emberSubject) PathFallbacks() (fallbacks, gpu int) { return s.fallbacks, s.gpuDraws }

func (s *emberSubject) Setup(sc *Scenario) error {
	s.look = sc.Look
	spec := sc.Look.Spec(sc.Rate, sc.Cap)
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		return err
	}
	// No budget: every subject draws every live particle. One worker:
	// the measurement is the CPU time of the particle work, and every
	// other subject runs on one goroutine; the default (GOMAXPROCS)
	// would split effects of emitter.MinParallel candidates or more
	// across the cores, shortening the frame's wall time, not its CPU time.
	r, err := render.New(&render.Options{Budget: -1, Workers: 1})
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
		// Texture nil: the built-in sprite, texture.Sprite.
		s.items = append(s.items, render.Item{Effect: e, X: p.X, Y: p.Y, Path: s.path})
	}
	return nil
}

func (s *emberSubject) Frame(dst *ebiten.Image, dt float64) {
	for _, e := range s.effects {
		e.Advance(dt)
	}
	s.r.Draw(dst, s.items)
	st := s.r.Stats()
	s.fallbacks += st.GPUFallbacks
	s.gpuDraws += st.GPU
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
