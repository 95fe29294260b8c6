package raster

import (
	"image"
	"image/color"
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// StripRow returns the colour-strip row of the particle whose stream hash is
// stream, in a strip of rows rows: floor(rows · u(stream, ChannelStrip)).
//
// It is computed as the GPU computes it (docs/appearance.md, section 7), in
// integers from the 16-bit halves of the roll,
// (rows·hi + ((rows·lo) >> 16)) >> 16, which equals the float64
// int(float64(rows) · emitter.Unit(stream, emitter.ChannelStrip)) exactly.
// The GPU's 32-bit integers hold it for rows up to 4096; here the integers
// are 64-bit and any positive rows works. rows <= 0 gives 0.
func StripRow(rows int, stream uint32) int {
	if rows <= 0 {
		return 0
	}
	bits := hash.Bits(stream, channel.Strip)
	n := uint64(rows)
	hi, lo := uint64(bits>>16), uint64(bits&0xffff)
	return int((n*hi + (n*lo)>>16) >> 16)
}

// sampleStrip samples row of the straight-alpha strip at normalized age
// tau: column position tau·(W - 1) + ½, bilinear along x only, the row's
// texel centre in y. It returns the colour and the alpha, in [0, 1]. Colour
// and alpha are mixed as straight values: the strip multiplies the colour
// and the opacity, it is not composited.
func sampleStrip(s *image.NRGBA, row int, tau float64) (emitter.Color, float64) {
	w := s.Rect.Dx()
	row = min(max(row, 0), s.Rect.Dy()-1)
	p := tau * float64(w-1) // the sample position less the texel centre's ½
	f := math.Floor(p)
	a := p - f
	i0 := min(max(int(f), 0), w-1)
	i1 := min(max(int(f)+1, 0), w-1)
	t0 := s.Pix[row*s.Stride+i0*4:]
	t1 := s.Pix[row*s.Stride+i1*4:]
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
