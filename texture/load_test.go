package texture

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// writePNG writes a w × h opaque image to path.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestLoadEffectImages: paths are relative to the effect file; a missing
// or undecodable image is an error naming the effect file, the field and
// the image file.
func TestLoadEffectImages(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	writePNG(t, filepath.Join(dir, "art", "spark.png"), 64, 32)
	writePNG(t, filepath.Join(dir, "strip.png"), 16, 4)
	if err := os.WriteFile(filepath.Join(dir, "bad.png"), []byte("not an image"), 0o644); err != nil {
		t.Fatal(err)
	}
	effect := filepath.Join(dir, "fx.yaml")

	sp := emitter.DefaultSpec()
	sp.Texture, sp.ColorStrip = "art/spark.png", "strip.png"
	tex, strip, err := LoadEffectImages(effect, &sp)
	if err != nil {
		t.Fatal(err)
	}
	if tex.Bounds() != image.Rect(0, 0, 64, 32) || strip.Bounds() != image.Rect(0, 0, 16, 4) {
		t.Errorf("texture %v, strip %v; want 64x32 and 16x4", tex.Bounds(), strip.Bounds())
	}
	none := emitter.DefaultSpec()
	if tex, strip, err := LoadEffectImages(effect, &none); tex != nil || strip != nil || err != nil {
		t.Errorf("no images: %v %v %v", tex, strip, err)
	}

	cases := []struct {
		name string
		edit func(*emitter.Spec)
		want []string
	}{
		{"a missing texture", func(s *emitter.Spec) { s.Texture = "missing.png" },
			[]string{effect, `Texture "missing.png"`, filepath.Join(dir, "missing.png"), "no such file"}},
		{"an undecodable strip", func(s *emitter.Spec) { s.ColorStrip = "bad.png" },
			[]string{effect, `ColorStrip "bad.png"`, filepath.Join(dir, "bad.png"), "not a PNG, JPEG or GIF"}},
	}
	for _, c := range cases {
		sp := emitter.DefaultSpec()
		c.edit(&sp)
		_, _, err := LoadEffectImages(effect, &sp)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not name %q", c.name, err, w)
			}
		}
	}
}

// TestStrip: a strip samples its row along x at tau·(W - 1) + ½ on straight
// values; rows outside it are clamped and an empty image is no strip.
func TestStrip(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.SetNRGBA(0, 1, color.NRGBA{0, 0, 0, 255})
	img.SetNRGBA(1, 1, color.NRGBA{102, 51, 0, 255})
	img.SetNRGBA(2, 1, color.NRGBA{204, 255, 0, 51})
	s := NewStrip(img)
	if s.Rows() != 2 {
		t.Fatalf("%d rows, want 2", s.Rows())
	}
	cases := []struct {
		name      string
		row       int
		tau       float64
		r, g, a   float64
		tolerance float64
	}{
		{"the first column", 1, 0, 0, 0, 1, 0},
		{"the middle column", 1, 0.5, 0.4, 0.2, 1, 1e-15},
		{"halfway to the last", 1, 0.75, 0.6, 0.6, 0.6, 1e-15},
		{"the last column", 1, 1, 0.8, 1, 0.2, 1e-15},
		{"a row beyond the strip", 7, 1, 0.8, 1, 0.2, 1e-15},
		{"a row before it", -1, 0, 0, 0, 0, 0},
	}
	for _, c := range cases {
		col, a := s.Sample(c.row, c.tau)
		if d := max(abs(col.R-c.r), abs(col.G-c.g), abs(a-c.a)); d > c.tolerance {
			t.Errorf("%s: colour %+v alpha %v, want R %v G %v alpha %v", c.name, col, a, c.r, c.g, c.a)
		}
	}
	if NewStrip(image.NewNRGBA(image.Rect(0, 0, 0, 4))) != nil || NewStrip(nil) != nil {
		t.Error("an empty image must give no strip")
	}
}

func abs(v float64) float64 { return max(v, -v) }
