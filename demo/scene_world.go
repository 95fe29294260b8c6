package main

//go:generate go run ../cmd/ember world compile levels/keep.yaml -o levels/keep.kwp

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/system"
	"github.com/yohamta/donburi"
)

// worldLevel is the name of the world scene's level: demo/levels/NAME.yaml
// is its source, NAME.kwp the compiled file the scene mounts.
const worldLevel = "keep"

// worldScene is a world level (package emitter/world) mounted in the
// stage's donburi world: four rooms of a keep seen through a world camera
// the player pans (drag, WASD), zooms (wheel, Z and X) and tilts (the
// pitch slider). Its clock is the level's, so the timeline scrubs it. A
// toggle draws the sectors' outlines, their portals and every emitter's
// conservative bounds.
type worldScene struct {
	level donburi.Entity
	doc   *world.Document
	cam   camera.World
	// outlines draws the sectors and emitter bounds.
	outlines bool
	// dragging pans the camera with the pointer from (lastX, lastY);
	// sliding sets the pitch from the pointer.
	dragging, sliding bool
	lastX, lastY      float64
}

// The camera's starting view and its limits.
var worldHome = camera.World{X: 14.5, Y: 6.2, Z: 0.8, Zoom: 40, Pitch: 55}

const (
	minWorldZoom, maxWorldZoom = 12.0, 160.0
	maxWorldPitch              = 90.0
)

// The scene's widgets, above the key help: the pitch slider and the
// outlines toggle.
const (
	pitchX, pitchY, pitchW, pitchH = 14.0, helpY - 46, 300.0, 30.0
	outlineX, outlineW             = pitchX + pitchW + 16, 220.0
)

func (*worldScene) name() string  { return "world" }
func (*worldScene) title() string { return "World level" }
func (*worldScene) hint() string {
	return "4 convex rooms and portals: demo/levels/keep.yaml.\nDrag/WASD pan, wheel/Z/X zoom, Enter resets."
}

func (w *worldScene) build(s *stage) error {
	dir, err := levelsDir()
	if err != nil {
		return err
	}
	w.level, err = system.MountLevelFile(s.world, filepath.Join(dir, worldLevel+".kwp"), &system.MountOptions{Name: worldLevel})
	if err != nil {
		return err
	}
	d, _ := component.GetLevel(s.world, w.level)
	w.doc = d.Level.Document()
	w.cam = worldHome
	return nil
}

// view is the camera the stage's levels are drawn through.
func (w *worldScene) view() *camera.World { return &w.cam }

func (w *worldScene) move(*stage) {}

// act moves the camera: the view is the player's, not the clock's, so a
// seek leaves it where it is.
func (w *worldScene) act(_ *stage, in *input) {
	if in.toggle {
		w.outlines = !w.outlines
	}
	if in.action {
		w.cam = worldHome
	}
	if in.pressed {
		switch {
		case inRect(in.x, in.y, pitchX, pitchY, pitchW, pitchH):
			w.sliding = true
		case inRect(in.x, in.y, outlineX, pitchY, outlineW, pitchH):
			w.outlines = !w.outlines
		case in.y > topBarH && in.y < barY:
			w.dragging, w.lastX, w.lastY = true, in.x, in.y
		}
	}
	if !in.down {
		w.dragging, w.sliding = false, false
	}
	if w.sliding {
		w.cam.Pitch = math.Round(clamp01((in.x-pitchX)/pitchW) * maxWorldPitch)
	}
	if w.dragging {
		w.pan(w.lastX-in.x, w.lastY-in.y)
		w.lastX, w.lastY = in.x, in.y
	}
	if in.pan != (pt{}) {
		w.pan(in.pan.X*8, in.pan.Y*8)
	}
	if in.zoom != 0 {
		w.cam.Zoom = min(max(w.cam.Zoom*math.Pow(1.1, in.zoom), minWorldZoom), maxWorldZoom)
	}
}

