package world

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestBoundsByHand: boxes worked out by hand, before the margin
// (2^-15 of each axis's magnitude, then outward float32 rounding), which
// the tolerance covers. Every case has lifetime 2 s and size 1 at
// position 0, so a camera-facing billboard reaches 1/√2 beyond its
// centre on every axis.
func TestBoundsByHand(t *testing.T) {
	r := math.Sqrt2 / 2
	base := func() (Emitter, Preset) {
		return Emitter{Scale: 1}, Preset{
			Spawn:    Spawn{Shape: SpawnPoint},
			Velocity: Range3{Min: Vec3{1, 0, 0}, Max: Vec3{1, 0, 0}},
			Lifetime: Range{1, 2},
			Curves:   Curves{Size: []SizeKey{{0, 1}, {1, 0.5}}},
		}
	}
	for _, c := range []struct {
		name string
		edit func(e *Emitter, p *Preset)
		want Box
	}{
		// x = t for t in [0, 2].
		{"uniform", func(e *Emitter, p *Preset) {}, Box{Vec3{-r, -r, -r}, Vec3{2 + r, r, r}}},
		// Turned 90°: the motion is along +y.
		{"yaw 90", func(e *Emitter, p *Preset) { e.Yaw = 90 }, Box{Vec3{-r, -r, -r}, Vec3{r, 2 + r, r}}},
		// Scale 3 triples the path and the billboard; Position adds.
		{"scale and position", func(e *Emitter, p *Preset) { e.Scale, e.Position = 3, Vec3{10, 20, 30} },
			Box{Vec3{10 - 3*r, 20 - 3*r, 30 - 3*r}, Vec3{16 + 3*r, 20 + 3*r, 30 + 3*r}}},
		// z = 5t - 4.9t²: the top, 25/19.6, at t = 5/9.8; z(2) = 10 - 19.6.
		{"fountain", func(e *Emitter, p *Preset) {
			p.Velocity = Range3{Min: Vec3{0, 0, 4}, Max: Vec3{0, 0, 5}}
			p.Acceleration.Z = -9.8
		}, Box{Vec3{-r, -r, 8 - 19.6 - r}, Vec3{r, r, 25/19.6 + r}}},
		// Drag 1, no acceleration: x saturates towards 1, x(2) = 1 - e^-2.
		{"drag", func(e *Emitter, p *Preset) { p.Drag = 1 }, Box{Vec3{-r, -r, -r}, Vec3{1 - math.Exp(-2) + r, r, r}}},
		// A box spawn of [-1, 1]² turned 45° spans ±√2 on x and y.
		{"turned spawn box", func(e *Emitter, p *Preset) {
			e.Yaw = 45
			p.Velocity = Range3{}
			p.Spawn = Spawn{Shape: SpawnBox, Min: Vec3{-1, -1, 0}, Max: Vec3{1, 1, 0}}
		}, Box{Vec3{-math.Sqrt2 - r, -math.Sqrt2 - r, -r}, Vec3{math.Sqrt2 + r, math.Sqrt2 + r, r}}},
		// Upright with a fixed rotation of 0: corners at 1/2 on each axis.
		{"upright", func(e *Emitter, p *Preset) { p.Sprite.Facing = FacingUpright },
			Box{Vec3{-0.5, -0.5, -0.5}, Vec3{2.5, 0.5, 0.5}}},
		// ... turned by 30°: 1/2 (cos 30° + sin 30°).
		{"upright turned", func(e *Emitter, p *Preset) {
			p.Sprite.Facing = FacingUpright
			p.Rotation = Range{30, 30}
		}, Box{Vec3{-0.6830127018922193, -0.6830127018922193, -0.6830127018922193}, Vec3{2.6830127018922193, 0.6830127018922193, 0.6830127018922193}}},
		// ... spinning: any angle, 1/√2.
		{"upright spinning", func(e *Emitter, p *Preset) {
			p.Sprite.Facing = FacingUpright
			p.Spin = Range{0, 10}
		}, Box{Vec3{-r, -r, -r}, Vec3{2 + r, r, r}}},
	} {
		e, p := base()
		c.edit(&e, &p)
		got := ConservativeEmitterBounds(&e, &p)
		for _, a := range []struct {
			what         string
			got, want    float64
			outward, mag float64
		}{
			{"min.x", got.Min.X, c.want.Min.X, -1, 0}, {"min.y", got.Min.Y, c.want.Min.Y, -1, 0}, {"min.z", got.Min.Z, c.want.Min.Z, -1, 0},
			{"max.x", got.Max.X, c.want.Max.X, 1, 0}, {"max.y", got.Max.Y, c.want.Max.Y, 1, 0}, {"max.z", got.Max.Z, c.want.Max.Z, 1, 0},
		} {
			// Outside the exact box, by at most the margin: 2^-15 of a
			// magnitude below 100 here, and a float32 step.
			d := (a.got - a.want) * a.outward
			if !(d >= 0 && d <= 100*0x1p-15) {
				t.Errorf("%s: %s = %.9g, want %.9g and at most %.2g beyond", c.name, a.what, a.got, a.want, 100*0x1p-15)
			}
			if float64(float32(a.got)) != a.got {
				t.Errorf("%s: %s = %v is not a float32 value", c.name, a.what, a.got)
			}
		}
	}
}

