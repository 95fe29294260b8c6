package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// The writers' vector kernels write eight billboards' triangles or quads
// at a time, on processors with AVX-512 (vertexvec_amd64.s): the corners
// as triangleCorners and quadCorners compute them, in float32 and in their
// order, so the same bits as the writers' loops (TestVertexKernelsMatch).
// They write each vertex's first 32 bytes whole (corner, texture corner, τ
// and age, hash halves): where a slot already holds the kind, the texture
// corner and the halves they rewrite are the ones there. A block holding a
// slot of another kind (a new renderer's, or one that drew another effect's
// particles last) also gets the data row and layer factor the loops write
// there, and the triangle flag.

// vertexArgs is what the kernels read and write; vertexvec_amd64.s reads
// its layout through go_asm.h.
type vertexArgs struct {
	bs *emitter.Billboard
	// The columns' entries the column kernels start at, in place of bs.
	ks           *[2]uint32
	xy, u, v, ta *[2]float32
	verts        *ebiten.Vertex
	tags         *uint64
	ki           *[vxKiLen]uint64
	n            int64 // billboards to write, a multiple of 8; written, on return
	// src holds the vertices' texture corners, a float32 pair each.
	src     [4]uint64
	tagBase uint64
	// tail is the pair (data row, layer factor): Custom0 and Custom1 of a
	// slot of another kind.
	tail   uint64
	g      float32
	fx, fy float32
}

// Indices of vertexInts: the de-interleave of eight billboards (per pair:
// index, then the lanes from words 16-31 and from 32-39), the interleave
// of two vectors' words, and of their 16-byte halves.
const (
	vxKiSplit  = 0  // 5 × 8 indices
	vxKiMasks  = 40 // 5 × 2 masks
	vxKiWeave  = 50 // 2 × 8: words 0-3 (then 4-7) of two vectors, alternated
	vxKiBlocks = 66 // 2 × 8: 16-byte halves 0-1 (then 2-3) of two vectors, alternated
	vxKiHalves = 82 // 0xFFFF
	vxKiLen    = 83
)

var vertexInts = func() (v [vxKiLen]uint64) {
	// Billboard r's pair f (Key|Stream, X|Y, UX|UY, VX|VY, Tau|Age) is
	// word w = 5r + f of the eight: lane w&7 of vector w>>3.
	for f := range 5 {
		for r := range 8 {
			w := 5*r + f
			v[vxKiSplit+8*f+r] = uint64(w & 15)
			switch {
			case w >= 32:
				v[vxKiMasks+2*f+1] |= 1 << r
			case w >= 16:
				v[vxKiMasks+2*f] |= 1 << r
			}
		}
	}
	for i := range 4 {
		v[vxKiWeave+2*i], v[vxKiWeave+2*i+1] = uint64(i), uint64(8+i)
		v[vxKiWeave+8+2*i], v[vxKiWeave+8+2*i+1] = uint64(4+i), uint64(12+i)
	}
	for i := range 2 {
		for h := range 2 {
			v[vxKiBlocks+4*i+h] = uint64(2*i + h)
			v[vxKiBlocks+4*i+2+h] = uint64(8 + 2*i + h)
			v[vxKiBlocks+8+4*i+h] = uint64(4 + 2*i + h)
			v[vxKiBlocks+8+4*i+2+h] = uint64(12 + 2*i + h)
		}
	}
	v[vxKiHalves] = 0xFFFF
	return v
}()

// pair packs two float32 as a word, x in its low half.
func pair(x, y float32) uint64 {
	return uint64(math.Float32bits(x)) | uint64(math.Float32bits(y))<<32
}

// writeVector writes what it can of bs from slot on with the kernel, as
// triangles (tri) or quads, and returns how many it wrote: all but the
// last len(bs) mod 8, which the loop writes, or none where the kernel does
// not run, bs holds fewer than eight or the slots are out of the buffers.
func (r *Renderer) writeVector(tri bool, slot int, bs []emitter.Billboard, k *kind, l layer) int {
	if !haveVertexKernel || len(bs) < 8 {
		return 0
	}
	a, ok := r.vectorArgs(tri, slot, len(bs), k, l)
	if !ok {
		return 0
	}
	a.bs = &bs[0]
	// Direct calls: a func value of a method would allocate.
	if tri {
		triKernel(&a)
	} else {
		quadKernel(&a)
	}
	return int(a.n)
}

// writeVectorColumns is writeVector for billboards lo..hi-1 of c.
func (r *Renderer) writeVectorColumns(tri bool, slot int, c *emitter.Columns, lo, hi int, k *kind, l layer) int {
	if !haveVertexKernel || hi-lo < 8 {
		return 0
	}
	a, ok := r.vectorArgs(tri, slot, hi-lo, k, l)
	if !ok {
		return 0
	}
	a.ks, a.xy, a.u, a.v, a.ta = &c.KeyStream[lo], &c.XY[lo], &c.U[lo], &c.V[lo], &c.TauAge[lo]
	if tri {
		triColumns(&a)
	} else {
		quadColumns(&a)
	}
	return int(a.n)
}

// vectorArgs returns the kernels' arguments for n billboards written from
// slot on, all but the billboards; false when the slots are out of the
// buffers (the loop's bounds checks then say what is wrong).
func (r *Renderer) vectorArgs(tri bool, slot, n int, k *kind, l layer) (vertexArgs, bool) {
	a := vertexArgs{
		ki: &vertexInts, tagBase: l.tagBase, tail: pair(l.row, l.factor), g: l.g, fx: l.fx, fy: l.fy,
	}
	verts, tags, per := r.verts, r.tags, 4
	if tri {
		sx0, sy0, sx2, sy2 := texCorners(k, 2)
		a.src = [4]uint64{pair(sx0, sy0), pair(sx2, sy0), pair(sx0, sy2)}
		verts, tags, per = r.tverts, r.ttags, 3
	} else {
		sx0, sy0, sx1, sy1 := texCorners(k, 1)
		a.src = [4]uint64{pair(sx0, sy0), pair(sx1, sy0), pair(sx0, sy1), pair(sx1, sy1)}
	}
	if slot < 0 || slot+n > len(tags) || per*(slot+n) > len(verts) {
		return a, false
	}
	a.verts, a.tags = &verts[per*slot], &tags[slot]
	a.n = int64(n &^ 7)
	return a, true
}
