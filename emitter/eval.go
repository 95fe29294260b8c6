package emitter

import "math"

// segment is a run of candidate particles in birth order: stream indices
// lo..hi, or particles lo..hi of bursts[burst].
type segment struct {
	burst  int // -1 for the stream
	lo, hi int64
	cache  []constants // a burst's constants by particle index; nil uncached
}

func (s segment) len() int64 { return s.hi - s.lo + 1 }

// frame holds what every particle of one evaluation shares.
type frame struct {
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
	color             Color // the graded colour of a flat Color sequence
	flat              bool  // flat Size and Squash: every particle is flatW × flatH
	flatW, flatH      float64
	cache             []constants // stream constants, slot i & mask; nil uncached
	mask              int64
}

func (e *Effect) newFrame() frame {
	s := e.snap
	sp := &s.spec
	pps := e.PixelsPerStud()
	f := frame{
		e:         e,
		s:         s,
		c:         e.clock.Seconds(),
		rate:      s.rate,
		moveScale: pps * sp.SpeedScale * sp.Scale,
		sizeScale: pps * sp.SizeScale * sp.Scale,
		tracked:   e.track.Len() > 0,
		x:         e.clock.Seconds() * s.rate,
		window:    streamWindow(s),
		unlocked:  !sp.LockedToPart,
		hostCos:   1,
	}
	if !e.noCache {
		f.cache = e.streamCache
		f.mask = int64(len(e.streamCache) - 1)
	}
	if s.sizeConst && s.squashConst {
		f.flat = true
		f.flatW, f.flatH = f.extent(nil, 0)
	}
	if s.colorConst {
		f.color = Influence(Grade(sp.Color.At(0), sp.Brightness), e.ambient, sp.LightInfluence)
	}
	if f.tracked {
		f.hostX, f.hostY, f.hostRot = e.track.At(f.c)
		f.hostSin, f.hostCos = sincosDeg(f.hostRot)
	}
	return f
}

// streamWindow is the stream's live span in index units. The cap at
// MaxParticles keeps the stream within the pool even where r·Lmax rounds up.
func streamWindow(s *Snapshot) float64 {
	return min(s.rate*s.lifeMax, float64(s.spec.MaxParticles))
}

func sincosDeg(d float64) (sin, cos float64) {
	if d == 0 {
		return 0, 1
	}
	return math.Sincos(d * (math.Pi / 180))
}

// segments lists the candidates that can be alive at the clock, in birth
// order: the stream's live window K(c) = {i : (c - Lmax) r <= i <= c r}
// restricted to the spans where the stream was enabled, and the bursts with
// T <= c < T + Lmax. On equal birth times stream particles come first.
func (e *Effect) segments(c float64) []segment {
	stream := e.streamSegs[:0]
	s := e.snap
	e.frameNo++
	if r := s.rate; r > 0 {
		lower := c - s.lifeMax
		x, w := c*r, streamWindow(s)
		on, start := e.enabled0, 0.0
		for i := 0; i <= len(e.toggles); i++ {
			end, next := math.Inf(1), on
			if i < len(e.toggles) {
				end, next = e.toggles[i].at.Seconds(), e.toggles[i].on
			}
			if on && end > lower && start <= c {
				stream = appendStream(stream, r, x, w, start, end)
			}
			on, start = next, end
		}
	}
	e.streamSegs = stream
	out := e.segs[:0]
	r := s.rate
	k := 0
	for bi, b := range e.bursts {
		if b.Time > e.clock || (e.clock-b.Time).Seconds() >= s.lifeMax {
			continue
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
			m := lastBornBy(sg, r, tb)
			out = append(out, segment{burst: -1, lo: sg.lo, hi: m})
			stream[k].lo = m + 1
			break
		}
		out = append(out, segment{burst: bi, lo: 0, hi: int64(b.Count) - 1, cache: e.burstConstants(b)})
	}
	out = append(out, stream[k:]...)
	e.segs = out
	e.releaseBurstCaches()
	return out
}

// appendStream adds the stream indices i in the live window, 0 <= x - i < w
// (x = c·r), born in the enabled span [on, off). Index bounds come from
// rounded products, so they are widened by one and each end is checked with
// the same expressions the evaluation uses.
func appendStream(segs []segment, r, x, w, on, off float64) []segment {
	in := func(i int64) bool {
		d, b := x-float64(i), float64(i)/r
		return d >= 0 && d < w && b >= on && b < off
	}
	lo := int64(math.Max(math.Floor(x-w)-1, 0))
	hi := int64(math.Floor(x) + 1)
	for lo <= hi && !in(lo) {
		lo++
	}
	for hi >= lo && !in(hi) {
		hi--
	}
	if lo <= hi {
		segs = append(segs, segment{burst: -1, lo: lo, hi: hi})
	}
	return segs
}

// lastBornBy returns the last index of sg born at or before t.
func lastBornBy(sg segment, r, t float64) int64 {
	m := max(int64(math.Floor(t*r)), sg.lo-1)
	for m+1 <= sg.hi && float64(m+1)/r <= t {
		m++
	}
	for m >= sg.lo && float64(m)/r > t {
		m--
	}
	return m
}
