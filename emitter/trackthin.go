package emitter

import "sort"

// A host track is read at every clock of the History (the host's placement
// now) but, before it, only where particles that can still show were born:
// LockedToPart=false particles read the host's placement and velocity at
// their birth, from the segment of the track around it. So an effect keeps
// every sample from its pruning horizon on and, before it, the two ends of
// each segment that holds a birth: what any clock the effect can still
// show reads stays the same, bit for bit, while an hour-long life at 60
// frames per second keeps its births' samples, not 216,000.

// thinTrack drops the samples older than horizon that no birth reads. A
// sample goes when neither segment it ends (between it and the kept
// samples beside it) holds a birth, which keeps the segment around every
// birth whole. It runs once the unthinned old samples are half as many as
// the recent ones (and 64 at least), so it costs O(1) amortized per
// sample, and at least twice per History.
func (e *Effect) thinTrack(horizon Ticks) {
	t := &e.track
	s := t.samples
	// h: the last sample at or before horizon, kept for the clocks after it.
	h := sort.Search(len(s), func(i int) bool { return s[i].Clock > horizon }) - 1
	if h-t.settled < max(4*trackBlock, (len(s)-h)/2) {
		return
	}
	from := t.settled
	w := from
	for j := from; j < h; j++ {
		if (w > 0 && e.bornIn(s[w-1].Clock, s[j].Clock)) || e.bornIn(s[j].Clock, s[j+1].Clock) {
			s[w] = s[j]
			w++
		}
	}
	n := copy(s[w:], s[h:])
	t.samples = s[:w+n]
	t.settled = w
	t.summarize(from / trackBlock)
}

// bornIn reports whether a particle whose placement reads the track can be
// born at a clock in [a, b]: a stream index or a kept burst, of an unlocked
// effect (a locked one reads the track at the current clock only). It
// ignores Enabled toggles, which keeps more than needed, never less.
func (e *Effect) bornIn(a, b Ticks) bool {
	if e.snap.spec.LockedToPart {
		return false
	}
	if r := e.snap.rate; r > 0 {
		// Births are dated i / r, as the evaluation dates them.
		if m := lastStreamBorn(r, b.Seconds()); m >= 0 && float64(m)/r >= a.Seconds() {
			return true
		}
	}
	i := sort.Search(len(e.bursts), func(i int) bool { return e.bursts[i].Time >= a })
	return i < len(e.bursts) && e.bursts[i].Time <= b
}
