package main

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"sync"
)

// canvas is what scenes and the HUD draw their props and widgets with. It
// has two implementations: the window's (ebitenCanvas, with Ebitengine's
// vector package) and the captures' (rasterCanvas, pure Go on an
// *image.RGBA), so one drawing routine serves the window and the headless
// pictures.
//
// Coordinates are screen pixels of the 1280 × 720 demo, colours are straight
// alpha.
type canvas interface {
	// Rect fills an axis-aligned rectangle.
	Rect(x, y, w, h float64, c color.NRGBA)
	// RoundRect fills a rectangle with corners of radius r.
	RoundRect(x, y, w, h, r float64, c color.NRGBA)
	// VGradient fills a rectangle with a vertical gradient from top to
	// bottom.
	VGradient(x, y, w, h float64, top, bottom color.NRGBA)
	// Circle fills a disc.
	Circle(cx, cy, r float64, c color.NRGBA)
	// Polygon fills a simple polygon (non-zero winding).
	Polygon(pts []pt, c color.NRGBA)
	// Line strokes a segment with round caps.
	Line(x0, y0, x1, y1, width float64, c color.NRGBA)
	// Text draws s with its top-left corner at (x, y), each font pixel a
	// scale × scale block; "\n" starts a new line.
	Text(x, y float64, scale int, s string, c color.NRGBA)
	// Picture draws a prerendered picture with its top-left corner at (x, y).
	Picture(p *picture, x, y float64)
}

// pt is a point in screen pixels.
type pt struct{ X, Y float64 }

// picture is a prerendered, premultiplied image: scene backdrops and sprites
// drawn once in pure Go. The window uploads it once (ebitenCanvas caches it).
type picture struct {
	img *image.RGBA
}

// rgba builds a straight-alpha colour.
func rgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{r, g, b, a} }

// alpha returns c with its alpha multiplied by f.
func alpha(c color.NRGBA, f float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * clamp01(f)))
	return c
}

// mix interpolates two colours, alpha included.
func mix(a, b color.NRGBA, t float64) color.NRGBA {
	t = clamp01(t)
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// rasterCanvas draws on an 8-bit premultiplied *image.RGBA in pure Go, with
// analytic antialiasing: coverage is 0.5 minus the signed distance to the
// shape, clamped to [0, 1], or 4 × 4 supersampling for polygons. It is
// deterministic, so captures are the same bytes on every run.
type rasterCanvas struct {
	img *image.RGBA
}

// newRasterCanvas returns a canvas drawing on img.
func newRasterCanvas(img *image.RGBA) *rasterCanvas { return &rasterCanvas{img: img} }

// blend composites colour c with coverage cov over pixel (x, y).
func (rc *rasterCanvas) blend(x, y int, c color.NRGBA, cov float64) {
	if cov <= 0 || c.A == 0 || !(image.Point{x, y}.In(rc.img.Rect)) {
		return
	}
	a := float64(c.A) / 255 * math.Min(cov, 1)
	if a <= 0 {
		return
	}
	i := rc.img.PixOffset(x, y)
	p := rc.img.Pix[i : i+4 : i+4]
	ch := func(src uint8, dst uint8) uint8 {
		return uint8(math.Round(float64(src)*a + float64(dst)*(1-a)))
	}
	p[0] = ch(c.R, p[0])
	p[1] = ch(c.G, p[1])
	p[2] = ch(c.B, p[2])
	p[3] = ch(255, p[3])
}

// span returns the pixel range [lo, hi) of a coordinate range widened by
// one pixel for the antialiased edge, clipped to [0, n).
func span(a, b float64, n int) (int, int) {
	lo := max(int(math.Floor(a-1)), 0)
	hi := min(int(math.Ceil(b+1)), n)
	return lo, hi
}

// fillSDF fills the pixels of a box with coverage 0.5 - d(px, py).
func (rc *rasterCanvas) fillSDF(x0, y0, x1, y1 float64, c color.NRGBA, d func(px, py float64) float64) {
	rc.shadeSDF(x0, y0, x1, y1, func(float64, float64) color.NRGBA { return c }, d)
}

// shadeSDF is fillSDF with a colour per pixel centre.
func (rc *rasterCanvas) shadeSDF(x0, y0, x1, y1 float64, c func(px, py float64) color.NRGBA, d func(px, py float64) float64) {
	b := rc.img.Rect
	xl, xh := span(x0, x1, b.Max.X)
	yl, yh := span(y0, y1, b.Max.Y)
	for y := yl; y < yh; y++ {
		for x := xl; x < xh; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			if cov := 0.5 - d(px, py); cov > 0 {
				rc.blend(x, y, c(px, py), cov)
			}
		}
	}
}

