package emitter

// Tests of where particles are born and which way they leave
// (docs/closed-form.md, section 3): the emission shapes through Snapshot.spawn, and the spread
// cone through an Effect.

import (
	"math"
	"testing"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// coreSnapshot compiles DefaultSpec after edit.
func coreSnapshot(t testing.TB, edit func(*Spec)) *Snapshot {
	t.Helper()
	sp := DefaultSpec()
	if edit != nil {
		edit(&sp)
	}
	s, err := NewSnapshot(&sp)
	if err != nil {
		t.Fatalf("NewSnapshot: %v", err)
	}
	return s
}

// shapeSample is one spawn: offset (x, y) and normal (nx, ny).
type shapeSample struct {
	st           uint32
	x, y, nx, ny float64
}

// shapeSpawn samples n spawns of s on a w × h host with seed 1.
func shapeSpawn(s *Snapshot, n int, w, h float64) []shapeSample {
	out := make([]shapeSample, n)
	for i := range out {
		st := hash.Stream(1, uint32(2*i))
		x, y, nx, ny := s.spawn(st, w, h)
		out[i] = shapeSample{st, x, y, nx, ny}
	}
	return out
}

// shapeSE is 5 binomial standard errors of a fraction p over n samples.
func shapeSE(p float64, n int) float64 { return 5 * math.Sqrt(p*(1-p)/float64(n)) }

const shapeN = 100000

// TestShapePointEmitter: with EmissionSize 0 every shape is a point at the
// host centre and the normal is the EmissionDirection (Top is (0, -1) on
// screen, +Y down; Front and Back fall back to Top).
func TestShapePointEmitter(t *testing.T) {
	dirs := []struct {
		name   string
		dir    NormalID
		nx, ny float64
	}{{"dir Top, nx 0, ny -1", Top, 0, -1}, {"dir Bottom, nx 0, ny 1", Bottom, 0, 1}, {"dir Left, nx -1, ny 0", Left, -1, 0}, {"dir Right, nx 1, ny 0", Right, 1, 0}, {"dir Front, nx 0, ny -1", Front, 0, -1}, {"dir Back, nx 0, ny -1", Back, 0, -1}}
	for _, shape := range []Shape{Box, Sphere, Cylinder, Disc} {
		for _, d := range dirs {
			t.Run(d.name, func(t *testing.T) {
				s := coreSnapshot(t, func(sp *Spec) { sp.Shape, sp.EmissionDirection = shape, d.dir })
				for _, p := range shapeSpawn(s, 100, 200, 100) {
					if p.x != 0 || p.y != 0 || p.nx != d.nx || p.ny != d.ny {
						t.Fatalf("%v %v: spawn = (%v, %v) normal (%v, %v); want (0, 0) normal (%v, %v)", shape, d.dir, p.x, p.y, p.nx, p.ny, d.nx, d.ny)
					}
				}
			})
		}
	}
}

// TestShapeBoxVolume: uniform in |x| <= a, |y| <= b with a = EmissionSize.X/2
// × W. The issue's example, EmissionSize (1, 0.5) on 200 × 100, keeps
// |x| <= 0.5 W = 100 and |y| <= 0.25 H = 25. A box emits through its face, so
// the normal is the EmissionDirection.
func TestShapeBoxVolume(t *testing.T) {
	for _, c := range []struct {
		name               string
		ex, ey, w, h, a, b float64
	}{
		{"ex 1, ey 0.5, w 200", 1, 0.5, 200, 100, 100, 25},
		{"ex 0.5, ey 2, w 300", 0.5, 2, 300, 50, 75, 50},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) { sp.EmissionSize = Vector2{c.ex, c.ey} })
			ps := shapeSpawn(s, shapeN, c.w, c.h)
			var maxX, maxY float64
			innerX := 0
			for _, p := range ps {
				if math.Abs(p.x) > c.a || math.Abs(p.y) > c.b {
					t.Fatalf("EmissionSize (%v, %v) host %vx%v: point (%v, %v) outside |x| <= %v, |y| <= %v", c.ex, c.ey, c.w, c.h, p.x, p.y, c.a, c.b)
				}
				if p.nx != 0 || p.ny != -1 {
					t.Fatalf("box normal (%v, %v), want the EmissionDirection (0, -1)", p.nx, p.ny)
				}
				maxX, maxY = math.Max(maxX, math.Abs(p.x)), math.Max(maxY, math.Abs(p.y))
				if math.Abs(p.x) < c.a/2 {
					innerX++
				}
				// the formula: ((2u-1) a, (2v-1) b)
				wx := (2*hash.Unit(p.st, channel.ShapeU) - 1) * c.a
				wy := (2*hash.Unit(p.st, channel.ShapeV) - 1) * c.b
				if !coreWithin(p.x, wx, 1e-12*c.a) || !coreWithin(p.y, wy, 1e-12*c.b) {
					t.Fatalf("box point (%v, %v), want ((2u-1)a, (2v-1)b) = (%v, %v)", p.x, p.y, wx, wy)
				}
			}
			if maxX < 0.999*c.a || maxY < 0.999*c.b {
				t.Errorf("box fills |x| <= %v, |y| <= %v only up to %v, %v", c.a, c.b, maxX, maxY)
			}
			if f := float64(innerX) / shapeN; !coreWithin(f, 0.5, shapeSE(0.5, shapeN)) {
				t.Errorf("fraction with |x| < a/2 = %.4f, want 0.5 (uniform)", f)
			}
		})
	}
}

