package camera

import (
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWorldApply checks where world cameras draw world points, with values
// a reader can work out: the viewport 200 × 100 has its centre at
// (100, 50); screen x = (x - X)·Zoom, screen y = -((y - Y)·sin p + (z - Z)
// ·cos p)·Zoom about it (yaw 0).
func TestWorldApply(t *testing.T) {
	view := image.Rect(0, 0, 200, 100)
	s45 := math.Sqrt2 / 2
	cases := []struct {
		name         string
		cam          World
		x, y, z      float64
		wantX, wantY float64
	}{
		{"zero: side view of the origin", World{}, 0, 0, 0, 100, 50},
		{"side view: z up the screen", World{}, 3, 7, 2, 103, 48},
		{"side view ignores y", World{Zoom: 10}, 1, 1000, 1, 110, 40},
		{"top-down: y up the screen", World{Pitch: 90, Zoom: 10}, 1, 2, 0, 110, 30},
		{"top-down ignores z", World{Pitch: 90, Zoom: 10}, 1, 2, 500, 110, 30},
		{"about the position", World{X: 5, Y: 5, Z: 1, Pitch: 90, Zoom: 2}, 6, 4, 1, 102, 52},
		{"three-quarter", World{Pitch: 45, Zoom: 10}, 0, 1, 1, 100, 50 - 20*s45},
		{"three-quarter, position", World{X: 1, Y: 2, Z: 3, Pitch: 45, Zoom: 10}, 1, 3, 3, 100, 50 - 10*s45},
		// Yaw 90 looks along -X: the camera's right is +Y, forward -X.
		{"yaw 90, top-down: +Y right", World{Pitch: 90, Yaw: 90, Zoom: 10}, 0, 1, 0, 110, 50},
		{"yaw 90, top-down: -X up", World{Pitch: 90, Yaw: 90, Zoom: 10}, -1, 0, 0, 100, 40},
		{"yaw -90, side: along +X, -Y right", World{Yaw: -90, Zoom: 10}, 5, -1, 1, 110, 40},
		{"yaw 180, top-down", World{Pitch: 90, Yaw: 180, Zoom: 1}, 3, 4, 0, 97, 54},
		{"zoom 0 is 1", World{Pitch: 90}, 3, 4, 0, 103, 46},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.cam.Projection(view)
			if x, y := p.Apply(c.x, c.y, c.z); !near(x, c.wantX) || !near(y, c.wantY) {
				t.Errorf("Apply(%v, %v, %v) = (%v, %v), want (%v, %v)", c.x, c.y, c.z, x, y, c.wantX, c.wantY)
			}
			if c.cam.Pitch > 0 {
				if x, y, ok := p.Unproject(c.wantX, c.wantY, c.z); !ok || !near(x, c.x) || !near(y, c.y) {
					t.Errorf("Unproject(%v, %v, %v) = (%v, %v, %v), want (%v, %v)", c.wantX, c.wantY, c.z, x, y, ok, c.x, c.y)
				}
			}
		})
	}
	side := (&World{}).Projection(view)
	if _, _, ok := side.Unproject(1, 2, 3); ok {
		t.Error("Unproject in a side view reported a point")
	}
}

// TestWorldExactAngles: at multiples of 90° the projection has exact zeros,
// so a top-down view ignores z and a side view y bit for bit.
func TestWorldExactAngles(t *testing.T) {
	v := image.Rect(0, 0, 10, 10)
	top := (&World{Pitch: 90, Yaw: 270}).Projection(v)
	if top.YZ != 0 || top.CosPitch != 0 || top.XX != 0 || top.YY != 0 {
		t.Errorf("top-down, yaw 270: %+v", top)
	}
	side := (&World{Yaw: -180}).Projection(v)
	if side.YX != 0 || side.YY != 0 || side.XY != 0 || side.SinPitch != 0 {
		t.Errorf("side, yaw -180: %+v", side)
	}
}

// TestWorldBillboard: camera-facing billboards are size × size on screen
// at any pitch; upright ones lose height with cos p, their width never.
func TestWorldBillboard(t *testing.T) {
	v := image.Rect(0, 0, 10, 10)
	for _, c := range []struct {
		name           string
		pitch, rot     float64
		upright        bool
		ux, uy, vx, vy float64
	}{
		{"facing, top-down", 90, 0, false, 10, 0, 0, 10},
		{"facing, side", 0, 0, false, 10, 0, 0, 10},
		{"facing, turned 90", 60, 90, false, 0, 10, -10, 0},
		{"upright, side: as facing", 0, 0, true, 10, 0, 0, 10},
		{"upright, 60°: half height", 60, 0, true, 10, 0, 0, 5},
		{"upright, top-down: a line", 90, 0, true, 10, 0, 0, 0},
		{"upright, 60°, turned 90", 60, 90, true, 0, 5, -10, 0},
	} {
		p := (&World{Pitch: c.pitch, Zoom: 4}).Projection(v)
		s, co := sinCosDegrees(c.rot)
		ux, uy, vx, vy := p.Billboard(5, s, co, c.upright) // h = 5·4/2 = 10
		if !near(ux, c.ux) || !near(uy, c.uy) || !near(vx, c.vx) || !near(vy, c.vy) {
			t.Errorf("%s: U (%v, %v) V (%v, %v), want U (%v, %v) V (%v, %v)", c.name, ux, uy, vx, vy, c.ux, c.uy, c.vx, c.vy)
		}
	}
}

