package layerdraw

import (
	"testing"

	"github.com/emberfx/ember/internal/gametest"
)

// The drawing tests run inside a hidden Ebitengine game (see gametest); run
// them with: xvfb-run -a go test ./system/layerdraw/

func TestMain(m *testing.M) { gametest.Main(m, "layerdraw") }

// needDisplay skips a test that needs a running game.
func needDisplay(tb testing.TB) {
	tb.Helper()
	gametest.Need(tb)
}
