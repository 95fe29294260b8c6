package emitter

import (
	"math"
	"sort"
)

// TrackSample is the host's placement at one clock: its centre in pixels and
// its rotation in degrees clockwise.
type TrackSample struct {
	Clock    Ticks
	X, Y     float64
	Rotation float64
}

// MaxTrackSamples bounds the samples a [Track] keeps, whatever the rate
// SetHost is called at. An effect's track holds the samples of its History
// (every clock there reads the host) and, before that, only the samples
// around the births of particles that can still show (Effect's pruning,
// docs/closed-form.md, section 4), so it reaches this only when called
// thousands of times per second or with a million particles of long life.
// Then every other sample of its older half is dropped (the first of each
// pair kept): the newest half keeps full resolution and older motion half
// of it. That rule depends on the samples alone, so it is deterministic,
// but it is the one case where a rewind within the History may not be
// exact.
const MaxTrackSamples = 1 << 18

// trackBlock is how many consecutive samples a leaf summary of a Track
// covers.
const trackBlock = 16

// Track is the host's motion kept as data: a list of samples by clock, read
// with linear interpolation and held constant before the first and after the
// last. LockedToPart=false particles stay where the host was at their birth,
// and VelocityInheritance reads the host's velocity at birth; both come from
// the track, so rewinding within it stays exact. It keeps at most
// MaxTrackSamples, and a pyramid of summaries (16 samples, 32, 64, ...), so
// that bounding its motion over a span costs O(log n) summaries and at most
// 30 samples, not one sample per frame of the span.
type Track struct {
	samples []TrackSample
	// levels[0][k] summarizes samples[16k : 16k+16], levels[l][k] the
	// nodes 2k and 2k+1 of level l-1: complete nodes only.
	levels [][]trackSpan
	// settled counts the first samples an Effect has already thinned
	// (thinTrack): older than its horizon, each around a birth.
	settled int
}

// trackSpan summarizes consecutive samples: the box of their positions,
// whether one has a rotation, and the range of the velocities of the
// segments that end at them (moves: there is one).
type trackSpan struct {
	box      Rect
	turns    bool
	moves    bool
	vlo, vhi [2]float64
}

// emptySpan is the summary of no sample.
var emptySpan = trackSpan{box: Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}}

// add extends a to cover b too.
func (a *trackSpan) add(b *trackSpan) {
	a.box = a.box.union(b.box)
	a.turns = a.turns || b.turns
	switch {
	case !b.moves:
	case !a.moves:
		a.moves, a.vlo, a.vhi = true, b.vlo, b.vhi
	default:
		a.vlo = [2]float64{min(a.vlo[0], b.vlo[0]), min(a.vlo[1], b.vlo[1])}
		a.vhi = [2]float64{max(a.vhi[0], b.vhi[0]), max(a.vhi[1], b.vhi[1])}
	}
}

// addSample extends sp to cover sample i and the segment that ends at it.
func (t *Track) addSample(sp *trackSpan, i int) {
	s := t.samples[i]
	one := trackSpan{box: Rect{s.X, s.Y, s.X, s.Y}, turns: s.Rotation != 0}
	if i > 0 {
		vx, vy := segmentVelocity(t.samples[i-1], s)
		one.moves, one.vlo, one.vhi = true, [2]float64{vx, vy}, [2]float64{vx, vy}
	}
	sp.add(&one)
}

// segmentVelocity is the host's velocity from a to b, pixels per second.
func segmentVelocity(a, b TrackSample) (vx, vy float64) {
	dt := (b.Clock - a.Clock).Seconds()
	return (b.X - a.X) / dt, (b.Y - a.Y) / dt
}

// span summarizes samples lo..hi: the samples outside whole leaves one by
// one, the leaves between through the pyramid (two nodes per level at
// most).
func (t *Track) span(lo, hi int) trackSpan {
	sp := emptySpan
	a, e := (lo+trackBlock-1)/trackBlock, (hi+1)/trackBlock // leaves [a, e)
	if len(t.levels) > 0 {
		e = min(e, len(t.levels[0]))
	}
	if a >= e {
		for i := lo; i <= hi; i++ {
			t.addSample(&sp, i)
		}
		return sp
	}
	for i := lo; i < a*trackBlock; i++ {
		t.addSample(&sp, i)
	}
	for i := e * trackBlock; i <= hi; i++ {
		t.addSample(&sp, i)
	}
	for l := 0; a < e; l++ {
		lv := t.levels[l]
		if a&1 == 1 {
			sp.add(&lv[a])
			a++
		}
		if e&1 == 1 {
			e--
			sp.add(&lv[e])
		}
		a, e = a/2, e/2
	}
	return sp
}

