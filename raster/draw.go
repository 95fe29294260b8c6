package raster

import (
	"image"
	"math"
	"reflect"
	"sort"
	"sync"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture"
)

// Item is one effect to draw.
type Item struct {
	// Effect is the effect, at its current clock. A nil Effect draws nothing.
	Effect *emitter.Effect
	// X and Y are a screen offset added to the effect's host position: its
	// track's placement at the clock, or 0 when it has no track.
	X, Y float64
	// Texture is the particle texture, straight alpha (Go's colour model
	// converts it; texture.Premultiply makes the texels). nil is the
	// built-in texture.Sprite.
	Texture image.Image
	// Strip is the colour strip, straight alpha. It is used only when the
	// spec's ColorStrip is non-empty; nil then draws with no strip. A
	// texture or strip larger than MaxImageEdge is not drawn (see there).
	Strip image.Image
}

// Draw draws items onto dst following docs/appearance.md: items sorted by
// ZIndex + ZOffset (stable), and within an item the glow layers, then the
// cores, oldest particle first. Each particle looks as the emitter's
// appearance stage says (emitter.Effect.AppendLooks, with the effect's
// ambient colour). dst holds 8-bit premultiplied colour, like the GPU's
// RGBA8 target, and every particle is composited source-over with
// round-to-nearest, as the GPU's blender does.
//
// Draw keeps no state between calls; a [Rasterizer] keeps its buffers and
// premultiplied textures for the next call.
func Draw(dst *image.RGBA, items []Item) {
	var r Rasterizer
	r.Draw(dst, items)
}

// Rasterizer is a reusable reference rasterizer: it keeps its particle
// buffer and the premultiplied texels of the textures and strips it has
// drawn with, keyed by the image value, so later calls neither allocate nor
// premultiply again. Images must not change while a Rasterizer may still
// hold them; call [Rasterizer.Reset] after changing one. The zero value is
// ready to use. A Rasterizer is not safe for concurrent use.
type Rasterizer struct {
	// view is the camera's transform for this Draw, viewed whether it is
	// other than the identity.
	view      camera.Transform
	viewed    bool
	particles []emitter.Particle
	looks     []emitter.Look
	order     []int
	specs     []emitter.Spec
	textures  map[image.Image]*image.RGBA
	strips    map[image.Image]*texture.Strip
	world     []world.Particle // DrawLevel's (world.go)
}

// Reset drops the cached textures and strips.
func (r *Rasterizer) Reset() {
	r.textures, r.strips = nil, nil
}

// Draw draws items onto dst like the package function [Draw].
func (r *Rasterizer) Draw(dst *image.RGBA, items []Item) { r.DrawCamera(dst, items, nil) }

// DrawCamera draws items onto dst like [Rasterizer.Draw], through cam (nil:
// the scene as it is): item positions are scene pixels, and each
// particle's quad is moved, zoomed and turned by cam's transform for
// dst's bounds, as render.Renderer.DrawCamera draws them.
func (r *Rasterizer) DrawCamera(dst *image.RGBA, items []Item, cam *camera.Camera) {
	r.view = cam.Transform(dst.Rect)
	r.viewed = !r.view.IsIdentity()
	r.order = r.order[:0]
	r.specs = r.specs[:0]
	for i := range items {
		r.order = append(r.order, i)
		var sp emitter.Spec
		if items[i].Effect != nil {
			sp = items[i].Effect.Snapshot().Spec()
		}
		r.specs = append(r.specs, sp)
	}
	sort.SliceStable(r.order, func(a, b int) bool {
		sa, sb := &r.specs[r.order[a]], &r.specs[r.order[b]]
		return float64(sa.ZIndex)+sa.ZOffset < float64(sb.ZIndex)+sb.ZOffset
	})
	for _, i := range r.order {
		if items[i].Effect != nil {
			r.eachQuad(&items[i], &r.specs[i], func(q *quad) { q.draw(dst) })
		}
	}
}

// Work returns what drawing items onto a target of bounds b would cost,
// without drawing: the particles evaluated (each one's appearance too), and
// the pixels visited, summed over every quad drawn (glow layers included)
// of the pixels of its bounding box that lie in b. A caller can refuse a
// draw that would run for too long before starting it.
func (r *Rasterizer) Work(b image.Rectangle, items []Item) (particles, pixels int64) {
	for i := range items {
		it := &items[i]
		if it.Effect == nil {
			continue
		}
		sp := it.Effect.Snapshot().Spec()
		r.eachQuad(it, &sp, func(q *quad) {
			if x0, y0, x1, y1, ok := q.bounds(b); ok {
				pixels += int64(x1-x0) * int64(y1-y0)
			}
		})
		particles += int64(len(r.particles))
	}
	return particles, pixels
}

