package raster

import (
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/texture"
)

// Tests of Draw against docs/appearance.md with values worked out by hand.
// Most scenes hold one particle of a burst at the host's centre: no speed,
// a point emitter, Unit Offset (one stud is one pixel, so Size is in
// pixels) and a 10 s lifetime, so age a is normalized age a/10.

// oneSpec is that spec: a size × size white quad at the host's centre.
func oneSpec(size float64) emitter.Spec {
	sp := emitter.DefaultSpec()
	sp.Rate = 0
	sp.Lifetime = emitter.Constant(10)
	sp.Speed = emitter.Constant(0)
	sp.Unit = emitter.Offset
	sp.Size = emitter.ConstantSequence(size)
	return sp
}

// effectAt returns an effect of sp with a burst of n at clock 0 (seed
// seed), set to clock age.
func effectAt(t *testing.T, sp emitter.Spec, seed uint32, n int, age float64) *emitter.Effect {
	t.Helper()
	snap, err := emitter.NewSnapshot(&sp)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, n)
	e.SetTime(age)
	return e
}

// canvas returns a w × h image filled with the premultiplied colour c.
func canvas(w, h int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

var (
	black = color.RGBA{0, 0, 0, 255}
	white = color.RGBA{255, 255, 255, 255}
)

// flat returns a w × h straight-alpha image of one colour.
func flat(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// opaqueWhite is a 1 × 1 white texture: every covered pixel gets the full
// colour, so coverage is visible exactly.
var opaqueWhite = flat(1, 1, color.NRGBA{255, 255, 255, 255})

func at(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }

// covered counts the pixels that differ from bg.
func covered(img *image.RGBA, bg color.RGBA) int {
	n := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.RGBAAt(x, y) != bg {
				n++
			}
		}
	}
	return n
}

// insideQuad is the contract's coverage written the other way round, as a
// check on the rasterizer's inverse transform: the four corners
// centre + R(θ)·((u-½)w, (v-½)h), and a point is inside when it is on the
// inner side of all four edges (the two edges at u = 1 and v = 1 open).
func insideQuad(px, py, cx, cy, w, h, deg float64) bool {
	s, c := math.Sincos(deg * math.Pi / 180)
	corner := func(u, v float64) (float64, float64) {
		x, y := (u-0.5)*w, (v-0.5)*h
		return cx + c*x - s*y, cy + s*x + c*y
	}
	ax, ay := corner(0, 0)
	bx, by := corner(1, 0)
	dx, dy := corner(0, 1)
	// u and v as projections on the edges from corner (0, 0).
	ex, ey := bx-ax, by-ay
	fx, fy := dx-ax, dy-ay
	u := ((px-ax)*ex + (py-ay)*ey) / (ex*ex + ey*ey)
	v := ((px-ax)*fx + (py-ay)*fy) / (fx*fx + fy*fy)
	return u >= 0 && u < 1 && v >= 0 && v < 1
}

// TestSpriteCopy: a 64 px white particle centred on a pixel corner maps
// every pixel centre onto a texel centre, so over opaque black it prints the
// built-in sprite exactly: rgb = round(255·a) = the sprite's byte, alpha 255.
func TestSpriteCopy(t *testing.T) {
	dst := canvas(128, 128, black)
	Draw(dst, []Item{{Effect: effectAt(t, oneSpec(64), 0, 1, 1), X: 64, Y: 64}})
	sprite := texture.Sprite()
	for y := 0; y < 128; y++ {
		for x := 0; x < 128; x++ {
			want := black
			if x >= 32 && x < 96 && y >= 32 && y < 96 {
				a := sprite.RGBAAt(x-32, y-32).A
				want = color.RGBA{a, a, a, 255}
			}
			if got := at(dst, x, y); got != want {
				t.Fatalf("pixel (%d, %d) = %v, want %v", x, y, got, want)
			}
		}
	}
	if got, want := at(dst, 64, 64).R, sprite.RGBAAt(32, 32).A; got != want || want != 255 {
		t.Errorf("centre %d, sprite centre alpha %d; want both 255", got, want)
	}
}

