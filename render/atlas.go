package render

import (
	"image"
	"image/color"
	"image/draw"
	"slices"

	"github.com/emberfx/ember/texture"
)

// pad is the gap in pixels left after every rectangle packed in a page. The
// shader clamps its taps to the rectangle (or the flipbook cell), so the
// gap is a safety margin, not a correctness requirement.
const pad = 1

// shelf is one row of a shelf packer: rectangles side by side at y, the
// tallest h high, the next one at x.
type shelf struct{ y, h, x int }

// packer is a shelf packer over a w × h page.
type packer struct {
	w, h    int
	shelves []shelf
	top     int // first free row below the shelves
}

// alloc finds room for a w × h rectangle (plus the padding) and returns its
// top-left corner. It picks the shelf that wastes the least height, and
// opens a new shelf when none fits or the best one would waste more than
// the rectangle's own height.
func (p *packer) alloc(w, h int) (x, y int, ok bool) {
	bw, bh := w+pad, h+pad
	if w <= 0 || h <= 0 || w > p.w || h > p.h {
		return 0, 0, false
	}
	best := -1
	for i, s := range p.shelves {
		if s.h >= bh && s.x+w <= p.w && (best < 0 || s.h < p.shelves[best].h) {
			best = i
		}
	}
	canOpen := p.top+h <= p.h
	if best >= 0 && (p.shelves[best].h-bh <= h || !canOpen) {
		s := &p.shelves[best]
		x, y = s.x, s.y
		s.x += bw
		return x, y, true
	}
	if !canOpen {
		return 0, 0, false
	}
	p.shelves = append(p.shelves, shelf{y: p.top, h: bh, x: bw})
	y = p.top
	p.top += bh
	return 0, y, true
}

// clone returns an independent copy of p, to try allocations.
func (p *packer) clone() packer {
	c := *p
	c.shelves = append([]shelf(nil), p.shelves...)
	return c
}

// placement is where an image lies: a page and a rectangle in it.
type placement struct {
	page int
	r    rect
}

// placedImage keys a placement: an image and how it was uploaded. One
// image can be one effect's texture (premultiplied) and another's strip
// (straight alpha): two placements of different texels.
type placedImage struct {
	img   image.Image
	strip bool
}

// atlas packs textures and colour strips into pages, caching placements by
// image identity and use. Creating a page and uploading pixels go through hooks so
// that the packing logic is testable without a GPU.
type atlas struct {
	pageSize int
	// maxPage is the largest page edge the GPU can hold (0: no limit).
	maxPage int
	pages   []packer
	placed  map[placedImage][]placement
	// sprite is uploaded as is: it is premultiplied already.
	sprite image.Image

	// newPage is called when page index len(pages)-1 is created, w × h.
	newPage func(w, h int)
	// upload writes pix (4 bytes per pixel, rows of 4*r.w bytes) at r in page.
	upload func(page int, r rect, pix []byte)
	// freed is called when page is emptied (free).
	freed func(page int)
	// reclaim, before a new page is made, frees the pages no longer
	// needed (with free) and reports whether it freed any.
	reclaim func() bool
}

// place returns a page holding both tex and strip (strip may be nil) and
// their rectangles in it, packing and uploading what is not there yet. tex
// is uploaded premultiplied (texture.Premultiply) and strip as straight
// alpha, as docs/appearance.md asks.
func (a *atlas) place(tex, strip image.Image) (page int, tr, sr rect) {
	if a.placed == nil {
		a.placed = map[placedImage][]placement{}
	}
	tw, th := tex.Bounds().Dx(), tex.Bounds().Dy()
	var sw, sh int
	if strip != nil {
		sw, sh = strip.Bounds().Dx(), strip.Bounds().Dy()
	}
	texKey, stripKey := placedImage{tex, false}, placedImage{strip, true}
	on := func(k placedImage, page int) (rect, bool) {
		for _, p := range a.placed[k] {
			if p.page == page {
				return p.r, true
			}
		}
		return rect{}, false
	}
	// Already together (or no strip needed).
	for _, p := range a.placed[texKey] {
		if strip == nil {
			return p.page, p.r, rect{}
		}
		if r, ok := on(stripKey, p.page); ok {
			return p.page, p.r, r
		}
	}
	// One of them is placed: add the other to its page if it fits.
	if strip != nil {
		for _, p := range a.placed[texKey] {
			if r, ok := a.add(p.page, strip, sw, sh, false); ok {
				return p.page, p.r, r
			}
		}
		for _, p := range a.placed[stripKey] {
			if r, ok := a.add(p.page, tex, tw, th, true); ok {
				return p.page, r, p.r
			}
		}
	}
	// Both on an existing page, or a new page.
	for pg := range a.pages {
		if a.fitsBoth(pg, tw, th, sw, sh) {
			return a.addBoth(pg, tex, strip, tw, th, sw, sh)
		}
	}
	if a.reclaim != nil && a.reclaim() {
		// Pages freed: place again, into them if they have room (each
		// reclaim empties what it frees, so the next one frees less and
		// the retries end).
		return a.place(tex, strip)
	}
	w, h := a.pageSize, a.pageSize
	if a.maxPage > 0 {
		w, h = min(w, a.maxPage), min(h, a.maxPage)
	}
	if strip == nil {
		w, h = max(w, tw+pad), max(h, th+pad)
	} else {
		// Room for the pair stacked: a fresh page puts the texture on
		// the first shelf and the strip beside it or on the next.
		w, h = max(w, tw+pad, sw+pad), max(h, th+sh+2*pad)
	}
	a.pages = append(a.pages, packer{w: w, h: h})
	pg := len(a.pages) - 1
	if a.newPage != nil {
		a.newPage(w, h)
	}
	return a.addBoth(pg, tex, strip, tw, th, sw, sh)
}

