package emitter

import "math"

// MaxKeypoints is the most keypoints a sequence may have (Roblox's cap).
const MaxKeypoints = 20

// At returns the sequence's value and envelope at normalized age t, linearly
// interpolated. Both are interpolated, so a band that widens mid-life widens
// smoothly. A linear scan beats a binary search at 20 keypoints.
func (q NumberSequence) At(t float64) (value, envelope float64) {
	n := len(q)
	if n == 0 {
		return 0, 0
	}
	if t <= q[0].Time {
		return q[0].Value, q[0].Envelope
	}
	for i := 1; i < n; i++ {
		b := q[i]
		if t < b.Time {
			a := q[i-1]
			w := (t - a.Time) / (b.Time - a.Time)
			return a.Value + float64((b.Value-a.Value)*w), a.Envelope + float64((b.Envelope-a.Envelope)*w)
		}
	}
	last := q[n-1]
	return last.Value, last.Envelope
}

// Sample returns value + envelope*roll at normalized age t, where roll in
// [-1, 1) is drawn once per particle and kept for its whole life
// (docs/closed-form.md, section 5). Roblox instead draws a fresh offset per keypoint; one roll per
// curve keeps each particle consistent with itself instead of jittering.
func (q NumberSequence) Sample(t, roll float64) float64 {
	v, e := q.At(t)
	return v + float64(e*roll)
}

// enveloped reports whether a keypoint has an envelope.
func (q NumberSequence) enveloped() bool {
	for _, k := range q {
		if k.Envelope != 0 {
			return true
		}
	}
	return false
}

// IsConstant reports whether every keypoint has the same value and no
// envelope.
func (q NumberSequence) IsConstant() bool {
	for _, k := range q {
		if k.Value != q[0].Value || k.Envelope != 0 {
			return false
		}
	}
	return true
}

// At returns the colour at normalized age t, linearly interpolated in RGB.
func (q ColorSequence) At(t float64) Color {
	n := len(q)
	if n == 0 {
		return White
	}
	if t <= q[0].Time {
		return q[0].Color
	}
	for i := 1; i < n; i++ {
		b := q[i]
		if t < b.Time {
			a := q[i-1]
			w := (t - a.Time) / (b.Time - a.Time)
			return a.Color.Lerp(b.Color, w)
		}
	}
	return q[n-1].Color
}

// IsConstant reports whether every keypoint has the same colour: the renderer
// then grades the colour once instead of per particle (docs/closed-form.md,
// section 7).
func (q ColorSequence) IsConstant() bool {
	for _, k := range q {
		if k.Color != q[0].Color {
			return false
		}
	}
	return true
}

// Lerp returns c + (d-c)*w per channel.
func (c Color) Lerp(d Color, w float64) Color {
	return Color{c.R + float64((d.R-c.R)*w), c.G + float64((d.G-c.G)*w), c.B + float64((d.B-c.B)*w)}
}

// Mul returns the channel-wise product c ⊙ d.
func (c Color) Mul(d Color) Color {
	return Color{float64(c.R * d.R), float64(c.G * d.G), float64(c.B * d.B)}
}

// Grade applies Brightness and tone mapping (docs/closed-form.md, section 7):
// the colour is
// scaled by brightness and, when a channel passes 1 (peak p > 1), renormalized
// to keep its hue and pulled toward white by beta = 1 - 1/p. A channel that
// overflows has nowhere to go but white.
func Grade(c Color, brightness float64) Color {
	g := Color{float64(c.R * brightness), float64(c.G * brightness), float64(c.B * brightness)}
	p := max(g.R, g.G, g.B)
	if !(p > 1) {
		return g
	}
	beta := 1 - 1/p
	inv := 1 / p
	return Color{
		float64((1-beta)*g.R*inv) + beta,
		float64((1-beta)*g.G*inv) + beta,
		float64((1-beta)*g.B*inv) + beta,
	}
}

// Influence blends a graded colour toward graded ⊙ ambient by LightInfluence:
// a 2D scene has no lights, and the ambient colour is the stand-in
// (docs/closed-form.md, section 7).
func Influence(graded, ambient Color, influence float64) Color {
	if influence == 0 {
		return graded
	}
	return graded.Lerp(graded.Mul(ambient), influence)
}

// Glow returns the size factor and opacity of halo layer n (1 <= n < GlowLayers)
// for a particle of transparency T: growth 1 + 0.45 n and opacity
// (1-T) 0.45^n LightEmission (docs/closed-form.md, section 7). Layer 0 is
// the core. An
// emitter with no LightEmission gets no halo.
func Glow(n int, transparency, lightEmission float64) (growth, opacity float64) {
	return 1 + float64(0.45*float64(n)), (1 - transparency) * math.Pow(0.45, float64(n)) * lightEmission
}

// curve is a NumberSequence without envelopes compiled for the hot path:
// each segment keeps its start, span and rise, so a sample is one
// comparison per segment passed, one division and one multiply-add, with
// the same operations in the same order as At (the same bits,
// TestCurveMatchesAt) and nothing spent on the envelope.
type curve struct {
	t0, v0, last float64
	segs         []curveSegment
}

// curveSegment is the piece from keypoint a to keypoint b.
type curveSegment struct{ end, start, span, base, rise float64 }

// compileCurve returns q's curve; q's envelopes are ignored.
func compileCurve(q NumberSequence) curve {
	if len(q) == 0 {
		return curve{}
	}
	c := curve{t0: q[0].Time, v0: q[0].Value, last: q[len(q)-1].Value}
	for i := 1; i < len(q); i++ {
		a, b := q[i-1], q[i]
		c.segs = append(c.segs, curveSegment{end: b.Time, start: a.Time, span: b.Time - a.Time, base: a.Value, rise: b.Value - a.Value})
	}
	return c
}

// at returns At(t)'s value.
func (c *curve) at(t float64) float64 {
	if t <= c.t0 {
		return c.v0
	}
	for i := range c.segs {
		g := &c.segs[i]
		if t < g.end {
			return g.base + float64(g.rise*((t-g.start)/g.span))
		}
	}
	return c.last
}
