package texture

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
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
	tex, strip, err := LoadEffectImages(effect, &sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tex.Bounds() != image.Rect(0, 0, 64, 32) || strip.Bounds() != image.Rect(0, 0, 16, 4) {
		t.Errorf("texture %v, strip %v; want 64x32 and 16x4", tex.Bounds(), strip.Bounds())
	}
	none := emitter.DefaultSpec()
	if tex, strip, err := LoadEffectImages(effect, &none, nil); tex != nil || strip != nil || err != nil {
		t.Errorf("no images: %v %v %v", tex, strip, err)
	}

	cases := []struct {
		name string
		edit func(*emitter.Spec)
		want []string
	}{
		{"a missing texture", func(s *emitter.Spec) { s.Texture = "missing.png" },
			[]string{effect + `: Texture: "missing.png": cannot read ` + filepath.Join(dir, "missing.png") + ": no such file or directory"}},
		{"an undecodable strip", func(s *emitter.Spec) { s.ColorStrip = "bad.png" },
			[]string{effect + `: ColorStrip: "bad.png": ` + filepath.Join(dir, "bad.png") + " is not a PNG, JPEG or GIF image that can be decoded (image: unknown format)"}},
		{"both", func(s *emitter.Spec) { s.Texture, s.ColorStrip = "missing.png", "bad.png" },
			[]string{`Texture: "missing.png"`, `ColorStrip: "bad.png"`}},
	}
	for _, c := range cases {
		sp := emitter.DefaultSpec()
		c.edit(&sp)
		_, _, err := LoadEffectImages(effect, &sp, nil)
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

// pngHeader returns the start of a PNG file of w × h pixels of 16-bit
// RGBA: the signature and the IHDR chunk, which is all DecodeConfig reads.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(typ), data...)
		b.Write(body)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 16, 6, 0, 0, 0) // 16 bits, RGBA, deflate, no filter, no interlace
	chunk("IHDR", ihdr)
	// A few kilobytes of the zero rows such a file would hold: enough for
	// a decoder to allocate the whole image before it runs out of data.
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 1<<20))
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

// TestLoadSize: an image is checked against MaxEdge from its header,
// before anything is decoded; one of 8192 × 8192 pixels at 16 bits (512
// MiB decoded) from a file of a few kilobytes allocates almost nothing, and
// one at the limit decodes.
func TestLoadSize(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name string
		w, h uint32
		want string
	}{
		{"wide.png", 20000, 2, "is 20000x2 pixels; an image is at most 2048 pixels on a side"},
		{"tall.png", 1, 2049, "is 1x2049 pixels; an image is at most 2048 pixels on a side"},
		{"huge.png", 8192, 8192, "is 8192x8192 pixels; an image is at most 2048 pixels on a side"},
	}
	for _, c := range cases {
		p := write(c.name, pngHeader(c.w, c.h))
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Load(p)
		runtime.ReadMemStats(&after)
		if err == nil || err.Error() != p+" "+c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%s: refusing it allocated %d bytes", c.name, got)
		}
	}
	edge := filepath.Join(dir, "edge.png")
	writePNG(t, edge, MaxEdge, 1)
	if img, err := Load(edge); err != nil || img.Bounds().Dx() != MaxEdge {
		t.Errorf("an image at the limit: %v", err)
	}
	if _, err := Load(write("empty.png", pngHeader(0, 4))); err == nil {
		t.Error("an empty image loads")
	}
}

// TestLoadConfined: with Confine, images load from the effect file's
// folder and below it, and every path that leads elsewhere, or nowhere,
// gets the one same problem, whether or not a file is there.
func TestLoadConfined(t *testing.T) {
	dir := t.TempDir()
	fx := filepath.Join(dir, "fx")
	if err := os.MkdirAll(filepath.Join(fx, "art"), 0o755); err != nil {
		t.Fatal(err)
	}
	writePNG(t, filepath.Join(fx, "art", "spark.png"), 8, 8)
	writePNG(t, filepath.Join(dir, "outside.png"), 8, 8)
	if err := os.WriteFile(filepath.Join(fx, "notes.txt"), []byte("not an image"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"out.png": "../outside.png", "gone.png": "../missing.png", "in.png": "art/spark.png"} {
		if err := os.Symlink(to, filepath.Join(fx, link)); err != nil {
			t.Fatal(err)
		}
	}
	effect := filepath.Join(fx, "fire.yaml")
	confine := &LoadOptions{Confine: true}
	for _, name := range []string{"art/spark.png", "in.png", "./art/../art/spark.png"} {
		sp := emitter.DefaultSpec()
		sp.Texture = name
		if tex, _, err := LoadEffectImages(effect, &sp, confine); err != nil || tex.Bounds().Dx() != 8 {
			t.Errorf("%s: %v", name, err)
		}
	}
	outside := []string{"../outside.png", "../missing.png", filepath.Join(dir, "outside.png"), "/etc/passwd", "out.png", "gone.png", "missing.png", "art/../../outside.png"}
	for _, name := range outside {
		sp := emitter.DefaultSpec()
		sp.ColorStrip = name
		want := effect + `: ColorStrip: "` + name + `": names no file in the effect file's folder (images are confined to it)`
		if _, _, err := LoadEffectImages(effect, &sp, confine); err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", name, err, want)
		}
	}
	sp := emitter.DefaultSpec()
	sp.Texture = "notes.txt"
	if _, _, err := LoadEffectImages(effect, &sp, confine); err == nil || !strings.Contains(err.Error(), "notes.txt is not a PNG, JPEG or GIF image") {
		t.Errorf("a file in the folder that is not an image: %v", err)
	}
	// Without Confine the same paths reach out of the folder.
	sp.Texture = "../outside.png"
	if _, _, err := LoadEffectImages(effect, &sp, nil); err != nil {
		t.Errorf("unconfined: %v", err)
	}
}

// TestImagePath: an effect's image name is slash-separated and relative
// to the effect file's folder; an absolute name is kept.
func TestImagePath(t *testing.T) {
	for _, c := range []struct{ dir, name, want string }{
		{"fx", "flame.png", filepath.Join("fx", "flame.png")},
		{"fx", "img/sub/flame.png", filepath.Join("fx", "img", "sub", "flame.png")},
		{"fx", "../shared/flame.png", filepath.Join("shared", "flame.png")},
		{".", "flame.png", "flame.png"},
		{"fx", "/abs/flame.png", filepath.FromSlash("/abs/flame.png")},
	} {
		if got := ImagePath(c.dir, c.name); got != c.want {
			t.Errorf("ImagePath(%q, %q) = %q, want %q", c.dir, c.name, got, c.want)
		}
	}
}