// randomLevel returns a one-emitter level with a random preset and
// placement: box or point spawns, velocity ranges of either sign, drag
// from none through the series (drag·age < 0.5) to the exponential
// branch, accelerations of either sign, any yaw (and the exact quarter
// turns), scales from 0.1 to 5, either facing, fixed or spinning
// rotations, cycling or once.
func randomLevel(r *rand.Rand) *Document {
	sym := func(m float64) float64 { return (2*r.Float64() - 1) * m }
	ordered := func(m float64) (float64, float64) {
		a, b := sym(m), sym(m)
		return min(a, b), max(a, b)
	}
	var p Preset
	p.Name = "p"
	if r.IntN(3) > 0 {
		p.Spawn.Shape = SpawnBox
		p.Spawn.Min.X, p.Spawn.Max.X = ordered(2)
		p.Spawn.Min.Y, p.Spawn.Max.Y = ordered(2)
		p.Spawn.Min.Z, p.Spawn.Max.Z = ordered(2)
	} else {
		p.Spawn.Min = Vec3{sym(2), sym(2), sym(2)}
		p.Spawn.Max = p.Spawn.Min
	}
	p.Velocity.Min.X, p.Velocity.Max.X = ordered(8)
	p.Velocity.Min.Y, p.Velocity.Max.Y = ordered(8)
	p.Velocity.Min.Z, p.Velocity.Max.Z = ordered(8)
	p.Lifetime.Min = 0.05 + r.Float64()*2
	p.Lifetime.Max = p.Lifetime.Min + r.Float64()*2
	p.Acceleration = Vec3{sym(10), sym(10), sym(15)}
	switch r.IntN(3) {
	case 1:
		p.Drag = r.Float64() * 0.5 / p.Lifetime.Max // the series only
	case 2:
		p.Drag = r.Float64() * 4
	}
	if r.IntN(2) == 0 {
		p.Rotation = Range{sym(180), sym(180)}
		p.Rotation.Max = p.Rotation.Min
	} else {
		p.Rotation.Min, p.Rotation.Max = ordered(360)
		p.Spin.Min, p.Spin.Max = ordered(200)
	}
	nk := 2 + r.IntN(3)
	for i := range nk {
		age := float64(i) / float64(nk-1)
		p.Curves.Size = append(p.Curves.Size, SizeKey{age, r.Float64() * 2})
		p.Curves.Color = append(p.Curves.Color, ColorKey{age, r.Float64(), r.Float64(), r.Float64(), r.Float64()})
	}
	p.Sprite = Sprite{Frames: []int{0}, Facing: Facing(r.IntN(2))}

	e := Emitter{Name: "e", Position: Vec3{sym(100), sym(100), sym(100)}, Scale: 0.1 + r.Float64()*4.9, Seed: r.Uint32()}
	switch r.IntN(6) {
	case 0:
		e.Yaw = float64(90 * (r.IntN(4) - 2))
	default:
		e.Yaw = sym(180)
	}
	if r.IntN(4) > 0 {
		e.Playback, e.Period = PlayCycle, 0.1+r.Float64()
		e.Duration = e.Period * 0.999
		groups := CycleGroups(p.Lifetime.Max, e.Period)
		e.Rate = float64(1+r.IntN(max(1, 2000/groups))) / e.Period
		e.Rate = min(e.Rate, 300/e.Period)
	} else {
		e.Rate, e.Duration = 50+r.Float64()*100, r.Float64()*5
		e.Bursts = []Burst{{r.Float64() * 2, 1 + r.IntN(200)}}
	}
	d := &Document{Version: Version, Textures: []Texture{{Name: "t", Width: 4, Height: 4}}, Presets: []Preset{p},
		Sectors:  []Sector{{Name: "s", Points: []Vec2{{-1e5, -1e5}, {1e5, -1e5}, {1e5, 1e5}, {-1e5, 1e5}}, Floor: -1e5, Ceiling: 1e5}},
		Emitters: []Emitter{e}}
	d.Presets[0].Capacity = MaxSlotsPerEmitter
	need, err := RequiredCapacity(d, 0)
	if err == nil {
		d.Presets[0].Capacity = max(need, 1)
	}
	return d
}

