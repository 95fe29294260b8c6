package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/kwp1"
	"github.com/emberfx/ember/emitter/world/source"
	"go.yaml.in/yaml/v3"
)

// levelDir makes a folder holding the example levels' textures and the
// given files, and returns it.
func levelDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "textures"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"flame.png", "smoke.png", "sparkle.png"} {
		data, err := os.ReadFile(filepath.Join("../../examples/levels/textures", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "textures", name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// hallYAML is a one-room level; tests append to it.
const hallYAML = `textures:
  flame: textures/flame.png
presets:
  torch:
    velocity: {min: {z: 0.5}, max: {z: 1}}
    lifetime: 1
    sprite: {frames: [flame]}
sectors:
  hall:
    points: [{x: 0, y: 0}, {x: 10, y: 0}, {x: 10, y: 10}, {x: 0, y: 10}]
    ceiling: 4
emitters:
  torch:
    preset: torch
    sector: hall
    position: {x: 5, y: 5, z: 1}
    rate: 10
    duration_seconds: 1
    playback: cycle
    period_seconds: 1
`

func TestWorldValidateProblems(t *testing.T) {
	const bad = `version: 1
textures:
  flame: textures/flame.png
  ghost: textures/ghost.png
presets:
  torch:
    lifetme: {min: 1, max: 2}
    drag: fast
    sprite: {frames: [flame], blend: glow}
    curves:
      size: [{age: 0, size: 1}, {age: 0.5, size: 1}]
  smoke:
    lifetime: {min: 2, max: 1}
    sprite: {frames: [flme]}
  9lives:
    lifetime: 1
    sprite: {frames: [flame]}
  fog:
    lifetime: 1
sectors:
  hall:
    points: [{x: 0, y: 0}, {x: 10, y: 0}, {x: 10, y: 10}, {x: 0, y: 10}]
    ceiling: 4
emitters:
  a:
    preset: torhc
    sector: hall
    rate: 10
  b:
    preset: smoke
    sector: hal
    scale: 0
    seed: -3
    rate: 10
  c:
    preset: torch
    sector: hall
  c:
    preset: torch
  edge:
    preset: 9lives
    sector: hall
    position: {x: 0.2, y: 5, z: 1}
    rate: 1
spawners: {}
`
	dir := levelDir(t, map[string]string{"bad.yaml": bad, "good.yaml": hallYAML})
	badFile, good := filepath.Join(dir, "bad.yaml"), filepath.Join(dir, "good.yaml")
	missing := filepath.Join(dir, "missing.yaml")
	status, out, errOut := runCLI("world", "validate", good, badFile, missing)
	want := []string{
		"4: textures[ghost]: cannot read textures/ghost.png: no such file or directory",
		"7: presets[torch].lifetme: unknown key; did you mean lifetime?",
		`8: presets[torch].drag: expected a number, got the string "fast"`,
		`9: presets[torch].sprite.blend: unknown value "glow"; expected one of additive|cutout|alpha|premultiplied`,
		"11: presets[torch].curves.size[1].age: 0.5: the last key is at age 1",
		"13: presets[smoke].lifetime: min 2 is greater than max 1",
		`14: presets[smoke].sprite.frames[0]: unknown texture "flme"; did you mean flame?`,
		`15: presets[2].name: "9lives" starts with '9'; a name starts with a letter or '_'`,
		"19: presets[fog].sprite: missing; this mapping needs lifetime, sprite",
		`26: emitters[a].preset: unknown preset "torhc"; did you mean torch?`,
		`31: emitters[b].sector: unknown sector "hal"; did you mean hall?`,
		"32: emitters[b].scale: 0 is out of range (0, 1e9]; leave the field out for its default, 1",
		"33: emitters[b].seed: -3 is not a seed: a whole number from 0 to 4294967295",
		"35: emitters[c]: emits nothing: rate is 0 and there are no bursts",
		"38: emitters.c: duplicate key; it is already set at line 35",
		"40: emitters[edge]: the motion envelope leaves its sector, sectors[hall]: corner (",
		"45: spawners: unknown field; see docs/world-levels.md for the fields",
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if status != 1 || out != "" || len(lines) != len(want)+1 {
		t.Fatalf("status %d, stdout %q, stderr:\n%s", status, out, errOut)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], badFile+":"+w) {
			t.Errorf("line %d:\n%s\nwant it to start\n%s:%s", i, lines[i], badFile, w)
		}
	}
	if last := lines[len(lines)-1]; last != missing+": cannot read the file: no such file or directory" {
		t.Errorf("last line %q", last)
	}
	if status, _, errOut := runCLI("world", "validate", good); status != 0 || errOut != "" {
		t.Errorf("good level alone: status %d, stderr %q", status, errOut)
	}
}

// TestLevelFileProblems covers problems with the file as a whole.
func TestLevelFileProblems(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"empty.yaml", "", `:1: the file is empty; a level is a mapping of sections, such as "presets: {}"`},
		{"list.yaml", "- a\n", `:1: the document is a list; a level is a mapping of sections, such as "presets: {}"`},
		{"syntax.yaml", "presets: {a: 1\n", ":2: YAML syntax: did not find expected ',' or '}'"},
		{"two.yaml", "presets: {}\n---\npresets: {}\n", ":2: a second YAML document starts here; a level file holds one level"},
		{"bad.json", `{"presets": {"p": {"lifetime": "long", "sprite": {"frames": ["f"]}}}}`, `:1: presets[p].lifetime: expected a number or {min, max}, got the string "long"` + "\n"},
		{"kind.yaml", "presets: [torch]\n", ":1: presets: expected a mapping of names to mappings, got a list"},
		{"textures.yaml", "textures: {a: 5}\n", ":1: textures[a]: expected a string, got the number 5 (quote it)"},
		{"aliases.yaml", aliasBomb(), ":747: too many values (more than 500000, counting YAML alias expansion); decoding stopped here\n"},
	}
	for _, c := range cases {
		dir := levelDir(t, map[string]string{c.name: c.src})
		f := filepath.Join(dir, c.name)
		status, out, errOut := runCLI("world", "validate", f)
		if status != 1 || out != "" || !strings.HasPrefix(errOut, f+c.want) {
			t.Errorf("%s: status %d, stdout %q, stderr %.500q; want %q", c.name, status, out, errOut, f+c.want)
		}
	}
}

