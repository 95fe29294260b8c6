package emitter

import (
	"runtime"
	"sync"
)

// MinParallel is the candidate count below which an [Evaluator] evaluates on
// the calling goroutine: splitting a small effect costs more than it saves.
const MinParallel = 4096

// MaxWorkers is the most goroutines an [Evaluator] starts, whatever it is
// asked for: more than the machine's cores only adds goroutines and
// buffers, and a count from configuration (render.Options.Workers) must
// not be able to start a million of them.
const MaxWorkers = 256

// Evaluator splits the evaluation of large effects across goroutines. The
// particles it appends are identical, in value and order, to
// [Effect.AppendParticles]: each worker evaluates a contiguous run of
// candidates in birth order into its own buffer, and the runs are joined in
// order. Its workers live until Close; once its buffers have grown, Append
// allocates nothing.
//
// An Evaluator serves one Append at a time.
type Evaluator struct {
	workers int
	jobs    chan evalJob
	wg      sync.WaitGroup
	bufs    [][]Particle
	quads   [][]Quad
	boards  [][]Billboard
	frame   frame
	segs    []segment   // BeginBillboards' evaluation
	spill   []Billboard // AppendColumnRange's segments the kernel does not place
	once    sync.Once
}

type evalJob struct {
	segs     []segment
	from, to int64
	w        int
	out      output
}

// output is what an evaluation appends.
type output uint8

const (
	outParticles output = iota
	outQuads
	outBillboards
)

// NewEvaluator starts an evaluator with the given number of goroutines
// (0 or less: GOMAXPROCS), clamped to MaxWorkers.
func NewEvaluator(workers int) *Evaluator {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, MaxWorkers)
	ev := &Evaluator{workers: workers, bufs: make([][]Particle, workers),
		quads: make([][]Quad, workers), boards: make([][]Billboard, workers)}
	if workers > 1 {
		ev.jobs = make(chan evalJob, workers)
		for i := 1; i < workers; i++ {
			go ev.work()
		}
	}
	return ev
}

func (ev *Evaluator) work() {
	for j := range ev.jobs {
		switch j.out {
		case outQuads:
			ev.quads[j.w] = appendRange(&ev.frame, ev.quads[j.w][:0], j.segs, j.from, j.to, (*frame).appendQuads)
		case outBillboards:
			ev.boards[j.w] = appendRange(&ev.frame, ev.boards[j.w][:0], j.segs, j.from, j.to, (*frame).appendBillboards)
		default:
			ev.bufs[j.w] = appendRange(&ev.frame, ev.bufs[j.w][:0], j.segs, j.from, j.to, (*frame).appendSegment)
		}
		ev.wg.Done()
	}
}

// Workers returns the number of goroutines evaluation is split across.
func (ev *Evaluator) Workers() int { return ev.workers }

// Append appends e's particles alive at its clock to dst, as
// e.AppendParticles(dst) would.
func (ev *Evaluator) Append(dst []Particle, e *Effect) []Particle {
	return split(ev, e, 1, outParticles, dst, ev.bufs, (*frame).appendSegment)
}

// AppendQuads appends e's quads alive at its clock to dst, as
// e.AppendQuads(dst) would, split across the workers.
func (ev *Evaluator) AppendQuads(dst []Quad, e *Effect) []Quad {
	return split(ev, e, 1, outQuads, dst, ev.quads, (*frame).appendQuads)
}

// AppendBillboards appends e's billboards alive at its clock to dst, as
// e.AppendBillboards(dst) would, split across the workers.
func (ev *Evaluator) AppendBillboards(dst []Billboard, e *Effect) []Billboard {
	return ev.AppendBillboardsEvery(dst, e, 1)
}

// AppendBillboardsEvery is AppendBillboards evaluating only every n-th
// candidate: the stream indices and the bursts' particle indices that are
// multiples of n (n < 1 means 1), whose billboards are those
// AppendBillboards gives, in the same order. It costs about a n-th of the
// evaluation, so a renderer can bound its work by a budget. With n a
// power of two, doubling n keeps half of what it kept and nothing else:
// the set thins stably as the work grows.
func (ev *Evaluator) AppendBillboardsEvery(dst []Billboard, e *Effect, n int64) []Billboard {
	return split(ev, e, max(n, 1), outBillboards, dst, ev.boards, (*frame).appendBillboards)
}

