// Package bake draws one effect at chosen clocks with the reference
// rasterizer (package raster): a [Scene] is an effect file's snapshot
// played from clock 0 with a seed and bursts on a canvas (the size of its
// host, or one that [FitCanvas] makes to hold the effect), and [Frame]
// renders one clock, [Sheet] a grid of clocks and [GIF] an animated clip
// with a [Quantize]d palette. Every frame is evaluated from a fresh effect
// set to its clock, so the same scene gives the same bytes every time. The
// work of a bake is counted before any pixel is drawn and refused past
// [MaxWorkParticles] or [MaxWorkPixels] ([*WorkError]). `ember bake` is a
// thin layer over it, and the demo's headless captures use its palette;
// the golden images of testdata/golden are its frames.
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

// Limits of the work of one Frame, Sheet or GIF, summed over its frames and
// checked before any pixel is drawn, so that a heavy effect (a Rate of
// 1,000,000 with an hour's Lifetime and 8 glow layers, say) is refused at
// once instead of running for hours. The reference rasterizer takes about
// 0.2 to 0.8 µs a particle and 60 ns a pixel on the 2-core machines this
// project is measured on, so a bake at the limits takes about a minute.
const (
	// MaxWorkParticles bounds the particles evaluated: the candidates of
	// every frame (the stream's live window and the visible bursts'
	// particles), counted without evaluating any.
	MaxWorkParticles = 50_000_000
	// MaxWorkPixels bounds the pixels visited: for every quad drawn, glow
	// layers included, the pixels of its bounding box on the canvas.
	MaxWorkPixels = 1_000_000_000
)

// GIF frame rates: a frame's delay is a whole number of hundredths of a
// second from 1 to 65535.
const (
	MinGIFFPS = 100.0 / 65535
	MaxGIFFPS = 100
)

// WorkError is the error of a bake refused for its work: Frames frames
// would evaluate Particles particles or visit Pixels pixels (the latter 0
// when the particles alone were too many and the pixels were not counted).
type WorkError struct {
	Frames            int
	Particles, Pixels int64
}

// Error says which limit the bake would exceed and by how much.
func (e *WorkError) Error() string {
	frames := fmt.Sprintf("%d frames", e.Frames)
	if e.Frames == 1 {
		frames = "1 frame"
	}
	if e.Pixels == 0 {
		return fmt.Sprintf("bake: %s would evaluate %d particles, more than the %d a bake may (see MaxWorkParticles)", frames, e.Particles, MaxWorkParticles)
	}
	return fmt.Sprintf("bake: %s would draw %d particles over %d pixels, more than the %d a bake may (see MaxWorkPixels)", frames, e.Particles, e.Pixels, MaxWorkPixels)
}

// Scene is what [Frame], [Sheet] and [GIF] draw: one effect of Snapshot,
// played from clock 0 with Seed, its Enabled stream and Bursts, on a canvas
// the size of its host with the host's centre at the canvas centre, or on
// Canvas.
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
	// Width and Height are the host size in pixels (and the canvas's,
	// without a Canvas); 0 takes DefaultWidth × DefaultHeight.
	Width, Height int
	// Canvas is the picture, in pixels with the host's centre at (0, 0):
	// each frame is Canvas.Dx() × Canvas.Dy() and its top-left pixel is
	// Canvas.Min. The zero Rectangle is the host's rectangle, its centre at
	// the frame's centre. [FitCanvas] makes one that holds the effect.
	Canvas image.Rectangle
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

// hostSize returns the host size with the defaults applied, or an error.
func (s *Scene) hostSize() (w, h int, err error) {
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
	s      *Scene
	hw, hh int     // the host
	w, h   int     // the canvas
	ox, oy float64 // the host's centre on the canvas
	r      raster.Rasterizer
	bg     [4]uint8 // premultiplied
}

