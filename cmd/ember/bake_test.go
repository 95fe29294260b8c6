package main

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/raster/bake"
)

// bakeEffect is a small steady stream that shows particles from 0.1 s on.
const bakeEffect = `
Rate: 40
Lifetime: {Min: 1, Max: 2}
Speed: {Min: 0.3, Max: 1}
SpreadAngle: {X: 60, Y: 0}
Size: 0.3
Color: "#ffa040"
LightEmission: 0.5
GlowLayers: 2
`

// bakeRun runs "ember bake" with args and the output file out appended, and
// returns the status, the file's bytes and stderr.
func bakeRun(t *testing.T, args ...string) (status int, data []byte, stderr string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	status, _, stderr = runCLI(append(append([]string{"bake"}, args...), "-o", out)...)
	if status == exitOK {
		var err error
		if data, err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	return status, data, stderr
}

func decodePNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	return img
}

// bakeScene is the scene of bakeEffect the command bakes with a seed and
// bursts.
func bakeScene(t *testing.T, fx string, seed uint32, bursts ...bake.Burst) *bake.Scene {
	t.Helper()
	spec, err := effectfile.Load(fx)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := emitter.NewSnapshot(&spec)
	return &bake.Scene{Snapshot: snap, Seed: seed, Bursts: bursts}
}

// asRGBA converts img to RGBA at origin (0, 0).
func asRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// TestBakeFrame: by default a frame is a PNG of a canvas that holds the
// effect's bounds and 8 pixels around them (the host's rectangle, 200x100,
// would cut this effect), the background where no particle is, and exactly
// bake.Frame's pixels on that canvas; --canvas and --pad change it.
func TestBakeFrame(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	status, data, stderr := bakeRun(t, fx, "--at", "1", "--seed", "7", "--emit", "20@0.5")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, stderr)
	}
	img := asRGBA(decodePNG(t, data))
	s := bakeScene(t, fx, 7, bake.Burst{Count: 20, At: 0.5})
	fit, err := bake.FitCanvas(s, []float64{1}, 8)
	if err != nil {
		t.Fatal(err)
	}
	if fit.Dy() <= 100 || img.Rect.Dx() != fit.Dx() || img.Rect.Dy() != fit.Dy() {
		t.Errorf("default size %v, want the fitted %dx%d, taller than the host", img.Rect, fit.Dx(), fit.Dy())
	}
	s.Canvas = fit
	want, err := bake.Frame(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.Pix, want.Pix) {
		t.Error("the PNG differs from bake.Frame")
	}
	for x := range img.Rect.Dx() {
		if c := img.RGBAAt(x, 0); c != (color.RGBA{0, 0, 0, 255}) {
			t.Fatalf("the fitted canvas's padding is drawn on at (%d, 0): %v", x, c)
		}
	}

	// --canvas WxH: that canvas around the host's centre, which is the
	// host's rectangle for --canvas WxH --host WxH.
	status, data, stderr = bakeRun(t, fx, "--at", "1", "--host", "64x48", "--canvas", "64x48", "--bg", "#0A141E")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, stderr)
	}
	img = asRGBA(decodePNG(t, data))
	if img.Rect != image.Rect(0, 0, 64, 48) {
		t.Errorf("--canvas 64x48: size %v", img.Rect)
	}
	if c := img.RGBAAt(63, 47); c != (color.RGBA{10, 20, 30, 255}) {
		t.Errorf("--bg #0A141E: corner %v", c)
	}
	s = bakeScene(t, fx, 0)
	s.Width, s.Height, s.Background = 64, 48, color.NRGBA{10, 20, 30, 255}
	if want, _ := bake.Frame(s, 1); !bytes.Equal(img.Pix, want.Pix) {
		t.Error("--canvas WxH --host WxH differs from the host's rectangle")
	}
	// --pad 0: the bounds alone.
	status, data, _ = bakeRun(t, fx, "--at", "1", "--pad", "0")
	if b := decodePNG(t, data).Bounds(); status != exitOK || b.Dx() != fit.Dx()-16 || b.Dy() != fit.Dy()-16 {
		t.Errorf("--pad 0: status %d, size %v, want %dx%d", status, b, fit.Dx()-16, fit.Dy()-16)
	}
}

