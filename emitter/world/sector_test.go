package world

import (
	"math"
	"sync"
	"testing"
)

func TestSectorGeometry(t *testing.T) {
	square := []Vec2{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	for _, c := range []struct {
		name     string
		points   []Vec2
		floor    float64
		ceiling  float64
		field    string // "" for a valid sector
		fragment string
	}{
		{"square", square, 0, 5, "", ""},
		{"triangle", []Vec2{{0, 0}, {4, 0}, {0, 3}}, -1, 1, "", ""},
		// The turn at (5, 0.000001) has sine 2e-7, above 1e-9: convex.
		{"barely convex", []Vec2{{0, 0}, {5, -0.000001}, {10, 0}, {10, 10}, {0, 10}}, 0, 5, "", ""},
		{"clockwise", []Vec2{{0, 0}, {0, 10}, {10, 10}, {10, 0}}, 0, 5, "points", "are clockwise"},
		{"two points", []Vec2{{0, 0}, {1, 0}}, 0, 5, "points", "2 points; a sector has 3 to 64"},
		{"65 points", circle(MaxSectorPoints+1, 10), 0, 5, "points", "65 points; a sector has 3 to 64"},
		{"duplicate", []Vec2{{0, 0}, {10, 0}, {10, 0}, {10, 10}, {0, 10}}, 0, 5, "points[2]", "(10, 0) repeats points[1]"},
		{"closing duplicate", []Vec2{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}}, 0, 5, "points[0]", "repeats points[4]"},
		{"collinear", []Vec2{{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}, 0, 5, "points[1]", "(5, 0) is collinear"},
		// A turn of sine 1e-10, below 1e-9, counts as collinear.
		{"nearly collinear", []Vec2{{0, 0}, {5, -5e-10}, {10, 0}, {10, 10}, {0, 10}}, 0, 5, "points[1]", "collinear"},
		{"folded back", []Vec2{{0, 0}, {10, 0}, {5, 0}, {5, 10}}, 0, 5, "points[1]", "collinear"},
		{"concave", []Vec2{{0, 0}, {10, 0}, {10, 10}, {5, 5}, {0, 10}}, 0, 5, "points", "turns clockwise at points[3]"},
		// A pentagram turns left at every point but winds twice.
		{"pentagram", []Vec2{{1, 0}, {-0.809, 0.588}, {0.309, -0.951}, {0.309, 0.951}, {-0.809, -0.588}}, 0, 5,
			"points", "wind 2 times"},
		{"NaN point", []Vec2{{0, 0}, {math.NaN(), 0}, {0, 10}}, 0, 5, "points[1].x", "not a finite number"},
		{"flat", square, 2, 2, "ceiling", "2 is not above floor 2"},
		{"upside down", square, 3, 2, "ceiling", "2 is not above floor 3"},
		{"infinite ceiling", square, 0, math.Inf(1), "ceiling", "not a finite number"},
	} {
		_, err := NewSectorShape(&Sector{Name: "s", Points: c.points, Floor: c.floor, Ceiling: c.ceiling})
		ps := problemsOf(t, err)
		switch {
		case c.field == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.field != "" && !hasProblem(ps, c.field, c.fragment):
			t.Errorf("%s: want %s: ...%s...; got %v", c.name, c.field, c.fragment, err)
		}
	}
}

func TestPortals(t *testing.T) {
	for _, c := range []struct {
		name      string
		edit      func(d *Document)
		field     string
		fragments []string
	}{
		{"one-sided", func(d *Document) { d.Sectors[1].Portals = nil },
			"sectors[hall].portals[0]", []string{"sectors[annex] has no portal back on its edge 3"}},
		{"not shared", func(d *Document) { d.Sectors[1].Points[0].Y = -1 },
			"sectors[hall].portals[0]", []string{"sectors[annex] has no edge from (10, 10) to (10, 0)"}},
		{"back on another edge", func(d *Document) { d.Sectors[1].Portals[0].Edge = 2 },
			"sectors[hall].portals[0]", []string{"no portal back on its edge 3"}},
		{"to itself", func(d *Document) { d.Sectors[0].Portals[0].Sector = 0 },
			"sectors[hall].portals[0].sector", []string{"joins the sector to itself"}},
		{"edge out of range", func(d *Document) { d.Sectors[0].Portals[0].Edge = 4 },
			"sectors[hall].portals[0].edge", []string{"4 is not an edge of this sector's 4 points"}},
		{"sector out of range", func(d *Document) { d.Sectors[0].Portals[0].Sector = 5 },
			"sectors[hall].portals[0].sector", []string{"5 is not a sector index"}},
		{"two on one edge", func(d *Document) { d.Sectors[0].Portals = append(d.Sectors[0].Portals, Portal{Edge: 1, Sector: 1}) },
			"sectors[hall].portals[1].edge", []string{"edge 1 already has a portal, portals[0]"}},
		{"no common height", func(d *Document) { d.Sectors[1].Floor, d.Sectors[1].Ceiling = 5, 8 },
			"sectors[hall].portals[0]", []string{"heights [0, 5] and those of sectors[annex], [5, 8], do not overlap"}},
	} {
		d := testLevel(t)
		c.edit(d)
		if ps := problemsOf(t, Validate(d)); !hasProblem(ps, c.field, c.fragments...) {
			t.Errorf("%s: want %s: %q; got\n%v", c.name, c.field, c.fragments, ps)
		}
	}
}

// TestSectorContains: resolv's touching-is-inside rule with the
// tolerance ε = 1e-9 × the largest coordinate (10 here: ε = 1e-8).
func TestSectorContains(t *testing.T) {
	square, err := NewSectorShape(&Sector{Points: []Vec2{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, Floor: 0, Ceiling: 5})
	if err != nil {
		t.Fatal(err)
	}
	// The hypotenuse x + y = 10 has the normal (1, 1)/√2: resolv's
	// projections onto it round.
	triangle, err := NewSectorShape(&Sector{Points: []Vec2{{0, 0}, {10, 0}, {0, 10}}, Floor: 0, Ceiling: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		shape *SectorShape
		box   Box
		want  bool
	}{
		{"inside", square, Box{Vec3{1, 1, 1}, Vec3{9, 9, 4}}, true},
		{"touching every wall, floor and ceiling", square, Box{Vec3{0, 0, 0}, Vec3{10, 10, 5}}, true},
		{"out by 1e-9 < ε", square, Box{Vec3{-1e-9, 0, 0}, Vec3{10, 10, 5}}, true},
		{"out by 1e-7 > ε", square, Box{Vec3{-1e-7, 0, 0}, Vec3{10, 10, 5}}, false},
		{"beyond the wall", square, Box{Vec3{5, 5, 1}, Vec3{10.5, 6, 2}}, false},
		{"below the floor by 1e-9", square, Box{Vec3{1, 1, -1e-9}, Vec3{2, 2, 2}}, true},
		{"below the floor by 1e-7", square, Box{Vec3{1, 1, -1e-7}, Vec3{2, 2, 2}}, false},
		{"above the ceiling", square, Box{Vec3{1, 1, 1}, Vec3{2, 2, 5.1}}, false},
		{"outside entirely", square, Box{Vec3{20, 20, 1}, Vec3{21, 21, 2}}, false},
		{"a point", square, Box{Vec3{3, 3, 3}, Vec3{3, 3, 3}}, true},
		{"touching the slant", triangle, Box{Vec3{0, 0, 0}, Vec3{5, 5, 5}}, true},
		{"beyond the slant", triangle, Box{Vec3{0, 0, 0}, Vec3{5, 5.001, 5}}, false},
	} {
		if got := c.shape.Contains(c.box); got != c.want {
			t.Errorf("%s: Contains(%v) = %v, want %v", c.name, c.box, got, c.want)
		}
		if lines := c.shape.escapes(c.box); (len(lines) == 0) != c.want {
			t.Errorf("%s: escapes = %q", c.name, lines)
		}
	}
	p := square.Polygon()
	if len(p.Points) != 4 || p.Points[2].X != 10 || p.Points[2].Y != 10 {
		t.Errorf("Polygon points %v", p.Points)
	}
}

// TestValidateForWorld: the envelope of each emitter against its sector's
// walls, floor and ceiling. Validate alone does not look.
func TestValidateForWorld(t *testing.T) {
	for _, c := range []struct {
		name      string
		at        Vec3
		fragments []string
	}{
		// The fountain falls 1.5 m below its position within 1.1 s.
		{"through the floor", Vec3{15, 5, 0}, []string{"leaves its sector, sectors[annex]", "below the floor at 0"}},
		// ... and rises about 1.3 m.
		{"through the ceiling", Vec3{15, 5, 5}, []string{"above the ceiling at 6"}},
		{"through a wall", Vec3{19.8, 5, 2}, []string{"outside wall 1, from points[1] (20, 0) to points[2] (20, 10)"}},
		{"through the portal", Vec3{10.2, 5, 2}, []string{"outside wall 3, from points[3] (10, 10) to points[0] (10, 0)"}},
	} {
		d := testLevel(t)
		d.Emitters[1].Position = c.at
		_ = Compile(d)
		if err := Validate(d); err != nil {
			t.Errorf("%s: Validate: %v", c.name, err)
		}
		ps := problemsOf(t, ValidateForWorld(d))
		if !hasProblem(ps, "emitters[fountain].bounds", c.fragments...) {
			t.Errorf("%s: want emitters[fountain].bounds: %q; got\n%v", c.name, c.fragments, ps)
		}
	}
}

// TestSectorShapesConcurrently: shapes built and tested on several
// goroutines at once (run with -race: resolv's shape ids are a global
// counter, which this package guards).
func TestSectorShapesConcurrently(t *testing.T) {
	d := testLevel(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if err := ValidateForWorld(d); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// circle returns n points counter-clockwise on a circle of radius r about
// the origin: a convex outline of any size.
func circle(n int, r float64) []Vec2 {
	pts := make([]Vec2, n)
	for i := range pts {
		s, c := math.Sincos(2 * math.Pi * float64(i) / float64(n))
		pts[i] = Vec2{X: r * c, Y: r * s}
	}
	return pts
}
