package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/race"
	"github.com/emberfx/ember/raster"
	"github.com/hajimehoshi/ebiten/v2"
)

// Pixel tests: small scenes drawn by Renderer.Draw on the GPU (Mesa
// llvmpipe under Xvfb) and by the reference rasterizer, compared pixel by
// pixel.
//
// Tolerance: every channel within tolLevels (3) of 255 on all but
// tolFraction (1%) of the pixels, and the mean absolute difference below
// 0.5 levels. The remaining pixels are quad edges, where the GPU's
// rasterization rule and the reference's float64 pixel-centre test may
// disagree on a centre lying on the edge (and a float32 vs float64 corner
// moves it), and flipbook window boundaries, where float32 age·f lands in
// the other window (see shaders/particle.kage).
const (
	tolLevels   = 3
	tolFraction = 0.01
	tolMean     = 0.5
)

type scene struct {
	name    string
	w, h    int
	bg      color.RGBA     // premultiplied
	ambient *emitter.Color // nil: each effect's own
	items   []Item
	cam     *camera.Camera // nil: none
}

// burstEffect is a paused effect of the edited spec with a burst of n at
// clock 0, shown at clock at, on a w × h host (1 stud = 1 pixel).
func burstEffect(tb testing.TB, n int, at float64, seed uint32, edit func(*emitter.Spec)) *emitter.Effect {
	tb.Helper()
	sp := emitter.DefaultSpec()
	sp.Unit = emitter.Offset
	sp.Rate = 0
	sp.Lifetime = emitter.NumberRange{Min: 1, Max: 2}
	sp.Speed = emitter.NumberRange{Min: 5, Max: 25}
	sp.SpreadAngle = emitter.Vector2{X: 180}
	sp.Size = emitter.NumberSequence{nk(0, 10, 3), nk(1, 18, 4)}
	sp.Rotation = emitter.NumberRange{Min: 0, Max: 360}
	sp.RotSpeed = emitter.NumberRange{Min: -90, Max: 90}
	sp.MaxParticles = max(n, 1)
	if edit != nil {
		edit(&sp)
	}
	snap, err := emitter.NewSnapshot(&sp)
	if err != nil {
		tb.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: seed, HostWidth: 20, HostHeight: 20})
	if err != nil {
		tb.Fatal(err)
	}
	e.AddBurst(0, n)
	e.SetTime(at)
	return e
}

// light gives every effect of sc the scene's ambient colour, unless its
// ambient is nil (the effects keep their own).
func light(sc scene) {
	if sc.ambient == nil {
		return
	}
	for _, it := range sc.items {
		it.Effect.SetAmbient(*sc.ambient)
	}
}

// renderBoth draws sc on the GPU and with the reference rasterizer and
// returns both premultiplied RGBA images.
func renderBoth(tb testing.TB, r *Renderer, sc scene) (gpu, ref *image.RGBA) {
	tb.Helper()
	dst := ebiten.NewImage(sc.w, sc.h)
	defer dst.Deallocate()
	dst.Fill(sc.bg)
	light(sc)
	r.DrawCamera(dst, sc.items, sc.cam)
	gpu = image.NewRGBA(image.Rect(0, 0, sc.w, sc.h))
	dst.ReadPixels(gpu.Pix)

	ref = image.NewRGBA(image.Rect(0, 0, sc.w, sc.h))
	for i := 0; i < len(ref.Pix); i += 4 {
		ref.Pix[i], ref.Pix[i+1], ref.Pix[i+2], ref.Pix[i+3] = sc.bg.R, sc.bg.G, sc.bg.B, sc.bg.A
	}
	items := make([]raster.Item, len(sc.items))
	for i, it := range sc.items {
		items[i] = raster.Item{Effect: it.Effect, X: it.X, Y: it.Y, Texture: it.Texture, Strip: it.Strip}
	}
	var rr raster.Rasterizer
	rr.DrawCamera(ref, items, sc.cam)
	return gpu, ref
}

