package emitter

import "math"

// Rect is an axis-aligned rectangle in pixels.
type Rect struct{ MinX, MinY, MaxX, MaxY float64 }

// Empty reports whether r holds no point.
func (r Rect) Empty() bool { return !(r.MinX <= r.MaxX && r.MinY <= r.MaxY) }

// Overlaps reports whether r and o share a point.
func (r Rect) Overlaps(o Rect) bool {
	return !r.Empty() && !o.Empty() && r.MinX <= o.MaxX && o.MinX <= r.MaxX && r.MinY <= o.MaxY && o.MinY <= r.MaxY
}

// Translate returns r moved by (dx, dy).
func (r Rect) Translate(dx, dy float64) Rect {
	return Rect{r.MinX + dx, r.MinY + dy, r.MaxX + dx, r.MaxY + dy}
}

func (r Rect) union(o Rect) Rect {
	return Rect{min(r.MinX, o.MinX), min(r.MinY, o.MinY), max(r.MaxX, o.MaxX), max(r.MaxY, o.MaxY)}
}

// Bounds returns conservative bounds of every quad the effect can show at
// its clock, in the frame of [Particle] positions (pixels from the host's
// centre now), glow layers included. It is computed from the spec alone:
// every lifetime, spawn and speed extreme, the extremum of each trajectory
// under drag and acceleration, the largest size and squash, and, for a
// moving host, its recorded placements and velocities over the live window.
// Evaluated particles never leave it.
func (e *Effect) Bounds() Rect {
	// Without a track, the bounds depend on the snapshot and the host size
	// only: compute them once.
	if e.track.Len() == 0 {
		if !e.boundsValid {
			e.bounds, e.boundsValid = e.computeBounds(), true
		}
		return e.bounds
	}
	return e.computeBounds()
}

func (e *Effect) computeBounds() Rect {
	s := e.snap
	sp := &s.spec
	hs := e.hostScale()
	move, a, b := hs.Move, hs.HalfW, hs.HalfH
	radius := float64(s.maxRadius() * hs.PixelsPerStud * sp.SizeScale * sp.Scale)
	c := e.clock.Seconds()

	unlocked := !sp.LockedToPart && e.track.Len() > 0
	turns := false // a host rotation the box must survive
	var hostBox Rect
	var hvx, hvy [2]float64 // inherited velocity range, studs/s
	if e.track.Len() > 0 {
		_, _, rotNow := e.track.At(c)
		turns = rotNow != 0
		if unlocked {
			hostBox, turns = e.track.window(c-s.lifeMax, c)
			hx, hy, _ := e.track.At(c)
			hostBox = hostBox.Translate(-hx, -hy)
			if sp.VelocityInheritance != 0 && move != 0 {
				lo, hi := e.track.velocityRange(c-s.lifeMax, c)
				k := sp.VelocityInheritance / move
				hvx = [2]float64{min(lo[0]*k, hi[0]*k), max(lo[0]*k, hi[0]*k)}
				hvy = [2]float64{min(lo[1]*k, hi[1]*k), max(lo[1]*k, hi[1]*k)}
			}
		}
	}

	// Directions a particle can leave in: x and y extents of unit vectors.
	dx, dy := s.directionExtents(a > 0 && b > 0, turns && unlocked)
	smin, smax := sp.Speed.Min, sp.Speed.Max
	vx := [2]float64{min(smin*dx[0], smin*dx[1], smax*dx[0], smax*dx[1]) + hvx[0],
		max(smin*dx[0], smin*dx[1], smax*dx[0], smax*dx[1]) + hvx[1]}
	vy := [2]float64{min(smin*dy[0], smin*dy[1], smax*dy[0], smax*dy[1]) + hvy[0],
		max(smin*dy[0], smin*dy[1], smax*dy[0], smax*dy[1]) + hvy[1]}
	xlo, _ := s.travel(vx[0], s.accX)
	_, xhi := s.travel(vx[1], s.accX)
	ylo, _ := s.travel(vy[0], s.accY)
	_, yhi := s.travel(vy[1], s.accY)
	local := Rect{-a + float64(xlo*move) - radius, -b + float64(ylo*move) - radius, a + float64(xhi*move) + radius, b + float64(yhi*move) + radius}
	if turns {
		// Any rotation: the circle around the host's centre through the
		// farthest corner covers the box turned by any angle.
		r := math.Sqrt(max(local.MinX*local.MinX, local.MaxX*local.MaxX) + max(local.MinY*local.MinY, local.MaxY*local.MaxY))
		local = Rect{-r, -r, r, r}
	}
	if unlocked {
		local = Rect{local.MinX + hostBox.MinX, local.MinY + hostBox.MinY, local.MaxX + hostBox.MaxX, local.MaxY + hostBox.MaxY}
	}
	// Margin for rounding and the Horner series' truncation.
	m := 0.5 + float64(1e-6*max(math.Abs(local.MinX), math.Abs(local.MaxX), math.Abs(local.MinY), math.Abs(local.MaxY)))
	return Rect{local.MinX - m, local.MinY - m, local.MaxX + m, local.MaxY + m}
}

