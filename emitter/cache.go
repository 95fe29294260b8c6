package emitter

import (
	"math"
	"slices"
)

// Per-particle constants are cached so that a live particle costs its
// placement only, not its rolls. Stream particle i uses slot i & mask of a
// power-of-two ring at least as long as the live window, so the slots of
// live candidates never collide; each visible burst has its own slice. No
// two candidates of one evaluation share a slot, so an Evaluator's workers
// fill the cache without locks.

// burstCache holds one visible burst's constants, for the scalar paths
// (cacheBursts), and the lane blocks the vector kernel reads in their
// place (fillBurstLanes): block b holds particles 8b..8b+7, its tag 8b
// once rolled.
type burstCache struct {
	index uint32 // the burst's Index
	used  bool
	seen  uint64 // the evaluation that last used it
	c     []constants
	lanes []laneBlock
	tags  []int64
}

// prepareCache sizes the stream ring, and the vector kernel's lane ring
// beside it, for the snapshot's live window. It is called by the
// evaluation entry points before any worker starts.
func (e *Effect) prepareCache() {
	if e.noCache || e.snap.rate <= 0 {
		return
	}
	need := int(e.snap.span) + 2
	if haveVector {
		// The lane ring holds whole blocks: the window's first and last
		// may reach seven candidates past it each. It is as long as that
		// and no longer (lanes.go), and a new length moves every block.
		if nb := (need + 3*laneWidth - 1) / laneWidth; len(e.streamLanes) != nb {
			e.streamLanes = slices.Grow(e.streamLanes[:0], nb)[:nb]
			e.laneTags = slices.Grow(e.laneTags[:0], nb)[:nb]
			e.untag()
		}
	}
	if len(e.streamCache) >= need {
		return
	}
	n := 1
	for n < need {
		n <<= 1
	}
	e.streamCache = make([]constants, n)
}

// burstCacheOf returns the index of burst b's burstCache, assigning one
// to it when it first becomes visible (-1 in an uncached effect). Its
// constants and lane blocks are filled later, by what evaluates it
// (cacheBursts, fillBurstLanes).
func (e *Effect) burstCacheOf(b Burst) int {
	if e.noCache {
		return -1
	}
	free := -1
	for i := range e.burstCaches {
		bc := &e.burstCaches[i]
		if bc.used && bc.index == b.Index {
			bc.seen = e.frameNo
			return i
		}
		if !bc.used && free < 0 {
			free = i
		}
	}
	if free < 0 {
		e.burstCaches = append(e.burstCaches, burstCache{})
		free = len(e.burstCaches) - 1
	}
	bc := &e.burstCaches[free]
	bc.index, bc.used, bc.seen = b.Index, true, e.frameNo
	// Its constants and lane blocks are another burst's, or none: none
	// kept, their storage kept.
	bc.c, bc.lanes, bc.tags = bc.c[:0], bc.lanes[:0], bc.tags[:0]
	return free
}

// cacheBursts gives each burst segment of segs that the vector kernel does
// not place (no lane blocks: fillLanes has run, or does not run for this
// evaluation) its burstCache's constants, at least one per particle the
// segment shows. The kernel reads a burst's lane blocks only, so a burst
// it places costs no constants: a burst of 2,000 particles a new effect
// shows would clear 128 kB for them. A block of a burst the kernel hands
// back to the scalar loop (only one fillLanes has not rolled, which it
// always has) rolls its constants each time (appendPlain).
func (e *Effect) cacheBursts(segs []segment) {
	for i := range segs {
		if sg := &segs[i]; sg.burst >= 0 && sg.bc >= 0 && sg.lanes == nil {
			sg.cache = e.burstCaches[sg.bc].constants(int(sg.hi) + 1)
		}
	}
}

// constants returns bc's constants, grown to at least n particles: the
// new ones zero, not rolled (lookup rolls them when first read). A burst
// shows more particles than when its constants were made after a rewind
// that MaxBurstParticles cut less.
func (bc *burstCache) constants(n int) []constants {
	if m := len(bc.c); m < n {
		bc.c = slices.Grow(bc.c, n-m)[:n]
		clear(bc.c[m:])
	}
	return bc.c
}

// releaseBurstCaches frees the slices of bursts not visible this evaluation.
func (e *Effect) releaseBurstCaches() {
	for i := range e.burstCaches {
		if bc := &e.burstCaches[i]; bc.used && bc.seen != e.frameNo {
			bc.used = false
		}
	}
}

// invalidate drops every cached constant: called when the seed, the
// snapshot, the host size or the burst numbering change.
func (e *Effect) invalidate() {
	e.boundsValid, e.hsValid, e.lookValid = false, false, false
	clear(e.streamCache)
	clear(e.streamLanes)
	e.untag()
	for i := range e.burstCaches {
		e.burstCaches[i].used = false
	}
}

// untag marks every block of the lane ring empty.
func (e *Effect) untag() {
	for i := range e.laneTags {
		e.laneTags[i] = noTag
	}
	e.laneTop = math.MinInt64
}