// corners returns the four corners of a particle's billboard in the
// plane spanned by the unit vectors right and up, turned by its rotation.
func corners(p *Particle, right, up Vec3) [4]Vec3 {
	s, c := math.Sincos(p.Rotation * math.Pi / 180)
	h := p.Size / 2
	var out [4]Vec3
	for i, ab := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := h*(c*ab[0]-s*ab[1]), h*(s*ab[0]+c*ab[1])
		out[i] = Vec3{p.Position.X + x*right.X + y*up.X, p.Position.Y + x*right.Y + y*up.Y, p.Position.Z + x*right.Z + y*up.Z}
	}
	return out
}

// cameraAxes returns a random billboard plane for the facing: any
// orthonormal pair for a camera-facing one, a horizontal right and +Z up
// for an upright one.
func cameraAxes(r *rand.Rand, f Facing) (right, up Vec3) {
	unit := func(v Vec3) Vec3 {
		l := math.Sqrt(v.X*v.X + v.Y*v.Y + v.Z*v.Z)
		return Vec3{v.X / l, v.Y / l, v.Z / l}
	}
	if f == FacingUpright {
		a := r.Float64() * 2 * math.Pi
		return Vec3{math.Cos(a), math.Sin(a), 0}, Vec3{0, 0, 1}
	}
	right = unit(Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()})
	w := Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
	// up = unit(w - (w·right) right)
	k := w.X*right.X + w.Y*right.Y + w.Z*right.Z
	return right, unit(Vec3{w.X - k*right.X, w.Y - k*right.Y, w.Z - k*right.Z})
}

func inside(b Box, v Vec3) bool {
	return v.X >= b.Min.X && v.X <= b.Max.X && v.Y >= b.Min.Y && v.Y <= b.Max.Y && v.Z >= b.Min.Z && v.Z <= b.Max.Z
}

// TestBoundsContainSampledParticles: no corner of any billboard of
// millions of particles, evaluated at random clocks on random levels and
// drawn in random billboard planes, lies outside its emitter's bounds.
// It also reports how much larger than the sampled hull the bounds are.
func TestBoundsContainSampledParticles(t *testing.T) {
	levels, clocks := 400, 40
	if testing.Short() {
		levels = 40
	}
	r := rand.New(rand.NewPCG(11, 12))
	var buf []Particle
	sampled := 0
	var ratios []float64 // bounds extent / sampled hull extent, per axis
	for range levels {
		d := randomLevel(r)
		if err := Compile(d); err != nil {
			t.Fatalf("random level: %v", err)
		}
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatal(err)
		}
		b := d.Emitters[0].Bounds
		facing := d.Presets[0].Sprite.Facing
		hull := Box{Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
		for range clocks {
			clock := d.Emitters[0].Delay + r.Float64()*20
			buf = ev.Append(buf[:0], clock)
			for i := range buf {
				p := &buf[i]
				right, up := cameraAxes(r, facing)
				for _, c := range corners(p, right, up) {
					if !inside(b, c) {
						t.Fatalf("clock %v slot %d: corner %v outside %v\npreset %+v\nemitter %+v", clock, p.Slot, c, b, d.Presets[0], d.Emitters[0])
					}
					hull.Min = Vec3{min(hull.Min.X, c.X), min(hull.Min.Y, c.Y), min(hull.Min.Z, c.Z)}
					hull.Max = Vec3{max(hull.Max.X, c.X), max(hull.Max.Y, c.Y), max(hull.Max.Z, c.Z)}
				}
				sampled++
			}
		}
		if hull.Min.X < hull.Max.X {
			ratios = append(ratios, (b.Max.X-b.Min.X)/(hull.Max.X-hull.Min.X),
				(b.Max.Y-b.Min.Y)/(hull.Max.Y-hull.Min.Y), (b.Max.Z-b.Min.Z)/(hull.Max.Z-hull.Min.Z))
		}
	}
	if min := 1000000; !testing.Short() && sampled < min {
		t.Errorf("only %d particles sampled, want at least %d", sampled, min)
	}
	slices.Sort(ratios)
	t.Logf("%d particles sampled on %d levels; bounds extent / sampled hull extent per axis: median %.3f, 90%% %.3f, max %.3f",
		sampled, levels, ratios[len(ratios)/2], ratios[len(ratios)*9/10], ratios[len(ratios)-1])
}

