// Package texture holds Ember's texture assets: loading the images an
// effect file names, premultiplying them the one way every renderer
// samples them, the built-in sprite of an effect with no Texture, and
// colour strips as the appearance stage samples them (docs/appearance.md,
// sections 2 and 3). Package leveltex does the same for world levels.
// Package render uploads what it makes, package raster samples it, and
// packages component and system load images with it. It is pure: it
// imports no engine and no geometry.
package texture

import (
	"image"
	"image/color"
	"math"
)

// Premultiply converts img to 8-bit premultiplied RGBA with the rounding
// every Ember renderer uses, rgb' = (rgb·a + 127) / 255, so the GPU path
// uploads and the reference rasterizer samples identical texels.
func Premultiply(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if n, ok := img.(*image.NRGBA); ok {
		// The common case (a decoded PNG with alpha), without a
		// conversion per pixel; the same bytes as the general path.
		for y := b.Min.Y; y < b.Max.Y; y++ {
			src := n.Pix[n.PixOffset(b.Min.X, y):n.PixOffset(b.Max.X, y)]
			dst := out.Pix[out.PixOffset(0, y-b.Min.Y):]
			for i := 0; i < len(src); i += 4 {
				a := uint32(src[i+3])
				dst[i+0] = uint8((uint32(src[i+0])*a + 127) / 255)
				dst[i+1] = uint8((uint32(src[i+1])*a + 127) / 255)
				dst[i+2] = uint8((uint32(src[i+2])*a + 127) / 255)
				dst[i+3] = src[i+3]
			}
		}
		return out
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			a := uint32(c.A)
			i := out.PixOffset(x-b.Min.X, y-b.Min.Y)
			out.Pix[i+0] = uint8((uint32(c.R)*a + 127) / 255)
			out.Pix[i+1] = uint8((uint32(c.G)*a + 127) / 255)
			out.Pix[i+2] = uint8((uint32(c.B)*a + 127) / 255)
			out.Pix[i+3] = c.A
		}
	}
	return out
}

// SpriteSize is the edge of the built-in sprite in pixels.
const SpriteSize = 64

// Sprite returns the built-in soft round sprite used when an effect has no
// Texture: white, premultiplied, with alpha 1 - (3d² - 2d³) for d < 1 and 0
// beyond, d being the distance of a texel's centre from the image centre in
// units of half the edge.
func Sprite() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, SpriteSize, SpriteSize))
	half := SpriteSize / 2.0
	for y := 0; y < SpriteSize; y++ {
		for x := 0; x < SpriteSize; x++ {
			d := math.Hypot(float64(x)+0.5-half, float64(y)+0.5-half) / half
			a := 0.0
			if d < 1 {
				a = 1 - (float64(3*d*d) - float64(2*d*d*d)) // exact if fused: d's division by 32
			}
			v := uint8(math.Round(a * 255))
			i := img.PixOffset(x, y)
			img.Pix[i+0], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = v, v, v, v
		}
	}
	return img
}
