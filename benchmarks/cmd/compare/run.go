package main

import (
	"fmt"
	"image"
	"math"
	"os"
	"regexp"
	"runtime"
	"slices"
	"time"

	"github.com/emberfx/ember/benchmarks"
	"github.com/hajimehoshi/ebiten/v2"
)

// options are the command's flags.
type options struct {
	quick       bool
	abba        bool // steady cases in A-B-B-A passes too, not in rounds
	verbose     bool
	out, pngDir string
	filter      *regexp.Regexp
	subjects    []string
	scale       float64
}

// sceneW and sceneH are the scene scenarios are laid out on, before
// -scale.
const sceneW, sceneH = 320, 240

// driver runs the cases on its own goroutine, handing each frame's work to
// the game loop.
type driver struct {
	o       options
	loop    *loop
	target  *ebiten.Image
	corner  *ebiten.Image // the target's first pixel, read back to sync
	pixel   [4]byte
	results []result
	skipped []skip
	// fallbacks are the cases a path-checked subject (ember-gpu) could
	// not draw on its path throughout: "n/a (falls back)".
	fallbacks []skip
	world     []worldResult // the world cases (world.go)
	err       error
	start     time.Time
}

// result is one subject's measurement of one case, as results.json holds it.
type result struct {
	Scenario  string `json:"scenario"`
	Particles int    `json:"particles"`
	Subject   string `json:"subject"`
	// CPUMs is the better of the passes' median CPU time of the game's
	// thread per frame (or operation), or in a case measured in rounds
	// the median of every sample; WallMs the same of wall time.
	CPUMs  float64 `json:"cpu_ms_per_frame"`
	WallMs float64 `json:"wall_ms_per_frame"`
	// PassMedians are the medians of the two passes (A-B-B-A), or of the
	// two halves of the samples of a case measured in rounds, ms.
	PassMedians []float64 `json:"pass_medians_ms"`
	// Samples is the number of timed frames (or operations) per pass (per
	// half, in rounds).
	Samples []int `json:"samples_per_pass"`
	// Live is the live particle count at the end of the first pass.
	Live int `json:"live"`
	// Effects is the number of effects of the scenario.
	Effects int `json:"effects"`
	// GPUDraws is, for ember-gpu, the effect draws the GPU path made over
	// both passes (effects culled or never shown make none).
	GPUDraws *int `json:"gpu_effect_draws,omitempty"`
	// Interleaved is whether the case was measured in rounds (rounds.go).
	Interleaved bool `json:"interleaved,omitempty"`
	// EmberPerRound is, in a case measured in rounds, Ember's CPU over
	// this subject's in the same round: median and quartiles.
	EmberPerRound *spread `json:"ember_per_round,omitempty"`
	// AllocBytesPer1000 is the heap allocated inside the timed work per
	// 1,000 frames; GCPer1000 the GC cycles of the whole process per 1,000
	// frames (long-run only).
	AllocBytesPer1000 *float64 `json:"alloc_bytes_per_1000_frames,omitempty"`
	GCPer1000         *float64 `json:"gc_cycles_per_1000_frames,omitempty"`
}

// skip records a subject left out of a case, and why.
type skip struct {
	Scenario  string `json:"scenario"`
	Particles int    `json:"particles"`
	Subject   string `json:"subject"`
	Reason    string `json:"reason"`
}

// plan sizes the measurements of a mode.
type plan struct {
	warmup, frames int           // per pass, steady cases
	reps           int           // per pass, one-off operations (seek, hitch, bursts)
	budget         time.Duration // wall time after which a pass stops sampling
	minSamples     int
	// roundSamples is the fewest samples a subject takes in a case
	// measured in rounds before the budget may end its rounds: the rounds
	// of every subject at 100,000 particles take about ten seconds each,
	// and a budget of passes' length stopped a full run's after 11.
	roundSamples int
	steadyCounts []int
	seekCounts   []int
	longFrames   int
	longCount    int
}

