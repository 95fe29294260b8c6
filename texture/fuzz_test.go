package texture

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

// encoded returns img encoded by enc.
func encoded(tb testing.TB, img image.Image, enc func(*bytes.Buffer, image.Image) error) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// FuzzDecode decodes arbitrary bytes as Load does: no input may panic, and
// an image that decodes has 1 to MaxEdge pixels on a side and serves as a
// texture (Premultiply) and a strip (NewStrip, Sample).
func FuzzDecode(f *testing.F) {
	nrgba := image.NewNRGBA(image.Rect(0, 0, 5, 3))
	for i := range nrgba.Pix {
		nrgba.Pix[i] = uint8(i * 29)
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 4, 4))
	deep.SetNRGBA64(1, 1, color.NRGBA64{R: 0xffff, A: 0x8000})
	pal := image.NewPaletted(image.Rect(0, 0, 3, 3), color.Palette{color.Black, color.White})
	png16 := func(b *bytes.Buffer, img image.Image) error { return png.Encode(b, img) }
	for _, seed := range [][]byte{
		encoded(f, nrgba, png16),
		encoded(f, deep, png16),
		encoded(f, image.NewGray(image.Rect(0, 0, 2, 7)), png16),
		encoded(f, pal, func(b *bytes.Buffer, img image.Image) error { return gif.Encode(b, img, nil) }),
		encoded(f, nrgba, func(b *bytes.Buffer, img image.Image) error { return jpeg.Encode(b, img, nil) }),
		pngHeader(20000, 2),
		pngHeader(8192, 8192),
		pngHeader(0, 4),
		[]byte("GIF89a but not really"),
		[]byte("\x89PNG\r\n\x1a\n"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := decode(bytes.NewReader(data), "f.png")
		if err != nil {
			if img != nil {
				t.Fatal("an image with an error")
			}
			return
		}
		b := img.Bounds()
		if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > MaxEdge || b.Dy() > MaxEdge {
			t.Fatalf("decoded %v", b)
		}
		if p := Premultiply(img); p.Rect.Dx() != b.Dx() || p.Rect.Dy() != b.Dy() {
			t.Fatalf("premultiplied %v from %v", p.Rect, b)
		}
		s := NewStrip(img)
		for _, tau := range []float64{0, 0.5, 1} {
			if c, a := s.Sample(s.Rows()-1, tau); !(a >= 0 && a <= 1) || !(c.R >= 0 && c.R <= 1) {
				t.Fatalf("strip sample %v %v", c, a)
			}
		}
	})
}
