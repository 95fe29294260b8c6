package emitter_test

import (
	"testing"

	"github.com/emberfx/ember/emitter"
)

func TestQuadsMatchParticles(t *testing.T) {
	e := newEffect(t, busySpec(), &emitter.EffectOptions{Seed: 4})
	e.Play()
	e.SetTime(0.4)
	e.Emit(50)
	e.SetTime(0.9)
	ps := e.AppendParticles(nil)
	qs := e.AppendQuads(nil)
	if len(ps) != len(qs) || len(ps) == 0 {
		t.Fatalf("%d particles, %d quads", len(ps), len(qs))
	}
	for i, p := range ps {
		q := qs[i]
		if q.Key != p.Key || q.X != p.X || q.Y != p.Y || q.Width != p.Width || q.Height != p.Height ||
			q.Rotation != p.Rotation || q.Age != p.Age || q.Lifetime != p.Lifetime {
			t.Fatalf("quad %d %+v differs from particle %+v", i, q, p)
		}
		if q.Stream != emitter.Stream(e.Seed(), q.Key) {
			t.Fatalf("quad %d stream %#x, want Stream(seed, key)", i, q.Stream)
		}
	}
	if n := testing.AllocsPerRun(50, func() { qs = e.AppendQuads(qs[:0]) }); n != 0 {
		t.Fatalf("AppendQuads allocates %v times", n)
	}
}
