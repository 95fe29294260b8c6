package emitter

// The vector kernel reads a stream's constants from a ring of its own, the
// lane ring: the constants ring's slots eight to a block, transposed to
// one field a row, so that a field of eight slots is one 64-byte line.
// The kernel loads the rows it needs as they are: with the constants ring
// it spent a sixth of its instructions transposing eight slots to eight
// fields, and read a spin's two fields for every effect, where the rows
// of an effect without spin (and so without a rotation to roll per
// particle) stay in memory. The ring comes back from memory every frame,
// after Ebitengine's copies and llvmpipe's drawing, so its bytes are much
// of the kernel's cost (cmd/compare, steady-full: with 64 more bytes a
// slot, Ember's own time per particle inside its frames rose by 3.5 to 4
// ns, at 10,000 and at 100,000).
//
// The scalar paths keep the constants ring: where the kernel hands a run
// back, unpackLanes copies its constants out of the lane ring, rolling
// (and storing) those it lacks.

// laneWidth is the slots of a laneBlock. The ring is a whole number of
// blocks: its length is a power of two of at least laneWidth.
const laneWidth = 8

// laneBlock holds slots 8b..8b+7 of a lane ring, one field of constants a
// row, in the order the kernel names its registers.
type laneBlock struct {
	// keySt is key | Stream<<32 of the particle a slot holds.
	keySt [laneWidth]uint64
	// life is 0 in a slot that holds no particle.
	life, ox, oy, vx, vy, rot0, omega [laneWidth]float64
}

// slot returns the block and lane of stream candidate i's slot.
func (f *frame) slot(i int64) (*laneBlock, int64) {
	s := i & f.mask
	return &f.lanes[s/laneWidth], s % laneWidth
}

// get returns the constants lane l holds.
func (b *laneBlock) get(l int64) constants {
	return constants{key: uint32(b.keySt[l]), st: uint32(b.keySt[l] >> 32), life: b.life[l], ox: b.ox[l], oy: b.oy[l],
		vx: b.vx[l], vy: b.vy[l], rot0: b.rot0[l], omega: b.omega[l]}
}

// set stores c in lane l.
func (b *laneBlock) set(l int64, c *constants) {
	b.keySt[l] = uint64(c.key) | uint64(c.st)<<32
	b.life[l], b.ox[l], b.oy[l], b.vx[l], b.vy[l], b.rot0[l], b.omega[l] = c.life, c.ox, c.oy, c.vx, c.vy, c.rot0, c.omega
}

// unpackLanes sets held[i&7] to stream particle i's constants for i in
// lo..hi, one aligned run of at most eight: what the lane ring holds in
// i's slot, checked and rolled again where it is not i's (lookup), and
// stored back.
func (f *frame) unpackLanes(held *[8]constants, lo, hi int64) {
	for i := lo; i <= hi; i++ {
		b, l := f.slot(i)
		c := &held[i&7]
		*c = b.get(l)
		f.lookup(c, uint32(2*i))
		b.set(l, c)
	}
}

// fillLanes rolls into the lane ring the candidates of segs the kernel
// will place that have come into the window since the last evaluation
// (past e.laneTop), before the kernel runs. Left to the kernel, each block
// holding one stopped it and went through unpackLanes and the scalar loop:
// at a steady 10,000 particles, 14 blocks a frame and 18% of the
// evaluation's time (BenchmarkEmberChunks' profile). It rolls them without
// reading their slots first: a slot that held its candidate already gets
// the same bits again, and the read would wait on memory for each new
// block. Candidates at or below e.laneTop that a rewind rolled over are
// left to the kernel's check, which hands their blocks back as before.
// Evaluations call it before they split the candidates between workers,
// as it writes e.laneTop.
func (f *frame) fillLanes(segs []segment) {
	if f.lanes == nil || f.farF32 {
		return
	}
	e := f.e
	top := e.laneTop
	for _, sg := range segs {
		if !f.plain(sg) || !f.vectorEligible(sg) {
			continue
		}
		for i := max(sg.lo, top+1); i <= sg.hi; i++ {
			var c constants // empty: lookup rolls it
			f.lookup(&c, uint32(2*i))
			b, l := f.slot(i)
			b.set(l, &c)
		}
		e.laneTop = sg.hi
	}
}