// MaxHalfDiagonal returns the largest half-diagonal of a particle's core
// quad in studs, squash included: the largest Size with its envelope,
// stretched by the largest Squash. Curves are piecewise linear, so their
// extremes lie on keypoints. Multiply by pixels per stud, SizeScale and
// Scale for pixels.
func (s *Snapshot) MaxHalfDiagonal() float64 {
	sp := &s.spec
	size := 0.0
	for _, k := range sp.Size {
		size = max(size, k.Value+k.Envelope)
	}
	q := 0.0
	for _, k := range sp.Squash {
		q = max(q, math.Abs(k.Value)+k.Envelope)
	}
	l := 1 + q
	return size / 2 * math.Sqrt(float64(l*l)+1/(l*l))
}

// maxRadius is MaxHalfDiagonal grown by the outermost glow layer, if any.
func (s *Snapshot) maxRadius() float64 {
	half := s.MaxHalfDiagonal()
	if n := s.Layers(); n > 1 {
		g, _ := Glow(n-1, 0, s.spec.LightEmission)
		half *= g
	}
	return half
}

// directionExtents returns the x and y ranges of the unit directions a
// particle can be launched in: the emission normal (every direction for an
// ellipse with area, or under a turning host), its sign flips, and the spread
// cone around it.
func (s *Snapshot) directionExtents(ellipse, anyTurn bool) (dx, dy [2]float64) {
	sp := &s.spec
	if anyTurn || (ellipse && sp.Shape != Box) || s.spread >= math.Pi {
		return [2]float64{-1, 1}, [2]float64{-1, 1}
	}
	dx = [2]float64{math.Inf(1), math.Inf(-1)}
	dy = dx
	phi := math.Atan2(s.dirY, s.dirX)
	add := func(phi float64) {
		x0, x1, y0, y1 := arcExtents(phi, s.spread)
		dx = [2]float64{min(dx[0], x0), max(dx[1], x1)}
		dy = [2]float64{min(dy[0], y0), max(dy[1], y1)}
	}
	if sp.ShapeInOut != Inward {
		add(phi)
	}
	if sp.ShapeInOut != Outward {
		add(phi + math.Pi)
	}
	return dx, dy
}

// arcExtents returns the cos and sin ranges over angles [phi-half, phi+half].
func arcExtents(phi, half float64) (x0, x1, y0, y1 float64) {
	lo, hi := phi-half, phi+half
	x0, x1 = min(math.Cos(lo), math.Cos(hi)), max(math.Cos(lo), math.Cos(hi))
	y0, y1 = min(math.Sin(lo), math.Sin(hi)), max(math.Sin(lo), math.Sin(hi))
	// Include the axis directions the arc sweeps over.
	for k := math.Ceil(lo / (math.Pi / 2)); k*math.Pi/2 <= hi; k++ {
		switch int(math.Mod(math.Mod(k, 4)+4, 4)) {
		case 0:
			x1 = 1
		case 1:
			y1 = 1
		case 2:
			x0 = -1
		case 3:
			y0 = -1
		}
	}
	return x0, x1, y0, y1
}

// travel returns the least and greatest displacement, in studs, of a
// trajectory over ages [0, Lifetime.Max]: see [Travel].
func (s *Snapshot) travel(v, acc float64) (lo, hi float64) {
	return Travel(s.spec.Drag, v, acc, s.lifeMax)
}

// window returns the bounding box of the host's positions over clocks
// [from, to] and whether it turned (a non-zero rotation) in that span: the
// placements at both ends and every sample strictly between.
func (t *Track) window(from, to float64) (box Rect, turns bool) {
	x, y, r := t.At(from)
	box = Rect{x, y, x, y}
	turns = r != 0
	x, y, r = t.At(to)
	box = box.union(Rect{x, y, x, y})
	turns = turns || r != 0
	if lo, hi := t.after(from), t.atOrAfter(to)-1; lo <= hi {
		sp := t.span(lo, hi)
		box, turns = box.union(sp.box), turns || sp.turns
	}
	return box, turns
}

// velocityRange returns the least and greatest host velocity components
// (pixels per second) over clocks [from, to], 0 included: those of the
// segments that end at or after from and start at or before to.
func (t *Track) velocityRange(from, to float64) (lo, hi [2]float64) {
	if first, last := max(t.atOrAfter(from), 1), min(t.after(to), len(t.samples)-1); first <= last {
		if sp := t.span(first, last); sp.moves {
			lo = [2]float64{min(0, sp.vlo[0]), min(0, sp.vlo[1])}
			hi = [2]float64{max(0, sp.vhi[0]), max(0, sp.vhi[1])}
		}
	}
	return lo, hi
}
