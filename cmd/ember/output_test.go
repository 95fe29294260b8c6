package main

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAll reads the files and returns their contents by path.
func readAll(t *testing.T, paths ...string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m[p] = string(data)
	}
	return m
}

// TestBakeKeepsInputs: bake refuses an output that is the effect file or
// an image it names, however the path is spelt, with a usage error, and
// leaves them as they were.
func TestBakeKeepsInputs(t *testing.T) {
	dir := t.TempDir()
	img, err := os.ReadFile("../../examples/levels/textures/flame.png")
	if err != nil {
		t.Fatal(err)
	}
	fx := filepath.Join(dir, "fx.yaml")
	if err := os.WriteFile(fx, []byte(bakeEffect+"Texture: flame.png\nColorStrip: strip.png\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"flame.png", "strip.png"} {
		if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("fx.yaml", filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	before := readAll(t, fx, filepath.Join(dir, "flame.png"), filepath.Join(dir, "strip.png"))
	hint := "usage: ember bake " + bakeSynopsis + " (ember help bake for more)\n"
	for _, c := range []struct{ out, line string }{
		{fx, "ember bake: -o " + fx + " would overwrite the effect file " + fx},
		{filepath.Join(dir, ".", "fx.yaml"), "ember bake: -o " + filepath.Join(dir, ".", "fx.yaml") + " would overwrite the effect file " + fx},
		{filepath.Join(dir, "link.png"), "ember bake: -o " + filepath.Join(dir, "link.png") + " would overwrite the effect file " + fx},
		{filepath.Join(dir, "flame.png"), "ember bake: -o " + filepath.Join(dir, "flame.png") + " would overwrite " + filepath.Join(dir, "flame.png") + ", the effect's Texture"},
		{filepath.Join(dir, "strip.png"), "ember bake: -o " + filepath.Join(dir, "strip.png") + " would overwrite " + filepath.Join(dir, "strip.png") + ", the effect's ColorStrip"},
	} {
		status, stdout, stderr := runCLI("bake", fx, "--at", "1", "-o", c.out)
		if want := c.line + "\n" + hint; status != exitUsage || stdout != "" || stderr != want {
			t.Errorf("-o %s: status %d, stdout %q, stderr:\n%s\nwant 2 and:\n%s", c.out, status, stdout, stderr, want)
		}
	}
	if after := readAll(t, fx, filepath.Join(dir, "flame.png"), filepath.Join(dir, "strip.png")); !maps.Equal(before, after) {
		t.Error("a refused bake changed its inputs")
	}
	// Another file in the folder is written.
	out := filepath.Join(dir, "frame.png")
	if status, _, stderr := runCLI("bake", fx, "--at", "1", "-o", out); status != exitOK || stderr != "" {
		t.Errorf("-o %s: status %d, stderr %q", out, status, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("%s: %v, %.8q", out, err, data)
	}
}

// TestWorldKeepsInputs: world compile and world bake refuse an output
// that is the level or one of its textures, however the path is spelt;
// compile writes only .kwp files, the name the other commands read a
// compiled level by.
func TestWorldKeepsInputs(t *testing.T) {
	dir := levelDir(t, map[string]string{"hall.yaml": hallYAML})
	hall := filepath.Join(dir, "hall.yaml")
	flame := filepath.Join(dir, "textures", "flame.png")
	kwp := filepath.Join(dir, "hall.kwp")
	if status, _, stderr := runCLI("world", "compile", hall, "-o", kwp); status != exitOK {
		t.Fatal(stderr)
	}
	if err := os.Symlink(filepath.Join("textures", "flame.png"), filepath.Join(dir, "flame.kwp")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("hall.yaml", filepath.Join(dir, "hall-link.kwp")); err != nil {
		t.Fatal(err)
	}
	before := readAll(t, hall, flame, kwp)
	abs, err := filepath.Abs(hall)
	if err != nil {
		t.Fatal(err)
	}
	compileHint := "usage: ember world compile LEVEL.yaml -o LEVEL.kwp (see ember world help compile)\n"
	bakeHint := "usage: ember world bake " + worldBakeSynopsis + " (see ember world help bake)\n"
	cam := []string{"--camera", "5,5,1,90,10", "--at", "0.5"}
	for _, c := range []struct {
		args []string
		line string
		hint string
	}{
		{[]string{"compile", hall, "-o", abs}, "ember world compile: -o " + abs + " would overwrite the source", compileHint},
		{[]string{"compile", hall, "-o", filepath.Join(dir, "hall-link.kwp")}, "ember world compile: -o " + filepath.Join(dir, "hall-link.kwp") + " would overwrite the source", compileHint},
		{[]string{"compile", hall, "-o", filepath.Join(dir, "flame.kwp")}, "ember world compile: -o " + filepath.Join(dir, "flame.kwp") + " would overwrite " + flame + ", the level's texture flame", compileHint},
		{[]string{"compile", hall, "-o", flame}, "ember world compile: -o " + flame + " does not end in .kwp; a compiled level is read as one by its name", compileHint},
		{[]string{"compile", hall, "-o", "-"}, "ember world compile: -o - does not end in .kwp; a compiled level is read as one by its name", compileHint},
		{append([]string{"bake", kwp, "-o", kwp}, cam...), "ember world bake: -o " + kwp + " would overwrite the level " + kwp, bakeHint},
		{append([]string{"bake", hall, "-o", abs}, cam...), "ember world bake: -o " + abs + " would overwrite the level " + hall, bakeHint},
		{append([]string{"bake", kwp, "-o", flame}, cam...), "ember world bake: -o " + flame + " would overwrite " + flame + ", the level's texture flame", bakeHint},
		{append([]string{"bake", hall, "-o", filepath.Join(dir, "flame.kwp")}, cam...), "ember world bake: -o " + filepath.Join(dir, "flame.kwp") + " would overwrite " + flame + ", the level's texture flame", bakeHint},
	} {
		status, stdout, stderr := runCLI(append([]string{"world"}, c.args...)...)
		if want := c.line + "\n" + c.hint; status != exitUsage || stdout != "" || stderr != want {
			t.Errorf("%q: status %d, stdout %q, stderr:\n%s\nwant 2 and:\n%s", c.args, status, stdout, stderr, want)
		}
	}
	if after := readAll(t, hall, flame, kwp); !maps.Equal(before, after) {
		t.Error("a refused command changed its inputs")
	}
	// A .kwp name in any case is compiled.
	upper := filepath.Join(dir, "HALL.KWP")
	if status, _, stderr := runCLI("world", "compile", hall, "-o", upper); status != exitOK || stderr != "" {
		t.Errorf("-o %s: status %d, stderr %q", upper, status, stderr)
	}
	if got := readAll(t, upper)[upper]; got != before[kwp] {
		t.Errorf("%s holds %d bytes, want the %d of %s", upper, len(got), len(before[kwp]), kwp)
	}
}

// TestSeedBase: a seed is decimal, leading zeros and all; a 0x, 0o or 0b
// prefix picks another base.
func TestSeedBase(t *testing.T) {
	for s, want := range map[string]uint32{
		"10": 10, "010": 10, "08": 8, "0009": 9, "0": 0, "00": 0,
		"0x10": 16, "0X1f": 31, "0o17": 15, "0b101": 5, "4294967295": 4294967295, "04294967295": 4294967295,
	} {
		var f seedFlag
		if err := f.Set(s); err != nil || uint32(f) != want {
			t.Errorf("--seed %s: %d, %v; want %d", s, f, err, want)
		}
	}
	for _, s := range []string{"", "-1", "4294967296", "1.5", "0x", "1e3", " 3", "1_0", "0xfffffffff", "0b2"} {
		var f seedFlag
		want := `"` + s + `" is not a seed; a seed is a whole number from 0 to 4294967295`
		if err := f.Set(s); err == nil || err.Error() != want {
			t.Errorf("--seed %q: %v, want %s", s, err, want)
		}
	}
	// The same frame as the decimal seed.
	fx := "../../examples/effects/sparkle.yaml"
	_, want, _ := runCLI("eval", fx, "--at", "1", "--seed", "10", "--json")
	status, got, stderr := runCLI("eval", fx, "--at", "1", "--seed", "010", "--json")
	if status != exitOK || stderr != "" || got != want || len(want) < 100 {
		t.Errorf("--seed 010: status %d, stderr %q, output differs from --seed 10's", status, stderr)
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestOutputWriteErrors: when standard output cannot be written, eval,
// world eval and import say so and exit 1, even when there is only the
// heading to write, and so does every other command that writes to it.
func TestOutputWriteErrors(t *testing.T) {
	dot := dotDir(t) // no particle before 1 s
	studio := writeFile(t, "one.rbxmx", `<roblox version="4"><Item class="ParticleEmitter"><Properties><string name="Name">E</string></Properties></Item></roblox>`)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "../../examples/effects/confetti.json", "--at", "1"}, "ember eval: no space left on device\n"},
		{[]string{"eval", "../../examples/effects/confetti.json", "--at", "1", "--json"}, "ember eval: no space left on device\n"},
		{[]string{"world", "eval", dot, "--at", "0"}, "ember world eval: no space left on device\n"},
		{[]string{"world", "eval", dot, "--at", "0", "--json"}, "ember world eval: no space left on device\n"},
		{[]string{"import", studio, "-o", t.TempDir()}, "ember import: no space left on device\n"},
		// Commands whose standard output is only a summary or help.
		{[]string{"world", "compile", dot, "-o", filepath.Join(filepath.Dir(dot), "dot.kwp")}, "ember: cannot write the standard output: no space left on device\n"},
		{[]string{"help"}, "ember: cannot write the standard output: no space left on device\n"},
		{[]string{"bake", "-h"}, "ember: cannot write the standard output: no space left on device\n"},
		{[]string{"world", "help", "bake"}, "ember: cannot write the standard output: no space left on device\n"},
	} {
		var stderr bytes.Buffer
		status := run(c.args, failWriter{}, &stderr)
		if status != exitInvalid || stderr.String() != c.want {
			t.Errorf("%q: status %d, stderr %q; want 1 and %q", c.args, status, stderr.String(), c.want)
		}
	}
}

// TestImportEmptyDir: an empty -o is a usage error, not the current
// folder.
func TestImportEmptyDir(t *testing.T) {
	studio := writeFile(t, "one.rbxmx", `<roblox version="4"><Item class="ParticleEmitter"><Properties><string name="Name">E</string></Properties></Item></roblox>`)
	status, stdout, stderr := runCLI("import", studio, "-o", "")
	want := "ember import: -o DIR is empty; give a folder (-o . for this one)\nusage: ember import " + importSynopsis + " (ember help import for more)\n"
	if status != exitUsage || stdout != "" || stderr != want {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant 2 and:\n%s", status, stdout, stderr, want)
	}
	if _, err := os.Stat("E.yaml"); err == nil {
		os.Remove("E.yaml")
		t.Error("import -o '' wrote E.yaml here")
	}
}

// TestWriteWhole: writeWhole writes the whole file, and one it cannot
// open is left as it was.
func TestWriteWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.png")
	if err := os.WriteFile(p, []byte("old contents"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeWhole(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, p)[p]; got != "new" {
		t.Errorf("%s holds %q, want \"new\"", p, got)
	}
	err := writeWhole(filepath.Join(dir, "missing", "out.png"), []byte("x"))
	if err == nil || !strings.HasSuffix(err.Error(), "no such file or directory") {
		t.Errorf("a missing folder: %v", err)
	}
	if err := writeWhole(dir, []byte("x")); err == nil || !strings.HasSuffix(err.Error(), "is a directory") {
		t.Errorf("a folder: %v", err)
	}
}