// flipbookArea is the part of a w × h texture the flipbook grid covers: the
// top-left FlipbookResolution square when it is set (the crop edge of docs/appearance.md, section 2,
// clamped to the texture), else the whole texture.
func flipbookArea(w, h, resolution int) (int, int) {
	if resolution > 0 {
		return min(w, resolution), min(h, resolution)
	}
	return w, h
}

// eachQuad evaluates one effect and hands draw each quad it draws: its glow
// layers, outermost first, then its cores, each pass oldest particle first.
func (r *Rasterizer) eachQuad(it *Item, sp *emitter.Spec, draw func(*quad)) {
	e := it.Effect
	snap := e.Snapshot()
	r.particles = e.AppendParticles(r.particles[:0])
	if len(r.particles) == 0 {
		return
	}
	q := quad{mode: sp.BlendMode, light: sp.LightEmission}
	q.tex = r.texture(it.Texture)
	cols, rows := snap.Grid()
	tb := q.tex.Bounds()
	q.cols = cols
	gw, gh := flipbookArea(tb.Dx(), tb.Dy(), sp.FlipbookResolution)
	q.cw, q.ch = max(gw/cols, 1), max(gh/rows, 1)
	var strip emitter.Strip
	if sp.ColorStrip != "" && it.Strip != nil {
		if s := r.strip(it.Strip); s != nil {
			strip = s
		}
	}
	r.looks = e.AppendLooks(r.looks[:0], r.particles, strip)
	hx, hy := it.X, it.Y
	if e.Track().Len() > 0 {
		x, y, _ := e.Host()
		hx += x
		hy += y
	}

	// pass runs one pass over the particles with quads grown by growth and
	// opacity factor layer.
	pass := func(growth, layer float64) {
		for i := range r.particles {
			p, l := &r.particles[i], &r.looks[i]
			q.r, q.g, q.b = l.Color.R, l.Color.G, l.Color.B
			q.opacity = (1 - l.Transparency) * layer * l.StripAlpha
			q.layer = layer
			q.cx, q.cy = hx+p.X, hy+p.Y
			q.w, q.h = p.Width*growth, p.Height*growth
			rot := p.Rotation
			if r.viewed {
				v := &r.view
				q.cx, q.cy = v.Apply(q.cx, q.cy)
				q.w, q.h = q.w*v.Zoom, q.h*v.Zoom
				rot += v.Turn
			}
			q.sin, q.cos = math.Sincos(rot * (math.Pi / 180))
			q.cell, q.next, q.blend = l.Cell, l.NextCell, l.Blend
			draw(&q)
		}
	}
	if layers := snap.Layers(); layers > 1 {
		for n := layers - 1; n >= 1; n-- {
			// Glow with transparency 0 gives the layer factor alone,
			// 0.45ⁿ · LightEmission; the particle's (1 - T) enters
			// through its opacity like a core's.
			growth, layer := emitter.Glow(n, 0, sp.LightEmission)
			pass(growth, layer)
		}
	}
	pass(1, 1)
}

// spriteTexels is the built-in sprite, built once. It is premultiplied
// already (white, so rgb = a).
var spriteTexels = sync.OnceValue(texture.Sprite)

// MaxImageEdge is the most pixels a side of an Item's Texture or Strip
// may have. A larger (or empty, or unbounded, such as image.White) image
// is drawn as the GPU renderer draws one it cannot place: the built-in
// sprite for a texture, no strip for a strip.
const MaxImageEdge = 16384

// drawable reports whether img is within MaxImageEdge and not empty.
func drawable(img image.Image) bool {
	b := img.Bounds()
	return !b.Empty() && b.Dx() <= MaxImageEdge && b.Dy() <= MaxImageEdge
}

// texture returns the premultiplied texels of img (the sprite for nil).
func (r *Rasterizer) texture(img image.Image) *image.RGBA {
	if img == nil || !drawable(img) {
		return spriteTexels()
	}
	if !comparable(img) {
		return texture.Premultiply(img)
	}
	if t, ok := r.textures[img]; ok {
		return t
	}
	t := texture.Premultiply(img)
	if r.textures == nil {
		r.textures = map[image.Image]*image.RGBA{}
	}
	r.textures[img] = t
	return t
}

