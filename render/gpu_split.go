package render

// An effect whose live window holds more than MaxGPUParticles candidates
// is drawn on the GPU path as several quads over the same bounds, each
// binning and walking its own consecutive run of the window in birth
// order (a part). Drawn one after the other with source-over blending,
// the parts composite as one quad walking the whole window does: the
// shader's walk of one part is its walk of the whole window restricted to
// that part's candidates, and source-over is associative (the image
// differs only by the rounding of the target's 8-bit colour between
// parts). The CPU's work stays O(1) per part: a part is a job row, a bin
// region and four vertices, like an effect of its own.

// gpuPart is one quad's share of an effect's live window: the stream
// indices [first, first+ns) and the visible bursts [b0, b0+nb) (indices
// into Window.Bursts), cand candidates in all.
type gpuPart struct {
	first, ns int64
	b0, nb    int
	cand      int
}

// burstSpan is what splitting needs of a visible burst: split, the last
// stream index born at or before it (stream indices up to it go before the
// burst), and its particle count.
type burstSpan struct {
	split int64
	count int
}

// splitWindow appends to dst the parts of a live window of ns stream
// indices from first and the visible bursts bs (oldest first), merged in
// birth order and cut into consecutive parts of at most limit candidates:
// the stream run is cut anywhere, a burst never. It fills each part before
// it starts the next. It returns false, with dst as it came, when a burst
// holds more than limit particles or more than maxParts parts would be
// needed.
func splitWindow(dst []gpuPart, first, ns int64, bs []burstSpan, limit, maxParts int) ([]gpuPart, bool) {
	start := len(dst)
	s, end, b := first, first+ns, 0
	for s < end || b < len(bs) {
		if len(dst)-start == maxParts {
			return dst[:start], false
		}
		p := gpuPart{first: s, b0: b}
		room := int64(limit)
		for room > 0 {
			// Stream indices below lim go before burst b.
			lim := end
			if b < len(bs) {
				lim = min(end, max(bs[b].split+1, s))
			}
			t := min(lim-s, room)
			s += t
			room -= t
			p.ns += t
			if s < lim || b == len(bs) {
				break // full, or the window's end
			}
			c := int64(bs[b].count)
			if c > int64(limit) {
				return dst[:start], false
			}
			if c > room {
				break
			}
			room -= c
			p.nb++
			b++
		}
		p.cand = limit - int(room)
		dst = append(dst, p)
	}
	return dst, true
}
