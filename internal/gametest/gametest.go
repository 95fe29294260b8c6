// Package gametest runs a package's tests inside a hidden Ebitengine game,
// so that draw commands flush and ReadPixels works. Without a display the
// game cannot start: the tests then run outside it and those that need it
// skip, unless EMBER_REQUIRE_DISPLAY=1, which makes a missing display a
// failure. Run such packages under xvfb-run -a.
package gametest

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// inGame is true while the tests run inside the game's Update.
var inGame bool

type game struct {
	m    *testing.M
	ran  bool
	code int
}

func (g *game) Update() error {
	if !g.ran {
		g.ran = true
		inGame = true
		g.code = g.m.Run()
		inGame = false
	}
	return ebiten.Termination
}

func (g *game) Draw(*ebiten.Image) {}

func (g *game) Layout(int, int) (int, int) { return 16, 16 }

// Main is a TestMain: it runs m's tests (and benchmarks) in the first Update
// of a hidden 16 × 16 game, or outside it without a display, and exits.
// name labels its messages.
func Main(m *testing.M, name string) {
	g := &game{m: m}
	var err error
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		ebiten.SetWindowSize(16, 16)
		ebiten.SetWindowTitle("ember " + name + " tests")
		ebiten.SetWindowVisible(false)
		ebiten.SetVsyncEnabled(false)
		err = ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true})
	} else {
		err = fmt.Errorf("no DISPLAY")
	}
	if g.ran {
		os.Exit(g.code)
	}
	if os.Getenv("EMBER_REQUIRE_DISPLAY") == "1" {
		fmt.Fprintf(os.Stderr, "%s: EMBER_REQUIRE_DISPLAY=1 but the test game could not start (%v); run under xvfb-run -a\n", name, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "%s: no display (%v): tests that need one skip\n", name, err)
	os.Exit(m.Run())
}

// Need skips tb unless the tests run inside the game.
func Need(tb testing.TB) {
	tb.Helper()
	if !inGame {
		tb.Skip("needs a display: run under xvfb-run -a (EMBER_REQUIRE_DISPLAY=1 makes this a failure)")
	}
}
