package emitter

import (
	"slices"

	"github.com/emberfx/ember/internal/hash"
)

// The vector kernel reads a stream's constants from a ring of its own, the
// lane ring: the constants of eight candidates a block, transposed to
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
// back, unpackLanes gives it the constants the lane ring holds, rolling
// its block into the ring first where the ring does not hold it. Rolling
// the lifetime, rotation and spin from 32-bit rolls (laneBlock) took the
// ring from 512 to 384 bytes a block: cmd/compare's steady cases, four
// runs of each binary alternated, Ember's CPU per frame 34.4-34.9 ns a
// particle against 37.0-38.3 before for the full effect at 10,000, and
// lower or level in the other three cases.

// laneWidth is the slots of a laneBlock.
const laneWidth = 8

// The ring is as long as the live window and two blocks more
// (prepareCache), not a power of two as the constants ring is: the
// candidates of each block follow those of the one before round the ring
// (blockOf), so a new candidate takes the slot of the one that left the
// window a ring's length before it, which the last evaluations read and
// the cache still holds. In a ring of the next power of two (up to twice
// as long) it took a slot last touched up to a window's lifetime before,
// read back from memory at about 200 ns a line: at a steady 100,000
// particles (timers inside cmd/compare's frames), loading those lines
// alone took 1.7 to 2 ns a particle and the lines behind the window's
// start 0.04, and the fill went from 2.2-2.5 ns a particle to 0.43-0.52
// with this ring.

// laneBlock holds slots 8b..8b+7 of a lane ring, one field of constants a
// row, in the order the kernel names its registers: 384 bytes, six lines.
// The lifetime, rotation and spin are each a hash.Range of a 32-bit roll
// of the stream (hash.Unit), which the block holds in place of the float64
// the roll gives: the kernel rolls them from those bits as lookup does, in
// a few operations beside its chain, and so reads a line less for every
// effect and two less for one that spins. A block holds its eight
// candidates whole or not at all: its tag (the ring's tags, one a block)
// is the first of them, or noTag.
type laneBlock struct {
	// stLife is the Stream | the lifetime roll<<32 of each slot.
	stLife         [laneWidth]uint64
	ox, oy, vx, vy [laneWidth]float64
	// spin is the rotation roll | the spin roll<<32.
	spin [laneWidth]uint64
}

// noTag is the tag of a block that holds no candidates: no block's first
// candidate, a multiple of laneWidth, is odd.
const noTag = 1

// blockOf returns the ring index of the block of stream candidate i's
// slot: i's block of eight (i>>3 rounds down, negative i included) modulo
// the ring's length in blocks.
func (f *frame) blockOf(i int64) int64 {
	n := int64(len(f.lanes))
	b := (i >> 3) % n
	if b < 0 {
		b += n
	}
	return b
}

// block returns the block of stream candidate i's slot and its tag.
func (f *frame) block(i int64) (*laneBlock, *int64) {
	b := f.blockOf(i)
	return &f.lanes[b], &f.tags[b]
}

// laneConstants returns the constants of candidate i from lane l of b,
// which holds it: lookup's, bit for bit.
func (f *frame) laneConstants(b *laneBlock, l, i int64) constants {
	st, spin := b.stLife[l], b.spin[l]
	c := constants{key: uint32(2 * i), st: uint32(st), ox: b.ox[l], oy: b.oy[l], vx: b.vx[l], vy: b.vy[l]}
	c.life, c.rot0, c.omega = f.timed(uint32(st>>32), uint32(spin), uint32(spin>>32))
	return c
}

// rollBlock rolls the eight candidates of the block whose first is base
// into their lanes, as lookup rolls them, and tags it: with the lane
// kernel and its arguments la, or one at a time where la is nil.
func (f *frame) rollBlock(base int64, la *laneArgs) {
	b, tag := f.block(base)
	var keys [laneWidth]uint32
	for l := range int64(laneWidth) {
		keys[l] = uint32(2 * (base + l))
	}
	f.rollKeys(b, &keys, la)
	*tag = base
}

// rollKeys rolls the particles of keys into the lanes of b: with the lane
// kernel and its arguments la, or one at a time where la is nil.
func (f *frame) rollKeys(b *laneBlock, keys *[laneWidth]uint32, la *laneArgs) {
	if la != nil {
		la.keys, la.out = *keys, b
		laneKernel(la)
		return
	}
	for l, key := range keys {
		f.rollLane(b, int64(l), key)
	}
}

