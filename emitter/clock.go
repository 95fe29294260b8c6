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
type Ticks int64

// SecondsToTicks rounds seconds to the nearest tick. NaN is 0; values beyond
// the range saturate.
func SecondsToTicks(s float64) Ticks {
	v := math.Round(s * TicksPerSecond)
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

// addTicks adds without overflow and clamps at 0: clocks never go negative.
func addTicks(a, b Ticks) Ticks {
	s := a + b
	if b > 0 && s < a {
		s = math.MaxInt64
	}
	if s < 0 {
		s = 0
	}
	return s
}
