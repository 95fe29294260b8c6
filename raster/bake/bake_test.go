package bake

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math"
	"strconv"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/raster"
)

var black = color.RGBA{0, 0, 0, 255}

// canvas returns a w × h image filled with the premultiplied colour c.
func canvas(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

func at(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }

// covered counts the pixels of img that are not bg.
func covered(img *image.RGBA, bg color.RGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if [4]uint8(img.Pix[i:i+4]) != [4]uint8{bg.R, bg.G, bg.B, bg.A} {
			n++
		}
	}
	return n
}

func fireScene(t *testing.T) *Scene {
	t.Helper()
	return goldenScene(t, "fire.yaml", 1, nil)
}

// TestFrame: a frame is the host's size (200 × 100 by default), filled
// with the background (opaque black by default) where no particle is.
func TestFrame(t *testing.T) {
	s := fireScene(t)
	img, err := Frame(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect != image.Rect(0, 0, 200, 100) {
		t.Errorf("default frame %v, want 200x100", img.Rect)
	}
	if at(img, 0, 0) != black {
		t.Errorf("corner %v, want opaque black", at(img, 0, 0))
	}
	s.Width, s.Height = 64, 48
	s.Background = color.NRGBA{10, 20, 30, 255}
	img, err = Frame(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect != image.Rect(0, 0, 64, 48) || at(img, 0, 0) != (color.RGBA{10, 20, 30, 255}) {
		t.Errorf("frame %v with corner %v, want 64x48 and the background", img.Rect, at(img, 0, 0))
	}
	if covered(img, at(img, 0, 0)) == 0 {
		t.Error("no particle drawn")
	}
}

// TestFrameMatchesDraw: Frame draws a fresh effect with the bursts at the
// canvas centre, which is what Draw of the same effect gives.
func TestFrameMatchesDraw(t *testing.T) {
	s := goldenScene(t, "confetti.json", 9, []Burst{{Count: 50, At: 0.2}, {Count: 30, At: 0.5}})
	got, err := Frame(s, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(s.Snapshot, &emitter.EffectOptions{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(emitter.SecondsToTicks(0.2), 50)
	e.AddBurst(emitter.SecondsToTicks(0.5), 30)
	e.SetTime(0.8)
	want := canvas(200, 100, black)
	raster.Draw(want, []raster.Item{{Effect: e, X: 100, Y: 50}})
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("Frame differs from Draw")
	}
	if covered(got, black) < 50 {
		t.Error("the bursts are not drawn")
	}
}

// TestSheet: cols × rows frames of W × H make a (cols·W) × (rows·H) sheet;
// frame i sits at column i mod cols, row i div cols, and shows the clock
// t0 + (t1 - t0)·i/(n - 1).
func TestSheet(t *testing.T) {
	s := fireScene(t)
	s.Width, s.Height = 40, 30
	sheet, err := Sheet(s, 4, 3, 0.5, 2.7)
	if err != nil {
		t.Fatal(err)
	}
	if sheet.Rect != image.Rect(0, 0, 160, 90) {
		t.Fatalf("sheet %v, want 160x90", sheet.Rect)
	}
	times := SheetTimes(12, 0.5, 2.7)
	if times[0] != 0.5 || times[11] != 2.7 || times[1] != 0.7 {
		t.Errorf("times %v", times)
	}
	for i, tc := range times {
		f, err := Frame(s, tc)
		if err != nil {
			t.Fatal(err)
		}
		x, y := (i%4)*40, (i/4)*30
		tile := sheet.SubImage(image.Rect(x, y, x+40, y+30)).(*image.RGBA)
		for yy := 0; yy < 30; yy++ {
			a := tile.Pix[tile.PixOffset(x, y+yy):tile.PixOffset(x+40, y+yy)]
			b := f.Pix[f.PixOffset(0, yy):f.PixOffset(40, yy)]
			if !bytes.Equal(a, b) {
				t.Fatalf("tile %d (clock %v) differs from Frame at row %d", i, tc, yy)
			}
		}
	}
	if got := SheetTimes(1, 2, 5); len(got) != 1 || got[0] != 2 {
		t.Errorf("one frame: %v, want [2]", got)
	}
	if _, err := Sheet(s, 0, 3, 0, 1); err == nil || err.Error() != "bake: sheet 0x3: the grid must be at least 1x1" {
		t.Errorf("a 0-column sheet: %v", err)
	}
	// A valid grid of too many pixels is blamed on its size, not its shape.
	w, h := s.Width, s.Height
	want := fmt.Sprintf("bake: sheet 1024x1024 of %dx%d frames: %d pixels, more than the %d a sheet may have; give fewer frames or a smaller canvas", w, h, 1024*1024*w*h, MaxCanvasPixels)
	if _, err := Sheet(s, 1024, 1024, 0, 1); err == nil || err.Error() != want {
		t.Errorf("a 1024x1024 sheet: %v, want %s", err, want)
	}
}

// TestGIF: a clip from t0 to t1 at fps has floor((t1 - t0)·fps) + 1
// frames, each delay is the rounded step (4 cs at 25 fps; 3, 4, 3 … at
// 30), at most 256 colours, and the encoding is the same bytes every time.
func TestGIF(t *testing.T) {
	s := fireScene(t)
	s.Width, s.Height = 50, 40
	for _, c := range []struct {
		name        string
		t0, t1, fps float64
		frames      int
		delays      []int
	}{
		{"t0 0, t1 1, fps 25", 0, 1, 25, 26, []int{4, 4, 4}},
		{"t0 0.5, t1 1.5, fps 30", 0.5, 1.5, 30, 31, []int{3, 4, 3, 3, 4, 3}},
		{"t0 1, t1 1, fps 10", 1, 1, 10, 1, []int{10}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := GIF(s, c.t0, c.t1, c.fps)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Image) != c.frames || len(g.Delay) != c.frames {
				t.Errorf("%v..%v at %v fps: %d frames, want %d", c.t0, c.t1, c.fps, len(g.Image), c.frames)
				return
			}
			for i, d := range c.delays {
				if g.Delay[i] != d {
					t.Errorf("%v fps: delays %v, want %v…", c.fps, g.Delay[:len(c.delays)], c.delays)
					break
				}
			}
			var b1, b2 bytes.Buffer
			if err := gif.EncodeAll(&b1, g); err != nil {
				t.Fatal(err)
			}
			g2, _ := GIF(s, c.t0, c.t1, c.fps)
			if err := gif.EncodeAll(&b2, g2); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
				t.Errorf("%v fps: two encodings differ", c.fps)
			}
			back, err := gif.DecodeAll(bytes.NewReader(b1.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Image) != c.frames || back.Config.Width != 50 || back.Config.Height != 40 {
				t.Errorf("decoded %d frames of %dx%d", len(back.Image), back.Config.Width, back.Config.Height)
			}
		})
	}
	for _, c := range []struct {
		name        string
		t0, t1, fps float64
	}{{"t0 1, t1 0, fps 25", 1, 0, 25}, {"t0 0, t1 1, fps 0", 0, 1, 0}, {"t0 0, t1 1, fps 101", 0, 1, 101},
		{"t0 0, t1 1, fps 0.001", 0, 1, 0.001}, {"t0 0, t1 1, fps just under 100/65535", 0, 1, math.Nextafter(MinGIFFPS, 0)}} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := GIF(s, c.t0, c.t1, c.fps); err == nil {
				t.Errorf("GIF(%v, %v, %v) must fail", c.t0, c.t1, c.fps)
			}
		})
	}
}

