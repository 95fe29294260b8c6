//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBakePartialWrite: a bake whose file cannot be written whole (here a
// file size limit of 1000 bytes, as a full disk would) exits 1 naming
// the error and leaves no partial file. The Go runtime ignores SIGXFSZ,
// so the write past the limit fails with EFBIG.
func TestBakePartialWrite(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	dir := t.TempDir()
	out := filepath.Join(dir, "frame.png")
	old := filepath.Join(dir, "old.png")
	if err := os.WriteFile(old, []byte("an older frame"), 0o644); err != nil {
		t.Fatal(err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	small := lim
	small.Cur = 1000
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &small); err != nil {
		t.Skip(err)
	}
	status1, _, stderr1 := runCLI("bake", fx, "--at", "1", "-o", out)
	status2, _, stderr2 := runCLI("bake", fx, "--at", "1", "-o", old)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path   string
		status int
		stderr string
	}{{out, status1, stderr1}, {old, status2, stderr2}} {
		if want := "ember bake: write " + c.path + ": file too large\n"; c.status != exitInvalid || c.stderr != want {
			t.Errorf("-o %s: status %d, stderr %q; want 1 and %q", c.path, c.status, c.stderr, want)
		}
		if _, err := os.Stat(c.path); !os.IsNotExist(err) {
			t.Errorf("-o %s: a partial file is left (%v)", c.path, err)
		}
	}
	// Under the limit the same bake is written.
	if status, _, stderr := runCLI("bake", fx, "--at", "1", "-o", out); status != exitOK || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || len(data) <= 1000 || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Errorf("%s: %v, %d bytes", out, err, len(data))
	}
}
