package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// runCLI runs the command line args and returns the exit status and output.
func runCLI(args ...string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(args, &out, &errOut)
	return status, out.String(), errOut.String()
}

func examples(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("../../examples/effects/*")
	if err != nil || len(paths) < 4 {
		t.Fatalf("example effects: %v, %d files", err, len(paths))
	}
	return paths
}

func writeFile(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestValidateExamples(t *testing.T) {
	status, out, errOut := runCLI(append([]string{"validate"}, examples(t)...)...)
	if status != 0 || out != "" || errOut != "" {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

func TestValidateProblems(t *testing.T) {
	bad := writeFile(t, "bad.yaml", `Rate: -1
Lifetime: {Min: 2, Max: 1}
Size:
  - {Time: 0, Value: 1}
  - {Time: 0.6, Value: 2}
  - {Time: 0.5, Value: 3}
  - {Time: 1, Value: 4}
Shpe: Disc
`)
	good := writeFile(t, "good.json", `{"Rate": 3}`)
	missing := filepath.Join(t.TempDir(), "missing.yaml")
	status, out, errOut := runCLI("validate", good, bad, missing)
	want := bad + ":1: Rate: -1 is out of range [0, 1e+06]\n" +
		bad + ":2: Lifetime: Min 2 is greater than Max 1\n" +
		bad + ":6: Size[2].Time: 0.5 is not after the previous keypoint's 0.6; times must strictly increase\n" +
		bad + ":8: Shpe: unknown field; did you mean Shape?\n" +
		missing + ": cannot read the file: no such file or directory\n"
	if status != 1 || out != "" || errOut != want {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant:\n%s", status, out, errOut, want)
	}
	if status, _, errOut := runCLI("validate", good); status != 0 || errOut != "" {
		t.Errorf("good file alone: status %d, stderr %q", status, errOut)
	}
}

func TestUsage(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		status int
		stderr string // a substring of stderr; "" means stderr is empty
		stdout string // a substring of stdout
	}{
		{"args nil, status 2, stderr \"usage:\"", nil, 2, "usage:", ""},
		{"frobnicate, status 2, stderr `unknown command \"frobni…", []string{"frobnicate"}, 2, `unknown command "frobnicate"`, ""},
		{"validate, status 2, stderr \"no effect files given\"", []string{"validate"}, 2, "no effect files given", ""},
		{"validate --bogus x.yaml, status 2, stderr \"flag provided but not d…", []string{"validate", "--bogus", "x.yaml"}, 2, "flag provided but not defined: -bogus", ""},
		{"help, status 0, stderr \"\"", []string{"help"}, 0, "", "ember eval FILE --at T"},
		{"--help, status 0, stderr \"\"", []string{"--help"}, 0, "", "ember validate [--allow-outside] FILE..."},
		{"help eval, status 0, stderr \"\"", []string{"help", "eval"}, 0, "", "-emit N[@T0]"},
		{"help nope, status 2, stderr `unknown command \"nope\"`", []string{"help", "nope"}, 2, `unknown command "nope"`, ""},
		{"eval -h, status 0, stdout \"usage: ember eval\"", []string{"eval", "-h"}, 0, "", "usage: ember eval"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, out, errOut := runCLI(c.args...)
			if status != c.status || !strings.Contains(out, c.stdout) ||
				(c.stderr == "" && errOut != "") || !strings.Contains(errOut, c.stderr) {
				t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, status, out, errOut)
			}
		})
	}
}

// TestUsageErrors: a usage error of every command is one line saying what
// is wrong and one with the synopsis and where the help is, never the
// whole flag list.
func TestUsageErrors(t *testing.T) {
	fx := writeFile(t, "fx.yaml", "Rate: 1\n")
	for _, args := range [][]string{
		{"frobnicate"},
		{"help", "nope"},
		{"validate"},
		{"validate", "--bogus", fx},
		{"eval", fx},
		{"eval", fx, "--at", "x"},
		{"eval", "--at", "1"},
		{"bake", fx, "--at", "1"},
		{"bake", fx, "--at", "1", "--bg", "red", "-o", "x.png"},
		{"bake", fx, "--gif", "--at", "1", "-o", "x.png"},
		{"import"},
		{"import", "--bogus", "a.rbxm"},
		{"world", "validate"},
		{"world", "eval", "--bogus", "x.yaml"},
	} {
		status, stdout, stderr := runCLI(args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if status != exitUsage || stdout != "" || len(lines) != 2 || lines[0] == "" || !strings.HasPrefix(lines[1], "usage: ember ") || !strings.Contains(lines[1], "help") {
			t.Errorf("%q: status %d, stdout %q, stderr:\n%s\nwant an error line and a hint", args, status, stdout, stderr)
		}
	}
}

// direct evaluates like eval does, through the emitter API.
func direct(t *testing.T, path string, at float64, seed uint32, w, h float64, bursts ...burst) []emitter.Particle {
	t.Helper()
	spec, err := effectfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: seed, HostWidth: w, HostHeight: h})
	if err != nil {
		t.Fatal(err)
	}
	e.Play()
	for _, b := range bursts {
		e.AddBurst(emitter.SecondsToTicks(b.Time), b.Count)
	}
	e.SetTime(at)
	return e.AppendParticles(nil)
}

