package main

import (
	"bytes"
	"image"
	"math"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/system"
)

// worldCapturer returns a capturer of the world scene without the HUD
// (its track shows how far the clock went) and the scene.
func worldCapturer(t *testing.T) (*capturer, *worldScene) {
	t.Helper()
	sc := &worldScene{}
	cp, err := newCapturer(sc, newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	cp.hud = nil
	return cp, sc
}

// TestWorldSceneMountsLevel: the scene mounts demo/levels/keep.kwp, the
// 17 emitters and 4 sectors of keep.yaml, and the level clock is the world
// clock, stepping and seeking.
func TestWorldSceneMountsLevel(t *testing.T) {
	cp, sc := worldCapturer(t)
	e, ok := system.FindLevel(cp.st.world, worldLevel)
	if !ok || e != sc.level {
		t.Fatalf("level %q not mounted", worldLevel)
	}
	if d := sc.doc; len(d.Emitters) != 17 || len(d.Sectors) != 4 {
		t.Fatalf("%d emitters, %d sectors; want keep.yaml's 17 and 4", len(d.Emitters), len(d.Sectors))
	}
	for _, at := range []float64{0.5, 2, 3.25} {
		cp.runTo(at)
		if lt, _ := system.LevelTime(cp.st.world, e); lt != at || cp.st.now() != at {
			t.Errorf("at world clock %v the level clock is %v", cp.st.now(), lt)
		}
	}
	cp.st.seek(1.5)
	if lt, _ := system.LevelTime(cp.st.world, e); lt != 1.5 {
		t.Errorf("after a seek to 1.5 s the level clock is %v", lt)
	}
}

// TestWorldSceneDraws: the capture draws the level's particles through the
// scene's camera: at 3.9 s the brazier's flames, projected from (6, 11,
// 1.1), are fire-coloured and the fountain's jet above (17, 4, 1.8) is
// water-coloured; with the level hidden neither is.
func TestWorldSceneDraws(t *testing.T) {
	cp, sc := worldCapturer(t)
	cp.runTo(3.9)
	pr := sc.cam.Projection(image.Rect(0, 0, screenW, screenH))
	at := func(img *image.RGBA, x, y, z float64) [3]int {
		sx, sy := pr.Apply(x, y, z)
		p := img.RGBAAt(int(sx), int(sy))
		return [3]int{int(p.R), int(p.G), int(p.B)}
	}
	img := cp.draw()
	fire, water := at(img, 6, 11, 1.1), at(img, 17, 4, 1.8)
	if fire[0] < 200 || fire[1] < 120 || fire[2] > fire[1] {
		t.Errorf("brazier pixel %v, want flame colours (red over 200, green over 120, little blue)", fire)
	}
	if water[2] < 120 || water[2] <= water[0] {
		t.Errorf("fountain pixel %v, want water (blue over 120, above red)", water)
	}
	d, _ := component.GetLevel(cp.st.world, sc.level)
	d.Hidden = true
	img = cp.draw()
	if got := at(img, 6, 11, 1.1); got == fire {
		t.Errorf("with the level hidden the brazier pixel is still %v", got)
	}
	if got := at(img, 17, 4, 1.8); got == water {
		t.Errorf("with the level hidden the fountain pixel is still %v", got)
	}
}

// TestWorldSceneScrub: seeking back shows exactly the frame shown on the
// way forward, and so does playing backwards.
func TestWorldSceneScrub(t *testing.T) {
	cp, _ := worldCapturer(t)
	marks := []float64{0.8, 1.75, 3.1, 3.6}
	want := map[float64][]byte{}
	for _, at := range marks {
		cp.runTo(at)
		want[at] = frameAt(cp)
	}
	cp.runTo(4.4) // before the script's first click at 4.5 s
	for i := len(marks) - 1; i >= 0; i-- {
		cp.st.seek(marks[i])
		if !bytes.Equal(frameAt(cp), want[marks[i]]) {
			t.Errorf("seek back to %v s shows another frame", marks[i])
		}
	}
	cp.st.seek(4.4)
	cp.st.sched.TimeScale = -1
	for range tickOf(4.4 - marks[1]) {
		cp.st.update(&input{})
	}
	if got := cp.st.now(); math.Abs(got-marks[1]) > 1e-9 || !bytes.Equal(frameAt(cp), want[marks[1]]) {
		t.Errorf("playing backwards to %v s (at %v) shows another frame", marks[1], got)
	}
}

// TestWorldSceneControls: the pitch slider maps its width to 0..90°, the
// button and R toggle the outlines, a drag keeps the floor point under the
// pointer, WASD pans 8 pixels an update, zoom steps by 10% within its
// limits, and Enter goes home.
func TestWorldSceneControls(t *testing.T) {
	cp, sc := worldCapturer(t)
	act := func(in input) { sc.act(cp.st, &in) }
	act(input{x: pitchX + pitchW/3, y: pitchY + 10, pressed: true, down: true})
	if sc.cam.Pitch != 30 {
		t.Errorf("a press a third of the way along the slider: pitch %v, want 30", sc.cam.Pitch)
	}
	act(input{x: pitchX + pitchW + 50, y: pitchY + 10, down: true})
	if sc.cam.Pitch != 90 {
		t.Errorf("dragged past the end: pitch %v, want 90", sc.cam.Pitch)
	}
	act(input{x: pitchX, y: pitchY + 10, released: true})
	act(input{x: pitchX, y: pitchY + 10})
	if sc.cam.Pitch != 90 {
		t.Errorf("after the release the pointer moved the slider: pitch %v", sc.cam.Pitch)
	}
	act(input{x: outlineX + 5, y: pitchY + 5, pressed: true, down: true})
	act(input{})
	if !sc.outlines {
		t.Error("the button did not turn the outlines on")
	}
	act(input{toggle: true})
	if sc.outlines {
		t.Error("R did not turn the outlines off")
	}

	sc.cam = camera.World{X: 10, Y: 5, Zoom: 40, Pitch: 55}
	view := image.Rect(0, 0, screenW, screenH)
	pr := sc.cam.Projection(view)
	wx, wy, _ := pr.Unproject(600, 300, 0)
	act(input{x: 600, y: 300, pressed: true, down: true})
	act(input{x: 700, y: 250, down: true})
	pr = sc.cam.Projection(view)
	if sx, sy := pr.Apply(wx, wy, 0); math.Abs(sx-700) > 1e-9 || math.Abs(sy-250) > 1e-9 {
		t.Errorf("the floor point under the pointer went to (%v, %v), want (700, 250)", sx, sy)
	}
	act(input{})
	x := sc.cam.X
	act(input{pan: pt{1, 0}})
	if got := sc.cam.X - x; math.Abs(got-8.0/40) > 1e-12 {
		t.Errorf("D moved the camera %v, want 8 pixels = 0.2 units", got)
	}
	act(input{zoom: 1})
	if math.Abs(sc.cam.Zoom-44) > 1e-9 {
		t.Errorf("one wheel step: zoom %v, want 44", sc.cam.Zoom)
	}
	for range 40 {
		act(input{zoom: 1})
	}
	if sc.cam.Zoom != maxWorldZoom {
		t.Errorf("zoomed in 40 steps: %v, want the limit %v", sc.cam.Zoom, maxWorldZoom)
	}
	act(input{action: true})
	if sc.cam != worldHome {
		t.Errorf("Enter: camera %+v, want home %+v", sc.cam, worldHome)
	}
}

// TestWorldPictureCommitted checks that the README's picture of the scene,
// docs/images/demo-world.png, is what the capture draws at its clock
// (go run ./demo -readme docs/images rewrites it). Floating-point results
// may differ in the last bit on machines that fuse multiply-adds, so the
// check runs on amd64 only.
func TestWorldPictureCommitted(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("pictures are checked on amd64")
	}
	i := slices.IndexFunc(readmePictures, func(p struct {
		file, scene string
		at, to      float64
	}) bool {
		return p.file == "demo-world.png"
	})
	if i < 0 {
		t.Fatal("demo-world.png is not among the README's pictures")
	}
	data, err := os.ReadFile("../docs/images/demo-world.png")
	if err != nil {
		t.Fatal(err)
	}
	want := decode(t, data)
	cp, err := newCapturer(&worldScene{}, newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	cp.runTo(readmePictures[i].at)
	if got := cp.draw(); got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
		t.Errorf("docs/images/demo-world.png (%v) differs from the capture (%v); run go run ./demo -readme docs/images", want.Rect, got.Rect)
	}
}
