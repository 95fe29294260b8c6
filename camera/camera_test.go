package camera

import (
	"image"
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// TestTransform checks where cameras draw scene points, with values a
// reader can work out: the viewport 200 × 100 at (0, 0) has its centre
// at (100, 50).
func TestTransform(t *testing.T) {
	view := image.Rect(0, 0, 200, 100)
	cases := []struct {
		name       string
		cam        *Camera
		x, y       float64 // a scene point
		wantX      float64 // where it lands
		wantY      float64
		zoom, turn float64
	}{
		{"nil is the identity", nil, 13, -7, 13, -7, 1, 0},
		{"zero looks at the origin", &Camera{}, 0, 0, 100, 50, 1, 0},
		{"zero shifts by the centre", &Camera{}, 13, -7, 113, 43, 1, 0},
		{"pan", &Camera{X: 500, Y: 250}, 510, 240, 110, 40, 1, 0},
		{"zoom about the position", &Camera{X: 500, Y: 250, Zoom: 2}, 510, 240, 120, 30, 2, 0},
		{"zoom out", &Camera{X: 500, Y: 250, Zoom: 0.5}, 510, 240, 105, 45, 0.5, 0},
		// A camera turned 90° clockwise shows the scene turned 90°
		// counter-clockwise: a point right of the position is above it.
		{"turn", &Camera{X: 500, Y: 250, Rotation: 90}, 510, 250, 100, 40, 1, -90},
		{"turn and zoom", &Camera{X: 500, Y: 250, Zoom: 3, Rotation: 90}, 500, 260, 130, 50, 3, -90},
		{"half turn", &Camera{Rotation: 180}, 10, 5, 90, 45, 1, -180},
		{"counter-clockwise", &Camera{Rotation: -90}, 10, 0, 100, 60, 1, 90},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := c.cam.Transform(view)
			if x, y := tr.Apply(c.x, c.y); !near(x, c.wantX) || !near(y, c.wantY) {
				t.Errorf("Apply(%v, %v) = (%v, %v), want (%v, %v)", c.x, c.y, x, y, c.wantX, c.wantY)
			}
			if x, y := tr.Invert(c.wantX, c.wantY); !near(x, c.x) || !near(y, c.y) {
				t.Errorf("Invert(%v, %v) = (%v, %v), want (%v, %v)", c.wantX, c.wantY, x, y, c.x, c.y)
			}
			if tr.Zoom != c.zoom || tr.Turn != c.turn {
				t.Errorf("Zoom %v Turn %v, want %v %v", tr.Zoom, tr.Turn, c.zoom, c.turn)
			}
			// A similarity: A = D, B = -C, A² + C² = Zoom².
			if tr.A != tr.D || tr.B != -tr.C || !near(tr.A*tr.A+tr.C*tr.C, tr.Zoom*tr.Zoom) {
				t.Errorf("not a turn and a zoom: %+v", tr)
			}
		})
	}
}

// TestTransformViewport checks that the camera centres on the viewport
// given, a sub-image's bounds for one.
func TestTransformViewport(t *testing.T) {
	tr := (&Camera{X: 5, Y: 5}).Transform(image.Rect(300, 100, 400, 300))
	if x, y := tr.Apply(5, 5); x != 350 || y != 200 {
		t.Errorf("the position lands at (%v, %v), want (350, 200)", x, y)
	}
}

func TestIdentity(t *testing.T) {
	id := Identity()
	if !id.IsIdentity() || (*Camera)(nil).Transform(image.Rect(0, 0, 9, 9)) != id {
		t.Error("the nil camera is not the identity")
	}
	// A camera that happens to draw the scene as it is: centred on the
	// viewport's centre, unzoomed, unturned.
	tr := (&Camera{X: 100, Y: 50}).Transform(image.Rect(0, 0, 200, 100))
	if !tr.IsIdentity() {
		t.Errorf("%+v is not the identity", tr)
	}
	if x, y := id.Apply(-3.5, 7.25); x != -3.5 || y != 7.25 {
		t.Errorf("the identity moves (-3.5, 7.25) to (%v, %v)", x, y)
	}
}

// TestSceneBounds checks the scene rectangle a view covers: zoomed in it
// shrinks about the position, turned 90° the target's width spans the
// scene's height.
func TestSceneBounds(t *testing.T) {
	view := image.Rect(0, 0, 200, 100)
	cases := []struct {
		name string
		cam  *Camera
		want [4]float64
	}{
		{"identity", nil, [4]float64{0, 0, 200, 100}},
		{"zoom 2", &Camera{X: 1000, Y: 1000, Zoom: 2}, [4]float64{950, 975, 1050, 1025}},
		{"turned", &Camera{X: 0, Y: 0, Rotation: 90}, [4]float64{-50, -100, 50, 100}},
		{"turned 45", &Camera{Rotation: 45}, [4]float64{-150 / math.Sqrt2, -150 / math.Sqrt2, 150 / math.Sqrt2, 150 / math.Sqrt2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := c.cam.Transform(view)
			x0, y0, x1, y1 := tr.SceneBounds(view)
			got := [4]float64{x0, y0, x1, y1}
			for i := range got {
				if !near(got[i], c.want[i]) {
					t.Fatalf("SceneBounds = %v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestTransformMisuse checks the documented panics.
func TestTransformMisuse(t *testing.T) {
	cases := []struct {
		name string
		cam  Camera
		want string
	}{
		{"negative zoom", Camera{Zoom: -1}, "camera: Zoom -1 is negative"},
		{"NaN position", Camera{X: math.NaN()}, "camera: X is NaN"},
		{"infinite zoom", Camera{Zoom: math.Inf(1)}, "camera: Zoom is +Inf"},
		{"infinite rotation", Camera{Rotation: math.Inf(-1)}, "camera: Rotation is -Inf"},
		{"vanishing zoom", Camera{Zoom: 1e-200}, "camera: X 0, Y 0 at Zoom 1e-200 do not make a finite, invertible view"},
		{"huge zoom", Camera{Zoom: 1e200}, "camera: X 0, Y 0 at Zoom 1e+200 do not make a finite, invertible view"},
		{"far position", Camera{X: 1e308, Zoom: 10}, "camera: X 1e+308, Y 0 at Zoom 10 do not make a finite, invertible view"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if got := recover(); got != c.want {
					t.Errorf("panic %v, want %q", got, c.want)
				}
			}()
			c.cam.Transform(image.Rect(0, 0, 10, 10))
		})
	}
}
