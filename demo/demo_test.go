package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
	"github.com/yohamta/donburi"
)

// effects is the demo's effect directory, relative to this package.
const effects = "effects"

func TestScenesBuildAndStep(t *testing.T) {
	for _, sc := range allScenes() {
		t.Run(sc.name(), func(t *testing.T) {
			cp, err := newCapturer(sc, newLibrary(effects))
			if err != nil {
				t.Fatal(err)
			}
			if ps := cp.st.problems(); len(ps) > 0 {
				t.Fatalf("effect files do not load:\n%s", strings.Join(ps, "\n"))
			}
			cp.runTo(2)
			if got := cp.st.now(); got != 2 {
				t.Fatalf("clock %v after 2 s of updates", got)
			}
			_, live := cp.hud.levelParticles(cp.st)
			for _, b := range cp.st.binds {
				if e := cp.st.effect(b); e != nil {
					live += len(e.Particles())
				}
			}
			if live == 0 {
				t.Fatal("no live particles after 2 s")
			}
		})
	}
}

func TestSceneNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, sc := range allScenes() {
		if seen[sc.name()] {
			t.Fatalf("scene %q twice", sc.name())
		}
		seen[sc.name()] = true
		if sceneByName(sc.name()) == nil {
			t.Fatalf("sceneByName(%q) = nil", sc.name())
		}
	}
	if len(seen) != 8 {
		t.Fatalf("%d scenes, want 8", len(seen))
	}
}

func TestList(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-list"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, sc := range allScenes() {
		if !strings.Contains(out.String(), sc.name()) {
			t.Errorf("-list lacks %q:\n%s", sc.name(), out.String())
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"-scene", "nope", "-o", "x.png"}, {"extra"}, {"-bogus"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
	// Flags that would make a wrong or unused picture are refused before
	// any capture, naming the flag.
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-gif", "-fps", "0"}, "demo: -fps 0: a GIF's rate must divide the 60 updates per second (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60)\n"},
		{[]string{"-gif", "-fps", "7"}, "demo: -fps 7: a GIF's rate must divide"},
		{[]string{"-gif", "-fps", "-5"}, "demo: -fps -5: a GIF's rate must divide"},
		{[]string{"-frames", "-3"}, "demo: -frames -3 is negative\n"},
		{[]string{"-o", filepath.Join(dir, "x.txt")}, "demo: -o " + filepath.Join(dir, "x.txt") + ": a capture is a .png or a .gif file, or a directory ending in /\n"},
		{[]string{"-gif", "-o", filepath.Join(dir, "x.png")}, "demo: -o " + filepath.Join(dir, "x.png") + " names a PNG, but -gif makes a GIF\n"},
		{[]string{"-dur", "2", "-o", filepath.Join(dir, "x.PNG")}, "demo: -o " + filepath.Join(dir, "x.PNG") + " names a PNG; -dur is a GIF's length\n"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"-effects", effects, "-scene", "fire"}, c.args...), &out, &errb)
		if code != 2 || !strings.HasPrefix(errb.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("refused captures wrote %d files", len(entries))
	}
}

// decode reads a PNG.
func decode(t *testing.T, data []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		b := img.Bounds()
		rgba = image.NewRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				rgba.Set(x, y, img.At(x, y))
			}
		}
	}
	return rgba
}

// differing counts the pixels of a and b that differ by more than 12 in a
// channel.
func differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for k := range 3 {
			d := int(a.Pix[i+k]) - int(b.Pix[i+k])
			if d > 12 || d < -12 {
				n++
				break
			}
		}
	}
	return n
}

// TestCaptureLimits: a capture of a clock past maxCaptureClock, or a GIF
// of more frames than a GIF may have, is refused at once rather than run
// for hours.
func TestCaptureLimits(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	gifOut := filepath.Join(filepath.Dir(out), "x.gif")
	for _, args := range [][]string{
		{"-at", "1e9", "-o", out},
		{"-at", "NaN", "-o", out},
		{"-at", "-1", "-o", out},
		{"-gif", "-dur", "1e7", "-o", gifOut},
		{"-gif", "-dur", "200", "-fps", "60", "-o", gifOut},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"-effects", effects, "-scene", "fire"}, args...), &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), "demo: ") {
			t.Errorf("%q: code %d, stderr %q", args, code, stderr.String())
		}
	}
	for _, p := range []string{out, gifOut} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a refused capture wrote %s", p)
		}
	}
}

func TestCapturePNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fire.png")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-effects", effects, "-scene", "fire", "-at", "1", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, data)
	if b := img.Bounds(); b.Dx() != screenW || b.Dy() != screenH {
		t.Fatalf("capture is %v, want %dx%d", b, screenW, screenH)
	}
	// Against the bare backdrop, the effects and the HUD change a good part
	// of the picture.
	bg := image.NewRGBA(image.Rect(0, 0, screenW, screenH))
	newRasterCanvas(bg).Picture((&fireScene{}).backdrop(), 0, 0)
	if n := differing(img, bg); n < screenW*screenH/50 {
		t.Fatalf("only %d pixels differ from the backdrop", n)
	}
	// The flames light up the middle of the fire.
	if p := img.RGBAAt(campX, campY-80); int(p.R)+int(p.G) < 300 {
		t.Errorf("flame pixel at the campfire is %v", p)
	}
}

func TestCaptureDeterministic(t *testing.T) {
	for _, name := range []string{"button", "explosion"} {
		sc := func() scene { return sceneByName(name) }
		a, err := capturePNG(sc(), newLibrary(effects), 0.8)
		if err != nil {
			t.Fatal(err)
		}
		b, err := capturePNG(sc(), newLibrary(effects), 0.8)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two captures differ", name)
		}
	}
	g1, err := captureGIF(&sparksScene{}, newLibrary(effects), 0.8, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	g2, err := captureGIF(&sparksScene{}, newLibrary(effects), 0.8, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g1, g2) {
		t.Error("two GIF captures differ")
	}
}