// summarize keeps the summaries of the first k leaves and rebuilds the
// rest of the pyramid from the samples.
func (t *Track) summarize(k int) {
	if len(t.levels) == 0 {
		t.levels = append(t.levels, nil)
	}
	leaves := t.levels[0][:min(k, len(t.levels[0]))]
	for k := len(leaves); (k+1)*trackBlock <= len(t.samples); k++ {
		sp := emptySpan
		for i := k * trackBlock; i < (k+1)*trackBlock; i++ {
			t.addSample(&sp, i)
		}
		leaves = append(leaves, sp)
	}
	t.levels[0] = leaves
	for l := 1; len(t.levels[l-1]) >= 2 || l < len(t.levels); l++ {
		if l == len(t.levels) {
			t.levels = append(t.levels, nil)
		}
		below := t.levels[l-1]
		lv := t.levels[l][:min(len(t.levels[l]), k>>l, len(below)/2)]
		for j := len(lv); j < len(below)/2; j++ {
			sp := below[2*j]
			sp.add(&below[2*j+1])
			lv = append(lv, sp)
		}
		t.levels[l] = lv
	}
}

// Record adds a sample. Samples at or after its clock are dropped first:
// recording rewrites the future, never the past. A track full at
// MaxTrackSamples halves the resolution of its older half.
func (t *Track) Record(s TrackSample) {
	i := sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock >= s.Clock })
	t.samples = append(t.samples[:i], s)
	t.summarize(i / trackBlock)
	if len(t.samples) >= MaxTrackSamples {
		t.decimate()
	}
}

// decimate drops every other sample of the older half, keeping the first.
func (t *Track) decimate() {
	half := len(t.samples) / 2
	w := 0
	for i := 0; i < half; i += 2 {
		t.samples[w] = t.samples[i]
		w++
	}
	t.samples = append(t.samples[:w], t.samples[half:]...)
	t.settled = 0
	t.summarize(0)
}

// set replaces the samples with list, sorted by clock with distinct clocks
// and fewer than MaxTrackSamples.
func (t *Track) set(list []TrackSample) {
	t.samples = append(t.samples[:0], list...)
	t.settled = 0
	t.summarize(0)
}

// Last returns the latest sample, and false when the track is empty.
func (t *Track) Last() (TrackSample, bool) {
	if len(t.samples) == 0 {
		return TrackSample{}, false
	}
	return t.samples[len(t.samples)-1], true
}

// Len returns the number of samples kept.
func (t *Track) Len() int { return len(t.samples) }

// Reset drops every sample.
func (t *Track) Reset() {
	t.samples, t.settled = t.samples[:0], 0
	for l := range t.levels {
		t.levels[l] = t.levels[l][:0]
	}
}

// At returns the host's placement at clock c (seconds).
func (t *Track) At(c float64) (x, y, rotation float64) {
	n := len(t.samples)
	if n == 0 {
		return 0, 0, 0
	}
	i := t.after(c)
	if i == 0 {
		s := t.samples[0]
		return s.X, s.Y, s.Rotation
	}
	if i == n {
		s := t.samples[n-1]
		return s.X, s.Y, s.Rotation
	}
	a, b := t.samples[i-1], t.samples[i]
	ta, tb := a.Clock.Seconds(), b.Clock.Seconds()
	w := (c - ta) / (tb - ta)
	return a.X + float64((b.X-a.X)*w), a.Y + float64((b.Y-a.Y)*w), a.Rotation + float64((b.Rotation-a.Rotation)*w)
}

// Velocity returns the host's velocity at clock c in pixels per second: the
// slope of the segment that ends at or after c, so a particle born on the
// newest sample inherits the velocity the host arrived with. It is 0 before
// the first sample and after the last.
func (t *Track) Velocity(c float64) (vx, vy float64) {
	n := len(t.samples)
	i := t.atOrAfter(c)
	if i == 0 || i == n {
		return 0, 0
	}
	return segmentVelocity(t.samples[i-1], t.samples[i])
}

// after returns the index of the first sample later than c.
func (t *Track) after(c float64) int {
	return sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock.Seconds() > c })
}

// atOrAfter returns the index of the first sample at or after c.
func (t *Track) atOrAfter(c float64) int {
	return sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock.Seconds() >= c })
}

// prune drops samples no clock at or after horizon can read: it keeps the
// last sample at or before horizon and everything after it. Like the
// bursts, it compacts once the droppable prefix is half the list.
func (t *Track) prune(horizon Ticks) {
	i := sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock > horizon })
	if i > 1 && 2*(i-1) >= len(t.samples) {
		t.samples = append(t.samples[:0], t.samples[i-1:]...)
		t.settled = max(t.settled-(i-1), 0)
		t.summarize(0)
	}
}
