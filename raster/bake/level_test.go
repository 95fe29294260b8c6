package bake

import (
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/raster"
	"github.com/emberfx/ember/texture/leveltex"
)

// burstLevel is a level of n emitters at (5, 5, 1), each a burst of count
// motionless white particles of edge 1 at clock born living an hour, in a
// 10 × 10 room, with its 4 × 4 white texture.
func burstLevel(t *testing.T, n, count int, born float64) *LevelScene {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	white := []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 1}, {Age: 1, R: 1, G: 1, B: 1, A: 1}}
	d := &world.Document{
		Version:  world.AlphaVersion,
		Textures: []world.Texture{{Name: "t", Width: 4, Height: 4, Digest: world.TextureDigest(img)}},
		Presets: []world.Preset{{
			Name: "p", Capacity: count, Lifetime: world.Range{Min: 3600, Max: 3600},
			Curves: world.Curves{Size: []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 1}}, Color: white},
			Sprite: world.Sprite{Frames: []int{0}, Blend: world.BlendAlpha},
		}},
		Sectors: []world.Sector{{Name: "s", Points: []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}, Ceiling: 3}},
	}
	for i := range n {
		d.Emitters = append(d.Emitters, world.Emitter{
			Name: "e" + string(rune('a'+i)), Position: world.Vec3{X: 5, Y: 5, Z: 1}, Scale: 1,
			Bursts: []world.Burst{{Time: born, Count: count}},
		})
	}
	if err := world.Compile(d); err != nil {
		t.Fatal(err)
	}
	l, err := world.NewLevel(d)
	if err != nil {
		t.Fatal(err)
	}
	return &LevelScene{
		Level: l, Textures: &leveltex.Level{Images: []image.Image{img}},
		Camera: camera.World{X: 5, Y: 5, Z: 1, Zoom: 10, Pitch: 90},
	}
}

// TestLevelFrame: a frame is DefaultLevelWidth × DefaultLevelHeight unless
// the scene says otherwise, the background then raster's DrawLevel; the
// particle of edge 1 at zoom 10 covers 10 × 10 pixels at the centre.
func TestLevelFrame(t *testing.T) {
	s := burstLevel(t, 1, 1, 0)
	img, err := LevelFrame(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if img.Rect != image.Rect(0, 0, 640, 360) {
		t.Fatalf("default frame %v, want 640x360", img.Rect)
	}
	white := color.RGBA{255, 255, 255, 255}
	if n := covered(img, black); n != 100 || at(img, 320, 180) != white || at(img, 0, 0) != black {
		t.Errorf("%d pixels covered, centre %v, corner %v; want 100, white, black", n, at(img, 320, 180), at(img, 0, 0))
	}
	s.Width, s.Height, s.Background = 40, 30, color.NRGBA{10, 20, 30, 255}
	img, err = LevelFrame(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := canvas(40, 30, color.RGBA{10, 20, 30, 255})
	var r raster.Rasterizer
	r.DrawLevel(want, &raster.LevelItem{Level: s.Level, Textures: s.Textures, Clock: 1}, &s.Camera)
	if string(img.Pix) != string(want.Pix) {
		t.Error("LevelFrame differs from DrawLevel over the background")
	}
	if covered(img, color.RGBA{10, 20, 30, 255}) != 100 {
		t.Error("the particle is not 10 × 10 pixels on the small canvas")
	}
	again, _ := LevelFrame(s, 1)
	if string(again.Pix) != string(img.Pix) {
		t.Error("the same scene and clock gave other pixels")
	}
	s.Hidden = []bool{true}
	if img, _ = LevelFrame(s, 1); covered(img, color.RGBA{10, 20, 30, 255}) != 0 {
		t.Error("a hidden emitter was drawn")
	}
}

// TestLevelGIF: the clip 0..2 s at 2 fps is 5 frames of 50 hundredths;
// the burst at 1 s shows from the third on.
func TestLevelGIF(t *testing.T) {
	s := burstLevel(t, 1, 1, 1)
	s.Width, s.Height = 40, 30
	g, err := LevelGIF(s, 0, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 5 || g.Config.Width != 40 || g.Config.Height != 30 {
		t.Fatalf("%d frames of %dx%d, want 5 of 40x30", len(g.Image), g.Config.Width, g.Config.Height)
	}
	for i, f := range g.Image {
		r, _, _, _ := f.At(20, 15).RGBA()
		if shown := r > 0; shown != (i >= 2) || g.Delay[i] != 50 {
			t.Errorf("frame %d: centre red %d, delay %d; want the particle from frame 2 on, 50", i, r>>8, g.Delay[i])
		}
	}
}

// TestLevelSceneErrors: a camera that cannot project, a canvas too large
// and a clip of too much work are errors naming what is wrong, before any
// pixel is drawn.
func TestLevelSceneErrors(t *testing.T) {
	nan := func() float64 { var z float64; return z / z }()
	for _, tc := range []struct {
		name string
		edit func(*LevelScene)
		want string
	}{
		{"nil level", func(s *LevelScene) { s.Level = nil }, "no level"},
		{"pitch", func(s *LevelScene) { s.Camera.Pitch = 91 }, "pitch 91"},
		{"zoom", func(s *LevelScene) { s.Camera.Zoom = -1 }, "zoom -1 is negative"},
		{"nan", func(s *LevelScene) { s.Camera.Y = nan }, "y NaN"},
		{"canvas", func(s *LevelScene) { s.Width, s.Height = 1<<14, 1<<13 }, "at most 67108864 pixels"},
		{"negative", func(s *LevelScene) { s.Width = -1 }, "canvas -1x360"},
	} {
		s := burstLevel(t, 1, 1, 0)
		tc.edit(s)
		if _, err := LevelFrame(s, 1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	s := burstLevel(t, 1, 1, 0)
	if _, err := LevelFrame(s, nan); err == nil || !strings.Contains(err.Error(), "clock NaN") {
		t.Errorf("clock NaN: %v", err)
	}
	if _, err := LevelGIF(s, 0, 1, 0); err == nil {
		t.Error("a GIF at 0 fps was made")
	}
	// 16 emitters of 4,096 live particles for 2,999 frames: 196,542,464
	// candidates, refused from the schedules alone.
	s = burstLevel(t, 16, 4096, 0)
	s.Width, s.Height = 8, 8
	_, err := LevelGIF(s, 0, 29.98, 100)
	var we *WorkError
	if !errors.As(err, &we) || we.Frames != 2999 || we.Pixels != 0 || we.Particles <= MaxWorkParticles {
		t.Errorf("the limits level's long clip: %v, want a WorkError of particles", err)
	}
}