// TestShapeBoxSurface: points lie on the perimeter and are uniform by arc
// length, so on a 400 × 100 box the long edges get 2a/(2a+2b) = 0.8 of
// them, not the 0.5 of picking an edge first (docs/closed-form.md, section 3).
func TestShapeBoxSurface(t *testing.T) {
	const w, h = 400.0, 100.0
	for _, c := range []struct {
		name         string
		ex, ey, a, b float64
	}{
		{"long edges horizontal", 1, 1, 200, 50},  // long edges horizontal
		{"long edges vertical", 0.25, 2, 50, 100}, // long edges vertical
	} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) { sp.EmissionSize, sp.ShapeStyle = Vector2{c.ex, c.ey}, Surface })
			ps := shapeSpawn(s, shapeN, w, h)
			horiz, top, left, firstHalf := 0, 0, 0, 0
			const eps = 1e-9
			for _, p := range ps {
				onH := coreWithin(math.Abs(p.y), c.b, eps) && math.Abs(p.x) <= c.a+eps
				onV := coreWithin(math.Abs(p.x), c.a, eps) && math.Abs(p.y) <= c.b+eps
				if !onH && !onV {
					t.Fatalf("box surface point (%v, %v) not on the perimeter of %v × %v", p.x, p.y, 2*c.a, 2*c.b)
				}
				if p.nx != 0 || p.ny != -1 {
					t.Fatalf("box surface normal (%v, %v), want (0, -1)", p.nx, p.ny)
				}
				if onH {
					horiz++
					if p.y < 0 {
						top++
					}
					if p.x < 0 {
						firstHalf++
					}
				} else if p.x < 0 {
					left++
				}
			}
			wantH := 2 * c.a / (2*c.a + 2*c.b)
			if f := float64(horiz) / shapeN; !coreWithin(f, wantH, shapeSE(wantH, shapeN)) {
				t.Errorf("a=%v b=%v: fraction on the horizontal edges %.4f, want 2a/(2a+2b) = %.4f", c.a, c.b, f, wantH)
			}
			if f := float64(top) / float64(horiz); !coreWithin(f, 0.5, shapeSE(0.5, horiz)) {
				t.Errorf("top vs bottom edge %.4f, want 0.5", f)
			}
			if f := float64(firstHalf) / float64(horiz); !coreWithin(f, 0.5, shapeSE(0.5, horiz)) {
				t.Errorf("horizontal edge points with x < 0: %.4f, want 0.5 (uniform along the edge)", f)
			}
			vert := shapeN - horiz
			if f := float64(left) / float64(vert); !coreWithin(f, 0.5, shapeSE(0.5, vert)) {
				t.Errorf("left vs right edge %.4f, want 0.5", f)
			}
		})
	}
}

// ellipseR is the normalized radius sqrt(x²/a² + y²/b²).
func ellipseR(x, y, a, b float64) float64 { return math.Sqrt(x*x/(a*a) + y*y/(b*b)) }

// TestShapeEllipseVolume: Sphere, Cylinder (p = 1) and Disc (p = 0) fill
// the ellipse uniformly by area: P(r < R) = R², so a quarter of the points
// have r < 0.5 and 81% r < 0.9 (with r = v instead of sqrt(v), half of them
// would be within 0.5).
func TestShapeEllipseVolume(t *testing.T) {
	const w, h = 200.0, 100.0
	const a, b = 100.0, 25.0 // EmissionSize (1, 0.5): |x| <= 0.5 W, |y| <= 0.25 H
	for _, c := range []struct {
		name    string
		shape   Shape
		partial float64
	}{{"shape Sphere, partial 1", Sphere, 1}, {"shape Cylinder, partial 1", Cylinder, 1}, {"shape Disc, partial 0", Disc, 0}} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) {
				sp.Shape, sp.ShapePartial, sp.EmissionSize = c.shape, c.partial, Vector2{1, 0.5}
			})
			ps := shapeSpawn(s, shapeN, w, h)
			var in05, in09, right int
			for _, p := range ps {
				r := ellipseR(p.x, p.y, a, b)
				if r > 1+1e-12 || math.Abs(p.x) > a || math.Abs(p.y) > b {
					t.Fatalf("%v: point (%v, %v) outside the ellipse (r = %v)", c.shape, p.x, p.y, r)
				}
				if r < 0.5 {
					in05++
				}
				if r < 0.9 {
					in09++
				}
				if p.x > 0 {
					right++
				}
			}
			for _, q := range []struct {
				name string
				n    int
				want float64
			}{{"n in05, want 0.25", in05, 0.25}, {"n in09, want 0.81", in09, 0.81}, {"n right, want 0.5", right, 0.5}} {
				t.Run(q.name, func(t *testing.T) {
					if f := float64(q.n) / shapeN; !coreWithin(f, q.want, shapeSE(q.want, shapeN)) {
						t.Errorf("%v: fraction %.4f, want %.2f ± %.4f", c.shape, f, q.want, shapeSE(q.want, shapeN))
					}
				})
			}
		})
	}
}

