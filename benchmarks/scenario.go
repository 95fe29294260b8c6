package benchmarks

import "math"

// Placement is an effect's origin on the target, in pixels.
type Placement struct{ X, Y float64 }

// Scenario is what a subject sets up: effects of one look placed on the
// target, each with a steady stream of Rate particles per second (0: bursts
// only) and a pool of at most Cap particles.
type Scenario struct {
	// Name identifies the scenario in results ("steady-full", ...).
	Name string
	// Look is the effect every effect of the scenario shows.
	Look Look
	// Effects are the effects' origins.
	Effects []Placement
	// Rate is each effect's stream, particles per second.
	Rate float64
	// Cap is each effect's pool cap (Ember's MaxParticles): the most live
	// particles, and the largest burst.
	Cap int
	// Particles is the nominal live count over all effects: the steady
	// population, or the burst size. The api-floor subject submits this many
	// quads.
	Particles int
}

// FrameDT is the frame step of every scenario, and the fixed step
// integrators re-simulate with when they seek.
const FrameDT = 1.0 / 60

// streamCap is the pool an effect needs for a stream of rate on look: the
// rate times the longest life, with room for fluctuation.
func streamCap(l *Look, rate float64) int {
	return int(math.Ceil(rate*l.LifeMax*1.05)) + 16
}

// Steady is one effect at (x, y) holding about n live particles.
func Steady(name string, v Variant, n int, x, y float64) Scenario {
	l := NewLook(v)
	rate := float64(n) / l.MeanLife()
	return Scenario{
		Name: name, Look: l, Effects: []Placement{{x, y}},
		Rate: rate, Cap: streamCap(&l, rate), Particles: n,
	}
}

// Grid is count effects of about per live particles each, on a grid that
// covers the w × h target.
func Grid(name string, v Variant, count, per int, w, h float64) Scenario {
	l := NewLook(v)
	rate := float64(per) / l.MeanLife()
	cols := int(math.Ceil(math.Sqrt(float64(count) * w / h)))
	rows := (count + cols - 1) / cols
	sc := Scenario{Name: name, Look: l, Rate: rate, Cap: streamCap(&l, rate), Particles: count * per}
	for i := range count {
		c, r := i%cols, i/cols
		sc.Effects = append(sc.Effects, Placement{
			X: (float64(c) + 0.5) * w / float64(cols),
			Y: (float64(r) + 0.75) * h / float64(rows),
		})
	}
	return sc
}

// FlatScale is the extra length scale of the Flat scenarios.
const FlatScale = 0.25

// Flat is count small effects of about per live particles each, on the
// Grid, for the CPU cost per effect against the particle count: the look
// with a constant lifetime (its mean life, so that an effect's live
// window, which the GPU path bins, is per particles rather than 4/3 of
// it) and its
// lengths scaled by FlatScale (effects of a few dozen pixels once
// cmd/compare has scaled the scene, like a UI effect; the software
// rasterizer's fill on the GPU path, which is not a result, stays small).
func Flat(name string, v Variant, count, per int, w, h float64) Scenario {
	sc := Grid(name, v, count, per, w, h)
	l := sc.Look.Scaled(FlatScale)
	l.LifeMin = l.MeanLife()
	l.LifeMax = l.LifeMin
	sc.Look = l
	sc.Rate = float64(per) / l.MeanLife()
	sc.Cap = streamCap(&l, sc.Rate)
	return sc
}

// Offscreen is count effects of about per live particles each, placed far
// outside the w × h target (a scrolled-away part of a level).
func Offscreen(name string, v Variant, count, per int, w, h float64) Scenario {
	sc := Grid(name, v, count, per, w, h)
	for i := range sc.Effects {
		sc.Effects[i].X += 10 * w
	}
	return sc
}

// Bursts is count effects with no stream and a pool of capacity particles,
// for Subject.Burst; nominal is the Particles it reports.
func Bursts(name string, v Variant, count, capacity, nominal int, w, h float64) Scenario {
	sc := Grid(name, v, count, 0, w, h)
	sc.Rate, sc.Cap, sc.Particles = 0, capacity, nominal
	return sc
}

// Scaled returns the scenario with every length scaled by f: the look's
// speeds, gravity, box and sizes, and the placements. Nothing a subject
// computes per particle depends on pixel sizes, so a scaled scene costs the
// CPU the same; cmd/compare measures a scaled-down scene so that the
// software rasterizer's fill, which is not a result, stays small.
func (sc Scenario) Scaled(f float64) Scenario {
	sc.Look = sc.Look.Scaled(f)
	sc.Effects = append([]Placement(nil), sc.Effects...)
	for i := range sc.Effects {
		sc.Effects[i].X *= f
		sc.Effects[i].Y *= f
	}
	return sc
}
