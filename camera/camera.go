// Package camera holds the view a 2D game draws its effects through: a
// [Camera] looks at a point of the scene with a zoom and a turn, and its
// [Transform] for a viewport maps scene pixels to the target's. The
// Ebitengine renderer (render.Renderer.DrawCamera), the reference
// rasterizer (raster.Rasterizer.DrawCamera) and the donburi layer drawer
// (layerdraw.Drawer.Camera) all take one, so a scrolling, zooming game
// moves its camera instead of every effect. It imports no engine.
//
// A [World] camera views a Z-up world level (package emitter/world) the
// way 2D games show one: a parallel projection from a pitch between a side
// view and straight top-down, zoomed and turned about Z; its [Projection]
// maps world points to the target and world boxes to target rectangles.
//
// Conventions, shared by both kinds of camera: a camera's position is the
// point drawn at the viewport's centre and Zoom is target pixels per scene
// pixel (per world unit for a World camera). A Camera's angles are
// degrees clockwise on the target, as a particle's Rotation is, and its
// scene is in pixels, +Y down, as effects are placed (render.Item.X and
// Y); a World camera's yaw turns counter-clockwise seen from above, as an
// emitter's yaw does in the Z-up world.
package camera

import (
	"fmt"
	"image"
	"math"
)

// Camera is a 2D view of a scene. The zero value looks at the scene's
// origin, unzoomed and unturned: it draws the origin at the viewport's
// centre (a nil *Camera draws the scene as it is, its origin at the
// target's).
type Camera struct {
	// X and Y are the scene point drawn at the viewport's centre.
	X, Y float64
	// Zoom is the target pixels per scene pixel: 2 draws everything
	// twice as large. 0 means 1; it must not be negative.
	Zoom float64
	// Rotation turns the camera clockwise, in degrees: the scene appears
	// turned the other way, so a camera with the Rotation of a ship keeps
	// the ship upright.
	Rotation float64
}

// Transform returns the camera's mapping onto viewport, the target
// rectangle it draws into (for a sub-image, its bounds). A nil camera
// gives the identity. Transform panics on a negative Zoom, on a field
// that is NaN or infinite, and on a camera whose mapping is not finite and
// invertible (a Zoom so small that its square is below the smallest
// normal float64, about 1.5e-154, or a position so far that the shift
// overflows): a camera like that shows nothing useful, and a clear failure
// beats a blank screen.
func (c *Camera) Transform(viewport image.Rectangle) Transform {
	if c == nil {
		return Identity()
	}
	for _, f := range [...]struct {
		name string
		v    float64
	}{{"X", c.X}, {"Y", c.Y}, {"Zoom", c.Zoom}, {"Rotation", c.Rotation}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			panic(fmt.Sprintf("camera: %s is %v", f.name, f.v))
		}
	}
	zoom := c.Zoom
	switch {
	case zoom < 0:
		panic(fmt.Sprintf("camera: Zoom %v is negative", zoom))
	case zoom == 0:
		zoom = 1
	}
	// The scene turns by -Rotation: target = zoom · R(-Rotation) · (p - c)
	// + the viewport's centre, R(θ) the clockwise turn of +Y-down axes.
	turn := -c.Rotation
	sin, cos := math.Sincos(turn * (math.Pi / 180))
	a, b := zoom*cos, zoom*sin
	mx := float64(viewport.Min.X+viewport.Max.X) / 2
	my := float64(viewport.Min.Y+viewport.Max.Y) / 2
	t := Transform{
		A: a, B: -b, C: b, D: a,
		TX:   mx - (float64(a*c.X) - float64(b*c.Y)), // exact if fused: mx is a half
		TY:   my - (float64(b*c.X) + float64(a*c.Y)), // exact if fused: my is a half
		Zoom: zoom, Turn: turn,
	}
	// Invert divides by Zoom², and the shift may overflow.
	if z2 := zoom * zoom; z2 < minNormal || math.IsInf(z2, 0) || math.IsInf(t.TX, 0) || math.IsInf(t.TY, 0) || t.TX != t.TX || t.TY != t.TY {
		panic(fmt.Sprintf("camera: X %v, Y %v at Zoom %v do not make a finite, invertible view", c.X, c.Y, c.Zoom))
	}
	return t
}

// minNormal is the smallest normal float64.
const minNormal = 0x1p-1022

// Transform maps scene points to target points: a turn, a uniform zoom
// and a shift,
//
//	target x = A·x + B·y + TX
//	target y = C·x + D·y + TY
//
// with A = D = Zoom·cos(Turn) and C = -B = Zoom·sin(Turn). Make one with
// [Camera.Transform] or [Identity].
type Transform struct {
	A, B, C, D, TX, TY float64
	// Zoom is the scale (target pixels per scene pixel) and Turn the
	// degrees the scene turns clockwise on the target: a particle's size
	// on the target is its size times Zoom, its rotation its own plus
	// Turn.
	Zoom, Turn float64
}

// Identity returns the transform that draws the scene as it is.
func Identity() Transform { return Transform{A: 1, D: 1, Zoom: 1} }

// IsIdentity reports whether t draws the scene as it is.
func (t *Transform) IsIdentity() bool { return *t == Identity() }

// Apply maps the scene point (x, y) to the target.
func (t *Transform) Apply(x, y float64) (float64, float64) {
	return float64(t.A*x) + float64(t.B*y) + t.TX, float64(t.C*x) + float64(t.D*y) + t.TY
}

// Invert maps the target point (x, y) back to the scene: the scene point
// under the mouse, for one.
func (t *Transform) Invert(x, y float64) (float64, float64) {
	// The inverse of zoom·R is R(-turn)/zoom: the transpose over zoom².
	z2 := t.Zoom * t.Zoom
	dx, dy := x-t.TX, y-t.TY
	return (float64(t.A*dx) + float64(t.C*dy)) / z2, (float64(t.B*dx) + float64(t.D*dy)) / z2
}

// SceneBounds returns the smallest axis-aligned rectangle of the scene
// that holds everything t draws into the target rectangle r (minimum
// and maximum corners): what a renderer culls against.
func (t *Transform) SceneBounds(r image.Rectangle) (minX, minY, maxX, maxY float64) {
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY = math.Inf(-1), math.Inf(-1)
	for _, p := range [4][2]int{{r.Min.X, r.Min.Y}, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, {r.Max.X, r.Max.Y}} {
		x, y := t.Invert(float64(p[0]), float64(p[1]))
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	return minX, minY, maxX, maxY
}