// strip returns img as a strip (nil for an empty image).
func (r *Rasterizer) strip(img image.Image) *texture.Strip {
	if !drawable(img) {
		return nil
	}
	if !comparable(img) {
		return texture.NewStrip(img)
	}
	if s, ok := r.strips[img]; ok {
		return s
	}
	s := texture.NewStrip(img)
	if r.strips == nil {
		r.strips = map[image.Image]*texture.Strip{}
	}
	r.strips[img] = s
	return s
}

// comparable reports whether img can be a map key (every standard image
// type is a pointer; a struct image holding a slice is not).
func comparable(img image.Image) bool { return reflect.TypeOf(img).Comparable() }

// quad is one particle pass: a rotated rectangle with its appearance.
type quad struct {
	cx, cy, w, h float64 // centre and size in pixels
	sin, cos     float64 // of the clockwise rotation

	tex            *image.RGBA // premultiplied texels
	cols, cw, ch   int         // flipbook columns and cell size in texels
	cell, next     int
	blend          float64
	mode           emitter.BlendMode
	r, g, b        float64 // C, graded and influenced
	opacity, light float64 // o and LightEmission
	layer          float64 // 1 for a core, 0.45ⁿ · LightEmission for a halo
}

// bounds returns the pixels of b that the quad's drawing visits: its
// bounding box, [x0, x1) × [y0, y1). ok is false when it visits none (an
// empty or invisible quad, or one outside b).
func (q *quad) bounds(b image.Rectangle) (x0, y0, x1, y1 int, ok bool) {
	if !(q.w > 0 && q.h > 0) || !(q.opacity > 0 || q.mode == emitter.BlendPremultiplied) {
		return 0, 0, 0, 0, false
	}
	as, ac := math.Abs(q.sin), math.Abs(q.cos)
	ex := (float64(ac*q.w) + float64(as*q.h)) / 2
	ey := (float64(as*q.w) + float64(ac*q.h)) / 2
	// Pixel x is covered only if its centre x + ½ lies within the
	// extents; one pixel of margin guards the rounding, and the (u, v)
	// test of draw decides.
	x0 = max(b.Min.X, clampInt(math.Floor(q.cx-ex-0.5))) // exact if fused: ex is a sum halved
	x1 = min(b.Max.X, clampInt(math.Ceil(q.cx+ex+0.5)))  // exact if fused: ex is a sum halved
	y0 = max(b.Min.Y, clampInt(math.Floor(q.cy-ey-0.5))) // exact if fused: ey is a sum halved
	y1 = min(b.Max.Y, clampInt(math.Ceil(q.cy+ey+0.5)))  // exact if fused: ey is a sum halved
	return x0, y0, x1, y1, x0 < x1 && y0 < y1
}

// draw composites the quad onto dst, visiting only the pixels of its
// bounding box that lie in dst.
func (q *quad) draw(dst *image.RGBA) {
	x0, y0, x1, y1, ok := q.bounds(dst.Rect)
	if !ok {
		return
	}
	b := dst.Rect
	iw, ih := 1/q.w, 1/q.h
	ox0, oy0 := (q.cell%q.cols)*q.cw, (q.cell/q.cols)*q.ch
	ox1, oy1 := (q.next%q.cols)*q.cw, (q.next/q.cols)*q.ch
	fade := q.blend != 0 && (q.next != q.cell)
	for y := y0; y < y1; y++ {
		dy := float64(y) + 0.5 - q.cy
		row := dst.Pix[(y-b.Min.Y)*dst.Stride:]
		for x := x0; x < x1; x++ {
			dx := float64(x) + 0.5 - q.cx
			// Inverse of the clockwise rotation R(θ): Rᵀ.
			u := float64((float64(q.cos*dx)+float64(q.sin*dy))*iw) + 0.5
			v := float64((float64(q.cos*dy)-float64(q.sin*dx))*ih) + 0.5
			if !(u >= 0 && u < 1 && v >= 0 && v < 1) {
				continue
			}
			s := q.sample(ox0, oy0, u, v)
			if fade {
				t := q.sample(ox1, oy1, u, v)
				w := q.blend
				s = texel{
					float64(s.r*(1-w)) + float64(t.r*w),
					float64(s.g*(1-w)) + float64(t.g*w),
					float64(s.b*(1-w)) + float64(t.b*w),
					float64(s.a*(1-w)) + float64(t.a*w),
				}
			}
			var or, og, ob, oa float64
			switch q.mode {
			case emitter.BlendCutout:
				if !(s.a >= 0.5) {
					continue
				}
				k := q.opacity / s.a
				or, og, ob, oa = s.r*q.r*k, s.g*q.g*k, s.b*q.b*k, q.opacity
			case emitter.BlendPremultiplied:
				l := q.layer
				or, og, ob, oa = s.r*q.r*l, s.g*q.g*l, s.b*q.b*l, s.a*q.opacity
			default:
				o := q.opacity
				or, og, ob, oa = s.r*q.r*o, s.g*q.g*o, s.b*q.b*o, s.a*o
			}
			// Roblox's hybrid: LightEmission takes alpha away, turning
			// source-over into addition.
			oa *= 1 - q.light
			if or == 0 && og == 0 && ob == 0 && oa == 0 {
				continue
			}
			i := (x - b.Min.X) * 4
			over(row[i:i+4:i+4], or, og, ob, oa)
		}
	}
}

