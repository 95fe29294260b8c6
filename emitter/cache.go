package emitter

import "slices"

// Per-particle constants are cached so that a live particle costs its
// placement only, not its rolls. Stream particle i uses slot i & mask of a
// power-of-two ring at least as long as the live window, so the slots of
// live candidates never collide; each visible burst has its own slice. No
// two candidates of one evaluation share a slot, so an Evaluator's workers
// fill the cache without locks.
//
// The stream ring is laid out in blocks of eight slots, one field of the
// eight a 64-byte line (ringBlock): the vector kernel loads a field of a
// block's eight candidates with one load, where slots of one line each
// cost it an 8x8 transpose per block, and it reads no line of a field it
// does not use (the rotations of an effect that does not turn them). A
// slot still costs 64 bytes of memory traffic a frame, as before.

// ringBlock is stream slots 8b .. 8b+7 of the ring, field by field: slot
// 8b+l's constants are lane l of each.
type ringBlock struct {
	keySt                             [8]uint64 // key | st<<32
	life, ox, oy, vx, vy, rot0, omega [8]float64
}

// load copies lane l's constants into c.
func (b *ringBlock) load(l int64, c *constants) {
	ks := b.keySt[l]
	*c = constants{
		key: uint32(ks), st: uint32(ks >> 32), life: b.life[l],
		ox: b.ox[l], oy: b.oy[l], vx: b.vx[l], vy: b.vy[l], rot0: b.rot0[l], omega: b.omega[l],
	}
}

// store writes c into lane l.
func (b *ringBlock) store(l int64, c *constants) {
	b.keySt[l] = uint64(c.key) | uint64(c.st)<<32
	b.life[l], b.ox[l], b.oy[l], b.vx[l], b.vy[l] = c.life, c.ox, c.oy, c.vx, c.vy
	b.rot0[l], b.omega[l] = c.rot0, c.omega
}

// burstCache holds one visible burst's constants.
type burstCache struct {
	index uint32 // the burst's Index
	used  bool
	seen  uint64 // the evaluation that last used it
	c     []constants
}

// prepareCache sizes the stream ring for the snapshot's live window. It is
// called by the evaluation entry points before any worker starts.
func (e *Effect) prepareCache() {
	if e.noCache || e.snap.rate <= 0 {
		return
	}
	need := int(e.snap.span) + 2
	if 8*len(e.streamCache) >= need {
		return
	}
	n := 8
	for n < need {
		n <<= 1
	}
	e.streamCache = make([]ringBlock, n/8)
}

// burstConstants returns the cache slice of burst b, assigning one to it
// when it first becomes visible.
func (e *Effect) burstConstants(b Burst) []constants {
	if e.noCache {
		return nil
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
			return bc.c
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
	for i := range e.burstCaches {
		e.burstCaches[i].used = false
	}
}
