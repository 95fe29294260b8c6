package render

import (
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

// writeQuads writes the quads of one emitter's billboards from vertex slot
// slot on and returns the next free slot.
//
// It is the world path's hot loop. Each billboard's centre is projected
// and its half axes are its rotation's sine and cosine times half its
// edge on the target (camera.Projection.Billboard: an upright one's
// heights times cos pitch), so a corner is two float32 additions; only the
// corners and τ are written every frame. The preset row and frame (Custom0
// and Custom1) are written when the slot held another before (its tag
// says which), and the corners' (u, v) never change.
func (w *worldPath) writeQuads(slot int, bs []world.Billboard, vp *viewProjection, pi *presetInfo) int {
	fy := float32(1)
	if pi.upright {
		fy = vp.cp
	}
	row := pi.row
	tagBase := uint32(row)<<16 + 1
	verts := w.verts
	tags := w.tags
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
		cx := vp.xx*b.X + vp.xy*b.Y + vp.tx
		cy := vp.yx*b.X + vp.yy*b.Y + vp.yz*b.Z + vp.ty
		h := b.Size * vp.h
		ux, uy := h*cos, h*sin*fy
		vx, vy := -h*sin, h*cos*fy
		v := verts[4*slot : 4*slot+4 : 4*slot+4]
		v[0].DstX, v[0].DstY = cx-ux-vx, cy-uy-vy
		v[1].DstX, v[1].DstY = cx+ux-vx, cy+uy-vy
		v[2].DstX, v[2].DstY = cx-ux+vx, cy-uy+vy
		v[3].DstX, v[3].DstY = cx+ux+vx, cy+uy+vy
		tau := b.Tau
		v[0].ColorR, v[1].ColorR, v[2].ColorR, v[3].ColorR = tau, tau, tau, tau
		if tag := tagBase + uint32(b.Frame); tags[slot] != tag {
			f := float32(b.Frame)
			for j := range v {
				v[j].Custom0, v[j].Custom1 = row, f
			}
			tags[slot] = tag
		}
		slot++
	}
	return slot
}
