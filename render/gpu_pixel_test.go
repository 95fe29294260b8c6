package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// GPU-path pixel tests: small scenes drawn by the GPU path, the batched
// path and the reference rasterizer, compared pairwise with the harness of
// pixel_test.go (every channel within 3 levels of 255 on all but 1% of
// the pixels, mean absolute difference below 0.5 levels). Targets are
// small (64 × 64 to 96 × 96) and effects hold ~64 particles, but for one
// of 1,500 small ones and one of 24 bursts, past the walk's limits before
// its bins: llvmpipe pays for every candidate a fragment walks.

// withPath returns sc's items with their Path set to p.
func withPath(items []Item, p Path) []Item {
	out := append([]Item(nil), items...)
	for i := range out {
		out[i].Path = p
	}
	return out
}

// drawPath draws items on a fresh w × h target filled with bg through r
// and reads it back.
func drawPath(tb testing.TB, r *Renderer, sc scene, items []Item) *image.RGBA {
	tb.Helper()
	dst := ebiten.NewImage(sc.w, sc.h)
	defer dst.Deallocate()
	dst.Fill(sc.bg)
	light(sc)
	r.DrawCamera(dst, items, sc.cam)
	img := image.NewRGBA(image.Rect(0, 0, sc.w, sc.h))
	dst.ReadPixels(img.Pix)
	return img
}

// checkGPUScene draws sc with the GPU path (every item must take it),
// the batched path and the reference rasterizer, and compares the GPU
// path with both.
func checkGPUScene(t *testing.T, r *Renderer, sc scene) {
	t.Helper()
	gpu := drawPath(t, r, sc, withPath(sc.items, PathGPU))
	if st := r.Stats(); st.GPU != len(sc.items) || st.GPUFallbacks != 0 {
		t.Fatalf("%s: stats %+v: want every effect on the GPU path", sc.name, st)
	}
	batched := drawPath(t, r, sc, withPath(sc.items, PathBatched))
	if st := r.Stats(); st.GPU != 0 {
		t.Fatalf("%s: stats %+v: want every effect batched", sc.name, st)
	}
	_, ref := renderBoth(t, r, scene{name: sc.name, w: sc.w, h: sc.h, bg: sc.bg, ambient: sc.ambient, items: withPath(sc.items, PathBatched), cam: sc.cam})
	drawn := 0
	for i := 0; i < len(ref.Pix); i += 4 {
		if ref.Pix[i] != sc.bg.R || ref.Pix[i+1] != sc.bg.G || ref.Pix[i+2] != sc.bg.B || ref.Pix[i+3] != sc.bg.A {
			drawn++
		}
	}
	if drawn < len(ref.Pix)/4/50 {
		t.Errorf("%s: the reference drew only %d pixels", sc.name, drawn)
	}
	compareImages(t, sc.name+"-gpu-ref", gpu, ref)
	compareImages(t, sc.name+"-gpu-batched", gpu, batched)
}

// streamAndBursts is a translucent stream of rate particles a second (at
// most maxParticles) with bursts of 8 at 0.25, 0.5 and 0.9 s, shown at
// 1.3 s: the walk merges bursts into the stream.
func streamAndBursts(tb testing.TB, rate float64, maxParticles int) *emitter.Effect {
	e := streamEffect(tb, 0, 6, func(sp *emitter.Spec) {
		colorful(sp)
		sp.Rate, sp.MaxParticles = rate, maxParticles
		sp.Transparency = emitter.ConstantSequence(0.3)
	})
	for _, at := range []float64{0.25, 0.5, 0.9} {
		e.AddBurst(emitter.SecondsToTicks(at), 8)
	}
	e.SetTime(1.3)
	return e
}

