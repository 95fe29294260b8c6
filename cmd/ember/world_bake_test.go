package main

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dotYAML is a level of one motionless particle of edge 1 at (5, 5, 1),
// born at 1 s and living 10 s, showing the white 4 × 4 texture white.png
// at full opacity.
const dotYAML = `version: 2
textures:
  white: white.png
presets:
  dot:
    capacity: 1
    lifetime: 10
    curves:
      size: [{age: 0, size: 1}, {age: 1, size: 1}]
    sprite: {frames: [white], blend: alpha}
sectors:
  room:
    points: [{x: 0, y: 0}, {x: 10, y: 0}, {x: 10, y: 10}, {x: 0, y: 10}]
    ceiling: 3
emitters:
  dot:
    preset: dot
    sector: room
    position: {x: 5, y: 5, z: 1}
    bursts: [{time_seconds: 1, count: 1}]
`

// dotDir writes dotYAML and its texture to a new folder and returns the
// level's path.
func dotDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "white.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	level := filepath.Join(dir, "dot.yaml")
	if err := os.WriteFile(level, []byte(dotYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	return level
}

// worldBake runs "ember world bake" with args and returns the status, the
// output's bytes (-o -) and stderr.
func worldBake(args ...string) (status int, data []byte, stderr string) {
	var out, errOut bytes.Buffer
	status = run(append([]string{"world", "bake"}, args...), &out, &errOut)
	return status, out.Bytes(), errOut.String()
}

// whiteBox returns the bounds of img's pixels that are not black.
func whiteBox(img image.Image) image.Rectangle {
	var r image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); c.R != 0 || c.G != 0 || c.B != 0 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// TestWorldBakeFrame: at zoom 10 the particle of edge 1 covers 10 × 10
// pixels; with the camera on it, at the canvas centre, and one world unit
// east of it, 10 pixels left of the centre. Before its birth nothing shows.
// The compiled level draws the same bytes as its source.
func TestWorldBakeFrame(t *testing.T) {
	level := dotDir(t)
	for _, tc := range []struct {
		name, camera, at string
		want             image.Rectangle
	}{
		{"centred", "5,5,1,90,10", "2", image.Rect(35, 25, 45, 35)},
		{"camera east", "6,5,1,90,10", "2", image.Rect(25, 25, 35, 35)},
		{"side view", "5,5,1,0,10", "2", image.Rect(35, 25, 45, 35)},
		{"zoom 4", "5,5,1,60,4", "2", image.Rect(38, 28, 42, 32)},
		{"turned", "5,6,1,90,10,90", "2", image.Rect(25, 25, 35, 35)},
		{"unborn", "5,5,1,90,10", "0.5", image.Rectangle{}},
	} {
		status, data, errOut := worldBake(level, "--camera", tc.camera, "--at", tc.at, "--size", "80x60", "-o", "-")
		if status != exitOK {
			t.Fatalf("%s: status %d: %s", tc.name, status, errOut)
		}
		img := decodePNG(t, data)
		if img.Bounds() != image.Rect(0, 0, 80, 60) {
			t.Fatalf("%s: %v, want 80x60", tc.name, img.Bounds())
		}
		if got := whiteBox(img); got != tc.want {
			t.Errorf("%s: the particle covers %v, want %v", tc.name, got, tc.want)
		}
	}
	kwp := filepath.Join(filepath.Dir(level), "dot.kwp")
	if status, _, errOut := runCLI("world", "compile", level, "-o", kwp); status != exitOK {
		t.Fatal(errOut)
	}
	_, fromSource, _ := worldBake(level, "--camera", "5,5,1,60,12", "--at", "3", "-o", "-")
	status, fromKWP, errOut := worldBake(kwp, "--camera", "5,5,1,60,12", "--at", "3", "-o", "-", "--bg", "#000000")
	if status != exitOK || !bytes.Equal(fromSource, fromKWP) {
		t.Errorf("the compiled level bakes other bytes than its source (status %d, %s)", status, errOut)
	}
	if img := decodePNG(t, fromKWP); img.Bounds() != image.Rect(0, 0, 640, 360) {
		t.Errorf("default canvas %v, want 640x360", img.Bounds())
	}
	_, onGrey, _ := worldBake(level, "--camera", "5,5,1,90,10", "--at", "0", "--size", "4x4", "--bg", "#203040", "-o", "-")
	if c := color.RGBAModel.Convert(decodePNG(t, onGrey).At(0, 0)); c != (color.RGBA{0x20, 0x30, 0x40, 255}) {
		t.Errorf("background %v, want #203040", c)
	}
}

// TestWorldBakeGIF: a .gif name makes a GIF: the clip 0..2 s at 2 fps is 5
// frames of 50 hundredths, the particle from the third (1 s) on; the same
// command gives the same bytes.
func TestWorldBakeGIF(t *testing.T) {
	level := dotDir(t)
	out := filepath.Join(t.TempDir(), "dot.gif")
	var first []byte
	for range 2 {
		status, _, errOut := worldBake(level, "--camera", "5,5,1,90,10", "--to", "2", "--fps", "2", "--size", "40x30", "-o", out)
		if status != exitOK {
			t.Fatal(errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if first != nil && !bytes.Equal(first, data) {
			t.Error("the same GIF command gave other bytes")
		}
		first = data
	}
	g, err := gif.DecodeAll(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 5 {
		t.Fatalf("%d frames, want 5", len(g.Image))
	}
	for i, f := range g.Image {
		if shown := !whiteBox(f).Empty(); shown != (i >= 2) || g.Delay[i] != 50 {
			t.Errorf("frame %d: particle shown %v, delay %d; want %v, 50", i, shown, g.Delay[i], i >= 2)
		}
	}
	// --gif with --at plays 0..--at to stdout.
	status, data, errOut := worldBake(level, "--camera", "5,5,1,90,10", "--gif", "--at", "1", "--fps", "4", "--size", "8x8", "-o", "-")
	if g, err := gif.DecodeAll(bytes.NewReader(data)); status != exitOK || err != nil || len(g.Image) != 5 {
		t.Errorf("--gif --at 1 --fps 4: status %d (%s), %v", status, errOut, err)
	}
}

// TestWorldBakeBadFlags: each usage error is exit 2 with one line naming
// the problem and the command's synopsis.
func TestWorldBakeBadFlags(t *testing.T) {
	level := dotDir(t)
	hint := "usage: ember world bake " + worldBakeSynopsis + " (see ember world help bake)\n"
	for _, tc := range []struct {
		args []string
		line string
	}{
		{[]string{level, "--at", "1", "-o", "x.png"}, "ember world bake: --camera X,Y,Z,PITCH,ZOOM is required"},
		{[]string{level, "--camera", "1,2,3", "--at", "1", "-o", "x.png"}, `invalid value "1,2,3" for flag -camera: "1,2,3" is not X,Y,Z,PITCH,ZOOM[,YAW], such as 12,4,1,60,40`},
		{[]string{level, "--camera", "1,2,x,60,4", "--at", "1", "-o", "x.png"}, `invalid value "1,2,x,60,4" for flag -camera: "1,2,x,60,4" is not X,Y,Z,PITCH,ZOOM[,YAW]: "x" is not a number`},
		{[]string{level, "--camera", "1,2,3,95,4", "--at", "1", "-o", "x.png"}, `invalid value "1,2,3,95,4" for flag -camera: "1,2,3,95,4": the camera's pitch 95 is not from 0 (side view) to 90 (top-down) degrees`},
		{[]string{level, "--camera", "1,2,3,60,0", "--at", "1", "-o", "x.png"}, `invalid value "1,2,3,60,0" for flag -camera: "1,2,3,60,0": the zoom must be positive, pixels per world unit`},
		{[]string{level, "--camera", "1,2,3,60,-2", "--at", "1", "-o", "x.png"}, `invalid value "1,2,3,60,-2" for flag -camera: "1,2,3,60,-2": the camera's zoom -2 is negative`},
		{[]string{level, "--camera", "NaN,2,3,60,4", "--at", "1", "-o", "x.png"}, `invalid value "NaN,2,3,60,4" for flag -camera: "NaN,2,3,60,4": the camera's x NaN is not a finite number`},
		{[]string{level, "--camera", "1,2,3,60,4", "-o", "x.png"}, "ember world bake: --at T is required (or --gif)"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1"}, "ember world bake: -o OUT is required"},
		{[]string{"--camera", "1,2,3,60,4", "--at", "1", "-o", "x.png"}, "ember world bake: want one level, got 0"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--from", "0", "-o", "x.png"}, "ember world bake: --from and --to need --gif"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--gif", "-o", "x.png"}, "ember world bake: -o x.png names a PNG, but --gif makes a GIF"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--to", "2", "-o", "x.gif"}, "ember world bake: --gif takes either --to (the clip --from..--to) or --at (the clip 0..--at), not both"},
		{[]string{level, "--camera", "1,2,3,60,4", "--from", "2", "--to", "1", "-o", "x.gif"}, "ember world bake: --to 1 is before --from 2"},
		{[]string{level, "--camera", "1,2,3,60,4", "--to", "1", "--fps", "0", "-o", "x.gif"}, "ember world bake: --fps 0: a GIF frame lasts 1 to 65535 hundredths of a second, so the rate is from 0.0015259 (100/65535) to 100"},
		{[]string{level, "--camera", "1,2,3,60,4", "-o", "x.gif"}, "ember world bake: --gif needs --to T1 (or --at T)"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--size", "10.5x10", "-o", "x.png"}, "ember world bake: --size 10.5x10: the sides must be whole pixels"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--size", "10000x10000", "-o", "x.png"}, "ember world bake: --size 10000x10000: more than 67108864 pixels"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--fps", "10", "-o", "x.png"}, "ember world bake: --fps is a GIF's frame rate; add --gif (or name -o OUT.gif) to make one"},
		{[]string{level, "--camera", "1,2,3,60,4", "--at", "1", "--size", "8x8", "--size", "9x9", "-o", "x.png"}, "ember world bake: --size is given more than once; give it once"},
		{[]string{level, "--camera", "1,2,3,60,4", "--camera", "1,2,3,60,5", "--at", "1", "-o", "x.png"}, "ember world bake: --camera is given more than once; give it once"},
	} {
		status, data, errOut := worldBake(tc.args...)
		if want := tc.line + "\n" + hint; status != exitUsage || len(data) != 0 || errOut != want {
			t.Errorf("%q: status %d, stderr:\n%s\nwant 2 and:\n%s", tc.args, status, errOut, want)
		}
	}
	status, data, errOut := worldBake("-h")
	if status != exitOK || errOut != "" || !strings.Contains(string(data), "-camera X,Y,Z,PITCH,ZOOM[,YAW]") {
		t.Errorf("-h: status %d, stderr %q, stdout:\n%s", status, errOut, data)
	}
}

// TestWorldBakeInvalid: a level that does not load, a texture that is not
// the one compiled and a clip of too much work are exit 1, naming the
// file and the problem.
func TestWorldBakeInvalid(t *testing.T) {
	level := dotDir(t)
	kwp := filepath.Join(filepath.Dir(level), "dot.kwp")
	if status, _, errOut := runCLI("world", "compile", level, "-o", kwp); status != exitOK {
		t.Fatal(errOut)
	}
	bad := writeFile(t, "bad.yaml", strings.Replace(dotYAML, "capacity: 1", "capacity: -1", 1))
	status, _, errOut := worldBake(bad, "--camera", "5,5,1,90,10", "--at", "1", "-o", "-")
	if status != exitInvalid || !strings.Contains(errOut, "bad.yaml:6: presets[dot].capacity") {
		t.Errorf("bad level: status %d, stderr %q", status, errOut)
	}
	// Another image in the texture's place after the compile.
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(level), "white.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, errOut = worldBake(kwp, "--camera", "5,5,1,90,10", "--at", "1", "-o", "-")
	if status != exitInvalid || !strings.HasPrefix(errOut, kwp+": texture white (white.png)") {
		t.Errorf("changed texture: status %d, stderr %q", status, errOut)
	}
	if err := os.Remove(filepath.Join(filepath.Dir(level), "white.png")); err != nil {
		t.Fatal(err)
	}
	status, _, errOut = worldBake(kwp, "--camera", "5,5,1,90,10", "--at", "1", "-o", "-")
	if status != exitInvalid || !strings.HasPrefix(errOut, kwp+": texture white (white.png): ") {
		t.Errorf("missing texture: status %d, stderr %q", status, errOut)
	}
}