// compareImages checks the tolerance and saves both images (and a diff)
// when it fails.
func compareImages(t *testing.T, name string, gpu, ref *image.RGBA) {
	t.Helper()
	bad, maxd, sum, changed := 0, 0, 0, 0
	n := len(gpu.Pix) / 4
	for i := 0; i < n; i++ {
		worst := 0
		for c := range 4 {
			d := int(gpu.Pix[4*i+c]) - int(ref.Pix[4*i+c])
			if d < 0 {
				d = -d
			}
			worst = max(worst, d)
			sum += d
		}
		if worst > tolLevels {
			bad++
		}
		maxd = max(maxd, worst)
		if ref.Pix[4*i] != gpu.Pix[4*i] || worst > 0 {
			changed++
		}
	}
	mean := float64(sum) / float64(4*n)
	frac := float64(bad) / float64(n)
	t.Logf("%s: %d of %d pixels beyond %d levels (%.2f%%), max %d, mean %.3f", name, bad, n, tolLevels, 100*frac, maxd, mean)
	fail := frac > tolFraction || mean > tolMean
	// EMBER_PIXEL_DIR=dir keeps every scene's images there, passing or not.
	if dir := os.Getenv("EMBER_PIXEL_DIR"); fail || dir != "" {
		if dir == "" {
			dir = t.TempDir()
		}
		os.MkdirAll(dir, 0o755)
		save := func(suffix string, img image.Image) string {
			p := filepath.Join(dir, fmt.Sprintf("%s-%s.png", name, suffix))
			f, err := os.Create(p)
			if err == nil {
				png.Encode(f, img)
				f.Close()
			}
			return p
		}
		diff := image.NewRGBA(gpu.Rect)
		for i := range diff.Pix {
			d := int(gpu.Pix[i]) - int(ref.Pix[i])
			diff.Pix[i] = uint8(min(255, 8*max(d, -d)))
			if i%4 == 3 {
				diff.Pix[i] = 255
			}
		}
		paths := fmt.Sprint(save("gpu", gpu), " ", save("ref", ref), " ", save("diff", diff))
		if fail {
			t.Errorf("%s: beyond tolerance (%.2f%% > %.2f%% or mean %.3f > %.2f); images: %s",
				name, 100*frac, 100*tolFraction, mean, tolMean, paths)
		}
	}
	if changed == 0 {
		t.Logf("%s: identical", name)
	}
}

// checkScene renders and compares sc, and fails if the reference drew
// nothing (a scene that tests nothing).
func checkScene(t *testing.T, r *Renderer, sc scene) {
	t.Helper()
	gpu, ref := renderBoth(t, r, sc)
	drawn := 0
	for i := 0; i < len(ref.Pix); i += 4 {
		if ref.Pix[i] != sc.bg.R || ref.Pix[i+1] != sc.bg.G || ref.Pix[i+2] != sc.bg.B || ref.Pix[i+3] != sc.bg.A {
			drawn++
		}
	}
	if drawn < len(ref.Pix)/4/50 {
		t.Errorf("%s: the reference drew only %d pixels", sc.name, drawn)
	}
	compareImages(t, sc.name, gpu, ref)
}

var (
	grey        = color.RGBA{90, 90, 90, 255}
	black       = color.RGBA{0, 0, 0, 255}
	transparent = color.RGBA{}
)

func colorful(sp *emitter.Spec) {
	sp.Color = emitter.ColorSequence{ck(0, 1, 0.8, 0.2), ck(0.5, 0.9, 0.3, 0.1), ck(1, 0.2, 0.4, 0.9)}
	sp.Transparency = emitter.NumberSequence{nk(0, 0.1, 0.1), nk(0.6, 0.3, 0.2), nk(1, 1, 0)}
}

func TestPixelBlendModes(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	cases := []struct {
		name string
		bg   color.RGBA
		edit func(*emitter.Spec)
	}{
		{"alpha", grey, func(sp *emitter.Spec) { colorful(sp) }},
		{"alpha-clear", transparent, func(sp *emitter.Spec) { colorful(sp) }},
		{"additive", black, func(sp *emitter.Spec) { colorful(sp); sp.LightEmission = 1 }},
		{"hybrid", grey, func(sp *emitter.Spec) { colorful(sp); sp.LightEmission = 0.5 }},
		{"cutout", grey, func(sp *emitter.Spec) { colorful(sp); sp.BlendMode = emitter.BlendCutout }},
		{"cutout-hybrid", grey, func(sp *emitter.Spec) {
			colorful(sp)
			sp.BlendMode, sp.LightEmission = emitter.BlendCutout, 0.5
		}},
		{"premultiplied", grey, func(sp *emitter.Spec) { colorful(sp); sp.BlendMode = emitter.BlendPremultiplied }},
		{"brightness2", grey, func(sp *emitter.Spec) {
			sp.Color = emitter.ConstantColor(emitter.Color{R: 1, G: 0.5, B: 0.25})
			sp.Brightness = 2
		}},
		{"brightness15", black, func(sp *emitter.Spec) {
			sp.Color = emitter.ColorSequence{ck(0, 1, 0, 0), ck(1, 0.2, 0.5, 1)}
			sp.Brightness = 15
			sp.LightEmission = 0.3
		}},
		{"influence", grey, func(sp *emitter.Spec) { colorful(sp); sp.LightInfluence = 0.7 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := burstEffect(t, 80, 0.6, 3, c.edit)
			checkScene(t, r, scene{name: c.name, w: 96, h: 96, bg: c.bg, ambient: &emitter.Color{R: 0.4, G: 0.6, B: 1},
				items: []Item{{Effect: e, X: 48, Y: 48}}})
		})
	}
}

