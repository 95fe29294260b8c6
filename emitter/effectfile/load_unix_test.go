//go:build unix

package effectfile

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestLoadNamedPipe: a named pipe is refused at once; opening it for
// reading would wait for a writer forever.
func TestLoadNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fx.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if want := fifo + ": cannot read the file: not a regular file (a named pipe)"; err == nil || err.Error() != want {
			t.Errorf("got %v, want %s", err, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load of a named pipe still waiting after 10 s")
	}
}