// aliasBomb is a level whose 2,000 presets each alias one curve of 1,000
// keys: 2 million values to visit, beyond the decoder's budget.
func aliasBomb() string {
	var b strings.Builder
	b.WriteString("presets:\n  p0:\n    lifetime: 1\n    sprite: &s {frames: [f]}\n    curves:\n      size: &keys\n")
	for range 1000 {
		b.WriteString("        - {age: 0, size: 1}\n")
	}
	for i := 1; i < 2000; i++ {
		fmt.Fprintf(&b, "  p%d: {lifetime: 1, sprite: *s, curves: {size: *keys}}\n", i)
	}
	return b.String()
}

// TestLevelDecoderFields decodes a level that sets every field of the
// vocabulary, in YAML and in JSON, and checks that the decoder visited
// exactly the table's fields and filled every Go field.
func TestLevelDecoderFields(t *testing.T) {
	const all = `version: 2
textures: {flame: textures/flame.png}
presets:
  p:
    capacity: 9
    spawn: {shape: box, min: {x: -1, y: -2, z: -3}, max: {x: 1, y: 2, z: 3}}
    velocity: {min: {x: -1, y: -1, z: 1}, max: {x: 1, y: 1, z: 2}}
    lifetime: {min: 1, max: 2}
    acceleration: {x: 0.5, y: 0.25, z: -9.8}
    drag: 0.5
    rotation: 45
    spin: {min: -10, max: 10}
    curves:
      size: [{age: 0, size: 1}, {age: 1, size: 2}]
      color: [{age: 0, r: 1, g: 0.5, b: 0.25, a: 1}, {age: 1, r: 0, g: 0, b: 0, a: 0}]
    sprite:
      frames: [flame, flame]
      facing: upright
      blend: premultiplied
      flipbook: {mode: cycle, fps: 12}
    walls: kill
sectors:
  s:
    points: [{x: 0, y: 0}, {x: 4, y: 0}, {x: 0, y: 4}]
    floor: -1
    ceiling: 3
    portals: [{edge: 1, sector: t}]
emitters:
  e:
    preset: p
    sector: s
    position: {x: 1, y: 1, z: 1}
    yaw: 370
    scale: 0.5
    seed: 4294967295
    rate: 2
    duration_seconds: 1
    bursts: [{time_seconds: 0.5, count: 3}]
    delay_seconds: 0.25
    playback: cycle
    period_seconds: 2
`
	want := source.Level{
		Version:  2,
		Textures: []source.Texture{{Name: "flame", Path: "textures/flame.png"}},
		Presets: []source.Preset{{
			Name: "p", Capacity: 9,
			Spawn:        world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -1, Y: -2, Z: -3}, Max: world.Vec3{X: 1, Y: 2, Z: 3}},
			Velocity:     world.Range3{Min: world.Vec3{X: -1, Y: -1, Z: 1}, Max: world.Vec3{X: 1, Y: 1, Z: 2}},
			Lifetime:     world.Range{Min: 1, Max: 2},
			Acceleration: world.Vec3{X: 0.5, Y: 0.25, Z: -9.8},
			Drag:         0.5, Rotation: world.Range{Min: 45, Max: 45}, Spin: world.Range{Min: -10, Max: 10},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 2}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.5, B: 0.25, A: 1}, {Age: 1}},
			},
			Sprite: source.Sprite{Frames: []string{"flame", "flame"}, Facing: world.FacingUpright, Blend: world.BlendPremultiplied,
				Flipbook: world.Flipbook{Mode: world.FlipbookCycle, FPS: 12}},
			Walls: world.WallsKill,
		}},
		Sectors: []source.Sector{{Name: "s", Points: []world.Vec2{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 0, Y: 4}},
			Floor: -1, Ceiling: 3, Portals: []source.Portal{{Edge: 1, Sector: "t"}}}},
		Emitters: []source.Emitter{{Name: "e", Preset: "p", Sector: "s", Position: world.Vec3{X: 1, Y: 1, Z: 1},
			Yaw: 370, Scale: 0.5, Seed: 4294967295, Rate: 2, Duration: 1, Bursts: []world.Burst{{Time: 0.5, Count: 3}},
			Delay: 0.25, Playback: world.PlayCycle, Period: 2}},
	}
	var rows []string
	for _, r := range source.Rows() {
		rows = append(rows, r.Path)
	}
	slices.Sort(rows)
	asJSON, err := yamlToJSON(all)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"all.yaml": all, "all.json": asJSON} {
		ld := levelDecoder{seen: map[string]bool{}}
		lv := ld.parse(name, []byte(src))
		if err := ld.d.Err(); err != nil || !ld.parsed {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(lv, want) {
			t.Errorf("%s decoded to\n%+v\nwant\n%+v", name, lv, want)
		}
		var seen []string
		for p := range ld.seen {
			seen = append(seen, p)
		}
		slices.Sort(seen)
		if !slices.Equal(seen, rows) {
			t.Errorf("%s: the decoder visited\n%s\nthe table has\n%s", name, strings.Join(seen, "\n"), strings.Join(rows, "\n"))
		}
	}
}

