package emitter

import "math"

// TicksPerSecond is the resolution of effect clocks. One tick is a flick,
// 1/705,600,000 s, which divides the frame periods of 24, 25, 30, 48, 50, 60,
// 90, 100, 120, 144 and 240 Hz exactly: stepping at any of those rates lands
// on exactly the clock values SetTime gives, so 30 and 144 fps show
// bit-identical frames at the same clock.
const TicksPerSecond = 705_600_000

// Ticks is an effect clock or a duration, in ticks. An int64 of ticks spans
// about 414 years.
//
// Clock arithmetic saturates: [Ticks.Add], [Ticks.Scale] and [Ticks.Mul]
// stop at the ends of the int64 range instead of wrapping around, so an
// absurd time scale or a clock pushed past the range stays at the end it
// ran into, never jumps to the other. Every package that moves a clock
// (the effect, component's timelines, system's scheduler) uses them.
type Ticks int64

// SecondsToTicks rounds seconds to the nearest tick. NaN is 0; values beyond
// the range saturate.
func SecondsToTicks(s float64) Ticks { return roundTicks(s * TicksPerSecond) }

// roundTicks rounds v to the nearest tick (halves away from zero),
// saturating at the range; NaN is 0.
func roundTicks(v float64) Ticks {
	v = math.Round(v)
	switch {
	case v != v:
		return 0
	case v >= math.MaxInt64:
		return math.MaxInt64
	case v <= math.MinInt64:
		return math.MinInt64
	}
	return Ticks(v)
}

// Seconds converts ticks to seconds.
func (t Ticks) Seconds() float64 { return float64(t) / TicksPerSecond }

// Add returns t + d, saturating at the ends of the int64 range.
func (t Ticks) Add(d Ticks) Ticks {
	s := t + d
	switch {
	case d > 0 && s < t:
		return math.MaxInt64
	case d < 0 && s > t:
		return math.MinInt64
	}
	return s
}

// Scale returns t × f rounded to the nearest tick (halves away from zero),
// saturating at the ends of the int64 range; a NaN factor gives 0. Scale(1)
// is t exactly, even beyond 2^53 ticks where the float64 product would
// round. Equal steps scale to equal steps, so a clock stepped by
// Scale(step) lands on the same values at every rate.
func (t Ticks) Scale(f float64) Ticks {
	if f == 1 {
		return t
	}
	return roundTicks(float64(t) * f)
}

// Mul returns t × n, saturating at the ends of the int64 range.
func (t Ticks) Mul(n int64) Ticks {
	if t == 0 || n == 0 {
		return 0
	}
	p := t * Ticks(n)
	if p/Ticks(n) != t || (t == -1 && n == math.MinInt64) || (n == -1 && t == math.MinInt64) {
		if (t < 0) != (n < 0) {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return p
}
