package emitter

// Tests of how a particle looks: area-preserving squash (docs/closed-form.md, section 5), the
// orientation of streaks (8.4), tone mapping, LightInfluence and glow
// layers (9).

import (
	"math"
	"testing"
)

// appearanceOne evaluates a single burst particle of the edited default
// spec at age (a 100 × 100 host: 100 px per stud), with no spread and a
// fixed lifetime of 10 s.
func appearanceOne(t *testing.T, age float64, ambient Color, edit func(*Spec)) Particle {
	t.Helper()
	s := coreSnapshot(t, func(sp *Spec) {
		sp.Rate, sp.Lifetime = 0, Constant(10)
		edit(sp)
	})
	e, err := NewEffect(s, &EffectOptions{HostWidth: 100, HostHeight: 100, Ambient: ambient})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, 1)
	e.SetTime(age)
	ps := e.AppendParticles(nil)
	if len(ps) != 1 {
		t.Fatalf("got %d particles, want 1", len(ps))
	}
	return ps[0]
}

// TestAppearanceSquash: with l = 1 + |q|, q > 0 gives (s/l, s l) (tall),
// q < 0 gives (s l, s/l) (wide): w h = s² always.
func TestAppearanceSquash(t *testing.T) {
	for _, c := range []struct {
		name          string
		size, q, w, h float64
	}{
		{"size 1, q 0, w 100", 1, 0, 100, 100},
		{"size 1, q 0.5, w 100 / 1.5", 1, 0.5, 100 / 1.5, 150},
		{"size 1, q -0.5, w 150", 1, -0.5, 150, 100 / 1.5},
		{"size 1, q 1, w 50", 1, 1, 50, 200},
		{"size 1, q -1, w 200", 1, -1, 200, 50},
		{"size 2, q 3, w 50", 2, 3, 50, 800},
		{"size 0.5, q -3, w 200", 0.5, -3, 200, 12.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := appearanceOne(t, 1, Color{}, func(sp *Spec) {
				sp.Size, sp.Squash = ConstantSequence(c.size), ConstantSequence(c.q)
			})
			s := c.size * 100
			if !coreRel(p.Width, c.w, 1e-12) || !coreRel(p.Height, c.h, 1e-12) {
				t.Errorf("size %v squash %v: %v x %v, want %v x %v", c.size, c.q, p.Width, p.Height, c.w, c.h)
			}
			if !coreRel(p.Width*p.Height, s*s, 1e-12) {
				t.Errorf("size %v squash %v: area %v, want %v", c.size, c.q, p.Width*p.Height, s*s)
			}
			if (c.q > 0 && !(p.Height > p.Width)) || (c.q < 0 && !(p.Width > p.Height)) {
				t.Errorf("squash %v: %v x %v; the long side is on the wrong axis", c.q, p.Width, p.Height)
			}
		})
	}
	// a squash curve: q = 0 at birth to 1 at death, halfway 0.5
	p := appearanceOne(t, 5, Color{}, func(sp *Spec) {
		sp.Squash = NumberSequence{{0, 0, 0}, {1, 1, 0}}
	})
	if !coreRel(p.Width, 100/1.5, 1e-12) || !coreRel(p.Height, 150, 1e-12) {
		t.Errorf("squash curve at tau 0.5: %v x %v, want 66.67 x 150", p.Width, p.Height)
	}
}

// streakAxis is the direction of a quad's local +Y (its long axis when
// squash > 0) after a clockwise rotation of rot degrees with +Y down:
// (-sin rot, cos rot).
func streakAxis(rot float64) (x, y float64) {
	s, c := math.Sincos(rot * math.Pi / 180)
	return -s, c
}

