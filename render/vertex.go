package render

import "github.com/emberfx/ember/emitter"

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
	g := float32(k.growth[n])
	fx, fy := float32(ox), float32(oy)
	factor := k.factor[n]
	row := k.row
	tagBase := k.id<<35 | uint64(n)<<32
	sx0, sy0 := float32(k.tex.x), float32(k.tex.y)
	sx1, sy1 := float32(k.tex.x+k.tex.w), float32(k.tex.y+k.tex.h)
	verts := r.verts
	tags := r.tags
	for i := range bs {
		q := &bs[i]
		// corner(u, v) = centre + (2u-1)·U + (2v-1)·V (emitter.Billboard),
		// with glow layers scaling U and V about the centre.
		ax, ay := g*q.UX, g*q.UY
		bx, by := g*q.VX, g*q.VY
		cx, cy := q.X+fx, q.Y+fy
		v := verts[4*slot : 4*slot+4 : 4*slot+4]
		v[0].DstX, v[0].DstY = cx-ax-bx, cy-ay-by
		v[1].DstX, v[1].DstY = cx+ax-bx, cy+ay-by
		v[2].DstX, v[2].DstY = cx-ax+bx, cy-ay+by
		v[3].DstX, v[3].DstY = cx+ax+bx, cy+ay+by
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
