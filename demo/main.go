// Command demo is Ember's interactive demo: scenes a game developer
// recognises (a reward button with confetti, sparks, fire and smoke, a
// flipbook explosion, weather, a 100,000-particle stress test, effects
// following moving entities and a world level of four rooms), built from
// the effect files in demo/effects and the level in demo/levels and run by
// Ember's donburi plugin.
//
// Run it from the repository root with scripts/demo (or go run ./demo). With
// a display it opens a window; with none (no DISPLAY or WAYLAND_DISPLAY, or
// when the window cannot open) it captures pictures of the scenes instead:
//
//	go run ./demo                          # window, or ./demo-out/ when headless
//	go run ./demo -list                    # the scene names
//	go run ./demo -scene fire -at 2 -o fire.png
//	go run ./demo -scene explosion -gif -o explosion.gif
//	go run ./demo -scene all -o docs/images/   # every scene's PNG and GIF
//
// -o, -gif or -at capture even when a display is present. Captures are
// drawn by the pure-Go reference rasterizer and are the same bytes on every
// run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/emberfx/ember/raster/bake"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the demo's command-line flags.
type options struct {
	list, gif, genTextures bool
	scene, out, effects    string
	at, dur                float64
	fps, frames            int
	screenshot, readme     string
	atSet                  bool
}

