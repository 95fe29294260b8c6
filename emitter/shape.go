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
	return s.spec.EmissionSize.X * 0.5 * w, s.spec.EmissionSize.Y * 0.5 * h
}

// sphereCentre is the angle a Sphere's arc is centred on: the emission
// direction on the ellipse of semi-axes a × b.
func (s *Snapshot) sphereCentre(a, b float64) float64 { return math.Atan2(s.dirY*b, s.dirX*a) }

// boxPoint samples a box of half-extents a × b. A box face emits through
// itself, so the normal stays the EmissionDirection.
func boxPoint(style ShapeStyle, a, b, u, v float64) (x, y float64) {
	if style == Volume {
		return (2*u - 1) * a, (2*v - 1) * b
	}
	// Walk half the perimeter (one horizontal and one vertical edge) by arc
	// length, then let v < 0.5 mirror the point to the opposite edge: uniform
	// on an elongated box, where picking an edge first would crowd the short
	// sides (docs/closed-form.md, section 3).
	l := u * (2*a + 2*b)
	if l < 2*a {
		x, y = l-a, -b
	} else {
		x, y = a, l-2*a-b
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
func (s *Snapshot) ellipsePoint(a, b, u, v float64) (x, y, nx, ny float64) {
	sp := &s.spec
	p := sp.ShapePartial
	theta := 2 * math.Pi * u
	rho := 1.0
	switch sp.Shape {
	case Disc:
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(p*p + v*(1-p*p))
		}
	case Sphere:
		theta = s.sphereCentre(a, b) + (2*u-1)*math.Pi*p
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(v)
		}
	default:
		if sp.ShapeStyle == Volume {
			rho = math.Sqrt(v)
		}
	}
	sin, cos := math.Sincos(theta)
	x, y = rho*a*cos, rho*b*sin
	nx, ny = s.dirX, s.dirY
	if a > 0 && b > 0 {
		gx, gy := x/(a*a), y/(b*b)
		if sp.Shape == Cylinder && p != 1 {
			return s.taper(x, y, gx, gy, a, b, p)
		}
		if l := math.Sqrt(gx*gx + gy*gy); l > 0 {
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
	along, across := x*dx+y*dy, x*px+y*py
	galong, gacross := gx*dx+gy*dy, gx*px+gy*py
	ext := math.Abs(a*dx) + math.Abs(b*dy) // semi-axis along the emission axis
	t := (along/ext + 1) / 2
	sc := 1 + (p-1)*t
	ds := (p - 1) / (2 * ext)
	across2 := across * sc
	tx, ty = along*dx+across2*px, along*dy+across2*py
	if sc <= 1e-12 {
		return tx, ty, dx, dy
	}
	nal := galong - gacross*across*ds/sc
	nac := gacross / sc
	nx, ny = nal*dx+nac*px, nal*dy+nac*py
	if l := math.Sqrt(nx*nx + ny*ny); l > 0 {
		nx, ny = nx/l, ny/l
	} else {
		nx, ny = dx, dy
	}
	return tx, ty, nx, ny
}