// TestGIFDelays: the slowest rate GIF can say gives frames of 65535
// hundredths of a second, the fastest of 1; a slower one would wrap the
// 16-bit delay (0.001 fps gave 100000, written as 34464).
func TestGIFDelays(t *testing.T) {
	s := fireScene(t)
	s.Width, s.Height = 8, 8
	for _, c := range []struct {
		fps    float64
		t1     float64
		frames int
		delay  int
	}{
		{MinGIFFPS, 3 * 655.35, 4, 65535},
		{MaxGIFFPS, 0.05, 6, 1},
	} {
		g, err := GIF(s, 0, c.t1, c.fps)
		if err != nil {
			t.Fatalf("%v fps: %v", c.fps, err)
		}
		if len(g.Delay) != c.frames {
			t.Errorf("%v fps: %d frames, want %d", c.fps, len(g.Delay), c.frames)
		}
		for i, d := range g.Delay {
			if d != c.delay {
				t.Errorf("%v fps: frame %d delay %d, want %d", c.fps, i, d, c.delay)
			}
		}
	}
}

// heavySpec is a valid effect that would take hours to bake: a million
// particles a second living an hour, capped at maxParticles, all still at
// the host and 4 studs wide with 8 glow layers, so that every one covers
// the canvas 8 times over.
func heavySpec(t *testing.T, maxParticles int) *emitter.Snapshot {
	t.Helper()
	sp := emitter.DefaultSpec()
	sp.Rate, sp.Lifetime, sp.MaxParticles = 1e6, emitter.Constant(3600), maxParticles
	sp.LightEmission, sp.GlowLayers = 1, 8
	sp.Size = emitter.ConstantSequence(4)
	sp.Speed = emitter.Constant(0)
	snap, err := emitter.NewSnapshot(&sp)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestWork: a bake whose work passes the limits is refused before any
// pixel is drawn, with the numbers; an ordinary bake is not.
func TestWork(t *testing.T) {
	heavy := &Scene{Snapshot: heavySpec(t, 200000)}
	_, err := Frame(heavy, 3600)
	var we *WorkError
	if !errors.As(err, &we) || we.Frames != 1 || we.Particles > 200000 || we.Pixels <= MaxWorkPixels {
		t.Errorf("a heavy frame: %v (%+v), want a WorkError of 1 frame, at most 200000 particles and more than %d pixels", err, we, MaxWorkPixels)
	} else if want := "bake: 1 frame would draw " + strconv.FormatInt(we.Particles, 10) + " particles over " + strconv.FormatInt(we.Pixels, 10) + " pixels, more than the 1000000000 a bake may (see MaxWorkPixels)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	// A 1024 × 1024 sheet of 8 × 8 frames: a million frames of a million
	// particles, refused once the windows counted pass the limit, after
	// some 50 frames.
	small := &Scene{Snapshot: heavySpec(t, 1000000), Width: 8, Height: 8}
	_, err = Sheet(small, 1024, 1024, 3500, 3600)
	if !errors.As(err, &we) || we.Frames != 1024*1024 || we.Particles <= MaxWorkParticles || we.Particles > MaxWorkParticles+1000000 || we.Pixels != 0 {
		t.Errorf("a heavy sheet: %v (%+v)", err, we)
	} else if want := "bake: 1048576 frames would evaluate " + strconv.FormatInt(we.Particles, 10) + " particles, more than the 50000000 a bake may (see MaxWorkParticles)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if _, err := GIF(heavy, 3600, 3601, 25); !errors.As(err, &we) {
		t.Errorf("a heavy GIF: %v", err)
	}
	if _, err := Frame(fireScene(t), 1); err != nil {
		t.Errorf("an ordinary frame: %v", err)
	}
}