// TestShapeEllipseSurfaceAndNormal: on Surface every point is on the rim,
// x²/a² + y²/b² = 1, and the normal is the normalized gradient
// (x/a², y/b²). On a wide ellipse that differs from the radius by up to
// atan(a/b) - atan(b/a) = 61.9° (a = 4b below); on a circle the two agree.
func TestShapeEllipseSurfaceAndNormal(t *testing.T) {
	for _, c := range []struct {
		name    string
		shape   Shape
		partial float64
		w, h    float64
	}{
		{"shape Sphere, partial 1, w 400", Sphere, 1, 400, 50}, {"shape Cylinder, partial 1, w 400", Cylinder, 1, 400, 50}, {"shape Disc, partial 1, w 400", Disc, 1, 400, 50}, {"shape Disc, partial 0.3, w 400", Disc, 0.3, 400, 50},
		{"shape Sphere, partial 1, w 100", Sphere, 1, 100, 100},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) {
				sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = c.shape, c.partial, Surface, Vector2{1, 1}
			})
			a, b := c.w/2, c.h/2
			maxDiff := 0.0
			for _, p := range shapeSpawn(s, 20000, c.w, c.h) {
				if r := ellipseR(p.x, p.y, a, b); !coreWithin(r, 1, 1e-12) {
					t.Fatalf("%v %vx%v: surface point (%v, %v) has r = %.17g, want 1", c.shape, c.w, c.h, p.x, p.y, r)
				}
				gx, gy := p.x/(a*a), p.y/(b*b)
				l := math.Hypot(gx, gy)
				if !coreWithin(p.nx, gx/l, 1e-12) || !coreWithin(p.ny, gy/l, 1e-12) {
					t.Fatalf("%v: normal (%v, %v) at (%v, %v), want the gradient (%v, %v)", c.shape, p.nx, p.ny, p.x, p.y, gx/l, gy/l)
				}
				ang := math.Atan2(p.nx*p.y-p.ny*p.x, p.nx*p.x+p.ny*p.y)
				maxDiff = math.Max(maxDiff, math.Abs(ang)*180/math.Pi)
			}
			if a == b {
				if maxDiff > 1e-9 {
					t.Errorf("circle: normal and radius differ by %.3g°, want equal", maxDiff)
				}
			} else if maxDiff < 60 {
				// the largest angle between (cos θ/a, sin θ/b) and (a cos θ, b sin θ)
				// is atan(a/b) - atan(b/a) = 61.9° for a = 4b
				t.Errorf("%v a=%v b=%v: normal and radius differ by at most %.1f°, want about 61.9° (the gradient, not the radius)", c.shape, a, b, maxDiff)
			}
		})
	}
}

// TestShapeInward: Inward flips the normal of every shape and leaves the
// spawn point alone (a box's EmissionDirection too).
func TestShapeInward(t *testing.T) {
	for _, shape := range []Shape{Box, Sphere, Cylinder, Disc} {
		edit := func(io ShapeInOut) func(*Spec) {
			return func(sp *Spec) {
				sp.Shape, sp.ShapeStyle, sp.ShapePartial, sp.ShapeInOut = shape, Surface, 0.5, io
				sp.EmissionSize = Vector2{1, 0.5}
			}
		}
		out := shapeSpawn(coreSnapshot(t, edit(Outward)), 2000, 200, 100)
		in := shapeSpawn(coreSnapshot(t, edit(Inward)), 2000, 200, 100)
		for i := range out {
			o, n := out[i], in[i]
			if n.x != o.x || n.y != o.y || n.nx != -o.nx || n.ny != -o.ny {
				t.Fatalf("%v: Inward spawn (%v, %v) normal (%v, %v); Outward (%v, %v) normal (%v, %v)", shape, n.x, n.y, n.nx, n.ny, o.x, o.y, o.nx, o.ny)
			}
		}
	}
	// the point emitter too
	s := coreSnapshot(t, func(sp *Spec) { sp.ShapeInOut = Inward })
	if _, _, nx, ny := s.spawn(hash.Stream(0, 0), 200, 100); nx != 0 || ny != 1 {
		t.Errorf("Inward point emitter, Top: normal (%v, %v), want (0, 1)", nx, ny)
	}
}

