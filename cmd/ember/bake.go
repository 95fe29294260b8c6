package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/raster/bake"
	"github.com/emberfx/ember/texture"
)

// bakeSynopsis is bake's command line.
const bakeSynopsis = "FILE (--at T | --sheet CxR --from T0 --to T1 | --gif [--from T0] (--to T1 | --at T) [--fps N]) [--seed S] [--emit N[@T0]]... [--host WxH] [--canvas WxH | --pad N] [--bg #rrggbb] [--allow-outside] -o OUT"

// bakeAbout is bake's help after the synopsis.
const bakeAbout = `
Renders the effect with the reference rasterizer into a PNG frame, a PNG
sprite sheet or an animated GIF: a GIF when -o ends in .gif or --gif is
given (a .png name with --gif, or a .gif one with --sheet, is an error).
The canvas holds the effect's conservative bounds with --pad pixels around
them (8 by default), the host's centre where the bounds put it; --canvas
WxH gives a canvas of that size around the host's centre instead.

Limits: a canvas (a whole sheet) of at most 67108864 pixels, a GIF of at
most 3000 frames at 0.0015259 (100/65535) to 100 fps, and a bake of at most
50000000 particles and 1000000000 pixels of work over all its frames,
counted before anything is drawn (see package raster/bake). The images
Texture and ColorStrip name are PNG, JPEG or GIF files of at most 2048
pixels a side, in the effect file's folder unless --allow-outside.

`

// defaultPad is the padding around a fitted canvas, in pixels.
const defaultPad = 8

// bakeOptions is a parsed bake command line.
type bakeOptions struct {
	file       string
	out        string // "-" is stdout
	at         float64
	from, to   float64
	cols, rows int // a sheet when cols > 0
	gif        bool
	fps        float64
	seed       uint32
	bursts     []burst
	w, h       int // the host
	// canvasW and canvasH are --canvas, 0 for a canvas fitted to the
	// effect with pad pixels around it.
	canvasW, canvasH int
	pad              int
	bg               color.NRGBA
	// allowOutside lets the images lie outside the effect file's folder.
	allowOutside bool
}

// runBake is "ember bake": it renders the effect with the reference
// rasterizer (package raster) on a canvas that holds it, or of --canvas's
// size around the host's centre, into a PNG frame, a PNG sprite sheet or an
// animated GIF.
func runBake(args []string, stdout, stderr io.Writer) int {
	o, status, ok := parseBakeArgs(args, stdout, stderr)
	if !ok {
		return status
	}
	spec, tex, strip, err := effectfile.LoadWithImages(o.file, &texture.LoadOptions{Confine: !o.allowOutside})
	if err != nil {
		printProblems(stderr, err)
		return exitInvalid
	}
	// The images are inputs too: baking over one would change the effect.
	for _, img := range []struct{ field, name string }{{"Texture", spec.Texture}, {"ColorStrip", spec.ColorStrip}} {
		if img.name == "" {
			continue
		}
		if in := overwrites(o.out, texture.ImagePath(filepath.Dir(o.file), img.name)); in != "" {
			return newCommand("bake", bakeSynopsis, stdout, stderr).usageError("-o %s would overwrite %s, the effect's %s", o.out, in, img.field)
		}
	}
	data, err := render(&spec, tex, strip, o)
	if err != nil {
		fmt.Fprintf(stderr, "ember bake: %s\n", bakeMessage(err))
		return exitInvalid
	}
	return writeOutput("ember bake", o.out, data, stdout, stderr)
}

