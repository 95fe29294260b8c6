package world

import (
	"math"

	"github.com/emberfx/ember/emitter"
)

// boundsMargin is the relative margin of ConservativeEmitterBounds: each
// side moves out by 2^-15 of the axis's magnitude, the sum of the absolute
// values of every term of the position on that axis (position, spawn,
// velocity and acceleration terms, billboard half extent). It covers, with
// room to spare:
//   - the truncated series of DragFactors (q = drag·age < 0.5): the
//     turning point is found from the exact exponential form while the
//     trajectory is evaluated with the series, which differs by less than
//     age·q⁶/5040 in f and age²·q⁶/40320 in g, below 4.2e-6 and 9.4e-7 of
//     the velocity and acceleration terms at the longest lifetime; twice
//     that is below 1e-5 of the magnitude;
//   - float32: every input rounded to float32 (2^-24 relative each) and a
//     GPU's float32 arithmetic (products, sums, sin and cos of the yaw,
//     exp), a few tens of ulps of the magnitude, about 2e-6;
//   - float64 rounding of the CPU evaluator, far below both.
//
// The turned-out box is then rounded outward to float32 values, so that it
// stays conservative when uploaded.
const boundsMargin = 1.0 / (1 << 15)

// ConservativeEmitterBounds returns an axis-aligned box, in world units,
// containing every billboard the emitter can ever show with preset p, at
// any clock: every lifetime up to the uploaded float32(Lifetime.Max), every
// corner of the spawn support and of the velocity ranges, each axis's
// trajectory extremum under drag and acceleration ([emitter.Travel]), the
// yaw (spawn, velocity and acceleration turned about Z), the scale (on the
// displacement and the billboard), the largest billboard half extent, and
// the margin described at boundsMargin; its coordinates are float32 values,
// rounded outward. It depends on the preset and the emitter's Position,
// Yaw and Scale only, never on the schedule.
//
// The billboard half extent on every axis is s/√2 for the largest size s
// on the size curve times Scale: a square of edge s turned any way in any
// plane stays within s/√2 of its centre on each axis. An upright billboard
// whose rotation never changes (rotation.min == rotation.max, spin 0)
// stands in a vertical plane with its corners at s/2·(|cos θ| + |sin θ|)
// from the centre along the plane's horizontal and vertical axes: that is
// its half extent on each axis (s/2 at θ = 0).
//
// The result is meaningful for a preset and emitter that pass validation;
// with other input it may hold NaN or infinities, which validation
// reports. It never panics on such values; e and p must not be nil.
func ConservativeEmitterBounds(e *Emitter, p *Preset) Box {
	life := float64(float32(p.Lifetime.Max))
	k := p.Drag
	c, s := cosSinDegrees(e.Yaw)
	spawn := Range3{p.Spawn.Min, p.Spawn.Max}
	if p.Spawn.Shape == SpawnPoint {
		spawn.Max = spawn.Min
	}
	v, a := p.Velocity, p.Acceleration
	// The emitter's frame turned to the world's: x' = c x - s y, y' = s x + c y.
	ax := float64(c*a.X) - float64(s*a.Y)
	ay := float64(s*a.X) + float64(c*a.Y)
	f, g, _ := emitter.DragFactors(k, life)
	half := billboardHalfExtent(p, e.Scale)
	axis := func(pos float64, spawn, vel Range, acc float64) (lo, hi float64) {
		tlo, _ := emitter.Travel(k, vel.Min, acc, life)
		_, thi := emitter.Travel(k, vel.Max, acc, life)
		mag := math.Abs(pos) + half + float64(e.Scale*(max(math.Abs(spawn.Min), math.Abs(spawn.Max))+
			float64(max(math.Abs(vel.Min), math.Abs(vel.Max))*f)+float64(math.Abs(acc)*g)))
		m := float64(mag * boundsMargin)
		lo = pos + float64(e.Scale*(spawn.Min+tlo)) - half - m
		hi = pos + float64(e.Scale*(spawn.Max+thi)) + half + m
		return down32(lo), up32(hi)
	}
	var b Box
	b.Min.X, b.Max.X = axis(e.Position.X, turned(c, -s, spawn), turned(c, -s, Range3(v)), ax)
	b.Min.Y, b.Max.Y = axis(e.Position.Y, turned(s, c, spawn), turned(s, c, Range3(v)), ay)
	b.Min.Z, b.Max.Z = axis(e.Position.Z, Range{spawn.Min.Z, spawn.Max.Z}, Range{v.Min.Z, v.Max.Z}, a.Z)
	return b
}

// turned returns the range of wx·x + wy·y over the XY box of r.
func turned(wx, wy float64, r Range3) Range {
	x0, x1 := float64(wx*r.Min.X), float64(wx*r.Max.X)
	y0, y1 := float64(wy*r.Min.Y), float64(wy*r.Max.Y)
	return Range{min(x0, x1) + min(y0, y1), max(x0, x1) + max(y0, y1)}
}

// billboardHalfExtent is the largest distance, along any world axis, of a
// billboard's corner from its centre: see ConservativeEmitterBounds.
func billboardHalfExtent(p *Preset, scale float64) float64 {
	size := 0.0
	for _, k := range p.Curves.Size {
		size = max(size, k.Size)
	}
	size = float64(size * scale)
	if p.Sprite.Facing == FacingUpright && p.Rotation.Min == p.Rotation.Max && p.Spin.Min == 0 && p.Spin.Max == 0 {
		c, s := cosSinDegrees(p.Rotation.Min)
		return float64(size/2) * (math.Abs(c) + math.Abs(s))
	}
	return float64(size * (math.Sqrt2 / 2))
}

// down32 returns the largest float32 value at most x, up32 the smallest at
// least x.
func down32(x float64) float64 {
	f := float32(x)
	if float64(f) > x {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return float64(f)
}

func up32(x float64) float64 {
	f := float32(x)
	if float64(f) < x {
		f = math.Nextafter32(f, float32(math.Inf(1)))
	}
	return float64(f)
}
