// Command compare measures Ember against the other particle emitters of
// package benchmarks, inside a running Ebitengine game so that every draw
// call is real.
//
// Usage, from benchmarks/:
//
//	xvfb-run -a go run ./cmd/compare [-quick] [-out results] [-png DIR] [-run REGEXP] [-subjects a,b]
//
// Scenarios are laid out on a 320 x 240 scene. The measured scene is that
// scene scaled by -scale (default 1/8: a 40 x 30 target, particles of about
// a pixel): no subject's CPU work per particle depends on pixel sizes, and
// the software rasterizer's fill, which is not a result, would otherwise
// dominate the run's wall time and compete with the measurement for the
// cores. The -png frames are drawn at full scale.
//
// The steady cases (steady-*, many-*, idle-50, offscreen-50 and gpu-flat)
// run in rounds: every subject is set up and warmed up at once, each round
// times one frame of each subject in an order that changes from round to
// round, and a subject's result is the median of its samples. The table
// then also shows Ember's CPU over each other subject's in the same round
// (the median and quartiles over the rounds). A slow drift of this shared
// machine reaches every subject of such a case alike; -abba measures them
// as the other cases. The other cases (bursts, seeks, the hitch, the long
// run) run back to back in A-B-B-A order within this process: warm-up
// frames first, then sampled frames, each pass keeping the median, and the
// better of a subject's two medians is its result.
//
// What is timed is the particle work of a frame only (update, building and
// submitting the draw): the CPU time of the game's thread around exactly
// that call (CLOCK_THREAD_CPUTIME_ID, so that other processes preempting
// it on a shared machine do not count; the wall time is reported beside
// it); the GPU's (llvmpipe's) rasterization happens after it and is not a
// result. The table shows ratios only: absolute times change from minute
// to minute on a shared machine, ratios of subjects run side by side hold.
//
// ember-gpu (the GPU-evaluated path) is measured only where every effect
// stays within that path's limits: a subject implementing
// benchmarks.PathChecker that reports any fallback in a case is shown as
// n/a there (listed in the table and in run.json's "fallbacks"), and
// nothing is reported for it. The gpu-flat cases (20 small effects of 10,
// 100 and 1,000 particles each, ember and ember-gpu only) show the CPU per
// effect per frame of each path against the particle count.
//
// It writes OUT/results.json (a list of {scenario, particles, subject,
// cpu_ms_per_frame, effects, ...}), OUT/run.json (the run's settings,
// skipped and fallen-back cases, the library's commit and the subjects'
// notes), OUT/table.txt and the charts OUT/steady-full.png and
// OUT/steady-simple.png (ns per particle against the particle count) and
// OUT/gpu-flat.png (µs per effect against the particles per effect). With
// -png DIR it also writes one PNG per subject and variant of the same
// steady-state frame, to compare them by eye.
//
// The game's 64 x 64 window is shown and focused, because Ebitengine
// throttles a hidden or unfocused window to 60 frames per second, which only
// makes the run longer (-hidden hides it anyway); under xvfb-run it appears
// nowhere. Vsync is off and Update runs once per frame.
//
// Without a display it says so and exits with status 2.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"runtime/pprof"
	"strings"

	"github.com/emberfx/ember/benchmarks"
	"github.com/hajimehoshi/ebiten/v2"
)

func main() {
	var o options
	flag.BoolVar(&o.quick, "quick", false, "fewer counts and frames: a run of under two minutes on 2 cores (ember-gpu takes fewer samples: llvmpipe's shading of its frames is slow and not a result)")
	flag.BoolVar(&o.abba, "abba", false, "measure the steady cases as the others, in A-B-B-A passes of one subject at a time, instead of in rounds of one frame of each subject")
	flag.BoolVar(&o.verbose, "v", false, "log each pass's wall time, sample count and median CPU and wall time per frame")
	flag.StringVar(&o.out, "out", "results", "directory for results.json, run.json, table.txt and the charts (empty: none)")
	flag.StringVar(&o.pngDir, "png", "", "also write one PNG per subject of the same steady-state frame to this directory")
	run := flag.String("run", "", "only the cases whose name matches this regular expression")
	subjects := flag.String("subjects", "", "comma-separated subjects (default: all)")
	replot := flag.String("replot", "", "redraw the table and charts of an existing results.json into -out (no display needed) and exit")
	hidden := flag.Bool("hidden", false, "hide the window (Ebitengine then throttles to 60 frames per second: a much longer run)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	flag.Float64Var(&o.scale, "scale", 0.125, "scale of the measured scene (320x240 at 1): lengths and the target shrink alike, so llvmpipe's fill stays small")
	flag.Parse()

	var err error
	if *run != "" {
		if o.filter, err = regexp.Compile(*run); err != nil {
			fail(2, "compare: -run: %v", err)
		}
	}
	if !(o.scale > 0 && o.scale <= 4) {
		fail(2, "compare: -scale must be in (0, 4]")
	}
	o.subjects = subjectNames(*subjects)
	if len(o.subjects) == 0 {
		fail(2, "compare: -subjects: no known subject in %q", *subjects)
	}
	if *replot != "" {
		if err := replotResults(*replot, o); err != nil {
			fail(1, "compare: -replot: %v", err)
		}
		return
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fail(2, "compare: no display (DISPLAY is not set): the draws must be real, run it under Xvfb:\n\txvfb-run -a go run ./cmd/compare")
	}

	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(2, "compare: -cpuprofile: %v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(2, "compare: -cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	g := newLoop()
	d := &driver{o: o, loop: g}
	go func() {
		defer g.finish()
		d.err = d.run()
	}()
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowTitle("ember benchmarks")
	ebiten.SetWindowVisible(!*hidden)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: *hidden}); err != nil {
		fail(1, "compare: the game could not run (%v); is the display reachable? try xvfb-run -a", err)
	}
	if !g.started {
		fail(1, "compare: the game ended before running")
	}
	if d.err != nil {
		fail(1, "compare: %v", d.err)
	}
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(code)
}

// subjectNames resolves the -subjects list against the registered
// subjects, keeping the registry's order.
func subjectNames(list string) []string {
	var out []string
	want := map[string]bool{}
	for _, s := range strings.Split(list, ",") {
		if s = strings.TrimSpace(s); s != "" {
			want[s] = true
		}
	}
	for _, f := range benchmarks.Factories {
		if len(want) == 0 || want[f.Name] {
			out = append(out, f.Name)
		}
	}
	return out
}

// loop is the game: each Update runs one job handed over by the driver
// goroutine, so that each job is one real frame (Ebitengine flushes the
// draws after Update returns), and the driver reads as straight-line code.
type loop struct {
	jobs    chan func()
	done    chan struct{}
	started bool
}

func newLoop() *loop { return &loop{jobs: make(chan func()), done: make(chan struct{})} }

// do runs f inside the next Update and waits for it.
func (l *loop) do(f func()) {
	l.jobs <- f
	<-l.done
}

// finish ends the game after the last job.
func (l *loop) finish() { close(l.jobs) }

func (l *loop) Update() error {
	l.started = true
	f, ok := <-l.jobs
	if !ok {
		return ebiten.Termination
	}
	f()
	l.done <- struct{}{}
	return nil
}

func (l *loop) Draw(*ebiten.Image) {}

func (l *loop) Layout(int, int) (int, int) { return 64, 64 }
