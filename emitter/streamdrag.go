package emitter

import "math"

// A stream's particles are born r per second, so in one frame particle i
// has age (x - i)/r, x the clock in index units, and its decay
// e^{-k(x-i)/r} is e^{-k(x-a)/r} · e^{k(i-a)/r} for any a. With a the
// multiple of anchorSpan at or below i, the first factor is one
// exponential per anchorSpan particles and the second a table of the
// snapshot: the stream's plain loops pay a multiplication per particle
// where DragFactors pays an exponential (docs/closed-form.md, section 4).
// Every path that places a stream particle takes its factors from
// streamDrag.factors, so the cached, uncached, plain, general, chunked and
// whole evaluations agree bit for bit; a particle's factors depend on its
// index and the clock only, so seeks, rewinds and steps agree too.

// anchorSpan is the number of stream indices that share an anchor.
const anchorSpan = 32

// streamDrag is what a snapshot's stream particles share of their drag.
type streamDrag struct {
	k, rate float64
	inv     float64 // 1/k
	// step[j] = e^{k j / r}; on is false without drag or stream, or where
	// a step's exponent leaves the clamp (a stream of under anchorSpan·k/60
	// particles per second: DragFactors serves it).
	step [anchorSpan]float64
	on   bool
}

func newStreamDrag(k, rate float64) streamDrag {
	d := streamDrag{k: k, rate: rate}
	if k != 0 {
		d.inv = 1 / k
	}
	if k == 0 || !(rate > 0) || !(math.Abs(k)*(anchorSpan-1)/rate < maxExponent) {
		return d
	}
	for j := range d.step {
		d.step[j] = expDrag(k * (float64(j) / rate))
	}
	d.on = true
	return d
}

// anchor caches the exponential of one anchor for a loop over consecutive
// stream indices; its zero value holds none. Each goroutine has its own.
type anchor struct {
	at  int64 // the anchor's index + 1; 0: none
	exp float64
}

// factors returns DragFactors(k, age) for stream particle i at clock x
// (index units), age = (x - i)/r, with the exponential from i's anchor
// (a, when set, caches it across calls). Young particles (|k age| < 0.5)
// take the series as DragFactors does, and so do those whose exponent or
// whose anchor's leaves the clamp.
func (d *streamDrag) factors(x float64, i int64, age float64, a *anchor) (f, g, decay float64) {
	q := d.k * age
	if q > -0.5 && q < 0.5 {
		return dragSeries(d.k, age, q)
	}
	if !d.on || !(q > -maxExponent && q < maxExponent) {
		return DragFactors(d.k, age)
	}
	base := i &^ (anchorSpan - 1)
	var ea float64
	if a != nil && a.at == base+1 {
		ea = a.exp
	} else {
		e := -d.k * ((x - float64(base)) / d.rate)
		if !(e > -maxExponent && e < maxExponent) {
			return DragFactors(d.k, age)
		}
		ea = expDrag(e)
		if a != nil {
			a.at, a.exp = base+1, ea
		}
	}
	return dragExp(d.inv, age, float64(ea*d.step[i&(anchorSpan-1)]))
}
