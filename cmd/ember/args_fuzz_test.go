package main

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/emberfx/ember/raster/bake"
)

// FuzzArgs parses arbitrary command lines of bake, eval and world bake,
// which decode every flag's text (clocks, seeds, bursts, WxH, CxR, colours,
// rates, cameras): no
// input may panic; a command line that parses holds only values the
// commands can use; one that does not is exit 2 with one line and the hint.
func FuzzArgs(f *testing.F) {
	for _, s := range []string{
		"fx.yaml --at 1 -o x.png",
		"fx.yaml --sheet 3x2 --from 0.5 --to 1 -o x.png --canvas 40x30",
		"fx.yaml --gif --fps 0.001 --at 1 -o x.gif",
		"fx.yaml -o x.GIF --to 2 --from 1 --fps 100",
		"fx.yaml --at 2 --emit 5@0.3 --emit 7 --seed 4294967295 --host 10x10 --pad 0 -o -",
		"fx.yaml --at 1e308 --bg #0a141e --allow-outside -o x",
		"fx.yaml --at NaN --host 0x1 --canvas 1e9x1 -o x.png",
		"-- --at 1 -o x.png",
		"fx.yaml --at 1 --json",
		"-h",
		"level.kwp --camera 12,4,1,60,40 --at 2.5 -o x.png",
		"level.yaml --camera 0,0,0,90,0.5,-45 --gif --from 1 --to 3 --fps 10 --size 320x200 --bg #101820 -o x.gif",
		"level.kwp --camera 1,2,3,91,4 --at 1 -o x.png",
		"level.kwp --camera 1e308,2,3,45,1e-300 --to 1 -o -",
		"level.kwp --camera ,,,, --at 1 -o x.png",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		var stdout, stderr bytes.Buffer
		o, status, ok := parseBakeArgs(args, &stdout, &stderr)
		switch {
		case ok:
			if o.file == "" || o.out == "" || o.w < 1 || o.h < 1 || o.canvasW < 0 || o.canvasH < 0 || o.pad < 0 || o.pad > 4096 ||
				!(o.at >= 0) || math.IsInf(o.at, 0) || !(o.to >= o.from) {
				t.Fatalf("%q parsed to %+v", args, o)
			}
			if int64(o.canvasW)*int64(o.canvasH) > bake.MaxCanvasPixels || int64(o.w)*int64(o.h) > bake.MaxCanvasPixels {
				t.Fatalf("%q: canvas %dx%d, host %dx%d", args, o.canvasW, o.canvasH, o.w, o.h)
			}
			if o.gif && !(o.fps >= bake.MinGIFFPS && o.fps <= bake.MaxGIFFPS) {
				t.Fatalf("%q: a GIF at %v fps", args, o.fps)
			}
		case status == exitOK:
			if !strings.HasPrefix(stdout.String(), "usage: ember bake ") {
				t.Fatalf("%q: exit 0 without parsing and without help: %q", args, stdout.String())
			}
		default:
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if status != exitUsage || len(lines) != 2 || !strings.HasPrefix(lines[0], "ember bake: ") {
				t.Fatalf("%q: status %d, stderr %q", args, status, stderr.String())
			}
		}
		stdout.Reset()
		stderr.Reset()
		w, status, ok := parseWorldBakeArgs(findWorldCommand("bake"), args, &stdout, &stderr)
		switch {
		case ok:
			if w.file == "" || w.out == "" || w.w < 1 || w.h < 1 || int64(w.w)*int64(w.h) > bake.MaxCanvasPixels ||
				!(w.at >= 0) || math.IsInf(w.at, 0) || !(w.to >= w.from) || bake.CheckCamera(&w.cam) != nil || !(w.cam.Zoom > 0) {
				t.Fatalf("world bake %q parsed to %+v", args, w)
			}
			if w.gif && !(w.fps >= bake.MinGIFFPS && w.fps <= bake.MaxGIFFPS) {
				t.Fatalf("world bake %q: a GIF at %v fps", args, w.fps)
			}
		case status != exitOK:
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if status != exitUsage || len(lines) != 2 || !strings.HasPrefix(lines[1], "usage: ember world bake ") {
				t.Fatalf("world bake %q: status %d, stderr %q", args, status, stderr.String())
			}
		}
		stdout.Reset()
		stderr.Reset()
		e, status, ok := parseEvalArgs(args, &stdout, &stderr)
		switch {
		case ok:
			if e.file == "" || !(e.at >= 0) || math.IsInf(e.at, 0) || !(e.w > 0 && e.h > 0) {
				t.Fatalf("%q parsed to %+v", args, e)
			}
		case status != exitOK:
			if lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n"); status != exitUsage || len(lines) != 2 {
				t.Fatalf("eval %q: status %d, stderr %q", args, status, stderr.String())
			}
		}
	})
}