// rollLane rolls the particle of key into lane l of b, as lookup rolls it.
func (f *frame) rollLane(b *laneBlock, l int64, key uint32) {
	st := hash.Stream(f.e.seed, key)
	life, rot, spin := timedRolls(st)
	b.stLife[l] = uint64(st) | uint64(life)<<32
	b.ox[l], b.oy[l], b.vx[l], b.vy[l] = f.launch(st)
	b.spin[l] = uint64(rot) | uint64(spin)<<32
}

// fillBurstLanes gives burst segment sg (particles 0..sg.hi) the lane
// blocks the kernel reads, in its burstCache: one block per eight
// particles, each rolled once, the first time the burst is placed by the
// kernel (or after a rewind shows more of it), with the keys burstKey
// gives. A block's slots past the burst's last particle hold particles it
// does not show, which the kernel masks off.
func (f *frame) fillBurstLanes(sg *segment, lr *laneRoller) {
	bc := &f.e.burstCaches[sg.bc]
	nb := int(sg.hi/laneWidth) + 1
	if n := len(bc.tags); n < nb {
		// The blocks rolled so far stay: lanes and tags are as long.
		bc.lanes = slices.Grow(bc.lanes, nb-n)[:nb]
		bc.tags = slices.Grow(bc.tags, nb-n)[:nb]
		for i := n; i < nb; i++ {
			bc.tags[i] = noTag
		}
	}
	index, maxParticles := f.e.bursts[sg.burst].Index, f.s.spec.MaxParticles
	for i := range nb {
		if base := int64(i) * laneWidth; bc.tags[i] != base {
			var keys [laneWidth]uint32
			for l := range int64(laneWidth) {
				keys[l] = burstKey(index, maxParticles, int(base+l))
			}
			f.rollKeys(&bc.lanes[i], &keys, lr.args())
			bc.tags[i] = base
		}
	}
	sg.lanes, sg.ltags = bc.lanes[:nb], bc.tags[:nb]
}

// unpackLanes sets held[i&7] to stream particle i's constants for i in
// lo..hi, one aligned run of at most eight: what the lane ring holds for
// them, the block rolled again first where it does not hold them.
func (f *frame) unpackLanes(held *[8]constants, lo, hi int64) {
	base := lo &^ (laneWidth - 1)
	b, tag := f.block(base)
	if *tag != base {
		f.rollBlock(base, nil)
	}
	for i := lo; i <= hi; i++ {
		held[i&7] = f.laneConstants(b, i&7, i)
	}
}

// fillLanes rolls into the lane ring the blocks of candidates of segs the
// kernel will place that it does not hold, before the kernel runs: those
// that have come into the window since the last evaluation (past
// e.laneTop), rolled without reading their tags first (a block that held
// them already gets the same bits again), and after a rewind (a window
// ending at or before laneTop) every block of the window whose tag is
// another's. Left to the kernel, each such block stopped it and went
// through unpackLanes and the scalar loop: at a steady 10,000 particles,
// 14 blocks a frame and 18% of the evaluation's time (BenchmarkEmberChunks'
// profile). Evaluations call it before they split the candidates between
// workers, whose runs may share a block: the workers then only read the
// ring.
func (f *frame) fillLanes(segs []segment) {
	if !haveVector || f.farF32 || f.step != 1 || !f.kernelShape() {
		return
	}
	e := f.e
	top := e.laneTop
	lr := laneRoller{f: f}
	for i := range segs {
		sg := &segs[i]
		if !f.plain(*sg) {
			continue
		}
		if sg.burst >= 0 {
			f.fillBurstLanes(sg, &lr)
			continue
		}
		if !f.vectorEligible(*sg) {
			continue
		}
		from := max(sg.lo, top+1)
		if sg.hi <= top {
			from = sg.lo // a rewind
		}
		for base := from &^ (laneWidth - 1); base <= sg.hi; base += laneWidth {
			if _, tag := f.block(base); base > top || *tag != base {
				f.rollBlock(base, lr.args())
			}
		}
		e.laneTop = sg.hi | (laneWidth - 1)
	}
}