// shade blends f at every pixel centre of the box, without antialiasing:
// gradients and glows for prerendered pictures.
func (rc *rasterCanvas) shade(x0, y0, x1, y1 float64, f func(px, py float64) color.NRGBA) {
	rc.shadeSDF(x0, y0, x1, y1, f, func(float64, float64) float64 { return -1 })
}

// roundRectSDF returns the signed distance function of a rounded
// rectangle.
func roundRectSDF(x, y, w, h, r float64) func(px, py float64) float64 {
	r = math.Min(r, math.Min(w, h)/2)
	cx, cy := x+w/2, y+h/2
	hx, hy := w/2-r, h/2-r
	return func(px, py float64) float64 {
		qx, qy := math.Abs(px-cx)-hx, math.Abs(py-cy)-hy
		out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
		return out + math.Min(math.Max(qx, qy), 0) - r
	}
}

// glow blends a soft radial glow of colour c, opaque at the centre and
// fading to nothing at radius r.
func (rc *rasterCanvas) glow(cx, cy, r float64, c color.NRGBA) {
	rc.shade(cx-r, cy-r, cx+r, cy+r, func(px, py float64) color.NRGBA {
		d := math.Hypot(px-cx, py-cy) / r
		if d >= 1 {
			return color.NRGBA{}
		}
		k := 1 - d
		return alpha(c, k*k)
	})
}

// Rect implements canvas.
func (rc *rasterCanvas) Rect(x, y, w, h float64, c color.NRGBA) {
	rc.RoundRect(x, y, w, h, 0, c)
}

// RoundRect implements canvas.
func (rc *rasterCanvas) RoundRect(x, y, w, h, r float64, c color.NRGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	rc.fillSDF(x, y, x+w, y+h, c, roundRectSDF(x, y, w, h, r))
}

// VGradient implements canvas.
func (rc *rasterCanvas) VGradient(x, y, w, h float64, top, bottom color.NRGBA) {
	b := rc.img.Rect
	yl, yh := max(int(math.Round(y)), 0), min(int(math.Round(y+h)), b.Max.Y)
	xl, xh := max(int(math.Round(x)), 0), min(int(math.Round(x+w)), b.Max.X)
	for py := yl; py < yh; py++ {
		c := mix(top, bottom, (float64(py)+0.5-y)/h)
		for px := xl; px < xh; px++ {
			rc.blend(px, py, c, 1)
		}
	}
}

// Circle implements canvas.
func (rc *rasterCanvas) Circle(cx, cy, r float64, c color.NRGBA) {
	rc.fillSDF(cx-r, cy-r, cx+r, cy+r, c, func(px, py float64) float64 {
		return math.Hypot(px-cx, py-cy) - r
	})
}

// Line implements canvas.
func (rc *rasterCanvas) Line(x0, y0, x1, y1, width float64, c color.NRGBA) {
	hw := width / 2
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	rc.fillSDF(math.Min(x0, x1)-hw, math.Min(y0, y1)-hw, math.Max(x0, x1)+hw, math.Max(y0, y1)+hw, c,
		func(px, py float64) float64 {
			t := 0.0
			if l2 > 0 {
				t = clamp01(((px-x0)*dx + (py-y0)*dy) / l2)
			}
			return math.Hypot(px-(x0+t*dx), py-(y0+t*dy)) - hw
		})
}

