package world

import (
	"fmt"
	"math"
	"sync"

	"github.com/solarlune/resolv"
)

// collinearSine is the least sine of the turn at a sector's corner: below
// it the corner's point is collinear with its neighbours (a straight or
// folded-back corner), which a strictly convex polygon does not have. A
// relative test, so it means the same at any scale.
const collinearSine = 1e-9

// containEpsilon is the relative tolerance of sector containment on top
// of resolv's rule that touching the boundary counts as inside: a box is
// inside a sector when its XY rectangle shrunk by ε on each side is
// contained by the sector's polygon (resolv's IsContainedBy) and its Z
// range lies in [Floor - ε, Ceiling + ε], where ε is containEpsilon times
// the largest absolute coordinate of the sector and the box (at least 1).
// So a corner may stand out of a wall by less than about ε: the float64
// rounding of resolv's projections onto unit normals (a few ulps of the
// coordinates) never rejects a box that touches a wall exactly.
const containEpsilon = 1e-9

// shapeMu serializes this package's construction of resolv shapes: resolv
// numbers every new shape from a global counter without a lock, so
// building shapes on several goroutines at once is a data race. Code
// elsewhere in a program that builds resolv shapes concurrently with this
// package can still race inside resolv.
var shapeMu sync.Mutex

func newPolygon(xy ...float64) *resolv.ConvexPolygon {
	shapeMu.Lock()
	defer shapeMu.Unlock()
	return resolv.NewConvexPolygon(0, 0, xy)
}

// SectorShape is a sector whose geometry passed validation, with its
// resolv polygon built once. Build it at load time, not per frame: a
// containment test costs some tens of microseconds and allocations in
// resolv. Its methods may be called from several goroutines at once.
type SectorShape struct {
	points         []Vec2
	floor, ceiling float64
	polygon        *resolv.ConvexPolygon
	extent         float64 // largest absolute coordinate, for ε
}

// NewSectorShape checks the sector's geometry (at least 3 points, finite,
// counter-clockwise seen from +Z, strictly convex: no duplicate or
// collinear points, winding once; Floor < Ceiling) and builds its shape.
// Names and portals need the whole document: [Validate] checks them.
func NewSectorShape(s *Sector) (*SectorShape, error) {
	var k sink
	if s == nil {
		k.add("the sector is nil")
		return nil, k.err()
	}
	checkSectorGeometry(&k, s)
	if err := k.err(); err != nil {
		return nil, err
	}
	return newSectorShape(s), nil
}

func newSectorShape(s *Sector) *SectorShape {
	sh := &SectorShape{
		points:  append([]Vec2(nil), s.Points...),
		floor:   s.Floor,
		ceiling: s.Ceiling,
		extent:  max(math.Abs(s.Floor), math.Abs(s.Ceiling)),
	}
	xy := make([]float64, 0, 2*len(s.Points))
	for _, p := range s.Points {
		xy = append(xy, p.X, p.Y)
		sh.extent = max(sh.extent, math.Abs(p.X), math.Abs(p.Y))
	}
	sh.polygon = newPolygon(xy...)
	return sh
}

// Polygon returns a new resolv polygon of the sector's XY outline, at
// position (0, 0), for the caller to own (to add it to a resolv.Space for
// culling, say).
func (s *SectorShape) Polygon() *resolv.ConvexPolygon {
	xy := make([]float64, 0, 2*len(s.points))
	for _, p := range s.points {
		xy = append(xy, p.X, p.Y)
	}
	return newPolygon(xy...)
}

// epsilon is the containment tolerance for box b: see containEpsilon.
func (s *SectorShape) epsilon(b Box) float64 {
	m := max(1, s.extent, math.Abs(b.Min.X), math.Abs(b.Max.X), math.Abs(b.Min.Y), math.Abs(b.Max.Y),
		math.Abs(b.Min.Z), math.Abs(b.Max.Z))
	return float64(containEpsilon * m)
}

// shrink returns [lo+eps, hi-eps], or the midpoint when the range is
// narrower than 2 eps.
func shrink(lo, hi, eps float64) (float64, float64) {
	if hi-lo > 2*eps {
		return lo + eps, hi - eps
	}
	m := lo + float64((hi-lo)/2)
	return m, m
}

// Contains reports whether every corner of b lies in the sector: its XY
// rectangle inside the polygon (walls) and its Z range between Floor and
// Ceiling, touching included, with the tolerance ε of containEpsilon.
// The XY test is resolv's IsContainedBy.
func (s *SectorShape) Contains(b Box) bool {
	eps := s.epsilon(b)
	if !(b.Min.Z >= s.floor-eps && b.Max.Z <= s.ceiling+eps) {
		return false
	}
	x0, x1 := shrink(b.Min.X, b.Max.X, eps)
	y0, y1 := shrink(b.Min.Y, b.Max.Y, eps)
	return newPolygon(x0, y0, x1, y0, x1, y1, x0, y1).IsContainedBy(s.polygon)
}

// containsPoint reports whether c lies in the sector, with Contains'
// tolerance: within ε of every wall's inside and of the floor and ceiling.
func (s *SectorShape) containsPoint(c Vec3) bool {
	eps := s.epsilon(Box{c, c})
	if !(c.Z >= s.floor-eps && c.Z <= s.ceiling+eps) {
		return false
	}
	n := len(s.points)
	for i := range n {
		p, q := s.points[i], s.points[(i+1)%n]
		dx, dy := q.X-p.X, q.Y-p.Y
		// Outward distance, as in escapes.
		if d := (float64((c.X-p.X)*dy) - float64((c.Y-p.Y)*dx)) / math.Hypot(dx, dy); !(d <= eps) {
			return false
		}
	}
	return true
}

