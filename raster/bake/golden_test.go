package bake

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/texture"
)

// Golden images: the example effects (copies of examples/effects, frozen in
// raster/bake/testdata/effects) and a textured test effect baked at fixed clocks
// and seeds, compared with raster/bake/testdata/golden/*.png. The
// rasterizer is deterministic float64 code, so on linux/amd64 (where the
// goldens are made) the comparison is byte for byte. Ember's own maths
// fuses no multiply-add anywhere (internal/purity's TestNoFusedMultiplyAdd),
// but Go's math package gives other last bits on other architectures (its
// Sincos, Atan2, Pow), which can move a value by an ulp and a pixel by one
// step, so there the test allows 2 per channel (on arm64 under qemu it
// matched to the byte).
//
// After a deliberate change to the appearance, look at the new images and
// regenerate them with
//
//	go test ./raster/bake -run Golden -update
var update = flag.Bool("update", false, "rewrite raster/bake/testdata/golden/*.png from the current rasterizer")

// goldenScenes are the baked frames: effect file, seed, bursts and clock.
var goldenScenes = []struct {
	name, file string
	seed       uint32
	bursts     []Burst
	at         float64
}{
	{"fire", "fire.yaml", 1, nil, 1.5},
	{"smoke", "smoke.yaml", 2, nil, 5},
	{"sparks", "sparks.yaml", 3, nil, 0.8},
	{"sparkle", "sparkle.yaml", 4, nil, 1.2},
	{"confetti", "confetti.json", 5, []Burst{{Count: 120, At: 0.1}}, 0.9},
	{"glints", "glints.yaml", 6, nil, 1.7},
}

func goldenScene(t testing.TB, file string, seed uint32, bursts []Burst) *Scene {
	t.Helper()
	path := filepath.Join("testdata", "effects", file)
	sp, tex, strip, err := effectfile.LoadWithImages(path, &texture.LoadOptions{Confine: true})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	snap, err := emitter.NewSnapshot(&sp)
	if err != nil {
		t.Fatal(err)
	}
	return &Scene{Snapshot: snap, Seed: seed, Bursts: bursts, Texture: tex, Strip: strip}
}

func TestGolden(t *testing.T) {
	for _, g := range goldenScenes {
		t.Run(g.name, func(t *testing.T) {
			img, err := Frame(goldenScene(t, g.file, g.seed, g.bursts), g.at)
			if err != nil {
				t.Fatal(err)
			}
			if covered(img, black) < 20 {
				t.Errorf("the frame is nearly empty: pick another clock")
			}
			compareGolden(t, filepath.Join("testdata", "golden", g.name+".png"), img)
		})
	}
}

// compareGolden compares img with the PNG at path, or rewrites it under
// -update.
func compareGolden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (make the goldens with: go test ./raster/bake -run Golden -update)", err)
	}
	defer f.Close()
	dec, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	want := image.NewRGBA(dec.Bounds())
	draw.Draw(want, want.Rect, dec, dec.Bounds().Min, draw.Src)
	if want.Rect != img.Rect {
		t.Fatalf("%s is %v, the frame %v", path, want.Rect, img.Rect)
	}
	tol := 0
	if runtime.GOARCH != "amd64" {
		tol = 2
	}
	diff, worst := 0, 0
	for i := range img.Pix {
		d := int(img.Pix[i]) - int(want.Pix[i])
		d = max(d, -d)
		if d > 0 {
			diff++
			worst = max(worst, d)
		}
	}
	if worst > tol {
		out := filepath.Join(t.TempDir(), filepath.Base(path))
		msg := ""
		var buf bytes.Buffer
		if png.Encode(&buf, img) == nil && os.WriteFile(out, buf.Bytes(), 0o644) == nil {
			msg = fmt.Sprintf("; the frame is in %s", out)
		}
		t.Errorf("%s: %d channel values differ, by up to %d (tolerance %d)%s; if the change is meant, regenerate with go test ./raster/bake -run Golden -update", path, diff, worst, tol, msg)
	}
}