// TestFitCanvas: the fitted canvas holds the effect's bounds and the
// padding, so nothing is cut at its edges, where the host's rectangle cuts
// the effect; a Canvas of the host's rectangle draws what no Canvas does.
func TestFitCanvas(t *testing.T) {
	s := fireScene(t)
	s.Width, s.Height = 20, 20
	clipped, err := Frame(s, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	c, err := FitCanvas(s, []float64{1.5}, 3)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := emitter.NewEffect(s.Snapshot, &emitter.EffectOptions{HostWidth: 20, HostHeight: 20})
	b := e.Bounds()
	if float64(c.Min.X) > b.MinX-3 || float64(c.Min.Y) > b.MinY-3 || float64(c.Max.X) < b.MaxX+3 || float64(c.Max.Y) < b.MaxY+3 || c.Dx() <= 20 {
		t.Fatalf("canvas %v does not hold the bounds %+v and 3 pixels", c, b)
	}
	s.Canvas = c
	fitted, err := Frame(s, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	if fitted.Rect != image.Rect(0, 0, c.Dx(), c.Dy()) {
		t.Fatalf("frame %v, want %dx%d", fitted.Rect, c.Dx(), c.Dy())
	}
	for x := range c.Dx() {
		for _, y := range []int{0, 1, 2, c.Dy() - 3, c.Dy() - 2, c.Dy() - 1} {
			if at(fitted, x, y) != black {
				t.Fatalf("pixel (%d, %d) of the padding drawn", x, y)
			}
		}
	}
	if covered(fitted, black) <= covered(clipped, black) {
		t.Errorf("the fitted canvas shows %d pixels, the host's %d", covered(fitted, black), covered(clipped, black))
	}
	s.Canvas = image.Rect(-10, -10, 10, 10)
	same, err := Frame(s, 1.5)
	if err != nil || !bytes.Equal(same.Pix, clipped.Pix) {
		t.Errorf("the host's rectangle as a Canvas differs from no Canvas (%v)", err)
	}
	s.Canvas = image.Rect(5, 5, 5, 9)
	if _, err := Frame(s, 1); err == nil {
		t.Error("an empty canvas: no error")
	}
	if _, err := FitCanvas(s, []float64{1}, -1); err == nil {
		t.Error("negative padding: no error")
	}
}

// TestQuantize: few colours come back exactly; many are cut to 256, and
// every pixel maps to a palette entry near it.
func TestQuantize(t *testing.T) {
	img := canvas(4, 1, black)
	img.SetRGBA(1, 0, color.RGBA{200, 16, 8, 255})
	img.SetRGBA(2, 0, color.RGBA{8, 200, 16, 255})
	pal, index := Quantize([]*image.RGBA{img})
	if len(pal) != 3 {
		t.Fatalf("%d colours, want 3", len(pal))
	}
	for x := 0; x < 4; x++ {
		c := at(img, x, 0)
		if got := pal[index(c.R, c.G, c.B)]; got != c {
			t.Errorf("pixel %v maps to %v", c, got)
		}
	}
	big := image.NewRGBA(image.Rect(0, 0, 256, 256))
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			big.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	pal, index = Quantize([]*image.RGBA{big})
	if len(pal) != 256 {
		t.Errorf("%d colours, want 256", len(pal))
	}
	worst := 0
	for y := 0; y < 256; y += 5 {
		for x := 0; x < 256; x += 5 {
			c := big.RGBAAt(x, y)
			p := pal[index(c.R, c.G, c.B)].(color.RGBA)
			for _, d := range []int{int(c.R) - int(p.R), int(c.G) - int(p.G), int(c.B) - int(p.B)} {
				worst = max(worst, d, -d)
			}
		}
	}
	if worst > 64 {
		t.Errorf("a pixel is %d away from its palette colour", worst)
	}
}

// TestSceneErrors: a scene without a snapshot, a negative canvas and
// non-finite clocks are errors, not panics.
func TestSceneErrors(t *testing.T) {
	s := fireScene(t)
	if _, err := Frame(&Scene{}, 1); err == nil {
		t.Error("no snapshot: no error")
	}
	bad := *s
	bad.Width = -1
	if _, err := Frame(&bad, 1); err == nil {
		t.Error("negative width: no error")
	}
	bad = *s
	bad.Width, bad.Height = 1<<14, 1<<14
	if _, err := Frame(&bad, 1); err == nil {
		t.Error("a huge canvas: no error")
	}
	if _, err := Frame(s, math.NaN()); err == nil {
		t.Error("NaN clock: no error")
	}
}

// BenchmarkFrame bakes one 200 × 100 frame of a few example effects.
func BenchmarkFrame(b *testing.B) {
	for _, name := range []string{"fire.yaml", "smoke.yaml", "glints.yaml"} {
		b.Run(name, func(b *testing.B) {
			s := goldenScene(b, name, 1, nil)
			for b.Loop() {
				if _, err := Frame(s, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