// Polygon implements canvas: 4 × 4 samples per pixel, non-zero winding.
// Each row of samples is scanned once: its crossings with the edges give
// the spans inside the polygon, and each pixel counts the samples its spans
// cover.
func (rc *rasterCanvas) Polygon(pts []pt, c color.NRGBA) {
	if len(pts) < 3 {
		return
	}
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	b := rc.img.Rect
	xl, xh := span(minX, maxX, b.Max.X)
	yl, yh := span(minY, maxY, b.Max.Y)
	if xl >= xh || yl >= yh {
		return
	}
	count := make([]int, xh-xl)
	var xs []crossing
	for y := yl; y < yh; y++ {
		clear(count)
		for sy := range 4 {
			py := float64(y) + (float64(sy)+0.5)/4
			xs = xs[:0]
			for i := range pts {
				a, q := pts[i], pts[(i+1)%len(pts)]
				if (a.Y <= py) == (q.Y <= py) {
					continue
				}
				dir := 1
				if q.Y < a.Y {
					dir = -1
				}
				xs = append(xs, crossing{a.X + (py-a.Y)/(q.Y-a.Y)*(q.X-a.X), dir})
			}
			slices.SortFunc(xs, func(m, n crossing) int { return cmp.Compare(m.x, n.x) })
			w := 0
			for i := 0; i+1 < len(xs); i++ {
				w += xs[i].dir
				if w == 0 {
					continue
				}
				// The samples at x + (sx + 0.5)/4 in [xs[i].x, xs[i+1].x).
				lo := int(math.Ceil((xs[i].x-float64(xl))*4 - 0.5))
				hi := int(math.Ceil((xs[i+1].x-float64(xl))*4 - 0.5))
				for s := max(lo, 0); s < min(hi, 4*len(count)); s++ {
					count[s/4]++
				}
			}
		}
		for x, n := range count {
			if n > 0 {
				rc.blend(xl+x, y, c, float64(n)/16)
			}
		}
	}
}

// crossing is where a row of samples crosses a polygon edge, and the edge's
// direction (+1 down, -1 up).
type crossing struct {
	x   float64
	dir int
}

// Text implements canvas.
func (rc *rasterCanvas) Text(x, y float64, scale int, s string, c color.NRGBA) {
	ox, oy := int(math.Round(x)), int(math.Round(y))
	for li, line := range strings.Split(s, "\n") {
		for ci, r := range []rune(line) {
			gx := ox + ci*advance*scale
			gy := oy + li*lineSpace*scale
			for fy := range glyphH {
				for fx := range glyphW {
					if !glyphInk(r, fx, fy) {
						continue
					}
					for py := range scale {
						for px := range scale {
							rc.blend(gx+fx*scale+px, gy+fy*scale+py, c, 1)
						}
					}
				}
			}
		}
	}
}

// Picture implements canvas: source-over of premultiplied pixels at the
// rounded position.
func (rc *rasterCanvas) Picture(p *picture, x, y float64) {
	ox, oy := int(math.Round(x)), int(math.Round(y))
	src := p.img
	sb := src.Rect
	for sy := sb.Min.Y; sy < sb.Max.Y; sy++ {
		dy := oy + sy - sb.Min.Y
		if dy < rc.img.Rect.Min.Y || dy >= rc.img.Rect.Max.Y {
			continue
		}
		for sx := sb.Min.X; sx < sb.Max.X; sx++ {
			dx := ox + sx - sb.Min.X
			if dx < rc.img.Rect.Min.X || dx >= rc.img.Rect.Max.X {
				continue
			}
			si := src.PixOffset(sx, sy)
			s := src.Pix[si : si+4 : si+4]
			if s[3] == 0 {
				continue
			}
			di := rc.img.PixOffset(dx, dy)
			d := rc.img.Pix[di : di+4 : di+4]
			if s[3] == 255 {
				copy(d, s)
				continue
			}
			inv := 255 - uint32(s[3])
			for k := range 4 {
				d[k] = uint8(uint32(s[k]) + (uint32(d[k])*inv+127)/255)
			}
		}
	}
}

// pictures caches the prerendered pictures by name: they are drawn once per
// process and never change, so every stage and capture shares them.
var pictures = struct {
	sync.Mutex
	m map[string]*picture
}{m: map[string]*picture{}}

// cachedPicture returns the picture called key, drawing it on first use.
func cachedPicture(key string, draw func() *picture) *picture {
	pictures.Lock()
	defer pictures.Unlock()
	p := pictures.m[key]
	if p == nil {
		p = draw()
		pictures.m[key] = p
	}
	return p
}

// newPicture returns an empty (transparent) picture of w × h pixels and a
// canvas drawing on it.
func newPicture(w, h int) (*picture, *rasterCanvas) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	return &picture{img: img}, newRasterCanvas(img)
}
