package main

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/emberfx/ember/internal/gametest"
	"github.com/emberfx/ember/system"
	"github.com/hajimehoshi/ebiten/v2"
)

// The game runs headlessly inside a hidden Ebitengine game
// (internal/gametest, under xvfb-run -a), stepping the same Game the
// window runs.
func TestMain(m *testing.M) { gametest.Main(m, "examples/level") }

// lit returns the screen's pixels and how many are not the floor's colour.
func lit(screen *ebiten.Image) (pix []byte, n int) {
	pix = make([]byte, 4*screenW*screenH)
	screen.ReadPixels(pix)
	for i := 0; i < len(pix); i += 4 {
		if pix[i] != 20 || pix[i+1] != 18 || pix[i+2] != 24 {
			n++
		}
	}
	return pix, n
}

// TestLevel plays the level for two seconds: its clock is the world's;
// its particles show; panning the camera by one world unit moves them 36
// pixels (the zoom) the other way; and a seek back shows exactly the
// frame drawn on the way forward.
func TestLevel(t *testing.T) {
	gametest.Need(t)
	g, err := NewGame("../../demo/levels/keep.kwp")
	if err != nil {
		t.Fatal(err)
	}
	screen := ebiten.NewImage(screenW, screenH)
	defer screen.Deallocate()
	var atOne []byte
	for i := range 120 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if i == 59 {
			g.Draw(screen)
			atOne, _ = lit(screen)
		}
	}
	e, ok := system.FindLevel(g.world, "keep")
	if !ok {
		t.Fatal("no level keep")
	}
	if lt, _ := system.LevelTime(g.world, e); lt != 2 {
		t.Fatalf("level clock %v after 120 steps at 60 TPS, want 2", lt)
	}
	g.Draw(screen)
	before, n := lit(screen)
	if n < 300 {
		t.Fatalf("only %d pixels drawn", n)
	}
	g.camera.X++
	g.Draw(screen)
	after, _ := lit(screen)
	// Every pixel of the frame 36 pixels left of where it was, but for
	// the few whose coverage the quads' float32 corners decide otherwise.
	moved, differ := 0, 0
	for y := range screenH {
		for x := 36; x < screenW; x++ {
			i, j := 4*(y*screenW+x), 4*(y*screenW+x-36)
			if !bytes.Equal(before[i:i+4], []byte{20, 18, 24, 255}) {
				moved++
				if !bytes.Equal(before[i:i+4], after[j:j+4]) {
					differ++
				}
			}
		}
	}
	if moved < 300 || float64(differ) > 0.01*float64(moved) {
		t.Errorf("panning 1 unit east: %d of %d lit pixels are not 36 px left of where they were", differ, moved)
	}
	g.camera.X--
	system.Seek(g.world, 1)
	g.Draw(screen)
	if pix, _ := lit(screen); !bytes.Equal(pix, atOne) {
		t.Error("seeking back to 1 s shows another frame than stepping did")
	}
}

// TestREADME checks that the README's level program is this one.
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
		if bytes.Contains(m[1], []byte("package main")) && bytes.Contains(m[1], []byte("MountLevelFile")) {
			if !bytes.Equal(m[1], src) {
				t.Error("the README's level program differs from examples/level/main.go")
			}
			return
		}
	}
	t.Error("the README shows no level program (a go block with package main and MountLevelFile)")
}