// run is the demo's main: it parses args and opens the window or captures.
// It returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.BoolVar(&o.list, "list", false, "print the scene names and exit")
	fs.StringVar(&o.scene, "scene", "", "the scene to show or capture (default: the first; \"all\" captures every scene)")
	fs.StringVar(&o.out, "o", "", "capture into this file (.png or .gif), or this directory when it ends in /")
	fs.BoolVar(&o.gif, "gif", false, "capture an animated GIF instead of a PNG")
	fs.Float64Var(&o.at, "at", 0, "capture the PNG at this world clock in seconds (or start the GIF there); default: the scene's")
	fs.Float64Var(&o.dur, "dur", 0, "GIF length in seconds (default: the scene's)")
	fs.IntVar(&o.fps, "fps", 20, "GIF frames per second; must divide 60")
	fs.StringVar(&o.effects, "effects", "", "the directory of effect files (default: demo/effects)")
	fs.IntVar(&o.frames, "frames", 0, "window: quit after this many frames (for smoke tests)")
	fs.StringVar(&o.screenshot, "screenshot", "", "window: save the last frame as a PNG (with -frames)")
	fs.BoolVar(&o.genTextures, "gen-textures", false, "rewrite the generated textures in the effects directory and exit")
	fs.StringVar(&o.readme, "readme", "", "write the README's pictures into this directory (docs/images) and exit")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./demo [-scene NAME] [-at T] [-o FILE] [-gif] [-list]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "demo: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	durSet := false
	fs.Visit(func(f *flag.Flag) {
		o.atSet = o.atSet || f.Name == "at"
		durSet = durSet || f.Name == "dur"
	})
	// A capture runs the scene's updates one by one: a clock of a day
	// would run for hours, and a long GIF hold thousands of frames.
	switch {
	case !(o.at >= 0 && o.at <= maxCaptureClock) || !(o.dur >= 0 && o.dur <= maxCaptureClock):
		fmt.Fprintf(stderr, "demo: -at %v, -dur %v: captures are of clocks from 0 to %d s\n", o.at, o.dur, maxCaptureClock)
		return 2
	case o.fps < 1 || tps%o.fps != 0:
		fmt.Fprintf(stderr, "demo: -fps %d: a GIF's rate must divide the %d updates per second (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60)\n", o.fps, tps)
		return 2
	case o.dur*float64(o.fps) > bake.MaxGIFFrames:
		fmt.Fprintf(stderr, "demo: -dur %v at -fps %d is more than the %d frames of a GIF\n", o.dur, o.fps, bake.MaxGIFFrames)
		return 2
	case o.frames < 0:
		fmt.Fprintf(stderr, "demo: -frames %d is negative\n", o.frames)
		return 2
	}
	if msg := outFileProblem(o, durSet); msg != "" {
		fmt.Fprintf(stderr, "demo: %s\n", msg)
		return 2
	}

	if o.list {
		for _, sc := range allScenes() {
			fmt.Fprintf(stdout, "%-10s %s\n", sc.name(), sc.title())
		}
		return 0
	}
	dir, err := effectsDir(o.effects)
	if err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	if o.genTextures {
		levels, err := levelsDir()
		if err == nil {
			err = writeTextures(dir, textures)
		}
		if err == nil {
			err = writeTextures(levels, levelTextures)
		}
		if err != nil {
			fmt.Fprintln(stderr, "demo:", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %d textures into %s and %d into %s\n", len(textures), dir, len(levelTextures), levels)
		return 0
	}
	if o.readme != "" {
		if err := writeReadmePictures(dir, o.readme, stdout); err != nil {
			fmt.Fprintln(stderr, "demo:", err)
			return 1
		}
		return 0
	}
	if o.scene != "" && o.scene != "all" && sceneByName(o.scene) == nil {
		fmt.Fprintf(stderr, "demo: no scene %q; -list shows them\n", o.scene)
		return 2
	}
	capture := o.out != "" || o.gif || o.atSet || o.scene == "all"
	if !capture {
		if reason := noDisplay(); reason != "" {
			fmt.Fprintf(stderr, "demo: %s, so capturing pictures instead of opening a window\n", reason)
		} else {
			err := runWindow(dir, o)
			if err == nil {
				return 0
			}
			if !errors.Is(err, errNoWindow) {
				fmt.Fprintln(stderr, "demo:", err)
				return 1
			}
			fmt.Fprintf(stderr, "demo: %v; capturing pictures instead\n", err)
		}
	}
	if err := runCapture(dir, o, stdout); err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	return 0
}

// outFileProblem returns the usage problem of -o naming one file, or "":
// its name picks the picture (.png or .gif, in any case), so it must be
// one of them and agree with -gif, and a PNG has no use for -dur.
func outFileProblem(o options, durSet bool) string {
	if o.out == "" || strings.HasSuffix(o.out, "/") || isDir(o.out) {
		return ""
	}
	switch ext := strings.ToLower(filepath.Ext(o.out)); {
	case ext != ".png" && ext != ".gif":
		return fmt.Sprintf("-o %s: a capture is a .png or a .gif file, or a directory ending in /", o.out)
	case ext == ".png" && o.gif:
		return fmt.Sprintf("-o %s names a PNG, but -gif makes a GIF", o.out)
	case ext == ".png" && durSet:
		return fmt.Sprintf("-o %s names a PNG; -dur is a GIF's length", o.out)
	}
	return ""
}

// noDisplay returns why no window can open, or "" when a display is set.
func noDisplay() string {
	if runtime.GOOS != "linux" && runtime.GOOS != "freebsd" {
		return ""
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return "no display (DISPLAY and WAYLAND_DISPLAY are unset)"
	}
	return ""
}

// effectsDir finds the directory of the demo's effect files: the flag's,
// else demo/effects or effects under the working directory, else the one
// beside this source file.
func effectsDir(flagDir string) (string, error) {
	if flagDir != "" {
		if fi, err := os.Stat(flagDir); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("-effects %s: not a directory", flagDir)
		}
		return flagDir, nil
	}
	if d, ok := findDir("effects", "confetti.yaml"); ok {
		return d, nil
	}
	return "", errors.New("cannot find the effect files (demo/effects); run from the repository root or pass -effects")
}

// levelsDir finds the directory of the demo's level (demo/levels) like
// effectsDir.
func levelsDir() (string, error) {
	if d, ok := findDir("levels", worldLevel+".yaml"); ok {
		return d, nil
	}
	return "", errors.New("cannot find the demo's level (demo/levels); run from the repository root")
}

// findDir returns demo/name or name under the working directory, or the
// one beside this source file: the first holding the file marker.
func findDir(name, marker string) (string, bool) {
	cands := []string{filepath.Join("demo", name), name}
	if _, file, _, ok := runtime.Caller(0); ok {
		cands = append(cands, filepath.Join(filepath.Dir(file), name))
	}
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(c, marker)); err == nil {
			return c, true
		}
	}
	return "", false
}

// maxCaptureClock bounds the world clocks of a capture, in seconds.
const maxCaptureClock = 600

