package main

import (
	"math"

	"github.com/emberfx/ember/component"
	"github.com/yohamta/donburi"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// followScene shows effects attached to moving entities: two ships fly the
// same figure-eight, each with a thruster effect on a donburi transform that
// the scheduler samples every update. The top one is LockedToPart true (its
// exhaust is carried along); the bottom one is LockedToPart false with
// VelocityInheritance (a trail is left behind).
type followScene struct {
	ships [2]donburi.Entity
}

// The ships' path: a figure-eight of period followPeriod seconds around
// (followX, followY[i]), followW wide either side and followH high. It
// keeps left of the stats panel (top right), which the top ship would
// otherwise pass under: demo_test.go checks it.
var followY = [2]float64{330, 565}

const (
	followPeriod = 8.0
	followX      = 450.0
	followW      = 300.0
	followH      = 70.0
)

func (*followScene) name() string  { return "follow" }
func (*followScene) title() string { return "Following entities" }
func (*followScene) hint() string {
	return "Effects on moving donburi transforms: LockedToPart true (top)\nand false with VelocityInheritance 0.4 (bottom)."
}

// shipAt returns ship i's position and heading (degrees clockwise) at world
// clock t.
func shipAt(i int, t float64) (x, y, heading float64) {
	w := 2 * math.Pi / followPeriod
	x = followX + followW*math.Sin(w*t)
	y = followY[i] + followH*math.Sin(2*w*t)
	vx := followW * w * math.Cos(w*t)
	vy := 2 * followH * w * math.Cos(2*w*t)
	return x, y, math.Atan2(vy, vx) * 180 / math.Pi
}

func (f *followScene) build(s *stage) error {
	for i, file := range []string{"thruster_locked.yaml", "thruster_trail.yaml"} {
		ship := s.world.Create(transform.Transform)
		f.ships[i] = ship
		b, err := s.spawn(file, component.SpawnOptions{
			Name: []string{"locked", "trail"}[i], Play: true, Seed: uint32(i), Transform: true,
			X: -26, HostWidth: 40, HostHeight: 40,
		}, nil)
		if err != nil {
			return err
		}
		transform.AppendChild(s.world.Entry(ship), s.world.Entry(b.entity), false)
	}
	f.place(s, 0)
	return nil
}

// place puts the ships where they are at world clock t. The thrusters are
// transform children 26 px behind the ship's centre (donburi's world
// position adds the parent's position, not its rotation), so their own
// rotation is set to the heading too and emission points backward.
func (f *followScene) place(s *stage, t float64) {
	for i, ship := range f.ships {
		x, y, h := shipAt(i, t)
		entry := s.world.Entry(ship)
		tr := transform.GetTransform(entry)
		tr.LocalPosition = dmath.Vec2{X: x, Y: y}
		tr.LocalRotation = h
		for _, child := range transformChildren(entry) {
			ct := transform.GetTransform(child)
			r := h * math.Pi / 180
			ct.LocalPosition = dmath.Vec2{X: -26 * math.Cos(r), Y: -26 * math.Sin(r)}
			ct.LocalRotation = 0
		}
	}
}

// transformChildren returns the transform children of entry.
func transformChildren(entry *donburi.Entry) []*donburi.Entry {
	children, ok := transform.GetChildren(entry)
	if !ok {
		return nil
	}
	return children
}

func (f *followScene) move(s *stage)      { f.place(s, s.targetTime()) }
func (f *followScene) act(*stage, *input) {}

func (f *followScene) backdrop() *picture {
	return cachedPicture("follow.backdrop", func() *picture { return f.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (f *followScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, screenH, rgba(6, 8, 22, 255), rgba(16, 10, 34, 255))
	for i := range 220 {
		x := lattice(i, 1, 31) * screenW
		y := lattice(i, 2, 31) * screenH
		rc.Circle(x, y, 0.5+1.3*lattice(i, 3, 31), rgba(220, 230, 255, uint8(50+150*lattice(i, 4, 31))))
	}
	rc.glow(1050, 600, 260, rgba(120, 60, 200, 40))
	// The paths, dotted.
	for i := range f.ships {
		for k := range 160 {
			x, y, _ := shipAt(i, float64(k)/160*followPeriod)
			rc.Circle(x, y, 1.5, rgba(255, 255, 255, 40))
		}
	}
	return pic
}

func (f *followScene) drawBack(canvas, *stage) {}

func (f *followScene) drawFront(c canvas, s *stage) {
	labels := []string{"LockedToPart: true · the exhaust is carried along", "LockedToPart: false · VelocityInheritance 0.4 · a trail is left behind"}
	for i := range f.ships {
		x, y, h := shipAt(i, s.now())
		r := h * math.Pi / 180
		cos, sin := math.Cos(r), math.Sin(r)
		at := func(fx, fy float64) pt { return pt{x + fx*cos - fy*sin, y + fx*sin + fy*cos} }
		c.Polygon([]pt{at(30, 0), at(-20, -20), at(-12, 0), at(-20, 20)}, rgba(220, 228, 255, 255))
		c.Polygon([]pt{at(30, 0), at(-12, 0), at(-20, 20)}, rgba(150, 160, 200, 255))
		c.Circle(x+6*cos, y+6*sin, 6, rgba(90, 200, 255, 255))
		l := labels[i]
		shadowText(c, 20, followY[i]-118, 2, l, hudDim)
	}
}

func (f *followScene) script() []scripted { return nil }

func (f *followScene) shot() shotTimes { return shotTimes{at: 1.05, from: 0.5, to: 4.5} }
