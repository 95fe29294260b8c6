package render

import (
	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// writePass writes the quads of layer n (0 is the core) of one effect from
// vertex slot slot on, and returns the next free slot.
//
// It is the hot path. Only the fields that change every frame are always
// written (the corners, τ and age); the hash halves when the slot held
// another particle the frame before, and the texture corners, the data row
// and the layer factor only when it held another kind or layer (the slot's
// tag says which). The billboards come rotated: a corner is three float32
// additions.
func (r *Renderer) writePass(slot int, bs []emitter.Billboard, ox, oy float64, k *kind, n int) int {
	l := layerOf(k, n, ox, oy)
	done := r.writeVector(false, slot, bs, k, l)
	return r.writePassLoop(slot+done, bs[done:], k, l)
}

// writePassLoop is writePass' loop, a billboard at a time.
func (r *Renderer) writePassLoop(slot int, bs []emitter.Billboard, k *kind, l layer) int {
	g, fx, fy, factor, row, tagBase := l.g, l.fx, l.fy, l.factor, l.row, l.tagBase
	sx0, sy0, sx1, sy1 := texCorners(k, 1)
	verts := r.verts
	tags := r.tags
	for i := range bs {
		q := &bs[i]
		// Glow layers scale U and V (emitter.Billboard) about the centre.
		ax, ay := float32(g*q.UX), float32(g*q.UY)
		bx, by := float32(g*q.VX), float32(g*q.VY)
		x0, y0, x1, y1, x2, y2, x3, y3 := quadCorners(q.X+fx, q.Y+fy, ax, ay, bx, by)
		v := verts[4*slot : 4*slot+4 : 4*slot+4]
		v[0].DstX, v[0].DstY = x0, y0
		v[1].DstX, v[1].DstY = x1, y1
		v[2].DstX, v[2].DstY = x2, y2
		v[3].DstX, v[3].DstY = x3, y3
		tau, age := q.Tau, q.Age
		v[0].ColorR, v[0].ColorG = tau, age
		v[1].ColorR, v[1].ColorG = tau, age
		v[2].ColorR, v[2].ColorG = tau, age
		v[3].ColorR, v[3].ColorG = tau, age
		// A slot's tag is its kind and layer (high 32 bits) and stream.
		// In a steady stream particles shift slots every frame, but the
		// kind and layer of a slot rarely change: then only the hash
		// halves are rewritten.
		if tag := tagBase | uint64(q.Stream); tags[slot] != tag {
			hi, lo := float32(q.Stream>>16), float32(q.Stream&0xFFFF)
			v[0].ColorB, v[0].ColorA = hi, lo
			v[1].ColorB, v[1].ColorA = hi, lo
			v[2].ColorB, v[2].ColorA = hi, lo
			v[3].ColorB, v[3].ColorA = hi, lo
			if tags[slot]>>32 != tagBase>>32 {
				for j := range v {
					v[j].Custom0, v[j].Custom1 = row, factor
				}
				v[0].SrcX, v[0].SrcY = sx0, sy0
				v[1].SrcX, v[1].SrcY = sx1, sy0
				v[2].SrcX, v[2].SrcY = sx0, sy1
				v[3].SrcX, v[3].SrcY = sx1, sy1
			}
			tags[slot] = tag
		}
		slot++
	}
	return slot
}

// quadCorners returns the target positions of a quad's four vertices, the
// corners (u, v) = (0,0), (1,0), (0,1), (1,1) of the parallelogram of
// centre c and half axes a and b: corner(u, v) = c + (2u-1)·a + (2v-1)·b.
// Both batched paths' quads are written from it.
func quadCorners(cx, cy, ax, ay, bx, by float32) (x0, y0, x1, y1, x2, y2, x3, y3 float32) {
	return cx - ax - bx, cy - ay - by, cx + ax - bx, cy + ay - by, cx - ax + bx, cy - ay + by, cx + ax + bx, cy + ay + by
}

// triangleCorners returns the target positions of the three vertices of
// the triangle enclosing that quad: its corners (u, v) = (0,0), (2,0),
// (0,2), the first computed as quadCorners computes it, so that the
// triangle's edges u = 0 and v = 0 lie where the quad's do.
func triangleCorners(cx, cy, ax, ay, bx, by float32) (x0, y0, x1, y1, x2, y2 float32) {
	return cx - ax - bx, cy - ay - by, cx + float32(3*ax) - bx, cy + float32(3*ay) - by, cx - ax + float32(3*bx), cy - ay + float32(3*by)
}

// TriangleMaxHalfDiagonal is the largest half-diagonal, in target
// pixels, of a particle layer the batched path draws as one triangle
// instead of a quad (an effect's layer, or a world emitter, is drawn so
// when its largest particle is; Stats.Triangles and LevelStats.Triangles
// count them). The triangle encloses the
// quad, (-1,-1), (3,-1), (-1,3) in the quad's frame (its corners at ±1),
// and the shader returns nothing outside the quad: three vertices and
// three indices instead of four and six, for twice the rasterized area.
// 1.5 is a square particle of 2 px: there, on Mesa's llvmpipe (which
// shades on the CPU), a frame of triangles costs what one of quads costs,
// the shading included, while at 4 px the triangles cost 1.75 times as
// much (BenchmarkTriangle); a hardware GPU would take larger ones.
const TriangleMaxHalfDiagonal = 1.5

// triangle reports whether layer n of the batched effect v is drawn as
// triangles: its quads' half-diagonals on the target, bounded by v.half
// grown by the layer, are at most triMax.
func (r *Renderer) triangle(v *visible, n int) bool {
	return v.half*v.k.growth[n] <= r.triMax
}

// zoom is the camera's zoom, 1 without one.
func (r *Renderer) zoom() float64 {
	if r.viewed {
		return r.view.Zoom
	}
	return 1
}

// texCorners returns the texture corners of kind k's quad, (x0, y0) and
// the far one at span times the texture's size: 1 for a quad's vertices,
// 2 for the enclosing triangle's (writeTriangles).
func texCorners(k *kind, span int) (x0, y0, x1, y1 float32) {
	return float32(k.tex.x), float32(k.tex.y), float32(k.tex.x + span*k.tex.w), float32(k.tex.y + span*k.tex.h)
}

// layer is what the writers read of one layer of a kind drawn at an
// offset (layerOf).
type layer struct {
	g, fx, fy   float32 // the layer's growth, and the offset in float32
	factor, row float32 // the layer factor and the kind's data row
	tagBase     uint64  // the kind and layer half of the slot tags
}

// layerOf is what the writers read of layer n of kind k drawn at (ox, oy).
func layerOf(k *kind, n int, ox, oy float64) layer {
	return layer{float32(k.growth[n]), float32(ox), float32(oy), k.factor[n], k.row, k.id<<35 | uint64(n)<<32}
}

// growSlots returns verts and tags with room for n slots (a quarter more)
// of per vertices each, what they held kept, and the static indices of as
// many primitives: quads (per 4: 0 1 2, 1 2 3) or triangles (per 3: 0 1 2),
// offset by each slot's first vertex.
func growSlots(verts []ebiten.Vertex, tags []uint64, n, per int) ([]ebiten.Vertex, []uint64, []uint32) {
	n += n / 4
	v := make([]ebiten.Vertex, per*n)
	copy(v, verts)
	t := make([]uint64, n)
	copy(t, tags)
	corners := []uint32{0, 1, 2}
	if per == 4 {
		corners = []uint32{0, 1, 2, 1, 2, 3}
	}
	idx := make([]uint32, 0, len(corners)*n)
	for q := range n {
		for _, c := range corners {
			idx = append(idx, uint32(per*q)+c)
		}
	}
	return v, t, idx
}

// reserveTriangles makes room for n triangles, as reserve for quads.
func (r *Renderer) reserveTriangles(n int) {
	if n <= len(r.ttags) {
		return
	}
	r.tverts, r.ttags, r.tindices = growSlots(r.tverts, r.ttags, n, 3)
}

// writeTriangles is writePass drawing each billboard as one triangle: its
// vertices are the corners (u, v) = (0, 0), (2, 0) and (0, 2), with the
// texture coordinates of those corners (so the shader recovers the same
// (u, v) and returns nothing outside [0, 1)²), and Custom2 = 1, which
// tells the shader so.
func (r *Renderer) writeTriangles(slot int, bs []emitter.Billboard, ox, oy float64, k *kind, n int) int {
	l := layerOf(k, n, ox, oy)
	done := r.writeVector(true, slot, bs, k, l)
	return r.writeTrianglesLoop(slot+done, bs[done:], k, l)
}

// writeColumns writes billboards lo..hi-1 of c, of layer n of kind k, as
// triangles (tri) or quads from slot slot on, as writeTriangles and
// writePass write billboards: the column kernels write what they can, the
// loops the rest, copied out as billboards.
func (r *Renderer) writeColumns(tri bool, slot int, c *emitter.Columns, lo, hi int, ox, oy float64, k *kind, n int) {
	l := layerOf(k, n, ox, oy)
	done := r.writeVectorColumns(tri, slot, c, lo, hi, k, l)
	if lo+done == hi {
		return
	}
	r.colTail = c.AppendBillboards(r.colTail[:0], lo+done, hi)
	if tri {
		r.writeTrianglesLoop(slot+done, r.colTail, k, l)
	} else {
		r.writePassLoop(slot+done, r.colTail, k, l)
	}
}

// writeTrianglesLoop is writeTriangles' loop, a billboard at a time.
func (r *Renderer) writeTrianglesLoop(slot int, bs []emitter.Billboard, k *kind, l layer) int {
	g, fx, fy, factor, row, tagBase := l.g, l.fx, l.fy, l.factor, l.row, l.tagBase
	sx0, sy0, sx2, sy2 := texCorners(k, 2)
	verts := r.tverts
	tags := r.ttags
	for i := range bs {
		q := &bs[i]
		ax, ay := float32(g*q.UX), float32(g*q.UY)
		bx, by := float32(g*q.VX), float32(g*q.VY)
		x0, y0, x1, y1, x2, y2 := triangleCorners(q.X+fx, q.Y+fy, ax, ay, bx, by)
		v := verts[3*slot : 3*slot+3 : 3*slot+3]
		v[0].DstX, v[0].DstY = x0, y0
		v[1].DstX, v[1].DstY = x1, y1
		v[2].DstX, v[2].DstY = x2, y2
		tau, age := q.Tau, q.Age
		v[0].ColorR, v[0].ColorG = tau, age
		v[1].ColorR, v[1].ColorG = tau, age
		v[2].ColorR, v[2].ColorG = tau, age
		if tag := tagBase | uint64(q.Stream); tags[slot] != tag {
			hi, lo := float32(q.Stream>>16), float32(q.Stream&0xFFFF)
			v[0].ColorB, v[0].ColorA = hi, lo
			v[1].ColorB, v[1].ColorA = hi, lo
			v[2].ColorB, v[2].ColorA = hi, lo
			if tags[slot]>>32 != tagBase>>32 {
				for j := range v {
					v[j].Custom0, v[j].Custom1, v[j].Custom2 = row, factor, 1
				}
				v[0].SrcX, v[0].SrcY = sx0, sy0
				v[1].SrcX, v[1].SrcY = sx2, sy0
				v[2].SrcX, v[2].SrcY = sx0, sy2
			}
			tags[slot] = tag
		}
		slot++
	}
	return slot
}