// orientationCases have a known velocity at the evaluation age, worked out
// from v = v0 e^{-kt} + a (1 - e^{-kt})/k (a = 0 drag: v0 + a t), on screen
// axes (+Y down; Acceleration's Y is flipped).
var orientationCases = []struct {
	name   string
	dir    NormalID
	speed  float64
	drag   float64
	acc    Vector3
	age    float64
	vx, vy float64
}{
	{"right", Right, 10, 0, Vector3{}, 1, 10, 0},
	{"up", Top, 10, 0, Vector3{}, 1, 0, -10},
	{"left", Left, 4, 0, Vector3{}, 0.5, -4, 0},
	{"up, pushed right", Top, 10, 0, Vector3{X: 10}, 1, 10, -10},
	{"thrown up, falling", Top, 10, 0, Vector3{Y: -30}, 1, 0, 20},
	{"drag and gravity", Top, 10, 1, Vector3{X: 5, Y: -10}, 1,
		5 * (1 - math.Exp(-1)), -10*math.Exp(-1) + 10*(1-math.Exp(-1))},
}

// TestAppearanceStreakOrientation: a streak emitter is VelocityParallel
// with Rotation 90 and squash > 0 (tall quad): its long axis must lie along
// the velocity. VelocityPerpendicular is the same plus 90°, and both
// FacingCamera modes ignore the velocity.
func TestAppearanceStreakOrientation(t *testing.T) {
	for _, c := range orientationCases {
		rot := func(o Orientation, rotation, rotSpeed float64) Particle {
			return appearanceOne(t, c.age, Color{}, func(sp *Spec) {
				sp.EmissionDirection, sp.Speed, sp.Drag, sp.Acceleration = c.dir, Constant(c.speed), c.drag, c.acc
				sp.Orientation, sp.Rotation, sp.RotSpeed = o, Constant(rotation), Constant(rotSpeed)
				sp.Squash = ConstantSequence(2)
			})
		}
		vl := math.Hypot(c.vx, c.vy)
		ux, uy := c.vx/vl, c.vy/vl

		par := rot(VelocityParallel, 90, 0)
		if !(par.Height > par.Width) {
			t.Fatalf("%s: squash 2 gives %v x %v, want a tall quad", c.name, par.Width, par.Height)
		}
		ax, ay := streakAxis(par.Rotation)
		if cross := ax*uy - ay*ux; !coreWithin(cross, 0, 1e-9) {
			t.Errorf("%s: VelocityParallel + 90: long axis (%.4f, %.4f) at %.4f°, velocity (%.4f, %.4f): not parallel", c.name, ax, ay, par.Rotation, ux, uy)
		}
		// Rotation 90 is needed: with 0 the long axis is across the motion.
		ax, ay = streakAxis(rot(VelocityParallel, 0, 0).Rotation)
		if dot := ax*ux + ay*uy; !coreWithin(dot, 0, 1e-9) {
			t.Errorf("%s: VelocityParallel, Rotation 0: long axis · velocity = %v, want 0 (Roblox aligns local X)", c.name, dot)
		}
		// θ = θ0 + θ* - 90 with θ* = atan2(-vx, vy)
		want := 90 + math.Atan2(-c.vx, c.vy)*180/math.Pi - 90
		if !coreWithin(math.Remainder(par.Rotation-want, 360), 0, 1e-9) {
			t.Errorf("%s: VelocityParallel rotation %v, want %v", c.name, par.Rotation, want)
		}

		perp := rot(VelocityPerpendicular, 90, 0)
		if d := math.Remainder(perp.Rotation-par.Rotation-90, 360); !coreWithin(d, 0, 1e-9) {
			t.Errorf("%s: VelocityPerpendicular %v, want VelocityParallel %v + 90", c.name, perp.Rotation, par.Rotation)
		}
		ax, ay = streakAxis(perp.Rotation)
		if dot := ax*ux + ay*uy; !coreWithin(dot, 0, 1e-9) {
			t.Errorf("%s: VelocityPerpendicular + 90: long axis · velocity = %v, want 0", c.name, dot)
		}

		for _, o := range []Orientation{FacingCamera, FacingCameraWorldUp} {
			if p := rot(o, 90, 0); p.Rotation != 90 {
				t.Errorf("%s: %v rotation %v, want 90 whatever the velocity", c.name, o, p.Rotation)
			}
			// Rotation + RotSpeed × age
			if p := rot(o, 90, 30); !coreWithin(p.Rotation, 90+30*c.age, 1e-12) {
				t.Errorf("%s: %v with RotSpeed 30 at age %v: %v, want %v", c.name, o, c.age, p.Rotation, 90+30*c.age)
			}
		}
	}
}

