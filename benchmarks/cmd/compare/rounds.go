package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"time"

	"github.com/emberfx/ember/benchmarks"
	"github.com/hajimehoshi/ebiten/v2"
)

// A steady case (a stream, a grid of effects, idle or offscreen effects)
// is measured in rounds: every subject is set up and warmed up at once, and
// each round times one frame of each. Passes of one subject after another,
// seconds apart, read a slow drift of this shared machine (another
// process, the host) as a difference between subjects; frames of every
// subject taken within the same fraction of a second see the same machine.
// Each timed frame follows an untimed frame of the same subject and the
// rendering of everything before it (d.timed), so that it finds the caches
// as its own last frame and llvmpipe's drawing of it left them, as in
// A-B-B-A passes. Without that frame, a subject's frame came after up to
// ten other subjects' frames and their drawing, with colder caches than
// any pass sees: in a full run at 8eb453b (results/rounds-cold-8eb453b.txt),
// Ember's CPU read 1.35 and 1.59 times ember-floor's at 10,000 (simple and
// full), where three runs of three subjects read 1.18 to 1.34.

// rounder is one subject's part in a case's rounds.
type rounder struct {
	name   string
	s      benchmarks.Subject
	ps     pass
	warmup int // frames before the first sample
	least  int // samples it needs before the budget may end its rounds
	// perRound is the CPU ms of its frame in each round, NaN in the rounds
	// it sat out (its samples were complete).
	perRound []float64
}

// roundOrder is the order of round r of n subjects: a row of a Williams
// design (for odd n, its mirror image in every other n rounds), so that
// over 2n rounds each subject comes first twice and follows each other
// subject twice: no subject always comes first, or always runs right
// after the same other one (whose drawing its untimed frame overlaps).
func roundOrder(n, r int) []int {
	order := make([]int, n)
	lo, hi := 1, n-1
	for i := 1; i < n; i++ {
		if i%2 == 1 {
			order[i], lo = lo, lo+1
		} else {
			order[i], hi = hi, hi-1
		}
	}
	for i := range order {
		order[i] = (order[i] + r) % n
	}
	if n%2 == 1 && (r/n)%2 == 1 {
		slices.Reverse(order)
	}
	return order
}

// runRounds measures case c on the subjects names in rounds. A subject
// leaves the rounds once it has p.frames samples; every subject leaves
// once the case has run for its budget (p.budget for each of two passes
// of each subject, as A-B-B-A would take) and each has its least samples
// (p.roundSamples).
func (d *driver) runRounds(c kase, p plan, names []string) error {
	rs := make([]*rounder, 0, len(names))
	defer func() {
		for _, r := range rs {
			d.loop.do(r.s.Close)
		}
	}()
	for _, n := range names {
		s, _, err := d.setUp(c, n)
		if err != nil {
			return err
		}
		r := &rounder{name: n, s: s}
		r.warmup, r.least = d.steadySampling(s, p.warmup, max(p.minSamples, p.roundSamples))
		rs = append(rs, r)
		d.loop.do(func() { s.Seek(prefill) })
	}
	for w := range p.warmup {
		for _, r := range rs {
			if w < r.warmup {
				d.untimed(func(dst *ebiten.Image) { r.s.Frame(dst, benchmarks.FrameDT) })
			}
		}
	}
	t0 := time.Now()
	budget := 2 * p.budget * time.Duration(len(rs))
	for round := 0; ; round++ {
		over := time.Since(t0) > budget
		sampled := false
		for _, i := range roundOrder(len(rs), round) {
			r := rs[i]
			if n := len(r.ps.samples); n >= p.frames || (over && n >= r.least) {
				continue
			}
			frame := func(dst *ebiten.Image) { r.s.Frame(dst, benchmarks.FrameDT) }
			d.untimed(frame)
			cpu, wall := d.timed(frame)
			r.ps.add(cpu, wall)
			for len(r.perRound) < round {
				r.perRound = append(r.perRound, math.NaN())
			}
			r.perRound = append(r.perRound, cpu)
			sampled = true
		}
		if !sampled {
			break
		}
	}
	if d.o.verbose {
		for _, r := range rs {
			fmt.Fprintf(os.Stderr, "\t%-16s %d samples, median %.3f ms CPU (%.3f ms wall)\n", r.name, len(r.ps.samples), median(r.ps.samples), median(r.ps.walls))
		}
	}
	effects := len(c.scenario().Effects)
	var ember *rounder
	for _, r := range rs {
		if r.name == benchmarks.NameEmber {
			ember = r
		}
	}
	for _, r := range rs {
		d.loop.do(func() { r.ps.live = r.s.Live() })
		r.ps.readPath(r.s)
		if r.ps.fallbacks > 0 {
			d.fellBack(c, r.name, &r.ps)
			continue
		}
		res := summarizeRounds(c, r.name, &r.ps)
		res.Effects = effects
		if r.ps.checked {
			drawn := r.ps.drawn
			res.GPUDraws = &drawn
		}
		if ember != nil && r != ember {
			res.EmberPerRound = pairedRatio(ember.perRound, r.perRound)
		}
		d.results = append(d.results, res)
	}
	return nil
}

// summarizeRounds is one subject's result of a case measured in rounds:
// the median of all its samples, with the medians of their first and
// second halves as the two "passes".
func summarizeRounds(c kase, name string, ps *pass) result {
	h := len(ps.samples) / 2
	first, second := ps.samples[:h], ps.samples[h:]
	return result{
		Scenario: c.name, Particles: c.particles, Subject: name, Live: ps.live,
		CPUMs: median(ps.samples), WallMs: median(ps.walls),
		PassMedians: []float64{median(first), median(second)},
		Samples:     []int{len(first), len(second)},
		Interleaved: true,
	}
}

// spread is a ratio's median and quartiles over a case's rounds.
type spread struct {
	Median float64 `json:"median"`
	P25    float64 `json:"p25"`
	P75    float64 `json:"p75"`
	Rounds int     `json:"rounds"`
}

// pairedRatio is the spread of a[i]/b[i] over the rounds i in which both
// took a sample, or nil if none did.
func pairedRatio(a, b []float64) *spread {
	var q []float64
	for i := range min(len(a), len(b)) {
		if !math.IsNaN(a[i]) && !math.IsNaN(b[i]) && b[i] > 0 {
			q = append(q, a[i]/b[i])
		}
	}
	if len(q) == 0 {
		return nil
	}
	slices.Sort(q)
	return &spread{Median: median(q), P25: quantile(q, 0.25), P75: quantile(q, 0.75), Rounds: len(q)}
}

// quantile is the f-quantile of the sorted s, interpolated linearly
// between its neighbours.
func quantile(s []float64, f float64) float64 {
	x := f * float64(len(s)-1)
	i := int(x)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (x-float64(i))*(s[i+1]-s[i])
}
