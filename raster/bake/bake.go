// Package bake draws one effect at chosen clocks with the reference
// rasterizer (package raster): a [Scene] is an effect file's snapshot
// played from clock 0 with a seed and bursts on a canvas the size of its
// host, and [Frame] renders one clock, [Sheet] a grid of clocks and [GIF]
// an animated clip with a [Quantize]d palette. Every frame is evaluated from
// a fresh effect set to its clock, so the same scene gives the same bytes
// every time. `ember bake` and the demo's headless captures are thin
// layers over it; the golden images of testdata/golden are its frames.
package bake

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/raster"
)

// Default canvas size of a [Scene]: Ember's default host, 200 × 100 px.
const (
	DefaultWidth  = 200
	DefaultHeight = 100
)

// Limits of what the baking functions draw, so that a typo in a size or a
// clip cannot exhaust memory.
const (
	// MaxCanvasPixels bounds one image: a frame or a whole sheet.
	MaxCanvasPixels = 1 << 26
	// MaxGIFFrames bounds the frames of one GIF.
	MaxGIFFrames = 3000
)

// Scene is what [Frame], [Sheet] and [GIF] draw: one effect of Snapshot,
// played from clock 0 with Seed, its Enabled stream and Bursts, on a canvas
// the size of its host with the host's centre at the canvas centre.
//
// Every frame is evaluated from a fresh effect set to its clock, so a frame
// depends only on the scene and its clock, never on the frames drawn before.
type Scene struct {
	// Snapshot is the effect's compiled spec.
	Snapshot *emitter.Snapshot
	// Seed is the effect's seed.
	Seed uint32
	// Bursts are Emit calls recorded at their clocks, in this order.
	Bursts []Burst
	// Width and Height are the canvas and host size in pixels; 0 takes
	// DefaultWidth × DefaultHeight.
	Width, Height int
	// Background fills the canvas first; nil is opaque black.
	Background color.Color
	// Texture and Strip are the effect's images, straight alpha, as in
	// raster.Item; nil Texture is the built-in sprite.
	Texture, Strip image.Image
	// Ambient is the effect's ambient colour for LightInfluence.
	Ambient emitter.Color
}

// Burst is an Emit of Count particles at clock At, in seconds.
type Burst struct {
	Count int
	At    float64
}

// size returns the canvas size with the defaults applied, or an error.
func (s *Scene) size() (w, h int, err error) {
	if s == nil || s.Snapshot == nil {
		return 0, 0, errors.New("bake: the scene has no snapshot")
	}
	w, h = s.Width, s.Height
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	if w < 0 || h < 0 || int64(w)*int64(h) > MaxCanvasPixels {
		return 0, 0, fmt.Errorf("bake: canvas %dx%d: each side must be positive and the area at most %d pixels", w, h, MaxCanvasPixels)
	}
	for _, b := range s.Bursts {
		if !finite(b.At) {
			return 0, 0, fmt.Errorf("bake: a burst's clock %v is not a finite number", b.At)
		}
	}
	return w, h, nil
}

// baker draws a scene's frames, reusing its rasterizer between them.
type baker struct {
	s    *Scene
	w, h int
	r    raster.Rasterizer
	bg   [4]uint8 // premultiplied
}

func newBaker(s *Scene) (*baker, error) {
	w, h, err := s.size()
	if err != nil {
		return nil, err
	}
	k := &baker{s: s, w: w, h: h, bg: [4]uint8{0, 0, 0, 255}}
	if s.Background != nil {
		c := color.RGBAModel.Convert(s.Background).(color.RGBA)
		k.bg = [4]uint8{c.R, c.G, c.B, c.A}
	}
	return k, nil
}

// draw renders the scene at clock t (seconds) into the w × h region of dst
// whose top-left corner is (x, y).
func (k *baker) draw(dst *image.RGBA, x, y int, t float64) error {
	if !finite(t) {
		return fmt.Errorf("bake: clock %v is not a finite number", t)
	}
	e, err := emitter.NewEffect(k.s.Snapshot, &emitter.EffectOptions{
		Seed:       k.s.Seed,
		HostWidth:  float64(k.w),
		HostHeight: float64(k.h),
		Ambient:    k.s.Ambient,
	})
	if err != nil {
		return err
	}
	for _, b := range k.s.Bursts {
		e.AddBurst(emitter.SecondsToTicks(b.At), b.Count)
	}
	e.SetTime(t)
	sub := dst.SubImage(image.Rect(x, y, x+k.w, y+k.h)).(*image.RGBA)
	for yy := sub.Rect.Min.Y; yy < sub.Rect.Max.Y; yy++ {
		i := sub.PixOffset(sub.Rect.Min.X, yy)
		for xx := 0; xx < k.w; xx++ {
			copy(sub.Pix[i+4*xx:i+4*xx+4], k.bg[:])
		}
	}
	k.r.Draw(sub, []raster.Item{{
		Effect:  e,
		X:       float64(x) + float64(k.w)/2,
		Y:       float64(y) + float64(k.h)/2,
		Texture: k.s.Texture,
		Strip:   k.s.Strip,
	}})
	return nil
}

