package layerdraw

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// The drawing tests run inside a hidden Ebitengine game, so that draw
// commands flush and ReadPixels works. Without a display they skip, unless
// EMBER_REQUIRE_DISPLAY=1 makes that a failure. Run them with
// xvfb-run -a go test ./system/layerdraw/

// inGame is true while the tests run inside the game's Update.
var inGame bool

type testGame struct {
	m    *testing.M
	ran  bool
	code int
}

func (g *testGame) Update() error {
	if !g.ran {
		g.ran = true
		inGame = true
		g.code = g.m.Run()
		inGame = false
	}
	return ebiten.Termination
}

func (g *testGame) Draw(*ebiten.Image) {}

func (g *testGame) Layout(int, int) (int, int) { return 16, 16 }

func TestMain(m *testing.M) {
	g := &testGame{m: m}
	var err error
	if os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" {
		ebiten.SetWindowSize(16, 16)
		ebiten.SetWindowTitle("ember layerdraw tests")
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
		fmt.Fprintf(os.Stderr, "layerdraw: EMBER_REQUIRE_DISPLAY=1 but the test game could not start (%v); run under xvfb-run -a\n", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "layerdraw: no display (%v): drawing tests skip\n", err)
	os.Exit(m.Run())
}

// needDisplay skips a test that needs a running game.
func needDisplay(tb testing.TB) {
	tb.Helper()
	if !inGame {
		tb.Skip("needs a display: run under xvfb-run -a (EMBER_REQUIRE_DISPLAY=1 makes this a failure)")
	}
}
