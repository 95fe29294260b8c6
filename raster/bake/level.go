package bake

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/raster"
	"github.com/emberfx/ember/texture/leveltex"
)

// Default canvas size of a [LevelScene], in pixels.
const (
	DefaultLevelWidth  = 640
	DefaultLevelHeight = 360
)

// LevelScene is what [LevelFrame] and [LevelGIF] draw: a world level seen
// through a world camera on a canvas of Width × Height pixels, drawn by
// raster.Rasterizer.DrawLevel. A frame depends only on the scene and its
// level clock.
type LevelScene struct {
	// Level is the level and Textures its prepared textures.
	Level    *world.Level
	Textures *leveltex.Level
	// Camera is the view; its point is drawn at the canvas's centre.
	Camera camera.World
	// Width and Height are the canvas in pixels; 0 takes
	// DefaultLevelWidth × DefaultLevelHeight.
	Width, Height int
	// Background fills the canvas first; nil is opaque black.
	Background color.Color
	// Hidden, by emitter index, skips emitters; nil shows them all.
	Hidden []bool
}

// levelBaker draws a level scene's frames, reusing its rasterizer.
type levelBaker struct {
	s    *LevelScene
	w, h int
	r    raster.Rasterizer
	bg   [4]uint8
}

func newLevelBaker(s *LevelScene) (*levelBaker, error) {
	if s == nil || s.Level == nil || s.Textures == nil {
		return nil, errors.New("bake: the level scene has no level or no textures")
	}
	if err := CheckCamera(&s.Camera); err != nil {
		return nil, err
	}
	w, h := s.Width, s.Height
	if w == 0 {
		w = DefaultLevelWidth
	}
	if h == 0 {
		h = DefaultLevelHeight
	}
	if w < 0 || h < 0 || int64(w)*int64(h) > MaxCanvasPixels {
		return nil, fmt.Errorf("bake: canvas %dx%d: each side must be positive and the area at most %d pixels", w, h, MaxCanvasPixels)
	}
	return &levelBaker{s: s, w: w, h: h, bg: background(s.Background)}, nil
}

// CheckCamera returns an error naming the first field of c that
// camera.World.Projection would refuse: one that is not finite, a
// negative Zoom or a Pitch outside [0, 90].
func CheckCamera(c *camera.World) error {
	for _, f := range [...]struct {
		name string
		v    float64
	}{{"x", c.X}, {"y", c.Y}, {"z", c.Z}, {"pitch", c.Pitch}, {"zoom", c.Zoom}, {"yaw", c.Yaw}} {
		if !finite(f.v) {
			return fmt.Errorf("bake: the camera's %s %v is not a finite number", f.name, f.v)
		}
	}
	switch {
	case !(c.Pitch >= 0 && c.Pitch <= 90):
		return fmt.Errorf("bake: the camera's pitch %v is not from 0 (side view) to 90 (top-down) degrees", c.Pitch)
	case c.Zoom < 0:
		return fmt.Errorf("bake: the camera's zoom %v is negative", c.Zoom)
	}
	return nil
}

// item is the scene at level clock t.
func (k *levelBaker) item(t float64) *raster.LevelItem {
	return &raster.LevelItem{Level: k.s.Level, Textures: k.s.Textures, Clock: t, Hidden: k.s.Hidden}
}

// check counts the work of drawing the frames at clocks ts, first the
// particles (each emitter's candidates, without evaluating any), then the
// pixels (evaluating them), and refuses more than MaxWorkParticles or
// MaxWorkPixels with a *WorkError.
func (k *levelBaker) check(ts []float64) error {
	for _, t := range ts {
		if !finite(t) {
			return fmt.Errorf("bake: clock %v is not a finite number", t)
		}
	}
	ev := k.s.Level.Evaluator()
	var particles, pixels int64
	for _, t := range ts {
		for e := range ev.Len() {
			particles += int64(ev.Candidates(e, t))
		}
		if particles > MaxWorkParticles {
			return &WorkError{Frames: len(ts), Particles: particles}
		}
	}
	particles = 0
	frame := image.Rect(0, 0, k.w, k.h)
	for _, t := range ts {
		p, px := k.r.LevelWork(frame, k.item(t), &k.s.Camera)
		particles, pixels = particles+p, pixels+px
		if pixels > MaxWorkPixels {
			return &WorkError{Frames: len(ts), Particles: particles, Pixels: pixels}
		}
	}
	return nil
}

// draw renders the scene at level clock t into a new frame.
func (k *levelBaker) draw(t float64) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, k.w, k.h))
	fill(dst, k.bg)
	k.r.DrawLevel(dst, k.item(t), &k.s.Camera)
	return dst
}

// LevelFrame renders the level scene at level clock t seconds: the
// background, then the level drawn by raster.Rasterizer.DrawLevel.
func LevelFrame(s *LevelScene, t float64) (*image.RGBA, error) {
	k, err := newLevelBaker(s)
	if err != nil {
		return nil, err
	}
	if err := k.check([]float64{t}); err != nil {
		return nil, err
	}
	return k.draw(t), nil
}

// LevelGIF renders the level scene's clip from level clock t0 to t1 at fps
// frames per second as a looping animated GIF, frame i at t0 + i/fps
// ([GIFTimes]), with the palette and delays of [GIF].
func LevelGIF(s *LevelScene, t0, t1, fps float64) (*gif.GIF, error) {
	k, err := newLevelBaker(s)
	if err != nil {
		return nil, err
	}
	return clip(k, t0, t1, fps)
}

func (k *levelBaker) size() (w, h int) { return k.w, k.h }

func (k *levelBaker) frame(t float64) (*image.RGBA, error) { return k.draw(t), nil }
