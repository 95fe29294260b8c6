package emitter_test

import (
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestCacheIsInvisible drives a cached and an uncached effect through the
// same script, including every input that changes particles' constants
// (seed, snapshot, host size, restarts, restores, rewinds), and requires
// bit-identical frames and quads throughout.
func TestCacheIsInvisible(t *testing.T) {
	s := busySpec()
	s.LockedToPart = false
	s.VelocityInheritance = 0.5
	other := busySpec()
	other.Speed = emitter.Constant(9)
	other.Shape = emitter.Sphere
	otherSnap, err := emitter.NewSnapshot(&other)
	if err != nil {
		t.Fatal(err)
	}
	cached := newEffect(t, s, &emitter.EffectOptions{Seed: 5, RandomSeed: true})
	plain := newEffect(t, s, &emitter.EffectOptions{Seed: 5, RandomSeed: true, NoCache: true})
	var saved [2]emitter.State
	step := func(i int, e *emitter.Effect, k int) {
		switch i {
		case 0:
			e.Play()
		case 20, 95:
			e.Emit(40)
		case 40:
			e.SetHostSize(320, 90)
		case 55:
			saved[k] = e.State()
		case 70:
			e.SetSnapshot(otherSnap)
		case 85:
			e.SetTime(0.3) // rewind
		case 100:
			e.Pause()
			e.Emit(12) // restart with a new seed
		case 120:
			e.SetSeed(77)
		case 140:
			if err := e.Restore(saved[k]); err != nil {
				t.Fatal(err)
			}
		}
		e.Step(tps / 60)
		e.SetHost(float64(i%40)*3, float64(i%13), float64(i))
	}
	for i := 0; i < 180; i++ {
		step(i, cached, 0)
		step(i, plain, 1)
		a, b := cached.AppendParticles(nil), plain.AppendParticles(nil)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("frame %d: cached and uncached particles differ (%d vs %d)", i, len(a), len(b))
		}
		if qa, qb := cached.AppendQuads(nil), plain.AppendQuads(nil); !reflect.DeepEqual(qa, qb) {
			t.Fatalf("frame %d: cached and uncached quads differ", i)
		}
		if ba, bb := cached.AppendBillboards(nil), plain.AppendBillboards(nil); !reflect.DeepEqual(ba, bb) {
			t.Fatalf("frame %d: cached and uncached billboards differ", i)
		}
		if i == 60 && len(a) == 0 {
			t.Fatal("no particles: the script proves nothing")
		}
	}
}

func TestCacheWithEvaluator(t *testing.T) {
	s := busySpec()
	s.Rate = 30000
	s.MaxParticles = 60000
	cached := newEffect(t, s, nil)
	plain := newEffect(t, s, &emitter.EffectOptions{NoCache: true})
	ev := emitter.NewEvaluator(4)
	defer ev.Close()
	var got []emitter.Particle
	for i, at := range []float64{1, 1.01, 1.5, 0.9, 3} {
		cached.SetTime(at)
		plain.SetTime(at)
		if i == 2 {
			cached.Emit(5000)
			plain.Emit(5000)
		}
		got = ev.Append(got[:0], cached)
		if want := plain.AppendParticles(nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("at %v s: parallel cached evaluation differs from serial uncached", at)
		}
		quads := ev.AppendQuads(nil, cached)
		if want := plain.AppendQuads(nil); !reflect.DeepEqual(quads, want) {
			t.Fatalf("at %v s: parallel cached quads differ from serial uncached", at)
		}
		boards := ev.AppendBillboards(nil, cached)
		if want := plain.AppendBillboards(nil); !reflect.DeepEqual(boards, want) {
			t.Fatalf("at %v s: parallel cached billboards differ from serial uncached", at)
		}
	}
}

// TestPlainBillboardsAreInvisible: the plain stream loop (cached effects
// only) gives the same billboards, bit for bit, as the general loop an
// uncached effect takes, and specs just off the plain path (a turned host,
// a varying Size, an unlocked effect with a track, velocity alignment)
// agree too.
func TestPlainBillboardsAreInvisible(t *testing.T) {
	plain := plainSpec() // a moving host, locked: plain while unturned
	plain.Rate = 80
	plain.Drag = 0.7
	growing := plain
	growing.Size = emitter.NumberSequence{{0, 0.1, 0.05}, {1, 0.6, 0}}
	trailing := plain
	trailing.LockedToPart = false // the track places each particle at birth
	trailing.VelocityInheritance = 0.5
	streak := plain
	streak.Orientation = emitter.VelocityPerpendicular
	for _, c := range []struct {
		name    string
		spec    emitter.Spec
		hostRot float64
	}{{"plain", plain, 0}, {"turned host", plain, 35}, {"varying size", growing, 0}, {"tracked, unlocked", trailing, 0},
		{"along the velocity", streak, 0}} {
		cached := newEffect(t, c.spec, &emitter.EffectOptions{Seed: 3})
		plainE := newEffect(t, c.spec, &emitter.EffectOptions{Seed: 3, NoCache: true})
		for i := range 90 {
			for _, e := range []*emitter.Effect{cached, plainE} {
				e.Step(tps / 60)
				e.SetHost(float64(3*i), float64(i%5), c.hostRot)
				switch i {
				case 0:
					e.Play()
				case 20, 50:
					e.Emit(40) // bursts take the plain loop too
				}
			}
			a, b := cached.AppendBillboards(nil), plainE.AppendBillboards(nil)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s, frame %d: cached and uncached billboards differ", c.name, i)
			}
			if i == 60 && len(a) < 20 {
				t.Fatalf("%s: %d billboards: the script proves nothing", c.name, len(a))
			}
		}
	}
}