// render renders what o asks for and returns the encoded file.
func render(spec *emitter.Spec, tex, strip image.Image, o bakeOptions) ([]byte, error) {
	snap, err := emitter.NewSnapshot(spec)
	if err != nil {
		return nil, err
	}
	s := &bake.Scene{
		Snapshot: snap, Seed: o.seed, Width: o.w, Height: o.h,
		Background: o.bg, Texture: tex, Strip: strip,
	}
	for _, b := range o.bursts {
		s.Bursts = append(s.Bursts, bake.Burst{Count: b.Count, At: b.Time})
	}
	times := []float64{o.at}
	switch {
	case o.gif:
		if times, err = bake.GIFTimes(o.from, o.to, o.fps); err != nil {
			return nil, err
		}
	case o.cols > 0:
		times = bake.SheetTimes(o.cols*o.rows, o.from, o.to)
	}
	if o.canvasW > 0 {
		w, h := o.canvasW, o.canvasH
		s.Canvas = image.Rect(-w/2, -h/2, w-w/2, h-h/2)
	} else if s.Canvas, err = bake.FitCanvas(s, times, o.pad); err != nil {
		return nil, fmt.Errorf("%w (or give --canvas WxH)", err)
	}
	var buf bytes.Buffer
	switch {
	case o.gif:
		g, err := bake.GIF(s, o.from, o.to, o.fps)
		if err != nil {
			return nil, err
		}
		err = gif.EncodeAll(&buf, g)
		if err != nil {
			return nil, err
		}
	case o.cols > 0:
		img, err := bake.Sheet(s, o.cols, o.rows, o.from, o.to)
		if err != nil {
			return nil, err
		}
		if err := png.Encode(&buf, img); err != nil {
			return nil, err
		}
	default:
		img, err := bake.Frame(s, o.at)
		if err != nil {
			return nil, err
		}
		if err := png.Encode(&buf, img); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// parseBakeArgs parses bake's command line. ok is false when the command
// should stop with status.
func parseBakeArgs(args []string, stdout, stderr io.Writer) (o bakeOptions, status int, ok bool) {
	c := newCommand("bake", bakeSynopsis, stdout, stderr)
	c.about = bakeAbout
	fs := c.fs
	var (
		cf     clipFlags
		seed   seedFlag
		emits  emitFlag
		host   = hostFlag{bake.DefaultWidth, bake.DefaultHeight}
		canvas hostFlag
		pad    = defaultPad
		sheet  gridFlag
	)
	cf.register(fs, "a sheet or GIF")
	at, from, to := &cf.at, &cf.from, &cf.to
	fs.Var(&sheet, "sheet", "render a sprite sheet of `CxR` frames, evenly spaced from --from to --to, row-major")
	fs.Var(&seed, "seed", "the fixed seed `S`, 0 to 4294967295")
	fs.Var(&emits, "emit", "a burst of `N[@T0]` particles at T0 seconds (default 0); repeatable, numbered in order")
	fs.Var(&host, "host", "the host rectangle `WxH`, in whole pixels: the emission area and pixels per stud")
	fs.Var(&canvas, "canvas", "the canvas `WxH` of each frame, in whole pixels, around the host's centre (default: fitted to the effect)")
	fs.IntVar(&pad, "pad", pad, "the pixels `N` around the effect's bounds on the fitted canvas")
	allowOutside := allowOutsideFlag(fs)
	files, status, ok := c.parse(args)
	if !ok {
		return o, status, false
	}
	padSet := given(fs, "pad")
	out := cf.out
	o = bakeOptions{
		out: out, seed: uint32(seed), bursts: emits, gif: cf.gif, fps: cf.fps,
		cols: sheet.cols, rows: sheet.rows, bg: color.NRGBA(cf.bg), pad: pad,
		at: at.v, from: from.v, to: to.v, allowOutside: *allowOutside,
	}
	fail := func(format string, args ...any) (bakeOptions, int, bool) {
		return o, c.usageError(format, args...), false
	}
	if len(files) != 1 {
		return fail("want one effect file, got %d", len(files))
	}
	o.file = files[0]
	if out == "" {
		return fail("-o OUT is required")
	}
	if overwrites(out, o.file) != "" {
		return fail("-o %s would overwrite the effect file %s", out, o.file)
	}
	if sheet.cols > 0 && out != "-" && strings.EqualFold(filepath.Ext(out), ".gif") {
		return fail("-o %s names a GIF, but --sheet makes a PNG", out)
	}
	if msg := cf.outputFormat(fs); msg != "" {
		return fail("%s", msg)
	}
	asGIF, fps := cf.gif, cf.fps
	o.gif = asGIF
	for _, f := range []struct {
		name string
		v    hostFlag
	}{{"--host", host}, {"--canvas", canvas}} {
		if msg := canvasProblem(f.name, f.v); msg != "" {
			return fail("%s", msg)
		}
	}
	o.w, o.h = int(host.W), int(host.H)
	o.canvasW, o.canvasH = int(canvas.W), int(canvas.H)
	switch {
	case o.canvasW > 0 && padSet:
		return fail("--pad pads the fitted canvas; --canvas sets the canvas, so give one of them")
	case pad < 0 || pad > 4096:
		return fail("--pad %d: the padding is 0 to 4096 pixels", pad)
	}
	switch {
	case asGIF && sheet.cols > 0:
		return fail("--gif and --sheet cannot go together")
	case asGIF:
		var msg string
		if o.to, msg = gifClip(fps, *at, *from, *to); msg != "" {
			return fail("%s", msg)
		}
	case sheet.cols > 0:
		if at.set {
			return fail("--sheet takes --from and --to, not --at")
		}
		if !to.set {
			return fail("--sheet needs --to T1")
		}
		if o.to < o.from {
			return fail("--to %v is before --from %v", o.to, o.from)
		}
	default:
		if from.set || to.set {
			return fail("--from and --to need --sheet or --gif")
		}
		if !at.set {
			return fail("--at T is required (or --sheet, or --gif)")
		}
	}
	return o, exitOK, true
}

// clipFlags are the flags ember bake and ember world bake share: the
// clocks of a frame or a clip, the GIF's rate, the background and the
// output.
type clipFlags struct {
	at, from, to secondsFlag
	gif          bool
	fps          float64
	bg           bgFlag
	out          string
}

// register defines the flags on fs, with their defaults; clips names what
// --from and --to bound ("a GIF").
func (c *clipFlags) register(fs *flag.FlagSet, clips string) {
	c.fps, c.bg = 25, bgFlag{0, 0, 0, 255}
	fs.Var(&c.at, "at", "the clock `T` of a single frame, in seconds; with --gif, the clip is 0..T")
	fs.BoolVar(&c.gif, "gif", false, "render an animated GIF of the clip from --from to --to (or 0 to --at); also when -o ends in .gif")
	fs.Var(&c.from, "from", "the first clock `T0` of "+clips+", in seconds (default 0)")
	fs.Var(&c.to, "to", "the last clock `T1` of "+clips+", in seconds")
	fs.Float64Var(&c.fps, "fps", c.fps, "GIF frames per second, `N` from 0.0015259 (100/65535) to 100")
	fs.Var(&c.bg, "bg", "the opaque background colour `#rrggbb`")
	fs.StringVar(&c.out, "o", "", "the output file `OUT`: a PNG, or a GIF (with --gif, or a name ending in .gif); - writes to stdout (required)")
}

// outputFormat lets the output's name pick the format, as the demo's
// captures do: a name ending in .gif makes a GIF, and one ending in .png
// with --gif is the usage problem it returns ("" when none), as is --fps,
// parsed by fs, for a PNG.
func (c *clipFlags) outputFormat(fs *flag.FlagSet) string {
	switch ext := strings.ToLower(filepath.Ext(c.out)); {
	case c.out == "-":
	case ext == ".gif":
		c.gif = true
	case ext == ".png" && c.gif:
		return fmt.Sprintf("-o %s names a PNG, but --gif makes a GIF", c.out)
	}
	if given(fs, "fps") && !c.gif {
		return "--fps is a GIF's frame rate; add --gif (or name -o OUT.gif) to make one"
	}
	return ""
}

// canvasProblem returns the usage problem of a canvas flag's WxH, or "":
// it needs whole pixels, at most bake.MaxCanvasPixels of them.
func canvasProblem(name string, v hostFlag) string {
	if v.W != math.Trunc(v.W) || v.H != math.Trunc(v.H) {
		return fmt.Sprintf("%s %s: the sides must be whole pixels", name, v.String())
	}
	if v.W*v.H > bake.MaxCanvasPixels {
		return fmt.Sprintf("%s %s: more than %d pixels", name, v.String(), bake.MaxCanvasPixels)
	}
	return ""
}

// gifClip checks the clip flags of a GIF: --fps, and --from with --to, or
// --at alone (the clip 0..--at). It returns the clip's end, or the usage
// problem.
func gifClip(fps float64, at, from, to secondsFlag) (end float64, problem string) {
	if !(fps >= bake.MinGIFFPS && fps <= bake.MaxGIFFPS) {
		return 0, fmt.Sprintf("--fps %v: a GIF frame lasts 1 to 65535 hundredths of a second, so the rate is from 0.0015259 (100/65535) to 100", fps)
	}
	switch {
	case to.set && at.set:
		return 0, "--gif takes either --to (the clip --from..--to) or --at (the clip 0..--at), not both"
	case at.set && from.set:
		return 0, "--gif with --at plays 0..--at; use --from and --to for another clip"
	case at.set:
		return at.v, ""
	case !to.set:
		return 0, "--gif needs --to T1 (or --at T)"
	case to.v < from.v:
		return 0, fmt.Sprintf("--to %v is before --from %v", to.v, from.v)
	}
	return to.v, ""
}

// gridFlag is a sheet's "CxR": columns and rows, each at least 1.
type gridFlag struct{ cols, rows int }

func (f *gridFlag) String() string {
	if f == nil || f.cols == 0 {
		return ""
	}
	return strconv.Itoa(f.cols) + "x" + strconv.Itoa(f.rows)
}

func (f *gridFlag) Set(s string) error {
	cs, rs, ok := strings.Cut(strings.ToLower(s), "x")
	c, err1 := strconv.Atoi(cs)
	r, err2 := strconv.Atoi(rs)
	if !ok || err1 != nil || err2 != nil || c < 1 || r < 1 || c > 1024 || r > 1024 {
		return fmt.Errorf("%q is not CxR with whole numbers from 1 to 1024, such as 4x2", s)
	}
	f.cols, f.rows = c, r
	return nil
}

// bgFlag is an opaque background colour "#rrggbb".
type bgFlag color.NRGBA

func (f *bgFlag) String() string {
	if f == nil {
		return ""
	}
	return fmt.Sprintf("#%02x%02x%02x", f.R, f.G, f.B)
}

func (f *bgFlag) Set(s string) error {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if len(s) != 7 || s[0] != '#' || err != nil {
		return fmt.Errorf("%q is not a colour #rrggbb, such as #202830", s)
	}
	*f = bgFlag{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	return nil
}
