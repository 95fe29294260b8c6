package camera

import (
	"fmt"
	"image"
	"math"
)

// World is a 2D game's view of a Z-up world level (package emitter/world):
// a parallel projection that looks at a world point from a pitch, zoomed
// and turned about Z. With Yaw 0 the screen's x axis is the world's +X and
// the camera looks along +Y, tilted down by Pitch:
//
//	screen x = (x - X)·Zoom
//	screen y = -((y - Y)·sin Pitch + (z - Z)·cos Pitch)·Zoom
//
// both about the viewport's centre (screen y grows downward). Pitch 90 is
// straight top-down (+Y up the screen, Z unseen), 0 a pure side view (+Z
// up the screen, Y unseen), and between them the usual three-quarter view
// of 2D games, where a step north and a step up both move a point up the
// screen. Yaw turns the camera counter-clockwise seen from above: the
// world offsets are first turned by -Yaw about Z, so a camera with Yaw 90
// looks along -X.
//
// The zero value is a side view of the origin at zoom 1 (one pixel per
// world unit). A nil *World panics in [World.Projection]: a world view
// has no meaningful identity.
type World struct {
	// X, Y and Z are the world point drawn at the viewport's centre.
	X, Y, Z float64
	// Zoom is the target pixels per world unit. 0 means 1; it must not
	// be negative.
	Zoom float64
	// Pitch is the tilt of the view in degrees, from 0 (looking
	// horizontally along the camera's forward direction) to 90 (looking
	// straight down).
	Pitch float64
	// Yaw turns the camera about Z, degrees counter-clockwise seen from
	// above.
	Yaw float64
}

// Projection returns the camera's mapping onto viewport, the target
// rectangle it draws into. It panics on a nil camera, a field that is NaN
// or infinite, a negative Zoom and a Pitch outside [0, 90]: misuse that
// would show nothing useful.
func (c *World) Projection(viewport image.Rectangle) Projection {
	if c == nil {
		panic("camera: Projection of a nil *World")
	}
	for _, f := range [...]struct {
		name string
		v    float64
	}{{"X", c.X}, {"Y", c.Y}, {"Z", c.Z}, {"Zoom", c.Zoom}, {"Pitch", c.Pitch}, {"Yaw", c.Yaw}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			panic(fmt.Sprintf("camera: World.%s is %v", f.name, f.v))
		}
	}
	zoom := c.Zoom
	switch {
	case zoom < 0:
		panic(fmt.Sprintf("camera: World.Zoom %v is negative", zoom))
	case zoom == 0:
		zoom = 1
	}
	if !(c.Pitch >= 0 && c.Pitch <= 90) {
		panic(fmt.Sprintf("camera: World.Pitch %v is outside [0, 90]", c.Pitch))
	}
	sp, cp := sinCosDegrees(c.Pitch)
	sy, cy := sinCosDegrees(c.Yaw)
	mx := float64(viewport.Min.X+viewport.Max.X) / 2
	my := float64(viewport.Min.Y+viewport.Max.Y) / 2
	// The camera's right is (cos yaw, sin yaw, 0) and its forward
	// (-sin yaw, cos yaw, 0): x' = offset·right, y' = offset·forward.
	p := Projection{
		XX: zoom * cy, XY: zoom * sy, XZ: 0,
		YX: zoom * sp * sy, YY: -zoom * sp * cy, YZ: -zoom * cp,
		Zoom: zoom, SinPitch: sp, CosPitch: cp, SinYaw: sy, CosYaw: cy,
		cx: c.X, cy: c.Y, cz: c.Z, mx: mx, my: my,
	}
	p.TX = mx - (float64(p.XX*c.X) + float64(p.XY*c.Y))                     // exact if fused: mx is a half
	p.TY = my - (float64(p.YX*c.X) + float64(p.YY*c.Y) + float64(p.YZ*c.Z)) // exact if fused: my is a half
	return p
}

// Projection maps world points to target points for one [World] camera
// and viewport:
//
//	target x = XX·x + XY·y + XZ·z + TX
//	target y = YX·x + YY·y + YZ·z + TY
//
// with XX = Zoom·cos Yaw, XY = Zoom·sin Yaw, XZ = 0, YX = Zoom·sin Pitch
// ·sin Yaw, YY = -Zoom·sin Pitch·cos Yaw and YZ = -Zoom·cos Pitch. Make
// one with [World.Projection].
type Projection struct {
	XX, XY, XZ, YX, YY, YZ, TX, TY float64
	// Zoom is the target pixels per world unit; SinPitch and CosPitch,
	// SinYaw and CosYaw the sines and cosines of the camera's angles
	// (exact at multiples of 90°).
	Zoom, SinPitch, CosPitch, SinYaw, CosYaw float64

	cx, cy, cz, mx, my float64 // the camera's position and the viewport's centre
}

// Apply maps the world point (x, y, z) to the target.
func (p *Projection) Apply(x, y, z float64) (float64, float64) {
	return float64(p.XX*x) + float64(p.XY*y) + float64(p.XZ*z) + p.TX, float64(p.YX*x) + float64(p.YY*y) + float64(p.YZ*z) + p.TY
}

