package emitter_test

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// The fuzz target's State comes from bytes in a little-endian layout of
// the test's own (State has no wire format; games choose theirs):
//
//	Seed, BaseSeed, Restarts u32; flags u8 (RandomSeed, Playing,
//	EnabledAtStart); Clock, Reach i64; NextBurst u32
//	u16 n, then n bursts: Time i64, Count i64, Index u32
//	u16 n, then n toggles: At i64, On u8
//	u16 n, then n samples: Clock i64, X, Y, Rotation f64 bits
//
// A list ends early where the bytes do, so a forged count allocates
// nothing the bytes do not hold.

type stateBytes struct{ b []byte }

func (r *stateBytes) take(n int) []byte {
	if len(r.b) < n {
		r.b = nil
		return make([]byte, n)
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *stateBytes) u8() uint8   { return r.take(1)[0] }
func (r *stateBytes) u16() int    { return int(binary.LittleEndian.Uint16(r.take(2))) }
func (r *stateBytes) u32() uint32 { return binary.LittleEndian.Uint32(r.take(4)) }
func (r *stateBytes) i64() int64  { return int64(binary.LittleEndian.Uint64(r.take(8))) }
func (r *stateBytes) f64() float64 {
	return math.Float64frombits(binary.LittleEndian.Uint64(r.take(8)))
}

func decodeState(data []byte) emitter.State {
	r := &stateBytes{data}
	var s emitter.State
	s.Seed, s.BaseSeed, s.Restarts = r.u32(), r.u32(), r.u32()
	flags := r.u8()
	s.RandomSeed, s.Playing, s.EnabledAtStart = flags&1 != 0, flags&2 != 0, flags&4 != 0
	s.Clock, s.Reach = emitter.Ticks(r.i64()), emitter.Ticks(r.i64())
	s.NextBurst = r.u32()
	for n := r.u16(); n > 0 && len(r.b) > 0; n-- {
		s.Bursts = append(s.Bursts, emitter.Burst{Time: emitter.Ticks(r.i64()), Count: int(r.i64()), Index: r.u32()})
	}
	for n := r.u16(); n > 0 && len(r.b) > 0; n-- {
		s.Toggles = append(s.Toggles, emitter.Toggle{At: emitter.Ticks(r.i64()), On: r.u8()&1 != 0})
	}
	for n := r.u16(); n > 0 && len(r.b) > 0; n-- {
		s.Track = append(s.Track, emitter.TrackSample{Clock: emitter.Ticks(r.i64()), X: r.f64(), Y: r.f64(), Rotation: r.f64()})
	}
	return s
}

func encodeState(s emitter.State) []byte {
	le := binary.LittleEndian
	b := le.AppendUint32(nil, s.Seed)
	b = le.AppendUint32(b, s.BaseSeed)
	b = le.AppendUint32(b, s.Restarts)
	var flags uint8
	for i, on := range []bool{s.RandomSeed, s.Playing, s.EnabledAtStart} {
		if on {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	b = le.AppendUint64(b, uint64(s.Clock))
	b = le.AppendUint64(b, uint64(s.Reach))
	b = le.AppendUint32(b, s.NextBurst)
	b = le.AppendUint16(b, uint16(len(s.Bursts)))
	for _, x := range s.Bursts {
		b = le.AppendUint64(b, uint64(x.Time))
		b = le.AppendUint64(b, uint64(int64(x.Count)))
		b = le.AppendUint32(b, x.Index)
	}
	b = le.AppendUint16(b, uint16(len(s.Toggles)))
	for _, x := range s.Toggles {
		on := uint8(0)
		if x.On {
			on = 1
		}
		b = append(le.AppendUint64(b, uint64(x.At)), on)
	}
	b = le.AppendUint16(b, uint16(len(s.Track)))
	for _, x := range s.Track {
		b = le.AppendUint64(b, uint64(x.Clock))
		for _, v := range []float64{x.X, x.Y, x.Rotation} {
			b = le.AppendUint64(b, math.Float64bits(v))
		}
	}
	return b
}

// fuzzEffect is the fuzz target's effect: unlocked particles that inherit
// the host's velocity, so every part of a State is read.
func fuzzEffect(t testing.TB) *emitter.Effect {
	s := busySpec()
	s.LockedToPart = false
	s.VelocityInheritance = 0.6
	s.MaxParticles = 64
	s.Rate = 30
	return newEffect(t, s, &emitter.EffectOptions{Seed: 4, MaxBursts: 16, History: 3})
}

// played returns the states an effect goes through in a short script:
// the fuzz target's seeds.
func played(t testing.TB) []emitter.State {
	e := fuzzEffect(t)
	e.Play()
	var out []emitter.State
	for i := range 200 {
		e.Step(tps / 60)
		if i%10 == 0 { // small seeds mutate well
			e.SetHost(float64(i%50)*4, float64(i%9), float64(i%30))
		}
		if i%23 == 0 {
			e.Emit(20)
		}
		if i%61 == 0 {
			e.SetEnabled(!e.Enabled())
		}
		if i%40 == 39 {
			out = append(out, e.State())
		}
	}
	return out
}

// FuzzRestore restores states decoded from the fuzzer's bytes. Restore
// never panics; a refused state leaves the effect unchanged; an accepted
// one evaluates to finite particles within the effect's bounds and its
// live cap, plays on, and round-trips through State.
func FuzzRestore(f *testing.F) {
	for _, s := range played(f) {
		f.Add(encodeState(s))
	}
	forged := played(f)[2]
	forged.Bursts[0].Count = -3
	f.Add(encodeState(forged))
	forged.Bursts[0].Count = 1 << 40
	f.Add(encodeState(forged))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		e := fuzzEffect(t)
		e.Play()
		e.SetTime(0.5)
		e.Emit(7)
		before := e.State()
		st := decodeState(data)
		if err := e.Restore(st); err != nil {
			if !reflect.DeepEqual(e.State(), before) {
				t.Fatalf("a refused Restore (%v) changed the effect", err)
			}
			return
		}
		saved := e.State()
		check := func(stage string) {
			ps := e.AppendParticles(nil)
			if len(ps) > e.Snapshot().MaxParticles()+emitter.MaxBurstParticles {
				t.Fatalf("%s: %d particles", stage, len(ps))
			}
			b := e.Bounds()
			for _, p := range ps {
				for _, v := range []float64{p.X, p.Y, p.Width, p.Height, p.Rotation, p.Age} {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("%s: particle %+v is not finite", stage, p)
					}
				}
				r := math.Hypot(p.Width, p.Height) / 2
				if p.X-r < b.MinX || p.X+r > b.MaxX || p.Y-r < b.MinY || p.Y+r > b.MaxY {
					t.Fatalf("%s: particle at (%v, %v) r %v outside bounds %+v", stage, p.X, p.Y, r, b)
				}
			}
			var w emitter.Window
			e.Window(&w)
			if n := int64(len(e.AppendBillboards(nil))); n > w.Candidates() {
				t.Fatalf("%s: %d billboards of %d candidates", stage, n, w.Candidates())
			}
			_ = e.Done()
		}
		check("restored")
		if err := e.Restore(saved); err != nil || !reflect.DeepEqual(e.State(), saved) {
			t.Fatalf("State after Restore does not restore to itself: %v", err)
		}
		e.Step(tps / 30)
		e.SetHost(1, 2, 3)
		e.Emit(9)
		e.SetEnabled(!e.Enabled())
		check("played on")
	})
}