// TestGPUPathScenes: one effect per scene, each exercising a part of the
// closed form or of the appearance on the GPU path.
func TestGPUPathScenes(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	amb := emitter.Color{R: 0.4, G: 0.6, B: 1}
	cases := []struct {
		name string
		bg   color.RGBA
		size int
		tex  image.Image
		mk   func(tb testing.TB) *emitter.Effect
	}{
		{"alpha", grey, 96, nil, func(tb testing.TB) *emitter.Effect { return burstEffect(tb, 48, 0.6, 3, colorful) }},
		{"drag-gravity-spread", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 48, 0.9, 4, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Speed = emitter.NumberRange{Min: 20, Max: 60}
				sp.Drag = 1.2
				sp.Acceleration = emitter.Vector3{Y: -40}
				sp.SpreadAngle = emitter.Vector2{X: 50}
				sp.Size = emitter.NumberSequence{nk(0, 6, 2), nk(1, 12, 3)}
			})
		}},
		{"stream", grey, 80, nil, func(tb testing.TB) *emitter.Effect {
			return streamEffect(tb, 2.37, 5, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Rate = 25
				sp.Size = emitter.ConstantSequence(8)
				sp.Lifetime = emitter.NumberRange{Min: 1, Max: 2}
			})
		}},
		{"stream-and-bursts", grey, 96, nil, func(tb testing.TB) *emitter.Effect { return streamAndBursts(tb, 12, 30) }},
		{"rewind", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			e := streamEffect(tb, 0, 7, colorful)
			for _, at := range []float64{0.3, 1.2, 1.9} {
				e.AddBurst(emitter.SecondsToTicks(at), 10)
			}
			e.SetTime(2.1)
			e.SetTime(1.0)
			return e
		}},
		{"additive", black, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 48, 0.6, 8, func(sp *emitter.Spec) { colorful(sp); sp.LightEmission = 1 })
		}},
		{"hybrid", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.6, 9, func(sp *emitter.Spec) { colorful(sp); sp.LightEmission = 0.5 })
		}},
		{"cutout", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.6, 10, func(sp *emitter.Spec) { colorful(sp); sp.BlendMode = emitter.BlendCutout })
		}},
		{"premultiplied-influence", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.6, 11, func(sp *emitter.Spec) {
				colorful(sp)
				sp.BlendMode = emitter.BlendPremultiplied
				sp.LightInfluence, sp.Brightness = 0.6, 3
			})
		}},
		{"glow", black, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 20, 0.5, 12, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Speed = emitter.NumberRange{Min: 10, Max: 30}
				sp.Size = emitter.ConstantSequence(8)
				sp.LightEmission, sp.GlowLayers = 0.7, 4
			})
		}},
		{"flipbook", grey, 96, flat2x2(), func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.83, 13, func(sp *emitter.Spec) {
				sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookRandom
				sp.FlipbookFramerate = emitter.NumberRange{Min: 2, Max: 9}
				sp.FlipbookBlendFrames, sp.FlipbookStartRandom = true, true
				sp.Size = emitter.ConstantSequence(12)
			})
		}},
		{"flipbook-bilinear", grey, 96, ramp4x4(), func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 4, 0.3, 14, func(sp *emitter.Spec) {
				sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookLoop
				sp.FlipbookFramerate = emitter.NumberRange{Min: 1, Max: 3}
				sp.FlipbookBlendFrames, sp.FlipbookStartRandom = true, true
				sp.Size = emitter.ConstantSequence(32)
				sp.Speed = emitter.NumberRange{Min: 20, Max: 40}
			})
		}},
		{"host-rotation", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			e := burstEffect(tb, 40, 0.7, 15, func(sp *emitter.Spec) {
				colorful(sp)
				sp.LockedToPart = true
				sp.EmissionSize = emitter.Vector2{X: 2, Y: 0.5}
				sp.SpreadAngle = emitter.Vector2{X: 10}
				sp.Squash = emitter.ConstantSequence(1)
			})
			e.SetHost(3, -2, 35)
			return e
		}},
		{"orientation-squash", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.8, 16, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Orientation = emitter.VelocityParallel
				sp.Acceleration = emitter.Vector3{Y: -25}
				sp.Squash = emitter.NumberSequence{nk(0, 1.5, 0.5), nk(1, -0.5, 0.2)}
				sp.Size = emitter.NumberSequence{nk(0, 6, 2), nk(1, 14, 4)}
			})
		}},
		{"shapes-box-surface", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return shapeEffect(tb, 17, emitter.Box, emitter.Surface, emitter.InAndOut, 1)
		}},
		{"shapes-sphere-partial", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return shapeEffect(tb, 18, emitter.Sphere, emitter.Volume, emitter.Outward, 0.35)
		}},
		{"shapes-cylinder-taper", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return shapeEffect(tb, 19, emitter.Cylinder, emitter.Volume, emitter.Inward, 0.2)
		}},
		{"shapes-disc-annulus", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return shapeEffect(tb, 20, emitter.Disc, emitter.Volume, emitter.InAndOut, 0.6)
		}},
		// Past the walk's old bounds: 1,500 candidates (47 groups, two
		// summary texels per tile) and 24 visible bursts.
		{"many-candidates", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 1500, 0.6, 24, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Size = emitter.NumberSequence{nk(0, 2, 0.5), nk(1, 5, 1)}
				sp.Speed = emitter.NumberRange{Min: 5, Max: 70}
			})
		}},
		{"many-bursts", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			e := streamEffect(tb, 0, 25, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Rate, sp.MaxParticles = 15, 60
				sp.Lifetime = emitter.NumberRange{Min: 2, Max: 3}
			})
			for i := range 24 {
				e.AddBurst(emitter.SecondsToTicks(0.05*float64(i)), 5)
			}
			e.SetTime(1.5)
			return e
		}},
		{"strip", grey, 96, nil, func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.7, 21, func(sp *emitter.Spec) {
				sp.ColorStrip = "strip.png"
				sp.Brightness = 1.5
			})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := c.mk(t)
			hx, hy, _ := e.Host()
			it := Item{Effect: e, X: float64(c.size)/2 - hx, Y: float64(c.size)/2 - hy, Texture: c.tex}
			if c.name == "strip" {
				it.Strip = stripImage()
			}
			checkGPUScene(t, r, scene{name: "gpu-" + c.name, w: c.size, h: c.size, bg: c.bg, ambient: &amb, items: []Item{it}})
		})
	}
}

