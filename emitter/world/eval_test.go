package world

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// plainLevel is a one-emitter level whose preset rolls nothing that
// matters (every range is a single value), so each particle's state can
// be computed by hand. The emitter bursts one particle at delay 1 s, at
// (100, 200, 10), turned by yaw and scaled by scale.
//
//	spawn (1, 0, 0.5), velocity (2, 0, 3), acceleration (0, 0, -10)
//	lifetime 2 s, size 1 -> 3, colour (1,0,0,1) -> (0,0,1,0)
//	rotation 10°, spin 90°/s, 4 frames at 3 fps
func plainLevel(t *testing.T, yaw, scale, drag float64, mode FlipbookMode) *Evaluator {
	t.Helper()
	d := &Document{
		Version:  Version,
		Textures: []Texture{{Name: "a", Width: 8, Height: 8}},
		Presets: []Preset{{
			Name: "plain", Capacity: 1,
			Spawn:        Spawn{Shape: SpawnPoint, Min: Vec3{1, 0, 0.5}, Max: Vec3{1, 0, 0.5}},
			Velocity:     Range3{Min: Vec3{2, 0, 3}, Max: Vec3{2, 0, 3}},
			Lifetime:     Range{2, 2},
			Acceleration: Vec3{0, 0, -10},
			Drag:         drag,
			Rotation:     Range{10, 10},
			Spin:         Range{90, 90},
			Curves: Curves{
				Size:  []SizeKey{{0, 1}, {1, 3}},
				Color: []ColorKey{{0, 1, 0, 0, 1}, {1, 0, 0, 1, 0}},
			},
			Sprite: Sprite{Frames: []int{0, 0, 0, 0}, Flipbook: Flipbook{Mode: mode, FPS: 3}},
		}},
		Sectors: []Sector{{Name: "all", Points: []Vec2{{-1e6, -1e6}, {1e6, -1e6}, {1e6, 1e6}, {-1e6, 1e6}},
			Floor: -1e6, Ceiling: 1e6}},
		Emitters: []Emitter{{Name: "e", Position: Vec3{100, 200, 10}, Yaw: yaw, Scale: scale,
			Bursts: []Burst{{0, 1}}, Delay: 1}},
	}
	if err := Compile(d); err != nil {
		t.Fatal(err)
	}
	ev, err := NewEvaluator(d)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestParticleByHand: positions, velocities and appearance worked out
// from the closed form. At age 0.5 without drag the displacement in the
// emitter's frame is spawn + v·0.5 + a·0.125 = (2, 0, 0.75) and the
// velocity v + a·0.5 = (2, 0, -2); yaw 90° turns (x, y) into (-y, x) and
// scale 2 doubles both.
func TestParticleByHand(t *testing.T) {
	e1 := math.Exp(-1) // drag 1 at age 1: decay e^-1, f = 1 - e^-1, g = 1 - f
	for _, c := range []struct {
		name                  string
		yaw, scale, drag, age float64
		mode                  FlipbookMode
		pos, vel              Vec3
		size, rotation        float64
		rgba                  [4]float64
		frame                 int
		tol                   float64
	}{
		{"plain", 0, 1, 0, 0.5, FlipbookCycle, Vec3{102, 200, 10.75}, Vec3{2, 0, -2}, 1.5, 55, [4]float64{0.75, 0, 0.25, 0.75}, 1, 1e-13},
		{"yaw 90 scale 2", 90, 2, 0, 0.5, FlipbookCycle, Vec3{100, 204, 11.5}, Vec3{0, 4, -4}, 3, 55, [4]float64{0.75, 0, 0.25, 0.75}, 1, 1e-13},
		{"yaw -90", -90, 1, 0, 0.5, FlipbookCycle, Vec3{100, 198, 10.75}, Vec3{0, -2, -2}, 1.5, 55, [4]float64{0.75, 0, 0.25, 0.75}, 1, 1e-13},
		{"yaw 180", 180, 1, 0, 0.5, FlipbookCycle, Vec3{98, 200, 10.75}, Vec3{-2, 0, -2}, 1.5, 55, [4]float64{0.75, 0, 0.25, 0.75}, 1, 1e-13},
		// yaw 30: (2, 0) turns to (2 cos 30°, 2 sin 30°) = (√3, 1).
		{"yaw 30", 30, 1, 0, 0.5, FlipbookCycle, Vec3{100 + math.Sqrt(3), 201, 10.75}, Vec3{math.Sqrt(3), 1, -2}, 1.5, 55, [4]float64{0.75, 0, 0.25, 0.75}, 1, 1e-13},
		// Age 1.9: 1.9 × 3 fps = 5.7, frame 5 of 4: 1 when cycling, the
		// last (3) once. Displacement (1 + 3.8, 0, 0.5 + 5.7 - 18.05).
		{"cycle frames", 0, 1, 0, 1.9, FlipbookCycle, Vec3{104.8, 200, -1.85}, Vec3{2, 0, -16}, 2.9, 181, [4]float64{0.05, 0, 0.95, 0.05}, 1, 1e-12},
		{"once frames", 0, 1, 0, 1.9, FlipbookOnce, Vec3{104.8, 200, -1.85}, Vec3{2, 0, -16}, 2.9, 181, [4]float64{0.05, 0, 0.95, 0.05}, 3, 1e-12},
		// Drag 1 at age 1 (q = 1: the exponential branch): displacement
		// spawn + v f + a g, velocity v e^-1 + a f.
		{"drag", 0, 1, 1, 1, FlipbookCycle,
			Vec3{100 + 1 + 2*(1-e1), 200, 10 + 0.5 + 3*(1-e1) - 10*e1},
			Vec3{2 * e1, 0, 3*e1 - 10*(1-e1)}, 2, 100, [4]float64{0.5, 0, 0.5, 0.5}, 3 % 4, 1e-13},
		// Drag 0.4 at age 1 (q = 0.4: the series, short of the exponential
		// form by less than q⁶/5040 = 8.1e-7 in f, q⁶/40320 in g).
		{"drag series", 0, 1, 0.4, 1, FlipbookCycle,
			Vec3{100 + 1 + 2*(1-math.Exp(-0.4))/0.4, 200, 10 + 0.5 + 3*(1-math.Exp(-0.4))/0.4 - 10*(1-(1-math.Exp(-0.4))/0.4)/0.4},
			Vec3{2 * math.Exp(-0.4), 0, 3*math.Exp(-0.4) - 10*(1-math.Exp(-0.4))/0.4}, 2, 100, [4]float64{0.5, 0, 0.5, 0.5}, 3, 1e-5},
	} {
		ev := plainLevel(t, c.yaw, c.scale, c.drag, c.mode)
		clock := 1 + c.age
		p, ok := ev.Slot(0, 0, clock)
		if !ok {
			t.Errorf("%s: not alive at clock %v", c.name, clock)
			continue
		}
		check := func(what string, got, want, tol float64) {
			if !within(got, want, tol) {
				t.Errorf("%s: %s = %.17g, want %.17g (±%g)", c.name, what, got, want, tol)
			}
		}
		check("age", p.Age, c.age, 1e-15)
		check("born", p.Born, 1, 0)
		check("lifetime", p.Lifetime, 2, 0)
		check("x", p.Position.X, c.pos.X, c.tol)
		check("y", p.Position.Y, c.pos.Y, c.tol)
		check("z", p.Position.Z, c.pos.Z, c.tol)
		check("vx", p.Velocity.X, c.vel.X, c.tol)
		check("vy", p.Velocity.Y, c.vel.Y, c.tol)
		check("vz", p.Velocity.Z, c.vel.Z, c.tol)
		check("size", p.Size, c.size, 1e-13)
		check("rotation", p.Rotation, c.rotation, 1e-12)
		for i, want := range c.rgba {
			check("rgba"[i:i+1], []float64{p.R, p.G, p.B, p.A}[i], want, 1e-13)
		}
		if p.Frame != c.frame {
			t.Errorf("%s: frame %d, want %d", c.name, p.Frame, c.frame)
		}
	}
}

// TestLifecycle: the particle is born at the delay, lives its 2 s and is
// gone: [1, 3) on the level clock.
func TestLifecycle(t *testing.T) {
	ev := plainLevel(t, 0, 1, 0, FlipbookOnce)
	for _, c := range []struct {
		clock float64
		alive bool
	}{{0, false}, {0.999, false}, {1, true}, {2.999, true}, {3, false}, {100, false}} {
		if _, ok := ev.Slot(0, 0, c.clock); ok != c.alive {
			t.Errorf("clock %v: alive %v, want %v", c.clock, ok, c.alive)
		}
		if n := len(ev.Append(nil, c.clock)); n != map[bool]int{true: 1}[c.alive] {
			t.Errorf("clock %v: Append gave %d particles", c.clock, n)
		}
	}
}

// TestVariation: rolled properties stay in their ranges, differ between
// births, and differ between the cycles that reuse one slot.
func TestVariation(t *testing.T) {
	d := testLevel(t)
	ev, err := NewEvaluator(d)
	if err != nil {
		t.Fatal(err)
	}
	torch := &d.Presets[0]
	seen := map[float64]bool{}
	for _, clock := range []float64{5.3, 6.3, 7.3, 100.3} {
		for _, p := range ev.AppendEmitter(nil, 0, clock) {
			if p.Lifetime < torch.Lifetime.Min || p.Lifetime > float64(float32(torch.Lifetime.Max)) {
				t.Errorf("lifetime %v outside %v", p.Lifetime, torch.Lifetime)
			}
			if p.Age < 0 || p.Age >= p.Lifetime {
				t.Errorf("age %v outside [0, %v)", p.Age, p.Lifetime)
			}
			rot := p.Rotation - 0 // rotation in [0, 360] plus spin in [-90, 90] per second
			if rot < -90*p.Age || rot > 360+90*p.Age {
				t.Errorf("rotation %v at age %v", rot, p.Age)
			}
			if !within(p.Born, clock-p.Age, 1e-12) {
				t.Errorf("slot %d: born at %v, but the clock %v minus the age %v is %v", p.Slot, p.Born, clock, p.Age, clock-p.Age)
			}
			if seen[p.Velocity.Z] {
				t.Errorf("two particles share the velocity z %v", p.Velocity.Z)
			}
			seen[p.Velocity.Z] = true
		}
	}
	if len(seen) < 60 {
		t.Errorf("only %d particles at four clocks", len(seen))
	}
	// Slot 0 holds emission k's first birth at clock k + 0.1, for every k:
	// each cycle rolls anew.
	a, _ := ev.Slot(0, 0, 5.1)
	b, _ := ev.Slot(0, 0, 7.1)
	if a.Birth == b.Birth || a.Velocity == b.Velocity || a.Lifetime == b.Lifetime {
		t.Errorf("slot 0 at 5.1 s and 7.1 s: births %d and %d, velocities %v and %v", a.Birth, b.Birth, a.Velocity, b.Velocity)
	}
}

// TestDeterminism: the particles at a clock are the same evaluated
// directly, after any other clocks in any order, and by another
// evaluator of the same document: bit for bit.
func TestDeterminism(t *testing.T) {
	d := testLevel(t)
	clocks := []float64{0, 0.3, 1.7, 2.05, 10, 9.5, 3600.25, 1e6 + 0.5, 0.3, 42}
	direct := make([][]Particle, len(clocks))
	for i, c := range clocks {
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatal(err)
		}
		direct[i] = ev.Append(nil, c)
	}
	ev, _ := NewEvaluator(d)
	r := rand.New(rand.NewPCG(3, 4))
	var buf []Particle
	for range 5 {
		for _, i := range r.Perm(len(clocks)) {
			buf = ev.Append(buf[:0], clocks[i])
			if !reflect.DeepEqual(buf, direct[i]) && !(len(buf) == 0 && len(direct[i]) == 0) {
				t.Fatalf("clock %v after others: %d particles differ from the %d evaluated directly", clocks[i], len(buf), len(direct[i]))
			}
		}
	}
	if len(direct[3]) == 0 || len(direct[7]) == 0 {
		t.Fatal("the level shows nothing at 2.05 s or 1e6 s")
	}
	// Slot agrees with Append.
	for _, p := range direct[4] {
		q, ok := ev.Slot(p.Emitter, p.Slot, clocks[4])
		if !ok || q != p {
			t.Fatalf("Slot(%d, %d) = %+v, %v; Append gave %+v", p.Emitter, p.Slot, q, ok, p)
		}
	}
}