// TestCoverage: an opaque texture shows exactly the covered pixels: a
// 64 px square on a pixel grid covers 64² = 4096 pixels; a 10 px square at
// (20.25, 20.25) covers the centres 15.5 … 24.5 on each axis, 10² = 100,
// and so does its 90° turn; at other angles the count is what the
// contract's corners give.
func TestCoverage(t *testing.T) {
	for _, c := range []struct {
		name            string
		size, x, y, rot float64
		want            int
	}{
		{"64 px on a pixel corner", 64, 64, 64, 0, 4096},
		{"10 px off the pixel grid", 10, 20.25, 20.25, 0, 100},
		{"10 px off the grid, turned 90°", 10, 20.25, 20.25, 90, 100},
		{"20 px turned 45°", 20, 40, 40, 45, -1},
		{"17.3 px turned 30°", 17.3, 40.4, 39.9, 30, -1},
		{"25 px turned -71°", 25, 40.5, 40.5, -71, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := oneSpec(c.size)
			sp.Rotation = emitter.Constant(c.rot)
			dst := canvas(128, 128, black)
			Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: c.x, Y: c.y, Texture: opaqueWhite}})
			want := c.want
			if want < 0 {
				want = 0
				for y := 0; y < 128; y++ {
					for x := 0; x < 128; x++ {
						if insideQuad(float64(x)+0.5, float64(y)+0.5, c.x, c.y, c.size, c.size, c.rot) {
							want++
						}
					}
				}
			}
			if got := covered(dst, black); got != want {
				t.Errorf("size %v at (%v, %v) turned %v°: %d pixels covered, want %d", c.size, c.x, c.y, c.rot, got, want)
			}
			if got := at(dst, int(c.x), int(c.y)); got != white {
				t.Errorf("size %v turned %v°: centre %v, want white", c.size, c.rot, got)
			}
		})
	}
}

// drawOne draws one particle of sp (64 px unless edited, at age 1) at
// (32, 32) of a 64 × 64 canvas of bg with the given texture and returns the
// centre pixel.
func drawOne(t *testing.T, sp emitter.Spec, n int, bg color.RGBA, tex image.Image) color.RGBA {
	t.Helper()
	return drawEffect(t, effectAt(t, sp, 0, n, 1), bg, tex)
}

// drawEffect draws e at (32, 32) of a 64 × 64 canvas of bg with the given
// texture and returns the centre pixel.
func drawEffect(t *testing.T, e *emitter.Effect, bg color.RGBA, tex image.Image) color.RGBA {
	t.Helper()
	dst := canvas(64, 64, bg)
	Draw(dst, []Item{{Effect: e, X: 32, Y: 32, Texture: tex}})
	return at(dst, 32, 32)
}

// TestNormalAlpha: colour (1, 0.5, 0), transparency 0.5, over white:
// out = (0.5, 0.25, 0) with alpha 0.5, so
// R = 127.5 + 255·0.5 = 255, G = 63.75 + 127.5 = 191.25 → 191,
// B = 0 + 127.5 → 128, A = 127.5 + 127.5 = 255.
func TestNormalAlpha(t *testing.T) {
	sp := oneSpec(64)
	sp.Color = emitter.ConstantColor(emitter.Color{R: 1, G: 0.5, B: 0})
	sp.Transparency = emitter.ConstantSequence(0.5)
	if got, want := drawOne(t, sp, 1, white, opaqueWhite), (color.RGBA{255, 191, 128, 255}); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestAdditive: LightEmission 1 takes all alpha away: grey 0.4 adds
// 0.4·255 = 102 per particle over opaque black: 102, 204, then 306 clamped
// to 255. Alpha stays 255.
func TestAdditive(t *testing.T) {
	sp := oneSpec(64)
	sp.Color = emitter.ConstantColor(emitter.Color{R: 0.4, G: 0.4, B: 0.4})
	sp.LightEmission = 1
	for n, want := range map[int]uint8{1: 102, 2: 204, 3: 255} {
		if got := drawOne(t, sp, n, black, opaqueWhite); got != (color.RGBA{want, want, want, 255}) {
			t.Errorf("%d particles: got %v, want %d", n, got, want)
		}
	}
}

// TestHybrid: LightEmission 0.5 halves alpha only: grey 0.4 over grey 100
// gives 0.4·255 + 100·(1 - 0.5) = 102 + 50 = 152.
func TestHybrid(t *testing.T) {
	sp := oneSpec(64)
	sp.Color = emitter.ConstantColor(emitter.Color{R: 0.4, G: 0.4, B: 0.4})
	sp.LightEmission = 0.5
	bg := color.RGBA{100, 100, 100, 255}
	if got, want := drawOne(t, sp, 1, bg, opaqueWhite), (color.RGBA{152, 152, 152, 255}); got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestCutout: with the sprite aligned on the pixel grid every pixel samples
// one texel; a texel of alpha ≥ ½ (byte ≥ 128) draws full white, the rest
// draw nothing, so the image holds only 0 and 255 and the white pixels are
// the sprite's texels of alpha ≥ 128.
func TestCutout(t *testing.T) {
	sp := oneSpec(64)
	sp.BlendMode = emitter.BlendCutout
	dst := canvas(128, 128, black)
	Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 64, Y: 64}})
	want := 0
	sprite := texture.Sprite()
	for i := 3; i < len(sprite.Pix); i += 4 {
		if sprite.Pix[i] >= 128 {
			want++
		}
	}
	full := 0
	for y := 0; y < 128; y++ {
		for x := 0; x < 128; x++ {
			switch at(dst, x, y) {
			case white:
				full++
			case black:
			default:
				t.Fatalf("pixel (%d, %d) = %v: cutout draws full or nothing", x, y, at(dst, x, y))
			}
		}
	}
	if full != want || want == 0 || want == 64*64 {
		t.Errorf("%d full pixels, want %d (sprite texels of alpha >= 128)", full, want)
	}
}

