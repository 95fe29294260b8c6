package emitter

import "slices"

// Columns holds billboards by pairs of fields, for a vertex writer that
// reads them eight at a time with vector loads: billboard i is entry i of
// every column, and the columns always have the same length. Evaluated
// straight into columns ([Evaluator.AppendColumnRange]), a stream's
// billboards skip the interleave into [Billboard] records that the writer
// would only undo; the values are the same bits.
//
// The zero value is empty and ready to use.
type Columns struct {
	KeyStream [][2]uint32  // Key, Stream
	XY        [][2]float32 // X, Y
	U         [][2]float32 // UX, UY
	V         [][2]float32 // VX, VY
	TauAge    [][2]float32 // Tau, Age
}

// columnSlack is the room past its last entry that every column keeps: the
// kernel stores a block of eight pairs whole, its dead lanes included,
// which the next block's overwrite.
const columnSlack = 8

// Len is how many billboards c holds.
func (c *Columns) Len() int { return len(c.XY) }

// Reset empties c, keeping its storage.
func (c *Columns) Reset() { c.truncate(0) }

// Billboard returns billboard i.
func (c *Columns) Billboard(i int) Billboard {
	ks, xy, u, v, ta := c.KeyStream[i], c.XY[i], c.U[i], c.V[i], c.TauAge[i]
	return Billboard{Key: ks[0], Stream: ks[1], X: xy[0], Y: xy[1], UX: u[0], UY: u[1],
		VX: v[0], VY: v[1], Tau: ta[0], Age: ta[1]}
}

// Append appends bs.
func (c *Columns) Append(bs ...Billboard) {
	n := c.Len()
	c.grow(len(bs))
	c.truncate(n + len(bs))
	c.put(n, bs)
}

// AppendBillboards appends billboards lo..hi-1 of c to dst.
func (c *Columns) AppendBillboards(dst []Billboard, lo, hi int) []Billboard {
	for i := lo; i < hi; i++ {
		dst = append(dst, c.Billboard(i))
	}
	return dst
}

// put writes bs from entry n on, within the columns' length.
func (c *Columns) put(n int, bs []Billboard) {
	ks, xy, u, v, ta := c.KeyStream[n:n+len(bs)], c.XY[n:n+len(bs)], c.U[n:n+len(bs)], c.V[n:n+len(bs)], c.TauAge[n:n+len(bs)]
	for j := range bs {
		b := &bs[j]
		ks[j] = [2]uint32{b.Key, b.Stream}
		xy[j] = [2]float32{b.X, b.Y}
		u[j] = [2]float32{b.UX, b.UY}
		v[j] = [2]float32{b.VX, b.VY}
		ta[j] = [2]float32{b.Tau, b.Age}
	}
}

// Grow makes room for n more billboards, so that appending them
// allocates nothing.
func (c *Columns) Grow(n int) { c.grow(n) }

// grow makes room for n more entries and columnSlack past them.
func (c *Columns) grow(n int) {
	n += columnSlack
	c.KeyStream = slices.Grow(c.KeyStream, n)
	c.XY = slices.Grow(c.XY, n)
	c.U = slices.Grow(c.U, n)
	c.V = slices.Grow(c.V, n)
	c.TauAge = slices.Grow(c.TauAge, n)
}

// truncate sets every column's length to n, within their capacity.
func (c *Columns) truncate(n int) {
	c.KeyStream, c.XY, c.U, c.V, c.TauAge = c.KeyStream[:n], c.XY[:n], c.U[:n], c.V[:n], c.TauAge[:n]
}

// AppendColumnRange appends to c the billboards of candidates [from, to)
// of the evaluation BeginBillboards started: those AppendBillboardRange
// appends, the same bits in the same order. A stream or burst the vector
// kernel places is stored by column as it is evaluated; any other segment
// is evaluated as billboards and then spread into the columns.
func (ev *Evaluator) AppendColumnRange(c *Columns, from, to int64) {
	f := &ev.frame
	var pos int64
	for _, sg := range ev.segs {
		lo, hi, ok := clipSegment(sg, f.step, &pos, from, to)
		if !ok {
			continue
		}
		if !f.farF32 && f.plain(sg) && f.vectorEligible(sg) {
			f.appendVectorColumns(c, sg, lo, hi)
			continue
		}
		ev.spill = f.appendBillboards(ev.spill[:0], sg, lo, hi)
		c.Append(ev.spill...)
	}
}

// appendVectorColumns is appendVector storing by column: it places
// candidates lo..hi of segment sg, eight at a time, and the blocks
// the kernel leaves through appendPlain, onto the end of c.
func (f *frame) appendVectorColumns(c *Columns, sg segment, lo, hi int64) {
	n := c.Len()
	c.grow(int(hi - lo + 1))
	a := f.vectorArgs(nil, n)
	f.segmentArgs(&a, sg)
	a.ks, a.xy, a.u, a.v, a.ta = &c.KeyStream[:n+1][0], &c.XY[:n+1][0], &c.U[:n+1][0], &c.V[:n+1][0], &c.TauAge[:n+1][0]
	a.i, a.hi = lo, hi
	var block [8]Billboard
	var held [8]constants
	ts := turns{t: turn{0, 0, 1}}
	n = f.runVector(&a, &held, func(n int, lo, hi int64) int {
		ts.from, ts.n = 0, 0
		m := f.appendPlain(block[:], 0, &ts, sg, lo, hi, &held)
		ts.apply(block[:])
		c.truncate(n + m)
		c.put(n, block[:m])
		return n + m
	})
	c.truncate(n)
}