// escapes describes how b leaves the sector, one line per wall, floor or
// ceiling it crosses, with the farthest corner and its distance. It is
// the diagnosis after Contains has said no.
func (s *SectorShape) escapes(b Box) []string {
	var out []string
	eps := s.epsilon(b)
	if d := s.floor - b.Min.Z; d > eps {
		out = append(out, fmt.Sprintf("reaches z = %s, %s below the floor at %s", num(b.Min.Z), num(d), num(s.floor)))
	}
	if d := b.Max.Z - s.ceiling; d > eps {
		out = append(out, fmt.Sprintf("reaches z = %s, %s above the ceiling at %s", num(b.Max.Z), num(d), num(s.ceiling)))
	}
	n := len(s.points)
	corners := [4]Vec2{{b.Min.X, b.Min.Y}, {b.Max.X, b.Min.Y}, {b.Max.X, b.Max.Y}, {b.Min.X, b.Max.Y}}
	for i := range n {
		p, q := s.points[i], s.points[(i+1)%n]
		dx, dy := q.X-p.X, q.Y-p.Y
		l := math.Hypot(dx, dy)
		far, worst := -1, 0.0
		for j, c := range corners {
			// Outward distance: the wall's outward normal of a
			// counter-clockwise polygon is (dy, -dx)/l.
			if d := (float64((c.X-p.X)*dy) - float64((c.Y-p.Y)*dx)) / l; d > eps && d > worst {
				far, worst = j, d
			}
		}
		if far >= 0 {
			c := corners[far]
			out = append(out, fmt.Sprintf("corner (%s, %s) is %s outside wall %d, from points[%d] (%s, %s) to points[%d] (%s, %s)",
				num(c.X), num(c.Y), num(worst), i, i, num(p.X), num(p.Y), (i+1)%n, num(q.X), num(q.Y)))
		}
	}
	return out
}

// checkSectorGeometry reports the problems of a sector's outline, floor
// and ceiling under the sink's current path.
func checkSectorGeometry(k *sink, s *Sector) {
	n0 := len(k.list)
	n := len(s.Points)
	m := k.enter("points")
	if n < 3 || n > MaxSectorPoints {
		k.add("%d points; a sector has 3 to %d", n, MaxSectorPoints)
	}
	for i, p := range s.Points {
		if !finite(p.X) || !finite(p.Y) || math.Abs(p.X) > MaxMagnitude || math.Abs(p.Y) > MaxMagnitude {
			j := k.enterIndex(i)
			k.number("x", p.X, -MaxMagnitude, MaxMagnitude)
			k.number("y", p.Y, -MaxMagnitude, MaxMagnitude)
			k.leave(j)
		}
	}
	k.leave(m)
	pointsOK := n >= 3 && n <= MaxSectorPoints && len(k.list) == n0
	nz := len(k.list)
	k.number("floor", s.Floor, -MaxMagnitude, MaxMagnitude)
	k.number("ceiling", s.Ceiling, -MaxMagnitude, MaxMagnitude)
	if len(k.list) == nz && !(s.Floor < s.Ceiling) {
		k.addAt("ceiling", "%s is not above floor %s", num(s.Ceiling), num(s.Floor))
	}
	if !pointsOK {
		return
	}
	m = k.enter("points")
	defer k.leave(m)
	dup := false
	for i := range n {
		if j := (i + 1) % n; s.Points[i] == s.Points[j] {
			e := k.enterIndex(j)
			k.add("(%s, %s) repeats points[%d]; remove it", num(s.Points[j].X), num(s.Points[j].Y), i)
			k.leave(e)
			dup = true
		}
	}
	if dup {
		return
	}
	var clockwise []int
	flat := false
	winding := 0.0
	for i := range n {
		a, b, c := s.Points[(i+n-1)%n], s.Points[i], s.Points[(i+1)%n]
		ux, uy := b.X-a.X, b.Y-a.Y
		vx, vy := c.X-b.X, c.Y-b.Y
		cross, dot := float64(ux*vy)-float64(uy*vx), float64(ux*vx)+float64(uy*vy)
		switch {
		case math.Abs(cross) <= collinearSine*math.Hypot(ux, uy)*math.Hypot(vx, vy):
			e := k.enterIndex(i)
			k.add("(%s, %s) is collinear with its neighbours points[%d] and points[%d]; remove it",
				num(b.X), num(b.Y), (i+n-1)%n, (i+1)%n)
			k.leave(e)
			flat = true
		case cross < 0:
			clockwise = append(clockwise, i)
		}
		winding += math.Atan2(cross, dot)
	}
	switch {
	case flat:
	case len(clockwise) == n:
		k.add("are clockwise seen from above (+Z); list them counter-clockwise")
	case len(clockwise) > 0:
		k.add("do not make a convex polygon: the outline turns clockwise at points%v and counter-clockwise elsewhere", clockwise)
	case winding > 3*math.Pi:
		k.add("wind %d times around the inside; a convex outline winds once (these points cross over themselves)",
			int(math.Round(winding/(2*math.Pi))))
	}
}