// TestPixelAmbientPerEffect: each effect is lit by its own ambient colour;
// effects of one page split their batch where the ambient changes, and
// only there.
func TestPixelAmbientPerEffect(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	influenced := func(sp *emitter.Spec) { colorful(sp); sp.LightInfluence = 0.8 }
	cases := []struct {
		name      string
		ambients  [3]emitter.Color
		drawCalls int
	}{
		{"one ambient", [3]emitter.Color{{R: 0.4, G: 0.6, B: 1}, {R: 0.4, G: 0.6, B: 1}, {R: 0.4, G: 0.6, B: 1}}, 1},
		{"the middle one differs", [3]emitter.Color{{R: 0.4, G: 0.6, B: 1}, {R: 1, G: 0.3, B: 0}, {R: 0.4, G: 0.6, B: 1}}, 3},
		{"the last one differs", [3]emitter.Color{{R: 0.4, G: 0.6, B: 1}, {R: 0.4, G: 0.6, B: 1}, {}}, 2},
	}
	for _, c := range cases {
		var items []Item
		for i, amb := range c.ambients {
			e := burstEffect(t, 30, 0.6, uint32(i+1), influenced)
			e.SetAmbient(amb)
			items = append(items, Item{Effect: e, X: float64(24 + 40*i), Y: 40})
		}
		checkScene(t, r, scene{name: "ambient-" + c.name, w: 136, h: 80, bg: grey, items: items})
		if got := r.Stats().DrawCalls; got != c.drawCalls {
			t.Errorf("%s: %d draw calls, want %d", c.name, got, c.drawCalls)
		}
	}
}

func TestPixelGlow(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	for _, mode := range []emitter.BlendMode{emitter.BlendNormal, emitter.BlendPremultiplied, emitter.BlendCutout} {
		e := burstEffect(t, 25, 0.5, 5, func(sp *emitter.Spec) {
			colorful(sp)
			sp.Speed = emitter.NumberRange{Min: 10, Max: 30}
			sp.Size = emitter.ConstantSequence(9)
			sp.LightEmission, sp.GlowLayers = 0.7, 4
			sp.BlendMode = mode
		})
		name := "glow-" + mode.String()
		checkScene(t, r, scene{name: name, w: 96, h: 96, bg: black, items: []Item{{Effect: e, X: 48, Y: 48}}})
	}
}

// flat2x2 is a 2 × 2 texture, one flat colour per cell of a 2x2 flipbook.
func flat2x2() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	img.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 200})
	img.SetNRGBA(0, 1, color.NRGBA{0, 0, 255, 255})
	img.SetNRGBA(1, 1, color.NRGBA{255, 255, 0, 128})
	return img
}

// ramp4x4 is a 4 × 4 texture: 2 × 2 cells of 2 × 2 distinct texels, so
// that a big quad shows the bilinear ramp within each cell.
func ramp4x4() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(60 * x), uint8(60 * y), uint8(255 - 50*(x+y)), uint8(255 - 30*x)})
		}
	}
	return img
}

