package emitter

import (
	"math"
	"testing"
)

const (
	maxTicks Ticks = math.MaxInt64
	minTicks Ticks = math.MinInt64
)

// TestTicksArithmetic pins the one saturating rule of clock arithmetic at
// the ends of the range, where wrapping around would turn a clock pushed
// past 414 years into a negative one.
func TestTicksArithmetic(t *testing.T) {
	cases := []struct {
		name string
		got  Ticks
		want Ticks
	}{
		{"Add small", Ticks(5).Add(7), 12},
		{"Add negative", Ticks(5).Add(-7), -2},
		{"Add at the top", maxTicks.Add(0), maxTicks},
		{"Add past the top", maxTicks.Add(1), maxTicks},
		{"Add far past the top", (maxTicks - 5).Add(maxTicks), maxTicks},
		{"Add past the bottom", minTicks.Add(-1), minTicks},
		{"Add far past the bottom", (minTicks + 5).Add(minTicks), minTicks},
		{"Add the bottom to the top", maxTicks.Add(minTicks), -1},

		{"Scale by 1 is exact beyond 2^53", Ticks(1<<60 + 1).Scale(1), 1<<60 + 1},
		{"Scale rounds half away from zero", Ticks(10).Scale(0.25), 3},
		{"Scale rounds negative half away", Ticks(10).Scale(-0.25), -3},
		{"Scale by 0", maxTicks.Scale(0), 0},
		{"Scale by NaN", Ticks(10).Scale(math.NaN()), 0},
		{"Scale by 1e12 saturates", Ticks(TicksPerSecond / 60).Scale(1e12), maxTicks},
		{"Scale by +Inf saturates", Ticks(1).Scale(math.Inf(1)), maxTicks},
		{"Scale by -Inf saturates", Ticks(1).Scale(math.Inf(-1)), minTicks},
		{"Scale 0 by +Inf is NaN, so 0", Ticks(0).Scale(math.Inf(1)), 0},
		{"Scale the top by 2", maxTicks.Scale(2), maxTicks},
		{"Scale the bottom by 2", minTicks.Scale(2), minTicks},
		{"Scale the top by -1", maxTicks.Scale(-1), minTicks}, // float64(MaxInt64) is 2^63

		{"Mul small", Ticks(6).Mul(7), 42},
		{"Mul signs", Ticks(-6).Mul(7), -42},
		{"Mul by 0", maxTicks.Mul(0), 0},
		{"Mul past the top", (maxTicks/2 + 1).Mul(2), maxTicks},
		{"Mul past the bottom", (maxTicks/2 + 1).Mul(-2), minTicks},
		{"Mul negative past the top", minTicks.Mul(-1), maxTicks},
		{"Mul by the bottom", Ticks(-1).Mul(math.MinInt64), maxTicks},
		{"Mul just within", (maxTicks / 2).Mul(2), maxTicks - 1},

		{"SecondsToTicks one second", SecondsToTicks(1), TicksPerSecond},
		{"SecondsToTicks rounds", SecondsToTicks(1.5 / TicksPerSecond), 2},
		{"SecondsToTicks NaN", SecondsToTicks(math.NaN()), 0},
		{"SecondsToTicks +Inf", SecondsToTicks(math.Inf(1)), maxTicks},
		{"SecondsToTicks -Inf", SecondsToTicks(math.Inf(-1)), minTicks},
		{"SecondsToTicks 1e300", SecondsToTicks(1e300), maxTicks},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, c.got, c.want)
		}
	}
}

// TestEffectClockSaturates: stepping, advancing and forwarding an effect
// past the range stop at its end, and a negative one stops at 0.
func TestEffectClockSaturates(t *testing.T) {
	spec := DefaultSpec()
	spec.TimeScale = 100
	snap, err := NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		move func(e *Effect)
		want Ticks
	}{
		{"Step by a huge step at TimeScale 100", func(e *Effect) { e.Step(maxTicks / 4) }, maxTicks},
		{"Step twice at the top", func(e *Effect) { e.Step(maxTicks); e.Step(maxTicks) }, maxTicks},
		{"Advance by +Inf", func(e *Effect) { e.Advance(math.Inf(1)) }, maxTicks},
		{"Forward by 1e300 s", func(e *Effect) { e.Forward(1e300) }, maxTicks},
		{"Forward past the top, then back", func(e *Effect) { e.Forward(1e300); e.Forward(-1) }, maxTicks - TicksPerSecond},
		{"Forward by -Inf", func(e *Effect) { e.Forward(math.Inf(-1)) }, 0},
	}
	for _, c := range cases {
		e, err := NewEffect(snap, nil)
		if err != nil {
			t.Fatal(err)
		}
		e.Play()
		c.move(e)
		if got := e.Clock(); got != c.want {
			t.Errorf("%s: clock %d, want %d", c.name, got, c.want)
		}
	}
}
