package main

import (
	"image/color"
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
)

// sparksScene is a workshop: an angle grinder throws a steady shower of
// streaking sparks off a steel bar, and clicking anywhere strikes a burst of
// blue-white impact sparks there.
type sparksScene struct {
	sparks, glow, hit, flash *binding
}

// Where the grinder's wheel meets the bar.
const (
	wheelX, wheelY, wheelR = 520.0, 390.0, 96.0
	contactX, contactY     = wheelX + 40, wheelY + wheelR - 8
)

func (*sparksScene) name() string  { return "sparks" }
func (*sparksScene) title() string { return "Sparks" }
func (*sparksScene) hint() string {
	return "Streaks: VelocityParallel + Squash, additive, Brightness 1.7.\nClick anywhere (or Enter) to strike impact sparks."
}

func (p *sparksScene) build(s *stage) error {
	var err error
	at := component.SpawnOptions{Play: true, X: contactX, Y: contactY, HostWidth: 40, HostHeight: 40}
	at.Name = "grinder"
	if p.sparks, err = s.spawn("sparks.yaml", at, nil); err != nil {
		return err
	}
	at.Name = "hot spot"
	if p.glow, err = s.spawn("grinder_glow.yaml", at, nil); err != nil {
		return err
	}
	if p.hit, err = s.spawn("hit_sparks.yaml", component.SpawnOptions{Name: "impact", Play: true, Seed: 5}, nil); err != nil {
		return err
	}
	p.flash, err = s.spawn("hit_flash.yaml", component.SpawnOptions{Name: "flash", Play: true}, nil)
	return err
}

func (p *sparksScene) move(*stage) {}

func (p *sparksScene) act(s *stage, in *input) {
	x, y, ok := in.x, in.y, in.pressed && in.y > topBarH && in.y < barY
	if in.action {
		x, y, ok = 900, 300, true
	}
	if ok {
		strike(s, x, y, 70, p.hit)
		strike(s, x, y, 1, p.flash)
	}
}

// strike moves the host of a burst effect to (x, y) at the current clock
// and fires a burst of n there. The host's track is data on the effect
// (emitter.Effect.SetHost), so a rewind shows each earlier burst where it
// was fired.
func strike(s *stage, x, y float64, n int, b *binding) {
	fx, ok := component.Get(s.world, b.entity)
	if !ok {
		return
	}
	fx.Effect.SetHost(x, y, 0)
	system.Emit(s.world, b.entity, n)
}

func (p *sparksScene) backdrop() *picture {
	return cachedPicture("sparks.backdrop", func() *picture { return p.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (p *sparksScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, 560, rgba(30, 34, 44, 255), rgba(18, 20, 28, 255))
	// Pegboard holes.
	for y := 80.0; y < 540; y += 34 {
		for x := 24.0; x < screenW; x += 34 {
			rc.Circle(x, y, 3, rgba(8, 9, 14, 255))
		}
	}
	// Warm light on the wall from the sparks.
	rc.glow(contactX+120, contactY-30, 420, rgba(255, 140, 50, 40))
	// The bench.
	rc.VGradient(0, 560, screenW, screenH-560, rgba(58, 44, 34, 255), rgba(26, 20, 16, 255))
	rc.Rect(0, 556, screenW, 6, rgba(90, 70, 54, 255))
	// The steel bar on two blocks.
	rc.Rect(270, 500, 60, 56, rgba(50, 50, 56, 255))
	rc.Rect(760, 500, 60, 56, rgba(50, 50, 56, 255))
	rc.shadeSDF(200, contactY, 900, contactY+26, func(x, y float64) color.NRGBA {
		return mix(rgba(190, 196, 208, 255), rgba(84, 88, 98, 255), (y-contactY)/26)
	}, roundRectSDF(200, contactY, 700, 26, 3))
	// The cut glows.
	rc.glow(contactX, contactY+4, 28, rgba(255, 190, 90, 200))
	return pic
}

func (p *sparksScene) drawBack(c canvas, s *stage) {
	// The grinder: body, guard and a spinning wheel.
	c.RoundRect(wheelX-260, wheelY-46, 250, 92, 30, rgba(40, 110, 160, 255))
	c.RoundRect(wheelX-250, wheelY-40, 230, 30, 14, rgba(80, 160, 210, 255))
	c.RoundRect(wheelX-420, wheelY-22, 180, 44, 20, rgba(30, 30, 36, 255))
	c.Circle(wheelX, wheelY, wheelR, rgba(70, 70, 78, 255))
	c.Circle(wheelX, wheelY, wheelR-8, rgba(120, 118, 112, 255))
	turn := s.now() * 40
	for i := range 6 {
		a := turn + float64(i)*math.Pi/3
		c.Line(wheelX+18*math.Cos(a), wheelY+18*math.Sin(a), wheelX+(wheelR-14)*math.Cos(a), wheelY+(wheelR-14)*math.Sin(a), 4, rgba(96, 94, 90, 255))
	}
	c.Circle(wheelX, wheelY, 16, rgba(40, 40, 46, 255))
	// The guard over the back half of the wheel.
	guard := []pt{}
	for i := 0; i <= 20; i++ {
		a := math.Pi*0.55 + math.Pi*1.1*float64(i)/20
		guard = append(guard, pt{wheelX + (wheelR+10)*math.Cos(a), wheelY + (wheelR+10)*math.Sin(a)})
	}
	for i := 20; i >= 0; i-- {
		a := math.Pi*0.55 + math.Pi*1.1*float64(i)/20
		guard = append(guard, pt{wheelX + (wheelR-2)*math.Cos(a), wheelY + (wheelR-2)*math.Sin(a)})
	}
	c.Polygon(guard, rgba(36, 90, 130, 255))
}

func (p *sparksScene) drawFront(canvas, *stage) {}

func (p *sparksScene) script() []scripted {
	return []scripted{
		{at: 0.9, x: 930, y: 290, press: true},
		{at: 1.5, x: 250, y: 250, press: true},
		{at: 2.3, x: 1000, y: 420, press: true},
	}
}

func (p *sparksScene) shot() shotTimes { return shotTimes{at: 1.05, from: 0.5, to: 2.9} }
