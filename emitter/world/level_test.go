package world

import (
	"strings"
	"testing"
)

// testLevel is a small valid level: two rooms joined by a portal, a
// torch in the hall that births 20 particles a second for ever (a cycle of
// 1 s) and a fountain in the annex that births 40 a second for 1 s and a
// burst of 10, every second.
//
//	hall:  (0,0) (10,0) (10,10) (0,10), z in [0, 5]
//	annex: (10,0) (20,0) (20,10) (10,10), z in [0, 6]
//
// The hall's edge 1, (10,0) to (10,10), is the annex's edge 3, (10,10) to
// (10,0).
func testLevel(t testing.TB) *Document {
	t.Helper()
	d := &Document{
		Version: Version,
		Textures: []Texture{
			{Name: "fire", Path: "textures/fire.png", Width: 64, Height: 64},
			{Name: "spark", Path: "textures/spark.png", Width: 64, Height: 64},
		},
		Presets: []Preset{{
			Name:     "torch",
			Capacity: 64,
			Spawn:    Spawn{Shape: SpawnBox, Min: Vec3{-0.1, -0.1, 0}, Max: Vec3{0.1, 0.1, 0}},
			Velocity: Range3{Min: Vec3{-0.2, -0.2, 0.8}, Max: Vec3{0.2, 0.2, 1.2}},
			Lifetime: Range{Min: 0.8, Max: 1.2},
			Drag:     0.5,
			Rotation: Range{Min: 0, Max: 360},
			Spin:     Range{Min: -90, Max: 90},
			Curves: Curves{
				Size:  []SizeKey{{0, 0.4}, {1, 0.1}},
				Color: []ColorKey{{0, 1, 0.8, 0.3, 1}, {0.7, 1, 0.3, 0.1, 0.6}, {1, 0.5, 0.1, 0, 0}},
			},
			Sprite: Sprite{Frames: []int{0}, Facing: FacingCamera, Blend: BlendAdditive},
		}, {
			Name:         "fountain",
			Capacity:     256,
			Spawn:        Spawn{Shape: SpawnPoint},
			Velocity:     Range3{Min: Vec3{-0.5, -0.5, 4}, Max: Vec3{0.5, 0.5, 5}},
			Lifetime:     Range{Min: 1, Max: 1.1},
			Acceleration: Vec3{0, 0, -9.8},
			Curves: Curves{
				Size:  []SizeKey{{0, 0.1}, {1, 0.1}},
				Color: []ColorKey{{0, 0.6, 0.8, 1, 1}, {1, 0.6, 0.8, 1, 0}},
			},
			Sprite: Sprite{Frames: []int{0, 1}, Facing: FacingUpright, Blend: BlendCutout,
				Flipbook: Flipbook{Mode: FlipbookCycle, FPS: 12}},
		}},
		Sectors: []Sector{
			{Name: "hall", Points: []Vec2{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, Floor: 0, Ceiling: 5,
				Portals: []Portal{{Edge: 1, Sector: 1}}},
			{Name: "annex", Points: []Vec2{{10, 0}, {20, 0}, {20, 10}, {10, 10}}, Floor: 0, Ceiling: 6,
				Portals: []Portal{{Edge: 3, Sector: 0}}},
		},
		Emitters: []Emitter{
			{Name: "torch", Preset: 0, Sector: 0, Position: Vec3{2, 2, 1}, Yaw: 30, Scale: 1, Seed: 7,
				Rate: 20, Duration: 1, Playback: PlayCycle, Period: 1},
			{Name: "fountain", Preset: 1, Sector: 1, Position: Vec3{15, 5, 2}, Scale: 1, Seed: 9,
				Rate: 40, Duration: 1, Bursts: []Burst{{Time: 0.5, Count: 10}},
				Playback: PlayCycle, Period: 1},
		},
	}
	if err := Compile(d); err != nil {
		t.Fatalf("the test level does not compile: %v", err)
	}
	return d
}

// problemsOf returns the problems of err, failing on any other error.
func problemsOf(t *testing.T, err error) Problems {
	t.Helper()
	if err == nil {
		return nil
	}
	ps, ok := err.(Problems)
	if !ok {
		t.Fatalf("error %T %q is not Problems", err, err)
	}
	return ps
}

// hasProblem reports whether ps holds a problem at field whose message
// contains each of the fragments.
func hasProblem(ps Problems, field string, fragments ...string) bool {
	for _, p := range ps {
		if p.Field != field {
			continue
		}
		ok := true
		for _, f := range fragments {
			ok = ok && strings.Contains(p.Message, f)
		}
		if ok {
			return true
		}
	}
	return false
}

// TestNewLevel: a level holds its own copy of the document, its
// evaluator and space, the features to mount it and its heights.
func TestNewLevel(t *testing.T) {
	d := testLevel(t)
	l, err := NewLevel(d)
	if err != nil {
		t.Fatal(err)
	}
	before := l.Evaluator().Append(nil, 2.5)
	d.Presets[0].Curves.Size[0].Size = 100
	d.Emitters[0].Bursts = append(d.Emitters[0].Bursts, Burst{Count: 5})
	d.Sectors[0].Points[0].X = -3
	if l.Document().Presets[0].Curves.Size[0].Size != 0.4 || len(l.Document().Emitters[0].Bursts) != 0 || l.Document().Sectors[0].Points[0].X != 0 {
		t.Error("editing the document reached the level's copy")
	}
	if after := l.Evaluator().Append(nil, 2.5); len(after) != len(before) {
		t.Error("editing the document changed the level's particles")
	}
	if f := l.Features(); strings.Join(f, " ") != "world/particles@1 world/sectors@1" {
		t.Errorf("features %v", f)
	}
	// The fountain (at z 2, launched up at 4 to 5 under gravity 9.8, living
	// up to 1.1 s, an upright billboard of 0.1 whose half height is 0.05)
	// spans both: from 2 + 4·1.1 - 4.9·1.1² - 0.05 to 2 + 5²/19.6 + 0.05,
	// with the bounds' margin.
	zmin, zmax := l.Heights()
	if lo, hi := 2+4*1.1-4.9*1.1*1.1-0.05, 2+25/19.6+0.05; !(zmin < lo && zmin > lo-1e-3 && zmax > hi && zmax < hi+1e-3) {
		t.Errorf("heights [%v, %v]", zmin, zmax)
	}
	if l.MaxSize(0) != 0.4 || l.MaxSize(1) != 0.1 {
		t.Errorf("max sizes %v %v", l.MaxSize(0), l.MaxSize(1))
	}
	d = testLevel(t)
	d.Emitters[1].Position.X = 19.9 // the fountain's envelope leaves the annex
	d.Emitters[1].Bounds = ConservativeEmitterBounds(&d.Emitters[1], &d.Presets[1])
	if _, err := NewLevel(d); err == nil || !strings.Contains(err.Error(), "leaves its sector") {
		t.Errorf("NewLevel of a level whose envelope leaves its sector: %v", err)
	}
}