// TestShapeInAndOut: the normal is ± the outward one, flipped exactly when
// the ShapeSign roll is below 1/2, so about half of each.
func TestShapeInAndOut(t *testing.T) {
	edit := func(io ShapeInOut) func(*Spec) {
		return func(sp *Spec) { sp.Shape, sp.ShapeInOut, sp.EmissionSize = Sphere, io, Vector2{1, 1} }
	}
	out := shapeSpawn(coreSnapshot(t, edit(Outward)), shapeN, 200, 100)
	both := shapeSpawn(coreSnapshot(t, edit(InAndOut)), shapeN, 200, 100)
	flipped := 0
	for i := range out {
		o, p := out[i], both[i]
		flip := hash.Unit(p.st, channel.ShapeSign) < 0.5
		if flip {
			flipped++
		}
		sign := 1.0
		if flip {
			sign = -1
		}
		if p.x != o.x || p.y != o.y || p.nx != sign*o.nx || p.ny != sign*o.ny {
			t.Fatalf("InAndOut: normal (%v, %v), outward (%v, %v), flip %v", p.nx, p.ny, o.nx, o.ny, flip)
		}
	}
	if f := float64(flipped) / shapeN; !coreWithin(f, 0.5, shapeSE(0.5, shapeN)) {
		t.Errorf("InAndOut: %.4f inward, want 0.5", f)
	}
}

// TestShapeDiscPartial: a Disc's ShapePartial p is its inner radius ratio:
// Volume fills the annulus p <= r <= 1 uniformly by area, so
// P(r < R) = (R² - p²)/(1 - p²) and the median radius is sqrt((1+p²)/2).
func TestShapeDiscPartial(t *testing.T) {
	const w, h = 300.0, 100.0
	a, b := w/2, h/2
	for _, p := range []float64{0, 0.25, 0.5, 0.9, 1} {
		s := coreSnapshot(t, func(sp *Spec) { sp.Shape, sp.ShapePartial, sp.EmissionSize = Disc, p, Vector2{1, 1} })
		median := math.Sqrt((1 + p*p) / 2)
		minR, below := 2.0, 0
		for _, q := range shapeSpawn(s, shapeN, w, h) {
			r := ellipseR(q.x, q.y, a, b)
			if r < p-1e-12 || r > 1+1e-12 {
				t.Fatalf("Disc partial %v: radius %v outside [%v, 1]", p, r, p)
			}
			minR = math.Min(minR, r)
			if r < median {
				below++
			}
		}
		if minR > p+0.01 {
			t.Errorf("Disc partial %v: smallest radius %v, want close to %v", p, minR, p)
		}
		if p < 1 {
			if f := float64(below) / shapeN; !coreWithin(f, 0.5, shapeSE(0.5, shapeN)) {
				t.Errorf("Disc partial %v: fraction below the median radius %.4f = %.4f, want 0.5", p, median, f)
			}
		}
	}
}

// TestShapeSpherePartial: a Sphere's ShapePartial is the fraction of the
// turn: an arc centred on the emission direction, of the ellipse's
// parametric angle, sampled by arc length on the Surface (uniform angles
// with the area's radius in the Volume). 0.5 is the half facing the
// direction, 0 the pole point.
func TestShapeSpherePartial(t *testing.T) {
	const w, h = 200.0, 100.0
	a, b := w/2, h/2
	for _, c := range []struct {
		name  string
		dir   NormalID
		cx    float64 // parametric centre angle, radians
		style ShapeStyle
	}{
		{"dir Top, cx -math.Pi / 2, style Surface", Top, -math.Pi / 2, Surface}, {"dir Right, cx 0, style Surface", Right, 0, Surface}, {"dir Bottom, cx math.Pi / 2, style Volume", Bottom, math.Pi / 2, Volume}, {"dir Left, cx math.Pi, style Surface", Left, math.Pi, Surface},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []float64{0.5, 0.25} {
				s := coreSnapshot(t, func(sp *Spec) {
					sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize, sp.EmissionDirection = Sphere, p, c.style, Vector2{1, 1}, c.dir
				})
				half := p * math.Pi // half-width of the arc
				var inner, pos, maxOff int
				ps := shapeSpawn(s, 50000, w, h)
				for _, q := range ps {
					// parametric angle from the centre
					th := math.Atan2(q.y/b, q.x/a)
					d := math.Remainder(th-c.cx, 2*math.Pi)
					if math.Abs(d) > half+1e-9 {
						t.Fatalf("Sphere partial %v %v: point (%v, %v) at %.2f° from the centre, want within %.1f°", p, c.dir, q.x, q.y, d*180/math.Pi, half*180/math.Pi)
					}
					if math.Abs(d) < half/2 {
						inner++
					}
					if d > 0 {
						pos++
					}
					if math.Abs(d) > 0.99*half {
						maxOff++
					}
				}
				n := len(ps)
				want := 0.5 // of the angle, in the Volume
				if c.style == Surface {
					want = rimLength(a, b, c.cx-half/2, c.cx+half/2) / rimLength(a, b, c.cx-half, c.cx+half)
				}
				if f := float64(inner) / float64(n); !coreWithin(f, want, shapeSE(want, n)) {
					t.Errorf("Sphere partial %v %v: %.4f within half the arc, want %.4f", p, c.dir, f, want)
				}
				if f := float64(pos) / float64(n); !coreWithin(f, 0.5, shapeSE(0.5, n)) {
					t.Errorf("Sphere partial %v %v: %.4f on one side, want 0.5 (centred)", p, c.dir, f)
				}
				if maxOff == 0 {
					t.Errorf("Sphere partial %v %v: arc ends never reached", p, c.dir)
				}
			}
		})
	}
	// Top, 0.5, Surface on a circle: exactly the upper half, y <= 0.
	s := coreSnapshot(t, func(sp *Spec) {
		sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = Sphere, 0.5, Surface, Vector2{1, 1}
	})
	for _, q := range shapeSpawn(s, 10000, 100, 100) {
		if q.y > 1e-9 {
			t.Fatalf("half-dome Top: point (%v, %v) below the centre", q.x, q.y)
		}
	}
	// ShapePartial 0: the single pole point (0, -b) for Top.
	s = coreSnapshot(t, func(sp *Spec) {
		sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = Sphere, 0, Surface, Vector2{1, 1}
	})
	for _, q := range shapeSpawn(s, 100, w, h) {
		if !coreWithin(q.x, 0, 1e-9) || !coreWithin(q.y, -b, 1e-9) || !coreWithin(q.nx, 0, 1e-12) || !coreWithin(q.ny, -1, 1e-12) {
			t.Fatalf("Sphere partial 0: point (%v, %v) normal (%v, %v), want (0, %v) normal (0, -1)", q.x, q.y, q.nx, q.ny, -b)
		}
	}
}

