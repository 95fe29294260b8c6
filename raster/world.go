package raster

import (
	"image"
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture/leveltex"
)

// LevelItem is a world level to draw with [Rasterizer.DrawLevel], as
// render.LevelItem is for the renderer.
type LevelItem struct {
	// Level is the level; a nil one draws nothing.
	Level *world.Level
	// Textures are its textures (leveltex.Prepare): only the images
	// are read, the atlas layout is the renderer's. Textures without an
	// image of each texture's size draw nothing (leveltex.Level.CheckImages).
	Textures *leveltex.Level
	// Clock is the level clock in seconds.
	Clock float64
	// Hidden, by emitter index, skips emitters; nil shows them all.
	Hidden []bool
}

// DrawLevel draws a world level onto dst through cam, the reference of
// render.Renderer.DrawLevel (docs/world.md, "Drawing"): every live
// particle of the reference evaluator (world.Evaluator, in float64) as a
// billboard projected by cam (camera.Projection.Billboard: camera-facing
// ones size × size times the zoom, upright ones standing in the vertical
// plane facing the camera), covered by pixel centre, its flipbook frame
// sampled bilinearly with the taps clamped to the frame, lit by its
// colour and blended by its preset's mode, composited source-over with
// rounding to the nearest step. Passes: cutout, then additive, then alpha
// and premultiplied, each in emitter order and by slot. It draws every
// particle: the renderer's LOD and budget, which thin, are not applied.
func (r *Rasterizer) DrawLevel(dst *image.RGBA, it *LevelItem, cam *camera.World) {
	if it == nil || it.Level == nil || it.Textures == nil {
		return
	}
	if it.Textures.CheckImages(it.Level.Document()) != nil {
		return // not the level's textures: nothing, as render.DrawLevel
	}
	pr := cam.Projection(dst.Rect)
	doc := it.Level.Document()
	ev := it.Level.Evaluator()
	for pass := range 3 {
		for e := range doc.Emitters {
			if e < len(it.Hidden) && it.Hidden[e] {
				continue
			}
			p := &doc.Presets[doc.Emitters[e].Preset]
			if levelPass(p.Sprite.Blend) != pass {
				continue
			}
			r.world = ev.AppendEmitter(r.world[:0], e, it.Clock)
			for i := range r.world {
				r.drawWorldParticle(dst, &pr, doc, p, it.Textures, &r.world[i])
			}
		}
	}
}

// levelPass is the blend pass of a mode: 0 cutout, 1 additive, 2 alpha and
// premultiplied.
func levelPass(b world.Blend) int {
	switch b {
	case world.BlendCutout:
		return 0
	case world.BlendAdditive:
		return 1
	}
	return 2
}

// drawWorldParticle composites one world particle onto dst.
func (r *Rasterizer) drawWorldParticle(dst *image.RGBA, pr *camera.Projection, doc *world.Document, p *world.Preset, tex *leveltex.Level, wp *world.Particle) {
	g, ok := billboardOn(dst.Rect, pr, p, wp)
	if !ok {
		return
	}
	ti := p.Sprite.Frames[wp.Frame]
	t := &doc.Textures[ti]
	q := quad{tex: r.texture(tex.Images[ti]), cols: 1, cw: t.Width, ch: t.Height}
	cx, cy, ux, uy, vx, vy, det := g.cx, g.cy, g.ux, g.uy, g.vx, g.vy, g.det
	x0, y0, x1, y1 := g.x0, g.y0, g.x1, g.y1
	b := dst.Rect
	cr, cg, cb, ca := wp.R, wp.G, wp.B, wp.A
	for y := y0; y < y1; y++ {
		dy := float64(y) + 0.5 - cy
		row := dst.Pix[(y-b.Min.Y)*dst.Stride:]
		for x := x0; x < x1; x++ {
			dx := float64(x) + 0.5 - cx
			u := ((float64(dx*vy)-float64(dy*vx))/det + 1) / 2
			v := ((float64(dy*ux)-float64(dx*uy))/det + 1) / 2
			if !(u >= 0 && u < 1 && v >= 0 && v < 1) {
				continue
			}
			s := q.sample(0, 0, u, v)
			var or, og, ob, oa float64
			switch p.Sprite.Blend {
			case world.BlendCutout:
				if !(s.a*ca >= 0.5) {
					continue
				}
				or, og, ob, oa = s.r/s.a*cr, s.g/s.a*cg, s.b/s.a*cb, 1
			case world.BlendPremultiplied:
				or, og, ob, oa = s.r*cr, s.g*cg, s.b*cb, s.a*ca
			case world.BlendAdditive:
				or, og, ob = float64(s.r*cr)*ca, float64(s.g*cg)*ca, float64(s.b*cb)*ca
			default: // alpha
				or, og, ob, oa = float64(s.r*cr)*ca, float64(s.g*cg)*ca, float64(s.b*cb)*ca, s.a*ca
			}
			if or == 0 && og == 0 && ob == 0 && oa == 0 {
				continue
			}
			i := (x - b.Min.X) * 4
			over(row[i:i+4:i+4], or, og, ob, oa)
		}
	}
}