// yamlToJSON rewrites the YAML test level as JSON through the YAML
// library's generic decoding.
func yamlToJSON(src string) (string, error) {
	var v any
	if err := yaml.Unmarshal([]byte(src), &v); err != nil {
		return "", err
	}
	b, err := json.Marshal(v)
	return string(b), err
}

func TestWorldUsage(t *testing.T) {
	dir := levelDir(t, map[string]string{"hall.yaml": hallYAML})
	hall := filepath.Join(dir, "hall.yaml")
	cases := []struct {
		args []string
		line string // the first line of stderr; the second is the hint
		hint string
	}{
		{[]string{"world"}, "ember world: no command given", "usage: ember world validate|compile|inspect|eval|bake ... (see ember help world)"},
		{[]string{"world", "paint"}, `ember world: unknown command "paint"`, "usage: ember world validate|compile|inspect|eval|bake ... (see ember help world)"},
		{[]string{"world", "help", "paint"}, `ember world help: unknown command "paint"`, "usage: ember world validate|compile|inspect|eval|bake ... (see ember help world)"},
		{[]string{"world", "validate"}, "ember world validate: no level files given", "usage: ember world validate LEVEL... (see ember world help validate)"},
		{[]string{"world", "validate", "-x", hall}, "flag provided but not defined: -x", "usage: ember world validate LEVEL... (see ember world help validate)"},
		{[]string{"world", "compile", hall}, "ember world compile: -o LEVEL.kwp is required", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "compile", "-o", "x.kwp"}, "ember world compile: want one level, got 0", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "compile", hall, hall, "-o", "x.kwp"}, "ember world compile: want one level, got 2", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "compile", "a.KWP", "-o", "b.kwp"}, "ember world compile: a.KWP is compiled already; give its source (.yaml, .yml or .json)", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "compile", hall, "-o", hall}, "ember world compile: -o " + hall + " would overwrite the source", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "compile", hall, "-o"}, "flag needs an argument: -o", "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)"},
		{[]string{"world", "inspect"}, "ember world inspect: want one level, got 0", "usage: ember world inspect LEVEL [--json] (see ember world help inspect)"},
		{[]string{"world", "eval", hall}, "ember world eval: --at T is required", "usage: ember world eval LEVEL --at T [--json] (see ember world help eval)"},
		{[]string{"world", "eval", hall, "--at", "-1"}, `invalid value "-1" for flag -at: "-1" is negative; clocks start at 0`, "usage: ember world eval LEVEL --at T [--json] (see ember world help eval)"},
		{[]string{"world", "eval", hall, "--at", "soon"}, `invalid value "soon" for flag -at: "soon" is not a finite number of seconds`, "usage: ember world eval LEVEL --at T [--json] (see ember world help eval)"},
		{[]string{"world", "eval", "--at", "1"}, "ember world eval: want one level, got 0", "usage: ember world eval LEVEL --at T [--json] (see ember world help eval)"},
	}
	for _, c := range cases {
		status, out, errOut := runCLI(c.args...)
		if want := c.line + "\n" + c.hint + "\n"; status != 2 || out != "" || errOut != want {
			t.Errorf("%q: status %d, stdout %q, stderr:\n%s\nwant status 2 and:\n%s", c.args, status, out, errOut, want)
		}
	}
	// Help goes to stdout and exits 0.
	for _, c := range []struct {
		args []string
		has  string
	}{
		{[]string{"help", "world"}, "ember world eval LEVEL --at T [--json]"},
		{[]string{"world", "help"}, "ember world inspect LEVEL [--json]"},
		{[]string{"world", "--help"}, "ember world compile LEVEL.yaml -o LEVEL.kwp"},
		{[]string{"world", "help", "compile"}, "-o FILE"},
		{[]string{"help", "world", "eval"}, "-at T"},
		{[]string{"world", "eval", "-h"}, "usage: ember world eval LEVEL --at T [--json]"},
		{[]string{"help"}, "ember world validate|compile|inspect|eval|bake"},
	} {
		status, out, errOut := runCLI(c.args...)
		if status != 0 || errOut != "" || !strings.Contains(out, c.has) {
			t.Errorf("%q: status %d, stderr %q, stdout:\n%s\nwant it to hold %q", c.args, status, errOut, out, c.has)
		}
	}
}