// free empties page pg: the placements on it are forgotten and its packer
// starts over, so that the images packed next reuse it (at its size). An
// image placed there again is uploaded again.
func (a *atlas) free(pg int) {
	for k, ps := range a.placed {
		ps = slices.DeleteFunc(ps, func(p placement) bool { return p.page == pg })
		if len(ps) == 0 {
			delete(a.placed, k)
		} else {
			a.placed[k] = ps
		}
	}
	p := &a.pages[pg]
	p.shelves, p.top = p.shelves[:0], 0
	if a.freed != nil {
		a.freed(pg)
	}
}

// used reports whether page pg holds an image.
func (a *atlas) used(pg int) bool { return a.pages[pg].top > 0 }

// inUse returns the number of pages that hold an image.
func (a *atlas) inUse() int {
	n := 0
	for pg := range a.pages {
		if a.used(pg) {
			n++
		}
	}
	return n
}

// fits reports whether place can put a tw × th texture and a sw × sh strip
// (0 × 0 for none) on a page no larger than maxPage: a fresh page holds
// the pair stacked (see place).
func (a *atlas) fits(tw, th, sw, sh int) bool {
	if tw < 0 || th < 0 || sw < 0 || sh < 0 {
		return false // a custom image whose Bounds overflow int
	}
	if a.maxPage <= 0 {
		return true
	}
	if sw == 0 {
		return tw+pad <= a.maxPage && th+pad <= a.maxPage
	}
	return max(tw, sw)+pad <= a.maxPage && th+sh+2*pad <= a.maxPage
}

func (a *atlas) fitsBoth(pg, tw, th, sw, sh int) bool {
	c := a.pages[pg].clone()
	if _, _, ok := c.alloc(tw, th); !ok {
		return false
	}
	if sw > 0 {
		_, _, ok := c.alloc(sw, sh)
		return ok
	}
	return true
}

func (a *atlas) addBoth(pg int, tex, strip image.Image, tw, th, sw, sh int) (int, rect, rect) {
	tr, ok := a.add(pg, tex, tw, th, true)
	if !ok {
		panic("render: atlas page has no room for a texture it was sized for")
	}
	var sr rect
	if strip != nil {
		if sr, ok = a.add(pg, strip, sw, sh, false); !ok {
			panic("render: atlas page has no room for a strip it was sized for")
		}
	}
	return pg, tr, sr
}

// add packs img (w × h) into page pg and uploads it.
func (a *atlas) add(pg int, img image.Image, w, h int, premultiply bool) (rect, bool) {
	x, y, ok := a.pages[pg].alloc(w, h)
	if !ok {
		return rect{}, false
	}
	r := rect{x, y, w, h}
	k := placedImage{img, !premultiply}
	a.placed[k] = append(a.placed[k], placement{pg, r})
	if a.upload != nil {
		var pix []byte
		if sp, ok := img.(*image.RGBA); ok && img == a.sprite {
			pix = sp.Pix
		} else if premultiply {
			pix = texture.Premultiply(img).Pix
		} else {
			pix = straight(img)
		}
		a.upload(pg, r, pix)
	}
	return r, true
}

// straight returns img's pixels as straight-alpha (non-premultiplied) RGBA
// bytes, rows packed.
func straight(img image.Image) []byte {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if n, ok := img.(*image.NRGBA); ok {
		draw.Draw(out, out.Bounds(), n, b.Min, draw.Src)
		return out.Pix
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			i := out.PixOffset(x-b.Min.X, y-b.Min.Y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	return out.Pix
}
