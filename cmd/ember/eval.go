package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// maxHostEdge is the largest host edge eval accepts, in pixels (the limit
// emitter.NewEffect checks).
const maxHostEdge = 1e9

// secondsFlag is a finite, non-negative number of seconds that remembers
// whether it was set.
type secondsFlag struct {
	v   float64
	set bool
}

func (f *secondsFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.FormatFloat(f.v, 'g', -1, 64)
}

func (f *secondsFlag) Set(s string) error {
	v, err := parseSeconds(s)
	if err != nil {
		return err
	}
	f.v, f.set = v, true
	return nil
}

// maxClock is the longest clock an effect can be set to, in seconds: an
// int64 of ticks (about 414 years).
const maxClock = float64(math.MaxInt64) / emitter.TicksPerSecond

// parseSeconds reads a clock in seconds: finite, not negative, and within
// the clock's range.
func parseSeconds(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%q is not a finite number of seconds", s)
	case v < 0:
		return 0, fmt.Errorf("%q is negative; clocks start at 0", s)
	case v >= maxClock:
		return 0, fmt.Errorf("%q is past the longest clock, %.0f s (about 414 years)", s, maxClock)
	}
	return v + 0, nil // +0 turns -0 into 0
}

// seedFlag is a uint32 seed.
type seedFlag uint32

func (f *seedFlag) String() string {
	if f == nil {
		return "0"
	}
	return strconv.FormatUint(uint64(*f), 10)
}

func (f *seedFlag) Set(s string) error {
	// A prefix picks the base (0x1f, 0o17, 0b101); without one the seed
	// is decimal, leading zeros and all ("010" is ten, not octal eight).
	base := 10
	if len(s) > 1 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		base = 0
	}
	v, err := strconv.ParseUint(s, base, 32)
	if err != nil {
		return fmt.Errorf("%q is not a seed; a seed is a whole number from 0 to %d", s, uint32(math.MaxUint32))
	}
	*f = seedFlag(v)
	return nil
}

// burst is one --emit: Count particles at Time seconds.
type burst struct {
	Count int
	Time  float64
}

// emitFlag collects repeated --emit N[@T0] flags in order.
type emitFlag []burst