// Frame renders the scene at clock t seconds: a canvas of the host's size,
// the background, then the effect drawn by raster.Draw.
func Frame(s *Scene, t float64) (*image.RGBA, error) {
	k, err := newBaker(s)
	if err != nil {
		return nil, err
	}
	dst := image.NewRGBA(image.Rect(0, 0, k.w, k.h))
	if err := k.draw(dst, 0, 0, t); err != nil {
		return nil, err
	}
	return dst, nil
}

// SheetTimes returns the clocks of the n frames of a sheet or clip from t0
// to t1: evenly spaced, both ends included, t0 + (t1 - t0)·i/(n - 1). One
// frame is at t0.
func SheetTimes(n int, t0, t1 float64) []float64 {
	ts := make([]float64, max(n, 0))
	for i := range ts {
		if n == 1 {
			ts[i] = t0
		} else {
			ts[i] = t0 + (t1-t0)*float64(i)/float64(n-1)
		}
	}
	return ts
}

// Sheet renders a sprite sheet of cols × rows frames at the clocks
// SheetTimes(cols·rows, t0, t1), laid out row-major from the top left:
// frame i is at column i mod cols, row i div cols. The sheet is
// (cols·W) × (rows·H) pixels for a W × H canvas.
func Sheet(s *Scene, cols, rows int, t0, t1 float64) (*image.RGBA, error) {
	k, err := newBaker(s)
	if err != nil {
		return nil, err
	}
	if cols < 1 || rows < 1 || int64(cols)*int64(rows)*int64(k.w)*int64(k.h) > MaxCanvasPixels {
		return nil, fmt.Errorf("bake: sheet %dx%d of %dx%d frames: the grid must be at least 1x1 and the sheet at most %d pixels", cols, rows, k.w, k.h, MaxCanvasPixels)
	}
	if !finite(t0) || !finite(t1) {
		return nil, fmt.Errorf("bake: sheet clocks %v to %v are not finite numbers", t0, t1)
	}
	dst := image.NewRGBA(image.Rect(0, 0, cols*k.w, rows*k.h))
	for i, t := range SheetTimes(cols*rows, t0, t1) {
		if err := k.draw(dst, (i%cols)*k.w, (i/cols)*k.h, t); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// GIF renders the clip from t0 to t1 seconds at fps frames per second as a
// looping animated GIF: frame i is the scene at t0 + i/fps, for every such
// clock up to t1 (t0 alone when t1 = t0). GIF delays are in hundredths of a
// second, so each frame's delay is the rounded end of its step less the
// rounded start, round(100(i+1)/fps) - round(100i/fps): the clip keeps its
// length whatever fps. fps must be in (0, 100].
//
// GIF has no partial transparency: the frames are the premultiplied colour,
// that is the picture over black, which is exact for an opaque Background.
// All frames share one palette of at most 256 colours, chosen by median cut
// over every frame (see [Quantize]), without dithering, so a GIF of the same
// scene is the same bytes every time.
func GIF(s *Scene, t0, t1, fps float64) (*gif.GIF, error) {
	k, err := newBaker(s)
	if err != nil {
		return nil, err
	}
	if !finite(t0) || !finite(t1) || t1 < t0 {
		return nil, fmt.Errorf("bake: clip %v to %v: the clocks must be finite and the end not before the start", t0, t1)
	}
	if !(fps > 0 && fps <= 100) {
		return nil, fmt.Errorf("bake: %v frames per second: GIF needs a rate in (0, 100]", fps)
	}
	if k.w > 65535 || k.h > 65535 {
		return nil, fmt.Errorf("bake: canvas %dx%d is too large for a GIF (65535 at most)", k.w, k.h)
	}
	span := (t1 - t0) * fps
	if span >= MaxGIFFrames {
		return nil, fmt.Errorf("bake: clip of %v s at %v fps has more than %d frames", t1-t0, fps, MaxGIFFrames)
	}
	n := int(math.Floor(span+1e-9)) + 1
	if int64(n)*int64(k.w)*int64(k.h) > 4*MaxCanvasPixels {
		return nil, fmt.Errorf("bake: clip of %d frames of %dx%d is too large", n, k.w, k.h)
	}
	frames := make([]*image.RGBA, n)
	for i := range frames {
		frames[i] = image.NewRGBA(image.Rect(0, 0, k.w, k.h))
		if err := k.draw(frames[i], 0, 0, t0+float64(i)/fps); err != nil {
			return nil, err
		}
	}
	pal, index := Quantize(frames)
	g := &gif.GIF{
		Image:  make([]*image.Paletted, n),
		Delay:  make([]int, n),
		Config: image.Config{ColorModel: pal, Width: k.w, Height: k.h},
	}
	for i, f := range frames {
		p := image.NewPaletted(f.Rect, pal)
		for j, o := 0, 0; j < len(p.Pix); j, o = j+1, o+4 {
			p.Pix[j] = index(f.Pix[o], f.Pix[o+1], f.Pix[o+2])
		}
		g.Image[i] = p
		g.Delay[i] = int(math.Round(100*float64(i+1)/fps) - math.Round(100*float64(i)/fps))
	}
	return g, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
