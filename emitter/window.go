package emitter

import "math"

// Run is a run of consecutive stream indices, First to Last inclusive, in
// birth order.
type Run struct{ First, Last int64 }

// Len is the number of indices in the run.
func (r Run) Len() int64 { return r.Last - r.First + 1 }

// HostScale is what an effect's host rectangle makes of its snapshot's
// studs: the pixel scales of displacement and size, and the emission area
// in pixels. Placing a particle, bounding an effect and a renderer that
// places particles itself (render's GPU path) all read it from here.
type HostScale struct {
	// PixelsPerStud is the spec's Unit measured on the host.
	PixelsPerStud float64
	// Move and Size are pixels per stud of displacement and of size:
	// PixelsPerStud × SpeedScale × Scale and PixelsPerStud × SizeScale ×
	// Scale.
	Move, Size float64
	// HalfW and HalfH are the emission area's half-extents in pixels,
	// EmissionSize / 2 of the host.
	HalfW, HalfH float64
	// SphereCentre is the angle in radians that a Sphere's arc is centred
	// on: the emission direction on the ellipse of the emission area.
	SphereCentre float64
}

// Constants are a snapshot's compiled values, after its clamps: what a
// renderer that evaluates particles itself reads instead of deriving them
// from the spec again (docs/closed-form.md, sections 2 to 4).
type Constants struct {
	// Rate is the stream's rate after the cap min(Rate, MaxParticles /
	// Lifetime.Max), particles per second.
	Rate float64
	// LifeMin and LifeMax are Lifetime after the MinLifetime floor.
	LifeMin, LifeMax float64
	// Span is the stream's live window in index units,
	// min(Rate · LifeMax, MaxParticles): stream particle i is a candidate
	// at a clock x (in index units) while 0 <= x - i < Span.
	Span float64
	// DirX and DirY are the emission direction on screen (+Y down).
	DirX, DirY float64
	// AccX and AccY are the acceleration on screen in studs/s², +Y down.
	AccX, AccY float64
	// Spread is the half-angle of the spread cone in radians.
	Spread float64
	// Layers is the number of layers each particle draws, its core
	// included: GlowLayers when LightEmission > 0, else 1.
	Layers int
	// MaxHalfDiagonal is [Snapshot.MaxHalfDiagonal].
	MaxHalfDiagonal float64
}

// Constants returns the snapshot's compiled values.
func (s *Snapshot) Constants() Constants {
	return Constants{
		Rate: s.rate, LifeMin: s.lifeMin, LifeMax: s.lifeMax, Span: s.span,
		DirX: s.dirX, DirY: s.dirY, AccX: s.accX, AccY: s.accY, Spread: s.spread,
		Layers: s.Layers(), MaxHalfDiagonal: s.MaxHalfDiagonal(),
	}
}

// Layers returns the number of layers each particle draws, its core
// included: GlowLayers (clamped to 1..MaxGlowLayers) when LightEmission > 0,
// else 1 (docs/appearance.md, section 5).
func (s *Snapshot) Layers() int {
	if s.spec.LightEmission > 0 && s.spec.GlowLayers > 1 {
		return s.spec.GlowLayers
	}
	return 1
}

// LastStreamBorn returns the last stream index born at or before t seconds,
// the largest i with i / Rate <= t, or -1 when none is. A burst at t goes
// after the stream particles up to it: on equal birth times the stream
// comes first.
func (s *Snapshot) LastStreamBorn(t float64) int64 {
	if !(s.rate > 0) || !(t >= 0) {
		return -1
	}
	return lastStreamBorn(s.rate, t)
}

// lastStreamBorn is LastStreamBorn for a positive rate r. The product t·r
// is rounded, so the floor is corrected with the division the evaluation
// uses to date a birth.
func lastStreamBorn(r, t float64) int64 {
	m := int64(math.Floor(t * r))
	for float64(m+1)/r <= t {
		m++
	}
	for m >= 0 && float64(m)/r > t {
		m--
	}
	return m
}

// Window is what an effect shows at its clock: the candidates that can be
// alive, as runs of stream indices and visible bursts, with the host's
// scales. An evaluation walks exactly these, in birth order (stream
// particles born at or before a burst go before it); render's GPU path
// encodes them for its shader.
type Window struct {
	// Clock is the effect's clock.
	Clock Ticks
	// X is the clock in stream-index units, Clock in seconds times the
	// stream's Rate: stream particle i has age (X - i) / Rate.
	X float64
	// Runs are the runs of stream indices in the live window that were
	// born while the stream was enabled, oldest first: one per enabled
	// span, none without a stream. Window reuses the slice's storage.
	Runs []Run
	// Bursts are the bursts that can show particles at Clock (born at or
	// before it, less than Lifetime.Max ago), oldest first, and Later the
	// bursts kept after them (born after Clock: recorded before a rewind).
	// Both view the effect's list and are valid until it changes. Bursts
	// hold at most MaxBurstParticles particles together: past it the
	// newest bursts are kept, the oldest of them (Bursts[0]) shows only its
	// first FirstCount particles, and older ones are left out.
	Bursts, Later []Burst
	// FirstCount is how many particles of Bursts[0] can show: its Count
	// unless MaxBurstParticles cuts it (0 without bursts).
	FirstCount int
	// Host is the effect's [HostScale].
	Host HostScale
}

