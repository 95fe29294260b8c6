package texture

import (
	"image"
	"image/color"
	"math"

	"github.com/emberfx/ember/emitter"
)

// Strip is a colour strip as the appearance stage samples it
// ([emitter.Strip]): its straight-alpha texels, one row per colour a
// particle may get (emitter.StripRow picks it). A Strip is read only and
// safe for concurrent use.
type Strip struct {
	pix *image.NRGBA // at origin (0, 0)
}

// NewStrip converts img, straight alpha, into a strip. An empty image gives
// nil: no strip (a nil *Strip has no rows, and the appearance stage treats
// a strip without rows as none).
func NewStrip(img image.Image) *Strip {
	if img == nil || img.Bounds().Empty() {
		return nil
	}
	return &Strip{pix: toNRGBA(img)}
}

// Rows returns the strip's row count, its height; 0 for a nil or zero
// Strip.
func (s *Strip) Rows() int {
	if s == nil || s.pix == nil {
		return 0
	}
	return s.pix.Rect.Dy()
}

// Sample samples row of the strip at normalized age tau (docs/appearance.md,
// section 3): column position tau·(W - 1) + ½, bilinear along x only, the
// row's texel centre in y. It returns the colour and the alpha, in [0, 1].
// Colour and alpha are mixed as straight values: the strip multiplies the
// colour and the opacity, it is not composited. A strip without rows
// samples white and opaque, as no strip would; a NaN tau samples the
// first column and an infinite one the end it points to.
func (s *Strip) Sample(row int, tau float64) (emitter.Color, float64) {
	if s.Rows() == 0 {
		return emitter.Color{R: 1, G: 1, B: 1}, 1
	}
	switch {
	case tau != tau || math.IsInf(tau, -1):
		tau = 0
	case math.IsInf(tau, 1):
		tau = 1
	}
	p := s.pix
	w := p.Rect.Dx()
	row = min(max(row, 0), p.Rect.Dy()-1)
	x := float64(tau * float64(w-1)) // the sample position less the texel centre's ½
	f := math.Floor(x)
	a := x - f
	i0 := min(max(int(f), 0), w-1)
	i1 := min(max(int(f)+1, 0), w-1)
	t0 := p.Pix[row*p.Stride+i0*4:]
	t1 := p.Pix[row*p.Stride+i1*4:]
	mix := func(c int) float64 {
		return (float64(float64(t0[c])*(1-a)) + float64(float64(t1[c])*a)) * (1.0 / 255)
	}
	return emitter.Color{R: mix(0), G: mix(1), B: mix(2)}, mix(3)
}

// toNRGBA converts img to straight-alpha NRGBA at origin (0, 0).
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			i := out.PixOffset(x-b.Min.X, y-b.Min.Y)
			out.Pix[i+0], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	return out
}