func (d *driver) plan() plan {
	if d.o.quick {
		return plan{
			warmup: 6, frames: 25, reps: 3, budget: 400 * time.Millisecond, minSamples: 5, roundSamples: 5,
			steadyCounts: []int{1000, 10000, 100000}, seekCounts: []int{500, 1000},
			longFrames: 240, longCount: 2000,
		}
	}
	return plan{
		warmup: 20, frames: 120, reps: 7, budget: 5 * time.Second, minSamples: 10, roundSamples: 30,
		steadyCounts: []int{1000, 4000, 10000, 100000}, seekCounts: []int{500, 1000, 10000},
		longFrames: 3000, longCount: 10000,
	}
}

// kase is one measured case: a scenario at a count, measured one way.
type kase struct {
	name      string
	particles int
	scenario  func() benchmarks.Scenario
	measure   func(d *driver, s benchmarks.Subject, sc *benchmarks.Scenario, p plan) pass
	// skip returns a reason to leave a subject out, or "".
	skip func(subject string) string
	// steady, when set, measures the case in rounds (runRounds) instead of
	// by measure, unless -abba is given.
	steady bool
	// only, when set, lists the subjects the case is for; the others are
	// left out without a note.
	only []string
}

// pass is one subject's run of one case.
type pass struct {
	checked          bool      // the subject is a benchmarks.PathChecker
	fallbacks, drawn int       // its counts over the pass
	samples          []float64 // CPU ms of the game's thread
	walls            []float64 // wall ms of the same samples
	live             int
	alloc            float64 // bytes inside the timed work
	gcs              uint32  // process-wide GC cycles during the pass
	frames           int     // frames the alloc and GC figures cover
	measured         bool
}

// readPath records, for a path-checked subject s (ember-gpu), that it is
// one and its fallbacks and GPU draws so far.
func (ps *pass) readPath(s benchmarks.Subject) {
	if pc, ok := s.(benchmarks.PathChecker); ok {
		ps.checked = true
		ps.fallbacks, ps.drawn = pc.PathFallbacks()
	}
}

func (d *driver) run() error {
	d.start = time.Now()
	tw, th := d.targetSize()
	d.loop.do(func() {
		d.target = ebiten.NewImage(tw, th)
		d.corner = d.target.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	})
	if d.o.pngDir != "" {
		if err := d.writeFrames(); err != nil {
			return err
		}
	}
	p := d.plan()
	cases := d.cases(p)
	for i, c := range cases {
		if d.o.filter != nil && !d.o.filter.MatchString(c.name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "[%3.0fs] %d/%d %s %d\n", time.Since(d.start).Seconds(), i+1, len(cases), c.name, c.particles)
		if err := d.runCase(c, p); err != nil {
			return fmt.Errorf("%s %d: %w", c.name, c.particles, err)
		}
	}
	if err := d.runWorld(p); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "[%3.0fs] done\n", time.Since(d.start).Seconds())
	return d.report(p)
}