func TestPixelFlipbook(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	for _, mode := range []emitter.FlipbookMode{emitter.FlipbookLoop, emitter.FlipbookOneShot, emitter.FlipbookPingPong, emitter.FlipbookRandom} {
		for _, blend := range []bool{false, true} {
			name := fmt.Sprintf("flipbook-%v-blend%v", mode, blend)
			e := burstEffect(t, 60, 0.83, 9, func(sp *emitter.Spec) {
				sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, mode
				sp.FlipbookFramerate = emitter.NumberRange{Min: 2, Max: 9}
				sp.FlipbookBlendFrames = blend
				sp.FlipbookStartRandom = mode != emitter.FlipbookPingPong
				sp.Size = emitter.ConstantSequence(12)
			})
			checkScene(t, r, scene{name: name, w: 96, h: 96, bg: grey, items: []Item{{Effect: e, X: 48, Y: 48, Texture: flat2x2()}}})
		}
	}
	// bilinear within cells: a few big quads of a 4 × 4 texture
	e := burstEffect(t, 4, 0.3, 2, func(sp *emitter.Spec) {
		sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookLoop
		sp.FlipbookFramerate = emitter.NumberRange{Min: 1, Max: 3}
		sp.FlipbookBlendFrames = true
		sp.FlipbookStartRandom = true
		sp.Size = emitter.ConstantSequence(40)
		sp.Speed = emitter.NumberRange{Min: 20, Max: 40}
	})
	checkScene(t, r, scene{name: "flipbook-bilinear", w: 128, h: 128, bg: grey, items: []Item{{Effect: e, X: 64, Y: 64, Texture: ramp4x4()}}})
	// FlipbookResolution crops the grid to the top-left 2 × 2 texels
	e = burstEffect(t, 6, 0.3, 4, func(sp *emitter.Spec) {
		sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookRandom
		sp.FlipbookFramerate = emitter.Constant(4)
		sp.FlipbookResolution = 2
		sp.Size = emitter.ConstantSequence(24)
	})
	checkScene(t, r, scene{name: "flipbook-resolution", w: 96, h: 96, bg: grey, items: []Item{{Effect: e, X: 48, Y: 48, Texture: ramp4x4()}}})
}

// stripImage is a 16 × 5 strip: each row a different hue ramp, alpha
// fading in and out.
func stripImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 5))
	for y := range 5 {
		for x := range 16 {
			a := 255 - int(math.Abs(float64(x)-7.5)*30)
			img.SetNRGBA(x, y, color.NRGBA{uint8(50 * y), uint8(16 * x), uint8(255 - 40*y), uint8(a)})
		}
	}
	return img
}

func TestPixelStrip(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	strip := stripImage()
	e := burstEffect(t, 70, 0.7, 13, func(sp *emitter.Spec) {
		sp.ColorStrip = "strip.png"
		sp.Color = emitter.ConstantColor(emitter.Color{R: 1, G: 0.9, B: 0.8})
		sp.Brightness = 1.5
	})
	checkScene(t, r, scene{name: "strip", w: 96, h: 96, bg: grey, items: []Item{{Effect: e, X: 48, Y: 48, Strip: strip}}})
	// with a textured flipbook on the same page, additive
	e = burstEffect(t, 50, 1.1, 14, func(sp *emitter.Spec) {
		sp.ColorStrip = "strip.png"
		sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookOneShot
		sp.FlipbookBlendFrames = true
		sp.LightEmission = 1
	})
	checkScene(t, r, scene{name: "strip-flipbook", w: 96, h: 96, bg: black, items: []Item{{Effect: e, X: 48, Y: 48, Strip: strip, Texture: ramp4x4()}}})
	// a spec without ColorStrip ignores the item's strip
	e = burstEffect(t, 30, 0.7, 15, nil)
	checkScene(t, r, scene{name: "strip-unused", w: 64, h: 64, bg: grey, items: []Item{{Effect: e, X: 32, Y: 32, Strip: strip}}})
}

// TestPixelOrder: overlapping opaque effects in ZIndex + ZOffset order,
// ties in submission order, on several pages, with item offsets and a host
// track.
func TestPixelOrder(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, &Options{PageSize: 64})
	mk := func(z int, off float64, c emitter.Color, seed uint32) *emitter.Effect {
		return burstEffect(t, 30, 0.5, seed, func(sp *emitter.Spec) {
			sp.Color = emitter.ConstantColor(c)
			sp.Transparency = emitter.ConstantSequence(0)
			sp.ZIndex, sp.ZOffset = z, off
			sp.Size = emitter.ConstantSequence(14)
		})
	}
	big := solid(40, 40, color.NRGBA{255, 255, 255, 230})
	a := mk(2, 0, emitter.Color{R: 1}, 1)
	b := mk(0, 1.5, emitter.Color{G: 1}, 2)
	c := mk(1, 0.5, emitter.Color{B: 1}, 3)
	d := mk(1, 0.5, emitter.Color{R: 1, G: 1}, 4)
	tracked := mk(-3, 0, emitter.Color{R: 1, B: 1}, 5)
	tracked.SetHost(40, 30, 0)
	items := []Item{
		{Effect: a, X: 40, Y: 40},
		{Effect: b, X: 44, Y: 38, Texture: big},
		{Effect: c, X: 36, Y: 44},
		{Effect: d, X: 42, Y: 46, Texture: big},
		{Effect: tracked, X: 5, Y: 10},
	}
	checkScene(t, r, scene{name: "order", w: 80, h: 80, bg: grey, items: items})
	if st := r.Stats(); st.DrawCalls < 3 || st.Pages < 2 {
		t.Errorf("stats %+v: want several pages and draw calls", st)
	}
}

