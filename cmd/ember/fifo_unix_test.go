//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNamedPipes: an effect file, a Texture, a level, a Studio file, a
// texture map or an image it names that is a named pipe is refused at once
// by every command; opening one would wait for a writer
// forever.
func TestNamedPipes(t *testing.T) {
	dir := t.TempDir()
	pipe := func(name string) string {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fx := pipe("pipe.yaml")
	pipe("pipe.png")
	tex := writeFile(t, "tex.yaml", "Texture: pipe.png\n")
	texDir := filepath.Dir(tex)
	if err := syscall.Mkfifo(filepath.Join(texDir, "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	level := pipe("level.yaml")
	studio := writeFile(t, "one.rbxmx", `<roblox version="4"><Item class="ParticleEmitter"><Properties><string name="Name">E</string></Properties></Item></roblox>`)
	levelTex := filepath.Join(dir, "tex-level.yaml")
	if err := os.WriteFile(levelTex, []byte("presets: {p: {lifetime: 1, sprite: {frames: [t]}}}\ntextures: {t: pipe.png}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	texMap := writeFile(t, "map.yaml", "rbxassetid://5: "+filepath.Join(dir, "pipe.png")+"\n")
	out := filepath.Join(t.TempDir(), "out.png")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"validate", fx}, fx + ": cannot read the file: not a regular file (a named pipe)"},
		{[]string{"eval", fx, "--at", "1"}, fx + ": cannot read the file: not a regular file (a named pipe)"},
		{[]string{"bake", fx, "--at", "1", "-o", out}, fx + ": cannot read the file: not a regular file (a named pipe)"},
		{[]string{"validate", tex}, tex + `:1: Texture: "pipe.png": cannot read ` + filepath.Join(texDir, "pipe.png") + ": not a regular file (a named pipe)"},
		{[]string{"bake", tex, "--at", "1", "--allow-outside", "-o", out}, tex + `:1: Texture: "pipe.png": cannot read ` + filepath.Join(texDir, "pipe.png") + ": not a regular file (a named pipe)"},
		{[]string{"world", "validate", level}, "not a regular file (a named pipe)"},
		{[]string{"world", "validate", levelTex}, "cannot read pipe.png: not a regular file (a named pipe)"},
		{[]string{"import", pipe("pipe.rbxm")}, "not a regular file (a named pipe)"},
		{[]string{"import", studio, "-o", t.TempDir(), "--textures", pipe("map.yaml")}, "not a regular file (a named pipe)"},
		{[]string{"import", studio, "-o", t.TempDir(), "--textures", texMap}, filepath.Join(dir, "pipe.png") + " is not a readable file"},
	}
	for _, c := range cases {
		done := make(chan string, 1)
		go func() {
			_, _, stderr := runCLI(c.args...)
			done <- stderr
		}()
		select {
		case stderr := <-done:
			if !strings.Contains(stderr, c.want) {
				t.Errorf("%q: stderr %q, want %q", c.args, stderr, c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q: still waiting on the pipe after 10 s", c.args)
		}
	}
}
