package raster

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture/leveltex"
)

// oneParticle is a level of one motionless particle at (5, 5, 1), of edge
// size, colour c for its whole life, showing a 4 × 4 texture of the
// uniform straight colour tex, with the preset's blend and facing, alive
// from clock 0 to 10.
func oneParticle(t *testing.T, blend world.Blend, facing world.Facing, size float64, c [4]float64, tex color.NRGBA) (*world.Level, *leveltex.Level) {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = tex.R, tex.G, tex.B, tex.A
	}
	d := &world.Document{
		Version:  world.AlphaVersion,
		Textures: []world.Texture{{Name: "t", Width: 4, Height: 4, Digest: world.TextureDigest(img)}},
		Presets: []world.Preset{{
			Name: "p", Capacity: 1, Lifetime: world.Range{Min: 10, Max: 10},
			Curves: world.Curves{Size: []world.SizeKey{{Age: 0, Size: size}, {Age: 1, Size: size}},
				Color: []world.ColorKey{{Age: 0, R: c[0], G: c[1], B: c[2], A: c[3]}, {Age: 1, R: c[0], G: c[1], B: c[2], A: c[3]}}},
			Sprite: world.Sprite{Frames: []int{0}, Blend: blend, Facing: facing},
		}},
		Sectors:  []world.Sector{{Name: "s", Points: []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}, Ceiling: 3}},
		Emitters: []world.Emitter{{Name: "e", Position: world.Vec3{X: 5, Y: 5, Z: 1}, Scale: 1, Bursts: []world.Burst{{Count: 1}}}},
	}
	if err := world.Compile(d); err != nil {
		t.Fatal(err)
	}
	l, err := world.NewLevel(d)
	if err != nil {
		t.Fatal(err)
	}
	return l, &leveltex.Level{Images: []image.Image{img}}
}

// TestDrawLevelBlends checks the version-2 output formulas by hand, at the
// centre pixel of one particle over an opaque background B = (20, 40, 60).
// The texture (200, 100, 50, 128) premultiplies to S = (100, 50, 25, 128)
// / 255 ((v·a + 127) / 255 in integers), C is the lifetime colour, and
// each mode's premultiplied output composites source-over, each channel
// rounded: round(255·out + B·(1 - out.a)).
func TestDrawLevelBlends(t *testing.T) {
	tex := color.NRGBA{200, 100, 50, 128}
	s := [4]float64{100.0 / 255, 50.0 / 255, 25.0 / 255, 128.0 / 255}
	bg := [4]float64{20, 40, 60, 255}
	comp := func(out [4]float64) [4]uint8 {
		var px [4]uint8
		for i := range 4 {
			px[i] = uint8(math.Floor(255*out[i] + bg[i]*(1-out[3]) + 0.5))
		}
		return px
	}
	c := [4]float64{0.5, 1, 0.25, 0.8}
	opaque := [4]float64{0.5, 1, 0.25, 1}
	for _, tc := range []struct {
		name  string
		blend world.Blend
		c     [4]float64
		want  [4]uint8
	}{
		// premultiplied: rgb = T.rgb·T.a·C.rgb, a = T.a·C.a.
		{"premultiplied", world.BlendPremultiplied, c, comp([4]float64{s[0] * c[0], s[1] * c[1], s[2] * c[2], s[3] * c[3]})},
		// alpha also multiplies rgb by C.a.
		{"alpha", world.BlendAlpha, c, comp([4]float64{s[0] * c[0] * c[3], s[1] * c[1] * c[3], s[2] * c[2] * c[3], s[3] * c[3]})},
		// additive: alpha's colour, added (out.a = 0).
		{"additive", world.BlendAdditive, c, comp([4]float64{s[0] * c[0] * c[3], s[1] * c[1] * c[3], s[2] * c[2] * c[3], 0})},
		// cutout: T.a·C.a = 0.40 < 1/2: nothing.
		{"cutout below", world.BlendCutout, c, [4]uint8{20, 40, 60, 255}},
		// cutout: T.a·C.a = 0.502 >= 1/2: opaque T.rgb·C.rgb.
		{"cutout above", world.BlendCutout, opaque, comp([4]float64{s[0] / s[3] * 0.5, s[1] / s[3], s[2] / s[3] * 0.25, 1})},
	} {
		l, tl := oneParticle(t, tc.blend, world.FacingCamera, 1, tc.c, tex)
		dst := image.NewRGBA(image.Rect(0, 0, 20, 20))
		for i := 0; i < len(dst.Pix); i += 4 {
			copy(dst.Pix[i:i+4], []uint8{20, 40, 60, 255})
		}
		var r Rasterizer
		r.DrawLevel(dst, &LevelItem{Level: l, Textures: tl, Clock: 1}, &camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90})
		got := [4]uint8(dst.Pix[dst.PixOffset(10, 10):][:4])
		if got != tc.want {
			t.Errorf("%s: centre pixel %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDrawLevelFacing: at zoom 10 a particle of edge 1 covers 10 × 10
// pixels, camera-facing at any pitch; an upright one 10 × 10 in a side
// view, 10 × 5 at pitch 60 (cos 60° = 1/2) and nothing from straight
// above.
func TestDrawLevelFacing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		facing world.Facing
		pitch  float64
		want   int
	}{
		{"facing top-down", world.FacingCamera, 90, 100},
		{"facing 60", world.FacingCamera, 60, 100},
		{"upright side", world.FacingUpright, 0, 100},
		{"upright 60", world.FacingUpright, 60, 50},
		{"upright top-down", world.FacingUpright, 90, 0},
	} {
		l, tl := oneParticle(t, world.BlendAlpha, tc.facing, 1, [4]float64{1, 1, 1, 1}, color.NRGBA{255, 255, 255, 255})
		dst := image.NewRGBA(image.Rect(0, 0, 40, 40))
		var r Rasterizer
		r.DrawLevel(dst, &LevelItem{Level: l, Textures: tl, Clock: 1}, &camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: tc.pitch})
		n := 0
		for i := 3; i < len(dst.Pix); i += 4 {
			if dst.Pix[i] != 0 {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d pixels covered, want %d", tc.name, n, tc.want)
		}
	}
	// Hidden emitters draw nothing.
	l, tl := oneParticle(t, world.BlendAlpha, world.FacingCamera, 1, [4]float64{1, 1, 1, 1}, color.NRGBA{255, 255, 255, 255})
	dst := image.NewRGBA(image.Rect(0, 0, 40, 40))
	var r Rasterizer
	r.DrawLevel(dst, &LevelItem{Level: l, Textures: tl, Clock: 1, Hidden: []bool{true}}, &camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90})
	for _, v := range dst.Pix {
		if v != 0 {
			t.Fatal("a hidden emitter was drawn")
		}
	}
}

