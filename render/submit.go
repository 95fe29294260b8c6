package render

// chunkQuads is how many quads (or triangles) the batched path evaluates
// and writes before it submits them: Ebitengine copies a call's vertices
// into its own buffer, and a chunk that was just written is still in the
// processor's cache when it does, where one call for a frame of 100,000
// quads streams every vertex through memory twice. Consecutive calls with
// the same shader, images, uniforms and blend are merged by Ebitengine
// into one GPU draw. 1,024 triangles are 3,072 vertices, 147 kB, and
// Ebitengine's copy as much again: the GPU's work between frames evicts
// both buffers, and each frame pays for them once more. BenchmarkChunk,
// its sizes' frames interleaved, three runs: 1,024 cost 2.0 to 4.5 ns per
// particle less than 2,048 at 10,000 particles (34.7-37.9 against
// 36.8-40.5) and 0.3 to 2.4 less at 100,000; 512 paid more in calls than
// it saved.
const chunkQuads = 1024

// drawCall is one DrawTrianglesShader32 call of a submit: n primitives
// from slot from of the quad buffer, the triangle buffer (tri) or the GPU
// path's quads (gpu), with a run's page and ambient colour.
type drawCall struct {
	tri, gpu      bool
	from, n, page int
	amb           [3]float32
}

// run is a range of the batched primitives [from, to) (quads and
// triangles, counted together in drawing order) on one page, of effects
// with one ambient colour: one draw, submitted in calls of at most
// chunkQuads. A GPU run's from and to are quads (or items) of the GPU
// path's vertex buffer.
type run struct {
	from, to, page int
	gpu            bool
	amb            [3]float32
}

// pending is the batched vertices written since the last call: n
// primitives from slot from of the quad buffer, or of the triangle buffer
// when tri is set (from is 0 where the buffers hold one chunk).
type pending struct {
	tri     bool
	from, n int
}

// submission is the draw calls of one batched frame, the effects' (Draw)
// or a world level view's (DrawLevel): the runs of primitives in drawing
// order, each submitted in calls of at most size primitives as soon as
// they are written, and the calls made, kept so that tests can make them
// again. A writer opens a run (open), writes each chunk the pending call
// has room for (chunked), extends the run, and ends the frame with end.
//
// The vertex buffers hold a frame's primitives, each at its slot of the
// frame, or, when local, one chunk: every call's primitives are then
// written from slot 0, over the last call's, which Ebitengine copied when
// the call was made. A chunk's buffer stays in the processor's cache, where
// a frame's is written back to memory as it is filled.
type submission struct {
	size   int // primitives per call (and per evaluated chunk): chunkQuads, or BenchmarkChunk's
	local  bool
	runs   []run
	pend   pending
	issued []drawCall
	// live is whether calls are made (only the runs are recorded
	// otherwise); call makes one.
	live bool
	call func(c *drawCall)
}

// begin starts a frame's submission, making calls when live.
func (s *submission) begin(live bool) {
	s.runs, s.issued, s.pend, s.live = s.runs[:0], s.issued[:0], pending{}, live
	s.size = s.chunk()
}

// chunk is the primitives per call: size, or chunkQuads when unset.
func (s *submission) chunk() int {
	if s.size <= 0 {
		return chunkQuads
	}
	return s.size
}

// open starts a run of primitives from at on page, of the GPU path when
// gpu, in the ambient colour amb, unless the last run is one they
// continue (the same page, path and colour, ending at at); the last run
// is ended first.
func (s *submission) open(page int, gpu bool, amb [3]float32, at int) {
	if n := len(s.runs); n > 0 {
		if l := &s.runs[n-1]; l.page == page && l.gpu == gpu && l.amb == amb && l.to == at {
			return
		}
	}
	s.end()
	s.runs = append(s.runs, run{from: at, to: at, page: page, gpu: gpu, amb: amb})
}

// extend makes the last run end at to.
func (s *submission) extend(to int) { s.runs[len(s.runs)-1].to = to }

// chunked writes bs as primitives of the triangle buffer (tri) or of the
// quad buffer, the frame's slot-th of that kind on, a chunk at a time: it
// submits what is pending of the other buffer first, and each chunk once
// full. write(at, bs) writes bs from slot at of the buffer: slot itself
// on, or, local, where the pending chunk ends. It returns the slot after
// bs.
func chunked[B any](s *submission, tri bool, slot int, bs []B, write func(at int, bs []B)) int {
	return chunkedN(s, tri, slot, len(bs), func(at, lo, hi int) { write(at, bs[lo:hi]) })
}

// chunkedN is chunked for n primitives held elsewhere: write(at, lo, hi)
// writes primitives lo..hi-1 of them from slot at on.
func chunkedN(s *submission, tri bool, slot, n int, write func(at, lo, hi int)) int {
	if s.pend.n > 0 && s.pend.tri != tri {
		s.flush()
	}
	for lo := 0; lo < n; {
		if s.pend.n == 0 {
			s.pend = pending{tri: tri, from: slot}
			if s.local {
				s.pend.from = 0
			}
		}
		m := min(n-lo, s.size-s.pend.n)
		write(s.pend.from+s.pend.n, lo, lo+m)
		slot += m
		lo += m
		if s.pend.n += m; s.pend.n >= s.size {
			s.flush()
		}
	}
	return slot
}

// flush submits the pending batched primitives with the last run's page
// and ambient colour.
func (s *submission) flush() {
	p := s.pend
	s.pend.n = 0
	if p.n == 0 || !s.live {
		return
	}
	rn := &s.runs[len(s.runs)-1]
	s.make(drawCall{tri: p.tri, from: p.from, n: p.n, page: rn.page, amb: rn.amb})
}

// end submits what is left of the last run: its pending batched
// primitives, or a GPU run's quads.
func (s *submission) end() {
	n := len(s.runs)
	if n == 0 {
		return
	}
	rn := &s.runs[n-1]
	if !rn.gpu {
		s.flush()
		return
	}
	if s.live && rn.to > rn.from {
		s.make(drawCall{gpu: true, from: rn.from, n: rn.to - rn.from, page: rn.page, amb: rn.amb})
	}
}

// make records the call c and makes it.
func (s *submission) make(c drawCall) {
	s.issued = append(s.issued, c)
	s.call(&s.issued[len(s.issued)-1])
}

// replay makes the calls of the last frame again, in order.
func (s *submission) replay() {
	for i := range s.issued {
		s.call(&s.issued[i])
	}
}