func TestWorldCompile(t *testing.T) {
	dir := levelDir(t, nil) // the textures beside the compiled level
	out := filepath.Join(dir, "crypt.kwp")
	status, stdout, errOut := runCLI("world", "compile", cryptLevel, "-o", out)
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%s: %d bytes (0.3%% of the 1 MiB limit); 3 textures, 4 presets, 3 sectors, 6 emitters\n", out, len(data)); stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	// The file decodes to the document the source compiles to, and
	// compiling again writes the same bytes.
	decoded, err := kwp1.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	compiled, err := compileLevel(cryptLevel)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(decoded, compiled) {
		t.Errorf("the decoded file differs from the compiled source")
	}
	again := filepath.Join(dir, "again.kwp")
	runCLI("world", "compile", "-o", again, cryptLevel)
	if data2, _ := os.ReadFile(again); !bytes.Equal(data, data2) {
		t.Errorf("a second compile wrote different bytes")
	}
	// Names and defaults, as compiled: the torch preset is sized from its
	// emitters (brazier: 40 births a second for 0.5 s, every 0.5 s, lasting
	// up to 0.8 s: ceil(0.8/0.5) = 2 groups of 20), scale defaults to 1,
	// textures keep their paths relative to the level file.
	if p := compiled.Presets[0]; p.Name != "torch_flame" || p.Capacity != 40 {
		t.Errorf("preset 0 %s, capacity %d; want torch_flame, 40", p.Name, p.Capacity)
	}
	if e := compiled.Emitters[3]; e.Name != "brazier_smoke" || e.Preset != 1 || e.Sector != 1 || e.Scale != 1 || e.Yaw != 90 {
		t.Errorf("emitter 3 = %s: preset %d, sector %d, scale %v, yaw %v", e.Name, e.Preset, e.Sector, e.Scale, e.Yaw)
	}
	if tx := compiled.Textures[2]; tx.Path != "textures/sparkle.png" || tx.Width != 64 || tx.Height != 64 {
		t.Errorf("texture 2 = %+v", tx)
	}
	// Validating the compiled file works too.
	if status, _, errOut := runCLI("world", "validate", out); status != 0 || errOut != "" {
		t.Errorf("validate %s: status %d, stderr %q", out, status, errOut)
	}
	// Written where its textures are not, the level is still written, with
	// a warning; validating it then fails, as baking it would.
	bare := filepath.Join(t.TempDir(), "crypt.kwp")
	status, _, errOut = runCLI("world", "compile", cryptLevel, "-o", bare)
	if want := bare + ": warning: texture flame (textures/flame.png): cannot read "; status != 0 || !strings.HasPrefix(errOut, want) {
		t.Errorf("compile beside no textures: status %d, stderr %q, want 0 and %q...", status, errOut, want)
	}
	if data2, _ := os.ReadFile(bare); !bytes.Equal(data, data2) {
		t.Errorf("the level written beside no textures differs")
	}
	status, _, errOut = runCLI("world", "validate", bare)
	if want := bare + ": texture flame (textures/flame.png): cannot read "; status != exitInvalid || !strings.HasPrefix(errOut, want) {
		t.Errorf("validate beside no textures: status %d, stderr %q, want 1 and %q...", status, errOut, want)
	}
	if status, _, errOut := runCLI("world", "bake", bare, "--camera", "8,4,1,90,10", "--at", "1", "-o", filepath.Join(t.TempDir(), "x.png")); status != exitInvalid || !strings.Contains(errOut, "texture flame") {
		t.Errorf("bake beside no textures: status %d, stderr %q", status, errOut)
	}
}