// TestAppearanceGrade: the tone mapping of docs/closed-form.md, section 7. c' = g c, p = max c'; when
// p > 1, c” = (1-β) c'/p + β with β = 1 - 1/p. A channel at 0 comes out
// as β itself, so the table reads β off the green and blue channels.
func TestAppearanceGrade(t *testing.T) {
	for _, c := range []struct {
		name       string
		c          Color
		brightness float64
		want       Color
	}{
		// peak <= 1: only scaled
		{"brightness 1 changes nothing", Color{1, 0.5, 0.25}, 1, Color{1, 0.5, 0.25}},
		{"brightness 2 below the peak", Color{0.4, 0.2, 0.1}, 2, Color{0.8, 0.4, 0.2}},
		{"brightness 2 reaching white exactly", Color{0.5, 0.5, 0.5}, 2, Color{1, 1, 1}},
		{"brightness 0 is black", Color{0.3, 0.6, 0.9}, 0, Color{0, 0, 0}},
		// β = 1 - 1/2 = 0.5
		{"brightness 2 on pure red: half way to white", Color{1, 0, 0}, 2, Color{1, 0.5, 0.5}},
		{"brightness 2 on orange", Color{1, 0.5, 0.25}, 2, Color{1, 0.75, 0.625}},
		// β = 1 - 1/15 = 0.9333…: a nearly white core with a faint tint
		{"brightness 15 on pure red", Color{1, 0, 0}, 15, Color{1, 14.0 / 15, 14.0 / 15}},
		{"brightness 15 on orange", Color{1, 0.5, 0.25}, 15, Color{1, 14.5 / 15, 14.25 / 15}},
		// the peak channel need not be red; p = 4 × 0.5 = 2
		{"brightness 4 on a green peak", Color{0, 0.5, 0.25}, 4, Color{0.5, 1, 0.75}},
		// Brightness 4 flash: p = 4, β = 0.75
		{"brightness 4 on a pale yellow", Color{1, 0.8, 0.4}, 4, Color{1, 0.95, 0.85}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Grade(c.c, c.brightness)
			if !coreWithin(got.R, c.want.R, 1e-15) || !coreWithin(got.G, c.want.G, 1e-15) || !coreWithin(got.B, c.want.B, 1e-15) {
				t.Errorf("Grade(%v, %v) = %v, want %v", c.c, c.brightness, got, c.want)
			}
		})
	}
	if b := Grade(Color{1, 0, 0}, 15).G; !coreWithin(b, 0.9333333333333333, 1e-15) {
		t.Errorf("Brightness 15: β = %.16f, want 0.9333333333333333", b)
	}
	// The hue survives: undoing the whitening, (c'' - β)/(1 - β) = c/max(c).
	for _, c := range []Color{{1, 0.5, 0.25}, {0.2, 0.9, 0.6}, {0.7, 0.7, 0.1}} {
		for _, g := range []float64{1.5, 2, 7, 15, 100} {
			m := math.Max(c.R, math.Max(c.G, c.B))
			p := g * m
			if p <= 1 {
				continue
			}
			beta := 1 - 1/p
			got := Grade(c, g)
			for i, pair := range [][2]float64{{got.R, c.R}, {got.G, c.G}, {got.B, c.B}} {
				if h := (pair[0] - beta) / (1 - beta); !coreWithin(h, pair[1]/m, 1e-9) {
					t.Errorf("Grade(%v, %v) channel %d: hue %v, want %v", c, g, i, h, pair[1]/m)
				}
			}
			if got.R > 1+1e-15 || got.G > 1+1e-15 || got.B > 1+1e-15 {
				t.Errorf("Grade(%v, %v) = %v, past 1", c, g, got)
			}
		}
	}
}

