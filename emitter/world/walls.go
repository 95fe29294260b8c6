package world

import (
	"math"

	"github.com/emberfx/ember/emitter"
)

// Particles that stop at walls (Preset.Walls = WallsKill): a particle dies
// where its path first meets its sector's wall, floor or ceiling. The time
// of impact is solved from the closed-form path once per birth, so seeking
// and rewinding stay exact: docs/world.md, "Walls", states the method,
// which a float32 shader follows step for step.

// wallPlane is one of a sector's bounding planes as the motion of one
// emitter sees it: a point x of the world is inside when N·x <= c. With
// the emitter's placement x = P + k·R(yaw)·d for a displacement d in its
// frame, N·x - c = n0 + m·d, where m = k·R(yaw)ᵀ·N is the normal in the
// emitter's frame (scaled) and n0 = N·P - c.
type wallPlane struct {
	n0 float64
	m  Vec3
	g  float64 // m·acceleration: the same for every particle
}

// spawnCorners returns the corners of e's spawn support placed in the
// world: the eight of a box, or the point (eight times).
func spawnCorners(e *Emitter, p *Preset) [8]Vec3 {
	c, s := cosSinDegrees(e.Yaw)
	lo, hi := p.Spawn.Min, p.Spawn.Max
	if p.Spawn.Shape == SpawnPoint {
		hi = lo
	}
	var out [8]Vec3
	for i := range out {
		d := Vec3{[2]float64{lo.X, hi.X}[i&1], [2]float64{lo.Y, hi.Y}[i>>1&1], [2]float64{lo.Z, hi.Z}[i>>2]}
		out[i] = Vec3{e.Position.X + float64(e.Scale*(float64(c*d.X)-float64(s*d.Y))), e.Position.Y + float64(e.Scale*(float64(s*d.X)+float64(c*d.Y))), e.Position.Z + float64(e.Scale*d.Z)}
	}
	return out
}

// wallPlanes returns the planes of sector sec that emitter e, whose
// particles' centres stay within its bounds b if nothing stops them, can
// reach: those with a corner of b outside. A plane b lies wholly inside
// of can never be met.
func wallPlanes(e *Emitter, p *Preset, sec *Sector, b Box) []wallPlane {
	c, s := cosSinDegrees(e.Yaw)
	k := e.Scale
	var out []wallPlane
	add := func(nx, ny, nz, off float64) {
		// The largest N·x - c over the box's corners.
		reach := -off
		for _, v := range [3]struct{ n, lo, hi float64 }{{nx, b.Min.X, b.Max.X}, {ny, b.Min.Y, b.Max.Y}, {nz, b.Min.Z, b.Max.Z}} {
			reach += max(v.n*v.lo, v.n*v.hi)
		}
		if !(reach > 0) {
			return
		}
		pl := wallPlane{
			n0: float64(nx*e.Position.X) + float64(ny*e.Position.Y) + float64(nz*e.Position.Z) - off,
			// Rᵀ·N: the world normal turned back into the emitter's frame.
			m: Vec3{k * (float64(c*nx) + float64(s*ny)), k * (float64(-s*nx) + float64(c*ny)), k * nz},
		}
		pl.g = float64(pl.m.X*p.Acceleration.X) + float64(pl.m.Y*p.Acceleration.Y) + float64(pl.m.Z*p.Acceleration.Z)
		out = append(out, pl)
	}
	n := len(sec.Points)
	for i := range n {
		a, q := sec.Points[i], sec.Points[(i+1)%n]
		dx, dy := q.X-a.X, q.Y-a.Y
		l := math.Hypot(dx, dy)
		// The outward normal of a counter-clockwise polygon's edge.
		nx, ny := dy/l, -dx/l
		add(nx, ny, 0, float64(nx*a.X)+float64(ny*a.Y))
	}
	add(0, 0, -1, -sec.Floor)
	add(0, 0, 1, sec.Ceiling)
	return out
}

