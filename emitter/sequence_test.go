package emitter

// Tests of the curves (docs/closed-form.md, section 5): piecewise-linear
// value and envelope, and one envelope roll per particle,
// S(tau) = value(tau) + envelope(tau) × roll, roll in [-1, 1).

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// seqCurve rises from 0 to 10 with a widening band, then falls to 4 with no
// band: value and envelope are both interpolated.
var seqCurve = NumberSequence{
	{Time: 0, Value: 0, Envelope: 0},
	{Time: 0.5, Value: 10, Envelope: 2},
	{Time: 1, Value: 4, Envelope: 0},
}

// TestSequenceNumberAt: linear interpolation of value and envelope,
// clamped to the end keypoints outside [0, 1].
func TestSequenceNumberAt(t *testing.T) {
	for _, c := range []struct {
		name               string
		t, value, envelope float64
	}{
		{"t -1, value 0, envelope 0", -1, 0, 0},
		{"t 0, value 0, envelope 0", 0, 0, 0},
		{"t 0.1, value 2, envelope 0.4", 0.1, 2, 0.4},
		{"t 0.25, value 5, envelope 1", 0.25, 5, 1},
		{"t 0.5, value 10, envelope 2", 0.5, 10, 2},
		{"t 0.75, value 7, envelope 1", 0.75, 7, 1},
		{"t 0.9, value 5.2, envelope 0.4", 0.9, 5.2, 0.4},
		{"t 1, value 4, envelope 0", 1, 4, 0},
		{"t 2, value 4, envelope 0", 2, 4, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, e := seqCurve.At(c.t)
			if !coreWithin(v, c.value, 1e-12) || !coreWithin(e, c.envelope, 1e-12) {
				t.Errorf("At(%v) = %v, %v; want %v, %v", c.t, v, e, c.value, c.envelope)
			}
		})
	}
	// the most keypoints allowed: 20 points with value i² at time i/19
	var stairs NumberSequence
	for i := 0; i < MaxKeypoints; i++ {
		x := float64(i) / (MaxKeypoints - 1)
		stairs = append(stairs, NumberKeypoint{Time: x, Value: float64(i * i)})
	}
	for i := 0; i < MaxKeypoints-1; i++ {
		mid := (float64(i) + 0.5) / (MaxKeypoints - 1)
		want := float64(i*i+(i+1)*(i+1)) / 2
		if v, _ := stairs.At(mid); !coreWithin(v, want, 1e-9) {
			t.Errorf("20 keypoints: At(%v) = %v, want %v", mid, v, want)
		}
	}
	if v, e := (NumberSequence{}).At(0.5); v != 0 || e != 0 {
		t.Errorf("empty sequence At = %v, %v; want 0, 0", v, e)
	}
	if v, _ := ConstantSequence(3).At(0.37); v != 3 {
		t.Errorf("ConstantSequence(3).At = %v", v)
	}
}

// TestSequenceSample: value + envelope × roll with the roll held for the
// whole life; roll ±1 reaches the edges of the band.
func TestSequenceSample(t *testing.T) {
	for _, c := range []struct {
		name          string
		t, roll, want float64
	}{
		{"t 0.25, roll 1, want 6", 0.25, 1, 6},
		{"t 0.25, roll -1, want 4", 0.25, -1, 4},
		{"t 0.25, roll 0, want 5", 0.25, 0, 5},
		{"t 0.5, roll -1, want 8", 0.5, -1, 8},
		{"t 0.5, roll 1, want 12", 0.5, 1, 12},
		{"t 0.5, roll 0.5, want 11", 0.5, 0.5, 11},
		{"t 0.75, roll -0.5, want 6.5", 0.75, -0.5, 6.5},
		{"no band at the ends", 0, 1, 0},   // no band at the ends
		{"t 1, roll -1, want 4", 1, -1, 4}, //
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := seqCurve.Sample(c.t, c.roll); !coreWithin(got, c.want, 1e-12) {
				t.Errorf("Sample(%v, %v) = %v, want %v", c.t, c.roll, got, c.want)
			}
		})
	}
}