// TestEvaluatorOwnsItsCopy: changing the document after NewEvaluator
// changes nothing.
func TestEvaluatorOwnsItsCopy(t *testing.T) {
	d := testLevel(t)
	ev, _ := NewEvaluator(d)
	before := ev.Append(nil, 2.5)
	d.Presets[0].Curves.Size[0].Size = 100
	d.Emitters[0].Position.X = -50
	d.Emitters[1].Bursts[0].Count = 1000
	if after := ev.Append(nil, 2.5); !reflect.DeepEqual(before, after) {
		t.Error("editing the document changed the evaluator's particles")
	}
}

func TestNewEvaluatorRejectsInvalid(t *testing.T) {
	d := testLevel(t)
	d.Presets[0].Drag = math.Inf(1)
	if _, err := NewEvaluator(d); err == nil {
		t.Error("NewEvaluator accepted infinite drag")
	}
	if _, err := NewEvaluator(nil); err == nil {
		t.Error("NewEvaluator accepted nil")
	}
}

// TestAppendAllocatesNothing: warm, Append and AppendEmitter write into the
// caller's buffer only.
func TestAppendAllocatesNothing(t *testing.T) {
	ev, err := NewEvaluator(testLevel(t))
	if err != nil {
		t.Fatal(err)
	}
	buf := ev.Append(nil, 5.5)
	if len(buf) == 0 {
		t.Fatal("nothing alive at 5.5 s")
	}
	clock := 5.5
	if n := testing.AllocsPerRun(100, func() {
		clock += 0.01
		buf = ev.Append(buf[:0], clock)
	}); n != 0 {
		t.Errorf("Append: %v allocations per run", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		clock += 0.01
		buf = ev.AppendEmitter(buf[:0], 1, clock)
	}); n != 0 {
		t.Errorf("AppendEmitter: %v allocations per run", n)
	}
}