// TestLevelWork: the work of a view is its live particles and the pixels
// their quads' boxes visit. At zoom 10 a particle of edge 1 at the centre
// (20, 20) of a 40 × 40 target spans x in [15, 25]; the cover test visits
// floor(15 - 0.5) = 14 to ceil(25 + 0.5) = 26, 12 pixels a side.
func TestLevelWork(t *testing.T) {
	l, tl := oneParticle(t, world.BlendAlpha, world.FacingCamera, 1, [4]float64{1, 1, 1, 1}, color.NRGBA{255, 255, 255, 255})
	b := image.Rect(0, 0, 40, 40)
	var r Rasterizer
	for _, tc := range []struct {
		name              string
		it                LevelItem
		cam               camera.World
		particles, pixels int64
	}{
		{"centred", LevelItem{Level: l, Textures: tl, Clock: 1}, camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90}, 1, 144},
		// Off the target by 4 world units (40 pixels) in x: evaluated, no pixel.
		{"off target", LevelItem{Level: l, Textures: tl, Clock: 1}, camera.World{X: 9, Y: 5, Z: 1, Zoom: 10, Pitch: 90}, 1, 0},
		// Half off: x from 14 - 20 clipped to 0, to 26 - 20 = 6; y 14 to 26.
		{"clipped", LevelItem{Level: l, Textures: tl, Clock: 1}, camera.World{X: 7, Y: 5, Z: 1, Zoom: 10, Pitch: 90}, 1, 6 * 12},
		{"hidden", LevelItem{Level: l, Textures: tl, Clock: 1, Hidden: []bool{true}}, camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90}, 0, 0},
		{"not yet born", LevelItem{Level: l, Textures: tl, Clock: -1}, camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90}, 0, 0},
	} {
		p, px := r.LevelWork(b, &tc.it, &tc.cam)
		if p != tc.particles || px != tc.pixels {
			t.Errorf("%s: work %d particles, %d pixels, want %d, %d", tc.name, p, px, tc.particles, tc.pixels)
		}
	}
}

// TestDrawLevelOtherTextures: textures without an image of each of the
// level's, of its size (another level's, an empty Level), draw nothing,
// as render.DrawLevel does, instead of indexing past them.
func TestDrawLevelOtherTextures(t *testing.T) {
	l, tl := oneParticle(t, world.BlendAlpha, world.FacingCamera, 1, [4]float64{1, 1, 1, 1}, color.NRGBA{255, 255, 255, 255})
	wrong := image.NewNRGBA(image.Rect(0, 0, 3, 4))
	for name, tex := range map[string]*leveltex.Level{
		"empty":       {},
		"wrong size":  {Images: []image.Image{wrong}, Frames: tl.Frames, Pages: tl.Pages},
		"the level's": tl,
	} {
		dst := image.NewRGBA(image.Rect(0, 0, 20, 20))
		var r Rasterizer
		r.DrawLevel(dst, &LevelItem{Level: l, Textures: tex, Clock: 1}, &camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90})
		drawn := dst.Pix[dst.PixOffset(10, 10)+3] != 0
		if drawn != (name == "the level's") {
			t.Errorf("%s: drawn %v", name, drawn)
		}
	}
}
