//go:build unix

package readfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The tests make named pipes, which Windows does not have.

// TestOpen: regular files open; a named pipe, a directory and a device
// are refused at once, with ErrNotRegular and what they are, and a missing
// file is fs.ErrNotExist.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.yaml")
	if err := os.WriteFile(file, []byte("Rate: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path, want string
	}{
		{"a regular file", file, ""},
		{"a link to one", link, ""},
		{"a named pipe", fifo, "open " + fifo + ": not a regular file (a named pipe)"},
		{"a directory", dir, "open " + dir + ": not a regular file (a directory)"},
		{"a device", "/dev/zero", "open /dev/zero: not a regular file (a device)"},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() {
			data, err := Read(c.path, 100)
			if err == nil && string(data) != "Rate: 1\n" {
				t.Errorf("%s: read %q", c.name, data)
			}
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still opening after 10 s", c.name)
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || err.Error() != c.want || !errors.Is(err, ErrNotRegular)):
			t.Errorf("%s: error %v, want %q wrapping ErrNotRegular", c.name, err, c.want)
		}
	}
	if _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if got := Reason(&fs.PathError{Op: "open", Path: "x", Err: fs.ErrNotExist}); got != fs.ErrNotExist {
		t.Errorf("Reason: %v", got)
	}
}

// TestOpenIn: inside a root, regular files open, a named pipe is refused
// and names leaving the root's folder are errors.
func TestOpenIn(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "fx")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{filepath.Join(dir, "outside.png"), filepath.Join(sub, "inside.png")} {
		if err := os.WriteFile(name, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../outside.png", filepath.Join(sub, "escape.png")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(sub)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	f, err := OpenIn(root, "inside.png")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, name := range []string{"../outside.png", "escape.png", filepath.Join(dir, "outside.png")} {
		if f, err := OpenIn(root, name); err == nil {
			f.Close()
			t.Errorf("%s opened outside the root", name)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(sub, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenIn(root, "pipe.png"); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a named pipe in the root: %v", err)
	}
}
