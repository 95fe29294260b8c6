package roblox

import (
	"math"

	"github.com/emberfx/ember/emitter"
)

// Sequences: Roblox allows equal keypoint times (a step); Ember needs each
// time after the one before, so equal times are pulled apart by timeStep.
// Colour channels within half a step of a whole 1/255 (the precision Studio
// prints them with) are snapped to it, so they read as "#rrggbb".

// timeStep is how far apart the importer pulls equal keypoint times.
const timeStep = 1e-6

// colorSnap is how close to k/255 a channel must be to be snapped to it:
// Studio prints channels with 6 significant digits, about 5e-7 off.
const colorSnap = 5e-6

// fixTimes makes times fit Ember's rules: in [0, 1], the first 0, the last
// 1, strictly increasing. It reports whether anything moved.
func fixTimes(times []float64) bool {
	n := len(times)
	orig := append([]float64(nil), times...)
	for i := range times {
		times[i] = max(0, min(1, times[i]))
	}
	times[0], times[n-1] = 0, 1
	for i := 1; i < n; i++ {
		if times[i] <= times[i-1] {
			times[i] = times[i-1] + timeStep
		}
	}
	times[n-1] = 1
	for i := n - 2; i > 0; i-- {
		if times[i] >= times[i+1] {
			times[i] = times[i+1] - timeStep
		}
	}
	for i := range times {
		if times[i] != orig[i] {
			return true
		}
	}
	return false
}

const timesMoved = "keypoint times pulled apart or onto 0 and 1 (Ember needs each after the one before; Roblox allows equal times, a step)"

func sequenceRule(field string, set func(*emitter.Spec, emitter.NumberSequence)) func(*converter, Value, *Note) error {
	return func(c *converter, v Value, n *Note) error {
		seq, ok := v.(NumberSequence)
		if !ok {
			return c.wrongType(n, v, "a NumberSequence")
		}
		if err := checkKeypoints(len(seq)); err != nil {
			return c.fail(n, "%v", err)
		}
		out := make(emitter.NumberSequence, len(seq))
		times := make([]float64, len(seq))
		negEnvelope := false
		for i, k := range seq {
			t, val, env := exact(k.Time), exact(k.Value), exact(k.Envelope)
			if math.IsNaN(t) || math.IsNaN(val) || math.IsNaN(env) {
				c.adjust(n, field, "keypoint %d holds NaN: Roblox's default %s instead", i, c.def)
				return sequenceRule(field, set)(c, c.def, &Note{Name: n.Name})
			}
			if env < 0 {
				negEnvelope = true
				env = 0
			}
			val = c.clamp(n, field, val, -maxMagnitude, maxMagnitude, 0)
			env = c.clamp(n, field, env, 0, maxMagnitude, 0)
			times[i] = t
			out[i] = emitter.NumberKeypoint{Value: val, Envelope: env}
		}
		if negEnvelope {
			c.adjust(n, field, "a negative envelope is a band of 0")
		}
		if fixTimes(times) {
			c.adjust(n, field, timesMoved)
		}
		for i := range out {
			out[i].Time = times[i]
		}
		set(&c.spec, out)
		return nil
	}
}

// colorRule carries Color: channels clamped to [0, 1] and snapped to
// whole 255ths; the envelopes Roblox stores with colour keypoints mean
// nothing.
func colorRule(c *converter, v Value, n *Note) error {
	seq, ok := v.(ColorSequence)
	if !ok {
		return c.wrongType(n, v, "a ColorSequence")
	}
	if err := checkKeypoints(len(seq)); err != nil {
		return c.fail(n, "%v", err)
	}
	out := make(emitter.ColorSequence, len(seq))
	times := make([]float64, len(seq))
	clamped := false
	for i, k := range seq {
		t := exact(k.Time)
		ch := [3]float64{exact(k.R), exact(k.G), exact(k.B)}
		if math.IsNaN(t) || math.IsNaN(ch[0]) || math.IsNaN(ch[1]) || math.IsNaN(ch[2]) {
			c.adjust(n, "Color", "keypoint %d holds NaN: Roblox's default white instead", i)
			c.spec.Color = emitter.ConstantColor(emitter.White)
			return nil
		}
		for j, x := range ch {
			if x < 0 || x > 1 {
				clamped = true
			}
			ch[j] = snap255(max(0, min(1, x)))
		}
		times[i] = t
		out[i].Color = emitter.Color{R: ch[0], G: ch[1], B: ch[2]}
	}
	if clamped {
		c.adjust(n, "Color", "channels outside 0..1 clamped")
	}
	if fixTimes(times) {
		c.adjust(n, "Color", timesMoved)
	}
	for i := range out {
		out[i].Time = times[i]
	}
	c.spec.Color = out
	return nil
}

// snap255 returns k/255 when x is within colorSnap of it, else x.
func snap255(x float64) float64 {
	k := math.Round(x * 255)
	if math.Abs(x-k/255) <= colorSnap {
		return k / 255
	}
	return x
}