// TestPixelSubImage: drawing into a sub-image uses its coordinates, as
// the reference does with an image whose bounds do not start at 0.
func TestPixelSubImage(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	e := burstEffect(t, 40, 0.5, 21, colorful)
	parent := ebiten.NewImage(100, 100)
	defer parent.Deallocate()
	parent.Fill(grey)
	sub := parent.SubImage(image.Rect(20, 30, 84, 94)).(*ebiten.Image)
	items := []Item{{Effect: e, X: 50, Y: 60}}
	r.Draw(sub, items)
	gpu := image.NewRGBA(image.Rect(20, 30, 84, 94))
	sub.ReadPixels(gpu.Pix)
	ref := image.NewRGBA(image.Rect(20, 30, 84, 94))
	for i := 0; i < len(ref.Pix); i += 4 {
		ref.Pix[i], ref.Pix[i+1], ref.Pix[i+2], ref.Pix[i+3] = grey.R, grey.G, grey.B, grey.A
	}
	raster.Draw(ref, []raster.Item{{Effect: e, X: 50, Y: 60}})
	compareImages(t, "subimage", gpu, ref)
}

// TestGPUDrawAllocs: a warm Draw, GPU submission included, allocates
// nothing.
func TestGPUDrawAllocs(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, &Options{Budget: 200})
	var items []Item
	for i := range 4 {
		e := burstEffect(t, 100, 0, uint32(i), func(sp *emitter.Spec) {
			sp.Rate, sp.Lifetime = 100, emitter.Constant(1)
			sp.ZIndex = i % 2
			sp.LightEmission, sp.GlowLayers = 0.5, 2
		})
		e.Play()
		items = append(items, Item{Effect: e, X: 32, Y: 32})
	}
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	requireWarmDrawAllocFree(t, r, dst, items, nil)
	pix := make([]byte, 4*64*64)
	dst.ReadPixels(pix)
}

// requireWarmDrawAllocFree plays items a frame at a time, drawing each frame
// onto dst, and requires a warm Draw to allocate nothing (see
// requireFrameAllocFree).
func requireWarmDrawAllocFree(t *testing.T, r *Renderer, dst *ebiten.Image, items []Item, cam *camera.Camera) {
	t.Helper()
	requireFrameAllocFree(t, r, dst, func() {
		for _, it := range items {
			it.Effect.Advance(1.0 / 60)
		}
		r.DrawCamera(dst, items, cam)
	})
}

// requireFrameAllocFree runs frame (which draws onto dst through r) a few
// times to warm up, then requires it to allocate nothing of its own. Each
// frame ends by reading dst back, which flushes Ebitengine's command queue
// as a game's frame end does: unflushed, draws into several images (the
// GPU path's passes, or both paths in one frame) could not merge into the
// previous frame's commands, and Ebitengine would take new ones from its
// pool every frame. The flush allocates inside Ebitengine, so a frame must
// cost exactly what replaying its draw calls (Renderer.issue) and the
// read-back costs.
func requireFrameAllocFree(t *testing.T, r *Renderer, dst *ebiten.Image, frame func()) {
	t.Helper()
	pix := make([]byte, 4*dst.Bounds().Dx()*dst.Bounds().Dy())
	whole := func() {
		frame()
		dst.ReadPixels(pix)
	}
	for range 5 {
		whole()
	}
	if race.Enabled {
		return // the race detector's instrumentation allocates
	}
	requireNoneOfEmbers(t, "", 10, whole, func() {
		r.issue(dst)
		dst.ReadPixels(pix)
	})
}