// TestBakeSheet: a sheet of CxR frames of WxH is (C·W)x(R·H).
func TestBakeSheet(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	status, data, stderr := bakeRun(t, fx, "--sheet", "3x2", "--from", "0.2", "--to", "1.2", "--canvas", "40x30")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, stderr)
	}
	if b := decodePNG(t, data).Bounds(); b != image.Rect(0, 0, 120, 60) {
		t.Errorf("sheet %v, want 120x60", b)
	}
	// --from defaults to 0; the fitted canvas holds every frame.
	status, data, stderr = bakeRun(t, fx, "--sheet", "4x1", "--to", "1")
	if status != exitOK {
		t.Fatalf("status %d: %s", status, stderr)
	}
	fit, _ := bake.FitCanvas(bakeScene(t, fx, 0), bake.SheetTimes(4, 0, 1), 8)
	if b := decodePNG(t, data).Bounds(); b != image.Rect(0, 0, 4*fit.Dx(), fit.Dy()) {
		t.Errorf("sheet %v, want %dx%d", b, 4*fit.Dx(), fit.Dy())
	}
}

// TestBakeGIF: --gif --at T plays 0..T; --from/--to another clip; the
// frame count is floor(length·fps) + 1 and the delay the step in 1/100 s.
func TestBakeGIF(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	for _, c := range []struct {
		name   string
		args   []string
		frames int
		delay  int
	}{
		{"--gif --at 1 --fps 10, frames 11, delay 10", []string{"--gif", "--at", "1", "--fps", "10"}, 11, 10},
		{"--gif --from 0.5 --to 1 --fps 20, frames 11, delay 5", []string{"--gif", "--from", "0.5", "--to", "1", "--fps", "20"}, 11, 5},
		{"25 fps by default", []string{"--gif", "--at", "0.4"}, 11, 4}, // 25 fps by default
	} {
		t.Run(c.name, func(t *testing.T) {
			status, data, stderr := bakeRun(t, append([]string{fx, "--canvas", "50x40"}, c.args...)...)
			if status != exitOK {
				t.Fatalf("%v: status %d: %s", c.args, status, stderr)
			}
			g, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%v: not a GIF: %v", c.args, err)
			}
			if len(g.Image) != c.frames || g.Delay[0] != c.delay {
				t.Errorf("%v: %d frames with delay %d, want %d with %d", c.args, len(g.Image), g.Delay[0], c.frames, c.delay)
			}
			if g.Config.Width != 50 || g.Config.Height != 40 {
				t.Errorf("%v: %dx%d, want 50x40", c.args, g.Config.Width, g.Config.Height)
			}
		})
	}
}

// TestBakeFormatFromName: a name ending in .gif makes a GIF, as --gif does,
// and one ending in .png a PNG; the same clip either way is the same bytes.
func TestBakeFormatFromName(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	dir := t.TempDir()
	byName, byFlag := filepath.Join(dir, "clip.GIF"), filepath.Join(dir, "clip")
	for _, args := range [][]string{{"-o", byName}, {"--gif", "-o", byFlag}} {
		if status, _, stderr := runCLI(append([]string{"bake", fx, "--at", "0.5", "--fps", "10"}, args...)...); status != exitOK {
			t.Fatalf("%v: status %d: %s", args, status, stderr)
		}
	}
	a, _ := os.ReadFile(byName)
	b, _ := os.ReadFile(byFlag)
	if g, err := gif.DecodeAll(bytes.NewReader(a)); err != nil || len(g.Image) != 6 || !bytes.Equal(a, b) {
		t.Errorf("-o clip.GIF: %v, and the same as --gif: %v", err, bytes.Equal(a, b))
	}
	frame := filepath.Join(dir, "frame.png")
	if status, _, stderr := runCLI("bake", fx, "--at", "0.5", "-o", frame); status != exitOK {
		t.Fatalf("-o frame.png: status %d: %s", status, stderr)
	}
	if data, _ := os.ReadFile(frame); len(data) < 8 || string(data[1:4]) != "PNG" {
		t.Error("-o frame.png is not a PNG")
	}
}

