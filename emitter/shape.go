package emitter

import (
	"math"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// spawn samples the emission area for a particle with stream st on a host of
// w × h pixels. It returns the spawn offset in pixels from the host centre and
// the unit emission normal (before spread and host rotation).
//
// Sampling is done in pixels, so arc length and area are uniform on screen.
// The half-extents are EmissionSize/2 of the host: (1, 0.5) keeps
// |x| <= w/2 and |y| <= h/4.
//
// ShapeInOut's sign applies to every shape: Inward reverses the normal
// (a box's EmissionDirection too), and InAndOut flips a coin on its own
// channel so the choice survives rewinding.
func (s *Snapshot) spawn(st uint32, w, h float64) (ox, oy, nx, ny float64) {
	sp := &s.spec
	a, b := s.emissionHalfExtents(w, h)
	nx, ny = s.dirX, s.dirY
	if a > 0 || b > 0 {
		u := hash.Unit(st, channel.ShapeU)
		v := hash.Unit(st, channel.ShapeV)
		if sp.Shape == Box {
			ox, oy = boxPoint(sp.ShapeStyle, a, b, u, v)
		} else {
			ox, oy, nx, ny = s.ellipsePoint(a, b, u, v)
		}
	}
	switch sp.ShapeInOut {
	case Inward:
		nx, ny = -nx, -ny
	case InAndOut:
		if hash.Unit(st, channel.ShapeSign) < 0.5 {
			nx, ny = -nx, -ny
		}
	}
	return ox, oy, nx, ny
}

// emissionHalfExtents returns the emission area's half-extents in pixels
// on a host of w × h pixels.
func (s *Snapshot) emissionHalfExtents(w, h float64) (a, b float64) {
	return float64(s.spec.EmissionSize.X * 0.5 * w), float64(s.spec.EmissionSize.Y * 0.5 * h)
}

// sphereCentre is the angle a Sphere's arc is centred on: the emission
// direction on the ellipse of semi-axes a × b.
func (s *Snapshot) sphereCentre(a, b float64) float64 { return math.Atan2(s.dirY*b, s.dirX*a) }

// boxPoint samples a box of half-extents a × b. A box face emits through
// itself, so the normal stays the EmissionDirection.
func boxPoint(style ShapeStyle, a, b, u, v float64) (x, y float64) {
	if style == Volume {
		return float64(2*u-1) * a, float64(2*v-1) * b // exact if fused: 2u - 1 of a 32-bit roll
	}
	// Walk half the perimeter (one horizontal and one vertical edge) by arc
	// length, then let v < 0.5 mirror the point to the opposite edge: uniform
	// on an elongated box, where picking an edge first would crowd the short
	// sides (docs/closed-form.md, section 3).
	l := float64(u * (float64(2*a) + float64(2*b))) // exact if fused: products by 2
	if l < 2*a {
		x, y = l-a, -b
	} else {
		x, y = a, l-float64(2*a)-b
	}
	if v < 0.5 {
		x, y = -x, -y
	}
	return x, y
}

// ellipsePoint samples Sphere, Cylinder and Disc, which are all the ellipse
// of semi-axes a × b in 2D, with radius sqrt(v) for a uniform area (inverse
// transform sampling: P(rho <= r) = r²) or 1 on the Surface. The normal is
// the gradient (x/a², y/b²) of the ellipse, which matches the radius only on
// a circle. ShapePartial means, as in Roblox:
//   - Disc: the inner radius ratio, giving an annulus (1 is the bare rim);
//   - Sphere: the fraction of the full turn, an arc centred on the emission
//     direction (0.5 is a half-dome, 0 the single pole point);
//   - Cylinder: the radius ratio at its top, the end the emission direction
//     points to: the ellipse tapers linearly toward that end (0 is a
//     teardrop-like cone), with the normal of the tapered outline.
//
// On the Surface the angle is drawn by arc length of the rim on screen, the
// tapered one for a Cylinder (rimAngle); in the Volume uniform angles with
// the radius sqrt(v) are already uniform by area.
func (s *Snapshot) ellipsePoint(a, b, u, v float64) (x, y, nx, ny float64) {
	sp := &s.spec
	p := sp.ShapePartial
	theta := 2 * math.Pi * u
	rho := 1.0
	switch sp.Shape {
	case Disc:
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(float64(p*p) + float64(v*(1-float64(p*p))))
		}
	case Sphere:
		theta = s.sphereCentre(a, b) + float64(float64(2*u-1)*math.Pi*p)
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(v)
		}
	default:
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(v)
		}
	}
	if sp.ShapeStyle == Surface {
		half := math.Pi // the whole rim
		if sp.Shape == Sphere {
			half *= p
		}
		theta = s.rimAngle(a, b, half, u)
	}
	sin, cos := math.Sincos(theta)
	x, y = rho*a*cos, rho*b*sin
	nx, ny = s.dirX, s.dirY
	if a > 0 && b > 0 {
		gx, gy := x/(a*a), y/(b*b)
		if sp.Shape == Cylinder && p != 1 {
			return s.taper(x, y, gx, gy, a, b, p)
		}
		if l := math.Sqrt(float64(gx*gx) + float64(gy*gy)); l > 0 {
			nx, ny = gx/l, gy/l
		}
	}
	return x, y, nx, ny
}