// TestPremultipliedMode: the Premultiplied mode keeps rgb = S.rgb·C at any
// opacity and scales alpha only, so at transparency 1 it is additive:
// grey 0.4 over grey 100 gives 102 + 100 = 202 where Normal leaves 100; at
// transparency 0 it covers: 102 + 100·0 = 102.
func TestPremultipliedMode(t *testing.T) {
	bg := color.RGBA{100, 100, 100, 255}
	for _, c := range []struct {
		name  string
		mode  emitter.BlendMode
		trans float64
		want  uint8
	}{
		{"mode emitter.BlendPremultipli…, trans 1, want 202", emitter.BlendPremultiplied, 1, 202},
		{"mode emitter.BlendNormal, trans 1, want 100", emitter.BlendNormal, 1, 100},
		{"mode emitter.BlendPremultipli…, trans 0, want 102", emitter.BlendPremultiplied, 0, 102},
		{"mode emitter.BlendNormal, trans 0, want 102", emitter.BlendNormal, 0, 102},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := oneSpec(64)
			sp.Color = emitter.ConstantColor(emitter.Color{R: 0.4, G: 0.4, B: 0.4})
			sp.BlendMode = c.mode
			sp.Transparency = emitter.ConstantSequence(c.trans)
			if got := drawOne(t, sp, 1, bg, opaqueWhite); got != (color.RGBA{c.want, c.want, c.want, 255}) {
				t.Errorf("%v at transparency %v: got %v, want %d", c.mode, c.trans, got, c.want)
			}
		})
	}
}

// TestToneMapping: colour (1, 0.2, 0).
//
//	Brightness 2:  (2, 0.4, 0), peak 2, beta = 1 - 1/2 = 0.5:
//	               0.5·(1, 0.2, 0) + 0.5 = (1, 0.6, 0.5) → (255, 153, 128)
//	Brightness 15: (15, 3, 0), peak 15, beta = 14/15 = 0.9333:
//	               (1/15)·(1, 0.2, 0) + 14/15 = (1, 0.9467, 0.9333) → (255, 241, 238)
//	Brightness 1:  no peak above 1, unchanged → (255, 51, 0)
func TestToneMapping(t *testing.T) {
	for _, c := range []struct {
		name       string
		brightness float64
		want       color.RGBA
	}{
		{"brightness 2", 2, color.RGBA{255, 153, 128, 255}},
		{"brightness 15", 15, color.RGBA{255, 241, 238, 255}},
		{"brightness 1", 1, color.RGBA{255, 51, 0, 255}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := oneSpec(64)
			sp.Color = emitter.ConstantColor(emitter.Color{R: 1, G: 0.2, B: 0})
			sp.Brightness = c.brightness
			if got := drawOne(t, sp, 1, black, opaqueWhite); got != c.want {
				t.Errorf("Brightness %v: got %v, want %v", c.brightness, got, c.want)
			}
		})
	}
}

// TestLightInfluence: white with LightInfluence 0.5 toward the effect's
// ambient colour (0.2, 0.6, 1) is (0.6, 0.8, 1) → (153, 204, 255); the
// default ambient is black: (0.5, 0.5, 0.5) → 128.
func TestLightInfluence(t *testing.T) {
	sp := oneSpec(64)
	sp.LightInfluence = 0.5
	e := effectAt(t, sp, 0, 1, 1)
	if got, want := drawEffect(t, e, black, opaqueWhite), (color.RGBA{128, 128, 128, 255}); got != want {
		t.Errorf("black ambient: got %v, want %v", got, want)
	}
	e.SetAmbient(emitter.Color{R: 0.2, G: 0.6, B: 1})
	if got, want := drawEffect(t, e, black, opaqueWhite), (color.RGBA{153, 204, 255, 255}); got != want {
		t.Errorf("ambient (0.2, 0.6, 1): got %v, want %v", got, want)
	}
}

// The flipbook texture: 8 × 8, a 2 × 2 grid of flat opaque 4 × 4 cells.
var cellColors = [4]color.RGBA{
	{255, 0, 0, 255},     // cell 0, top left
	{0, 200, 0, 255},     // cell 1, top right
	{0, 0, 100, 255},     // cell 2, bottom left
	{255, 255, 255, 255}, // cell 3, bottom right
}

func flipbookTexture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			c := cellColors[x/4+2*(y/4)]
			img.SetNRGBA(x, y, color.NRGBA(c))
		}
	}
	return img
}