// TestShapeCylinderTaper: a Cylinder's ShapePartial p is its radius ratio at
// the end the emission direction points to. Across the axis the ellipse is
// scaled by sc = 1 + (p-1) t, t = 0 at the back and 1 at the front, so a
// Surface point satisfies (across/(sc ·semi-axis))² + (along/ext)² = 1 and
// the normal is perpendicular to the tapered outline and points outward.
// p = 1 is the untapered ellipse, identical to a full Disc (p = 0).
func TestShapeCylinderTaper(t *testing.T) {
	const w, h = 200.0, 100.0
	a, b := w/2, h/2
	for _, c := range []struct {
		name string
		dir  NormalID
		p    float64
	}{{"dir Top, p 0.5", Top, 0.5}, {"dir Top, p 0", Top, 0}, {"dir Right, p 0.5", Right, 0.5}, {"dir Bottom, p 0.25", Bottom, 0.25}, {"dir Left, p 0.75", Left, 0.75}} {
		t.Run(c.name, func(t *testing.T) {
			for _, style := range []ShapeStyle{Surface, Volume} {
				s := coreSnapshot(t, func(sp *Spec) {
					sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize, sp.EmissionDirection = Cylinder, c.p, style, Vector2{1, 1}, c.dir
				})
				dx, dy := direction(c.dir)
				ext := math.Abs(a*dx) + math.Abs(b*dy)  // semi-axis along the direction
				side := math.Abs(a*dy) + math.Abs(b*dx) // across it
				var frontMax, backMax float64
				for _, q := range shapeSpawn(s, 20000, w, h) {
					along := q.x*dx + q.y*dy
					across := q.x*-dy + q.y*dx
					tt := (along/ext + 1) / 2
					sc := 1 + (c.p-1)*tt
					var r float64
					if sc > 1e-9 {
						r = math.Hypot(across/(sc*side), along/ext)
					}
					if style == Surface && sc > 1e-6 && !coreWithin(r, 1, 1e-9) {
						t.Fatalf("Cylinder %v p=%v: surface point (%v, %v) has tapered radius %.12f, want 1", c.dir, c.p, q.x, q.y, r)
					}
					if r > 1+1e-9 {
						t.Fatalf("Cylinder %v p=%v: point (%v, %v) outside the tapered ellipse (r = %v)", c.dir, c.p, q.x, q.y, r)
					}
					if along > ext/2 {
						frontMax = math.Max(frontMax, math.Abs(across))
					} else if along < -ext/2 {
						backMax = math.Max(backMax, math.Abs(across))
					}
				}
				// at along = ±ext/2 the untapered half-width is side·sqrt(3)/2;
				// the front is scaled by at most 1 + (p-1)·3/4, the back by at least 1 + (p-1)/4
				if frontMax >= backMax || frontMax > (1+(c.p-1)*0.75)*side*math.Sqrt(3)/2+1e-9 {
					t.Errorf("Cylinder %v p=%v %v: front half-width %.3f, back %.3f; want the front narrower", c.dir, c.p, style, frontMax, backMax)
				}
			}
			// Normals of the tapered outline: perpendicular to the tangent
			// (central differences of the rim point in u) and outward.
			s := coreSnapshot(t, func(sp *Spec) {
				sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize, sp.EmissionDirection = Cylinder, c.p, Surface, Vector2{1, 1}, c.dir
			})
			const du = 1e-6
			for i := 1; i < 1000; i++ {
				u := float64(i) / 1000
				x, y, nx, ny := s.ellipsePoint(a, b, u, 0)
				x1, y1, _, _ := s.ellipsePoint(a, b, u-du, 0)
				x2, y2, _, _ := s.ellipsePoint(a, b, u+du, 0)
				tx, ty := x2-x1, y2-y1
				tl := math.Hypot(tx, ty)
				if tl < 1e-9 {
					continue // the tip of a cone
				}
				if !coreWithin(math.Hypot(nx, ny), 1, 1e-12) {
					t.Fatalf("Cylinder %v p=%v: normal (%v, %v) not unit", c.dir, c.p, nx, ny)
				}
				if dot := (nx*tx + ny*ty) / tl; !coreWithin(dot, 0, 1e-6) {
					t.Fatalf("Cylinder %v p=%v u=%v: normal (%v, %v) · tangent = %v, want 0", c.dir, c.p, u, nx, ny, dot)
				}
				if nx*x+ny*y <= 0 {
					t.Fatalf("Cylinder %v p=%v u=%v: normal (%v, %v) at (%v, %v) points inward", c.dir, c.p, u, nx, ny, x, y)
				}
			}
		})
	}
	// p = 1: bit-identical to the full Disc.
	for _, style := range []ShapeStyle{Volume, Surface} {
		cyl := shapeSpawn(coreSnapshot(t, func(sp *Spec) {
			sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = Cylinder, 1, style, Vector2{1, 0.5}
		}), 5000, w, h)
		disc := shapeSpawn(coreSnapshot(t, func(sp *Spec) {
			sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = Disc, 0, style, Vector2{1, 0.5}
		}), 5000, w, h)
		for i := range cyl {
			if cyl[i] != disc[i] {
				t.Fatalf("Cylinder p=1 %v: %+v, Disc p=0: %+v; want equal", style, cyl[i], disc[i])
			}
		}
	}
}