func (f *emitFlag) String() string {
	if f == nil {
		return ""
	}
	parts := make([]string, len(*f))
	for i, b := range *f {
		parts[i] = strconv.Itoa(b.Count) + "@" + strconv.FormatFloat(b.Time, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

func (*emitFlag) repeatable() {}

func (f *emitFlag) Set(s string) error {
	// The effect would keep only the last DefaultMaxBursts.
	if len(*f) == emitter.DefaultMaxBursts {
		return fmt.Errorf("more than %d bursts; an effect keeps at most %d", emitter.DefaultMaxBursts, emitter.DefaultMaxBursts)
	}
	b, err := parseEmit(s)
	if err != nil {
		return err
	}
	*f = append(*f, b)
	return nil
}

// parseEmit reads "N" or "N@T0".
func parseEmit(s string) (burst, error) {
	ns, ts, hasT := strings.Cut(s, "@")
	n, err := strconv.Atoi(ns)
	if errors.Is(err, strconv.ErrRange) {
		return burst{}, fmt.Errorf("%q: the count %s is out of range (a burst is capped at the effect's MaxParticles)", s, ns)
	}
	if err != nil {
		return burst{}, fmt.Errorf("%q: the count %q is not a whole number (want N or N@T0)", s, ns)
	}
	if n < 0 {
		return burst{}, fmt.Errorf("%q: the count %d is negative", s, n)
	}
	b := burst{Count: n}
	if hasT {
		if b.Time, err = parseSeconds(ts); err != nil {
			return burst{}, fmt.Errorf("%q: the time %w", s, err)
		}
	}
	return b, nil
}

// hostFlag is the host rectangle "WxH" in pixels.
type hostFlag struct{ W, H float64 }

func (f *hostFlag) String() string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(f.W, 'g', -1, 64) + "x" + strconv.FormatFloat(f.H, 'g', -1, 64)
}

func (f *hostFlag) Set(s string) error {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if !ok {
		return fmt.Errorf("%q is not WxH, such as 200x100", s)
	}
	var v [2]float64
	for i, part := range []string{ws, hs} {
		x, err := strconv.ParseFloat(part, 64)
		if err != nil || !(x > 0 && x <= maxHostEdge) {
			return fmt.Errorf("%q is not WxH with both sides in (0, %g] pixels", s, float64(maxHostEdge))
		}
		v[i] = x
	}
	f.W, f.H = v[0], v[1]
	return nil
}

// evalParticle is one particle of eval's JSON output.
type evalParticle struct {
	Key          uint32     `json:"key"`
	X            float64    `json:"x"`
	Y            float64    `json:"y"`
	Width        float64    `json:"width"`
	Height       float64    `json:"height"`
	Rotation     float64    `json:"rotation"`
	Transparency float64    `json:"transparency"`
	Color        [3]float64 `json:"color"`
	Cell         int        `json:"cell"`
}

// evalFrame is eval's JSON output.
type evalFrame struct {
	Clock     float64        `json:"clock"`
	Particles []evalParticle `json:"particles"`
}

// evalOptions is a parsed eval command line.
type evalOptions struct {
	file   string
	at     float64
	seed   uint32
	bursts []burst
	w, h   float64
	json   bool
}

// runEval is "ember eval FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--json]".
func runEval(args []string, stdout, stderr io.Writer) int {
	o, status, ok := parseEvalArgs(args, stdout, stderr)
	if !ok {
		return status
	}
	spec, err := effectfile.Load(o.file)
	if err != nil {
		printProblems(stderr, err)
		return exitInvalid
	}
	ps, err := evaluate(&spec, o)
	if err != nil {
		fmt.Fprintf(stderr, "ember eval: %v\n", err)
		return exitInvalid
	}
	if o.json {
		err = writeJSON(stdout, o.at, ps)
	} else {
		err = writeTable(stdout, o, ps)
	}
	if err != nil {
		fmt.Fprintf(stderr, "ember eval: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// parseEvalArgs parses eval's command line. ok is false when the command
// should stop with status.
func parseEvalArgs(args []string, stdout, stderr io.Writer) (o evalOptions, status int, ok bool) {
	c := newCommand("eval", "FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--json]", stdout, stderr)
	fs := c.fs
	var (
		at     secondsFlag
		seed   seedFlag
		emits  emitFlag
		host   = hostFlag{200, 100}
		asJSON bool
	)
	fs.Var(&at, "at", "the clock `T` to evaluate, in seconds (required)")
	fs.Var(&seed, "seed", "the fixed seed `S`, 0 to 4294967295")
	fs.Var(&emits, "emit", "a burst of `N[@T0]` particles at T0 seconds (default 0); repeatable, numbered in order")
	fs.Var(&host, "host", "the host rectangle `WxH` in pixels")
	fs.BoolVar(&asJSON, "json", false, "print JSON instead of a table")
	files, status, ok := c.parse(args)
	switch {
	case !ok:
		return o, status, false
	case len(files) != 1:
		return o, c.usageError("want one effect file, got %d", len(files)), false
	case !at.set:
		return o, c.usageError("--at T is required"), false
	}
	return evalOptions{
		file: files[0], at: at.v, seed: uint32(seed), bursts: emits,
		w: host.W, h: host.H, json: asJSON,
	}, exitOK, true
}

// evaluate plays spec from clock 0 as the options say and returns the
// particles alive at the clock.
func evaluate(spec *emitter.Spec, o evalOptions) ([]emitter.Particle, error) {
	snap, err := emitter.NewSnapshot(spec)
	if err != nil {
		return nil, err
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: o.seed, HostWidth: o.w, HostHeight: o.h})
	if err != nil {
		return nil, err
	}
	e.Play()
	for _, b := range o.bursts {
		e.AddBurst(emitter.SecondsToTicks(b.Time), b.Count)
	}
	e.SetTime(o.at)
	return e.AppendParticles(nil), nil
}

func writeJSON(w io.Writer, clock float64, ps []emitter.Particle) error {
	out := evalFrame{Clock: clock, Particles: make([]evalParticle, len(ps))}
	for i, p := range ps {
		out.Particles[i] = evalParticle{
			Key: p.Key, X: p.X, Y: p.Y, Width: p.Width, Height: p.Height,
			Rotation: p.Rotation, Transparency: p.Transparency,
			Color: [3]float64{p.Color.R, p.Color.G, p.Color.B}, Cell: p.Cell,
		}
	}
	return json.NewEncoder(w).Encode(out)
}

func writeTable(w io.Writer, o evalOptions, ps []emitter.Particle) error {
	_, err := fmt.Fprintf(w, "%s at %s s: %d particles (seed %d, host %sx%s px)\n", o.file,
		strconv.FormatFloat(o.at, 'g', -1, 64), len(ps), o.seed,
		strconv.FormatFloat(o.w, 'g', -1, 64), strconv.FormatFloat(o.h, 'g', -1, 64))
	if err != nil || len(ps) == 0 {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "key\tx\ty\twidth\theight\trotation\ttransp.\tcolor r,g,b\tcell\tage\t")
	for _, p := range ps {
		fmt.Fprintf(tw, "%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.1f\t%.3f\t%.3f,%.3f,%.3f\t%d\t%.3f\t\n",
			p.Key, p.X, p.Y, p.Width, p.Height, p.Rotation, p.Transparency,
			p.Color.R, p.Color.G, p.Color.B, p.Cell, p.Age)
	}
	return tw.Flush()
}
