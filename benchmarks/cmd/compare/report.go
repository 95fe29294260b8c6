package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/emberfx/ember/benchmarks"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// report prints the tables and writes the files.
func (d *driver) report(p plan) error {
	var b strings.Builder
	d.table(&b)
	d.worldTable(&b)
	fmt.Print(b.String())
	if d.o.out == "" {
		return nil
	}
	if err := os.MkdirAll(d.o.out, 0o755); err != nil {
		return err
	}
	results := d.results
	if results == nil {
		results = []result{}
	}
	if err := writeJSON(filepath.Join(d.o.out, "results.json"), results); err != nil {
		return err
	}
	if err := d.writeWorld(); err != nil {
		return err
	}
	meta := map[string]any{
		"command":    "xvfb-run -a go run ./cmd/compare" + map[bool]string{true: " -quick", false: ""}[d.o.quick],
		"quick":      d.o.quick,
		"scene":      fmt.Sprintf("%dx%d scaled by %g", sceneW, sceneH, d.o.scale),
		"go":         runtime.Version(),
		"os_arch":    runtime.GOOS + "/" + runtime.GOARCH,
		"cpus":       runtime.NumCPU(),
		"subjects":   d.o.subjects,
		"skipped":    d.skipped,
		"fallbacks":  d.fallbacks,
		"library":    libraryVersion(),
		"notes":      benchmarks.Notes,
		"method":     "CPU time of Subject.Frame (update + building + submitting the draw) measured as the game thread's CPU time (CLOCK_THREAD_CPUTIME_ID; wall time beside it) inside Ebitengine's Update under Xvfb; the steady cases (steady-*, many-*, idle, offscreen, gpu-flat) in rounds of one frame of every subject, order alternating, the median of each subject's samples (-abba: as the others); the other cases in A-B-B-A order within one process, the better of two pass medians; warm-up frames first; ratios are the result",
		"frames":     map[string]int{"warmup": p.warmup, "sampled": p.frames, "reps": p.reps, "long_run": p.longFrames},
		"wall_secs":  time.Since(d.start).Seconds(),
		"written_at": time.Now().UTC().Format(time.RFC3339),
	}
	if err := writeJSON(filepath.Join(d.o.out, "run.json"), meta); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(d.o.out, "table.txt"), []byte(b.String()), 0o644); err != nil {
		return err
	}
	return d.charts(d.o.out)
}

// charts writes the charts into dir: ns per particle of the steady
// scenarios, and µs per effect of gpu-flat.
func (d *driver) charts(dir string) error {
	for _, v := range []string{"full", "simple"} {
		if err := d.chart("steady-"+v, filepath.Join(dir, "steady-"+v+".png")); err != nil {
			return err
		}
	}
	return d.flatChart(filepath.Join(dir, "gpu-flat.png"))
}

// libraryVersion names the library's commit (the replace directive's
// ../), with "+ uncommitted changes" when its files outside benchmarks/
// differ from it; "unknown" without git.
func libraryVersion() string {
	out, err := exec.Command("git", "-C", "..", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	v := "commit " + strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", "..", "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)benchmarks").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		v += " + uncommitted changes"
	}
	return v
}