func newBaker(s *Scene) (*baker, error) {
	hw, hh, err := s.hostSize()
	if err != nil {
		return nil, err
	}
	k := &baker{s: s, hw: hw, hh: hh, w: hw, h: hh, ox: float64(hw) / 2, oy: float64(hh) / 2, bg: background(s.Background)}
	if c := s.Canvas; c != (image.Rectangle{}) {
		if c.Empty() || int64(c.Dx())*int64(c.Dy()) > MaxCanvasPixels {
			return nil, fmt.Errorf("bake: canvas %v: each side must be positive and the area at most %d pixels", c, MaxCanvasPixels)
		}
		k.w, k.h, k.ox, k.oy = c.Dx(), c.Dy(), -float64(c.Min.X), -float64(c.Min.Y)
	}
	return k, nil
}

// effect returns a fresh effect of the scene set to clock t (seconds).
func (k *baker) effect(t float64) (*emitter.Effect, error) {
	if !finite(t) {
		return nil, fmt.Errorf("bake: clock %v is not a finite number", t)
	}
	e, err := emitter.NewEffect(k.s.Snapshot, &emitter.EffectOptions{
		Seed:       k.s.Seed,
		HostWidth:  float64(k.hw),
		HostHeight: float64(k.hh),
		Ambient:    k.s.Ambient,
	})
	if err != nil {
		return nil, err
	}
	for _, b := range k.s.Bursts {
		e.AddBurst(emitter.SecondsToTicks(b.At), b.Count)
	}
	e.SetTime(t)
	return e, nil
}

// item is the scene's effect e drawn at (x, y), the top-left corner of a
// frame.
func (k *baker) item(e *emitter.Effect, x, y int) raster.Item {
	return raster.Item{
		Effect:  e,
		X:       float64(x) + k.ox,
		Y:       float64(y) + k.oy,
		Texture: k.s.Texture,
		Strip:   k.s.Strip,
	}
}

// check counts the work of drawing the frames at clocks ts, first the
// particles (from each frame's window, without evaluating any), then the
// pixels (evaluating them), and refuses more than MaxWorkParticles or
// MaxWorkPixels with a *WorkError.
func (k *baker) check(ts []float64) error {
	var particles, pixels int64
	var w emitter.Window
	for _, t := range ts {
		e, err := k.effect(t)
		if err != nil {
			return err
		}
		e.Window(&w)
		for _, r := range w.Runs {
			particles += r.Len()
		}
		for _, b := range w.Bursts {
			particles += int64(b.Count)
		}
		if particles > MaxWorkParticles {
			return &WorkError{Frames: len(ts), Particles: particles}
		}
	}
	particles = 0
	frame := image.Rect(0, 0, k.w, k.h)
	for _, t := range ts {
		e, err := k.effect(t)
		if err != nil {
			return err
		}
		p, px := k.r.Work(frame, []raster.Item{k.item(e, 0, 0)})
		particles, pixels = particles+p, pixels+px
		if pixels > MaxWorkPixels {
			return &WorkError{Frames: len(ts), Particles: particles, Pixels: pixels}
		}
	}
	return nil
}

// draw renders the scene at clock t (seconds) into the w × h region of dst
// whose top-left corner is (x, y).
func (k *baker) draw(dst *image.RGBA, x, y int, t float64) error {
	e, err := k.effect(t)
	if err != nil {
		return err
	}
	sub := dst.SubImage(image.Rect(x, y, x+k.w, y+k.h)).(*image.RGBA)
	fill(sub, k.bg)
	k.r.Draw(sub, []raster.Item{k.item(e, x, y)})
	return nil
}

