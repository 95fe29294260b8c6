package main

import (
	"fmt"
	"image/color"
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
)

// buttonScene is a game UI's reward button: glints twinkle on it, a shine
// sweeps across it, and clicking it (or Enter) fires a confetti burst and a
// ring of glints.
type buttonScene struct {
	shine, confetti, glints *binding
	hover, held             bool
}

// The button's rectangle.
const (
	btnW, btnH = 380.0, 112.0
	btnX, btnY = (screenW - btnW) / 2, 448.0
)

func (*buttonScene) name() string  { return "button" }
func (*buttonScene) title() string { return "Reward button" }
func (*buttonScene) hint() string {
	return "Click the button (or Enter) for a confetti burst:\nColorStrip colours, spread 180, gravity, drag, squash flips"
}

func (b *buttonScene) build(s *stage) error {
	cx, cy := btnX+btnW/2, btnY+btnH/2
	var err error
	if b.shine, err = s.spawn("button_shine.yaml", component.SpawnOptions{
		Name: "shine", Play: true, X: cx, Y: cy, HostWidth: btnW, HostHeight: btnH,
	}, nil); err != nil {
		return err
	}
	if b.glints, err = s.spawn("reward_glints.yaml", component.SpawnOptions{
		Name: "glints", Play: true, X: cx, Y: cy, HostWidth: btnW, HostHeight: btnH,
	}, nil); err != nil {
		return err
	}
	b.confetti, err = s.spawn("confetti.yaml", component.SpawnOptions{
		Name: "confetti", Play: true, Seed: 3, X: cx, Y: cy - 10, HostWidth: btnW, HostHeight: btnH,
	}, nil)
	return err
}

func (b *buttonScene) move(*stage) {}

// over reports whether (x, y) is on the button.
func (b *buttonScene) over(x, y float64) bool {
	return roundRectSDF(btnX, btnY, btnW, btnH, btnH/2)(x, y) <= 0
}

func (b *buttonScene) act(s *stage, in *input) {
	b.hover = b.over(in.x, in.y)
	if in.pressed && b.hover {
		b.held = true
	}
	if !in.down {
		b.held = false
	}
	if (in.pressed && b.hover) || in.action {
		system.Emit(s.world, b.confetti.entity, 240)
		system.Emit(s.world, b.glints.entity, 36)
	}
}

