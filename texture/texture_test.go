package texture

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
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

// TestNoStrip: the nil *Strip that NewStrip gives for an empty image is
// "no strip" wherever a strip goes: it has no rows, samples white and
// opaque, and AppendLooks draws with it exactly as with a nil strip. A NaN
// or infinite age samples an end of the strip, not a NaN colour.
func TestNoStrip(t *testing.T) {
	none := NewStrip(image.NewNRGBA(image.Rect(0, 0, 0, 3)))
	if none != nil || none.Rows() != 0 || new(Strip).Rows() != 0 {
		t.Fatalf("NewStrip of an empty image: %v, %d rows", none, none.Rows())
	}
	if c, a := none.Sample(0, 0.5); c != (emitter.Color{R: 1, G: 1, B: 1}) || a != 1 {
		t.Errorf("a nil strip samples %v, %v; want white, 1", c, a)
	}
	spec := emitter.DefaultSpec()
	spec.ColorStrip = "strip.png"
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, nil)
	if err != nil {
		t.Fatal(err)
	}
	e.Play()
	e.SetTime(1)
	ps := e.AppendParticles(nil)
	if len(ps) == 0 {
		t.Fatal("no particles")
	}
	if got, want := e.AppendLooks(nil, ps, none), e.AppendLooks(nil, ps, nil); !reflect.DeepEqual(got, want) {
		t.Error("a nil *Strip draws otherwise than no strip")
	}
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.SetNRGBA(0, 0, color.NRGBA{R: 255, A: 255})
	img.SetNRGBA(1, 0, color.NRGBA{B: 255, A: 255})
	s := NewStrip(img)
	for _, c := range []struct {
		tau  float64
		want emitter.Color
	}{{math.NaN(), emitter.Color{R: 1}}, {math.Inf(-1), emitter.Color{R: 1}}, {math.Inf(1), emitter.Color{B: 1}}} {
		if got, a := s.Sample(0, c.tau); got != c.want || a != 1 {
			t.Errorf("Sample(0, %v) = %v, %v; want %v, 1", c.tau, got, a, c.want)
		}
	}
}