// Frame renders the scene at clock t seconds: a canvas of the host's size
// (or the scene's Canvas), the background, then the effect drawn by
// raster.Draw.
func Frame(s *Scene, t float64) (*image.RGBA, error) {
	k, err := newBaker(s)
	if err != nil {
		return nil, err
	}
	if err := k.check([]float64{t}); err != nil {
		return nil, err
	}
	return k.frame(t)
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
	if cols < 1 || rows < 1 {
		return nil, fmt.Errorf("bake: sheet %dx%d: the grid must be at least 1x1", cols, rows)
	}
	if int64(cols)*int64(rows)*int64(k.w)*int64(k.h) > MaxCanvasPixels {
		return nil, fmt.Errorf("bake: sheet %dx%d of %dx%d frames: %d pixels, more than the %d a sheet may have; give fewer frames or a smaller canvas", cols, rows, k.w, k.h, int64(cols)*int64(rows)*int64(k.w)*int64(k.h), MaxCanvasPixels)
	}
	if !finite(t0) || !finite(t1) {
		return nil, fmt.Errorf("bake: sheet clocks %v to %v are not finite numbers", t0, t1)
	}
	ts := SheetTimes(cols*rows, t0, t1)
	if err := k.check(ts); err != nil {
		return nil, err
	}
	dst := image.NewRGBA(image.Rect(0, 0, cols*k.w, rows*k.h))
	for i, t := range ts {
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
// length whatever fps. A delay is 1 to 65535 hundredths, so fps must be in
// [MinGIFFPS, MaxGIFFPS], 100/65535 (a frame every 655.35 s) to 100.
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
	return clip(k, t0, t1, fps)
}

// clipper draws the frames of a clip: [GIF]'s baker and [LevelGIF]'s.
type clipper interface {
	// size is the canvas in pixels.
	size() (w, h int)
	// check refuses the work of the frames at clocks ts.
	check(ts []float64) error
	// frame renders the frame at clock t.
	frame(t float64) (*image.RGBA, error)
}

// clip renders k's clip from t0 to t1 at fps as a GIF: the clocks of
// GIFTimes, refused when GIF cannot hold them or when they are too large
// to keep in memory while the palette is chosen, then by k's work.
func clip(k clipper, t0, t1, fps float64) (*gif.GIF, error) {
	ts, err := GIFTimes(t0, t1, fps)
	if err != nil {
		return nil, err
	}
	w, h := k.size()
	if w > 65535 || h > 65535 {
		return nil, fmt.Errorf("bake: canvas %dx%d is too large for a GIF (65535 at most)", w, h)
	}
	if int64(len(ts))*int64(w)*int64(h) > 4*MaxCanvasPixels {
		return nil, fmt.Errorf("bake: clip of %d frames of %dx%d is too large", len(ts), w, h)
	}
	if err := k.check(ts); err != nil {
		return nil, err
	}
	frames := make([]*image.RGBA, len(ts))
	for i, t := range ts {
		if frames[i], err = k.frame(t); err != nil {
			return nil, err
		}
	}
	return paletted(frames, fps), nil
}

func (k *baker) size() (w, h int) { return k.w, k.h }

func (k *baker) frame(t float64) (*image.RGBA, error) {
	dst := image.NewRGBA(image.Rect(0, 0, k.w, k.h))
	return dst, k.draw(dst, 0, 0, t)
}

// paletted encodes frames shown at fps frames per second as a looping GIF
// with one [Quantize]d palette and delays that keep the clip's length.
func paletted(frames []*image.RGBA, fps float64) *gif.GIF {
	pal, index := Quantize(frames)
	n := len(frames)
	g := &gif.GIF{
		Image: make([]*image.Paletted, n),
		Delay: make([]int, n),
	}
	if n > 0 {
		g.Config = image.Config{ColorModel: pal, Width: frames[0].Rect.Dx(), Height: frames[0].Rect.Dy()}
	}
	for i, f := range frames {
		p := image.NewPaletted(f.Rect, pal)
		for j, o := 0, 0; j < len(p.Pix); j, o = j+1, o+4 {
			p.Pix[j] = index(f.Pix[o], f.Pix[o+1], f.Pix[o+2])
		}
		g.Image[i] = p
		g.Delay[i] = int(math.Round(100*float64(i+1)/fps) - math.Round(100*float64(i)/fps))
	}
	return g
}

// GIFTimes returns the clocks of the frames of [GIF]'s clip from t0 to t1
// seconds at fps frames per second: t0 + i/fps for every i up to t1, at
// most MaxGIFFrames of them. fps must be in [MinGIFFPS, MaxGIFFPS].
func GIFTimes(t0, t1, fps float64) ([]float64, error) {
	if !finite(t0) || !finite(t1) || t1 < t0 {
		return nil, fmt.Errorf("bake: clip %v to %v: the clocks must be finite and the end not before the start", t0, t1)
	}
	if !(fps >= MinGIFFPS && fps <= MaxGIFFPS) {
		return nil, fmt.Errorf("bake: %v frames per second: a GIF frame lasts 1 to 65535 hundredths of a second, so the rate is from %.7f (100/65535) to %d", fps, MinGIFFPS, MaxGIFFPS)
	}
	span := float64((t1 - t0) * fps)
	if span >= MaxGIFFrames {
		return nil, fmt.Errorf("bake: clip of %v s at %v fps has more than %d frames", t1-t0, fps, MaxGIFFrames)
	}
	ts := make([]float64, int(math.Floor(span+1e-9))+1)
	for i := range ts {
		ts[i] = t0 + float64(i)/fps
	}
	return ts, nil
}

// FitCanvas returns a canvas for the scene (see Scene.Canvas) that holds
// the effect's conservative bounds (emitter.Effect.Bounds) at every clock
// of ts, with pad pixels more on each side. An effect whose bounds are
// empty gets the host's rectangle. A canvas over MaxCanvasPixels, or
// bounds that are not finite, are an error: give the scene a Canvas.
func FitCanvas(s *Scene, ts []float64, pad int) (image.Rectangle, error) {
	k, err := newBaker(s)
	if err != nil {
		return image.Rectangle{}, err
	}
	if pad < 0 || pad > 1<<16 {
		return image.Rectangle{}, fmt.Errorf("bake: padding %d is not in [0, 65536]", pad)
	}
	u := emitter.Rect{MinX: math.Inf(1), MinY: math.Inf(1), MaxX: math.Inf(-1), MaxY: math.Inf(-1)}
	for _, t := range ts {
		e, err := k.effect(t)
		if err != nil {
			return image.Rectangle{}, err
		}
		if b := e.Bounds(); !b.Empty() {
			u = emitter.Rect{MinX: min(u.MinX, b.MinX), MinY: min(u.MinY, b.MinY), MaxX: max(u.MaxX, b.MaxX), MaxY: max(u.MaxY, b.MaxY)}
		}
	}
	if u.Empty() {
		return image.Rect(-k.hw/2, -k.hh/2, k.hw-k.hw/2, k.hh-k.hh/2), nil
	}
	x0, y0 := math.Floor(u.MinX)-float64(pad), math.Floor(u.MinY)-float64(pad)
	x1, y1 := math.Ceil(u.MaxX)+float64(pad), math.Ceil(u.MaxY)+float64(pad)
	if w, h := x1-x0, y1-y0; !(w*h <= MaxCanvasPixels) || !finite(x0+y0+x1+y1) {
		return image.Rectangle{}, fmt.Errorf("bake: the effect's bounds need a canvas of %gx%g pixels, more than %d; give a smaller canvas", w, h, MaxCanvasPixels)
	}
	return image.Rect(int(x0), int(y0), int(x1), int(y1)), nil
}

// fill sets every pixel of dst to the premultiplied colour bg.
func fill(dst *image.RGBA, bg [4]uint8) {
	for y := dst.Rect.Min.Y; y < dst.Rect.Max.Y; y++ {
		i := dst.PixOffset(dst.Rect.Min.X, y)
		for x := 0; x < dst.Rect.Dx(); x++ {
			copy(dst.Pix[i+4*x:i+4*x+4], bg[:])
		}
	}
}

// background returns c premultiplied, opaque black for nil.
func background(c color.Color) [4]uint8 {
	if c == nil {
		return [4]uint8{0, 0, 0, 255}
	}
	v := color.RGBAModel.Convert(c).(color.RGBA)
	return [4]uint8{v.R, v.G, v.B, v.A}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