// TestSequenceEnvelopeThroughEffect: a particle's Size is
// value + envelope × Signed(u(s, i, 6)), the same roll at every age, so its
// offset from the curve scales with the band instead of jittering.
func TestSequenceEnvelopeThroughEffect(t *testing.T) {
	s := coreSnapshot(t, func(sp *Spec) {
		sp.Rate, sp.Lifetime, sp.Speed = 0, Constant(4), Constant(0)
		sp.Size = NumberSequence{{0, 1, 0.5}, {1, 1, 0.25}}
	})
	e, err := NewEffect(s, &EffectOptions{Seed: 21, HostWidth: 100, HostHeight: 100})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, 200)
	for _, age := range []float64{0, 1, 2, 3} {
		e.SetTime(age)
		tau := age / 4
		env := 0.5 + (0.25-0.5)*tau
		for _, p := range e.AppendParticles(nil) {
			roll := hash.Signed(hash.Unit(hash.Stream(21, p.Key), channel.SizeEnvelope))
			want := (1 + env*roll) * 100 // 100 px per stud
			if !coreWithin(p.Width, want, 1e-9) || p.Width != p.Height {
				t.Fatalf("age %v key %d: size %v x %v, want %v", age, p.Key, p.Width, p.Height, want)
			}
		}
	}
}

// TestSquashEnvelopeThroughEffect: Squash rolls its own envelope
// (channel SquashEnvelope), once per particle: q = value + envelope ×
// roll, and a positive q stretches the height by 1 + q and narrows the
// width by as much (docs/closed-form.md, section 5).
func TestSquashEnvelopeThroughEffect(t *testing.T) {
	s := coreSnapshot(t, func(sp *Spec) {
		sp.Rate, sp.Lifetime, sp.Speed = 0, Constant(4), Constant(0)
		sp.Size = ConstantSequence(1)
		sp.Squash = NumberSequence{{0, 1, 0.5}, {1, 1, 0.5}}
	})
	e, err := NewEffect(s, &EffectOptions{Seed: 21, HostWidth: 100, HostHeight: 100})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, 200)
	for _, age := range []float64{0, 2} {
		e.SetTime(age)
		for _, p := range e.AppendParticles(nil) {
			roll := hash.Signed(hash.Unit(hash.Stream(21, p.Key), channel.SquashEnvelope))
			l := 1 + (1 + 0.5*roll) // q in [0.5, 1.5): always a stretch
			if !coreWithin(p.Width, 100/l, 1e-9) || !coreWithin(p.Height, 100*l, 1e-9) {
				t.Fatalf("age %v key %d: %v x %v, want %v x %v", age, p.Key, p.Width, p.Height, 100/l, 100*l)
			}
		}
	}
}

// TestSequenceColorAt: RGB interpolation, clamped at the ends; an empty
// sequence is white.
func TestSequenceColorAt(t *testing.T) {
	q := ColorSequence{
		{0, Color{1, 0, 0}},
		{0.5, Color{0, 1, 0}},
		{1, Color{0, 0, 1}},
	}
	for _, c := range []struct {
		name string
		t    float64
		want Color
	}{
		{"t -0.5", -0.5, Color{1, 0, 0}},
		{"t 0", 0, Color{1, 0, 0}},
		{"t 0.25", 0.25, Color{0.5, 0.5, 0}},
		{"t 0.4", 0.4, Color{0.2, 0.8, 0}},
		{"t 0.5", 0.5, Color{0, 1, 0}},
		{"t 0.75", 0.75, Color{0, 0.5, 0.5}},
		{"t 1", 1, Color{0, 0, 1}},
		{"t 3", 3, Color{0, 0, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := q.At(c.t)
			if !coreWithin(got.R, c.want.R, 1e-12) || !coreWithin(got.G, c.want.G, 1e-12) || !coreWithin(got.B, c.want.B, 1e-12) {
				t.Errorf("Color At(%v) = %v, want %v", c.t, got, c.want)
			}
		})
	}
	if got := (ColorSequence{}).At(0.5); got != White {
		t.Errorf("empty ColorSequence At = %v, want white", got)
	}
	if got := (Color{0.2, 0.4, 0.6}).Lerp(Color{1, 0, 0.6}, 0.25); !coreWithin(got.R, 0.4, 1e-15) || !coreWithin(got.G, 0.3, 1e-15) || got.B != 0.6 {
		t.Errorf("Lerp = %v, want {0.4 0.3 0.6}", got)
	}
	if got := (Color{0.5, 1, 0.25}).Mul(Color{0.5, 0.2, 1}); got != (Color{0.25, 0.2, 0.25}) {
		t.Errorf("Mul = %v, want {0.25 0.2 0.25}", got)
	}
}

