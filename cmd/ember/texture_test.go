package main

import (
	"bytes"
	"crypto/sha256"
	"image"
	"image/color"
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

// TestPixelDigest checks the digest against the SHA-256 of the pixel bytes
// written out by hand, for the image kinds PNG decoding gives.
func TestPixelDigest(t *testing.T) {
	// 2×2, straight alpha: opaque red, half-transparent green, a clear
	// pixel with colour, opaque white.
	px := []byte{255, 0, 0, 255, 0, 255, 0, 128, 10, 20, 30, 0, 255, 255, 255, 255}
	want := sha256.Sum256(px)

	nrgba := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	copy(nrgba.Pix, px)
	if got := pixelDigest(nrgba); got != want {
		t.Errorf("NRGBA: %x, want %x", got, want)
	}
	// A sub-image starts at its own top left.
	big := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for y := range 2 {
		copy(big.Pix[big.PixOffset(1, 1+y):], px[8*y:8*y+8])
	}
	if got := pixelDigest(big.SubImage(image.Rect(1, 1, 3, 3))); got != want {
		t.Errorf("NRGBA sub-image: %x, want %x", got, want)
	}
	// 16-bit straight alpha keeps each channel's high byte.
	n64 := image.NewNRGBA64(image.Rect(0, 0, 2, 2))
	for i, v := range px {
		n64.Pix[2*i], n64.Pix[2*i+1] = v, 0x7f
	}
	if got := pixelDigest(n64); got != want {
		t.Errorf("NRGBA64: %x, want %x", got, want)
	}
	// Grey and paletted images become RGBA.
	gray := image.NewGray(image.Rect(0, 0, 2, 1))
	gray.Pix[0], gray.Pix[1] = 0, 200
	if got, want := pixelDigest(gray), sha256.Sum256([]byte{0, 0, 0, 255, 200, 200, 200, 255}); got != want {
		t.Errorf("Gray: %x, want %x", got, want)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 2, 1), color.Palette{color.NRGBA{1, 2, 3, 255}, color.NRGBA{0, 0, 0, 0}})
	pal.Pix[0], pal.Pix[1] = 0, 1
	if got, want := pixelDigest(pal), sha256.Sum256([]byte{1, 2, 3, 255, 0, 0, 0, 0}); got != want {
		t.Errorf("Paletted: %x, want %x", got, want)
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
		"../textures":       "cannot read ../textures: is a directory",
		"../fake.png":       "../fake.png is not a PNG image: png: invalid format: not a PNG file",
		"../wide.png":       "../wide.png is 4097×1 pixels; at most 4096 on a side",
	} {
		_, err := r.ResolveTexture(source.Texture{Name: "t", Path: path})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", path, err, want)
		}
	}
}
