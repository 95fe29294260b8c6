package effectfile

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/emberfx/ember/texture"
)

// writePNG writes a w × h transparent image to path.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, image.NewNRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
}

// TestLoadWithImages: the images' problems come with the file's others, at the
// lines of their fields.
func TestLoadWithImages(t *testing.T) {
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "spark.png"), 4, 4)
	effect := filepath.Join(dir, "fx.yaml")
	if err := os.WriteFile(effect, []byte("Rate: 5\nTexture: spark.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	spec, tex, strip, err := LoadWithImages(effect, nil)
	if err != nil || spec.Rate != 5 || tex.Bounds().Dx() != 4 || strip != nil {
		t.Errorf("a good file: %v, Rate %v, texture %v, strip %v", err, spec.Rate, tex, strip)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("Rate: -1\nColorStrip: ../strip.png\nTexture: missing.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, tex, _, err = LoadWithImages(bad, &texture.LoadOptions{Confine: true})
	want := bad + ":1: Rate: -1 is out of range [0, 1e+06]\n" +
		bad + `:2: ColorStrip: "../strip.png": names no file in the effect file's folder (images are confined to it)` + "\n" +
		bad + `:3: Texture: "missing.png": names no file in the effect file's folder (images are confined to it)`
	if err == nil || err.Error() != want || tex != nil {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}
