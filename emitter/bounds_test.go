package emitter_test

import (
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

func TestBoundsContainEveryParticle(t *testing.T) {
	type variant struct {
		name string
		edit func(*emitter.Spec)
	}
	variants := []variant{
		{"default", func(s *emitter.Spec) {}},
		{"busy", func(s *emitter.Spec) { *s = busySpec() }},
		{"gravity no drag", func(s *emitter.Spec) {
			s.Acceleration = emitter.Vector3{X: 3, Y: -20}
			s.Speed = emitter.NumberRange{Min: -2, Max: 8}
			s.SpreadAngle = emitter.Vector2{X: 60}
		}},
		{"strong drag upward accel", func(s *emitter.Spec) {
			s.Drag = 6
			s.Acceleration = emitter.Vector3{Y: 10}
			s.EmissionDirection = emitter.Bottom
			s.Speed = emitter.Constant(20)
		}},
		{"negative drag", func(s *emitter.Spec) {
			s.Drag = -1.5
			s.Lifetime = emitter.Constant(3)
			s.Acceleration = emitter.Vector3{X: -2}
		}},
		{"box surface inward", func(s *emitter.Spec) {
			s.EmissionSize = emitter.Vector2{X: 1, Y: 0.5}
			s.ShapeStyle = emitter.Surface
			s.ShapeInOut = emitter.InAndOut
			s.SpreadAngle = emitter.Vector2{X: 100}
			s.EmissionDirection = emitter.Right
		}},
		{"sphere arc with glow and squash", func(s *emitter.Spec) {
			s.Shape = emitter.Sphere
			s.ShapePartial = 0.4
			s.EmissionSize = emitter.Vector2{X: 0.6, Y: 1.2}
			s.LightEmission = 1
			s.GlowLayers = 5
			s.Squash = emitter.NumberSequence{{0, -2, 0.5}, {1, 1, 0}}
			s.Size = emitter.NumberSequence{{0, 0.2, 0.1}, {0.3, 0.6, 0.2}, {1, 0, 0}}
		}},
		{"cylinder taper", func(s *emitter.Spec) {
			s.Shape = emitter.Cylinder
			s.ShapePartial = 0
			s.EmissionSize = emitter.Vector2{X: 1, Y: 1}
			s.Drag = 0.3
			s.Acceleration = emitter.Vector3{Y: -4}
		}},
	}
	hosts := []struct {
		name   string
		locked bool
		move   func(i int) (x, y, r float64)
	}{
		{"still", true, nil},
		{"locked turning", true, func(i int) (float64, float64, float64) { return 0, 0, float64(i) * 3 }},
		{"unlocked sliding", false, func(i int) (float64, float64, float64) { return float64(i) * 4, math.Sin(float64(i)/9) * 80, 0 }},
		{"unlocked turning", false, func(i int) (float64, float64, float64) {
			return math.Cos(float64(i)/20) * 150, float64(i), float64(i) * 5
		}},
	}
	checked := 0
	for _, v := range variants {
		for _, h := range hosts {
			s := emitter.DefaultSpec()
			s.Lifetime = emitter.NumberRange{Min: 0.3, Max: 1.5}
			s.Rate = 60
			v.edit(&s)
			s.LockedToPart = h.locked
			s.VelocityInheritance = 0.7
			e := newEffect(t, s, &emitter.EffectOptions{Seed: 99, HostWidth: 160, HostHeight: 90})
			e.Play()
			var buf []emitter.Particle
			for i := 0; i < 240; i++ {
				e.Step(tps / 60)
				if h.move != nil {
					e.SetHost(h.move(i))
				}
				if i%40 == 5 {
					e.Emit(40)
				}
				b := e.Bounds()
				growth := 1.0
				if s.LightEmission > 0 && s.GlowLayers > 1 {
					growth, _ = emitter.Glow(s.GlowLayers-1, 0, s.LightEmission)
				}
				buf = e.AppendParticles(buf[:0])
				for _, p := range buf {
					r := math.Hypot(p.Width, p.Height) / 2 * growth
					if p.X-r < b.MinX || p.X+r > b.MaxX || p.Y-r < b.MinY || p.Y+r > b.MaxY {
						t.Fatalf("%s/%s frame %d: particle %d at (%.2f, %.2f) r=%.2f leaves bounds %+v",
							v.name, h.name, i, p.Key, p.X, p.Y, r, b)
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d particles checked", checked)
	}
}

func TestBoundsAreTight(t *testing.T) {
	// A still point emitter: particles at the centre, size 1 stud = 100 px
	// on a 100 px tall host: the bounds are the quad and the margin.
	s := emitter.DefaultSpec()
	s.Speed = emitter.Constant(0)
	e := newEffect(t, s, nil)
	b := e.Bounds()
	want := 50*math.Sqrt2 + 0.5
	for _, v := range []float64{-b.MinX, -b.MinY, b.MaxX, b.MaxY} {
		if math.Abs(v-want) > 1e-3 {
			t.Fatalf("bounds %+v, want ±%.4f", b, want)
		}
	}
	// Free fall from rest for Lifetime.Max = 10 s at 10 studs/s² (Roblox's
	// +Y up, so down on screen): the lowest point is 0.5·10·10² = 500 studs.
	s.Acceleration = emitter.Vector3{Y: -10}
	s.Lifetime = emitter.Constant(10)
	e = newEffect(t, s, &emitter.EffectOptions{HostWidth: 100, HostHeight: 1})
	b = e.Bounds()
	if low := 500 + 0.5*math.Sqrt2 + 0.5; math.Abs(b.MaxY-low) > 1e-2 || b.MinY > 0 {
		t.Fatalf("free-fall bounds %+v, want MaxY ≈ %.3f", b, low)
	}
}

func TestBoundsCacheFollowsInputs(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Speed = emitter.Constant(0)
	e := newEffect(t, s, nil)
	b1 := e.Bounds()
	if e.Bounds() != b1 {
		t.Fatal("bounds changed with no input")
	}
	if n := testing.AllocsPerRun(100, func() { e.Bounds() }); n != 0 {
		t.Fatalf("Bounds allocates %v times", n)
	}
	// A taller host: one stud spans more pixels, so the quad grows.
	e.SetHostSize(200, 300)
	if b2 := e.Bounds(); !(b2.MaxY > b1.MaxY*2) {
		t.Fatalf("bounds %+v did not follow the host size (was %+v)", b2, b1)
	}
	big := s
	big.Size = emitter.ConstantSequence(5)
	snap, _ := emitter.NewSnapshot(&big)
	b3 := e.Bounds()
	e.SetSnapshot(snap)
	if b4 := e.Bounds(); !(b4.MaxX > 4*b3.MaxX) {
		t.Fatalf("bounds %+v did not follow the snapshot (was %+v)", b4, b3)
	}
	// With a track the bounds follow the host's motion every call.
	e.SetHost(100, 0, 0)
	e.SetTime(1)
	e.SetHost(300, 0, 0)
	if b5, b6 := e.Bounds(), e.Bounds(); b5 != b6 {
		t.Fatal("tracked bounds differ between two calls at one clock")
	}
}

// TestLongTrackStaysBounded: an hour of a host fed at 60 frames per second
// to an effect whose unlocked particles live an hour keeps the samples of
// its History and those around its births (not one per frame), its bounds
// still hold every particle, and rewinds within the History show what
// stepping showed, bit for bit.
func TestLongTrackStaysBounded(t *testing.T) {
	s := emitter.DefaultSpec()
	s.Lifetime = emitter.Constant(emitter.MaxLifetime)
	s.Rate = 0.05 // a birth every 20 s: 180 alive after an hour
	s.LockedToPart = false
	s.VelocityInheritance = 0.5
	e := newEffect(t, s, nil)
	e.Play()
	step := emitter.Ticks(tps / 60)
	frames := 60 * 3600
	shown := map[emitter.Ticks][]emitter.Particle{}
	for i := range frames {
		e.Step(step)
		e.SetHost(300*math.Sin(float64(i)/2000), 200*math.Cos(float64(i)/3100), float64(i%7))
		if i%(7*60*60) == 0 {
			e.Emit(3)
		}
		if left := frames - i; left <= 60*25 && left%(60*5) == 1 {
			shown[e.Clock()] = e.AppendParticles(nil)
		}
	}
	// 30 s × 60 of History, as many not yet thinned (thinning waits for
	// them, to cost O(1) per sample) and as many before them not yet
	// compacted, and two samples per birth (189 in the hour), twice.
	if n, most := e.Track().Len(), 3*60*30+4*189; n > most {
		t.Fatalf("%d track samples after an hour, want at most %d", n, most)
	}
	b := e.Bounds()
	ps := e.AppendParticles(nil)
	if len(ps) < 180 {
		t.Fatalf("only %d particles", len(ps))
	}
	for _, p := range ps {
		r := math.Hypot(p.Width, p.Height) / 2
		if p.X-r < b.MinX || p.X+r > b.MaxX || p.Y-r < b.MinY || p.Y+r > b.MaxY {
			t.Fatalf("particle %d at (%.2f, %.2f) leaves bounds %+v", p.Key, p.X, p.Y, b)
		}
	}
	if len(shown) != 5 {
		t.Fatalf("%d frames kept, want 5", len(shown))
	}
	for at, want := range shown {
		e.SetClock(at)
		if got := e.AppendParticles(nil); !reflect.DeepEqual(got, want) {
			t.Fatalf("a rewind to %.3f s shows other particles than stepping showed there", at.Seconds())
		}
	}
}

// TestThinnedTrackRewindsExactly: effects whose track is thinned before
// their History (births sparse, dense, by bursts, toggled, locked) show
// on a rewind within the History exactly what stepping showed.
func TestThinnedTrackRewindsExactly(t *testing.T) {
	for _, c := range []struct {
		name       string
		rate, life float64
		locked     bool
		burstEvery int // frames; 0: none
	}{
		{"sparse stream", 0.7, 40, false, 0},
		{"dense stream", 90, 8, false, 0},
		{"bursts only", 0, 30, false, 97},
		{"stream and bursts", 3, 25, false, 131},
		{"locked", 5, 30, true, 200},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := emitter.DefaultSpec()
			s.Rate = c.rate
			s.Enabled = c.rate > 0
			s.Lifetime = emitter.NumberRange{Min: c.life / 2, Max: c.life}
			s.MaxParticles = 5000
			s.LockedToPart = c.locked
			s.VelocityInheritance = 0.8
			e := newEffect(t, s, &emitter.EffectOptions{History: 4})
			e.Play()
			step := emitter.Ticks(tps / 60)
			frames := 60 * 120
			shown := map[emitter.Ticks][]emitter.Particle{}
			for i := range frames {
				e.Step(step)
				e.SetHost(float64(i%500), 80*math.Sin(float64(i)/37), float64(i%90))
				if c.burstEvery > 0 && i%c.burstEvery == 0 {
					e.Emit(20)
				}
				if i%1000 == 999 && c.rate > 0 {
					e.SetEnabled(!e.Enabled())
				}
				if frames-i <= 60*4 && i%17 == 0 {
					shown[e.Clock()] = e.AppendParticles(nil)
				}
			}
			if n := e.Track().Len(); n >= frames/2 && c.rate < 60 {
				t.Errorf("%d of %d samples kept", n, frames)
			}
			for at, want := range shown {
				e.SetClock(at)
				if got := e.AppendParticles(nil); !reflect.DeepEqual(got, want) {
					t.Fatalf("a rewind to %.3f s shows other particles than stepping showed there", at.Seconds())
				}
			}
		})
	}
}
