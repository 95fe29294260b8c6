package effectfile

import (
	"image"
	imagecolor "image/color"
	"image/png"
	"math"
	"os"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/raster"
)

// The picture of docs/effect-files.md's "Streaks" section, drawn by the
// reference rasterizer from docs/images/streak.yaml: two panels of the same
// burst at the same clock, Rotation 0 on the left and the file's 90 on the
// right, over each particle's path so far (dots at earlier clocks).
const (
	streakSpec    = "../../docs/images/streak.yaml"
	streakPicture = "../../docs/images/streak-rotation.png"
)

// streakImage draws the picture.
func streakImage(t *testing.T) *image.RGBA {
	t.Helper()
	spec, err := Load(streakSpec)
	if err != nil {
		t.Fatal(err)
	}
	if spec.Orientation != emitter.VelocityParallel || spec.Rotation != emitter.Constant(90) || spec.Squash[0].Value <= 0 {
		t.Fatalf("%s is no longer a VelocityParallel streak with Rotation 90 and a positive Squash", streakSpec)
	}
	const panelW, panelH, gap, n = 300, 170, 4, 14
	const at = 0.9 // seconds
	dst := image.NewRGBA(image.Rect(0, 0, 2*panelW+gap, panelH))
	for i := 0; i < len(dst.Pix); i += 4 {
		copy(dst.Pix[i:i+4], []byte{52, 52, 60, 255}) // the gap's colour
	}
	// The path: the same motion as dots that face the camera.
	path := spec.Clone()
	path.Orientation, path.Rotation = emitter.FacingCamera, emitter.Constant(0)
	path.Size, path.Squash = emitter.ConstantSequence(2.5), emitter.ConstantSequence(0)
	path.Color, path.Transparency = emitter.ConstantColor(emitter.Color{R: 0.55, G: 0.6, B: 0.75}), emitter.ConstantSequence(0.35)
	path.LightEmission = 0
	left := spec.Clone()
	left.Rotation = emitter.Constant(0)
	var r raster.Rasterizer
	for p, sp := range []emitter.Spec{left, spec} {
		panel := dst.SubImage(image.Rect(p*(panelW+gap), 0, p*(panelW+gap)+panelW, panelH)).(*image.RGBA)
		for y := panel.Rect.Min.Y; y < panel.Rect.Max.Y; y++ {
			for x := panel.Rect.Min.X; x < panel.Rect.Max.X; x++ {
				panel.SetRGBA(x, y, imagecolor.RGBA{22, 22, 30, 255})
			}
		}
		// The fountain rises from low in the panel and falls back.
		ox, oy := float64(panel.Rect.Min.X)+panelW/2, float64(panelH)*0.86
		var items []raster.Item
		for k := 1; k <= 14; k++ {
			items = append(items, raster.Item{Effect: burst(t, path, n, at*float64(k)/15), X: ox, Y: oy})
		}
		items = append(items, raster.Item{Effect: burst(t, sp, n, at), X: ox, Y: oy})
		r.Draw(panel, items)
	}
	return dst
}

// burst is an effect of spec with n particles emitted at clock 0, seed 3,
// shown at clock at.
func burst(t *testing.T, spec emitter.Spec, n int, at float64) *emitter.Effect {
	t.Helper()
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	e.AddBurst(0, n)
	e.SetTime(at)
	return e
}

// TestStreakPicture checks that docs/images/streak-rotation.png shows
// what the rasterizer draws from docs/images/streak.yaml; -update
// rewrites it.
func TestStreakPicture(t *testing.T) {
	img := streakImage(t)
	if *update {
		f, err := os.Create(streakPicture)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(streakPicture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	old, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if old.Bounds() != img.Bounds() {
		t.Fatalf("%s is %v, the rasterizer draws %v; run go generate ./emitter/effectfile", streakPicture, old.Bounds(), img.Bounds())
	}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if imagecolor.RGBAModel.Convert(old.At(x, y)) != img.RGBAAt(x, y) {
				t.Fatalf("%s differs from what the rasterizer draws at (%d, %d); run go generate ./emitter/effectfile", streakPicture, x, y)
			}
		}
	}
}

// TestStreakAlongPath checks the claim the picture illustrates, particle by
// particle: with the file's Rotation 90 the quad's long axis (local +Y,
// (-sin θ, cos θ) for a clockwise θ with +Y down; Height > Width) lies
// along the motion, measured from positions 1 ms apart, and with Rotation 0
// it lies across it.
func TestStreakAlongPath(t *testing.T) {
	spec, err := Load(streakSpec)
	if err != nil {
		t.Fatal(err)
	}
	flat := spec.Clone()
	flat.Rotation = emitter.Constant(0)
	for _, c := range []struct {
		name  string
		spec  emitter.Spec
		along bool
	}{{"Rotation 90", spec, true}, {"Rotation 0", flat, false}} {
		t.Run(c.name, func(t *testing.T) {
			const at, dt = 0.6, 1e-3
			now := burst(t, c.spec, 14, at).Particles()
			later := burst(t, c.spec, 14, at+dt).Particles()
			if len(now) != 14 || len(later) != 14 {
				t.Fatalf("%d and %d particles", len(now), len(later))
			}
			for i, p := range now {
				if later[i].Key != p.Key {
					t.Fatalf("particle %d is %d 1 ms later", p.Key, later[i].Key)
				}
				if !(p.Height > p.Width) {
					t.Fatalf("particle %d is %v × %v: not tall", p.Key, p.Width, p.Height)
				}
				vx, vy := later[i].X-p.X, later[i].Y-p.Y
				sin, cos := math.Sincos(p.Rotation * math.Pi / 180)
				// |cos| of the angle between the long axis and the motion.
				c2 := math.Abs(-sin*vx+cos*vy) / math.Hypot(vx, vy)
				if c.along && c2 < 0.999 || !c.along && c2 > 0.01 {
					t.Errorf("particle %d: the long axis is at %.1f° to its motion", p.Key, math.Acos(min(c2, 1))*180/math.Pi)
				}
			}
		})
	}
}