// flipbookPixels draws one flipbook particle turned 17° at a fractional
// position, so that bilinear weights are fractional everywhere, and
// returns the distinct colours of its covered pixels, the number of them
// and the particle.
func flipbookPixels(t *testing.T, sp emitter.Spec, age float64) (map[color.RGBA]int, int, emitter.Particle) {
	t.Helper()
	const cx, cy, size, rot = 40.3, 40.7, 30.0, 17.0
	sp.Size = emitter.ConstantSequence(size)
	sp.Rotation = emitter.Constant(rot)
	sp.FlipbookLayout = emitter.Grid2x2
	e := effectAt(t, sp, 7, 1, age)
	ps := e.AppendParticles(nil)
	if len(ps) != 1 {
		t.Fatalf("%d particles, want 1", len(ps))
	}
	dst := canvas(80, 80, black)
	Draw(dst, []Item{{Effect: e, X: cx, Y: cy, Texture: flipbookTexture()}})
	colors := map[color.RGBA]int{}
	n := 0
	for y := 0; y < 80; y++ {
		for x := 0; x < 80; x++ {
			if insideQuad(float64(x)+0.5, float64(y)+0.5, cx, cy, size, size, rot) {
				colors[at(dst, x, y)]++
				n++
			} else if at(dst, x, y) != black {
				t.Fatalf("pixel (%d, %d) outside the quad is %v", x, y, at(dst, x, y))
			}
		}
	}
	return colors, n, ps[0]
}

// TestFlipbookCells: at framerate 1 and a 10 s life, the cell (0-based) is
//
//	Loop:     age 0.5 → 0, 1.5 → 1, 2.5 → 2, 3.5 → 3, 4.5 → 0
//	OneShot:  floor(4·age/10): age 1 → 0, 3 → 1, 6 → 2, 9 → 3
//	PingPong: 0 1 2 3 2 1 0 …: age 4.5 → 2, 5.5 → 1, 6.5 → 0
//	Random:   floor(4·u(stream, 14 + 32w)), the particle's Cell
//
// and every covered pixel, edges included, has exactly the cell's colour:
// bilinear sampling clamps to the cell, so neighbours never bleed in.
func TestFlipbookCells(t *testing.T) {
	type check struct {
		age  float64
		cell int
	}
	for _, c := range []struct {
		name   string
		mode   emitter.FlipbookMode
		checks []check
	}{
		{"mode emitter.FlipbookLoop", emitter.FlipbookLoop, []check{{0.5, 0}, {1.5, 1}, {2.5, 2}, {3.5, 3}, {4.5, 0}}},
		{"mode emitter.FlipbookOneShot", emitter.FlipbookOneShot, []check{{1, 0}, {3, 1}, {6, 2}, {9, 3}}},
		{"mode emitter.FlipbookPingPong", emitter.FlipbookPingPong, []check{{2.5, 2}, {3.5, 3}, {4.5, 2}, {5.5, 1}, {6.5, 0}}},
		{"mode emitter.FlipbookRandom", emitter.FlipbookRandom, []check{{0.5, -1}, {1.5, -1}, {2.5, -1}, {3.5, -1}, {4.5, -1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, k := range c.checks {
				sp := oneSpec(30)
				sp.FlipbookMode = c.mode
				colors, n, p := flipbookPixels(t, sp, k.age)
				want := k.cell
				if want < 0 {
					w := uint32(math.Floor(k.age))
					want = int(4 * hash.Unit(hash.Stream(7, p.Key), channel.FlipbookRandom+32*w))
				}
				if p.Cell != want {
					t.Errorf("%v age %v: the particle's Cell is %d, want %d", c.mode, k.age, p.Cell, want)
				}
				if len(colors) != 1 || colors[cellColors[want]] != n || n == 0 {
					t.Errorf("%v age %v: covered pixels %v (of %d), want all %v (cell %d)", c.mode, k.age, colors, n, cellColors[want], want)
				}
			}
		})
	}
}

// TestFlipbookCrossfade: with FlipbookBlendFrames at framerate 1, age 1.5
// is halfway from cell 1 (0, 200, 0) to cell 2 (0, 0, 100): (0, 100, 50);
// age 1.25 is a quarter of the way: (0, 150, 25). No pixel bleeds.
func TestFlipbookCrossfade(t *testing.T) {
	for _, c := range []struct {
		name       string
		age, blend float64
		want       color.RGBA
	}{
		{"age 1.5, blend 0.5", 1.5, 0.5, color.RGBA{0, 100, 50, 255}},
		{"age 1.25, blend 0.25", 1.25, 0.25, color.RGBA{0, 150, 25, 255}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := oneSpec(30)
			sp.FlipbookBlendFrames = true
			colors, n, p := flipbookPixels(t, sp, c.age)
			if p.Cell != 1 || p.NextCell != 2 || p.Blend != c.blend {
				t.Errorf("age %v: cell %d → %d by %v, want 1 → 2 by %v", c.age, p.Cell, p.NextCell, p.Blend, c.blend)
			}
			if len(colors) != 1 || colors[c.want] != n {
				t.Errorf("age %v: covered pixels %v, want all %v", c.age, colors, c.want)
			}
		})
	}
}

