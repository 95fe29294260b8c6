package main

import (
	"image/color"
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
)

// fireScene is a campfire at night between two torches: flames
// (LightEmission hybrid and a colour sequence), smoke (alpha blended, size
// and transparency curves with envelopes), embers and the fire's flickering
// light. The torches reuse the campfire's files on smaller hosts.
type fireScene struct{}

// Placement of the fires.
const (
	campX, campY   = 640.0, 540.0
	torchY         = 400.0
	torchL, torchR = 170.0, 1110.0
)

func (*fireScene) name() string  { return "fire" }
func (*fireScene) title() string { return "Fire and smoke" }
func (*fireScene) hint() string {
	return "Flames: LightEmission 0.6 + colour sequence. Smoke: alpha,\nsize/transparency envelopes. Edit demo/effects/fire.yaml live."
}

func (f *fireScene) build(s *stage) error {
	type fx struct {
		file, name string
		x, y, size float64
		seed       uint32
	}
	list := []fx{
		{"firelight.yaml", "light", campX, campY - 40, 200, 1},
		{"smoke.yaml", "smoke", campX, campY - 120, 200, 1},
		{"fire.yaml", "campfire", campX, campY - 34, 200, 1},
		{"embers.yaml", "embers", campX, campY - 30, 200, 1},
		{"fire.yaml", "torch L", torchL, torchY, 90, 2},
		{"fire.yaml", "torch R", torchR, torchY, 90, 3},
		{"smoke.yaml", "smoke L", torchL, torchY - 50, 70, 2},
		{"smoke.yaml", "smoke R", torchR, torchY - 50, 70, 3},
	}
	for _, e := range list {
		if _, err := s.spawn(e.file, component.SpawnOptions{
			Name: e.name, Play: true, Seed: e.seed, X: e.x, Y: e.y, HostWidth: e.size, HostHeight: e.size,
		}, nil); err != nil {
			return err
		}
	}
	// Start with the fire already burning: every effect is 6 s into its
	// clock at world clock 0.
	for _, b := range s.binds {
		system.SetTime(s.world, b.entity, 6)
	}
	return nil
}

func (f *fireScene) move(*stage)                  {}
func (f *fireScene) act(*stage, *input)           {}
func (f *fireScene) drawFront(c canvas, _ *stage) { c.Picture(f.logs(), 0, 0) }

func (f *fireScene) backdrop() *picture {
	return cachedPicture("fire.backdrop", func() *picture { return f.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (f *fireScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, 560, rgba(8, 10, 28, 255), rgba(30, 26, 52, 255))
	// Stars.
	for i := range 140 {
		x := lattice(i, 1, 21) * screenW
		y := lattice(i, 2, 21) * 420
		r := 0.6 + 1.2*lattice(i, 3, 21)
		rc.Circle(x, y, r, rgba(255, 255, 240, uint8(80+120*lattice(i, 4, 21))))
	}
	rc.glow(420, 190, 90, rgba(200, 210, 255, 50))
	rc.Circle(420, 190, 30, rgba(236, 236, 220, 255))
	// Hills and pines.
	hill := []pt{{0, 470}}
	for x := 0.0; x <= screenW; x += 20 {
		hill = append(hill, pt{x, 440 - 40*math.Sin(x/210) - 20*math.Sin(x/77+1)})
	}
	hill = append(hill, pt{screenW, 600}, pt{0, 600})
	rc.Polygon(hill, rgba(16, 18, 34, 255))
	for i, x := range []float64{40, 110, 300, 380, 930, 1010, 1200, 1250} {
		h := 180 + 90*lattice(i, 7, 3)
		base := 560.0
		for k := range 4 {
			w := 70 - float64(k)*12
			y := base - float64(k)*h/4
			rc.Polygon([]pt{{x - w, y}, {x, y - h/2.2}, {x + w, y}}, rgba(10, 14, 22, 255))
		}
		rc.Rect(x-6, base-10, 12, 30, rgba(10, 12, 18, 255))
	}
	// Ground, lit by the fire.
	rc.VGradient(0, 545, screenW, screenH-545, rgba(34, 26, 24, 255), rgba(14, 12, 14, 255))
	rc.glow(campX, campY+10, 520, rgba(255, 120, 40, 60))
	// Torch poles.
	for _, x := range []float64{torchL, torchR} {
		rc.glow(x, torchY, 160, rgba(255, 140, 50, 50))
		rc.Rect(x-6, torchY+10, 12, 260, rgba(46, 30, 20, 255))
		rc.shadeSDF(x-20, torchY-6, x+20, torchY+22, func(px, py float64) color.NRGBA {
			return mix(rgba(90, 80, 76, 255), rgba(40, 36, 34, 255), (py-torchY+6)/28)
		}, roundRectSDF(x-20, torchY-6, 40, 28, 6))
	}
	rc.glow(campX, campY, 90, rgba(255, 200, 90, 140))
	return pic
}

// logs returns the picture of the campfire's logs and stones, drawn over
// the flames so the fire burns behind them.
func (f *fireScene) logs() *picture {
	return cachedPicture("fire.logs", func() *picture { return f.paintLogs() })
}

// paintLogs draws the picture logs returns.
func (f *fireScene) paintLogs() *picture {
	pic, rc := newPicture(screenW, screenH)
	for i := range 9 {
		a := math.Pi * (0.02 + 0.96*float64(i)/8)
		x, y := campX+120*math.Cos(a), campY+18+22*math.Sin(a)
		rc.Circle(x, y, 21, rgba(38, 34, 36, 255))
		rc.Circle(x-3, y-5, 13, rgba(64, 58, 58, 255))
	}
	log := func(x0, y0, x1, y1 float64) {
		rc.Line(x0, y0, x1, y1, 26, rgba(70, 42, 24, 255))
		rc.Line(x0, y0-4, x1, y1-4, 12, rgba(110, 68, 38, 255))
	}
	log(campX-110, campY+20, campX+60, campY-10)
	log(campX+110, campY+22, campX-60, campY-8)
	return pic
}

func (f *fireScene) drawBack(canvas, *stage) {}

func (f *fireScene) script() []scripted { return nil }

func (f *fireScene) shot() shotTimes { return shotTimes{at: 2, from: 0, to: 2.5} }