// TestBakeWork: a bake past the work limits is refused at once, with the
// numbers, and writes nothing.
func TestBakeWork(t *testing.T) {
	fx := writeFile(t, "heavy.yaml", "Rate: 1000000\nLifetime: 3600\nMaxParticles: 200000\nSpeed: 0\nSize: 4\nLightEmission: 1\nGlowLayers: 8\n")
	out := filepath.Join(t.TempDir(), "heavy.png")
	status, _, stderr := runCLI("bake", fx, "--at", "3600", "--canvas", "200x100", "-o", out)
	if status != exitInvalid || !strings.HasPrefix(stderr, "ember bake: 1 frame would draw ") || !strings.Contains(stderr, "more than the 1000000000 a bake may") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused bake wrote its file")
	}
}

// TestBakeDeterministic: the same command line writes the same bytes.
func TestBakeDeterministic(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	for _, args := range [][]string{
		{fx, "--at", "1.3", "--seed", "3"},
		{fx, "--gif", "--to", "0.6", "--fps", "15", "--emit", "10", "--emit", "5@0.3"},
	} {
		s1, d1, e1 := bakeRun(t, args...)
		s2, d2, e2 := bakeRun(t, args...)
		if s1 != exitOK || s2 != exitOK {
			t.Fatalf("%v: %s %s", args, e1, e2)
		}
		if !bytes.Equal(d1, d2) {
			t.Errorf("%v: two runs differ", args)
		}
	}
	// -o - writes the same bytes to stdout.
	status, stdout, stderr := runCLI("bake", fx, "--at", "1.3", "--seed", "3", "-o", "-")
	_, want, _ := bakeRun(t, fx, "--at", "1.3", "--seed", "3")
	if status != exitOK || stdout != string(want) {
		t.Errorf("-o -: status %d, %d bytes, want %d: %s", status, len(stdout), len(want), stderr)
	}
}

// TestBakeTextures: texture paths are relative to the effect file, not to
// the working directory; a missing or undecodable one is an error (status
// 1) naming the effect file, the field and the image.
func TestBakeTextures(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "fx", "tex"), 0o755); err != nil {
		t.Fatal(err)
	}
	dot := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range dot.Pix {
		dot.Pix[i] = 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, dot); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, "fx", name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("tex/dot.png", buf.Bytes())
	write("tex/bad.png", []byte("GIF89a but not really"))
	ok := write("ok.yaml", []byte(bakeEffect+"Texture: tex/dot.png\nColorStrip: tex/dot.png\n"))
	if status, _, stderr := bakeRun(t, ok, "--at", "1"); status != exitOK {
		t.Errorf("relative texture: status %d: %s", status, stderr)
	}
	// The images' problems are at their field's line (after bakeEffect's
	// lines): missing or outside the folder one same problem, a file that
	// is no image (its header claims a size) another.
	fxLine := strconv.Itoa(strings.Count(bakeEffect, "\n") + 1)
	for _, c := range []struct{ field, name, want string }{
		{"Texture", "nope.png", `names no file in the effect file's folder (images are confined to it)`},
		{"Texture", "../outside.png", `names no file in the effect file's folder (images are confined to it)`},
		{"ColorStrip", "tex/bad.png", filepath.Join(dir, "fx", "tex", "bad.png") + " is 25120x29813 pixels; an image is at most 2048 pixels on a side"},
	} {
		fx := write("bad-"+c.field+".yaml", []byte(bakeEffect+c.field+": "+c.name+"\n"))
		status, _, stderr := bakeRun(t, fx, "--at", "1")
		if want := fx + ":" + fxLine + ": " + c.field + `: "` + c.name + `": ` + c.want + "\n"; status != exitInvalid || stderr != want {
			t.Errorf("%s %s: status %d, stderr %q\nwant status %d, %q", c.field, c.name, status, stderr, exitInvalid, want)
		}
	}
}