// TestShapeIssueExample: EmissionSize (1, 0.5) keeps |x| <= 0.5 W and
// |y| <= 0.25 H for every shape and style, on several hosts.
func TestShapeIssueExample(t *testing.T) {
	for _, host := range [][2]float64{{200, 100}, {64, 480}, {1, 1}} {
		w, h := host[0], host[1]
		for _, shape := range []Shape{Box, Sphere, Cylinder, Disc} {
			for _, style := range []ShapeStyle{Volume, Surface} {
				for _, p := range []float64{0, 0.5, 1} {
					s := coreSnapshot(t, func(sp *Spec) {
						sp.Shape, sp.ShapeStyle, sp.ShapePartial, sp.EmissionSize = shape, style, p, Vector2{1, 0.5}
					})
					var maxX, maxY float64
					for _, q := range shapeSpawn(s, 5000, w, h) {
						if math.Abs(q.x) > 0.5*w*(1+1e-12) || math.Abs(q.y) > 0.25*h*(1+1e-12) {
							t.Fatalf("%v %v p=%v host %vx%v: point (%v, %v) outside |x| <= %v, |y| <= %v", shape, style, p, w, h, q.x, q.y, 0.5*w, 0.25*h)
						}
						maxX, maxY = math.Max(maxX, math.Abs(q.x)), math.Max(maxY, math.Abs(q.y))
					}
					if shape == Box && (maxX < 0.49*w || maxY < 0.245*h) {
						t.Errorf("Box %v host %vx%v: reaches only %v, %v", style, w, h, maxX, maxY)
					}
				}
			}
		}
	}
}

