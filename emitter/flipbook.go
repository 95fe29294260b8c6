package emitter

import (
	"math"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// flipbook returns the 0-based cell (row-major, cell 0 top-left; the
// formulas' n - 1) a particle shows at age (normalized age tau), the next cell for
// FlipbookBlendFrames and the crossfade weight toward it.
//
// With N cells, start n0 and window w = floor(age f) (docs/closed-form.md,
// section 6):
//
//	OneShot:  n = clamp(n0 + floor(tau (N - n0 + 1)), 1, N)
//	Loop:     n = 1 + (n0 - 1 + w) mod N
//	PingPong: n = 1 + min(m, 2N - 2 - m), m = (n0 - 1 + w) mod (2N - 2)
//	Random:   n = 1 + floor(N u(s, i, 14 + 32 w))
//
// The blend weight is the fraction of the current window (of the OneShot
// progress) already elapsed, so the crossfade reaches the next cell exactly
// when the window turns.
func (s *Snapshot) flipbook(st uint32, age, tau float64) (cell, next int, blend float64) {
	n := s.cells
	if n <= 1 || s.spec.FlipbookLayout == FlipbookNone {
		return 0, 0, 0
	}
	sp := &s.spec
	n0 := 1
	if sp.FlipbookStartRandom {
		n0 = hash.Integer(1, n, hash.Unit(st, channel.FlipbookStart))
	}
	var x float64
	if sp.FlipbookMode == FlipbookOneShot {
		x = tau * float64(n-n0+1)
	} else {
		f := hash.Range(sp.FlipbookFramerate.Min, sp.FlipbookFramerate.Max, hash.Unit(st, channel.FlipbookRate))
		x = age * f
	}
	fl := math.Floor(x)
	w := int64(fl)
	frac := x - fl
	c := flipCell(sp.FlipbookMode, st, n, n0, w)
	if !sp.FlipbookBlendFrames {
		return c - 1, c - 1, 0
	}
	nc := flipCell(sp.FlipbookMode, st, n, n0, w+1)
	if nc == c {
		frac = 0
	}
	return c - 1, nc - 1, frac
}

// flipCell is the 1-based cell of window w (for OneShot, w is the floored
// progress).
func flipCell(mode FlipbookMode, st uint32, n, n0 int, w int64) int {
	switch mode {
	case FlipbookOneShot:
		return int(min(max(int64(n0)+w, 1), int64(n)))
	case FlipbookPingPong:
		p := int64(2*n - 2)
		m := (int64(n0-1) + w) % p
		return 1 + int(min(m, p-m))
	case FlipbookRandom:
		ch := uint32(channel.FlipbookRandom + 32*w)
		return 1 + int(float64(n)*hash.Unit(st, ch))
	}
	return 1 + int((int64(n0-1)+w)%int64(n))
}
