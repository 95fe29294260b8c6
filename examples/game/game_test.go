package main

import (
	"bytes"
	"math"
	"os"
	"regexp"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/internal/gametest"
	"github.com/emberfx/ember/system"
	"github.com/hajimehoshi/ebiten/v2"
)

// The game runs headlessly here: the tests run inside a hidden Ebitengine
// game (internal/gametest, under xvfb-run -a), which steps the same Game
// the window runs, Update and Draw, and reads back its pixels.
func TestMain(m *testing.M) { gametest.Main(m, "examples/game") }

// drawn returns the centroid of the screen's pixels that differ from the
// sky, and how many there are.
func drawn(screen *ebiten.Image) (x, y float64, n int) {
	pix := make([]byte, 4*screenW*screenH)
	screen.ReadPixels(pix)
	for i := 0; i < len(pix); i += 4 {
		if pix[i] != 18 || pix[i+1] != 16 || pix[i+2] != 30 {
			x += float64(i / 4 % screenW)
			y += float64(i / 4 / screenW)
			n++
		}
	}
	return x / float64(n), y / float64(n), n
}

// TestGame plays the game for two seconds and checks what the camera
// does to the picture: panning moves every effect the other way on
// screen, zooming spreads them about the screen's centre, and a strike at
// a scene point shows sparks where the camera puts that point.
func TestGame(t *testing.T) {
	gametest.Need(t)
	g, err := NewGame("../../demo/effects")
	if err != nil {
		t.Fatal(err)
	}
	screen := ebiten.NewImage(screenW, screenH)
	defer screen.Deallocate()
	for range 120 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := system.Find(g.world, "campfire"); !ok {
		t.Fatal("no campfire")
	}
	g.Draw(screen)
	x0, y0, n0 := drawn(screen)
	if n0 < 500 {
		t.Fatalf("only %d pixels drawn", n0)
	}
	// The campfire at scene (1000, 1060) and the torch at (860, 980),
	// the camera at (1000, 1000): the picture's centre of mass lies below
	// and left of the screen's centre.
	if !(x0 < screenW/2 && y0 > screenH/2) {
		t.Errorf("the effects' centroid (%.1f, %.1f) is not below left of the centre", x0, y0)
	}
	cases := []struct {
		name   string
		cam    camera.Camera
		wx, wy float64 // where the centroid should go
	}{
		{"pan", camera.Camera{X: 1100, Y: 950}, x0 - 100, y0 + 50},
		{"zoom", camera.Camera{X: 1000, Y: 1000, Zoom: 1.5}, screenW/2 + 1.5*(x0-screenW/2), screenH/2 + 1.5*(y0-screenH/2)},
		// Turned 180°: the picture turns a half turn about the centre.
		{"turn", camera.Camera{X: 1000, Y: 1000, Rotation: 180}, screenW - x0, screenH - y0},
	}
	start := g.camera
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g.camera = c.cam
			defer func() { g.camera = start }()
			g.Draw(screen) // the same clock, another view
			x, y, n := drawn(screen)
			// The clip at the screen's edges and pixel rounding move
			// the centroid a little.
			if math.Hypot(x-c.wx, y-c.wy) > 4 || n < n0/2 {
				t.Errorf("centroid (%.1f, %.1f) of %d pixels, want (%.1f, %.1f)", x, y, n, c.wx, c.wy)
			}
		})
	}

	// A strike at scene (1200, 900): with the camera at (1000, 1000) that
	// is screen (520, 140), in the empty upper right.
	region := func() int {
		pix := make([]byte, 4*screenW*screenH)
		screen.ReadPixels(pix)
		n := 0
		for y := 100; y < 180; y++ {
			for x := 480; x < 560; x++ {
				if i := 4 * (y*screenW + x); pix[i] != 18 || pix[i+1] != 16 || pix[i+2] != 30 {
					n++
				}
			}
		}
		return n
	}
	g.Draw(screen)
	if n := region(); n != 0 {
		t.Fatalf("%d pixels drawn where the strike will be, before it", n)
	}
	g.Strike(1200, 900)
	for range 6 {
		g.Update()
	}
	g.Draw(screen)
	if n := region(); n < 50 {
		t.Errorf("%d pixels of sparks around the strike's screen point", n)
	}
}

// TestREADME checks that the README's donburi program is this one.
func TestREADME(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(readme, -1) {
		if bytes.Contains(m[1], []byte("package main")) {
			if !bytes.Equal(m[1], src) {
				t.Error("the README's game differs from examples/game/main.go")
			}
			return
		}
	}
	t.Error("the README shows no game (a go block with package main)")
}
