package bake

import (
	"image"
	"image/color"
	"sort"
)

// quantBits is the precision per channel of Quantize's histogram.
const quantBits = 5

// Quantize chooses a palette of at most 256 opaque colours for the
// premultiplied colour (the picture over black; alpha is ignored) of imgs,
// by median cut, and returns it with the function that maps a colour to its
// palette index.
//
// Colours are counted in a histogram of 5 bits per channel. Starting from one
// box holding every occupied histogram cell, the most populous box that
// holds more than one cell is split across its longest side at the
// population's median, until there are 256 boxes or none can split. Each
// box's colour is the mean of the pixels in it, and each pixel maps to the
// box its cell fell in. Ties are broken by position, so the result depends
// only on the pixels: a scene with at most 256 distinct 5-bit cells keeps
// every cell's mean colour.
func Quantize(imgs []*image.RGBA) (color.Palette, func(r, g, b uint8) uint8) {
	const cells = 1 << (3 * quantBits)
	type cell struct{ n, r, g, b uint64 }
	hist := make([]cell, cells)
	key := func(r, g, b uint8) int {
		const s = 8 - quantBits
		return int(r>>s)<<(2*quantBits) | int(g>>s)<<quantBits | int(b>>s)
	}
	for _, img := range imgs {
		b := img.Rect
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
			for i := 0; i < len(row); i += 4 {
				c := &hist[key(row[i], row[i+1], row[i+2])]
				c.n++
				c.r += uint64(row[i])
				c.g += uint64(row[i+1])
				c.b += uint64(row[i+2])
			}
		}
	}
	var used []int
	for k := range hist {
		if hist[k].n > 0 {
			used = append(used, k)
		}
	}
	if len(used) == 0 {
		used = append(used, 0)
		hist[0].n = 1
	}
	// coord is cell k's position on axis a (0 red, 1 green, 2 blue).
	coord := func(k, a int) int { return k >> (quantBits * (2 - a)) & (1<<quantBits - 1) }
	type box struct {
		lo, hi int // used[lo:hi]
		n      uint64
	}
	boxes := []box{{0, len(used), 0}}
	for _, k := range used {
		boxes[0].n += hist[k].n
	}
	for len(boxes) < 256 {
		best := -1
		for i, bx := range boxes {
			if bx.hi-bx.lo > 1 && (best < 0 || bx.n > boxes[best].n) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		bx := boxes[best]
		part := used[bx.lo:bx.hi]
		axis, span := 0, -1
		for a := 0; a < 3; a++ {
			lo, hi := 1<<quantBits, -1
			for _, k := range part {
				c := coord(k, a)
				lo, hi = min(lo, c), max(hi, c)
			}
			if hi-lo > span {
				axis, span = a, hi-lo
			}
		}
		sort.Slice(part, func(i, j int) bool {
			ci, cj := coord(part[i], axis), coord(part[j], axis)
			if ci != cj {
				return ci < cj
			}
			return part[i] < part[j]
		})
		// Split after the cell where the running population reaches
		// half, keeping both halves non-empty.
		var run uint64
		cut := 1
		for i, k := range part[:len(part)-1] {
			run += hist[k].n
			cut = i + 1
			if 2*run >= bx.n {
				break
			}
		}
		left := box{bx.lo, bx.lo + cut, run}
		right := box{bx.lo + cut, bx.hi, bx.n - run}
		boxes[best] = left
		boxes = append(boxes, right)
	}
	pal := make(color.Palette, len(boxes))
	index := make([]uint8, cells)
	for i, bx := range boxes {
		var n, r, g, b uint64
		for _, k := range used[bx.lo:bx.hi] {
			c := hist[k]
			n, r, g, b = n+c.n, r+c.r, g+c.g, b+c.b
			index[k] = uint8(i)
		}
		pal[i] = color.RGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((b + n/2) / n), 255}
	}
	return pal, func(r, g, b uint8) uint8 { return index[key(r, g, b)] }
}
