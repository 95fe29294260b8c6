package world

import (
	"crypto/sha256"
	"image"
	"image/color"
	"testing"
)

// TestTextureDigest checks the digest against the SHA-256 of the pixel bytes
// written out by hand, for the image kinds PNG decoding gives.
func TestTextureDigest(t *testing.T) {
	// 2×2, straight alpha: opaque red, half-transparent green, a clear
	// pixel with colour, opaque white.
	px := []byte{255, 0, 0, 255, 0, 255, 0, 128, 10, 20, 30, 0, 255, 255, 255, 255}
	want := sha256.Sum256(px)

	nrgba := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	copy(nrgba.Pix, px)
	if got := TextureDigest(nrgba); got != want {
		t.Errorf("NRGBA: %x, want %x", got, want)
	}
	// A sub-image starts at its own top left.
	big := image.NewNRGBA(image.Rect(0, 0, 3, 3))
	for y := range 2 {
		copy(big.Pix[big.PixOffset(1, 1+y):], px[8*y:8*y+8])
	}
	if got := TextureDigest(big.SubImage(image.Rect(1, 1, 3, 3))); got != want {
		t.Errorf("NRGBA sub-image: %x, want %x", got, want)
	}
	// 16-bit straight alpha keeps each channel's high byte.
	n64 := image.NewNRGBA64(image.Rect(0, 0, 2, 2))
	for i, v := range px {
		n64.Pix[2*i], n64.Pix[2*i+1] = v, 0x7f
	}
	if got := TextureDigest(n64); got != want {
		t.Errorf("NRGBA64: %x, want %x", got, want)
	}
	// Grey and paletted images become RGBA.
	gray := image.NewGray(image.Rect(0, 0, 2, 1))
	gray.Pix[0], gray.Pix[1] = 0, 200
	if got, want := TextureDigest(gray), sha256.Sum256([]byte{0, 0, 0, 255, 200, 200, 200, 255}); got != want {
		t.Errorf("Gray: %x, want %x", got, want)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 2, 1), color.Palette{color.NRGBA{1, 2, 3, 255}, color.NRGBA{0, 0, 0, 0}})
	pal.Pix[0], pal.Pix[1] = 0, 1
	if got, want := TextureDigest(pal), sha256.Sum256([]byte{1, 2, 3, 255, 0, 0, 0, 0}); got != want {
		t.Errorf("Paletted: %x, want %x", got, want)
	}
}
