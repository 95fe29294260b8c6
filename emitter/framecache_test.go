package emitter

import (
	"math"
	"slices"
	"testing"
)

// particleBits appends every field of ps as bits, so that -0 and +0 (and
// NaN payloads) count as different.
func particleBits(dst []uint64, ps []Particle) []uint64 {
	for _, p := range ps {
		dst = append(dst, uint64(p.Key), uint64(p.Cell), uint64(p.NextCell))
		for _, v := range []float64{p.X, p.Y, p.Width, p.Height, p.Rotation, p.Transparency,
			p.Color.R, p.Color.G, p.Color.B, p.Blend, p.Age, p.Lifetime} {
			dst = append(dst, math.Float64bits(v))
		}
	}
	return dst
}

// TestFrameCacheFollowsChanges: what an effect keeps between evaluations
// (its host scale, its graded flat colour) follows every change of host
// size, ambient colour (-0 after +0 included), snapshot and seed: after
// each, its particles are bit for bit those of a new effect set up the
// same way and restored to its state.
func TestFrameCacheFollowsChanges(t *testing.T) {
	spec := func(unit StudUnit, brightness float64) func(*Spec) {
		return func(sp *Spec) {
			sp.Unit = unit
			sp.Rate, sp.MaxParticles = 40, 200
			sp.Speed = NumberRange{Min: 1, Max: 3}
			sp.EmissionSize = Vector2{X: 0.5, Y: 0.25}
			sp.Shape, sp.ShapeStyle = Sphere, Surface
			sp.Color = ConstantColor(Color{R: 0.9, G: 0.4, B: 0})
			sp.Brightness, sp.LightInfluence = brightness, 0.7
		}
	}
	a, b := coreSnapshot(t, spec(RelativeYY, 1)), coreSnapshot(t, spec(RelativeMin, 3))
	e, err := NewEffect(a, &EffectOptions{Seed: 9, HostWidth: 100, HostHeight: 60})
	if err != nil {
		t.Fatal(err)
	}
	e.Play()
	steps := []struct {
		name   string
		change func()
	}{
		{"start", func() {}},
		{"host size", func() { e.SetHostSize(40, 90) }},
		{"ambient", func() { e.SetAmbient(Color{R: 0.2, G: 0.5, B: 0}) }},
		{"ambient -0", func() { e.SetAmbient(Color{R: 0.2, G: 0.5, B: math.Copysign(0, -1)}) }},
		{"snapshot", func() { e.SetSnapshot(b) }},
		{"host size again", func() { e.SetHostSize(300, 20) }},
		{"seed", func() { e.SetSeed(4) }},
	}
	for i, s := range steps {
		s.change()
		e.SetTime(1.5 + 0.25*float64(i))
		got := particleBits(nil, e.AppendParticles(nil))
		w, h := e.HostSize()
		fresh, err := NewEffect(e.Snapshot(), &EffectOptions{Seed: 1, HostWidth: w, HostHeight: h})
		if err != nil {
			t.Fatal(err)
		}
		fresh.SetAmbient(e.Ambient())
		if err := fresh.Restore(e.State()); err != nil {
			t.Fatal(err)
		}
		want := particleBits(nil, fresh.AppendParticles(nil))
		if len(got) == 0 || !slices.Equal(got, want) {
			t.Errorf("after %s: %d words of particles, a new effect's %d, equal %v", s.name, len(got), len(want), slices.Equal(got, want))
		}
	}
}
