package render

import (
	"unsafe"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// The triangle writer's vector kernel writes eight billboards' triangles
// at a time, on processors with AVX-512 (vertexvec_amd64.s): the corners
// as triangleCorners computes them, in float32 and in its order, so the
// same bits as writeTriangles' loop (TestTriangleKernelMatches). It writes
// each vertex's first 32 bytes whole (corner, texture corner, τ and age,
// hash halves): where a slot already holds the kind, the texture corner
// and the halves it rewrites are the ones there. A block holding a slot of
// another kind (whose data row and layer factor need writing too) is left
// to the loop.

// triArgs is what the kernel reads and writes; vertexvec_amd64.s reads
// its layout through go_asm.h.
type triArgs struct {
	bs    *emitter.Billboard
	verts *ebiten.Vertex
	tags  *uint64
	ki    *[triKiLen]uint64
	n     int64 // billboards to write, a multiple of 8; written, on return
	// src holds the three vertices' texture corners, a float32 pair each.
	src     [3]uint64
	tagBase uint64
	g       float32
	fx, fy  float32
}

// Indices of triInts: the de-interleave of eight billboards (per pair:
// index, then the lanes from words 16-31 and from 32-39), the interleave
// of two vectors' words, and of their 16-byte halves.
const (
	triKiSplit  = 0  // 5 × 8 indices
	triKiMasks  = 40 // 5 × 2 masks
	triKiWeave  = 50 // 2 × 8: words 0-3 (then 4-7) of two vectors, alternated
	triKiBlocks = 66 // 2 × 8: 16-byte halves 0-1 (then 2-3) of two vectors, alternated
	triKiHalves = 82 // 0xFFFF
	triKiLen    = 83
)

var triInts = func() (v [triKiLen]uint64) {
	// Billboard r's pair f (Key|Stream, X|Y, UX|UY, VX|VY, Tau|Age) is
	// word w = 5r + f of the eight: lane w&7 of vector w>>3.
	for f := range 5 {
		for r := range 8 {
			w := 5*r + f
			v[triKiSplit+8*f+r] = uint64(w & 15)
			switch {
			case w >= 32:
				v[triKiMasks+2*f+1] |= 1 << r
			case w >= 16:
				v[triKiMasks+2*f] |= 1 << r
			}
		}
	}
	for i := range 4 {
		v[triKiWeave+2*i], v[triKiWeave+2*i+1] = uint64(i), uint64(8+i)
		v[triKiWeave+8+2*i], v[triKiWeave+8+2*i+1] = uint64(4+i), uint64(12+i)
	}
	for i := range 2 {
		for h := range 2 {
			v[triKiBlocks+4*i+h] = uint64(2*i + h)
			v[triKiBlocks+4*i+2+h] = uint64(8 + 2*i + h)
			v[triKiBlocks+8+4*i+h] = uint64(4 + 2*i + h)
			v[triKiBlocks+8+4*i+2+h] = uint64(12 + 2*i + h)
		}
	}
	v[triKiHalves] = 0xFFFF
	return v
}()

// pair packs two float32 as a word, x in its low half.
func pair(x, y float32) uint64 {
	return uint64(*(*uint32)(unsafe.Pointer(&x))) | uint64(*(*uint32)(unsafe.Pointer(&y)))<<32
}

// writeTrianglesVector writes what it can of bs from slot on with the
// kernel, and returns how many it wrote (a multiple of 8).
func (r *Renderer) writeTrianglesVector(slot int, bs []emitter.Billboard, k *kind, l layer) int {
	if !haveTriKernel || len(bs) < 8 {
		return 0
	}
	sx0, sy0 := float32(k.tex.x), float32(k.tex.y)
	sx2, sy2 := float32(k.tex.x+2*k.tex.w), float32(k.tex.y+2*k.tex.h)
	a := triArgs{
		ki:      &triInts,
		src:     [3]uint64{pair(sx0, sy0), pair(sx2, sy0), pair(sx0, sy2)},
		tagBase: l.tagBase, g: l.g, fx: l.fx, fy: l.fy,
	}
	done := 0
	for len(bs)-done >= 8 {
		a.bs, a.verts, a.tags = &bs[done], &r.tverts[3*(slot+done)], &r.ttags[slot+done]
		a.n = int64((len(bs) - done) &^ 7)
		triKernel(&a)
		done += int(a.n)
		if len(bs)-done < 8 {
			break
		}
		// A block with a slot of another kind: the loop writes it.
		r.writeTrianglesLoop(slot+done, bs[done:done+8], k, l)
		done += 8
	}
	return done
}
