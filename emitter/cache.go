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

// burstCache holds one visible burst's constants, and the lane blocks the
// vector kernel reads them from (fillLanes): block b holds particles
// 8b..8b+7, its tag 8b once rolled.
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

// burstConstants returns the cache slice of burst b and the index of its
// burstCache, assigning one to it when it first becomes visible (nil and -1
// in an uncached effect).
func (e *Effect) burstConstants(b Burst) ([]constants, int) {
	if e.noCache {
		return nil, -1
	}
	free := -1
	for i := range e.burstCaches {
		bc := &e.burstCaches[i]
		if bc.used && bc.index == b.Index {
			bc.seen = e.frameNo
			if n := len(bc.c); n < b.Count {
				// MaxBurstParticles cut the burst less than when it was
				// cached (a rewind): room for the particles it shows again.
				bc.c = slices.Grow(bc.c, b.Count-n)[:b.Count]
				clear(bc.c[n:])
			}
			return bc.c, i
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
	if cap(bc.c) < b.Count {
		bc.c = make([]constants, b.Count)
	} else {
		bc.c = bc.c[:b.Count]
		clear(bc.c)
	}
	bc.index, bc.used, bc.seen = b.Index, true, e.frameNo
	// Its lane blocks are another burst's, or none: none kept.
	bc.lanes, bc.tags = bc.lanes[:0], bc.tags[:0]
	return bc.c, free
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