func TestEvalJSONShape(t *testing.T) {
	fire := "../../examples/effects/fire.yaml"
	status, out, errOut := runCLI("eval", fire, "--at", "0.75", "--json")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if got := sortedKeys(doc); !reflect.DeepEqual(got, []string{"clock", "particles"}) {
		t.Errorf("top-level keys %v", got)
	}
	if doc["clock"] != 0.75 {
		t.Errorf("clock %v, want 0.75", doc["clock"])
	}
	ps, _ := doc["particles"].([]any)
	want := direct(t, fire, 0.75, 0, 200, 100)
	if len(ps) != len(want) || len(ps) == 0 {
		t.Fatalf("%d particles, the emitter gives %d", len(ps), len(want))
	}
	wantKeys := []string{"cell", "color", "height", "key", "rotation", "transparency", "width", "x", "y"}
	for i, raw := range ps {
		p, _ := raw.(map[string]any)
		if got := sortedKeys(p); !reflect.DeepEqual(got, wantKeys) {
			t.Fatalf("particle %d keys %v", i, got)
		}
		if c, _ := p["color"].([]any); len(c) != 3 {
			t.Fatalf("particle %d color %v", i, p["color"])
		}
	}
	// The values are the emitter's, exactly.
	var frame evalFrame
	if err := json.Unmarshal([]byte(out), &frame); err != nil {
		t.Fatal(err)
	}
	for i, p := range frame.Particles {
		q := want[i]
		if p.Key != q.Key || p.X != q.X || p.Y != q.Y || p.Width != q.Width || p.Height != q.Height ||
			p.Rotation != q.Rotation || p.Transparency != q.Transparency || p.Cell != q.Cell ||
			p.Color != [3]float64{q.Color.R, q.Color.G, q.Color.B} {
			t.Fatalf("particle %d: %+v, emitter %+v", i, p, q)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestEvalEmptyIsList(t *testing.T) {
	// A burst-only effect with no burst has no particles: an empty list, not null.
	status, out, _ := runCLI("eval", "../../examples/effects/confetti.json", "--at", "1", "--json")
	if status != 0 || out != "{\"clock\":1,\"particles\":[]}\n" {
		t.Errorf("status %d, output %q", status, out)
	}
}

func TestEvalDeterministic(t *testing.T) {
	for _, p := range examples(t) {
		args := []string{"eval", p, "--at", "0.9", "--seed", "7", "--emit", "25", "--emit", "10@0.5", "--json"}
		_, a, _ := runCLI(args...)
		_, b, _ := runCLI(args...)
		if a != b || len(a) < 100 {
			t.Errorf("%s: two runs differ or are empty:\n%s\n%s", p, a, b)
		}
		// A different seed gives a different frame.
		args[5] = "8"
		if _, c, _ := runCLI(args...); c == a {
			t.Errorf("%s: seeds 7 and 8 give the same frame", p)
		}
	}
}

func TestEvalEmit(t *testing.T) {
	confetti := "../../examples/effects/confetti.json"
	cases := []struct {
		name   string
		flags  []string
		bursts []burst
	}{
		{"--emit 40", []string{"--emit", "40"}, []burst{{40, 0}}},
		{"--emit=40@0.25", []string{"--emit=40@0.25"}, []burst{{40, 0.25}}},
		{"-emit 10 -emit 20@0.5 --emit 5@2", []string{"-emit", "10", "-emit", "20@0.5", "--emit", "5@2"}, []burst{{10, 0}, {20, 0.5}, {5, 2}}},
		{"--emit 0, bursts nil", []string{"--emit", "0"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"eval", confetti, "--at", "1", "--json"}, c.flags...)
			status, out, errOut := runCLI(args...)
			if status != 0 {
				t.Fatalf("%q: status %d, %s", args, status, errOut)
			}
			var frame evalFrame
			if err := json.Unmarshal([]byte(out), &frame); err != nil {
				t.Fatal(err)
			}
			want := direct(t, confetti, 1, 0, 200, 100, c.bursts...)
			if len(frame.Particles) != len(want) {
				t.Errorf("%q: %d particles, want %d", c.flags, len(frame.Particles), len(want))
				return
			}
			for i := range want {
				if frame.Particles[i].Key != want[i].Key || frame.Particles[i].X != want[i].X {
					t.Errorf("%q: particle %d differs", c.flags, i)
					break
				}
			}
		})
	}
	// Bursts are numbered in command-line order: burst 0 has keys 1, 3, ...
	_, out, _ := runCLI("eval", confetti, "--at", "0.1", "--emit", "2", "--json")
	var frame evalFrame
	_ = json.Unmarshal([]byte(out), &frame)
	if len(frame.Particles) != 2 || frame.Particles[0].Key != 1 || frame.Particles[1].Key != 3 {
		t.Errorf("burst keys: %s", out)
	}
}

func TestParseEmit(t *testing.T) {
	good := map[string]burst{"5": {5, 0}, "5@1.5": {5, 1.5}, "0@0": {0, 0}, "12@1e-3": {12, 0.001}, "3@-0": {3, 0}}
	for s, want := range good {
		if got, err := parseEmit(s); err != nil || got != want {
			t.Errorf("parseEmit(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
	bad := map[string]string{
		"-1":     `"-1": the count -1 is negative`,
		"x":      `"x": the count "x" is not a whole number (want N or N@T0)`,
		"2.5":    `"2.5": the count "2.5" is not a whole number (want N or N@T0)`,
		"5@":     `"5@": the time "" is not a finite number of seconds`,
		"5@NaN":  `"5@NaN": the time "NaN" is not a finite number of seconds`,
		"5@-1":   `"5@-1": the time "-1" is negative; clocks start at 0`,
		"5@inf":  `"5@inf": the time "inf" is not a finite number of seconds`,
		"@1":     `"@1": the count "" is not a whole number (want N or N@T0)`,
		"5@1@2":  `"5@1@2": the time "1@2" is not a finite number of seconds`,
		"":       `"": the count "" is not a whole number (want N or N@T0)`,
		"1e3@ 1": `"1e3@ 1": the count "1e3" is not a whole number (want N or N@T0)`,
	}
	for s, want := range bad {
		if _, err := parseEmit(s); err == nil || err.Error() != want {
			t.Errorf("parseEmit(%q) error %v, want %s", s, err, want)
		}
	}
}

func TestEvalBadFlags(t *testing.T) {
	fire := "../../examples/effects/fire.yaml"
	cases := []struct {
		name   string
		args   []string
		stderr string
	}{
		{", stderr \"ember eval: --at T is r…", []string{fire}, "ember eval: --at T is required"},
		{"--at 1, stderr \"ember eval: want one ef…", []string{"--at", "1"}, "ember eval: want one effect file, got 0"},
		{"--at 1, stderr \"ember eval: want one ef… #2", []string{fire, fire, "--at", "1"}, "ember eval: want one effect file, got 2"},
		{"--at -1, stderr `invalid value \"-1\" for …", []string{fire, "--at", "-1"}, `invalid value "-1" for flag -at: "-1" is negative; clocks start at 0`},
		{"--at NaN, stderr `invalid value \"NaN\" for…", []string{fire, "--at", "NaN"}, `invalid value "NaN" for flag -at: "NaN" is not a finite number of seconds`},
		{"--at 1e11, stderr `invalid value \"1e11\" fo…", []string{fire, "--at", "1e11"}, `invalid value "1e11" for flag -at: "1e11" is past the longest clock, 13071672388 s (about 414 years)`},
		{"--at 1 --emit 3@1e300, stderr `invalid value \"3@1e300\"…", []string{fire, "--at", "1", "--emit", "3@1e300"}, `invalid value "3@1e300" for flag -emit: "3@1e300": the time "1e300" is past the longest clock`},
		{"--at soon, stderr `invalid value \"soon\" fo…", []string{fire, "--at", "soon"}, `invalid value "soon" for flag -at: "soon" is not a finite number of seconds`},
		{"--at, stderr \"flag needs an argument:…", []string{fire, "--at"}, "flag needs an argument: -at"},
		{"--at 1 --emit -3, stderr `invalid value \"-3\" for …", []string{fire, "--at", "1", "--emit", "-3"}, `invalid value "-3" for flag -emit: "-3": the count -3 is negative`},
		{"--at 1 --emit 3@-2, stderr `invalid value \"3@-2\" fo…", []string{fire, "--at", "1", "--emit", "3@-2"}, `invalid value "3@-2" for flag -emit: "3@-2": the time "-2" is negative; clocks start at 0`},
		{"--at 1 --host 200, stderr `invalid value \"200\" for…", []string{fire, "--at", "1", "--host", "200"}, `invalid value "200" for flag -host: "200" is not WxH, such as 200x100`},
		{"--at 1 --host 0x100, stderr `invalid value \"0x100\" f…", []string{fire, "--at", "1", "--host", "0x100"}, `invalid value "0x100" for flag -host: "0x100" is not WxH with both sides in (0, 1e+09] pixels`},
		{"--at 1 --host 200x-1, stderr `invalid value \"200x-1\" …", []string{fire, "--at", "1", "--host", "200x-1"}, `invalid value "200x-1" for flag -host: "200x-1" is not WxH with both sides in (0, 1e+09] pixels`},
		{"--at 1 --host NaNxNaN, stderr `invalid value \"NaNxNaN\"…", []string{fire, "--at", "1", "--host", "NaNxNaN"}, `invalid value "NaNxNaN" for flag -host: "NaNxNaN" is not WxH with both sides in (0, 1e+09] pixels`},
		{"--at 1 --seed -1, stderr `invalid value \"-1\" for …", []string{fire, "--at", "1", "--seed", "-1"}, `invalid value "-1" for flag -seed: "-1" is not a seed; a seed is a whole number from 0 to 4294967295`},
		{"--at 1 --seed 4294967296, stderr `invalid value \"42949672…", []string{fire, "--at", "1", "--seed", "4294967296"}, `invalid value "4294967296" for flag -seed: "4294967296" is not a seed`},
		{"--at 1 --frames 3, stderr \"flag provided but not d…", []string{fire, "--at", "1", "--frames", "3"}, "flag provided but not defined: -frames"},
		{"--at 1 --json --json, stderr \"ember eval: --json is…", []string{fire, "--at", "1", "--json", "--json"}, "ember eval: --json is given more than once; give it once\n"},
		{"--at 1 --host 1x1 --host 2x2, stderr \"ember eval: --host is…", []string{fire, "--at", "1", "--host", "1x1", "--host", "2x2"}, "ember eval: --host is given more than once; give it once\n"},
	}
	// 4,097 bursts: the effect would keep only the last 4,096.
	many := []string{fire, "--at", "1"}
	for range emitter.DefaultMaxBursts + 1 {
		many = append(many, "--emit", "1")
	}
	cases = append(cases, struct {
		name   string
		args   []string
		stderr string
	}{"4097 --emit, stderr `invalid value \"1\" for …", many, `invalid value "1" for flag -emit: more than 4096 bursts; an effect keeps at most 4096`})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, out, errOut := runCLI(append([]string{"eval"}, c.args...)...)
			if status != 2 || out != "" || !strings.Contains(errOut, c.stderr) {
				t.Errorf("%q: status %d, stdout %q, stderr %q; want status 2 and %q", c.args, status, out, errOut, c.stderr)
			}
		})
	}
}

func TestEvalFlagPlacement(t *testing.T) {
	sparks := "../../examples/effects/sparks.yaml"
	_, want, _ := runCLI("eval", sparks, "--at", "0.4", "--seed", "3", "--host", "320x180", "--json")
	for _, args := range [][]string{
		{"eval", "--at", "0.4", "--seed", "3", "--host", "320x180", "--json", sparks},
		{"eval", "--at=0.4", sparks, "-seed=3", "-host", "320X180", "-json"},
		{"eval", "-json", "-at", "0.4", "-seed", "0x3", "-host=320x180", "--", sparks},
	} {
		status, out, errOut := runCLI(args...)
		if status != 0 || out != want {
			t.Errorf("%q: status %d, stderr %q, output differs", args, status, errOut)
		}
	}
	// Host size reaches the emitter.
	var frame evalFrame
	_ = json.Unmarshal([]byte(want), &frame)
	ps := direct(t, sparks, 0.4, 3, 320, 180)
	if len(ps) == 0 || len(frame.Particles) != len(ps) || frame.Particles[0].X != ps[0].X {
		t.Errorf("host 320x180: output does not match the emitter")
	}
}

func TestEvalInvalidFile(t *testing.T) {
	bad := writeFile(t, "bad.yaml", "Rate: 5\nDrag: fast\n")
	status, out, errOut := runCLI("eval", bad, "--at", "1", "--json")
	if status != 1 || out != "" || errOut != bad+":2: Drag: expected a number, got the string \"fast\"\n" {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

func TestEvalTable(t *testing.T) {
	smoke := "../../examples/effects/smoke.yaml"
	status, out, errOut := runCLI("eval", smoke, "--at", "2")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	n := len(direct(t, smoke, 2, 0, 200, 100))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	head := smoke + " at 2 s: " + strconv.Itoa(n) + " particles (seed 0, host 200x100 px)"
	if lines[0] != head || len(lines) != n+2 || !strings.Contains(lines[1], "key") {
		t.Errorf("table:\n%s\nwant first line %q and %d rows", out, head, n)
	}
}

// TestREADMEEval runs the eval command the README quotes and checks the
// README's excerpt of its output: the first particle, word for word, and
// the particle count.
func TestREADMEEval(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```json\n(\\{\"clock\".*?), \\.\\.\\.\\]\\}\n```\n\n\\(the first of the (\\w+) particles `\\./ember (eval [^`]+)`").FindSubmatch(readme)
	if m == nil {
		t.Fatal("the README has no eval excerpt followed by the command that prints it")
	}
	excerpt, count, args := string(m[1]), string(m[2]), strings.Fields(string(m[3]))
	for i, a := range args {
		if strings.HasPrefix(a, "examples/") {
			args[i] = "../../" + a
		}
	}
	status, out, errOut := runCLI(args...)
	if status != 0 {
		t.Fatalf("ember %s: status %d: %s", m[3], status, errOut)
	}
	if !strings.HasPrefix(out, excerpt+",") {
		t.Errorf("ember %s prints\n%.300s\nthe README shows\n%s", m[3], out, excerpt)
	}
	var got struct{ Particles []json.RawMessage }
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
	if n := len(got.Particles); n >= len(words) || words[n] != count {
		t.Errorf("the README says %s particles, the command prints %d", count, n)
	}
}

// TestValidateImages: validate loads the images an effect names, relative
// to the file and confined to its folder unless --allow-outside, and reports
// each problem at its field's line with the file's others.
func TestValidateImages(t *testing.T) {
	dir := t.TempDir()
	fx := filepath.Join(dir, "fx")
	if err := os.Mkdir(fx, 0o755); err != nil {
		t.Fatal(err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"fx/dot.png": buf.Bytes(), "outside.png": buf.Bytes(), "fx/notes.png": []byte("plain text")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, src string) string {
		p := filepath.Join(fx, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.yaml", "Rate: 3\nTexture: dot.png\nColorStrip: dot.png\n")
	bad := write("bad.yaml", "Rate: -1\nTexture: missing.png\nColorStrip: notes.png\n")
	out := write("out.yaml", "Texture: ../outside.png\n")
	status, stdout, stderr := runCLI("validate", good, bad, out)
	want := bad + ":1: Rate: -1 is out of range [0, 1e+06]\n" +
		bad + `:2: Texture: "missing.png": names no file in the effect file's folder (images are confined to it)` + "\n" +
		bad + `:3: ColorStrip: "notes.png": ` + filepath.Join(fx, "notes.png") + " is not a PNG, JPEG or GIF image that can be decoded (image: unknown format)\n" +
		out + `:1: Texture: "../outside.png": names no file in the effect file's folder (images are confined to it)` + "\n"
	if status != exitInvalid || stdout != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant:\n%s", status, stdout, stderr, want)
	}
	if status, _, stderr := runCLI("validate", "--allow-outside", good, out); status != exitOK || stderr != "" {
		t.Errorf("--allow-outside: status %d, stderr %q", status, stderr)
	}
	status, _, stderr = runCLI("validate", "--allow-outside", bad)
	if want := bad + `:2: Texture: "missing.png": cannot read ` + filepath.Join(fx, "missing.png") + ": no such file or directory"; status != exitInvalid || !strings.Contains(stderr, want) {
		t.Errorf("--allow-outside, missing: status %d, stderr %q, want %q", status, stderr, want)
	}
}

// TestEvalManyEmits: --emit may be given as often as an effect keeps
// bursts, 4,096 times, and each one counts.
func TestEvalManyEmits(t *testing.T) {
	fx := writeFile(t, "fx.yaml", "Rate: 0\nLifetime: 10\nSpeed: 0\nMaxParticles: 5000\n")
	args := []string{"eval", fx, "--at", "1", "--json"}
	for range emitter.DefaultMaxBursts {
		args = append(args, "--emit", "1@0.5")
	}
	status, out, errOut := runCLI(args...)
	var frame evalFrame
	if status != exitOK || errOut != "" || json.Unmarshal([]byte(out), &frame) != nil {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	if got := len(frame.Particles); got != emitter.DefaultMaxBursts {
		t.Errorf("%d particles alive, want one per burst, %d", got, emitter.DefaultMaxBursts)
	}
}
