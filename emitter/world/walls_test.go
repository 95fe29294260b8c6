package world

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// wallsLevel is a random level whose preset has walls: kill, in a small
// room (a random convex polygon, 4 to 8 points, around the origin, floor
// and ceiling a few units apart) that its particles leave in every
// direction: velocities and accelerations of either sign, drag in every
// branch, any yaw and scale. The emitter sits near the room's middle with
// a small spawn box.
func wallsLevel(r *rand.Rand) *Document {
	d := randomLevel(r)
	p := &d.Presets[0]
	p.Walls = WallsKill
	p.Spawn = Spawn{Shape: SpawnBox, Min: Vec3{-0.2, -0.2, -0.2}, Max: Vec3{0.2, 0.2, 0.2}}
	if r.IntN(4) == 0 {
		p.Spawn = Spawn{Shape: SpawnPoint}
	}
	n := 4 + r.IntN(5)
	rad := 2 + r.Float64()*4
	var pts []Vec2
	for i := range n {
		a := (float64(i) + 0.3*r.Float64()) / float64(n) * 2 * math.Pi
		pts = append(pts, Vec2{rad * math.Cos(a), rad * math.Sin(a)})
	}
	floor := -1 - r.Float64()*2
	d.Sectors = []Sector{{Name: "room", Points: pts, Floor: floor, Ceiling: floor + 2 + r.Float64()*4}}
	e := &d.Emitters[0]
	e.Position = Vec3{0.3 * r.Float64(), 0.3 * r.Float64(), floor + 1}
	e.Scale = 0.5 + r.Float64()
	if err := Compile(d); err != nil {
		panic(err)
	}
	return d
}

// outside returns how far p lies outside sector s: the largest of its
// distances past a wall, the floor or the ceiling (negative inside).
func outside(s *Sector, p Vec3) float64 {
	worst := max(s.Floor-p.Z, p.Z-s.Ceiling)
	n := len(s.Points)
	for i := range n {
		a, b := s.Points[i], s.Points[(i+1)%n]
		dx, dy := b.X-a.X, b.Y-a.Y
		worst = max(worst, ((p.X-a.X)*dy-(p.Y-a.Y)*dx)/math.Hypot(dx, dy))
	}
	return worst
}

// TestImpactAgainstSampling: for particles of 200 random levels with
// walls: kill, the solved time of impact is where dense sampling of the
// free path (10,000 ages over the lifetime) first finds the particle
// outside: every sample before it is inside, the centre is on a wall at
// it, and (for a path that crosses rather than touches) outside just
// after.
func TestImpactAgainstSampling(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	const samples = 10000
	hits, misses := 0, 0
	for range 200 {
		d := wallsLevel(r)
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatal(err)
		}
		s := &ev.emitters[0]
		sec := &d.Sectors[0]
		scale := 1 + math.Abs(d.Emitters[0].Position.Z) + 10*d.Emitters[0].Scale
		for birth := range uint64(20) {
			var ro rolls
			s.roll(birth, &ro)
			at := func(a float64) Vec3 {
				f, g, _ := emitter.DragFactors(s.drag, a)
				return s.position(&ro, f, g)
			}
			step := ro.life / samples
			first := math.Inf(1)
			for k := range samples + 1 {
				a := float64(k) * step
				if outside(sec, at(a)) > 1e-9*scale {
					first = a
					break
				}
			}
			if math.IsInf(ro.kill, 1) {
				misses++
				if !math.IsInf(first, 1) {
					t.Fatalf("birth %d: no impact solved, but sampling finds it outside at age %v (lifetime %v)", birth, first, ro.life)
				}
				continue
			}
			hits++
			if ro.kill > ro.life {
				t.Fatalf("birth %d: impact %v after the lifetime %v", birth, ro.kill, ro.life)
			}
			// Sampling finds it outside no earlier than a step before.
			if first < ro.kill-step {
				t.Fatalf("birth %d: outside by %v at age %v, before the impact %v", birth, outside(sec, at(first)), first, ro.kill)
			}
			if o := outside(sec, at(ro.kill)); math.Abs(o) > 1e-9*scale {
				t.Fatalf("birth %d: at the impact %v the centre is %v from the nearest wall", birth, ro.kill, o)
			}
			// A crossing shows within a step after (a grazing path may
			// touch and stay inside: then sampling finds nothing).
			if after := outside(sec, at(min(ro.kill+step, ro.life))); after <= 0 && !math.IsInf(first, 1) && first > ro.kill+2*step {
				t.Fatalf("birth %d: impact %v, but sampling first finds it outside at %v", birth, ro.kill, first)
			}
		}
	}
	if hits < 1500 || misses < 150 {
		t.Errorf("%d impacts and %d particles that stay inside: the levels do not test both", hits, misses)
	}
}