// taper narrows the ellipse across the emission axis, linearly from 1 at the
// back to p at the front, and maps the gradient normal through the same
// change of coordinates (n' = J⁻ᵀ n).
func (s *Snapshot) taper(x, y, gx, gy, a, b, p float64) (tx, ty, nx, ny float64) {
	dx, dy := s.dirX, s.dirY // axis-aligned unit vector
	px, py := -dy, dx
	along, across := float64(x*dx)+float64(y*dy), float64(x*px)+float64(y*py)
	galong, gacross := float64(gx*dx)+float64(gy*dy), float64(gx*px)+float64(gy*py)
	ext := math.Abs(a*dx) + math.Abs(b*dy) // semi-axis along the emission axis
	t := (along/ext + 1) / 2
	sc := 1 + float64((p-1)*t)
	ds := (p - 1) / (2 * ext)
	across2 := across * sc
	tx, ty = float64(along*dx)+float64(across2*px), float64(along*dy)+float64(across2*py)
	if sc <= 1e-12 {
		return tx, ty, dx, dy
	}
	nal := galong - float64(gacross*across*ds/sc)
	nac := gacross / sc
	nx, ny = float64(nal*dx)+float64(nac*px), float64(nal*dy)+float64(nac*py)
	if l := math.Sqrt(float64(nx*nx) + float64(ny*ny)); l > 0 {
		nx, ny = nx/l, ny/l
	} else {
		nx, ny = dx, dy
	}
	return tx, ty, nx, ny
}

// rimSegments is how many arcs rimAngle cuts half a rim into.
const rimSegments = 16

// cos and sin of π/rimSegments, the turn between two nodes of rimAngle.
const rimCos, rimSin = 0.98078528040323044912618223613424, 0.19509032201612826784828486847702

// rimAngle draws the angle θ of a rim point (a cos θ, b sin θ) uniformly by
// arc length on screen over θc ± half, θc the emission direction on the
// ellipse (sphereCentre), from u in [0, 1). The rim (the Cylinder's
// tapered outline too) is symmetric about the emission axis, so half of
// it, θc + [0, π], is cut into 16 arcs of equal angle; the speed |dP/dθ|
// at their 17 ends, linear between them, gives the arc length as a
// piecewise quadratic of θ, which is inverted exactly. A fixed number of
// operations, written the same in shaders/src/effect.kage: deterministic,
// and on the GPU equal to within float32 rounding. The speed's error from
// being linear is second order: on a 3:1 rim the density is uniform within
// 0.1%.
func (s *Snapshot) rimAngle(a, b, half, u float64) float64 {
	front := s.sphereCentre(a, b)
	tapered := s.spec.Shape == Cylinder && s.spec.ShapePartial != 1 && a > 0 && b > 0
	var speed, arc [rimSegments + 1]float64
	sin, cos := math.Sincos(front)
	for k := range speed {
		speed[k] = s.rimSpeed(a, b, sin, cos, tapered)
		sin, cos = float64(sin*rimCos)+float64(cos*rimSin), float64(cos*rimCos)-float64(sin*rimSin)
	}
	for k := range rimSegments {
		arc[k+1] = arc[k] + float64((speed[k]+speed[k+1])/2)
	}
	// The arc length from θc to θc + half, then the target's signed share.
	x := float64(min(half/math.Pi, 1) * rimSegments)
	k := min(int(x), rimSegments-1)
	t := x - float64(k)
	total := arc[k] + float64(speed[k]*t) + float64((speed[k+1]-speed[k])*t*t/2)
	target := float64(2*u-1) * total
	m := math.Abs(target)
	k = 0
	for k < rimSegments-1 && arc[k+1] <= m {
		k++
	}
	// Solve speed[k]·t + (speed[k+1] - speed[k])·t²/2 = m - arc[k] for t in
	// [0, 1], in the form without cancellation.
	r := m - arc[k]
	t = 0
	if d := speed[k] + math.Sqrt(max(float64(speed[k]*speed[k])+float64(2*(speed[k+1]-speed[k])*r), 0)); d > 0 {
		t = min(max(2*r/d, 0), 1)
	}
	d := (float64(k) + t) * (math.Pi / rimSegments)
	if target < 0 {
		d = -d
	}
	return front + d
}

// rimSpeed is |dP/dθ| of the rim point at the angle whose sine and cosine
// are given: of (a cos θ, b sin θ), or of its taper (taper) for a tapered
// Cylinder.
func (s *Snapshot) rimSpeed(a, b, sin, cos float64, tapered bool) float64 {
	dx, dy := -a*sin, b*cos
	if !tapered {
		return math.Sqrt(float64(dx*dx) + float64(dy*dy))
	}
	x, y := a*cos, b*sin
	ax, ay := s.dirX, s.dirY
	px, py := -ay, ax
	along, across := float64(x*ax)+float64(y*ay), float64(x*px)+float64(y*py)
	dalong, dacross := float64(dx*ax)+float64(dy*ay), float64(dx*px)+float64(dy*py)
	ext := math.Abs(a*ax) + math.Abs(b*ay)
	p := s.spec.ShapePartial
	sc := 1 + float64((p-1)*(along/ext+1)/2)
	w := float64(dacross*sc) + float64(across*(p-1)/(2*ext)*dalong)
	return math.Sqrt(float64(dalong*dalong) + float64(w*w))
}