// shapeEffect is a burst from a wide emission area of the given shape.
func shapeEffect(tb testing.TB, seed uint32, sh emitter.Shape, st emitter.ShapeStyle, io emitter.ShapeInOut, partial float64) *emitter.Effect {
	e := burstEffect(tb, 48, 0.5, seed, func(sp *emitter.Spec) {
		colorful(sp)
		sp.Shape, sp.ShapeStyle, sp.ShapeInOut, sp.ShapePartial = sh, st, io, partial
		sp.EmissionSize = emitter.Vector2{X: 1, Y: 0.7}
		sp.SpreadAngle = emitter.Vector2{X: 15}
		sp.Speed = emitter.NumberRange{Min: 10, Max: 20}
		sp.Size = emitter.ConstantSequence(6)
	})
	e.SetHostSize(40, 30)
	return e
}

// TestGPUPathFrames: one renderer over a playing effect's frames, with
// bursts arriving, a rewind and a seek forward: every frame of the GPU
// path matches the reference (its rows follow the effect).
func TestGPUPathFrames(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	e := streamEffect(t, 0, 22, func(sp *emitter.Spec) {
		colorful(sp)
		sp.Rate = 20
		sp.Size = emitter.ConstantSequence(7)
	})
	e.Play()
	step := func(name string, f func()) {
		f()
		checkGPUScene(t, r, scene{name: "gpu-frames-" + name, w: 64, h: 64, bg: grey, items: []Item{{Effect: e, X: 32, Y: 32}}})
	}
	step("start", func() { e.Advance(0.4) })
	step("burst", func() { e.Emit(12); e.Advance(0.2) })
	step("second-burst", func() { e.Advance(0.3); e.Emit(8); e.Advance(0.1) })
	step("rewind", func() { e.SetTime(0.5) })
	step("forward", func() { e.SetTime(1.9) })
	step("stream-off", func() { e.SetEnabled(false); e.Advance(0.3) })
}

// TestGPUPathMixed: effects on both paths in one Draw keep the
// ZIndex order across the paths, and an effect the GPU path cannot draw
// (its stream turned off and on within a lifetime) falls back to the
// batched path and still draws right.
func TestGPUPathMixed(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	mk := func(z int, c emitter.Color, seed uint32) *emitter.Effect {
		return burstEffect(t, 20, 0.5, seed, func(sp *emitter.Spec) {
			sp.Color = emitter.ConstantColor(c)
			sp.ZIndex = z
			sp.Size = emitter.ConstantSequence(12)
		})
	}
	toggled := streamEffect(t, 0.8, 23, func(sp *emitter.Spec) { colorful(sp); sp.ZIndex = 1 })
	toggled.SetEnabled(false)
	toggled.Forward(0.2)
	toggled.SetEnabled(true)
	toggled.Forward(0.2)
	items := []Item{
		{Effect: mk(2, emitter.Color{R: 1}, 1), X: 34, Y: 32, Path: PathGPU},
		{Effect: mk(0, emitter.Color{G: 1}, 2), X: 30, Y: 30, Path: PathBatched},
		{Effect: mk(1, emitter.Color{B: 1}, 3), X: 32, Y: 34, Path: PathGPU},
		{Effect: toggled, X: 32, Y: 32, Path: PathGPU},
		{Effect: mk(3, emitter.Color{R: 1, G: 1}, 4), X: 28, Y: 36},
	}
	sc := scene{name: "gpu-mixed", w: 64, h: 64, bg: grey, items: items}
	gpu := drawPath(t, r, sc, items)
	if st := r.Stats(); st.GPU != 2 || st.Batched != 3 || st.GPUFallbacks != 1 || st.DrawCalls < 4 {
		t.Errorf("stats %+v: want 2 GPU effects, 3 batched (one a fallback), 4 or more draw calls", st)
	}
	_, ref := renderBoth(t, r, sc)
	compareImages(t, sc.name, gpu, ref)
}

// TestGPUPathDrawAllocs: a warm Draw with effects on the GPU path,
// bursts included, allocates nothing.
func TestGPUPathDrawAllocs(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	var items []Item
	for i := range 4 {
		e := streamEffect(t, 0, uint32(i), func(sp *emitter.Spec) { sp.Rate = 40; sp.ZIndex = i % 2 })
		e.Play()
		e.AddBurst(0, 10)
		items = append(items, Item{Effect: e, X: 8, Y: 8, Path: PathGPU})
	}
	dst := ebiten.NewImage(16, 16)
	defer dst.Deallocate()
	requireWarmDrawAllocFree(t, r, dst, items, nil)
	if st := r.Stats(); st.GPU != 4 || st.GPUFallbacks != 0 {
		t.Errorf("stats %+v", st)
	}
	// The same effects split into quads of at most 16 candidates.
	split := newRenderer(t, nil)
	split.gpu.partMax = 16
	requireWarmDrawAllocFree(t, split, dst, items, nil)
	if st := split.Stats(); st.GPU != 4 || st.GPUFallbacks != 0 || st.GPUQuads < 8 {
		t.Errorf("split: stats %+v", st)
	}
}