// pan moves the camera so that the view slides by (dx, dy) screen pixels:
// x along the camera's right, y along its forward direction on the floor,
// foreshortened by the pitch (at most 4 times, near a side view).
func (w *worldScene) pan(dx, dy float64) {
	sy, cy := math.Sincos(w.cam.Yaw * math.Pi / 180)
	right := dx / w.cam.Zoom
	fwd := -dy / (w.cam.Zoom * max(math.Sin(w.cam.Pitch*math.Pi/180), 0.25))
	w.cam.X += right*cy - fwd*sy
	w.cam.Y += right*sy + fwd*cy
}

func (w *worldScene) backdrop() *picture {
	return cachedPicture("world.backdrop", func() *picture {
		pic, rc := newPicture(screenW, screenH)
		rc.VGradient(0, 0, screenW, screenH, rgba(10, 10, 16, 255), rgba(22, 18, 24, 255))
		return pic
	})
}

// Colours of the keep.
var (
	floorInk  = []colorPair{{rgba(58, 52, 50, 255), rgba(48, 43, 42, 255)}, {rgba(60, 66, 70, 255), rgba(50, 56, 60, 255)}, {rgba(62, 44, 36, 255), rgba(52, 36, 30, 255)}, {rgba(52, 50, 62, 255), rgba(44, 42, 54, 255)}}
	wallInk   = rgba(44, 40, 40, 255)
	wallTop   = rgba(96, 88, 80, 255)
	stoneInk  = rgba(96, 98, 104, 255)
	waterInk  = rgba(40, 70, 110, 255)
	ironInk   = rgba(34, 30, 30, 255)
	sectorInk = rgba(120, 230, 255, 220)
	portalInk = rgba(255, 210, 90, 230)
	boundsInk = rgba(255, 110, 200, 170)
)

// colorPair is a floor's two tile colours.
type colorPair [2]color.NRGBA

// wallHeight is how high the walls facing the camera are drawn: less than
// the ceilings, so that the rooms stay open to the view.
const wallHeight = 1.6

// drawBack draws the rooms: floors, the walls the camera sees from inside,
// low sills where the walls would hide the room, and the props the
// emitters stand on.
func (w *worldScene) drawBack(c canvas, _ *stage) {
	pr := w.cam.Projection(image.Rect(0, 0, screenW, screenH))
	proj := func(x, y, z float64) pt {
		sx, sy := pr.Apply(x, y, z)
		return pt{sx, sy}
	}
	for i := range w.doc.Sectors {
		sec := &w.doc.Sectors[i]
		var poly []pt
		for _, p := range sec.Points {
			poly = append(poly, proj(p.X, p.Y, sec.Floor))
		}
		ink := floorInk[i%len(floorInk)]
		c.Polygon(poly, ink[0])
		w.drawTiles(c, proj, sec, ink[1])
	}
	// Walls, farthest first; one the camera looks at from behind (its
	// inside faces away) is a sill, or it would hide its room.
	fx, fy := -math.Sin(w.cam.Yaw*math.Pi/180), math.Cos(w.cam.Yaw*math.Pi/180)
	type wall struct {
		a, b       world.Vec2
		floor, top float64
		depth      float64
	}
	var walls []wall
	for i := range w.doc.Sectors {
		sec := &w.doc.Sectors[i]
		for e := range sec.Points {
			if slices.ContainsFunc(sec.Portals, func(p world.Portal) bool { return p.Edge == e }) {
				continue
			}
			a, b := sec.Points[e], sec.Points[(e+1)%len(sec.Points)]
			// The outward normal of a counter-clockwise polygon's edge.
			nx, ny := b.Y-a.Y, a.X-b.X
			facing := nx*fx + ny*fy
			wl := wall{a: a, b: b, floor: sec.Floor, depth: (a.X+b.X)/2*fx + (a.Y+b.Y)/2*fy}
			wl.top = sec.Floor + min(wallHeight, sec.Ceiling-sec.Floor)
			if facing < -1e-9 {
				wl.top = sec.Floor + 0.3
			}
			walls = append(walls, wl)
		}
	}
	slices.SortStableFunc(walls, func(p, q wall) int { return cmp.Compare(q.depth, p.depth) })
	for _, wl := range walls {
		quad := []pt{proj(wl.a.X, wl.a.Y, wl.floor), proj(wl.b.X, wl.b.Y, wl.floor), proj(wl.b.X, wl.b.Y, wl.top), proj(wl.a.X, wl.a.Y, wl.top)}
		c.Polygon(quad, wallInk)
		c.Line(quad[2].X, quad[2].Y, quad[3].X, quad[3].Y, 2, wallTop)
	}
	w.drawProps(c, proj)
}