// TestUprightBillboardIsInItsPlane: an upright billboard's corners on the
// target are the projections of a square standing in the vertical plane
// that faces the camera, turned clockwise as the camera sees it: the
// formula of Projection.Billboard checked against Apply.
func TestUprightBillboardIsInItsPlane(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		cam := World{X: r.Float64() * 10, Y: r.Float64() * 10, Z: r.Float64(), Zoom: 1 + r.Float64()*20,
			Pitch: r.Float64() * 90, Yaw: r.Float64()*720 - 360}
		p := cam.Projection(image.Rect(0, 0, 640, 480))
		size, rot := 0.1+r.Float64()*3, r.Float64()*360
		s, c := math.Sincos(rot * math.Pi / 180)
		ux, uy, vx, vy := p.Billboard(size, s, c, true)
		cx, cy, cz := r.Float64()*10, r.Float64()*10, r.Float64()*3
		sx, sy := p.Apply(cx, cy, cz)
		for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			// Clockwise as seen: local (u, v) with v down the billboard
			// is (a, b) = R(θ)(u, v)·size/2 with b downward, i.e. -Z.
			a := size / 2 * (k[0]*c - k[1]*s)
			b := size / 2 * (k[0]*s + k[1]*c)
			wx, wy, wz := cx+a*p.CosYaw, cy+a*p.SinYaw, cz-b
			tx, ty := p.Apply(wx, wy, wz)
			gx, gy := sx+k[0]*ux+k[1]*vx, sy+k[0]*uy+k[1]*vy
			if math.Abs(tx-gx) > 1e-9*(1+math.Abs(tx)) || math.Abs(ty-gy) > 1e-9*(1+math.Abs(ty)) {
				t.Fatalf("%+v: corner %v at (%v, %v), Billboard puts it at (%v, %v)", cam, k, tx, ty, gx, gy)
			}
		}
	}
}

// TestBoxBoundsAndFootprint: BoxBounds is the bounds of the eight
// projected corners, and Footprint holds every world point of the z range
// that lands in the viewport.
func TestBoxBoundsAndFootprint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	view := image.Rect(10, 20, 330, 260)
	for range 300 {
		cam := World{X: r.Float64()*20 - 10, Y: r.Float64()*20 - 10, Z: r.Float64() * 4, Zoom: 1 + r.Float64()*40,
			Pitch: 1 + r.Float64()*89, Yaw: r.Float64()*360 - 180}
		p := cam.Projection(view)
		var lo, hi [3]float64
		for i := range 3 {
			a, b := r.Float64()*20-10, r.Float64()*20-10
			lo[i], hi[i] = min(a, b), max(a, b)
		}
		x0, y0, x1, y1 := p.BoxBounds(lo, hi)
		bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for k := range 8 {
			x, y := p.Apply([2]float64{lo[0], hi[0]}[k&1], [2]float64{lo[1], hi[1]}[k>>1&1], [2]float64{lo[2], hi[2]}[k>>2])
			bx0, by0, bx1, by1 = min(bx0, x), min(by0, y), max(bx1, x), max(by1, y)
		}
		if !near(x0, bx0) || !near(y0, by0) || !near(x1, bx1) || !near(y1, by1) {
			t.Fatalf("%+v box %v %v: BoxBounds (%v, %v, %v, %v), corners (%v, %v, %v, %v)", cam, lo, hi, x0, y0, x1, y1, bx0, by0, bx1, by1)
		}
		fx0, fy0, fx1, fy1, ok := p.Footprint(view, lo[2], hi[2])
		if !ok {
			t.Fatal("no footprint at a positive pitch")
		}
		for range 50 {
			sx := float64(view.Min.X) + r.Float64()*float64(view.Dx())
			sy := float64(view.Min.Y) + r.Float64()*float64(view.Dy())
			z := lo[2] + r.Float64()*(hi[2]-lo[2])
			x, y, _ := p.Unproject(sx, sy, z)
			if x < fx0-1e-9 || x > fx1+1e-9 || y < fy0-1e-9 || y > fy1+1e-9 {
				t.Fatalf("%+v: (%v, %v, %v) shows at (%v, %v) but is outside the footprint", cam, x, y, z, sx, sy)
			}
		}
	}
	side := (&World{}).Projection(view)
	if _, _, _, _, ok := side.Footprint(view, 0, 1); ok {
		t.Error("a side view has a bounded footprint")
	}
}

func TestWorldProjectionPanics(t *testing.T) {
	for _, c := range []struct {
		name string
		cam  *World
		want string
	}{
		{"nil", nil, "nil"},
		{"NaN", &World{X: math.NaN()}, "X is NaN"},
		{"Inf yaw", &World{Yaw: math.Inf(1)}, "Yaw is +Inf"},
		{"negative zoom", &World{Zoom: -1}, "negative"},
		{"pitch below 0", &World{Pitch: -1}, "Pitch -1 is outside [0, 90]"},
		{"pitch above 90", &World{Pitch: 91}, "outside [0, 90]"},
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, c.want) {
					t.Errorf("%s: panic %q, want one with %q", c.name, msg, c.want)
				}
			}()
			c.cam.Projection(image.Rect(0, 0, 1, 1))
		}()
	}
}