func TestDefaultCapture(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"-effects", effects, "-o", dir + "/", "-dur", "0.1"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	first := allScenes()[0].name()
	for _, f := range []string{first + ".png", first + ".gif"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if !strings.Contains(stdout.String(), "pictures are in") {
		t.Errorf("no word on where the pictures are:\n%s", stdout.String())
	}
}

// frameAt renders a capturer's current frame and returns a copy.
func frameAt(cp *capturer) []byte {
	return bytes.Clone(cp.draw().Pix)
}

// TestScrubBack checks the timeline's promise: seeking back shows exactly
// the frame shown on the way forward, for bursts moved around by SetHost
// (explosion), transforms (follow) and stream toggles (weather); and playing
// backwards (a negative time scale) shows them too.
func TestScrubBack(t *testing.T) {
	for _, name := range []string{"explosion", "follow", "weather", "button"} {
		t.Run(name, func(t *testing.T) {
			cp, err := newCapturer(sceneByName(name), newLibrary(effects))
			if err != nil {
				t.Fatal(err)
			}
			cp.hud = nil // the HUD's track shows how far the clock went
			marks := []float64{0.8, 1.75, 3.1, 3.6}
			want := map[float64][]byte{}
			for _, at := range marks {
				cp.runTo(at)
				want[at] = frameAt(cp)
			}
			cp.runTo(4.5)
			for i := len(marks) - 1; i >= 0; i-- {
				at := marks[i]
				cp.st.seek(at)
				if !bytes.Equal(frameAt(cp), want[at]) {
					t.Errorf("seek back to %v s shows another frame", at)
				}
			}
			// Backwards at full speed from the end lands on the marks. The
			// pointer stays where the script left it (the button shows it).
			idle := &input{x: cp.in.x, y: cp.in.y}
			cp.st.seek(4.5)
			cp.st.sched.TimeScale = -1
			for range tickOf(4.5 - marks[2]) {
				cp.st.update(idle)
			}
			if got := cp.st.now(); got != marks[2] {
				t.Fatalf("played back to %v s, want %v", got, marks[2])
			}
			if !bytes.Equal(frameAt(cp), want[marks[2]]) {
				t.Errorf("playing backwards to %v s shows another frame", marks[2])
			}
			// Forward again from a rewound clock replays the recording.
			cp.st.sched.TimeScale = 1
			cp.st.seek(marks[0])
			for range tickOf(marks[1] - marks[0]) {
				cp.st.update(idle)
			}
			if !bytes.Equal(frameAt(cp), want[marks[1]]) {
				t.Errorf("replaying from %v to %v s shows another frame", marks[0], marks[1])
			}
			// The timeline offers only clocks seeks show exactly.
			if _, hi := cp.st.historySpan(); cp.st.sampled && hi != marks[1] {
				t.Errorf("after replaying to %v s the timeline ends at %v", marks[1], hi)
			}
		})
	}
}

// copyEffect copies an effect file and its images into dir.
func copyEffect(t *testing.T, dir string, files ...string) {
	t.Helper()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(effects, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rewrite writes data to path and moves its modification time on, so that
// poll sees the change whatever the file system's time resolution.
func rewrite(t *testing.T, path, data string, n int) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(time.Duration(n) * time.Second)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

func TestHotReload(t *testing.T) {
	dir := t.TempDir()
	copyEffect(t, dir, "sparks.yaml", "streak.png")
	lib := newLibrary(dir)
	world := donburi.NewWorld()
	b, err := lib.spawn(world, "sparks.yaml", component.SpawnOptions{Play: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	second, err := lib.spawn(world, "sparks.yaml", component.SpawnOptions{Play: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fx, _ := component.Get(world, b.entity)
	fx2, _ := component.Get(world, second.entity)
	if fx.Effect.Snapshot() != fx2.Effect.Snapshot() || fx.Texture != fx2.Texture {
		t.Fatal("two effects of one file do not share the snapshot and texture")
	}
	sched := system.NewScheduler(nil)
	for range 30 {
		sched.UpdateWorld(world)
	}
	good := fx.Effect.Snapshot()
	clock := fx.Effect.Clock()
	if n := lib.poll(); len(n) != 0 || len(lib.problems()) != 0 {
		t.Fatalf("unchanged files: poll reloaded %v, problems %v", n, lib.problems())
	}

	path := filepath.Join(dir, "sparks.yaml")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(orig), "Rate: 320", "Rate: -5\nShpe: Box", 1)
	rewrite(t, path, bad, 1)
	if n := lib.poll(); len(n) != 0 {
		t.Fatalf("a bad file reloaded %v", n)
	}
	ps := lib.problems()
	if len(ps) < 2 {
		t.Fatalf("problems %q, want two", ps)
	}
	for _, want := range []string{"sparks.yaml:", "Rate", "Shpe: unknown field; did you mean Shape?"} {
		if !strings.Contains(strings.Join(ps, "\n"), want) {
			t.Errorf("problems %q lack %q", ps, want)
		}
	}
	if fx.Effect.Snapshot() != good {
		t.Fatal("a bad file replaced the snapshot")
	}

	fixed := strings.Replace(string(orig), "Rate: 320", "Rate: 100", 1)
	rewrite(t, path, fixed, 2)
	if n := lib.poll(); len(n) != 1 || n[0] != "sparks.yaml" {
		t.Fatalf("a fixed file: poll reloaded %v, want sparks.yaml", n)
	}
	if len(lib.problems()) != 0 {
		t.Fatalf("problems after the fix: %v", lib.problems())
	}
	if fx.Effect.Snapshot() == good || fx.Effect.Snapshot().Rate() != 100 {
		t.Fatalf("snapshot not swapped: rate %v", fx.Effect.Snapshot().Rate())
	}
	if fx2.Effect.Snapshot() != fx.Effect.Snapshot() {
		t.Fatal("the second effect of the file was not swapped")
	}
	if fx.Effect.Clock() != clock {
		t.Fatal("reloading moved the clock")
	}

	// A changed image reloads its effect files too.
	tex, err := os.ReadFile(filepath.Join(dir, "streak.png"))
	if err != nil {
		t.Fatal(err)
	}
	rewrite(t, filepath.Join(dir, "streak.png"), string(tex), 3)
	if n := lib.poll(); len(n) != 1 || n[0] != "sparks.yaml" {
		t.Fatalf("a changed texture: poll reloaded %v, want sparks.yaml", n)
	}

	// A missing image is a problem too, at its field's line, and the
	// effect keeps playing; so is one outside the effects folder, even
	// when it exists.
	for i, name := range []string{"nothere.png", "../" + filepath.Base(dir) + "/streak.png", filepath.Join(dir, "streak.png")} {
		rewrite(t, path, strings.Replace(fixed, "streak.png", name, 1), 4+i)
		lib.poll()
		want := fmt.Sprintf(`Texture: %q: names no file in the effect file's folder`, name)
		if ps := lib.problems(); len(ps) != 1 || !strings.HasPrefix(ps[0], path+":") || !strings.Contains(ps[0], want) {
			t.Fatalf("texture %s: problems %q, want one with %q", name, ps, want)
		}
		if fx.Effect.Snapshot().Rate() != 100 {
			t.Fatal("a bad texture replaced the snapshot")
		}
	}
}

func TestBadFileAtStart(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fire.yaml"), []byte("Rate: [1, 2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := newLibrary(dir)
	b, err := lib.spawn(donburi.NewWorld(), "fire.yaml", component.SpawnOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.problems()) == 0 || !strings.Contains(lib.problems()[0], "fire.yaml:1: Rate") {
		t.Fatalf("problems %q", lib.problems())
	}
	if e := b.file; e.snap != nil {
		t.Fatal("a bad file has a snapshot")
	}
}

func TestStressSlider(t *testing.T) {
	sc := &stressScene{}
	st, err := newStage(sc, newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	e := st.effect(sc.fx)
	if e.Snapshot().MaxParticles() < defaultCount {
		t.Fatalf("MaxParticles %d below the default count", e.Snapshot().MaxParticles())
	}
	clock := e.Clock()
	sc.set(maxCount)
	if e.Snapshot().MaxParticles() < maxCount {
		t.Fatalf("MaxParticles %d after setting %d", e.Snapshot().MaxParticles(), maxCount)
	}
	if e.Clock() != clock {
		t.Fatal("the slider moved the clock")
	}
	for i := range 5 {
		if got := st.now(); got < 0 {
			t.Fatal(got, i)
		}
		st.update(&input{})
	}
	if n := len(e.Particles()); n < maxCount*8/10 || n > maxCount*11/10 {
		t.Fatalf("%d live at the slider's top, want about %d", n, maxCount)
	}
	if sliderValue(0) != minCount || sliderValue(1) != maxCount {
		t.Fatalf("slider ends %d, %d", sliderValue(0), sliderValue(1))
	}
}

func TestFont(t *testing.T) {
	for r, rows := range glyphs {
		if len(rows) > glyphH {
			t.Errorf("%q has %d rows", r, len(rows))
		}
		for _, row := range rows {
			if len(row) != glyphW || strings.Trim(row, ".#") != "" {
				t.Errorf("%q: bad row %q", r, row)
			}
		}
		if _, ok := glyphIndex[r]; !ok {
			t.Errorf("%q is not in the atlas order", r)
		}
	}
	for _, r := range glyphOrder {
		if _, ok := glyphs[r]; !ok {
			t.Errorf("atlas rune %q has no glyph", r)
		}
	}
}

// TestTexturesCommitted checks the committed PNGs, the effects' and the
// world level's, are what textures.go and leveltextures.go draw. Floating-point results may differ in the last bit on machines
// that fuse multiply-adds, so the check runs on amd64 only.
func TestTexturesCommitted(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("texture bytes are checked on amd64")
	}
	for _, set := range []struct {
		dir  string
		list []generatedTexture
	}{{effects, textures}, {"levels", levelTextures}} {
		for _, tex := range set.list {
			want, err := encodePNGLevel(tex.draw(), png.BestCompression)
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(set.dir, filepath.FromSlash(tex.file)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from its drawing in the demo; run go run ./demo -gen-textures", tex.file)
			}
		}
	}
}
