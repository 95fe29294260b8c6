package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
)

// writePass writes the quads of layer n (0 is the core) of one effect from
// vertex slot slot on, and returns the next free slot.
//
// It is the hot path. Only the fields that change every frame are always
// written (the corners, τ and age); the hash halves when the slot held
// another particle the frame before, and the texture corners, the data row
// and the layer factor only when it held another kind or layer (the slot's
// tag says which).
// Consecutive quads with the same rotation share one sincosDeg.
func (r *Renderer) writePass(slot int, qs []emitter.Quad, ox, oy float64, k *kind, n int) int {
	g := 0.5 * k.growth[n]
	factor := k.factor[n]
	row := k.row
	tagBase := k.id<<35 | uint64(n)<<32
	sx0, sy0 := float32(k.tex.x), float32(k.tex.y)
	sx1, sy1 := float32(k.tex.x+k.tex.w), float32(k.tex.y+k.tex.h)
	verts := r.verts
	tags := r.tags
	rot, sin, cos := 0.0, 0.0, 1.0
	for i := range qs {
		q := &qs[i]
		if q.Rotation != rot {
			rot = q.Rotation
			sin, cos = sincosDeg(rot)
		}
		// corner(u, v) = centre + R(θ)((u-½)W, (v-½)H) (docs §1): a is the
		// half u axis, b the half v axis.
		hw, hh := g*q.Width, g*q.Height
		ax, ay := cos*hw, sin*hw
		bx, by := -sin*hh, cos*hh
		cx, cy := q.X+ox, q.Y+oy
		v := verts[4*slot : 4*slot+4 : 4*slot+4]
		v[0].DstX, v[0].DstY = float32(cx-ax-bx), float32(cy-ay-by)
		v[1].DstX, v[1].DstY = float32(cx+ax-bx), float32(cy+ay-by)
		v[2].DstX, v[2].DstY = float32(cx-ax+bx), float32(cy-ay+by)
		v[3].DstX, v[3].DstY = float32(cx+ax+bx), float32(cy+ay+by)
		tau, age := float32(q.Age/q.Lifetime), float32(q.Age)
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

// sincosDeg returns the sine and cosine of d degrees: the angle is reduced
// to r in [-45°, 45°] around a multiple q of 90° (in degrees, before any
// rounding of π), and the Taylor series of sin r (to r⁹) and cos r (to
// r¹⁰) are turned by q quadrants. It is within 2e-9 of math.Sincos (a
// corner moves by 2e-9 of the half diagonal, far below float32's step),
// exact at multiples of 90°, and about twice as cheap: it was the vertex
// path's largest cost.
func sincosDeg(d float64) (sin, cos float64) {
	q := math.Floor(d*(1.0/90) + 0.5)
	r := (d - q*90) * (math.Pi / 180)
	r2 := r * r
	r4 := r2 * r2
	s := r * ((1 - r2*(1.0/6)) + r4*((1.0/120-r2*(1.0/5040))+r4*(1.0/362880)))
	c := (1 - r2*0.5) + r4*((1.0/24-r2*(1.0/720))+r4*(1.0/40320-r2*(1.0/3628800)))
	switch int64(q) & 3 {
	case 1:
		return c, -s
	case 2:
		return -s, -c
	case 3:
		return -c, s
	}
	return s, c
}