// texel is a premultiplied colour with channels in [0, 1].
type texel struct{ r, g, b, a float64 }

// sample is the bilinear sample at (u, v) of the cell whose top-left texel
// is (ox, oy): texel centres at half-integers, the four neighbours clamped
// to the cell so that cells never bleed into each other, mixed on
// premultiplied values.
func (q *quad) sample(ox, oy int, u, v float64) texel {
	sx := float64(ox) + float64(u*float64(q.cw)) - 0.5
	sy := float64(oy) + float64(v*float64(q.ch)) - 0.5
	fx, fy := math.Floor(sx), math.Floor(sy)
	ax, ay := sx-fx, sy-fy
	ix, iy := int(fx), int(fy)
	xa := min(max(ix, ox), ox+q.cw-1)
	xb := min(max(ix+1, ox), ox+q.cw-1)
	ya := min(max(iy, oy), oy+q.ch-1)
	yb := min(max(iy+1, oy), oy+q.ch-1)
	t := q.tex
	// Clamp to the texture as well, for a texture smaller than its grid.
	tb := t.Rect
	xa, xb = min(xa, tb.Dx()-1), min(xb, tb.Dx()-1)
	ya, yb = min(ya, tb.Dy()-1), min(yb, tb.Dy()-1)
	p00 := t.Pix[ya*t.Stride+xa*4:]
	p10 := t.Pix[ya*t.Stride+xb*4:]
	p01 := t.Pix[yb*t.Stride+xa*4:]
	p11 := t.Pix[yb*t.Stride+xb*4:]
	mix := func(c int) float64 {
		top := float64(float64(p00[c])*(1-ax)) + float64(float64(p10[c])*ax)
		bot := float64(float64(p01[c])*(1-ax)) + float64(float64(p11[c])*ax)
		return (float64(top*(1-ay)) + float64(bot*ay)) * (1.0 / 255)
	}
	return texel{mix(0), mix(1), mix(2), mix(3)}
}

// over composites the premultiplied colour (r, g, b, a) over the RGBA8
// pixel px: px = round(255·out + px·(1 - out.a)) per channel, clamped, an
// RGBA8 framebuffer's source-over. The float64(...) conversions keep the
// compiler from fusing a multiply and an add (it may on arm64 and others):
// each product is rounded, as written.
func over(px []byte, r, g, b, a float64) {
	ia := 1 - a
	px[0] = to8(float64(r*255) + float64(float64(px[0])*ia))
	px[1] = to8(float64(g*255) + float64(float64(px[1])*ia))
	px[2] = to8(float64(b*255) + float64(float64(px[2])*ia))
	px[3] = to8(float64(a*255) + float64(float64(px[3])*ia))
}

// to8 rounds v to the nearest integer and clamps it to [0, 255].
func to8(v float64) uint8 {
	v = math.Floor(v + 0.5)
	if !(v > 0) {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v)
}

// clampInt converts a floored or ceiled float to int without overflow.
func clampInt(v float64) int {
	const lim = 1 << 30
	if !(v > -lim) {
		return -lim
	}
	if v > lim {
		return lim
	}
	return int(v)
}
