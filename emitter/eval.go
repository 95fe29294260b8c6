package emitter

import "math"

// segment is a run of candidate particles in birth order: stream indices
// lo..hi, or particles lo..hi of bursts[burst]. An evaluation of every
// step-th candidate (frame.step) walks lo, lo+step, ... up to hi, with lo a
// multiple of step.
type segment struct {
	burst  int // -1 for the stream
	lo, hi int64
	cache  []constants // a burst's constants by particle index; nil uncached or placed by the kernel (cacheBursts)
	// bc is the index of a burst's burstCache (-1 uncached; bursts only),
	// and lanes and ltags its lane blocks and their tags once fillLanes
	// has rolled them for the kernel (nil otherwise).
	bc    int
	lanes []laneBlock
	ltags []int64
}

// len is the number of candidates of s walked with step.
func (s segment) len(step int64) int64 { return (s.hi-s.lo)/step + 1 }

// frame holds what every particle of one evaluation shares.
type frame struct {
	// farF32 is set for a billboard evaluation of an effect whose bounds
	// reach past float32's range (limits that multiply: a huge speed,
	// scale and host): its billboards' coordinates are clamped to it
	// rather than rounded to infinities.
	farF32 bool

	e    *Effect
	s    *Snapshot
	c    float64 // clock, seconds
	rate float64
	// x is the clock in stream-index units, c·r, and window the stream's
	// live span in the same units, min(r·Lifetime.Max, MaxParticles).
	// Stream ages and deaths are decided in index space, from integer
	// distances x - i: at a clock that falls on a birth, c - i/r could
	// round just below a lifetime and keep a particle one too many.
	x, window         float64
	moveScale         float64 // pixels per stud of displacement
	sizeScale         float64 // pixels per stud of size
	hostX, hostY      float64 // host now
	hostSin, hostCos  float64
	hostRot           float64
	tracked, unlocked bool
	look              appearance
	flat              bool // flat Size and Squash: every particle is flatW × flatH
	flatW, flatH      float64
	cache             []constants // stream constants, slot i & mask; nil uncached
	mask              int64
	lanes             []laneBlock // the lane ring (blockOf); nil without the kernel
	tags              []int64     // its blocks' tags
	// step is 1, or n when only every n-th candidate is evaluated
	// (Evaluator.AppendBillboardsEvery: billboards only).
	step int64
}

func (e *Effect) newFrame() frame {
	s := e.snap
	sp := &s.spec
	hs := e.hostScale()
	f := frame{
		e:         e,
		s:         s,
		c:         e.clock.Seconds(),
		rate:      s.rate,
		moveScale: hs.Move,
		sizeScale: hs.Size,
		tracked:   e.track.Len() > 0,
		x:         e.clock.Seconds() * s.rate,
		window:    s.span,
		unlocked:  !sp.LockedToPart,
		hostCos:   1,
		step:      1,
	}
	if !e.noCache {
		f.cache = e.streamCache
		f.mask = int64(len(e.streamCache) - 1)
		f.lanes, f.tags = e.streamLanes, e.laneTags
	}
	if s.sizeConst && s.squashConst {
		f.flat = true
		f.flatW, f.flatH = f.extent(nil, 0)
	}
	f.look = e.appearance()
	if f.tracked {
		f.hostX, f.hostY, f.hostRot = e.track.At(f.c)
		f.hostSin, f.hostCos = sincosDeg(f.hostRot)
	}
	return f
}

func sincosDeg(d float64) (sin, cos float64) {
	if d == 0 {
		return 0, 1
	}
	return math.Sincos(d * (math.Pi / 180))
}

// segments lists the candidates that can be alive at the clock (the
// effect's Window), in birth order: the runs of the stream's live window
// and the visible bursts, a run split where a burst falls inside it. On
// equal birth times stream particles come first. With step > 1 only the
// indices that are multiples of step are candidates: each segment starts
// at its first such index, and those with none are left out.
func (e *Effect) segments(c float64, step int64) []segment {
	s := e.snap
	e.frameNo++
	e.runs = e.appendRuns(e.runs[:0], c)
	stream := e.streamSegs[:0]
	for _, rn := range e.runs {
		stream = append(stream, segment{burst: -1, lo: rn.First, hi: rn.Last})
	}
	e.streamSegs = stream
	out := e.segs[:0]
	r := s.rate
	k := 0
	v0, v1, first := e.visibleBursts()
	for bi := v0; bi < v1; bi++ {
		b := e.bursts[bi]
		if bi == v0 {
			b.Count = first // the cut of MaxBurstParticles
		}
		tb := b.Time.Seconds()
		// stream particles born at or before the burst go first
		for k < len(stream) {
			sg := stream[k]
			if float64(sg.lo)/r > tb {
				break
			}
			if float64(sg.hi)/r <= tb {
				out = append(out, sg)
				k++
				continue
			}
			m := min(max(lastStreamBorn(r, tb), sg.lo-1), sg.hi)
			out = append(out, segment{burst: -1, lo: sg.lo, hi: m})
			stream[k].lo = m + 1
			break
		}
		out = append(out, segment{burst: bi, lo: 0, hi: int64(b.Count) - 1, bc: e.burstCacheOf(b)})
	}
	out = append(out, stream[k:]...)
	if step > 1 {
		kept := out[:0]
		for _, sg := range out {
			if sg.lo = (sg.lo + step - 1) / step * step; sg.lo <= sg.hi {
				kept = append(kept, sg)
			}
		}
		out = kept
	}
	e.segs = out
	e.releaseBurstCaches()
	return out
}