// defaultOutDir is where a capture with no -o writes.
const defaultOutDir = "out/demo"

// runCapture captures the scenes the options name.
func runCapture(dir string, o options, stdout io.Writer) error {
	scenes := allScenes()
	if o.scene != "" && o.scene != "all" {
		scenes = []scene{sceneByName(o.scene)}
	} else if o.scene == "" {
		scenes = scenes[:1]
	}
	outDir, file := defaultOutDir, ""
	switch {
	case o.out == "":
	case strings.HasSuffix(o.out, "/") || isDir(o.out):
		outDir = o.out
	default:
		if len(scenes) > 1 {
			return errors.New("-o names one file; give a directory (ending in /) for -scene all")
		}
		file = o.out
	}
	for _, sc := range scenes {
		sh := sc.shot()
		wantPNG, wantGIF := !o.gif, o.gif || o.out == "" || file == ""
		if file != "" {
			wantGIF = o.gif || strings.EqualFold(filepath.Ext(file), ".gif")
			wantPNG = !wantGIF
		} else if o.gif {
			wantPNG = false
		}
		lib := newLibrary(dir)
		if wantPNG {
			at := sh.at
			if o.atSet {
				at = o.at
			}
			data, err := capturePNG(sc, lib, at)
			if err != nil {
				return fmt.Errorf("%s: %w", sc.name(), err)
			}
			path := file
			if path == "" {
				path = filepath.Join(outDir, sc.name()+".png")
			}
			if err := writeFile(path, data); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "wrote %s (%s at %.2f s, %d x %d)\n", path, sc.name(), at, screenW, screenH)
		}
		if wantGIF {
			from, to := sh.from, sh.to
			if o.atSet {
				from, to = o.at, o.at+(sh.to-sh.from)
			}
			if o.dur > 0 {
				to = from + o.dur
			}
			data, err := captureGIF(sc, newLibrary(dir), from, to, o.fps)
			if err != nil {
				return fmt.Errorf("%s: %w", sc.name(), err)
			}
			path := file
			if path == "" {
				path = filepath.Join(outDir, sc.name()+".gif")
			}
			if err := writeFile(path, data); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "wrote %s (%s from %.2f to %.2f s at %d fps, %d x %d)\n", path, sc.name(), from, to, o.fps, screenW/gifScale, screenH/gifScale)
		}
	}
	if file == "" {
		abs, err := filepath.Abs(outDir)
		if err != nil {
			abs = outDir
		}
		fmt.Fprintf(stdout, "pictures are in %s\n", abs)
	}
	return nil
}

// readmePictures are the captures the README shows: a few PNG frames and
// two short GIFs, small enough to keep in the repository.
var readmePictures = []struct {
	file, scene string
	at, to      float64 // a PNG at at; a GIF from at to to
}{
	{"demo-button.gif", "button", 0.3, 3.1},
	{"demo-explosion.gif", "explosion", 0, 2.9},
	{"demo-sparks.png", "sparks", 1.05, 0},
	{"demo-fire.png", "fire", 2, 0},
	{"demo-weather.png", "weather", 2, 0},
	{"demo-follow.png", "follow", 1.05, 0},
	{"demo-world.png", "world", 3.9, 0},
}

// writeReadmePictures captures the README's pictures into dir.
func writeReadmePictures(effects, dir string, stdout io.Writer) error {
	for _, p := range readmePictures {
		sc := sceneByName(p.scene)
		var data []byte
		var err error
		if strings.HasSuffix(p.file, ".gif") {
			data, err = captureGIF(sc, newLibrary(effects), p.at, p.to, 20)
		} else {
			var cp *capturer
			if cp, err = newCapturer(sc, newLibrary(effects)); err == nil {
				cp.runTo(p.at)
				data, err = encodePNGLevel(cp.draw(), png.BestCompression)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.file, err)
		}
		path := filepath.Join(dir, p.file)
		if err := writeFile(path, data); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s (%d KB)\n", path, (len(data)+512)/1024)
	}
	return nil
}

// isDir reports whether path is an existing directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// errNoWindow wraps the error of a window that could not open.
var errNoWindow = errors.New("cannot open a window")

// runWindow is replaced by the window's implementation (window.go).
var runWindow = func(dir string, o options) error { return errNoWindow }
