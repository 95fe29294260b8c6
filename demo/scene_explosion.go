package main

import (
	"image/color"
	"math"

	"github.com/emberfx/ember/component"
)

// explosionScene is a blast in a desert canyon: a flipbook fireball, a
// flash, debris, hot fragments, a dust ring and lingering smoke. It goes off
// every 3 seconds, and where you click.
type explosionScene struct {
	parts []burstPart
}

// burstPart is one effect of a multi-effect burst and how many particles
// each burst fires.
type burstPart struct {
	b *binding
	n int
}

// Where the scripted blasts go off, in turn.
var blastSpots = []pt{{640, 500}, {400, 520}, {880, 505}}

const (
	blastStart  = 0.25
	blastPeriod = 3.0
)

func (*explosionScene) name() string  { return "explosion" }
func (*explosionScene) title() string { return "Explosion" }
func (*explosionScene) hint() string {
	return "Flipbook fireball (Grid4x4, OneShot, FlipbookBlendFrames), debris,\nsparks, dust and smoke. Every 3 s, and where you click (or Enter)."
}

func (e *explosionScene) build(s *stage) error {
	files := []struct {
		file, name string
		n          int
		w, h       float64
	}{
		{"explosion_smoke.yaml", "smoke", 10, 200, 120},
		{"explosion_dust.yaml", "dust", 40, 300, 100},
		{"explosion.yaml", "fireball", 9, 180, 130},
		{"explosion_debris.yaml", "debris", 34, 120, 40},
		{"explosion_flash.yaml", "flash", 1, 100, 100},
		{"explosion_sparks.yaml", "fragments", 60, 100, 100},
	}
	for i, f := range files {
		b, err := s.spawn(f.file, component.SpawnOptions{
			Name: f.name, Play: true, Seed: uint32(10 + i), HostWidth: f.w, HostHeight: f.h,
		}, nil)
		if err != nil {
			return err
		}
		e.parts = append(e.parts, burstPart{b, f.n})
	}
	return nil
}

func (e *explosionScene) move(*stage) {}

func (e *explosionScene) act(s *stage, in *input) {
	if k, ok := s.freshEvery(blastStart, blastPeriod); ok {
		p := blastSpots[k%len(blastSpots)]
		e.blast(s, p.X, p.Y)
	}
	if in.pressed && in.y > topBarH && in.y < barY {
		e.blast(s, in.x, in.y)
	}
	if in.action {
		e.blast(s, 640, 500)
	}
}

// blast fires every part at (x, y).
func (e *explosionScene) blast(s *stage, x, y float64) {
	for _, p := range e.parts {
		strike(s, x, y, p.n, p.b)
	}
}

func (e *explosionScene) backdrop() *picture {
	return cachedPicture("explosion.backdrop", func() *picture { return e.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (e *explosionScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, 300, rgba(40, 28, 70, 255), rgba(190, 90, 70, 255))
	rc.VGradient(0, 300, screenW, 200, rgba(190, 90, 70, 255), rgba(250, 170, 90, 255))
	rc.glow(300, 430, 300, rgba(255, 220, 150, 90))
	// Mesas, far and near.
	far := []pt{{0, 500}}
	for x := 0.0; x <= screenW; x += 16 {
		h := 380 + 40*math.Sin(x/140) + 25*math.Sin(x/53+2)
		if math.Mod(x, 420) < 170 {
			h -= 60
		}
		far = append(far, pt{x, h})
	}
	far = append(far, pt{screenW, 500})
	rc.Polygon(far, rgba(150, 74, 70, 255))
	near := []pt{{0, 520}, {0, 330}, {150, 320}, {190, 360}, {230, 470}, {1040, 470}, {1080, 380}, {1120, 300}, {screenW, 290}, {screenW, 520}}
	rc.Polygon(near, rgba(96, 46, 48, 255))
	// The canyon floor.
	rc.shade(0, 470, screenW, screenH, func(x, y float64) color.NRGBA {
		t := (y - 470) / 250
		c := mix(rgba(196, 120, 80, 255), rgba(110, 60, 44, 255), t)
		return mix(c, rgba(120, 64, 46, 255), 0.35*smoothstep(0.45, 0.8, fbm(x/60, y/14, 3, 4)))
	})
	for i := range 14 {
		x := 40 + lattice(i, 1, 9)*1200
		y := 540 + lattice(i, 2, 9)*120
		r := 6 + 12*lattice(i, 3, 9)
		rc.Circle(x+3, y+3, r, rgba(60, 30, 24, 120))
		rc.Circle(x, y, r, rgba(120, 72, 54, 255))
	}
	return pic
}

func (e *explosionScene) drawBack(canvas, *stage)  {}
func (e *explosionScene) drawFront(canvas, *stage) {}

func (e *explosionScene) script() []scripted {
	return []scripted{{at: 1.7, x: 980, y: 540, press: true}}
}

func (e *explosionScene) shot() shotTimes { return shotTimes{at: 0.62, from: 0, to: 3.4} }
