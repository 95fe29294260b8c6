package world

import (
	"crypto/sha256"
	"image"
	"image/color"
)

// TextureDigest is a texture's Digest: the SHA-256 of img's straight-alpha
// 8-bit RGBA pixels, row by row from the top left of its bounds. 16-bit
// channels keep their high byte; other colour models are converted by
// color.NRGBAModel. A compiler computes it from the image file, and a
// renderer from what it loaded, to prove they are the same picture.
func TextureDigest(img image.Image) [32]byte {
	b := img.Bounds()
	h := sha256.New()
	row := make([]byte, 4*b.Dx())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		switch m := img.(type) {
		case *image.NRGBA:
			i := m.PixOffset(b.Min.X, y)
			copy(row, m.Pix[i:i+len(row)])
		case *image.NRGBA64:
			for x := b.Min.X; x < b.Max.X; x++ {
				i, j := m.PixOffset(x, y), 4*(x-b.Min.X)
				row[j], row[j+1], row[j+2], row[j+3] = m.Pix[i], m.Pix[i+2], m.Pix[i+4], m.Pix[i+6]
			}
		default:
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				j := 4 * (x - b.Min.X)
				row[j], row[j+1], row[j+2], row[j+3] = c.R, c.G, c.B, c.A
			}
		}
		h.Write(row)
	}
	var d [32]byte
	h.Sum(d[:0])
	return d
}