// Unproject returns the world point at height z drawn at target point
// (x, y): the point of the viewing ray through (x, y) that lies in the
// plane of that z (the floor under the mouse, say). ok is false in a side
// view (Pitch 0), whose rays run parallel to every such plane.
func (p *Projection) Unproject(x, y, z float64) (wx, wy float64, ok bool) {
	if p.SinPitch == 0 {
		return 0, 0, false
	}
	rx := (x - p.mx) / p.Zoom
	ry := (-(y-p.my)/p.Zoom - float64((z-p.cz)*p.CosPitch)) / p.SinPitch
	return p.cx + float64(rx*p.CosYaw) - float64(ry*p.SinYaw), p.cy + float64(rx*p.SinYaw) + float64(ry*p.CosYaw), true
}

// Billboard returns the half axes U and V on the target of a billboard of
// edge size world units turned by rotation degrees: its corners are at
// centre ± U ± V (docs/appearance.md, section 1). A camera-facing
// billboard is size × size world units times Zoom on the target, turned
// clockwise by rotation. An upright one stands in the world's vertical
// plane through its centre that faces the camera (spanned by the camera's
// right and +Z), turned in that plane clockwise as the camera sees it: at
// Pitch 0 it looks like a camera-facing one, and as the camera tilts down
// its height on the target shrinks by cos Pitch, to a line seen straight
// from above. With h = size·Zoom/2:
//
//	camera-facing: U = h·(cos θ, sin θ),          V = h·(-sin θ, cos θ)
//	upright:       U = h·(cos θ, sin θ·cos Pitch), V = h·(-sin θ, cos θ·cos Pitch)
//
// sin and cos are those of rotation, which the caller passes as sinRot and
// cosRot (so that a renderer can compute them the way it likes).
func (p *Projection) Billboard(size, sinRot, cosRot float64, upright bool) (ux, uy, vx, vy float64) {
	h := size * p.Zoom / 2
	ux, uy = h*cosRot, h*sinRot
	vx, vy = -h*sinRot, h*cosRot
	if upright {
		uy *= p.CosPitch
		vy *= p.CosPitch
	}
	return ux, uy, vx, vy
}

// BoxBounds returns the smallest target rectangle holding the projection
// of the world box [min, max] (minimum and maximum corners): the bounds
// of the box's eight corners, exact for a parallel projection.
func (p *Projection) BoxBounds(min, max [3]float64) (x0, y0, x1, y1 float64) {
	// Each target coordinate is linear in x, y and z: its extremes over
	// the box take each axis's end by the sign of its coefficient.
	span := func(a, b, c, t float64) (lo, hi float64) {
		lo, hi = t, t
		for _, k := range [3]struct{ w, lo, hi float64 }{{a, min[0], max[0]}, {b, min[1], max[1]}, {c, min[2], max[2]}} {
			if k.w >= 0 {
				lo, hi = lo+float64(k.w*k.lo), hi+float64(k.w*k.hi)
			} else {
				lo, hi = lo+float64(k.w*k.hi), hi+float64(k.w*k.lo)
			}
		}
		return lo, hi
	}
	x0, x1 = span(p.XX, p.XY, p.XZ, p.TX)
	y0, y1 = span(p.YX, p.YY, p.YZ, p.TY)
	return x0, y0, x1, y1
}

// Footprint returns the smallest world XY rectangle holding every point
// with z in [zmin, zmax] that the camera draws into the target rectangle
// r (minimum and maximum corners): what a broad phase of culling queries.
// ok is false in a side view, whose footprint is unbounded along the
// camera's forward direction.
func (p *Projection) Footprint(r image.Rectangle, zmin, zmax float64) (x0, y0, x1, y1 float64, ok bool) {
	if p.SinPitch == 0 {
		return 0, 0, 0, 0, false
	}
	x0, y0 = math.Inf(1), math.Inf(1)
	x1, y1 = math.Inf(-1), math.Inf(-1)
	for _, c := range [4][2]int{{r.Min.X, r.Min.Y}, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, {r.Max.X, r.Max.Y}} {
		for _, z := range [2]float64{zmin, zmax} {
			x, y, _ := p.Unproject(float64(c[0]), float64(c[1]), z)
			x0, x1 = math.Min(x0, x), math.Max(x1, x)
			y0, y1 = math.Min(y0, y), math.Max(y1, y)
		}
	}
	return x0, y0, x1, y1, true
}

// sinCosDegrees returns the sine and cosine of deg degrees, exact at every
// multiple of 90°.
func sinCosDegrees(deg float64) (s, c float64) {
	r := math.Mod(deg, 360)
	if r < 0 {
		r += 360
	}
	switch r {
	case 0:
		return 0, 1
	case 90:
		return 1, 0
	case 180:
		return 0, -1
	case 270:
		return -1, 0
	}
	return math.Sincos(deg * (math.Pi / 180))
}
