package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
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
	meta := map[string]any{
		"command":    "xvfb-run -a go run ./cmd/compare" + map[bool]string{true: " -quick", false: ""}[d.o.quick],
		"quick":      d.o.quick,
		"scene":      fmt.Sprintf("%dx%d scaled by %g", sceneW, sceneH, d.o.scale),
		"go":         runtime.Version(),
		"os_arch":    runtime.GOOS + "/" + runtime.GOARCH,
		"cpus":       runtime.NumCPU(),
		"subjects":   d.o.subjects,
		"skipped":    d.skipped,
		"notes":      benchmarks.Notes,
		"method":     "CPU time of Subject.Frame (update + building + submitting the draw) measured with time.Now inside Ebitengine's Update under Xvfb; A-B-B-A order within one process; warm-up frames first; better of two pass medians; ratios are the result",
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
	for _, v := range []string{"full", "simple"} {
		if err := d.chart("steady-"+v, filepath.Join(d.o.out, "steady-"+v+".png")); err != nil {
			return err
		}
	}
	return nil
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
	for _, v := range []string{"full", "simple"} {
		if err := d.chart("steady-"+v, filepath.Join(o.out, "steady-"+v+".png")); err != nil {
			return err
		}
	}
	return nil
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
	skipped := map[caseKey]map[string]bool{}
	for _, s := range d.skipped {
		k := caseKey{s.Scenario, s.Particles}
		if skipped[k] == nil {
			skipped[k] = map[string]bool{}
		}
		skipped[k][s.Subject] = true
	}
	ratios := func(title, base string) {
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
				case !have || !ok || ref.CPUMs <= 0 || (base == benchmarks.NameAPIFloor && k.particles == 0):
					fmt.Fprint(tw, "-\t")
				default:
					fmt.Fprintf(tw, "%.2f\t", r.CPUMs/ref.CPUMs)
				}
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	ratios("CPU per frame relative to ember (subject / ember; above 1: Ember spends less)", benchmarks.NameEmber)
	ratios("CPU per frame relative to api-floor (subject / api-floor; the floor re-submits unchanged vertices)", benchmarks.NameAPIFloor)

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
	if len(d.skipped) > 0 {
		fmt.Fprintf(w, "\nSkipped:\n")
		for _, s := range d.skipped {
			fmt.Fprintf(w, "  %s %d %s: %s\n", s.Scenario, s.Particles, s.Subject, s.Reason)
		}
	}
}

// chart plots ns per particle against the particle count (log-log) of one
// steady scenario, a line per subject.
func (d *driver) chart(scenario, path string) error {
	p := plot.New()
	p.Title.Text = scenario + ": CPU per particle per frame (this machine; compare the lines)"
	p.X.Label.Text = "live particles"
	p.Y.Label.Text = "ns per particle"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks125{}, ticks125{}
	p.Legend.Top = true
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
	if len(lines) == 0 {
		return nil
	}
	if err := plotutil.AddLinePoints(p, lines...); err != nil {
		return err
	}
	// Head room for the legend above the lines.
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
