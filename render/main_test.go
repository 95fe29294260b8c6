package render

import (
	"testing"

	"github.com/emberfx/ember/internal/gametest"
)

// The GPU tests run inside a hidden Ebitengine game (see gametest); run
// them with: xvfb-run -a go test ./render/

func TestMain(m *testing.M) { gametest.Main(m, "render") }

// needGPU skips a test that needs a running game.
func needGPU(tb testing.TB) {
	tb.Helper()
	gametest.Need(tb)
}
