package emitter_test

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/hash"
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
		if q.Stream != hash.Stream(e.Seed(), q.Key) {
			t.Fatalf("quad %d stream %#x, want Stream(seed, key)", i, q.Stream)
		}
	}
	if n := testing.AllocsPerRun(50, func() { qs = e.AppendQuads(qs[:0]) }); n != 0 {
		t.Fatalf("AppendQuads allocates %v times", n)
	}
}

// plainSpec is a spinning, falling stream with flat Size and Squash,
// facing the camera and locked to its host: while the host is not turned,
// its billboards take the plain stream loop.
func plainSpec() emitter.Spec {
	s := emitter.DefaultSpec()
	s.Rate = 60
	s.Lifetime = emitter.NumberRange{Min: 0.3, Max: 1.2}
	s.Speed = emitter.NumberRange{Min: 1, Max: 5}
	s.SpreadAngle = emitter.Vector2{X: 70}
	s.Acceleration = emitter.Vector3{X: 2, Y: -7}
	s.Rotation = emitter.NumberRange{Min: -400, Max: 400}
	s.RotSpeed = emitter.NumberRange{Min: -200, Max: 200}
	s.Size = emitter.ConstantSequence(0.7)
	s.Squash = emitter.ConstantSequence(-0.4)
	s.Shape = emitter.Sphere
	s.LockedToPart = true
	return s
}

// TestBillboardsMatchQuads: a billboard is its quad with the rotation
// applied, corner(u, v) = centre + R(θ)((u-½)W, (v-½)H) (appearance.md §1),
// rounded to float32 once; keys, streams and order are the quads'.
func TestBillboardsMatchQuads(t *testing.T) {
	locked := busySpec()
	locked.Orientation = emitter.FacingCamera
	locked.Rotation = emitter.NumberRange{Min: -180, Max: 180}
	unlocked := busySpec()
	unlocked.LockedToPart = false
	unlocked.VelocityInheritance = 0.5
	still := busySpec()
	still.Orientation = emitter.FacingCamera
	still.RotSpeed = emitter.NumberRange{}
	// plain: the stream takes appendPlainStream's loop (the cache test
	// covers appendPlain's cases).
	plain := plainSpec()
	plainHost := plain
	plainHost.LockedToPart = false // untracked hosts stay plain; tracked ones not
	plainHost.Drag = 1.5
	for _, c := range []struct {
		name string
		spec emitter.Spec
	}{{"velocity", busySpec()}, {"rotating", locked}, {"unlocked", unlocked}, {"unrotated", still},
		{"plain", plain}, {"plain-unlocked", plainHost}} {
		e := newEffect(t, c.spec, &emitter.EffectOptions{Seed: 11})
		e.Play()
		for i := range 40 {
			e.Step(tps / 60)
			switch c.name {
			case "plain": // moving, unturned: still plain
				e.SetHost(float64(3*i), float64(i%7), 0)
			case "plain-unlocked": // no track
			default:
				e.SetHost(float64(3*i), float64(i%7), float64(9*i))
			}
			if i == 10 {
				e.Emit(60)
			}
		}
		qs := e.AppendQuads(nil)
		bs := e.AppendBillboards(nil)
		if len(qs) != len(bs) || len(qs) < 20 {
			t.Fatalf("%s: %d quads, %d billboards", c.name, len(qs), len(bs))
		}
		for i, q := range qs {
			b := bs[i]
			if b.Key != q.Key || b.Stream != q.Stream || b.X != float32(q.X) || b.Y != float32(q.Y) ||
				b.Tau != float32(q.Age/q.Lifetime) || b.Age != float32(q.Age) {
				t.Fatalf("%s: billboard %d %+v, quad %+v", c.name, i, b, q)
			}
			sin, cos := math.Sincos(q.Rotation * math.Pi / 180)
			want := [4]float64{cos * q.Width / 2, sin * q.Width / 2, -sin * q.Height / 2, cos * q.Height / 2}
			got := [4]float32{b.UX, b.UY, b.VX, b.VY}
			for j := range want {
				// float32 rounding (6e-8 relative) of a value within 2e-9
				// of math.Sincos's.
				if tol := 1e-7*math.Max(q.Width, q.Height) + 1e-12; math.Abs(float64(got[j])-want[j]) > tol {
					t.Fatalf("%s: billboard %d axes %v, want %v (rotation %v°)", c.name, i, got, want, q.Rotation)
				}
			}
		}
		if n := testing.AllocsPerRun(50, func() { bs = e.AppendBillboards(bs[:0]) }); n != 0 {
			t.Fatalf("%s: AppendBillboards allocates %v times", c.name, n)
		}
	}
}