// drawTiles draws the floor's flagstones: the lines x = k and y = k of
// even k, clipped to the sector.
func (w *worldScene) drawTiles(c canvas, proj func(x, y, z float64) pt, sec *world.Sector, ink color.NRGBA) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range sec.Points {
		x0, y0, x1, y1 = min(x0, p.X), min(y0, p.Y), max(x1, p.X), max(y1, p.Y)
	}
	for k := math.Ceil(x0/2) * 2; k < x1; k += 2 {
		if lo, hi, ok := clipLine(sec.Points, k, true); ok {
			a, b := proj(k, lo, sec.Floor), proj(k, hi, sec.Floor)
			c.Line(a.X, a.Y, b.X, b.Y, 1.5, ink)
		}
	}
	for k := math.Ceil(y0/2) * 2; k < y1; k += 2 {
		if lo, hi, ok := clipLine(sec.Points, k, false); ok {
			a, b := proj(lo, k, sec.Floor), proj(hi, k, sec.Floor)
			c.Line(a.X, a.Y, b.X, b.Y, 1.5, ink)
		}
	}
}

// clipLine returns the span of the line x = k (vertical) or y = k inside
// the convex polygon pts, in the other coordinate.
func clipLine(pts []world.Vec2, k float64, vertical bool) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		ak, bk, ao, bo := a.Y, b.Y, a.X, b.X
		if vertical {
			ak, bk, ao, bo = a.X, b.X, a.Y, b.Y
		}
		if (ak-k)*(bk-k) > 0 || ak == bk {
			continue
		}
		o := ao + (bo-ao)*(k-ak)/(bk-ak)
		lo, hi = min(lo, o), max(hi, o)
	}
	return lo, hi, lo < hi
}

// drawProps draws what the emitters stand on, by their names: torch
// brackets, the fountain's basin and the brazier's bowl.
func (w *worldScene) drawProps(c canvas, proj func(x, y, z float64) pt) {
	ring := func(x, y, z, r float64) []pt {
		var ps []pt
		for i := range 32 {
			a := 2 * math.Pi * float64(i) / 32
			ps = append(ps, proj(x+r*math.Cos(a), y+r*math.Sin(a), z))
		}
		return ps
	}
	for i := range w.doc.Emitters {
		e := &w.doc.Emitters[i]
		p := e.Position
		switch {
		case strings.HasPrefix(e.Name, "torch_") && strings.HasSuffix(e.Name, "_flame"):
			top, bot := proj(p.X, p.Y, p.Z-0.05), proj(p.X, p.Y, p.Z-0.6)
			c.Line(top.X, top.Y, bot.X, bot.Y, max(3, 0.12*w.cam.Zoom), ironInk)
			c.Circle(top.X, top.Y, max(2, 0.1*w.cam.Zoom), rgba(70, 50, 36, 255))
		case e.Name == "fountain":
			c.Polygon(ring(p.X, p.Y, 0, 1.3), stoneInk)
			c.Polygon(ring(p.X, p.Y, 0.45, 1.3), stoneInk)
			c.Polygon(ring(p.X, p.Y, 0.45, 1.1), waterInk)
			top, bot := proj(p.X, p.Y, p.Z), proj(p.X, p.Y, 0.45)
			c.Line(top.X, top.Y, bot.X, bot.Y, max(3, 0.2*w.cam.Zoom), stoneInk)
		case e.Name == "brazier":
			top, bot := proj(p.X, p.Y, p.Z), proj(p.X, p.Y, 0)
			c.Line(top.X, top.Y, bot.X, bot.Y, max(3, 0.15*w.cam.Zoom), ironInk)
			c.Polygon(ring(p.X, p.Y, p.Z, 0.45), ironInk)
			c.Polygon(ring(p.X, p.Y, p.Z+0.02, 0.35), rgba(150, 60, 20, 255))
		}
	}
}