// runCase runs a steady case in rounds (runRounds), and the others with
// the subjects in A-B-B-A order, keeping each one's better median.
func (d *driver) runCase(c kase, p plan) error {
	var names []string
	for _, n := range d.o.subjects {
		if c.only != nil && !slices.Contains(c.only, n) {
			continue
		}
		if c.skip != nil {
			if why := c.skip(n); why != "" {
				d.skipped = append(d.skipped, skip{c.name, c.particles, n, why})
				continue
			}
		}
		names = append(names, n)
	}
	if c.steady && !d.o.abba {
		err := d.runRounds(c, p, names)
		runtime.GC()
		return err
	}
	order := append(slices.Clone(names), reversed(names)...)
	passes := map[string][]pass{}
	fellBack := map[string]bool{}
	effects := len(c.scenario().Effects)
	for _, n := range order {
		if fellBack[n] {
			continue // its first pass already fell back: no second one
		}
		s, sc, err := d.setUp(c, n)
		if err != nil {
			return err
		}
		t0 := time.Now()
		ps := c.measure(d, s, sc, p)
		d.loop.do(s.Close)
		ps.readPath(s)
		if d.o.verbose {
			fmt.Fprintf(os.Stderr, "\t%-16s %5.2fs wall, %d samples, median %.3f ms CPU (%.3f ms wall), fallbacks %d\n", n, time.Since(t0).Seconds(), len(ps.samples), median(ps.samples), median(ps.walls), ps.fallbacks)
		}
		passes[n] = append(passes[n], ps)
		if ps.fallbacks > 0 {
			fellBack[n] = true
		}
	}
	for _, n := range names {
		if fellBack[n] {
			ps := passes[n][len(passes[n])-1]
			d.fellBack(c, n, &ps)
			continue
		}
		r := summarize(c, n, passes[n])
		r.Effects = effects
		if passes[n][0].checked {
			drawn := 0
			for _, ps := range passes[n] {
				drawn += ps.drawn
			}
			r.GPUDraws = &drawn
		}
		d.results = append(d.results, r)
	}
	runtime.GC()
	return nil
}

// fellBack records that subject n fell back from its path in case c, with
// the counts of its pass ps: n/a in the table.
func (d *driver) fellBack(c kase, n string, ps *pass) {
	d.fallbacks = append(d.fallbacks, skip{c.name, c.particles, n, fmt.Sprintf(
		"n/a (falls back): %d of %d effect draws exceeded the path's limits and were drawn batched", ps.fallbacks, ps.fallbacks+ps.drawn)})
}

// setUp makes subject n and sets it up, in the game loop, on case c's
// scenario at the run's scale, which it returns beside it.
func (d *driver) setUp(c kase, n string) (benchmarks.Subject, *benchmarks.Scenario, error) {
	s, err := benchmarks.NewSubject(n)
	if err != nil {
		return nil, nil, err
	}
	sc := c.scenario().Scaled(d.o.scale)
	d.loop.do(func() { err = s.Setup(&sc) })
	if err != nil {
		return nil, nil, fmt.Errorf("%s: setup: %w", n, err)
	}
	return s, &sc, nil
}

// targetSize is the measured target: the scene scaled by -scale.
func (d *driver) targetSize() (w, h int) {
	return max(1, int(math.Round(sceneW*d.o.scale))), max(1, int(math.Round(sceneH*d.o.scale)))
}