// TestGlowLayers: a 40 px white square with LightEmission 1 and 3 layers
// draws halos of 40·(1 + 0.45n): 58 px at 0.45 and 76 px at 0.45² = 0.2025,
// additively. The outer ring is 0.2025·255 = 51.6 → 52, the middle ring
// 52 + 0.45·255 = 166.75 → 167, the core clamps at 255, and 76² = 5776
// pixels are covered. Without LightEmission, or with one layer, only the
// core's 40² = 1600.
func TestGlowLayers(t *testing.T) {
	draw := func(light float64, layers int) *image.RGBA {
		sp := oneSpec(40)
		sp.LightEmission = light
		sp.GlowLayers = layers
		dst := canvas(120, 120, black)
		Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 60, Y: 60, Texture: opaqueWhite}})
		return dst
	}
	dst := draw(1, 3)
	if got := covered(dst, black); got != 76*76 {
		t.Errorf("3 layers: %d pixels covered, want %d", got, 76*76)
	}
	for _, c := range []struct {
		name string
		y    int
		want uint8
	}{{"y 23, want 52", 23, 52}, {"y 32, want 167", 32, 167}, {"y 60, want 255", 60, 255}} {
		t.Run(c.name, func(t *testing.T) {
			if got := at(dst, 60, c.y); got != (color.RGBA{c.want, c.want, c.want, 255}) {
				t.Errorf("3 layers: pixel (60, %d) = %v, want %d", c.y, got, c.want)
			}
		})
	}
	for _, c := range []struct {
		name   string
		light  float64
		layers int
	}{{"light 0, layers 3", 0, 3}, {"light 1, layers 1", 1, 1}} {
		t.Run(c.name, func(t *testing.T) {
			if got := covered(draw(c.light, c.layers), black); got != 40*40 {
				t.Errorf("LightEmission %v, %d layers: %d pixels covered, want %d", c.light, c.layers, got, 40*40)
			}
		})
	}
}

// stripImage is 3 × 8: row r is red 30r, and green and blue walk along x:
// column 0 (30r, 0, 0), column 1 (30r, 100, 0), column 2 (30r, 200, 100).
func stripImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 8))
	for r := 0; r < 8; r++ {
		img.SetNRGBA(0, r, color.NRGBA{uint8(30 * r), 0, 0, 255})
		img.SetNRGBA(1, r, color.NRGBA{uint8(30 * r), 100, 0, 255})
		img.SetNRGBA(2, r, color.NRGBA{uint8(30 * r), 200, 100, 255})
	}
	return img
}

// TestColorStrip: a white particle's colour is its strip row's, sampled at
// column position τ·(3 - 1) + ½: τ 0.25 is halfway between columns 0 and 1,
// (30r, 50, 0); τ 0.5 is column 1, (30r, 100, 0); τ 0.75 halfway between 1
// and 2, (30r, 150, 50). The row is floor(8 · u(stream, channel.Strip)) and
// differs between particles.
func TestColorStrip(t *testing.T) {
	rows := map[int]bool{}
	for seed := uint32(0); seed < 24; seed++ {
		row := emitter.StripRow(8, hash.Stream(seed, 1)) // key 1: the first burst particle
		rows[row] = true
		for _, c := range []struct {
			name string
			age  float64
			g, b uint8
		}{{"age 2.5, g 50, b 0", 2.5, 50, 0}, {"age 5, g 100, b 0", 5, 100, 0}, {"age 7.5, g 150, b 50", 7.5, 150, 50}} {
			t.Run(c.name, func(t *testing.T) {
				sp := oneSpec(16)
				sp.ColorStrip = "strip.png"
				dst := canvas(32, 32, black)
				Draw(dst, []Item{{Effect: effectAt(t, sp, seed, 1, c.age), X: 16, Y: 16, Texture: opaqueWhite, Strip: stripImage()}})
				want := color.RGBA{uint8(30 * row), c.g, c.b, 255}
				if got := at(dst, 16, 16); got != want {
					t.Errorf("seed %d (row %d) age %v: got %v, want %v", seed, row, c.age, got, want)
				}
			})
		}
	}
	if len(rows) < 4 {
		t.Errorf("24 particles used only the rows %v", rows)
	}
	// The strip's alpha multiplies the opacity: 102/255 = 0.4 → 102 over
	// black. Without ColorStrip in the spec the strip is ignored; with it
	// but no image, there is no strip.
	faint := flat(1, 1, color.NRGBA{255, 255, 255, 102})
	for _, c := range []struct {
		name  string
		strip image.Image
		want  uint8
	}{{"strip.png", faint, 102}, {"", faint, 255}, {"strip.png", nil, 255}} {
		sp := oneSpec(16)
		sp.ColorStrip = c.name
		dst := canvas(32, 32, black)
		Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 16, Y: 16, Texture: opaqueWhite, Strip: c.strip}})
		if got := at(dst, 16, 16); got != (color.RGBA{c.want, c.want, c.want, 255}) {
			t.Errorf("ColorStrip %q, strip %v: got %v, want %d", c.name, c.strip != nil, got, c.want)
		}
	}
}