func (b *buttonScene) backdrop() *picture {
	return cachedPicture("button.backdrop", func() *picture { return b.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (b *buttonScene) paintBackdrop() *picture {
	p, rc := newPicture(screenW, screenH)
	rc.shade(0, 0, screenW, screenH, func(x, y float64) color.NRGBA {
		d := math.Hypot((x-screenW/2)/screenW, (y-380)/screenH)
		return mix(rgba(64, 40, 110, 255), rgba(14, 10, 30, 255), d*1.6)
	})
	// Light rays behind the panel.
	for i := range 12 {
		a0 := float64(i)/12*2*math.Pi + 0.1
		a1 := a0 + 0.12
		rc.Polygon([]pt{{640, 300}, {640 + 900*math.Cos(a0), 300 + 900*math.Sin(a0)}, {640 + 900*math.Cos(a1), 300 + 900*math.Sin(a1)}}, rgba(255, 220, 140, 10))
	}
	// The reward card.
	rc.RoundRect(360, 146, 560, 470, 28, rgba(0, 0, 0, 90))
	card := roundRectSDF(352, 136, 576, 470, 28)
	rc.shadeSDF(352, 136, 928, 606, func(x, y float64) color.NRGBA {
		return mix(rgba(58, 46, 104, 255), rgba(34, 26, 66, 255), (y-136)/470)
	}, card)
	rc.RoundRect(352, 136, 576, 64, 28, rgba(255, 255, 255, 18))
	title := "DAILY REWARD"
	rc.Text(640-float64(textWidth(title, 3))/2, 156, 3, title, rgba(255, 230, 160, 255))
	// A coin.
	rc.glow(640, 328, 150, rgba(255, 190, 60, 70))
	rc.Circle(640, 334, 78, rgba(150, 80, 10, 255))
	rc.shadeSDF(562, 250, 718, 406, func(x, y float64) color.NRGBA {
		return mix(rgba(255, 226, 110, 255), rgba(236, 150, 30, 255), (y-250)/156)
	}, func(x, y float64) float64 { return math.Hypot(x-640, y-328) - 76 })
	rc.Circle(640, 328, 58, rgba(220, 130, 20, 255))
	rc.Circle(640, 330, 56, rgba(255, 206, 80, 255))
	star := starPoints(640, 330, 38, 16, 5, -math.Pi/2)
	rc.Polygon(star, rgba(255, 244, 190, 255))
	rc.Text(640-float64(textWidth("x 500", 2))/2, 416, 2, "x 500", rgba(255, 240, 200, 220))
	return p
}

// starPoints returns the corners of a star with n points.
func starPoints(cx, cy, r0, r1 float64, n int, phase float64) []pt {
	pts := make([]pt, 0, 2*n)
	for i := range 2 * n {
		r := r0
		if i%2 == 1 {
			r = r1
		}
		a := phase + float64(i)*math.Pi/float64(n)
		pts = append(pts, pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return pts
}

// face returns the button's picture for a state: 0 normal, 1 hover, 2
// pressed.
func (b *buttonScene) face(state int) *picture {
	return cachedPicture(fmt.Sprintf("button.face.%d", state), func() *picture { return b.paintFace(state) })
}

// paintFace draws the picture face returns.
func (b *buttonScene) paintFace(state int) *picture {
	const pad = 12
	p, rc := newPicture(int(btnW)+2*pad, int(btnH)+2*pad)
	top, bot := rgba(255, 214, 92, 255), rgba(232, 128, 24, 255)
	if state == 1 {
		top, bot = rgba(255, 230, 130, 255), rgba(246, 150, 40, 255)
	}
	if state == 2 {
		top, bot = rgba(236, 170, 60, 255), rgba(210, 110, 20, 255)
	}
	x, y := float64(pad), float64(pad)
	rc.RoundRect(x, y, btnW, btnH, btnH/2, rgba(120, 56, 6, 255))
	rc.shadeSDF(x, y, x+btnW, y+btnH, func(px, py float64) color.NRGBA {
		return mix(top, bot, (py-y)/btnH)
	}, roundRectSDF(x+4, y+4, btnW-8, btnH-8, btnH/2-4))
	// Gloss on the upper half.
	rc.RoundRect(x+18, y+9, btnW-36, btnH*0.38, btnH*0.19, rgba(255, 255, 255, 70))
	label := "CLAIM!"
	tw := float64(textWidth(label, 5))
	rc.Text(x+(btnW-tw)/2+2, y+btnH/2-20+3, 5, label, rgba(120, 50, 0, 160))
	rc.Text(x+(btnW-tw)/2, y+btnH/2-20, 5, label, rgba(255, 252, 235, 255))
	return p
}

func (b *buttonScene) drawBack(c canvas, s *stage) {
	state, dy := 0, 0.0
	if b.hover {
		state = 1
	}
	if b.held && b.hover {
		state, dy = 2, 4
	}
	// Drop shadow, then the face.
	c.RoundRect(btnX+4, btnY+12, btnW-8, btnH, btnH/2, rgba(0, 0, 0, 110))
	c.Picture(b.face(state), btnX-12, btnY-12+dy)
	// The shine: a slanted band sweeping across every 3 s, clipped to the
	// button.
	const period, sweep = 3.0, 0.7
	ph := math.Mod(s.now(), period) / sweep
	if ph < 1 {
		x := btnX - 80 + (btnW+160)*ph
		band := []pt{{x, btnY + dy}, {x + 46, btnY + dy}, {x + 6, btnY + btnH + dy}, {x - 40, btnY + btnH + dy}}
		if clipped := clipConvex(band, pillPoints(btnX+5, btnY+5+dy, btnW-10, btnH-10)); len(clipped) > 2 {
			c.Polygon(clipped, rgba(255, 255, 255, 90))
		}
	}
}

func (b *buttonScene) drawFront(c canvas, s *stage) {
	msg := "click me"
	c.Text(640-float64(textWidth(msg, 2))/2, btnY+btnH+30, 2, msg, rgba(220, 210, 255, 150))
}

func (b *buttonScene) script() []scripted {
	cx, cy := btnX+btnW/2, btnY+btnH/2
	return []scripted{
		{at: 0.2, x: cx + 40, y: cy},
		{at: 0.5, x: cx + 40, y: cy, press: true},
		{at: 0.6, x: cx + 60, y: cy + 5},
		{at: 3.5, x: cx - 30, y: cy, press: true},
		{at: 3.6, x: cx - 20, y: cy + 5},
	}
}

func (b *buttonScene) shot() shotTimes { return shotTimes{at: 1.15, from: 0.3, to: 3.1} }

// pillPoints returns a polygon approximating a pill (a rectangle with fully
// rounded ends), clockwise on screen.
func pillPoints(x, y, w, h float64) []pt {
	r := h / 2
	var pts []pt
	const n = 16
	for i := 0; i <= n; i++ { // right end, top to bottom
		a := -math.Pi/2 + math.Pi*float64(i)/n
		pts = append(pts, pt{x + w - r + r*math.Cos(a), y + r + r*math.Sin(a)})
	}
	for i := 0; i <= n; i++ { // left end, bottom to top
		a := math.Pi/2 + math.Pi*float64(i)/n
		pts = append(pts, pt{x + r + r*math.Cos(a), y + r + r*math.Sin(a)})
	}
	return pts
}

// clipConvex clips polygon subject to the convex polygon clip
// (Sutherland–Hodgman); both are clockwise on screen.
func clipConvex(subject, clip []pt) []pt {
	out := subject
	for i := range clip {
		a, b := clip[i], clip[(i+1)%len(clip)]
		inside := func(p pt) bool { return (b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X) >= 0 }
		in := out
		out = nil
		for j := range in {
			p, q := in[j], in[(j+1)%len(in)]
			pin, qin := inside(p), inside(q)
			if pin {
				out = append(out, p)
			}
			if pin != qin {
				// Intersection of pq with the line ab.
				d := (b.X-a.X)*(q.Y-p.Y) - (b.Y-a.Y)*(q.X-p.X)
				if d != 0 {
					t := ((a.X-p.X)*(b.Y-a.Y) - (a.Y-p.Y)*(b.X-a.X)) / -d
					out = append(out, pt{p.X + t*(q.X-p.X), p.Y + t*(q.Y-p.Y)})
				}
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}
