package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/raster/bake"
	"github.com/emberfx/ember/texture/leveltex"
)

// worldBakeSynopsis is "ember world bake"'s command line.
const worldBakeSynopsis = "LEVEL --camera X,Y,Z,PITCH,ZOOM[,YAW] (--at T | --gif [--from T0] (--to T1 | --at T) [--fps N]) [--size WxH] [--bg #rrggbb] -o OUT"

// worldBakeHelp is its help.
const worldBakeHelp = `Render a view of a level (.kwp, or a source, compiled first) with the
reference rasterizer into a PNG frame at level clock T, or an animated GIF
(when -o ends in .gif or --gif is given). The camera looks at the world
point X,Y,Z (drawn at the canvas centre) from PITCH degrees (0 a side
view, 90 top-down) at ZOOM pixels per world unit, turned by YAW degrees
about z (default 0). The textures are read from the level's folder, the
paths it was compiled with. Limits are ember bake's: a canvas of at most
67108864 pixels, a GIF of at most 3000 frames at 0.0015259 to 100 fps, and
at most 50000000 particles and 1000000000 pixels of work in all.`

// worldBakeOptions is a parsed "ember world bake" command line.
type worldBakeOptions struct {
	file, out string // out "-" is stdout
	cam       camera.World
	at        float64
	from, to  float64
	gif       bool
	fps       float64
	w, h      int
	bg        color.NRGBA
}

// runWorldBake is "ember world bake".
func runWorldBake(c *worldCommand, args []string, stdout, stderr io.Writer) int {
	o, status, ok := parseWorldBakeArgs(c, args, stdout, stderr)
	if !ok {
		return status
	}
	doc, err := loadDocument(o.file)
	if err != nil {
		printProblems(stderr, err)
		return exitInvalid
	}
	if msg := textureOverwritten(o.out, o.file, &doc); msg != "" {
		return c.usageError(stderr, "%s", msg)
	}
	data, err := bakeLevel(&doc, filepath.Dir(o.file), o)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", o.file, bakeMessage(err))
		return exitInvalid
	}
	return writeOutput("ember world bake", o.out, data, stdout, stderr)
}

// bakeLevel renders what o asks for of doc, its textures under dir, and
// returns the encoded file.
func bakeLevel(doc *world.Document, dir string, o worldBakeOptions) ([]byte, error) {
	l, err := world.NewLevel(doc)
	if err != nil {
		return nil, err
	}
	tex, err := leveltex.Prepare(doc, &leveltex.Options{Dir: dir})
	if err != nil {
		return nil, err
	}
	s := &bake.LevelScene{Level: l, Textures: tex, Camera: o.cam, Width: o.w, Height: o.h, Background: o.bg}
	var buf bytes.Buffer
	if o.gif {
		g, err := bake.LevelGIF(s, o.from, o.to, o.fps)
		if err != nil {
			return nil, err
		}
		err = gif.EncodeAll(&buf, g)
		return buf.Bytes(), err
	}
	img, err := bake.LevelFrame(s, o.at)
	if err != nil {
		return nil, err
	}
	err = png.Encode(&buf, img)
	return buf.Bytes(), err
}

// parseWorldBakeArgs parses "ember world bake"'s command line. ok is false
// when the command should stop with status.
func parseWorldBakeArgs(c *worldCommand, args []string, stdout, stderr io.Writer) (o worldBakeOptions, status int, ok bool) {
	fs := new(flag.FlagSet)
	var (
		cf   clipFlags
		cam  cameraFlag
		size = hostFlag{bake.DefaultLevelWidth, bake.DefaultLevelHeight}
	)
	cf.register(fs, "a GIF")
	fs.Var(&cam, "camera", "the view `X,Y,Z,PITCH,ZOOM[,YAW]`: the world point at the centre, degrees of pitch (0 to 90), pixels per world unit and degrees of yaw (required)")
	fs.Var(&size, "size", "the canvas `WxH`, in whole pixels")
	files, status, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return o, status, false
	}
	fail := func(format string, args ...any) (worldBakeOptions, int, bool) {
		return o, c.usageError(stderr, format, args...), false
	}
	switch {
	case len(files) != 1:
		return fail("want one level, got %d", len(files))
	case cf.out == "":
		return fail("-o OUT is required")
	case !cam.set:
		return fail("--camera X,Y,Z,PITCH,ZOOM is required")
	case overwrites(cf.out, files[0]) != "":
		return fail("-o %s would overwrite the level %s", cf.out, files[0])
	}
	if msg := cf.outputFormat(fs); msg != "" {
		return fail("%s", msg)
	}
	if msg := canvasProblem("--size", size); msg != "" {
		return fail("%s", msg)
	}
	o = worldBakeOptions{
		file: files[0], out: cf.out, cam: cam.c, at: cf.at.v, from: cf.from.v, gif: cf.gif, fps: cf.fps,
		w: int(size.W), h: int(size.H), bg: color.NRGBA(cf.bg),
	}
	if cf.gif {
		var msg string
		if o.to, msg = gifClip(cf.fps, cf.at, cf.from, cf.to); msg != "" {
			return fail("%s", msg)
		}
		return o, exitOK, true
	}
	switch {
	case cf.from.set || cf.to.set:
		return fail("--from and --to need --gif")
	case !cf.at.set:
		return fail("--at T is required (or --gif)")
	}
	return o, exitOK, true
}

// cameraFlag is a world camera "X,Y,Z,PITCH,ZOOM[,YAW]".
type cameraFlag struct {
	c   camera.World
	set bool
}

func (f *cameraFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	return strings.Join([]string{g(f.c.X), g(f.c.Y), g(f.c.Z), g(f.c.Pitch), g(f.c.Zoom), g(f.c.Yaw)}, ",")
}

func (f *cameraFlag) Set(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != 5 && len(parts) != 6 {
		return fmt.Errorf("%q is not X,Y,Z,PITCH,ZOOM[,YAW], such as 12,4,1,60,40", s)
	}
	var v [6]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return fmt.Errorf("%q is not X,Y,Z,PITCH,ZOOM[,YAW]: %q is not a number", s, p)
		}
		v[i] = x + 0 // -0 is 0
	}
	c := camera.World{X: v[0], Y: v[1], Z: v[2], Pitch: v[3], Zoom: v[4], Yaw: v[5]}
	if err := bake.CheckCamera(&c); err != nil {
		return fmt.Errorf("%q: %s", s, bakeMessage(err))
	}
	if !(c.Zoom > 0) {
		return fmt.Errorf("%q: the zoom must be positive, pixels per world unit", s)
	}
	f.c, f.set = c, true
	return nil
}