// spreadEffect evaluates a burst of n particles with the given SpreadAngle
// at age 0.01 s: Speed 10, no drag, no acceleration, a point emitter, so a
// particle's position is its initial direction times 10·0.01 studs.
func spreadEffect(t *testing.T, spread float64, dir NormalID, n int) []Particle {
	t.Helper()
	s := coreSnapshot(t, func(sp *Spec) {
		sp.Rate, sp.Lifetime, sp.Speed = 0, Constant(5), Constant(10)
		sp.SpreadAngle, sp.EmissionDirection, sp.MaxParticles = Vector2{spread, 0}, dir, n
	})
	e, err := NewEffect(s, &EffectOptions{Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, n)
	e.SetTime(0.01)
	ps := e.AppendParticles(nil)
	if len(ps) != n {
		t.Fatalf("got %d particles, want %d", len(ps), n)
	}
	return ps
}

// TestShapeSpread: SpreadAngle.X = α rotates the direction by θ = (2u-1)α,
// so every particle leaves within α of the emission direction, on both
// sides and uniformly; a negative α is its absolute value; 180 covers the
// full circle.
func TestShapeSpread(t *testing.T) {
	const n = 20000
	for _, c := range []struct {
		name   string
		alpha  float64
		dir    NormalID
		dx, dy float64
	}{{"alpha 30, dir Top, dx 0", 30, Top, 0, -1}, {"alpha -30, dir Top, dx 0", -30, Top, 0, -1}, {"alpha 30, dir Right, dx 1", 30, Right, 1, 0}, {"alpha 90, dir Bottom, dx 0", 90, Bottom, 0, 1}} {
		t.Run(c.name, func(t *testing.T) {
			a := math.Abs(c.alpha)
			var maxPos, maxNeg float64
			inner, pos := 0, 0
			for _, p := range spreadEffect(t, c.alpha, c.dir, n) {
				l := math.Hypot(p.X, p.Y)
				if !coreWithin(l, 10*0.01*100, 1e-9) { // 10 studs/s × 0.01 s × 100 px/stud
					t.Fatalf("displacement %v px, want 10", l)
				}
				// clockwise angle from the direction (screen axes, +Y down)
				th := math.Atan2(c.dx*p.Y-c.dy*p.X, c.dx*p.X+c.dy*p.Y) * 180 / math.Pi
				want := hash.Signed(hash.Unit(hash.Stream(77, p.Key), channel.Spread)) * a
				if !coreWithin(th, want, 1e-9) {
					t.Fatalf("α=%v: particle %d leaves at %.9f°, want (2u-1)α = %.9f°", c.alpha, p.Key, th, want)
				}
				if math.Abs(th) > a+1e-9 {
					t.Fatalf("α=%v: particle %d leaves at %.4f°, outside the cone", c.alpha, p.Key, th)
				}
				maxPos, maxNeg = math.Max(maxPos, th), math.Min(maxNeg, th)
				if math.Abs(th) < a/2 {
					inner++
				}
				if th > 0 {
					pos++
				}
			}
			if maxPos < 0.99*a || maxNeg > -0.99*a {
				t.Errorf("α=%v: angles span [%.2f, %.2f], want both sides out to ±%v", c.alpha, maxNeg, maxPos, a)
			}
			if f := float64(inner) / n; !coreWithin(f, 0.5, shapeSE(0.5, n)) {
				t.Errorf("α=%v: %.4f within α/2, want 0.5 (uniform angle)", c.alpha, f)
			}
			if f := float64(pos) / n; !coreWithin(f, 0.5, shapeSE(0.5, n)) {
				t.Errorf("α=%v: %.4f clockwise, want 0.5 (symmetric)", c.alpha, f)
			}
		})
	}
	// 180: the full circle, uniformly (16 sectors, chi-square).
	var sectors [16]int
	var bins [36]int
	for _, p := range spreadEffect(t, 180, Top, n) {
		ang := math.Atan2(p.Y, p.X) + math.Pi // [0, 2π]
		sectors[min(int(ang/(2*math.Pi)*16), 15)]++
		bins[min(int(ang/(2*math.Pi)*36), 35)]++
	}
	for i, c := range bins {
		if c == 0 {
			t.Errorf("SpreadAngle 180: no particle leaves within 10° sector %d", i)
		}
	}
	if x := coreChiSquare(sectors[:]); x > chi2Crit15 {
		t.Errorf("SpreadAngle 180: chi-square over 16 sectors %.2f > %.2f (%v)", x, chi2Crit15, sectors)
	}
}

// rimPoint is the point of a rim at angle θ: of the ellipse a × b, or of
// its taper to ratio p at the front for emission direction (dx, dy) (the
// Cylinder's outline, taper's change of coordinates), p = 1 for none.
func rimPoint(a, b, p, dx, dy, th float64) (x, y float64) {
	x, y = a*math.Cos(th), b*math.Sin(th)
	if p == 1 {
		return x, y
	}
	px, py := -dy, dx
	along, across := x*dx+y*dy, x*px+y*py
	ext := math.Abs(a*dx) + math.Abs(b*dy)
	across *= 1 + (p-1)*(along/ext+1)/2
	return along*dx + across*px, along*dy + across*py
}

// rimCDF is the arc length of a rim (rimPoint) from angle from, at n + 1
// equally spaced angles up to to, summed over chords: a reference computed
// independently of rimAngle's nodes.
type rimCDF struct {
	from, to float64
	cum      []float64
}

func newRimCDF(a, b, p, dx, dy, from, to float64) rimCDF {
	const n = 1 << 16
	c := rimCDF{from, to, make([]float64, n+1)}
	x0, y0 := rimPoint(a, b, p, dx, dy, from)
	for i := 1; i <= n; i++ {
		x, y := rimPoint(a, b, p, dx, dy, from+(to-from)*float64(i)/n)
		c.cum[i] = c.cum[i-1] + math.Hypot(x-x0, y-y0)
		x0, y0 = x, y
	}
	return c
}

// fraction is the share of the rim's length before angle th.
func (c rimCDF) fraction(th float64) float64 {
	n := len(c.cum) - 1
	x := (th - c.from) / (c.to - c.from) * float64(n)
	i := min(max(int(x), 0), n-1)
	l := c.cum[i] + (c.cum[i+1]-c.cum[i])*(x-float64(i))
	return l / c.cum[n]
}

// rimReference returns what a Surface rim of s on semi-axes a × b is: its
// taper ratio (1 for none), the half-width and centre of its arc of angles,
// and the chord reference of its length over that arc.
func rimReference(s *Snapshot, a, b float64) (taper, half, front float64, cdf rimCDF) {
	taper, half = 1, math.Pi
	switch s.spec.Shape {
	case Cylinder:
		taper = s.spec.ShapePartial
	case Sphere:
		half *= s.spec.ShapePartial
	}
	front = s.sphereCentre(a, b)
	return taper, half, front, newRimCDF(a, b, taper, s.dirX, s.dirY, front-half, front+half)
}

// rimLength is the arc length of the ellipse a × b from angle from to to.
func rimLength(a, b, from, to float64) float64 {
	c := newRimCDF(a, b, 1, 0, -1, from, to)
	return c.cum[len(c.cum)-1]
}

// TestShapeRimByArcLength: Surface points of the ellipse shapes are
// uniform by arc length on screen: 8 arcs of equal length of a 300 × 100
// px rim hold equal shares of 3,000 particles (the issue's case, which
// angle-uniform sampling failed with 290 to 489 per arc), and so do the
// arcs of a Sphere's partial rim, a tapered Cylinder's outline and a
// flat rim.
func TestShapeRimByArcLength(t *testing.T) {
	for _, c := range []struct {
		name    string
		shape   Shape
		partial float64
		dir     NormalID
		w, h    float64
		n       int
	}{
		{"Disc 300 x 100", Disc, 1, Top, 300, 100, 3000},
		{"Cylinder 300 x 100", Cylinder, 1, Top, 300, 100, 3000},
		{"Sphere 300 x 100", Sphere, 1, Right, 300, 100, 3000},
		{"Disc 1000 x 50", Disc, 0.4, Left, 1000, 50, 20000},
		{"Sphere arc 0.3 of 100 x 400", Sphere, 0.3, Bottom, 100, 400, 20000},
		{"Cylinder cone 200 x 120", Cylinder, 0, Right, 200, 120, 20000},
		{"Cylinder taper 0.5, 300 x 100", Cylinder, 0.5, Top, 300, 100, 20000},
		{"Disc flat 300 x 0", Disc, 1, Top, 300, 0, 20000},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) {
				sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize, sp.EmissionDirection = c.shape, c.partial, Surface, Vector2{1, 1}, c.dir
			})
			a, b := c.w/2, c.h/2
			taper, half, front, cdf := rimReference(s, a, b)
			const arcs = 8
			counts := make([]int, arcs)
			for _, q := range shapeSpawn(s, c.n, c.w, c.h) {
				f := 0.0
				if b == 0 {
					// A flat rim is the segment |x| <= a run over twice:
					// equal lengths are equal spans of x.
					f = (q.x + a) / (2 * a)
				} else {
					// The point's angle: undo the taper across the axis.
					x, y := q.x, q.y
					if taper != 1 {
						px, py := -s.dirY, s.dirX
						along, across := x*s.dirX+y*s.dirY, x*px+y*py
						ext := math.Abs(a*s.dirX) + math.Abs(b*s.dirY)
						if sc := 1 + (taper-1)*(along/ext+1)/2; sc > 1e-9 {
							across /= sc
						}
						x, y = along*s.dirX+across*px, along*s.dirY+across*py
					}
					d := math.Remainder(math.Atan2(y/b, x/a)-(front-half), 2*math.Pi)
					if d < 0 {
						d += 2 * math.Pi
					}
					f = cdf.fraction(front - half + d)
				}
				counts[min(max(int(f*arcs), 0), arcs-1)]++
			}
			// chi-square, 7 degrees of freedom, p = 0.001
			if x2 := coreChiSquare(counts); x2 > 24.32 {
				t.Errorf("arcs of equal length hold %v of %d (chi-square %.1f > 24.3)", counts, c.n, x2)
			}
		})
	}
}