// billboard is a world particle's quad on a target: its centre, edge
// vectors U and V (the quad is centre ± U ± V), the determinant of [U V]
// and the pixels [x0, x1) × [y0, y1) of the target its cover test visits.
type billboard struct {
	cx, cy, ux, uy, vx, vy, det float64
	x0, y0, x1, y1              int
}

// billboardOn projects wp's quad onto target b through pr; ok is false
// for a degenerate quad or one that visits no pixel of b.
func billboardOn(b image.Rectangle, pr *camera.Projection, p *world.Preset, wp *world.Particle) (g billboard, ok bool) {
	g.cx, g.cy = pr.Apply(wp.Position.X, wp.Position.Y, wp.Position.Z)
	sn, cs := math.Sincos(wp.Rotation * (math.Pi / 180))
	g.ux, g.uy, g.vx, g.vy = pr.Billboard(wp.Size, sn, cs, p.Sprite.Facing == world.FacingUpright)
	// A pixel centre c is covered when c - centre = (2u-1)·U + (2v-1)·V
	// with u and v in [0, 1): the inverse of the 2 × 2 matrix [U V].
	g.det = float64(g.ux*g.vy) - float64(g.uy*g.vx)
	if !(math.Abs(g.det) > 0) {
		return g, false
	}
	ex, ey := math.Abs(g.ux)+math.Abs(g.vx), math.Abs(g.uy)+math.Abs(g.vy)
	g.x0 = max(b.Min.X, clampInt(math.Floor(g.cx-ex-0.5)))
	g.x1 = min(b.Max.X, clampInt(math.Ceil(g.cx+ex+0.5)))
	g.y0 = max(b.Min.Y, clampInt(math.Floor(g.cy-ey-0.5)))
	g.y1 = min(b.Max.Y, clampInt(math.Ceil(g.cy+ey+0.5)))
	return g, g.x0 < g.x1 && g.y0 < g.y1
}

// LevelWork returns the work [Rasterizer.DrawLevel] would do drawing it
// on a target of bounds b through cam: the live particles it evaluates
// and the pixels of their quads' bounding boxes on b it visits. A bake
// counts it before drawing anything.
func (r *Rasterizer) LevelWork(b image.Rectangle, it *LevelItem, cam *camera.World) (particles, pixels int64) {
	if it == nil || it.Level == nil {
		return 0, 0
	}
	pr := cam.Projection(b)
	doc := it.Level.Document()
	ev := it.Level.Evaluator()
	for e := range doc.Emitters {
		if e < len(it.Hidden) && it.Hidden[e] {
			continue
		}
		p := &doc.Presets[doc.Emitters[e].Preset]
		r.world = ev.AppendEmitter(r.world[:0], e, it.Clock)
		particles += int64(len(r.world))
		for i := range r.world {
			if g, ok := billboardOn(b, &pr, p, &r.world[i]); ok {
				pixels += int64(g.x1-g.x0) * int64(g.y1-g.y0)
			}
		}
	}
	return particles, pixels
}