// TestDrawOrder: effects draw in ascending ZIndex + ZOffset whatever the
// submission order, ties in submission order; within an effect the older
// particle is under the younger.
func TestDrawOrder(t *testing.T) {
	colored := func(c emitter.Color, z int, off float64) *emitter.Effect {
		sp := oneSpec(20)
		sp.Color = emitter.ConstantColor(c)
		sp.ZIndex, sp.ZOffset = z, off
		return effectAt(t, sp, 0, 1, 1)
	}
	red, green := emitter.Color{R: 1}, emitter.Color{G: 1}
	for _, c := range []struct {
		name  string
		items []Item
		want  color.RGBA
	}{
		// red 1 + 0 over green 0 + 0.5, in either order
		{"z 1 red over z 0.5 green", []Item{{Effect: colored(red, 1, 0)}, {Effect: colored(green, 0, 0.5)}}, color.RGBA{255, 0, 0, 255}},
		{"the same, submitted the other way", []Item{{Effect: colored(green, 0, 0.5)}, {Effect: colored(red, 1, 0)}}, color.RGBA{255, 0, 0, 255}},
		// green 0 + 1.5 over red 1 + 0
		{"z 1.5 green over z 1 red", []Item{{Effect: colored(green, 0, 1.5)}, {Effect: colored(red, 1, 0)}}, color.RGBA{0, 255, 0, 255}},
		// ties: the later one is on top
		{"a tie: green submitted last", []Item{{Effect: colored(red, 2, 0)}, {Effect: colored(green, 1, 1)}}, color.RGBA{0, 255, 0, 255}},
		{"a tie: red submitted last", []Item{{Effect: colored(green, 1, 1)}, {Effect: colored(red, 2, 0)}}, color.RGBA{255, 0, 0, 255}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dst := canvas(32, 32, black)
			for i := range c.items {
				c.items[i].X, c.items[i].Y, c.items[i].Texture = 16, 16, opaqueWhite
			}
			Draw(dst, c.items)
			if got := at(dst, 16, 16); got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}

	// Red fading to blue over a 10 s life; bursts at 0 and 5, clock 7: the
	// younger particle (τ 0.2: (0.8, 0, 0.2) → (204, 0, 51)) covers the
	// older (τ 0.7).
	sp := oneSpec(20)
	sp.Color = emitter.ColorSequence{{Time: 0, Color: red}, {Time: 1, Color: emitter.Color{B: 1}}}
	snap, err := emitter.NewSnapshot(&sp)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := emitter.NewEffect(snap, nil)
	e.AddBurst(0, 1)
	e.AddBurst(emitter.SecondsToTicks(5), 1)
	e.SetTime(7)
	dst := canvas(32, 32, black)
	Draw(dst, []Item{{Effect: e, X: 16, Y: 16, Texture: opaqueWhite}})
	if got, want := at(dst, 16, 16), (color.RGBA{204, 0, 51, 255}); got != want {
		t.Errorf("two bursts: got %v, want %v (the younger on top)", got, want)
	}
}

// TestHostPlacement: the quad is centred on Item.X/Y plus the host's
// placement on its track plus the particle's offset; a clipped quad (off
// the canvas) draws only what is inside; a nil effect draws nothing.
func TestHostPlacement(t *testing.T) {
	e := effectAt(t, oneSpec(4), 0, 1, 1)
	e.SetHost(10, -6, 0)
	dst := canvas(64, 64, black)
	Draw(dst, []Item{{Effect: e, X: 20, Y: 20, Texture: opaqueWhite}, {}})
	// centre (30, 14): pixels 28..31 × 12..15
	if got := covered(dst, black); got != 16 {
		t.Errorf("%d pixels covered, want 16", got)
	}
	if at(dst, 28, 12) != white || at(dst, 31, 15) != white || at(dst, 32, 15) != black {
		t.Error("the quad is not at (30, 14)")
	}
	dst = canvas(8, 8, black)
	Draw(dst, []Item{{Effect: effectAt(t, oneSpec(4), 0, 1, 1), X: 0, Y: 8, Texture: opaqueWhite}})
	if got := covered(dst, black); got != 4 {
		t.Errorf("clipped quad: %d pixels covered, want 4", got)
	}
}

// TestSubImage: drawing into a sub-image uses its coordinates and touches
// nothing outside it.
func TestSubImage(t *testing.T) {
	full := canvas(64, 64, black)
	sub := full.SubImage(image.Rect(16, 16, 48, 48)).(*image.RGBA)
	Draw(sub, []Item{{Effect: effectAt(t, oneSpec(64), 0, 1, 1), X: 32, Y: 32, Texture: opaqueWhite}})
	if got := covered(full, black); got != 32*32 {
		t.Errorf("%d pixels covered, want the sub-image's %d", got, 32*32)
	}
}

// TestRasterizerReuse: a Rasterizer gives the same pixels as Draw, call
// after call, and allocates nothing per pixel.
func TestRasterizerReuse(t *testing.T) {
	sp := oneSpec(30)
	sp.FlipbookLayout = emitter.Grid2x2
	sp.FlipbookBlendFrames = true
	e := effectAt(t, sp, 3, 5, 1.5)
	items := []Item{{Effect: e, X: 40, Y: 40, Texture: flipbookTexture()}}
	want := canvas(80, 80, black)
	Draw(want, items)
	var r Rasterizer
	for i := 0; i < 3; i++ {
		got := canvas(80, 80, black)
		r.Draw(got, items)
		if string(got.Pix) != string(want.Pix) {
			t.Fatalf("call %d differs from Draw", i)
		}
	}
	got := canvas(80, 80, black)
	allocs := testing.AllocsPerRun(5, func() { r.Draw(got, items) })
	// The spec copy per item allocates a few slices; nothing scales with
	// pixels or particles.
	if allocs > 10 {
		t.Errorf("%v allocations per Draw", allocs)
	}
}

// TestPremultipliedGlow: in Premultiplied mode the particle's opacity scales
// alpha only, but a halo's layer factor scales its colour too. One halo
// (GlowLayers 2) at LightEmission 1 around a 40 px white core: the ring
// between the core and the 58 px halo adds 0.45 · 255 = 114.75 → 115 over
// black, and the core on top of the halo adds 255 (clamped).
func TestPremultipliedGlow(t *testing.T) {
	sp := oneSpec(40)
	sp.BlendMode = emitter.BlendPremultiplied
	sp.LightEmission = 1
	sp.GlowLayers = 2
	dst := canvas(120, 120, black)
	Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 60, Y: 60, Texture: opaqueWhite}})
	if got := covered(dst, black); got != 58*58 {
		t.Errorf("%d pixels covered, want 58² = %d", got, 58*58)
	}
	if got, want := at(dst, 60, 33), (color.RGBA{115, 115, 115, 255}); got != want {
		t.Errorf("halo ring pixel %v, want %v", got, want)
	}
	if got, want := at(dst, 60, 60), (color.RGBA{255, 255, 255, 255}); got != want {
		t.Errorf("core pixel %v, want %v", got, want)
	}
}

