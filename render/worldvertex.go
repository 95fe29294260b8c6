package render

import (
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
)

// viewProjection is a camera projection in float32, as the vertex writer
// reads it: target x = xx·x + xy·y + tx (a world camera's x never depends
// on z), target y = yx·x + yy·y + yz·z + ty, h the zoom over 2 and cp the
// cosine of the pitch (an upright billboard's height factor).
type viewProjection struct {
	xx, xy, tx, yx, yy, yz, ty, h, cp float32
}

func newViewProjection(p *camera.Projection) viewProjection {
	return viewProjection{
		xx: float32(p.XX), xy: float32(p.XY), tx: float32(p.TX),
		yx: float32(p.YX), yy: float32(p.YY), yz: float32(p.YZ), ty: float32(p.TY),
		h: float32(p.Zoom / 2), cp: float32(p.CosPitch),
	}
}

// worldTriangle reports whether the billboards of an emitter whose largest
// billboard edge is maxSize world units are drawn as triangles through a
// camera of zoom zoom: their half-diagonal on the target, at most
// maxSize·zoom/√2 (an upright billboard's height only shrinks), is at most
// triMax pixels (Renderer.triMax: TriangleMaxHalfDiagonal).
func worldTriangle(maxSize, zoom, triMax float64) bool {
	return maxSize*zoom/math.Sqrt2 <= triMax
}

// writeBillboards writes billboards of one emitter as quads from slot slot
// of the quad buffer on, or as triangles (tri) from slot slot of the
// triangle buffer.
//
// It is the world path's hot loop. Each billboard's centre is projected
// and its half axes are its rotation's sine and cosine times half its
// edge on the target (camera.Projection.Billboard: an upright one's
// heights times cos pitch), so a corner is two float32 additions
// (quadCorners, triangleCorners); only the corners and τ are written every
// frame. The preset row and frame (Custom0 and Custom1) are written when
// the slot held another before (its tag says which), and the corners'
// (u, v) and the triangles' mark (Custom2) never change (reserve writes
// them).
func (w *worldPath) writeBillboards(tri bool, slot int, bs []world.Billboard, vp *viewProjection, pi *presetInfo) {
	fy := float32(1)
	if pi.upright {
		fy = vp.cp
	}
	row := pi.row
	tagBase := uint64(row)<<16 + 1
	verts, tags, per := w.verts, w.tags, 4
	if tri {
		verts, tags, per = w.tverts, w.ttags, 3
	}
	// The sine and cosine of the last rotation: many presets never turn
	// their particles, or give a run of them one rotation.
	lastRot := float32(0)
	sin, cos := float32(0), float32(1)
	for i := range bs {
		b := &bs[i]
		if b.Rotation != lastRot {
			s, c := emitter.SinCosDegrees(float64(b.Rotation))
			sin, cos, lastRot = float32(s), float32(c), b.Rotation
		}
		cx := float32(vp.xx*b.X) + float32(vp.xy*b.Y) + vp.tx
		cy := float32(vp.yx*b.X) + float32(vp.yy*b.Y) + float32(vp.yz*b.Z) + vp.ty
		h := b.Size * vp.h
		ux, uy := float32(h*cos), float32(h*sin*fy)
		vx, vy := float32(-h*sin), float32(h*cos*fy)
		v := verts[per*slot : per*slot+per : per*slot+per]
		tau := b.Tau
		if tri {
			x0, y0, x1, y1, x2, y2 := triangleCorners(cx, cy, ux, uy, vx, vy)
			v = v[:3:3]
			v[0].DstX, v[0].DstY, v[0].ColorR = x0, y0, tau
			v[1].DstX, v[1].DstY, v[1].ColorR = x1, y1, tau
			v[2].DstX, v[2].DstY, v[2].ColorR = x2, y2, tau
		} else {
			x0, y0, x1, y1, x2, y2, x3, y3 := quadCorners(cx, cy, ux, uy, vx, vy)
			v = v[:4:4]
			v[0].DstX, v[0].DstY, v[0].ColorR = x0, y0, tau
			v[1].DstX, v[1].DstY, v[1].ColorR = x1, y1, tau
			v[2].DstX, v[2].DstY, v[2].ColorR = x2, y2, tau
			v[3].DstX, v[3].DstY, v[3].ColorR = x3, y3, tau
		}
		if tag := tagBase + uint64(b.Frame); tags[slot] != tag {
			f := float32(b.Frame)
			for j := range v {
				v[j].Custom0, v[j].Custom1 = row, f
			}
			tags[slot] = tag
		}
		slot++
	}
}

// reserve makes the quad and triangle buffers, each of one chunk (the
// submission is local), with their corners' (u, v), the triangles' mark,
// the slot tags and the static indices, once.
func (w *worldPath) reserve() {
	n := w.sub.size
	if n > len(w.tags) {
		w.verts, w.tags, w.indices = growSlots(nil, nil, n, 4)
		for q := range w.tags {
			v := w.verts[4*q : 4*q+4]
			v[1].SrcX, v[2].SrcY, v[3].SrcX, v[3].SrcY = 1, 1, 1, 1
		}
		w.tverts, w.ttags, w.tindices = growSlots(nil, nil, n, 3)
		for q := range w.ttags {
			v := w.tverts[3*q : 3*q+3]
			v[1].SrcX, v[2].SrcY = 2, 2
			for j := range v {
				v[j].Custom2 = 1
			}
		}
	}
}

// call makes the draw call c of a view of the level ls onto dst (both
// set by submit and issue).
func (w *worldPath) call(c *drawCall) {
	ls := w.ls
	if c.gpu {
		w.gpu.draw(w.dst, c.from, c.from+c.n, ls.pages[c.page], ls.data, ls.rows.img)
		return
	}
	w.op.Images[0], w.op.Images[1] = ls.pages[c.page], ls.data
	if c.tri {
		w.dst.DrawTrianglesShader32(w.tverts[3*c.from:3*(c.from+c.n)], w.tindices[:3*c.n], w.shader, &w.op)
		return
	}
	w.dst.DrawTrianglesShader32(w.verts[4*c.from:4*(c.from+c.n)], w.indices[:6*c.n], w.shader, &w.op)
}