// TestBoundsTightness: the bounds against the hull of the extreme
// trajectories, found by brute force: every corner of the spawn support
// and the velocity box at 4001 ages from 0 to the longest lifetime, with
// the largest billboard half extent around them. None may lie outside, and
// each side of the bounds lies beyond that hull by at most 2^-13 of the
// axis's magnitude (four times the margin: the rest is the age grid).
func TestBoundsTightness(t *testing.T) {
	levels := 300
	if testing.Short() {
		levels = 30
	}
	r := rand.New(rand.NewPCG(21, 22))
	var excess []float64 // per side, beyond the hull, relative to the box's extent on that axis
	for range levels {
		d := randomLevel(r)
		if err := Compile(d); err != nil {
			t.Fatal(err)
		}
		e, p := &d.Emitters[0], &d.Presets[0]
		b := e.Bounds
		cs, sn := cosSinDegrees(e.Yaw)
		life := float64(float32(p.Lifetime.Max))
		half := billboardHalfExtent(p, e.Scale)
		lo := Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
		hi := Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
		for i := range 4001 {
			age := life * float64(i) / 4000
			f, g, _ := emitter.DragFactors(p.Drag, age)
			for sc := range 8 {
				s := pick(sc, p.Spawn.Min, p.Spawn.Max)
				for vc := range 8 {
					v := pick(vc, p.Velocity.Min, p.Velocity.Max)
					a := p.Acceleration
					dx, dy, dz := s.X+v.X*f+a.X*g, s.Y+v.Y*f+a.Y*g, s.Z+v.Z*f+a.Z*g
					w := Vec3{e.Position.X + e.Scale*(cs*dx-sn*dy), e.Position.Y + e.Scale*(sn*dx+cs*dy), e.Position.Z + e.Scale*dz}
					lo = Vec3{min(lo.X, w.X), min(lo.Y, w.Y), min(lo.Z, w.Z)}
					hi = Vec3{max(hi.X, w.X), max(hi.Y, w.Y), max(hi.Z, w.Z)}
				}
			}
		}
		hull := Box{Vec3{lo.X - half, lo.Y - half, lo.Z - half}, Vec3{hi.X + half, hi.Y + half, hi.Z + half}}
		mag := max(math.Abs(b.Min.X), math.Abs(b.Max.X), math.Abs(b.Min.Y), math.Abs(b.Max.Y), math.Abs(b.Min.Z), math.Abs(b.Max.Z))
		for _, s := range [6]struct{ out, extent float64 }{
			{hull.Min.X - b.Min.X, b.Max.X - b.Min.X}, {hull.Min.Y - b.Min.Y, b.Max.Y - b.Min.Y}, {hull.Min.Z - b.Min.Z, b.Max.Z - b.Min.Z},
			{b.Max.X - hull.Max.X, b.Max.X - b.Min.X}, {b.Max.Y - hull.Max.Y, b.Max.Y - b.Min.Y}, {b.Max.Z - hull.Max.Z, b.Max.Z - b.Min.Z},
		} {
			if s.out < 0 {
				t.Fatalf("an extreme trajectory leaves the bounds by %g\npreset %+v\nemitter %+v", -s.out, *p, *e)
			}
			if s.out > 0x1p-13*mag {
				t.Errorf("a side lies %g beyond the extreme hull, more than 2^-13 of the magnitude %g\npreset %+v\nemitter %+v", s.out, mag, *p, *e)
			}
			excess = append(excess, s.out/s.extent)
		}
	}
	slices.Sort(excess)
	t.Logf("%d levels: bounds side beyond the brute-force hull, relative to the box's extent: median %.2e, 90%% %.2e, max %.2e",
		levels, excess[len(excess)/2], excess[len(excess)*9/10], excess[len(excess)-1])
}

// pick returns corner c (bits 0, 1, 2 for x, y, z) of the box [lo, hi].
func pick(c int, lo, hi Vec3) Vec3 {
	v := lo
	if c&1 != 0 {
		v.X = hi.X
	}
	if c&2 != 0 {
		v.Y = hi.Y
	}
	if c&4 != 0 {
		v.Z = hi.Z
	}
	return v
}