// TestRimAngleAccuracy: rimAngle's arc-length fraction at u is u within
// 0.2% of the rim's length, for rims from a circle to 20:1, tapered ones
// and a Sphere's arc, against the chord reference.
func TestRimAngleAccuracy(t *testing.T) {
	for _, c := range []struct {
		name   string
		shape  Shape
		p      float64
		a, b   float64
		tolPct float64
	}{
		{"circle", Disc, 1, 100, 100, 0.001},
		{"3:1", Disc, 1, 150, 50, 0.08},
		{"20:1", Disc, 1, 400, 20, 0.2},
		{"cone", Cylinder, 0, 100, 60, 0.2},
		{"taper 0.5", Cylinder, 0.5, 150, 50, 0.2},
		{"sphere arc 0.7", Sphere, 0.7, 150, 50, 0.2},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := coreSnapshot(t, func(sp *Spec) {
				sp.Shape, sp.ShapePartial, sp.ShapeStyle, sp.EmissionSize = c.shape, c.p, Surface, Vector2{1, 1}
			})
			_, half, _, cdf := rimReference(s, c.a, c.b)
			worst := 0.0
			for i := 0; i <= 1000; i++ {
				u := float64(i) / 1000 * (1 - 1e-12)
				worst = max(worst, math.Abs(cdf.fraction(s.rimAngle(c.a, c.b, half, u))-u))
			}
			t.Logf("worst %.4f%%", 100*worst)
			if worst*100 > c.tolPct {
				t.Errorf("arc-length fraction off by up to %.3g%% of the rim, want <= %v%%", 100*worst, c.tolPct)
			}
		})
	}
}