// TestFlipbookResolution: with FlipbookResolution 8 on a 16 × 16 texture
// whose top-left 8 × 8 holds the 2 × 2 test grid, cells are 4 × 4 texels of
// that square, not 8 × 8 of the whole texture.
func TestFlipbookResolution(t *testing.T) {
	tex := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	grid := flipbookTexture()
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			c := color.NRGBA{255, 0, 255, 255} // outside the grid area
			if x < 8 && y < 8 {
				c = grid.NRGBAAt(x, y)
			}
			tex.SetNRGBA(x, y, c)
		}
	}
	sp := oneSpec(30)
	sp.FlipbookLayout = emitter.Grid2x2
	sp.FlipbookResolution = 8
	for age, cell := range map[float64]int{0.5: 0, 1.5: 1, 2.5: 2, 3.5: 3} {
		dst := canvas(64, 64, black)
		Draw(dst, []Item{{Effect: effectAt(t, sp, 0, 1, age), X: 32, Y: 32, Texture: tex}})
		want := color.RGBA(cellColors[cell])
		if got := at(dst, 32, 32); got != want {
			t.Errorf("age %v: centre %v, want cell %d's %v", age, got, cell, want)
		}
	}
}

// TestDrawCamera: a 4 × 16 px quad (Size 8, Squash 1) at scene point
// (20, 30), drawn on a 64 × 64 canvas (centre (32, 32)) through cameras;
// the boxes are worked out by hand: the camera's position lands on the
// centre, offsets scale by Zoom, and a camera turned 90° clockwise shows
// the scene turned 90° counter-clockwise (left of the position is below
// it, and the tall quad lies on its side).
func TestDrawCamera(t *testing.T) {
	sp := oneSpec(8)
	sp.Squash = emitter.ConstantSequence(1)
	cases := []struct {
		name string
		cam  *camera.Camera
		box  image.Rectangle // the covered pixels
	}{
		{"none", nil, image.Rect(18, 22, 22, 38)},
		{"pan", &camera.Camera{X: 24, Y: 30}, image.Rect(26, 24, 30, 40)},
		{"zoom", &camera.Camera{X: 24, Y: 30, Zoom: 2}, image.Rect(20, 16, 28, 48)},
		{"zoom out", &camera.Camera{X: 20, Y: 30, Zoom: 0.5}, image.Rect(31, 28, 33, 36)},
		{"turn and zoom", &camera.Camera{X: 24, Y: 30, Zoom: 2, Rotation: 90}, image.Rect(16, 36, 48, 44)},
		{"turn the other way", &camera.Camera{X: 24, Y: 30, Zoom: 2, Rotation: -90}, image.Rect(16, 20, 48, 28)},
	}
	var r Rasterizer
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dst := canvas(64, 64, black)
			r.DrawCamera(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 20, Y: 30, Texture: opaqueWhite}}, c.cam)
			box := image.Rectangle{}
			n := 0
			for y := 0; y < 64; y++ {
				for x := 0; x < 64; x++ {
					if at(dst, x, y) != black {
						box = box.Union(image.Rect(x, y, x+1, y+1))
						n++
					}
				}
			}
			if box != c.box || n != c.box.Dx()*c.box.Dy() {
				t.Errorf("covered %d pixels in %v, want the %d of %v", n, box, c.box.Dx()*c.box.Dy(), c.box)
			}
		})
	}
	// A turn off the axes covers what the contract's corners give: the
	// quad's centre and size through the camera, its rotation plus Turn.
	cam := &camera.Camera{X: 22, Y: 27, Zoom: 1.7, Rotation: 30}
	dst := canvas(64, 64, black)
	r.DrawCamera(dst, []Item{{Effect: effectAt(t, sp, 0, 1, 1), X: 20, Y: 30, Texture: opaqueWhite}}, cam)
	tr := cam.Transform(dst.Rect)
	cx, cy := tr.Apply(20, 30)
	want := 0
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			if insideQuad(float64(x)+0.5, float64(y)+0.5, cx, cy, 4*1.7, 16*1.7, -30) {
				want++
			}
		}
	}
	if got := covered(dst, black); got != want || want < 150 {
		t.Errorf("turned 30°: %d pixels covered, want %d", got, want)
	}
}