// TestBakeInvalidFile: an invalid effect prints its problems and exits 1.
func TestBakeInvalidFile(t *testing.T) {
	fx := writeFile(t, "bad.yaml", "Rate: fast\n")
	status, _, stderr := bakeRun(t, fx, "--at", "1")
	if status != exitInvalid || !strings.Contains(stderr, "bad.yaml:1") || !strings.Contains(stderr, "Rate") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}

// TestBakeBadFlags: usage errors exit 2 and say what is wrong.
func TestBakeBadFlags(t *testing.T) {
	fx := writeFile(t, "fx.yaml", bakeEffect)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"--at 1, want \"-o OUT is required\"", []string{fx, "--at", "1"}, "-o OUT is required"},
		{"-o x.png, want \"--at T is required\"", []string{fx, "-o", "x.png"}, "--at T is required"},
		{"-o x.png --at 1, want \"want one effect file\"", []string{"-o", "x.png", "--at", "1"}, "want one effect file"},
		{"--at -1 -o x.png, want \"negative\"", []string{fx, "--at", "-1", "-o", "x.png"}, "negative"},
		{"--sheet 0x2 --to 1 -o x.png, want \"not CxR\"", []string{fx, "--sheet", "0x2", "--to", "1", "-o", "x.png"}, "not CxR"},
		{"--sheet 3x2 -o x.png, want \"--sheet needs --to\"", []string{fx, "--sheet", "3x2", "-o", "x.png"}, "--sheet needs --to"},
		{"--sheet 3x2 --at 1 --to 2 -o x.png, want \"not --at\"", []string{fx, "--sheet", "3x2", "--at", "1", "--to", "2", "-o", "x.png"}, "not --at"},
		{"--sheet 3x2 --from 2 --to 1 -o x.png, want \"before --from\"", []string{fx, "--sheet", "3x2", "--from", "2", "--to", "1", "-o", "x.png"}, "before --from"},
		{"--gif --sheet 3x2 --to 1 -o x, want \"cannot go together\"", []string{fx, "--gif", "--sheet", "3x2", "--to", "1", "-o", "x"}, "cannot go together"},
		{"--gif -o x.gif, want \"--gif needs --to\"", []string{fx, "--gif", "-o", "x.gif"}, "--gif needs --to"},
		{"--gif --at 1 --to 2 -o x.gif, want \"not both\"", []string{fx, "--gif", "--at", "1", "--to", "2", "-o", "x.gif"}, "not both"},
		{"--gif --at 1 --fps 0 -o x.gif, want \"0.0015259 (100/65535) to 100\"", []string{fx, "--gif", "--at", "1", "--fps", "0", "-o", "x.gif"}, "0.0015259 (100/65535) to 100"},
		{"--gif --at 1 --fps 0.001 -o x.gif, want \"1 to 65535 hundredths\"", []string{fx, "--gif", "--at", "1", "--fps", "0.001", "-o", "x.gif"}, "1 to 65535 hundredths"},
		{"--gif --at 1 --fps 101 -o x.gif, want \"0.0015259 (100/65535) to 100\"", []string{fx, "--gif", "--at", "1", "--fps", "101", "-o", "x.gif"}, "0.0015259 (100/65535) to 100"},
		{"--gif --at 1 -o x.png, want \"names a PNG\"", []string{fx, "--gif", "--at", "1", "-o", "x.png"}, "-o x.png names a PNG, but --gif makes a GIF"},
		{"--sheet 2x2 --to 1 -o x.gif, want \"names a GIF\"", []string{fx, "--sheet", "2x2", "--to", "1", "-o", "x.gif"}, "-o x.gif names a GIF, but --sheet makes a PNG"},
		{"-o x.gif, want \"--gif needs --to\"", []string{fx, "-o", "x.GIF"}, "--gif needs --to"},
		{"--canvas 10x10 --pad 2, want \"give one of them\"", []string{fx, "--at", "1", "--canvas", "10x10", "--pad", "2", "-o", "x.png"}, "give one of them"},
		{"--pad -1, want \"0 to 4096\"", []string{fx, "--at", "1", "--pad", "-1", "-o", "x.png"}, "0 to 4096"},
		{"--canvas 10.5x10, want \"whole pixels\"", []string{fx, "--at", "1", "--canvas", "10.5x10", "-o", "x.png"}, "--canvas 10.5x10: the sides must be whole pixels"},
		{"--canvas 100000x100000, want \"pixels\"", []string{fx, "--at", "1", "--canvas", "100000x100000", "-o", "x.png"}, "more than 67108864 pixels"},
		{"--at 1 --from 0 -o x.png, want \"need --sheet or --gif\"", []string{fx, "--at", "1", "--from", "0", "-o", "x.png"}, "need --sheet or --gif"},
		{"--at 1 --bg red -o x.png, want \"#rrggbb\"", []string{fx, "--at", "1", "--bg", "red", "-o", "x.png"}, "#rrggbb"},
		{"--at 1 --bg #12345 -o x.png, want \"#rrggbb\"", []string{fx, "--at", "1", "--bg", "#12345", "-o", "x.png"}, "#rrggbb"},
		{"--at 1 --host 10.5x10 -o x.png, want \"whole pixels\"", []string{fx, "--at", "1", "--host", "10.5x10", "-o", "x.png"}, "whole pixels"},
		{"--at 1 --host 100000x100000 -o x.png, want \"pixels\"", []string{fx, "--at", "1", "--host", "100000x100000", "-o", "x.png"}, "pixels"},
		{"--at 1 --fps 10 -o x.png, want \"a GIF's frame rate\"", []string{fx, "--at", "1", "--fps", "10", "-o", "x.png"}, "ember bake: --fps is a GIF's frame rate; add --gif (or name -o OUT.gif) to make one\n"},
		{"--sheet 2x2 --to 1 --fps 10 -o x.png, want \"a GIF's frame rate\"", []string{fx, "--sheet", "2x2", "--to", "1", "--fps", "10", "-o", "x.png"}, "--fps is a GIF's frame rate"},
		{"--seed 1 --seed 2, want \"more than once\"", []string{fx, "--at", "1", "--seed", "1", "--seed", "2", "-o", "x.png"}, "ember bake: --seed is given more than once; give it once\n"},
		{"--at 1 --at=2, want \"more than once\"", []string{fx, "--at", "1", "-o", "x.png", "--at=2"}, "ember bake: --at is given more than once; give it once\n"},
		{"--gif --gif, want \"more than once\"", []string{fx, "--gif", "--to", "1", "--gif", "-o", "x.gif"}, "ember bake: --gif is given more than once; give it once\n"},
		{"-o a.png -o b.png, want \"more than once\"", []string{fx, "--at", "1", "-o", "a.png", "-o", "b.png"}, "ember bake: -o is given more than once; give it once\n"},
		{"--emit 1e30, want \"out of range\"", []string{fx, "--at", "1", "--emit", "100000000000000000000", "-o", "x.png"}, `"100000000000000000000": the count 100000000000000000000 is out of range`},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, _, stderr := runCLI(append([]string{"bake"}, c.args...)...)
			if status != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, status, stderr, exitUsage, c.want)
			}
		})
	}
	if _, err := os.Stat("x.png"); err == nil {
		t.Error("a failed bake wrote x.png")
	}
}

// TestBakeHelp: "ember help bake" and "ember bake -h" print the synopsis
// and exit 0.
func TestBakeHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "bake"}, {"bake", "-h"}} {
		status, stdout, stderr := runCLI(args...)
		if status != exitOK || !strings.Contains(stdout+stderr, "--sheet CxR") {
			t.Errorf("%v: status %d, output %q", args, status, stdout+stderr)
		}
	}
	if _, stdout, _ := runCLI("help"); !strings.Contains(stdout, "ember bake FILE") {
		t.Error("the usage does not list bake")
	}
}