// Idle reports whether nothing of e can be alive at its clock: its window
// holds no stream candidate and no burst (a stopped or rate-0 stream past
// its last lifetime, every burst over). An idle effect evaluates to no
// particle, so a renderer can skip it; Idle costs a few comparisons per
// Enabled toggle and allocates nothing.
func (e *Effect) Idle() bool {
	if v0, v1, _ := e.visibleBursts(); v0 < v1 {
		return false
	}
	var run [1]Run
	return len(e.appendRunsN(run[:0], e.clock.Seconds(), 1)) == 0
}

// Window fills w with what e shows at its clock. It allocates nothing once
// w.Runs has room for the effect's runs.
func (e *Effect) Window(w *Window) {
	c := e.clock.Seconds()
	w.Clock = e.clock
	w.X = c * e.snap.rate
	w.Runs = e.appendRuns(w.Runs[:0], c)
	v0, v1, first := e.visibleBursts()
	n := len(e.bursts)
	w.Bursts, w.Later = e.bursts[v0:v1:v1], e.bursts[v1:n:n]
	w.FirstCount = first
	w.Host = e.hostScale()
}

// Candidates returns the number of candidates an evaluation of the window
// walks: its stream runs' indices and its bursts' particles (Bursts[0]
// counted by FirstCount).
func (w *Window) Candidates() int64 {
	var n int64
	for _, r := range w.Runs {
		n += r.Len()
	}
	for i, b := range w.Bursts {
		if i == 0 {
			n += int64(w.FirstCount)
		} else {
			n += int64(b.Count)
		}
	}
	return n
}

// HostScale returns the effect's host scales.
func (e *Effect) HostScale() HostScale { return e.hostScale() }

func (e *Effect) hostScale() HostScale {
	if !e.hsValid {
		e.hs, e.hsValid = e.computeHostScale(), true
	}
	return e.hs
}

func (e *Effect) computeHostScale() HostScale {
	s := e.snap
	sp := &s.spec
	pps := e.PixelsPerStud()
	a, b := s.emissionHalfExtents(e.hostW, e.hostH)
	return HostScale{
		PixelsPerStud: pps,
		Move:          pps * sp.SpeedScale * sp.Scale,
		Size:          pps * sp.SizeScale * sp.Scale,
		HalfW:         a,
		HalfH:         b,
		SphereCentre:  s.sphereCentre(a, b),
	}
}

// appendRuns appends the runs of stream indices that can be alive at clock
// c (seconds): the live window K(c) = {i : 0 <= c·r - i < Span} restricted
// to the spans in which the stream was enabled.
func (e *Effect) appendRuns(dst []Run, c float64) []Run {
	return e.appendRunsN(dst, c, math.MaxInt)
}

// appendRunsN is appendRuns stopping after n runs.
func (e *Effect) appendRunsN(dst []Run, c float64, n int) []Run {
	base := len(dst)
	s := e.snap
	r := s.rate
	if !(r > 0) {
		return dst
	}
	lower := c - s.lifeMax
	x, w := c*r, s.span
	on, start := e.enabled0, 0.0
	for i := 0; i <= len(e.toggles); i++ {
		end, next := math.Inf(1), on
		if i < len(e.toggles) {
			end, next = e.toggles[i].at.Seconds(), e.toggles[i].on
		}
		if on && end > lower && start <= c {
			if lo, hi, ok := streamRun(r, x, w, start, end); ok {
				if dst = append(dst, Run{lo, hi}); len(dst)-base >= n {
					return dst
				}
			}
		}
		on, start = next, end
	}
	return dst
}

// streamRun returns the stream indices i in the live window, 0 <= x - i <
// w (x = c·r), born in the enabled span [on, off). Index bounds come from
// rounded products, so they are widened by one and each end is checked
// with the same expressions the evaluation uses.
func streamRun(r, x, w, on, off float64) (lo, hi int64, ok bool) {
	in := func(i int64) bool {
		d, b := x-float64(i), float64(i)/r
		return d >= 0 && d < w && b >= on && b < off
	}
	lo = int64(math.Max(math.Floor(x-w)-1, 0))
	hi = int64(math.Floor(x) + 1)
	for lo <= hi && !in(lo) {
		lo++
	}
	for hi >= lo && !in(hi) {
		hi--
	}
	return lo, hi, lo <= hi
}

// visibleBursts returns the range [v0, v1) of the kept bursts (sorted by
// time) that can show particles at the clock: born at or before it, less
// than Lifetime.Max ago, newest first until MaxBurstParticles are taken;
// first is how many particles of bursts[v0] that leaves it. The cut is a
// function of the burst list and the clock alone, so it is the same at
// every frame rate and under rewind, and a burst's share only shrinks as
// the clock moves on (newer bursts outlive it).
func (e *Effect) visibleBursts() (v0, v1, first int) {
	c, life := e.clock, e.snap.lifeMax
	v1 = len(e.bursts)
	for v1 > 0 && e.bursts[v1-1].Time > c {
		v1--
	}
	v0 = v1
	room := MaxBurstParticles
	for v0 > 0 && room > 0 && (c-e.bursts[v0-1].Time).Seconds() < life {
		v0--
		first = min(e.bursts[v0].Count, room)
		room -= first
	}
	return v0, v1, first
}