// TestImpactByHand: a particle dropped from 1 unit above the floor, at
// rest, under gravity 9.8, lands at √(2/9.8) s; with drag k it lands where
// 1 = 9.8 g(t), g the drag factor of emitter.DragFactors (the series for
// k t < 0.5: k = 0.5 lands at 0.469 s; the exponential form for k = 3),
// which bisection in float64 finds to the last bits.
func TestImpactByHand(t *testing.T) {
	for _, c := range []struct {
		name string
		drag float64
		want float64
	}{
		{"no drag", 0, math.Sqrt(2 / 9.8)},
		{"drag", 0.5, bisect(func(a float64) float64 { _, g, _ := emitter.DragFactors(0.5, a); return 9.8*g - 1 }, 0, 2)},
		{"strong drag", 3, bisect(func(a float64) float64 { _, g, _ := emitter.DragFactors(3, a); return 9.8*g - 1 }, 0, 5)},
	} {
		pl := wallPlane{n0: -1, m: Vec3{0, 0, -1}, g: 9.8} // floor 1 below: h = -1 - z, z falls
		got, ok := impact(&pl, c.drag, Vec3{}, Vec3{}, 10)
		if !ok || math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("%s: impact %v (%v), want %v", c.name, got, ok, c.want)
		}
		if _, ok := impact(&pl, c.drag, Vec3{}, Vec3{}, c.want*0.99); ok {
			t.Errorf("%s: an impact after the end of life", c.name)
		}
	}
	// Thrown up at 5 with gravity 9.8 from 1 below the ceiling: the top of
	// the parabola, 5²/19.6 = 1.28 above, crosses at the first root of
	// 5t - 4.9t² = 1.
	pl := wallPlane{n0: -1, m: Vec3{0, 0, 1}, g: -9.8}
	want := (5 - math.Sqrt(25-4*4.9)) / 9.8
	if got, ok := impact(&pl, 0, Vec3{}, Vec3{0, 0, 5}, 2); !ok || math.Abs(got-want) > 1e-15 {
		t.Errorf("thrown at the ceiling: %v, want %v", got, want)
	}
	// Thrown up at 4: the top, 0.816 above, never reaches it.
	if got, ok := impact(&pl, 0, Vec3{}, Vec3{0, 0, 4}, 2); ok {
		t.Errorf("a throw short of the ceiling meets it at %v", got)
	}
	// Born outside: dead at once.
	if got, ok := impact(&wallPlane{n0: 0.5, m: Vec3{0, 0, 1}}, 0, Vec3{}, Vec3{}, 2); !ok || got != 0 {
		t.Errorf("born outside: %v, %v", got, ok)
	}
}

// bisect finds the root of an increasing f in [lo, hi] to the last bit.
func bisect(f func(float64) float64, lo, hi float64) float64 {
	for range 200 {
		m := lo + (hi-lo)/2
		if m == lo || m == hi {
			break
		}
		if f(m) > 0 {
			hi = m
		} else {
			lo = m
		}
	}
	return hi
}

// TestWallsKillEvaluation: a killed particle is alive before its impact
// and not after, in Slot, Append and the lean path, and the level is as
// deterministic under seeks as any other (the billboards equal the
// reference's at clocks in any order).
func TestWallsKillEvaluation(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for range 40 {
		d := wallsLevel(r)
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatal(err)
		}
		c := ev.NewCache()
		for _, k := range r.Perm(12) {
			checkBillboards(t, ev, c, 0.2+float64(k)*0.37)
		}
		s := &ev.emitters[0]
		sch := &s.schedule
		for slot := range min(sch.Slots(), 10) {
			cyc := sch.At(3.3)
			age, birth, _, ok := sch.Birth(cyc, slot)
			if !ok {
				continue
			}
			var ro rolls
			s.roll(birth, &ro)
			_, alive := ev.Slot(0, slot, 3.3)
			if want := age >= 0 && age < ro.life && age < ro.kill; alive != want {
				t.Fatalf("slot %d at age %v (life %v, impact %v): alive %v", slot, age, ro.life, ro.kill, alive)
			}
		}
	}
}

// TestWallsKillValidation: with walls: kill an envelope may leave the
// sector, but the spawn support must fit it; the default, contain, keeps
// requiring the envelope.
func TestWallsKillValidation(t *testing.T) {
	d := testLevel(t)
	f := &d.Presets[1] // the fountain, at z 2 in the annex, ceiling 6
	f.Velocity.Min.Z, f.Velocity.Max.Z = 12, 14
	if err := Compile(d); err == nil || !strings.Contains(err.Error(), "above the ceiling") {
		t.Fatalf("a fountain through the ceiling, contained: %v", err)
	}
	f.Walls = WallsKill
	if err := Compile(d); err != nil {
		t.Fatalf("the fountain killed at the ceiling: %v", err)
	}
	d.Emitters[1].Position.Z = 6.5 // born above the ceiling
	err := Compile(d)
	if err == nil || !strings.Contains(err.Error(), "emitters[fountain].position: the spawn support of presets[fountain] (walls: kill) leaves its sector, sectors[annex]: reaches z = 6.5, 0.5 above the ceiling at 6") {
		t.Errorf("a spawn above the ceiling: %v", err)
	}
	d.Emitters[1].Position.Z = 2
	f.Walls = 7
	if err := Validate(d); err == nil || !strings.Contains(err.Error(), "presets[fountain].walls: 7 is not one of [contain kill]") {
		t.Errorf("an unknown walls value: %v", err)
	}
}