// TestWork: Work counts the particles and, for each quad drawn, the pixels
// of its bounding box on the target (a pixel of margin each side, clipped),
// glow layers included, without drawing.
func TestWork(t *testing.T) {
	glow := oneSpec(10)
	glow.LightEmission, glow.GlowLayers = 1, 3
	g1, _ := emitter.Glow(1, 0, 1)
	g2, _ := emitter.Glow(2, 0, 1)
	// A quad of edge s centred on a pixel corner visits s + 2 pixels a side.
	side := func(s float64) int64 { return int64(math.Ceil(s/2+0.5)) * 2 }
	cases := []struct {
		name            string
		sp              emitter.Spec
		n               int
		x, y            float64
		particles, pixs int64
	}{
		{"one quad of 10 px", oneSpec(10), 1, 32, 32, 1, 12 * 12},
		{"three on one spot", oneSpec(10), 3, 32, 32, 3, 3 * 12 * 12},
		{"clipped at the corner", oneSpec(10), 1, 0, 0, 1, 6 * 6},
		{"out of the target", oneSpec(10), 1, -100, -100, 1, 0},
		{"a core and two glow layers", glow, 1, 32, 32, 1, 12*12 + side(10*g1)*side(10*g1) + side(10*g2)*side(10*g2)},
		{"larger than the target", oneSpec(200), 2, 32, 32, 2, 2 * 64 * 64},
	}
	var r Rasterizer
	for _, c := range cases {
		items := []Item{{Effect: effectAt(t, c.sp, 0, c.n, 1), X: c.x, Y: c.y}}
		p, px := r.Work(image.Rect(0, 0, 64, 64), items)
		if p != c.particles || px != c.pixs {
			t.Errorf("%s: %d particles over %d pixels, want %d over %d", c.name, p, px, c.particles, c.pixs)
		}
	}
	if p, px := r.Work(image.Rect(0, 0, 64, 64), []Item{{}}); p != 0 || px != 0 {
		t.Errorf("a nil effect: %d, %d", p, px)
	}
}

// TestUndrawableImages: a texture or strip that is unbounded
// (image.White), empty or past MaxImageEdge draws as the GPU renderer
// draws one it cannot place, the built-in sprite and no strip, where
// converting it would panic or exhaust memory.
func TestUndrawableImages(t *testing.T) {
	spec := emitter.DefaultSpec()
	spec.ColorStrip = "strip.png"
	spec.Speed = emitter.NumberRange{}
	e := effectAt(t, spec, 0, 20, 0.5)
	draw := func(tex, strip image.Image) []byte {
		dst := image.NewRGBA(image.Rect(0, 0, 64, 64))
		Draw(dst, []Item{{Effect: e, X: 32, Y: 32, Texture: tex, Strip: strip}})
		return dst.Pix
	}
	want := draw(nil, nil)
	if !slices.ContainsFunc(want, func(b uint8) bool { return b != 0 }) {
		t.Fatal("the reference frame is empty")
	}
	for name, img := range map[string]image.Image{
		"image.White": image.White,
		"empty":       image.NewNRGBA(image.Rect(0, 0, 0, 0)),
		"uniform":     image.NewUniform(color.NRGBA{R: 255, A: 255}),
	} {
		if got := draw(img, img); !slices.Equal(got, want) {
			t.Errorf("%s: drawn otherwise than the built-in sprite without a strip", name)
		}
	}
	wide := image.NewAlpha(image.Rect(0, 0, MaxImageEdge+1, 1))
	if got := draw(wide, wide); !slices.Equal(got, want) {
		t.Error("an image past MaxImageEdge: drawn otherwise than the built-in sprite without a strip")
	}
}
