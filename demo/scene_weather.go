package main

import (
	"image/color"
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
)

// weatherScene is a city street at night under snow, or rain: effects as
// wide as the screen, emitted downward from a line above it. Click the
// toggle (or press R) to switch.
type weatherScene struct {
	snow, rain []*binding
}

const groundY = 600.0

// The toggle button's rectangle.
const (
	toggleX, toggleY, toggleW, toggleH = 20.0, 150.0, 250.0, 40.0
)

func (*weatherScene) name() string  { return "weather" }
func (*weatherScene) title() string { return "Weather" }
func (*weatherScene) hint() string {
	return "Snow or rain over the whole screen: a host line as wide as it,\nEmissionDirection Bottom. Toggle with the button or R."
}

func (ws *weatherScene) build(s *stage) error {
	top := component.SpawnOptions{Play: true, X: screenW / 2, Y: -24, HostWidth: screenW, HostHeight: 100}
	for _, f := range []struct{ file, name string }{{"snow_far.yaml", "snow far"}, {"snow_near.yaml", "snow near"}} {
		o := top
		o.Name = f.name
		b, err := s.spawn(f.file, o, nil)
		if err != nil {
			return err
		}
		ws.snow = append(ws.snow, b)
	}
	o := top
	o.Name, o.Y = "rain", -60
	b, err := s.spawn("rain.yaml", o, nil)
	if err != nil {
		return err
	}
	ws.rain = append(ws.rain, b)
	b, err = s.spawn("splash.yaml", component.SpawnOptions{
		Name: "splashes", Play: true, X: screenW / 2, Y: groundY + 20, HostWidth: screenW, HostHeight: 40,
	}, nil)
	if err != nil {
		return err
	}
	ws.rain = append(ws.rain, b)
	// The sky has been snowing for a while: every effect starts 12 s into
	// its clock.
	for _, b := range s.binds {
		system.SetTime(s.world, b.entity, 12)
	}
	return nil
}

// raining reports whether the rain's stream is on at the current clock.
func (ws *weatherScene) raining(s *stage) bool {
	e := s.effect(ws.rain[0])
	return e != nil && e.Enabled()
}

func (ws *weatherScene) move(*stage) {}

func (ws *weatherScene) act(s *stage, in *input) {
	click := in.pressed && inRect(in.x, in.y, toggleX, toggleY, toggleW, toggleH)
	if !click && !in.toggle {
		return
	}
	rain := !ws.raining(s)
	for _, b := range ws.rain {
		if e := s.effect(b); e != nil {
			e.SetEnabled(rain)
		}
	}
	for _, b := range ws.snow {
		if e := s.effect(b); e != nil {
			e.SetEnabled(!rain)
		}
	}
}

func (ws *weatherScene) backdrop() *picture {
	return cachedPicture("weather.backdrop", func() *picture { return ws.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (ws *weatherScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, groundY, rgba(10, 14, 34, 255), rgba(44, 52, 84, 255))
	// Far and near buildings with lit windows.
	for layer, shade := range []color.NRGBA{rgba(30, 36, 62, 255), rgba(18, 22, 40, 255)} {
		x := -20.0
		for i := 0; x < screenW; i++ {
			w := 70 + 90*lattice(i, layer, 13)
			h := 160 + 260*lattice(i, layer+5, 13) - float64(layer)*60
			top := groundY - h
			rc.Rect(x, top, w-6, h, shade)
			for wy := top + 16; wy < groundY-30; wy += 26 {
				for wx := x + 10; wx < x+w-22; wx += 20 {
					if lattice(int(wx), int(wy), 17+layer) > 0.72 {
						rc.Rect(wx, wy, 9, 13, rgba(255, 210, 120, uint8(90+layer*70)))
					}
				}
			}
			x += w
		}
	}
	// The street, snowy kerb (drawBack wets it when it rains) and lamps.
	rc.VGradient(0, groundY, screenW, screenH-groundY, rgba(40, 44, 58, 255), rgba(20, 22, 30, 255))
	rc.Rect(0, groundY-6, screenW, 10, snowKerb)
	for _, x := range []float64{230, 760, 1180} {
		rc.glow(x, groundY-230, 220, rgba(255, 210, 140, 50))
		rc.glow(x, groundY+30, 160, rgba(255, 210, 140, 40))
		rc.Rect(x-4, groundY-230, 8, 230, rgba(20, 22, 28, 255))
		rc.RoundRect(x-24, groundY-244, 48, 14, 6, rgba(20, 22, 28, 255))
		rc.Circle(x, groundY-226, 8, rgba(255, 236, 190, 255))
	}
	return pic
}

// Kerb colours: snow-covered, and wet under rain.
var (
	snowKerb = rgba(200, 210, 230, 255)
	wetKerb  = rgba(52, 58, 76, 255)
	wetShine = rgba(120, 130, 160, 255)
)

func (ws *weatherScene) drawBack(c canvas, s *stage) {
	if !ws.raining(s) {
		return
	}
	// Wet street: the snow on the kerb is gone, it shines, and the lamps
	// reflect.
	c.Rect(0, groundY-6, screenW, 10, wetKerb)
	c.Rect(0, groundY-6, screenW, 2, wetShine)
	for _, x := range []float64{230, 760, 1180} {
		for i := range 6 {
			w := 26 - float64(i)*3
			c.Rect(x-w/2, groundY+12+float64(i)*12, w, 6, rgba(255, 220, 150, uint8(60-i*8)))
		}
	}
}

func (ws *weatherScene) drawFront(c canvas, s *stage) {
	label := "Switch to rain (R)"
	if ws.raining(s) {
		label = "Switch to snow (R)"
	}
	c.RoundRect(toggleX, toggleY, toggleW, toggleH, 10, rgba(255, 255, 255, 40))
	c.Text(toggleX+(toggleW-float64(textWidth(label, 2)))/2, toggleY+12, 2, label, hudInk)
	_ = math.Pi
}

func (ws *weatherScene) script() []scripted {
	return []scripted{{at: 3, x: toggleX + 20, y: toggleY + 20, press: true}}
}

func (ws *weatherScene) shot() shotTimes { return shotTimes{at: 2, from: 0.5, to: 4.5} }
