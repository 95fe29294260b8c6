//go:build unix

package texture

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emberfx/ember/emitter"
)

// TestLoadNamedPipe: a Texture that is a named pipe is refused at once,
// confined or not; opening it would wait for a writer forever.
func TestLoadNamedPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	effect := filepath.Join(dir, "fx.yaml")
	for _, opts := range []*LoadOptions{nil, {Confine: true}} {
		done := make(chan error, 1)
		go func() {
			sp := emitter.DefaultSpec()
			sp.Texture = "pipe.png"
			_, _, err := LoadEffectImages(effect, &sp, opts)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.HasSuffix(err.Error(), "pipe.png: not a regular file (a named pipe)") {
				t.Errorf("confined %v: %v", opts != nil, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("confined %v: still waiting on the pipe after 10 s", opts != nil)
		}
	}
}
