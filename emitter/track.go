package emitter

import "sort"

// TrackSample is the host's placement at one clock: its centre in pixels and
// its rotation in degrees clockwise.
type TrackSample struct {
	Clock    Ticks
	X, Y     float64
	Rotation float64
}

// Track is the host's motion kept as data: a list of samples by clock, read
// with linear interpolation and held constant before the first and after the
// last. LockedToPart=false particles stay where the host was at their birth,
// and VelocityInheritance reads the host's velocity at birth; both come from
// the track, so rewinding within it stays exact.
type Track struct {
	samples []TrackSample
}

// Record adds a sample. Samples at or after its clock are dropped first:
// recording rewrites the future, never the past.
func (t *Track) Record(s TrackSample) {
	i := sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock >= s.Clock })
	t.samples = append(t.samples[:i], s)
}

// insert adds a sample in clock order, replacing one at the same clock.
func (t *Track) insert(s TrackSample) {
	i := sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock >= s.Clock })
	if i < len(t.samples) && t.samples[i].Clock == s.Clock {
		t.samples[i] = s
		return
	}
	t.samples = append(t.samples, TrackSample{})
	copy(t.samples[i+1:], t.samples[i:])
	t.samples[i] = s
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
func (t *Track) Reset() { t.samples = t.samples[:0] }

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
	return a.X + (b.X-a.X)*w, a.Y + (b.Y-a.Y)*w, a.Rotation + (b.Rotation-a.Rotation)*w
}

// Velocity returns the host's velocity at clock c in pixels per second: the
// slope of the segment that ends at or after c, so a particle born on the
// newest sample inherits the velocity the host arrived with. It is 0 before
// the first sample and after the last.
func (t *Track) Velocity(c float64) (vx, vy float64) {
	n := len(t.samples)
	// the first sample whose clock is >= c
	i := sort.Search(n, func(i int) bool { return t.samples[i].Clock.Seconds() >= c })
	if i == 0 || i == n {
		return 0, 0
	}
	a, b := t.samples[i-1], t.samples[i]
	dt := (b.Clock - a.Clock).Seconds()
	return (b.X - a.X) / dt, (b.Y - a.Y) / dt
}

// after returns the index of the first sample later than c.
func (t *Track) after(c float64) int {
	return sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock.Seconds() > c })
}

// prune drops samples no clock at or after horizon can read: it keeps the
// last sample at or before horizon and everything after it. Like the
// bursts, it compacts once the droppable prefix is half the list.
func (t *Track) prune(horizon Ticks) {
	i := sort.Search(len(t.samples), func(i int) bool { return t.samples[i].Clock > horizon })
	if i > 1 && 2*(i-1) >= len(t.samples) {
		t.samples = append(t.samples[:0], t.samples[i-1:]...)
	}
}