// drawFront draws the outlines when they are on, then the widgets.
func (w *worldScene) drawFront(c canvas, _ *stage) {
	if w.outlines {
		w.drawOutlines(c)
	}
	c.RoundRect(pitchX, pitchY, pitchW, pitchH, 8, hudPanel)
	knob := pitchX + pitchW*w.cam.Pitch/maxWorldPitch
	c.RoundRect(pitchX+8, pitchY+pitchH/2-2, pitchW-16, 4, 2, hudDim)
	c.Circle(min(max(knob, pitchX+10), pitchX+pitchW-10), pitchY+pitchH/2, 9, hudAccent)
	c.Text(pitchX+pitchW+16+outlineW+16, pitchY+8, 2, fmt.Sprintf("pitch %2.0f  zoom %3.0f  x %.1f y %.1f", w.cam.Pitch, w.cam.Zoom, w.cam.X, w.cam.Y), hudInk)
	c.RoundRect(outlineX, pitchY, outlineW, pitchH, 8, hudPanel)
	label, ink := "R outlines off", hudDim
	if w.outlines {
		label, ink = "R outlines on", hudAccent
	}
	c.Text(outlineX+12, pitchY+8, 2, label, ink)
}

// drawOutlines draws each sector's floor and ceiling outlines with its
// corners' uprights, its portals in another colour, and each emitter's
// stored conservative bounds (world.Emitter.Bounds).
func (w *worldScene) drawOutlines(c canvas) {
	pr := w.cam.Projection(image.Rect(0, 0, screenW, screenH))
	line := func(x0, y0, z0, x1, y1, z1 float64, width float64, ink color.NRGBA) {
		ax, ay := pr.Apply(x0, y0, z0)
		bx, by := pr.Apply(x1, y1, z1)
		c.Line(ax, ay, bx, by, width, ink)
	}
	for i := range w.doc.Sectors {
		sec := &w.doc.Sectors[i]
		for e := range sec.Points {
			a, b := sec.Points[e], sec.Points[(e+1)%len(sec.Points)]
			ink := sectorInk
			if slices.ContainsFunc(sec.Portals, func(p world.Portal) bool { return p.Edge == e }) {
				ink = portalInk
			}
			line(a.X, a.Y, sec.Floor, b.X, b.Y, sec.Floor, 2, ink)
			line(a.X, a.Y, sec.Ceiling, b.X, b.Y, sec.Ceiling, 1, ink)
			line(a.X, a.Y, sec.Floor, a.X, a.Y, sec.Ceiling, 1, sectorInk)
		}
	}
	for i := range w.doc.Emitters {
		b := w.doc.Emitters[i].Bounds
		lo, hi := [3]float64{b.Min.X, b.Min.Y, b.Min.Z}, [3]float64{b.Max.X, b.Max.Y, b.Max.Z}
		corner := func(k int) (x, y, z float64) {
			pick := func(axis int) float64 {
				if k>>axis&1 == 1 {
					return hi[axis]
				}
				return lo[axis]
			}
			return pick(0), pick(1), pick(2)
		}
		// The 12 edges join corners differing in one axis.
		for k := range 8 {
			for axis := range 3 {
				if k>>axis&1 == 0 {
					x0, y0, z0 := corner(k)
					x1, y1, z1 := corner(k | 1<<axis)
					line(x0, y0, z0, x1, y1, z1, 1, boundsInk)
				}
			}
		}
	}
}

// script shows the widgets at work: the outlines on, a lower pitch, the
// outlines off again.
func (w *worldScene) script() []scripted {
	return []scripted{
		{at: 4.5, x: outlineX + 20, y: pitchY + 10, press: true},
		{at: 5.2, x: pitchX + pitchW*30/maxWorldPitch, y: pitchY + 10, press: true},
		{at: 6, x: outlineX + 20, y: pitchY + 10, press: true},
	}
}

func (w *worldScene) shot() shotTimes { return shotTimes{at: 3.9, from: 3.5, to: 6.5} }
