package emitter

import (
	"math"
	"unsafe"
)

// prefetchBlocks is the most lane blocks (or their equivalent in cached
// constants) Prefetch asks for: the first of a window, which the
// evaluation reads before the kernel's own prefetch, eight blocks ahead
// of its reads, takes over.
const prefetchBlocks = 8

// Prefetch asks the processor to start loading into its cache what e's
// next evaluation reads first: e itself, its scratch slices, and the
// blocks of its lane ring (or cached constants) that hold the oldest
// candidates of its live window, and the first blocks of each burst it
// caches. It returns at once and changes nothing: the evaluation's
// results are the same with or without it.
//
// It is for a renderer that evaluates many small effects one after
// another: the state of each (a couple of kilobytes) is no longer in the
// cache when the next frame comes back to it, and the evaluation would
// otherwise wait on each of its first reads in turn. Called a few effects
// ahead of the evaluation, it lets those reads overlap the work on the
// effects in between (render does so; BenchmarkManyEffects, 1,000 effects
// of 10 particles). Its instructions cost tens of nanoseconds; where the
// lines are far, the processor may hold it until it can track more
// misses, a wait taken from the evaluation's. It does nothing on
// processors or builds without a prefetch instruction (only amd64 has
// one here).
func (e *Effect) Prefetch() {
	prefetchLines(unsafe.Pointer(e), int(unsafe.Sizeof(*e)+63)/64)
	prefetchFirst(e.segs)
	prefetchFirst(e.streamSegs)
	prefetchFirst(e.runs)
	if first, blocks, ok := e.windowBlocks(); ok {
		if len(e.streamLanes) > 0 {
			prefetchRing(e.streamLanes, first, blocks)
			prefetchRing(e.laneTags, first, blocks)
		} else {
			// One line a slot (constants fill one), as many bytes as
			// the lane blocks would be.
			per := int64(unsafe.Sizeof(laneBlock{}) / unsafe.Sizeof(constants{}))
			prefetchRing(e.streamCache, first*laneWidth, blocks*per)
		}
	}
	for i := range e.burstCaches {
		if bc := &e.burstCaches[i]; bc.used {
			prefetchRing(bc.lanes, 0, prefetchBlocks/2) // ringRuns keeps to the ring
		}
	}
}

// windowBlocks returns the stream's blocks of eight candidates that an
// evaluation at e's clock reads first, at most prefetchBlocks of them:
// the first (i>>3 of its first candidate i, not reduced to the ring) and
// how many. The window's oldest candidate is x - span, x the clock times
// the rate, rounded down (one early at worst), and no earlier than the
// stream's first, 0. ok is false where the stream has no window.
func (e *Effect) windowBlocks() (first, count int64, ok bool) {
	s := e.snap
	if !(s.rate > 0) {
		return 0, 0, false
	}
	lo := max(int64(math.Floor(float64(e.clock.Seconds()*s.rate)-s.span)), 0)
	return lo >> 3, min(int64(s.span)/laneWidth+2, prefetchBlocks), true
}

// prefetchFirst asks for the first line of s's storage.
func prefetchFirst[T any](s []T) {
	if cap(s) > 0 {
		prefetchLines(unsafe.Pointer(unsafe.SliceData(s)), 1)
	}
}

// prefetchRing asks for the count entries of the ring r from entry
// first (modulo its length) on, wrapping at its end.
func prefetchRing[T any](r []T, first, count int64) {
	if len(r) == 0 {
		return
	}
	size := int64(unsafe.Sizeof(r[0]))
	ringRuns(int64(len(r)), first, count, func(at, run int64) {
		prefetchLines(unsafe.Pointer(&r[at]), int((run*size+63)/64))
	})
}

// ringRuns calls f with the start and length of each run of consecutive
// entries that entries first, first+1, ... (count of them, at most n,
// each modulo n) make in a ring of n: one run, or two where they wrap.
func ringRuns(n, first, count int64, f func(at, run int64)) {
	if n <= 0 || count <= 0 {
		return
	}
	count = min(count, n)
	at := first % n
	if at < 0 {
		at += n
	}
	for count > 0 {
		run := min(count, n-at)
		f(at, run)
		count -= run
		at = 0
	}
}