func reversed(s []string) []string {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

func summarize(c kase, name string, ps []pass) result {
	r := result{Scenario: c.name, Particles: c.particles, Subject: name, Live: ps[0].live}
	best, bestWall := -1.0, -1.0
	var alloc float64
	var gcs uint32
	frames := 0
	for _, p := range ps {
		m := median(p.samples)
		r.PassMedians = append(r.PassMedians, m)
		r.Samples = append(r.Samples, len(p.samples))
		if best < 0 || m < best {
			best = m
		}
		if w := median(p.walls); bestWall < 0 || w < bestWall {
			bestWall = w
		}
		alloc += p.alloc
		gcs += p.gcs
		frames += p.frames
	}
	r.CPUMs, r.WallMs = best, bestWall
	if ps[0].measured && frames > 0 {
		a := alloc / float64(frames) * 1000
		g := float64(gcs) / float64(frames) * 1000
		r.AllocBytesPer1000, r.GCPer1000 = &a, &g
	}
	return r
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// timed runs op as one frame's measured work on a cleared target and
// returns the CPU time it took the game's thread and its wall time, in ms.
// Before it, reading a pixel back waits for the
// previous frames' rendering, so that llvmpipe's threads do not compete
// with the measurement; that and clearing are outside it. The frame's work
// (every subject's updates, vertex building and Ebitengine's queueing of
// the draws) runs on that thread; the GPU's, flushed after Update, does
// not. Thread CPU time rather than wall time: on this shared 2-core
// machine a frame preempted by another process would count the other's
// work.
func (d *driver) timed(op func(dst *ebiten.Image)) (cpuMs, wallMs float64) {
	var cpu, el time.Duration
	d.loop.do(func() {
		d.sync()
		d.target.Clear()
		cpu, el = measured(func() { op(d.target) })
	})
	return float64(cpu.Nanoseconds()) / 1e6, float64(el.Nanoseconds()) / 1e6
}

// measured runs f locked to its OS thread and returns the thread's CPU
// time and the wall time it took (the wall time twice where the system
// does not measure a thread's CPU time).
func measured(f func()) (cpu, wall time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, t0 := threadCPU(), time.Now()
	f()
	wall = time.Since(t0)
	if c1 := threadCPU(); c0 >= 0 && c1 >= 0 {
		return c1 - c0, wall
	}
	return wall, wall
}

// add records one timed sample, CPU and wall ms.
func (ps *pass) add(cpuMs, wallMs float64) {
	ps.samples = append(ps.samples, cpuMs)
	ps.walls = append(ps.walls, wallMs)
}

// sync waits until the GPU has drawn everything submitted so far.
func (d *driver) sync() {
	d.corner.ReadPixels(d.pixel[:])
}

// untimed runs op as one frame without measuring it.
func (d *driver) untimed(op func(dst *ebiten.Image)) {
	d.loop.do(func() {
		d.target.Clear()
		op(d.target)
	})
}

// enough reports whether a pass may stop sampling: it has its samples, or
// it ran past the budget with the minimum.
func enough(n, want, least int, since time.Time, budget time.Duration) bool {
	return n >= want || (n >= least && time.Since(since) > budget)
}

// prefill is the clock a steady case starts measuring at: past the
// longest life, so the stream is at steady state.
const prefill = 2.5

// gpuWarmup is the warm-up of a path-checked subject (ember-gpu) in a
// quick run's steady cases: its CPU work per frame is constant once its
// rows are written at the first frame, while each frame costs llvmpipe up
// to a second of shading (not a result) in the many-effects cases.
const gpuWarmup = 2

// gpuLongFrames bounds the long run's frames for a path-checked subject
// (ember-gpu): its CPU work per frame is constant, and the allocation
// figures are per 1,000 frames whatever the count.
const gpuLongFrames = 300

// gpuQuickSamples is the fewest samples a path-checked subject takes in a
// quick run's steady cases before its time budget may end the pass.
const gpuQuickSamples = 3

// steadySampling returns the warm-up frames and the fewest samples of
// subject s in a steady case, given the plan's: a path-checked subject
// (ember-gpu) takes fewer in a quick run, because its CPU work per frame
// is constant while llvmpipe's shading of each frame is not a result.
func (d *driver) steadySampling(s benchmarks.Subject, warmup, least int) (int, int) {
	if _, ok := s.(benchmarks.PathChecker); ok && d.o.quick {
		return min(warmup, gpuWarmup), gpuQuickSamples
	}
	return warmup, least
}

// measureSteady runs frames of FrameDT: warm-up, then samples.
func measureSteady(d *driver, s benchmarks.Subject, _ *benchmarks.Scenario, p plan) pass {
	d.loop.do(func() { s.Seek(prefill) })
	frame := func(dst *ebiten.Image) { s.Frame(dst, benchmarks.FrameDT) }
	warmup, least := d.steadySampling(s, p.warmup, p.minSamples)
	for range warmup {
		d.untimed(frame)
	}
	var ps pass
	t0 := time.Now()
	for !enough(len(ps.samples), p.frames, least, t0, p.budget) {
		ps.add(d.timed(frame))
	}
	d.loop.do(func() { ps.live = s.Live() })
	return ps
}

// measureLong runs many frames and records the heap allocated inside the
// timed work and the process's GC cycles.
func measureLong(d *driver, s benchmarks.Subject, _ *benchmarks.Scenario, p plan) pass {
	d.loop.do(func() { s.Seek(prefill) })
	frame := func(dst *ebiten.Image) { s.Frame(dst, benchmarks.FrameDT) }
	for range p.warmup {
		d.untimed(frame)
	}
	ps := pass{measured: true}
	var before, m0, m1 runtime.MemStats
	runtime.ReadMemStats(&before)
	frames := p.longFrames
	if _, ok := s.(benchmarks.PathChecker); ok {
		// llvmpipe shades each of its frames for up to a second: 3,000
		// of them took more than an hour a pass.
		frames = min(frames, gpuLongFrames)
	}
	for range frames {
		var cpu, el time.Duration
		d.loop.do(func() {
			d.target.Clear()
			d.sync()
			runtime.ReadMemStats(&m0)
			cpu, el = measured(func() { frame(d.target) })
			runtime.ReadMemStats(&m1)
		})
		ps.samples = append(ps.samples, float64(cpu.Nanoseconds())/1e6)
		ps.walls = append(ps.walls, float64(el.Nanoseconds())/1e6)
		ps.alloc += float64(m1.TotalAlloc - m0.TotalAlloc)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	ps.gcs = after.NumGC - before.NumGC
	ps.frames = frames
	d.loop.do(func() { ps.live = s.Live() })
	return ps
}

// measureBurst times a burst of n and the frame that shows it: on a cold
// subject (fresh Setup, two empty frames, first burst ever) or a warm one
// (after earlier bursts died).
func measureBurst(n int, cold bool) func(*driver, benchmarks.Subject, *benchmarks.Scenario, plan) pass {
	return func(d *driver, s benchmarks.Subject, sc *benchmarks.Scenario, p plan) pass {
		var ps pass
		frame := func(dst *ebiten.Image) { s.Frame(dst, benchmarks.FrameDT) }
		burst := func(dst *ebiten.Image) {
			s.Burst(0, n)
			s.Frame(dst, benchmarks.FrameDT)
		}
		t0 := time.Now()
		for rep := 0; !enough(rep, p.reps, 2, t0, p.budget); rep++ {
			if cold && rep > 0 {
				// A new subject for every cold burst.
				d.loop.do(s.Close)
				var err error
				d.loop.do(func() { err = s.Setup(sc) })
				if err != nil {
					panic(err)
				}
			}
			d.untimed(frame)
			d.untimed(frame)
			if !cold {
				// Warm the pool: a burst that lives and dies first.
				d.untimed(burst)
				waitDead(d, s)
			}
			ps.add(d.timed(burst))
			d.loop.do(func() { ps.live = max(ps.live, s.Live()) })
			waitDead(d, s)
		}
		return ps
	}
}

// waitDead runs three frames of 1 s: past the longest life.
func waitDead(d *driver, s benchmarks.Subject) {
	for range 3 {
		d.untimed(func(dst *ebiten.Image) { s.Frame(dst, 1) })
	}
}

// burstEvery is the frame interval of the repeated bursts: 0.25 s.
const burstEvery = 15

// measureRepeated bursts every 0.25 s and times every frame (the burst's
// included) once the population is steady.
func measureRepeated(n int) func(*driver, benchmarks.Subject, *benchmarks.Scenario, plan) pass {
	return func(d *driver, s benchmarks.Subject, _ *benchmarks.Scenario, p plan) pass {
		i := 0
		frame := func(dst *ebiten.Image) {
			if i%burstEvery == 0 {
				s.Burst(0, n)
			}
			i++
			s.Frame(dst, benchmarks.FrameDT)
		}
		// Three seconds of bursts, one per 0.25 s frame, reach the steady
		// population.
		for range 12 {
			d.untimed(func(dst *ebiten.Image) {
				s.Burst(0, n)
				s.Frame(dst, 0.25)
			})
		}
		for range p.warmup {
			d.untimed(frame)
		}
		var ps pass
		t0 := time.Now()
		// Whole periods, so bursts are sampled in proportion.
		for len(ps.samples)%burstEvery != 0 || !enough(len(ps.samples), max(p.frames, 2*burstEvery), 2*burstEvery, t0, p.budget) {
			ps.add(d.timed(frame))
		}
		d.loop.do(func() { ps.live = s.Live() })
		return ps
	}
}

// measureSeek times Seek(to) and the frame drawn at the new clock (dt 0).
// With rewind set, the subject first seeks to `to` and then each rep
// rewinds by rewind seconds from where it is.
func measureSeek(to, rewind float64) func(*driver, benchmarks.Subject, *benchmarks.Scenario, plan) pass {
	return func(d *driver, s benchmarks.Subject, _ *benchmarks.Scenario, p plan) pass {
		var ps pass
		clock := to
		if rewind > 0 {
			d.loop.do(func() { s.Seek(to) })
		}
		t0 := time.Now()
		for rep := 0; !enough(rep, p.reps, 2, t0, p.budget); rep++ {
			at := to
			if rewind > 0 {
				clock -= rewind
				at = clock
			} else {
				// Move off the target clock so each seek is a real one.
				d.untimed(func(dst *ebiten.Image) { s.Frame(dst, benchmarks.FrameDT) })
			}
			ps.add(d.timed(func(dst *ebiten.Image) {
				s.Seek(at)
				s.Frame(dst, 0)
			}))
		}
		d.loop.do(func() { ps.live = s.Live() })
		return ps
	}
}

// measureHitch times a 250 ms frame in a steady stream, after ten normal
// frames each time.
func measureHitch(d *driver, s benchmarks.Subject, _ *benchmarks.Scenario, p plan) pass {
	d.loop.do(func() { s.Seek(prefill) })
	frame := func(dst *ebiten.Image) { s.Frame(dst, benchmarks.FrameDT) }
	for range p.warmup {
		d.untimed(frame)
	}
	var ps pass
	t0 := time.Now()
	for rep := 0; !enough(rep, p.reps, 2, t0, p.budget); rep++ {
		for range 10 {
			d.untimed(frame)
		}
		ps.add(d.timed(func(dst *ebiten.Image) { s.Frame(dst, 0.25) }))
	}
	d.loop.do(func() { ps.live = s.Live() })
	return ps
}

// cases lists the scenarios for plan p.
func (d *driver) cases(p plan) []kase {
	w, h := float64(sceneW), float64(sceneH)
	cx, cy := w/2, h*0.55
	var cs []kase
	for _, v := range []benchmarks.Variant{benchmarks.Simple, benchmarks.Full} {
		for _, n := range p.steadyCounts {
			name := "steady-" + v.String()
			cs = append(cs, kase{
				name: name, particles: n,
				scenario: func() benchmarks.Scenario { return benchmarks.Steady(name, v, n, cx, cy) },
				measure:  measureSteady,
				steady:   true,
				skip:     d.slow(n),
			})
		}
	}
	for _, n := range []int{200, 2000} {
		for _, cold := range []bool{true, false} {
			name := "burst-warm"
			if cold {
				name = "burst-cold"
			}
			cs = append(cs, kase{
				name: name, particles: n,
				scenario: func() benchmarks.Scenario {
					return benchmarks.Bursts(name, benchmarks.Full, 1, n, n, w, h)
				},
				measure: measureBurst(n, cold),
			})
		}
	}
	// About 1,000 alive: bursts of n every 0.25 s live 1.5 s on average.
	const repeatAlive = 1000
	full := benchmarks.NewLook(benchmarks.Full)
	repeatN := int(repeatAlive * 0.25 / full.MeanLife())
	cs = append(cs, kase{
		name: "burst-repeat", particles: repeatAlive,
		scenario: func() benchmarks.Scenario {
			return benchmarks.Bursts("burst-repeat", benchmarks.Full, 1, 2*repeatAlive, repeatAlive, w, h)
		},
		measure: measureRepeated(repeatN),
	})
	for _, m := range [][2]int{{100, 100}, {1000, 10}} {
		name := fmt.Sprintf("many-%dx%d", m[0], m[1])
		cs = append(cs, kase{
			name: name, particles: m[0] * m[1],
			scenario: func() benchmarks.Scenario {
				return benchmarks.Grid(name, benchmarks.Full, m[0], m[1], w, h)
			},
			measure: measureSteady,
			steady:  true,
		})
	}
	for _, n := range p.seekCounts {
		for _, sk := range []struct {
			name       string
			to, rewind float64
		}{{"seek-10s", 10, 0}, {"seek-60s", 60, 0}, {"rewind-0.5s", 60, 0.5}} {
			cs = append(cs, kase{
				name: sk.name, particles: n,
				scenario: func() benchmarks.Scenario { return benchmarks.Steady(sk.name, benchmarks.Full, n, cx, cy) },
				measure:  measureSeek(sk.to, sk.rewind),
				skip:     d.slowSeek(n, sk.to),
			})
		}
	}
	hitchN := 10000
	cs = append(cs, kase{
		name: "hitch-250ms", particles: hitchN,
		scenario: func() benchmarks.Scenario { return benchmarks.Steady("hitch-250ms", benchmarks.Full, hitchN, cx, cy) },
		measure:  measureHitch,
	})
	cs = append(cs,
		kase{
			name: "idle-50", particles: 0,
			scenario: func() benchmarks.Scenario {
				return benchmarks.Bursts("idle-50", benchmarks.Full, 50, 100, 0, w, h)
			},
			measure: measureSteady,
			steady:  true,
		},
		kase{
			name: "offscreen-50", particles: 50 * 100,
			scenario: func() benchmarks.Scenario {
				return benchmarks.Offscreen("offscreen-50", benchmarks.Full, 50, 100, w, h)
			},
			measure: measureSteady,
			steady:  true,
		},
		kase{
			name: "long-run", particles: p.longCount,
			scenario: func() benchmarks.Scenario {
				return benchmarks.Steady("long-run", benchmarks.Full, p.longCount, cx, cy)
			},
			measure: measureLong,
		},
	)
	// CPU per effect on each of Ember's paths against the particles per
	// effect: the GPU path's stays flat, the batched path's grows.
	for _, per := range flatPer {
		cs = append(cs, kase{
			name: "gpu-flat", particles: flatEffects * per,
			scenario: func() benchmarks.Scenario {
				return benchmarks.Flat("gpu-flat", benchmarks.Full, flatEffects, per, w, h)
			},
			measure: measureSteady,
			steady:  true,
			only:    []string{benchmarks.NameEmber, benchmarks.NameEmberGPU},
		})
	}
	return cs
}

// The gpu-flat cases: flatEffects effects of each count in flatPer.
const flatEffects = 20

var flatPer = []int{10, 100, 1000}

// slow leaves twodeeparticles out of the quick run at 100k: its removal
// shifts the slice once per dead particle, and warming it up alone would
// take most of the two minutes.
func (d *driver) slow(n int) func(string) string {
	return func(subject string) string {
		if d.o.quick && subject == benchmarks.NameTwoDee && n > 10000 {
			return "quick run: quadratic dead-particle removal makes one pass take tens of seconds (run without -quick)"
		}
		return ""
	}
}

// slowSeek leaves twodeeparticles out of the 60 s seeks from 10k particles
// on (the full run), where one seek re-simulates 3,600 frames.
func (*driver) slowSeek(n int, to float64) func(string) string {
	return func(subject string) string {
		if subject == benchmarks.NameTwoDee && n >= 10000 && to >= 60 {
			return "one seek re-simulates 3,600 frames with quadratic removal: minutes per pass"
		}
		return ""
	}
}