// TestWorldCompileTooLarge compiles a level whose encoding exceeds 1 MiB:
// 1,024 textures whose paths are 1,000 bytes long.
func TestWorldCompileTooLarge(t *testing.T) {
	dir := levelDir(t, nil)
	long := strings.Repeat("d", 199) + "/" + strings.Repeat("d", 199) + "/" + strings.Repeat("d", 199) + "/" +
		strings.Repeat("d", 199) + "/" + strings.Repeat("f", 190) + ".png"
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(long)), 0o755); err != nil {
		t.Fatal(err)
	}
	png, _ := os.ReadFile("../../examples/levels/textures/sparkle.png")
	if err := os.WriteFile(filepath.Join(dir, long), png, 0o644); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("textures:\n")
	for i := range world.MaxTextures {
		fmt.Fprintf(&b, "  t%04d: %s\n", i, long)
	}
	b.WriteString(strings.Replace(hallYAML, "textures:\n  flame: textures/flame.png\n", "", 1))
	src := filepath.Join(dir, "huge.yaml")
	if err := os.WriteFile(src, []byte(strings.ReplaceAll(b.String(), "frames: [flame]", "frames: [t0000]")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "huge.kwp")
	status, stdout, errOut := runCLI("world", "compile", src, "-o", out)
	if status != 1 || stdout != "" || !strings.HasPrefix(errOut, src+": kwp1: the encoded document is ") ||
		!strings.HasSuffix(errOut, " bytes, more than the limit of 1048576\n") {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, errOut)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
}