// replotResults prints the table of a results.json and redraws its charts
// into o.out, for the subjects it holds.
func replotResults(path string, o options) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	d := &driver{o: o}
	if err := json.Unmarshal(data, &d.results); err != nil {
		return err
	}
	// The skipped and fallen-back cases, from the run.json beside it.
	if meta, err := os.ReadFile(filepath.Join(filepath.Dir(path), "run.json")); err == nil {
		var m struct {
			Skipped   []skip `json:"skipped"`
			Fallbacks []skip `json:"fallbacks"`
		}
		if err := json.Unmarshal(meta, &m); err != nil {
			return fmt.Errorf("run.json: %w", err)
		}
		d.skipped, d.fallbacks = m.Skipped, m.Fallbacks
	}
	have := map[string]bool{}
	for _, r := range d.results {
		have[r.Subject] = true
	}
	var subjects []string
	for _, s := range o.subjects {
		if have[s] {
			subjects = append(subjects, s)
		}
	}
	d.o.subjects = subjects
	d.table(os.Stdout)
	if o.out == "" {
		return nil
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	return d.charts(o.out)
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// caseKey identifies a row.
type caseKey struct {
	scenario  string
	particles int
}

// rows returns the cases in the order they ran and each one's results by
// subject.
func (d *driver) rows() ([]caseKey, map[caseKey]map[string]result) {
	var order []caseKey
	by := map[caseKey]map[string]result{}
	for _, r := range d.results {
		k := caseKey{r.Scenario, r.Particles}
		if by[k] == nil {
			by[k] = map[string]result{}
			order = append(order, k)
		}
		by[k][r.Subject] = r
	}
	return order, by
}

// table writes the ratio tables and the allocation table.
func (d *driver) table(w io.Writer) {
	order, by := d.rows()
	mark := func(list []skip) map[caseKey]map[string]bool {
		m := map[caseKey]map[string]bool{}
		for _, s := range list {
			k := caseKey{s.Scenario, s.Particles}
			if m[k] == nil {
				m[k] = map[string]bool{}
			}
			m[k][s.Subject] = true
		}
		return m
	}
	skipped, fellBack := mark(d.skipped), mark(d.fallbacks)
	ratios := func(title, base string) {
		if !slices.Contains(d.o.subjects, base) {
			return // a base this run left out: a table of dashes
		}
		fmt.Fprintf(w, "\n%s\n", title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "case\tparticles\t")
		for _, s := range d.o.subjects {
			fmt.Fprintf(tw, "%s\t", s)
		}
		fmt.Fprintln(tw)
		for _, k := range order {
			fmt.Fprintf(tw, "%s\t%d\t", k.scenario, k.particles)
			ref, ok := by[k][base]
			for _, s := range d.o.subjects {
				r, have := by[k][s]
				switch {
				case skipped[k][s]:
					fmt.Fprint(tw, "skip\t")
				case fellBack[k][s]:
					fmt.Fprint(tw, "n/a\t")
				case !have || !ok || ref.CPUMs <= 0 || (benchmarks.IsFloor(base) && k.particles == 0):
					fmt.Fprint(tw, "-\t")
				default:
					fmt.Fprintf(tw, "%.2f\t", r.CPUMs/ref.CPUMs)
				}
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	ratios("CPU per frame relative to ember (subject / ember; above 1: Ember spends less; n/a: falls back, see below)", benchmarks.NameEmber)
	ratios("CPU per frame relative to api-floor (subject / api-floor; the floor re-submits unchanged vertices)", benchmarks.NameAPIFloor)
	ratios("CPU per frame relative to ember-floor (subject / ember-floor; Ebitengine's submission of Ember's vertex layout, unchanged vertices)", benchmarks.NameEmberFloor)
	ratios("CPU per frame relative to ember-floor-hot (subject / ember-floor-hot; the same, every call's vertices read from the cache)", benchmarks.NameEmberFloorHot)
	d.roundsTable(w, order, by)
	d.flatTable(w)

	var long []result
	for _, r := range d.results {
		if r.AllocBytesPer1000 != nil {
			long = append(long, r)
		}
	}
	if len(long) > 0 {
		fmt.Fprintf(w, "\nLong run, per 1,000 frames: heap allocated inside the timed work, and GC cycles of the whole process\n")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "subject\tparticles\tbytes\tGC cycles\t")
		for _, r := range long {
			fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.1f\t\n", r.Subject, r.Particles, *r.AllocBytesPer1000, *r.GCPer1000)
		}
		tw.Flush()
	}
	if len(d.fallbacks) > 0 {
		fmt.Fprintf(w, "\nNot applicable (the effects exceed the path's limits at some frame, and the renderer fell back; nothing is reported for the path):\n")
		for _, s := range d.fallbacks {
			fmt.Fprintf(w, "  %s %d %s: %s\n", s.Scenario, s.Particles, s.Subject, s.Reason)
		}
	}
	if len(d.skipped) > 0 {
		fmt.Fprintf(w, "\nSkipped:\n")
		for _, s := range d.skipped {
			fmt.Fprintf(w, "  %s %d %s: %s\n", s.Scenario, s.Particles, s.Subject, s.Reason)
		}
	}
}

// roundsTable writes, for the cases measured in rounds, Ember's CPU over
// each other subject's in the same round: the median and quartiles over
// the rounds, the spread of the ratio within this run.
func (d *driver) roundsTable(w io.Writer, order []caseKey, by map[caseKey]map[string]result) {
	var others []string
	for _, s := range d.o.subjects {
		if s == benchmarks.NameEmber {
			continue
		}
		for _, k := range order {
			if r, ok := by[k][s]; ok && r.EmberPerRound != nil {
				others = append(others, s)
				break
			}
		}
	}
	if len(others) == 0 {
		return
	}
	fmt.Fprintf(w, "\nEmber / subject, frame by frame in the same round (cases measured in rounds): median [25th, 75th percentile]\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "case\tparticles\t")
	for _, s := range others {
		fmt.Fprintf(tw, "%s\t", s)
	}
	fmt.Fprintln(tw)
	for _, k := range order {
		if e, ok := by[k][benchmarks.NameEmber]; !ok || !e.Interleaved || k.particles == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t", k.scenario, k.particles)
		for _, s := range others {
			if p := by[k][s].EmberPerRound; p != nil {
				fmt.Fprintf(tw, "%.2f [%.2f, %.2f]\t", p.Median, p.P25, p.P75)
			} else {
				fmt.Fprint(tw, "-\t")
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// flatRows returns gpu-flat's results of subject by particles per effect,
// in ascending order, as microseconds of CPU per effect per frame.
func (d *driver) flatRows(subject string) (per []int, us []float64) {
	for _, r := range d.results {
		if r.Scenario == "gpu-flat" && r.Subject == subject && r.Effects > 0 {
			per = append(per, r.Particles/r.Effects)
			us = append(us, r.CPUMs*1000/float64(r.Effects))
		}
	}
	return per, us
}

// flatTable writes gpu-flat's CPU per effect per frame on each of
// Ember's paths, and its growth from the fewest particles per effect.
func (d *driver) flatTable(w io.Writer) {
	subjects := []string{benchmarks.NameEmber, benchmarks.NameEmberGPU}
	per, _ := d.flatRows(benchmarks.NameEmberGPU)
	if len(per) == 0 {
		return
	}
	fmt.Fprintf(w, "\ngpu-flat: CPU per effect per frame, %d small effects (µs, this run; growth: relative to the first row)\n", flatEffects)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "particles per effect\t")
	for _, s := range subjects {
		fmt.Fprintf(tw, "%s µs\tgrowth\t", s)
	}
	fmt.Fprintln(tw)
	cols := map[string]map[int]float64{}
	for _, s := range subjects {
		cols[s] = map[int]float64{}
		ps, us := d.flatRows(s)
		for i := range ps {
			cols[s][ps[i]] = us[i]
		}
	}
	for _, n := range per {
		fmt.Fprintf(tw, "%d\t", n)
		for _, s := range subjects {
			v, ok := cols[s][n]
			base, okb := cols[s][per[0]]
			if !ok || !okb || base <= 0 {
				fmt.Fprint(tw, "-\t-\t")
				continue
			}
			fmt.Fprintf(tw, "%.2f\t%.2f\t", v, v/base)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// flatChart plots gpu-flat's µs per effect against the particles per
// effect (log-log), a line per path.
func (d *driver) flatChart(path string) error {
	p := logLogPlot("gpu-flat: CPU per effect per frame (this machine; compare the lines)", "particles per effect", "µs per effect")
	var lines []any
	top := 0.0
	for _, s := range []string{benchmarks.NameEmber, benchmarks.NameEmberGPU} {
		per, us := d.flatRows(s)
		var xys plotter.XYs
		for i := range per {
			if us[i] > 0 {
				xys = append(xys, plotter.XY{X: float64(per[i]), Y: us[i]})
				top = max(top, us[i])
			}
		}
		if len(xys) > 0 {
			lines = append(lines, s, xys)
		}
	}
	return saveLines(p, lines, top, path)
}

// chart plots ns per particle against the particle count (log-log) of one
// steady scenario, a line per subject.
func (d *driver) chart(scenario, path string) error {
	p := logLogPlot(scenario+": CPU per particle per frame (this machine; compare the lines)", "live particles", "ns per particle")
	var lines []any
	top := 0.0
	for _, s := range d.o.subjects {
		var xys plotter.XYs
		for _, r := range d.results {
			if r.Scenario == scenario && r.Subject == s && r.Particles > 0 && r.CPUMs > 0 {
				y := r.CPUMs * 1e6 / float64(r.Particles)
				xys = append(xys, plotter.XY{X: float64(r.Particles), Y: y})
				top = max(top, y)
			}
		}
		if len(xys) > 0 {
			lines = append(lines, s, xys)
		}
	}
	return saveLines(p, lines, top, path)
}

// logLogPlot returns an empty log-log plot with its titles and the legend
// on top.
func logLogPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks125{}, ticks125{}
	p.Legend.Top = true
	return p
}

// saveLines adds the named lines (name, XYs pairs) to p and writes it to
// path as an 8 × 5 inch PNG, with head room for the legend above the
// highest point top; with no line it writes nothing.
func saveLines(p *plot.Plot, lines []any, top float64, path string) error {
	if len(lines) == 0 {
		return nil
	}
	if err := plotutil.AddLinePoints(p, lines...); err != nil {
		return err
	}
	p.Y.Max = top * 8
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}

// ticks125 marks 1, 2 and 5 times each power of ten, labelling them all.
type ticks125 struct{}

func (ticks125) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= lo && v <= hi {
				ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
			}
		}
	}
	return ts
}