// impact returns the age at which a particle of spawn s and velocity v
// (emitter frame) first leaves the half-space of pl, and whether it does
// so before age end: the least a in [0, end) at which h(a) = n0 + m·(s +
// v·f(a) + acc·g(a)) crosses 0 upward, h > 0 being outside. It is 0 for a
// particle born outside. See docs/world.md, "Walls", for the method.
func impact(pl *wallPlane, drag float64, s, v Vec3, end float64) (float64, bool) {
	alpha := pl.n0 + float64(pl.m.X*s.X) + float64(pl.m.Y*s.Y) + float64(pl.m.Z*s.Z)
	beta := float64(pl.m.X*v.X) + float64(pl.m.Y*v.Y) + float64(pl.m.Z*v.Z)
	gamma := pl.g
	h := func(a float64) float64 {
		f, g, _ := emitter.DragFactors(drag, a)
		return alpha + float64(beta*f) + float64(gamma*g)
	}
	if alpha > 0 {
		return 0, true
	}
	// h'(a) = β e^{-ka} + γ f(a) is monotone (h'' = e^{-ka}(γ - kβ) keeps
	// one sign); it is zero at the turning point t, found as in
	// emitter.Travel. The crossing, if any, lies where h rises.
	lo, hi := 0.0, end
	t := turning(drag, beta, gamma)
	if curv := gamma - float64(drag*beta); curv <= 0 {
		// h rises while h' > 0, then falls: at most one crossing, on
		// [0, min(t, end)], and only if h' starts positive.
		if !(beta > 0) {
			return 0, false
		}
		hi = min(t, end)
	} else if beta < 0 {
		// h falls, then rises: the crossing is on [t, end].
		lo = min(t, end)
	}
	if !(h(hi) > 0) {
		return 0, false
	}
	if drag == 0 {
		return quadraticRoot(alpha, beta, gamma, lo, hi), true
	}
	return risingRoot(alpha, beta, gamma, drag, lo, hi), true
}

// turning is the age at which h' = β e^{-ka} + γ f(a) is zero (+Inf when
// it never is at a positive age): -β/γ without drag, log1p(-kβ/γ)/k with.
func turning(drag, beta, gamma float64) float64 {
	if gamma == 0 || beta == 0 {
		return math.Inf(1)
	}
	var t float64
	if drag == 0 {
		t = -beta / gamma
	} else {
		x := -drag * beta / gamma
		if !(x > -1) {
			return math.Inf(1)
		}
		t = math.Log1p(x) / drag
	}
	if !(t > 0) {
		return math.Inf(1)
	}
	return t
}

// quadraticRoot is the root in [lo, hi] of α + β a + γ a²/2, which rises
// through it there: the formula that does not cancel.
func quadraticRoot(alpha, beta, gamma, lo, hi float64) float64 {
	if gamma == 0 {
		return min(max(-alpha/beta, lo), hi)
	}
	disc := math.Max(float64(beta*beta)-float64(2*gamma*alpha), 0)
	q := -(beta + math.Copysign(math.Sqrt(disc), beta)) / 2
	r1, r2 := q/(gamma/2), alpha/q
	if q == 0 {
		r1, r2 = 0, 0
	}
	// The rising root is where h' = β + γ a > 0.
	r := r1
	if !(beta+float64(gamma*r1) > 0) || r1 < lo || r1 > hi {
		r = r2
	}
	return min(max(r, lo), hi)
}

// risingRoot is the root in [lo, hi] of h(a) = α + β f(a) + γ g(a), which
// rises through it from h(lo) <= 0 to h(hi) > 0 and is convex or concave
// there: Newton's method from hi, kept in the shrinking bracket (a step
// that would leave it halves the bracket instead), until a step moves the
// estimate by less than 2^-50 of it, at most 64 steps.
func risingRoot(alpha, beta, gamma, drag, lo, hi float64) float64 {
	x := hi
	for range 64 {
		f, g, decay := emitter.DragFactors(drag, x)
		y := alpha + float64(beta*f) + float64(gamma*g)
		if y > 0 {
			hi = x
		} else {
			lo = x
		}
		next := x - y/(float64(beta*decay)+float64(gamma*f)) // h'(x) = β e^{-kx} + γ f(x)
		if !(next > lo && next < hi) {
			next = lo + float64((hi-lo)/2)
		}
		if math.Abs(next-x) <= math.Abs(x)*0x1p-50 || next == lo || next == hi {
			return next
		}
		x = next
	}
	return x
}