// split evaluates e's candidates, every step-th, in contiguous,
// birth-ordered chunks: the first on the calling goroutine into dst, the
// others on the workers into their buffers bufs[w], joined in order.
func split[T any](ev *Evaluator, e *Effect, step int64, out output, dst []T, bufs [][]T, seg func(*frame, []T, segment, int64, int64) []T) []T {
	segs, total := ev.begin(e, step)
	if ev.workers <= 1 || total < MinParallel {
		return appendRange(&ev.frame, dst, segs, 0, total, seg)
	}
	chunk := (total + int64(ev.workers) - 1) / int64(ev.workers)
	ev.wg.Add(ev.workers - 1)
	for w := 1; w < ev.workers; w++ {
		from := min(int64(w)*chunk, total)
		ev.jobs <- evalJob{segs: segs, from: from, to: min(from+chunk, total), w: w, out: out}
	}
	dst = appendRange(&ev.frame, dst, segs, 0, min(chunk, total), seg)
	ev.wg.Wait()
	for w := 1; w < ev.workers; w++ {
		dst = append(dst, bufs[w]...)
	}
	return dst
}

// begin prepares an evaluation of e, every step-th candidate, into
// ev.frame: its birth-ordered segments and their candidate count.
func (ev *Evaluator) begin(e *Effect, step int64) (segs []segment, total int64) {
	e.prepareCache()
	ev.frame = e.newFrame()
	ev.frame.step = step
	ev.frame.farF32 = e.pastFloat32()
	segs = e.segments(ev.frame.c, step)
	ev.frame.fillLanes(segs)
	e.cacheBursts(segs)
	for _, sg := range segs {
		total += sg.len(step)
	}
	return segs, total
}

// BeginBillboards starts an evaluation of e's billboards in pieces, on the
// calling goroutine, of every n-th candidate as AppendBillboardsEvery (n <
// 1 means 1), and returns its number of candidates. AppendBillboardRange
// then appends the billboards of candidates [from, to): ranges that
// partition [0, candidates), in order, append exactly the billboards
// AppendBillboardsEvery appends. A renderer evaluates so a piece at a
// time into the vertices it submits. The evaluation lasts until the
// Evaluator's, or the effect's, next one.
func (ev *Evaluator) BeginBillboards(e *Effect, n int64) (candidates int64) {
	ev.segs, candidates = ev.begin(e, max(n, 1))
	return candidates
}

// AppendBillboardRange appends the billboards of candidates [from, to) of
// the evaluation BeginBillboards started.
func (ev *Evaluator) AppendBillboardRange(dst []Billboard, from, to int64) []Billboard {
	return appendRange(&ev.frame, dst, ev.segs, from, to, (*frame).appendBillboards)
}

// Close stops the workers. The evaluator must not be used afterwards.
func (ev *Evaluator) Close() {
	ev.once.Do(func() {
		if ev.jobs != nil {
			close(ev.jobs)
		}
	})
}

// appendRange evaluates, with seg, the candidates at positions [from, to)
// of the birth-ordered run segs.
func appendRange[T any](f *frame, dst []T, segs []segment, from, to int64, seg func(*frame, []T, segment, int64, int64) []T) []T {
	var pos int64
	for _, sg := range segs {
		if lo, hi, ok := clipSegment(sg, f.step, &pos, from, to); ok {
			dst = seg(f, dst, sg, lo, hi)
		}
	}
	return dst
}

// clipSegment returns the part lo..hi of sg at candidate positions [from, to),
// given sg starts at *pos and is walked with step, and advances *pos past sg.
func clipSegment(sg segment, step int64, pos *int64, from, to int64) (lo, hi int64, ok bool) {
	n := sg.len(step)
	start := *pos
	*pos += n
	if start+n <= from || start >= to {
		return 0, 0, false
	}
	return sg.lo + max(0, from-start)*step, sg.lo + (min(n, to-start)-1)*step, true
}