// TestAppearanceInfluence: LightInfluence λ blends the graded colour toward
// graded ⊙ ambient: c (1 - λ) + c ⊙ A λ.
func TestAppearanceInfluence(t *testing.T) {
	c := Color{0.8, 0.6, 0.4}
	amb := Color{0.5, 0.25, 1}
	for _, k := range []struct {
		name   string
		lambda float64
		want   Color
	}{
		{"lambda 0, want c", 0, c},
		{"lambda 1", 1, Color{0.4, 0.15, 0.4}},
		{"lambda 0.5", 0.5, Color{0.6, 0.375, 0.4}},
		{"lambda 0.25", 0.25, Color{0.7, 0.4875, 0.4}},
	} {
		t.Run(k.name, func(t *testing.T) {
			got := Influence(c, amb, k.lambda)
			if !coreWithin(got.R, k.want.R, 1e-15) || !coreWithin(got.G, k.want.G, 1e-15) || !coreWithin(got.B, k.want.B, 1e-15) {
				t.Errorf("Influence(%v, %v, %v) = %v, want %v", c, amb, k.lambda, got, k.want)
			}
		})
	}
	// black ambient (the default) darkens fully at λ = 1
	if got := Influence(c, Color{}, 1); got != (Color{}) {
		t.Errorf("Influence toward black = %v", got)
	}
	// end to end: Color (1, 0.5, 0.25), Brightness 2 → (1, 0.75, 0.625);
	// ambient (0.5, 0.5, 1) at λ = 0.5 multiplies by (0.75, 0.75, 1).
	p := appearanceOne(t, 1, Color{0.5, 0.5, 1}, func(sp *Spec) {
		sp.Color, sp.Brightness, sp.LightInfluence = ConstantColor(Color{1, 0.5, 0.25}), 2, 0.5
	})
	if want := (Color{0.75, 0.5625, 0.625}); !coreWithin(p.Color.R, want.R, 1e-15) || !coreWithin(p.Color.G, want.G, 1e-15) || !coreWithin(p.Color.B, want.B, 1e-15) {
		t.Errorf("particle colour %v, want %v", p.Color, want)
	}
}

// TestAppearanceGlow: halo layer n grows by 1 + 0.45 n and has opacity
// (1 - T) 0.45^n LightEmission: none without LightEmission.
func TestAppearanceGlow(t *testing.T) {
	for _, c := range []struct {
		name            string
		n               int
		tr, emission    float64
		growth, opacity float64
	}{
		{"n 1, tr 0, emission 1", 1, 0, 1, 1.45, 0.45},
		{"n 2, tr 0, emission 1", 2, 0, 1, 1.9, 0.2025},
		{"n 2, tr 0.5, emission 1", 2, 0.5, 1, 1.9, 0.10125},
		{"n 3, tr 0.2, emission 0.5", 3, 0.2, 0.5, 2.35, 0.8 * 0.091125 * 0.5},
		{"n 7, tr 0, emission 1", 7, 0, 1, 4.15, 0.0037366945312500005},
		{"n 1, tr 1, emission 1", 1, 1, 1, 1.45, 0},
		{"n 4, tr 0, emission 0", 4, 0, 0, 2.8, 0},
		{"n 1, tr 0.3, emission 0", 1, 0.3, 0, 1.45, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, o := Glow(c.n, c.tr, c.emission)
			if !coreWithin(g, c.growth, 1e-15) || !coreWithin(o, c.opacity, 1e-15) {
				t.Errorf("Glow(%d, %v, %v) = %v, %v; want %v, %v", c.n, c.tr, c.emission, g, o, c.growth, c.opacity)
			}
		})
	}
	// geometric: each layer is 0.45 of the previous
	for n := 1; n < MaxGlowLayers-1; n++ {
		_, a := Glow(n, 0.1, 0.8)
		_, b := Glow(n+1, 0.1, 0.8)
		if !coreRel(b/a, 0.45, 1e-14) {
			t.Errorf("Glow opacity ratio of layers %d and %d = %v, want 0.45", n+1, n, b/a)
		}
	}
}
