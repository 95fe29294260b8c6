package texture

import (
	"bytes"
	"image"
	"testing"
)

// TestPremultiplyPaths: the NRGBA fast path of Premultiply gives the bytes
// of the general path, (rgb·a + 127) / 255.
func TestPremultiplyPaths(t *testing.T) {
	n := image.NewNRGBA(image.Rect(3, 5, 19, 21))
	for i := range n.Pix {
		n.Pix[i] = uint8(i*37 + i/4*11)
	}
	fast := Premultiply(n)
	slow := Premultiply(struct{ image.Image }{n}) // hides the type
	if !bytes.Equal(fast.Pix, slow.Pix) || fast.Rect != image.Rect(0, 0, 16, 16) {
		t.Error("the NRGBA path differs from the general one")
	}
	c := n.NRGBAAt(4, 5)
	want := uint8((uint32(c.R)*uint32(c.A) + 127) / 255)
	if got := fast.RGBAAt(1, 0).R; got != want {
		t.Errorf("red %d, want (%d·%d + 127)/255 = %d", got, c.R, c.A, want)
	}
}