// TestSequenceIsConstant: flat values without envelope are constant; any
// envelope or change of value is not.
func TestSequenceIsConstant(t *testing.T) {
	for _, c := range []struct {
		name string
		q    NumberSequence
		want bool
	}{
		{"constant 0", ConstantSequence(0), true},
		{"constant 2.5", ConstantSequence(2.5), true},
		{"three equal keypoints", NumberSequence{{0, 1, 0}, {0.3, 1, 0}, {1, 1, 0}}, true},
		{"a ramp", NumberSequence{{0, 1, 0}, {1, 2, 0}}, false},
		{"flat with an envelope", NumberSequence{{0, 1, 0.1}, {1, 1, 0.1}}, false},
		{"an envelope in the middle", NumberSequence{{0, 1, 0}, {0.5, 1, 0.2}, {1, 1, 0}}, false},
		{"the test curve", seqCurve, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.q.IsConstant(); got != c.want {
				t.Errorf("%v.IsConstant() = %v, want %v", c.q, got, c.want)
			}
		})
	}
	for _, c := range []struct {
		name string
		q    ColorSequence
		want bool
	}{
		{"constant white", ConstantColor(White), true},
		{"constant dark blue", ConstantColor(Color{0.1, 0.2, 0.3}), true},
		{"white to almost white", ColorSequence{{0, White}, {1, Color{1, 1, 0.99}}}, false},
		{"white through black", ColorSequence{{0, White}, {0.5, Color{}}, {1, White}}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.q.IsConstant(); got != c.want {
				t.Errorf("%v.IsConstant() = %v, want %v", c.q, got, c.want)
			}
		})
	}
	// the snapshot records it for the renderer
	if !coreSnapshot(t, nil).ConstantColor() {
		t.Error("default spec: ConstantColor() = false, want true")
	}
	if coreSnapshot(t, func(sp *Spec) { sp.Color = ColorSequence{{0, White}, {1, Color{1, 0, 0}}} }).ConstantColor() {
		t.Error("white to red: ConstantColor() = true, want false")
	}
}

// TestCurveMatchesAt: the compiled curve the hot path samples gives At's
// value bit for bit: at every keypoint, just either side of it, between
// keypoints, outside [0, 1], at ±0, ±Inf and NaN, for 2 to 20 keypoints
// with uneven spacing and values of every sign.
func TestCurveMatchesAt(t *testing.T) {
	uneven := make(NumberSequence, MaxKeypoints)
	for i := range uneven {
		x := float64(i) / float64(MaxKeypoints-1)
		uneven[i] = NumberKeypoint{Time: x * x, Value: math.Sin(7*x) * 1e3, Envelope: 0.5}
	}
	seqs := []NumberSequence{
		ConstantSequence(2),
		{{Time: 0, Value: 4}, {Time: 0.25, Value: 12}, {Time: 1, Value: 6}},
		seqCurve,
		{{Time: 0, Value: -1e-300}, {Time: 1e-9, Value: 3}, {Time: 0.7, Value: -0.1}, {Time: 1, Value: 1e300}},
		uneven,
	}
	for si, q := range seqs {
		c := compileCurve(q)
		ts := []float64{math.Copysign(0, -1), 0, 1, -1, 2, math.Inf(-1), math.Inf(1), math.NaN(), 1e-300, 1 - 1e-16}
		for _, k := range q {
			ts = append(ts, k.Time, math.Nextafter(k.Time, -1), math.Nextafter(k.Time, 2))
		}
		for i := range 1000 {
			ts = append(ts, (float64(i)+0.37)/1000)
		}
		for _, x := range ts {
			want, _ := q.At(x)
			if got := c.at(x); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("sequence %d at %v: curve %v (%#x), At %v (%#x)", si, x, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
}
