package main

import (
	"bytes"
	"crypto/sha256"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/source"
)

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestResolveTexture(t *testing.T) {
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	writePNG(t, filepath.Join(dir, "textures", "a.png"), img)
	writePNG(t, filepath.Join(dir, "wide.png"), image.NewGray(image.Rect(0, 0, world.MaxTextureEdge+1, 1)))
	if err := os.WriteFile(filepath.Join(dir, "fake.png"), []byte("GIF89a, not a PNG at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &textureFiles{dir: filepath.Join(dir, "levels")}
	if err := os.Mkdir(r.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := r.ResolveTexture(source.Texture{Name: "a", Path: "./../textures//a.png"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "a" || got.Path != "../textures/a.png" || got.Width != 8 || got.Height != 8 || got.Digest != sha256.Sum256(img.Pix) {
		t.Errorf("resolved %+v", got)
	}
	for path, want := range map[string]string{
		"":                  "the path is empty; give the image file, relative to the level file's folder",
		"/etc/a.png":        `"/etc/a.png" is not a slash-separated path relative to the level file's folder`,
		`..\textures\a.png`: `"..\\textures\\a.png" is not a slash-separated path relative to the level file's folder`,
		"../missing.png":    "cannot read ../missing.png: no such file or directory",
		"../textures":       "cannot read ../textures: not a regular file (a directory)",
		"../fake.png":       "../fake.png is not a PNG image: png: invalid format: not a PNG file",
		"../wide.png":       "../wide.png is 4097×1 pixels; at most 4096 on a side",
	} {
		_, err := r.ResolveTexture(source.Texture{Name: "t", Path: path})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", path, err, want)
		}
	}
}