func TestWorldInspect(t *testing.T) {
	status, out, errOut := runCLI("world", "inspect", cryptLevel, "--json")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys(raw); !reflect.DeepEqual(got, []string{"emitters", "features", "file", "presets", "sectors", "slots", "textures", "version"}) {
		t.Errorf("top-level keys %v", got)
	}
	e0 := raw["emitters"].([]any)[0].(map[string]any)
	if got := sortedKeys(e0); !reflect.DeepEqual(got, []string{"bounds", "name", "position", "preset", "scale", "schedule", "sector", "seed", "yaw"}) {
		t.Errorf("emitter keys %v", got)
	}
	if got := sortedKeys(e0["schedule"].(map[string]any)); !reflect.DeepEqual(got, []string{"births", "bursts", "capacity",
		"delay_seconds", "duration_seconds", "ends_seconds", "groups", "period_seconds", "playback", "rate", "rate_births", "slots"}) {
		t.Errorf("schedule keys %v", got)
	}
	var in inspection
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	// Births per emission, groups and slots, from the level's numbers:
	// torches 30/s for 1 s every 1 s, living up to 0.8 s: 1 group of 30;
	// the brazier 40/s for 0.5 s every 0.5 s: 2 groups of 20; smoke 6/s
	// for 2 s every 2 s, living up to 3.5 s: 2 groups of 12; sparks bursts
	// of 12 and 6 every 3 s; wisps 2/s for 4 s, living up to 4 s: 8.
	wantSchedules := []struct {
		name                        string
		births, rate, groups, slots int
		capacity                    int
	}{
		{"torch_west", 30, 30, 1, 30, 40}, {"torch_east", 30, 30, 1, 30, 40}, {"brazier", 20, 20, 2, 40, 40},
		{"brazier_smoke", 12, 12, 2, 24, 24}, {"brazier_sparks", 18, 0, 1, 18, 18}, {"wisps", 8, 8, 1, 8, 8},
	}
	for i, w := range wantSchedules {
		e := in.Emitters[i]
		s := e.Schedule
		if e.Name != w.name || s.Births != w.births || s.RateBirths != w.rate || s.Groups != w.groups || s.Slots != w.slots || s.Capacity != w.capacity {
			t.Errorf("emitter %d: %s %+v; want %+v", i, e.Name, s, w)
		}
		if s.Ends != nil {
			t.Errorf("%s cycles, but ends at %v", e.Name, *s.Ends)
		}
	}
	if in.Slots != (slotUse{Used: 150, Reserved: 170, Limit: world.MaxSlots}) {
		t.Errorf("slots %+v", in.Slots)
	}
	if p := in.Presets[0]; p.Name != "torch_flame" || p.Used != 40 || p.Emitters != 3 || p.Capacity != 40 {
		t.Errorf("preset 0 %+v", p)
	}
	if s := in.Sectors[1]; s.Name != "shrine" || !reflect.DeepEqual(s.Portals, []inspectPortal{{3, "hall"}, {1, "apse"}}) {
		t.Errorf("sector 1 %+v", s)
	}
	if in.Textures[0].Digest != "021f2eeecdb2"+in.Textures[0].Digest[12:] || len(in.Textures[0].Digest) != 64 {
		t.Errorf("texture 0 digest %s", in.Textures[0].Digest)
	}

	// The table says the same.
	status, out, errOut = runCLI("world", "inspect", cryptLevel)
	if status != 0 || errOut != "" {
		t.Fatalf("table: status %d, stderr %q", status, errOut)
	}
	for _, want := range []string{
		cryptLevel + ": version 2; 3 textures, 4 presets, 3 sectors, 6 emitters\n",
		"features: world/particles@2, world/sectors@1\n",
		"slots: 150 used by the schedules, 170 reserved by capacities, of 65536\n",
		"shrine  4       0      6        edge 3 → hall, edge 1 → apse\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	// A once emitter ends: its last birth plus the longest lifetime after
	// its delay.
	dir := levelDir(t, map[string]string{"once.yaml": strings.Replace(hallYAML,
		"    playback: cycle\n    period_seconds: 1\n", "    delay_seconds: 2\n", 1)})
	_, out, _ = runCLI("world", "inspect", "--json", filepath.Join(dir, "once.yaml"))
	in = inspection{}
	if err := json.Unmarshal([]byte(out), &in); err != nil {
		t.Fatal(err)
	}
	// Births at 0, 0.1, ..., 0.9 (as float32), lifetime 1: 2 + 0.9 + 1.
	if e := in.Emitters[0].Schedule; e.Ends == nil || *e.Ends != 2+float64(float32(0.9))+1 || e.Births != 10 {
		t.Errorf("once schedule %+v", e)
	}
}

func TestWorldEval(t *testing.T) {
	dir := t.TempDir()
	kwp := filepath.Join(dir, "crypt.kwp")
	if status, _, errOut := runCLI("world", "compile", cryptLevel, "-o", kwp); status != 0 {
		t.Fatal(errOut)
	}
	status, out, errOut := runCLI("world", "eval", cryptLevel, "--at", "2.5", "--json")
	if status != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", status, errOut)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys(raw); !reflect.DeepEqual(got, []string{"clock", "particles"}) || raw["clock"] != 2.5 {
		t.Errorf("top level %v, clock %v", got, raw["clock"])
	}
	p0 := raw["particles"].([]any)[0].(map[string]any)
	if got := sortedKeys(p0); !reflect.DeepEqual(got, []string{"age", "birth", "born", "color", "emitter", "frame",
		"lifetime", "rotation", "size", "slot", "velocity", "x", "y", "z"}) {
		t.Errorf("particle keys %v", got)
	}
	// The particles are the evaluator's, exactly, keyed by emitter name.
	doc, err := compileLevel(cryptLevel)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := world.NewEvaluator(&doc)
	if err != nil {
		t.Fatal(err)
	}
	want := ev.Append(nil, 2.5)
	var frame worldFrame
	if err := json.Unmarshal([]byte(out), &frame); err != nil {
		t.Fatal(err)
	}
	if len(frame.Particles) != len(want) || len(want) < 50 {
		t.Fatalf("%d particles, the evaluator gives %d", len(frame.Particles), len(want))
	}
	for i, p := range frame.Particles {
		q := want[i]
		if p.Emitter != doc.Emitters[q.Emitter].Name || p.Slot != q.Slot || p.Birth != q.Birth || p.Age != q.Age ||
			p.X != q.Position.X || p.Y != q.Position.Y || p.Z != q.Position.Z || p.Size != q.Size ||
			p.Color != [4]float64{q.R, q.G, q.B, q.A} || p.Frame != q.Frame || p.Rotation != q.Rotation {
			t.Fatalf("particle %d: %+v, evaluator %+v", i, p, q)
		}
	}
	// Deterministic, and the compiled file gives the same bytes.
	_, again, _ := runCLI("world", "eval", cryptLevel, "--at", "2.5", "--json")
	_, fromKWP, _ := runCLI("world", "eval", kwp, "--json", "--at", "2.5")
	if again != out || fromKWP != out {
		t.Errorf("eval output differs between runs or between source and compiled file")
	}
	// Before anything is born: an empty list, not null.
	dir = levelDir(t, map[string]string{"late.yaml": strings.Replace(hallYAML, "    rate: 10\n", "    rate: 10\n    delay_seconds: 5\n", 1)})
	if _, out, _ := runCLI("world", "eval", filepath.Join(dir, "late.yaml"), "--at", "1", "--json"); out != "{\"clock\":1,\"particles\":[]}\n" {
		t.Errorf("before the delay: %q", out)
	}
	// The table has a header, a column line and a row per particle.
	status, out, _ = runCLI("world", "eval", kwp, "--at", "2.5")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	head := fmt.Sprintf("%s at 2.5 s: %d live particles", kwp, len(want))
	if status != 0 || lines[0] != head || len(lines) != len(want)+2 || !strings.Contains(lines[1], "emitter") {
		t.Errorf("table:\n%s\nwant first line %q and %d rows", out, head, len(want))
	}
}

// TestWorldCorruptKWP checks that a damaged compiled file is refused with
// the offset and field of the damage, by every command that reads one.
func TestWorldCorruptKWP(t *testing.T) {
	doc, err := compileLevel(cryptLevel)
	if err != nil {
		t.Fatal(err)
	}
	data, err := kwp1.Encode(&doc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	truncated := filepath.Join(dir, "truncated.kwp")
	if err := os.WriteFile(truncated, data[:len(data)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	_, want := kwp1.Decode(data[:len(data)-3])
	var ke *kwp1.Error
	if !errors.As(want, &ke) {
		t.Fatalf("decoding the truncated file: %v", want)
	}
	line := truncated + ": " + ke.Problems[0].String() + "\n"
	if !strings.Contains(line, "offset ") {
		t.Errorf("the problem has no offset: %q", line)
	}
	for _, args := range [][]string{
		{"world", "validate", truncated},
		{"world", "inspect", truncated},
		{"world", "eval", truncated, "--at", "1"},
	} {
		status, out, errOut := runCLI(args...)
		if status != 1 || out != "" || errOut != line {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %q", args, status, out, errOut, line)
		}
	}
}
