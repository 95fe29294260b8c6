// Package leveltest builds small world levels in memory for the tests of
// the packages that mount and draw them (render, raster, system and
// system/layerdraw): a document with every blend, both facings and a
// flipbook, and its textures as images, with no file to read.
package leveltest

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture/leveltex"
)

// Images returns the level's textures by name: soft discs, a ring, a
// spark and a two-frame flame, small enough for pixel tests.
func Images() map[string]image.Image {
	return map[string]image.Image{
		"disc":   disc(16, 1, color.NRGBA{255, 255, 255, 255}),
		"ring":   ring(16),
		"spark":  disc(8, 2, color.NRGBA{255, 240, 200, 255}),
		"flame0": disc(16, 1.5, color.NRGBA{255, 200, 120, 255}),
		"flame1": disc(16, 0.7, color.NRGBA{255, 160, 90, 255}),
	}
}

// disc is an n × n white-ish disc whose alpha falls off as 1 - d^k from
// its centre to its edge.
func disc(n int, k float64, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			dx, dy := (float64(x)+0.5)/float64(n)*2-1, (float64(y)+0.5)/float64(n)*2-1
			a := max(0, 1-math.Pow(math.Hypot(dx, dy), k))
			img.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, uint8(math.Round(255 * a))})
		}
	}
	return img
}

// ring is an opaque ring with a hard edge, for cutout particles.
func ring(n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			d := math.Hypot((float64(x)+0.5)/float64(n)*2-1, (float64(y)+0.5)/float64(n)*2-1)
			if d > 0.45 && d < 0.95 {
				img.SetNRGBA(x, y, color.NRGBA{uint8(40 + 12*x), 200, uint8(255 - 12*y), 255})
			}
		}
	}
	return img
}

// Resolver resolves textures by name from a map.
type Resolver map[string]image.Image

// Resolve returns the image named t.Name.
func (m Resolver) Resolve(t *world.Texture) (image.Image, error) {
	if img, ok := m[t.Name]; ok {
		return img, nil
	}
	return nil, fmt.Errorf("no image named %q", t.Name)
}

// Document returns the test level: two rooms joined by a portal,
//
//	hall:  (0,0) (10,0) (10,8) (0,8), z in [0, 4]
//	annex: (10,0) (16,0) (16,8) (10,8), z in [0, 5]
//
// and six emitters, in this order: a torch (additive, a two-frame flipbook
// cycling at 8 fps) and its smoke (alpha) in the hall, a glow
// (premultiplied) and falling leaves (cutout, upright, fixed rotation) in
// the annex, sparks bursting every 2 s (additive, upright, gravity) in the
// hall, and motes drifting in a box (alpha) in the annex.
func Document(tb testing.TB) *world.Document {
	tb.Helper()
	imgs := Images()
	d := &world.Document{Version: world.AlphaVersion}
	for _, name := range []string{"disc", "ring", "spark", "flame0", "flame1"} {
		img := imgs[name]
		b := img.Bounds()
		d.Textures = append(d.Textures, world.Texture{Name: name, Path: "textures/" + name + ".png",
			Width: b.Dx(), Height: b.Dy(), Digest: world.TextureDigest(img)})
	}
	curve := func(keys ...float64) []world.ColorKey { // age, r, g, b, a, ...
		var out []world.ColorKey
		for i := 0; i < len(keys); i += 5 {
			out = append(out, world.ColorKey{Age: keys[i], R: keys[i+1], G: keys[i+2], B: keys[i+3], A: keys[i+4]})
		}
		return out
	}
	sizes := func(a, b float64) []world.SizeKey { return []world.SizeKey{{Age: 0, Size: a}, {Age: 1, Size: b}} }
	d.Presets = []world.Preset{{
		Name: "fire", Capacity: 64,
		Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.1, Y: -0.1}, Max: world.Vec3{X: 0.1, Y: 0.1}},
		Velocity: world.Range3{Min: world.Vec3{X: -0.2, Y: -0.2, Z: 0.6}, Max: world.Vec3{X: 0.2, Y: 0.2, Z: 1}},
		Lifetime: world.Range{Min: 0.6, Max: 0.9}, Drag: 1.2,
		Rotation: world.Range{Min: 0, Max: 360}, Spin: world.Range{Min: -90, Max: 90},
		Curves: world.Curves{Size: sizes(0.6, 0.2), Color: curve(0, 1, 0.9, 0.5, 1, 0.6, 1, 0.4, 0.1, 0.8, 1, 0.6, 0.1, 0, 0)},
		Sprite: world.Sprite{Frames: []int{3, 4}, Blend: world.BlendAdditive, Flipbook: world.Flipbook{Mode: world.FlipbookCycle, FPS: 8}},
	}, {
		Name: "smoke", Capacity: 64,
		Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.2, Y: -0.2}, Max: world.Vec3{X: 0.2, Y: 0.2}},
		Velocity: world.Range3{Min: world.Vec3{X: -0.1, Y: -0.1, Z: 0.3}, Max: world.Vec3{X: 0.1, Y: 0.1, Z: 0.5}},
		Lifetime: world.Range{Min: 2, Max: 3}, Acceleration: world.Vec3{X: 0.1}, Drag: 0.3,
		Rotation: world.Range{Min: 0, Max: 360}, Spin: world.Range{Min: -20, Max: 20},
		Curves: world.Curves{Size: sizes(0.5, 1.4), Color: curve(0, 0.2, 0.2, 0.2, 0, 0.2, 0.2, 0.2, 0.2, 0.6, 1, 0.2, 0.2, 0.2, 0)},
		Sprite: world.Sprite{Frames: []int{0}, Blend: world.BlendAlpha},
	}, {
		Name: "glow", Capacity: 16,
		Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.3, Y: -0.3}, Max: world.Vec3{X: 0.3, Y: 0.3, Z: 0.3}},
		Lifetime: world.Range{Min: 1.5, Max: 2},
		Curves:   world.Curves{Size: sizes(0.8, 1.2), Color: curve(0, 0.3, 0.6, 1, 0, 0.5, 0.4, 0.8, 1, 0.7, 1, 0.3, 0.6, 1, 0)},
		Sprite:   world.Sprite{Frames: []int{0}, Blend: world.BlendPremultiplied},
	}, {
		Name: "leaves", Capacity: 32,
		Spawn:        world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -1, Y: -1}, Max: world.Vec3{X: 1, Y: 1}},
		Velocity:     world.Range3{Min: world.Vec3{X: -0.3, Y: -0.3, Z: -0.6}, Max: world.Vec3{X: 0.3, Y: 0.3, Z: -0.3}},
		Lifetime:     world.Range{Min: 2, Max: 2.5},
		Rotation:     world.Range{Min: 15, Max: 15},
		Curves:       world.Curves{Size: sizes(0.5, 0.4), Color: curve(0, 1, 1, 1, 1, 0.8, 1, 1, 1, 1, 1, 1, 1, 1, 0.3)},
		Sprite:       world.Sprite{Frames: []int{1}, Facing: world.FacingUpright, Blend: world.BlendCutout},
		Acceleration: world.Vec3{},
	}, {
		Name:     "sparks",
		Velocity: world.Range3{Min: world.Vec3{X: -1.5, Y: -1.5, Z: 1}, Max: world.Vec3{X: 1.5, Y: 1.5, Z: 2.5}},
		Lifetime: world.Range{Min: 0.8, Max: 1}, Acceleration: world.Vec3{Z: -4}, Drag: 0.5,
		Curves: world.Curves{Size: sizes(0.15, 0.05), Color: curve(0, 1, 0.9, 0.6, 1, 1, 1, 0.4, 0.1, 0)},
		Sprite: world.Sprite{Frames: []int{2}, Facing: world.FacingUpright, Blend: world.BlendAdditive},
	}, {
		Name: "motes", Capacity: 24,
		Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -1, Y: -1, Z: 0}, Max: world.Vec3{X: 1, Y: 1, Z: 1.5}},
		Velocity: world.Range3{Min: world.Vec3{X: -0.1, Y: -0.1, Z: -0.05}, Max: world.Vec3{X: 0.1, Y: 0.1, Z: 0.1}},
		Lifetime: world.Range{Min: 3, Max: 4}, Spin: world.Range{Min: 30, Max: 30},
		Curves: world.Curves{Size: sizes(0.12, 0.12), Color: curve(0, 1, 1, 0.8, 0, 0.5, 1, 1, 0.8, 0.9, 1, 1, 1, 0.8, 0)},
		Sprite: world.Sprite{Frames: []int{2}, Blend: world.BlendAlpha},
	}}
	d.Sectors = []world.Sector{
		{Name: "hall", Points: []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 8}, {X: 0, Y: 8}}, Ceiling: 4,
			Portals: []world.Portal{{Edge: 1, Sector: 1}}},
		{Name: "annex", Points: []world.Vec2{{X: 10, Y: 0}, {X: 16, Y: 0}, {X: 16, Y: 8}, {X: 10, Y: 8}}, Ceiling: 5,
			Portals: []world.Portal{{Edge: 3, Sector: 0}}},
	}
	cycle := func(e world.Emitter, rate, period float64) world.Emitter {
		e.Scale, e.Rate, e.Duration, e.Playback, e.Period = 1, rate, period, world.PlayCycle, period
		return e
	}
	d.Emitters = []world.Emitter{
		cycle(world.Emitter{Name: "torch", Preset: 0, Sector: 0, Position: world.Vec3{X: 3, Y: 4, Z: 1.5}, Seed: 1}, 40, 1),
		cycle(world.Emitter{Name: "smoke", Preset: 1, Sector: 0, Position: world.Vec3{X: 3, Y: 4, Z: 2}, Yaw: 30, Seed: 2}, 8, 2),
		cycle(world.Emitter{Name: "glow", Preset: 2, Sector: 1, Position: world.Vec3{X: 13, Y: 4, Z: 1}, Seed: 3}, 4, 2),
		cycle(world.Emitter{Name: "leaves", Preset: 3, Sector: 1, Position: world.Vec3{X: 13, Y: 5, Z: 3}, Seed: 4}, 6, 2.5),
		{Name: "sparks", Preset: 4, Sector: 0, Position: world.Vec3{X: 6, Y: 3, Z: 1}, Scale: 1, Seed: 5,
			Bursts: []world.Burst{{Time: 0, Count: 24}, {Time: 0.3, Count: 12}}, Playback: world.PlayCycle, Period: 2, Delay: 0.5},
		cycle(world.Emitter{Name: "motes", Preset: 5, Sector: 1, Position: world.Vec3{X: 14, Y: 3, Z: 1.5}, Scale: 1, Seed: 6}, 6, 1),
	}
	for i := range d.Presets {
		if d.Presets[i].Capacity == 0 {
			d.Presets[i].Capacity = world.MaxSlotsPerEmitter
		}
	}
	for i := range d.Presets {
		if need, err := world.RequiredCapacity(d, i); err == nil && d.Presets[i].Capacity == world.MaxSlotsPerEmitter {
			d.Presets[i].Capacity = need
		}
	}
	if err := world.Compile(d); err != nil {
		tb.Fatalf("the test level does not compile: %v", err)
	}
	return d
}

// Level returns the test level mounted in memory: its world.Level and its
// textures prepared with the given page size (0: the default).
func Level(tb testing.TB, pageSize int) (*world.Level, *leveltex.Level) {
	tb.Helper()
	d := Document(tb)
	l, err := world.NewLevel(d)
	if err != nil {
		tb.Fatal(err)
	}
	tex, err := leveltex.Prepare(d, &leveltex.Options{Resolver: Resolver(Images()), PageSize: pageSize})
	if err != nil {
		tb.Fatal(err)
	}
	return l, tex
}

// LimitsLevel returns a level at the document's limits of emitters and slots,
// mounted in memory: 256 emitters of 256 slots (65,536 in all) in 16 rooms
// of 10 × 10 on a 4 × 4 grid ([0, 40]², floors at 0, ceilings at 10), 16
// emitters a room on a grid of their own. Its 8 presets cover the four
// blends and both facings, with drag in every branch and particles that
// turn at their own speeds; each emitter births 112 a second by rate and
// 16 by bursts, every second, and its particles live 1.2 to 1.5 s: 2
// groups of 128 slots, all in use, about 44,000 alive at any clock.
func LimitsLevel() (*world.Level, *leveltex.Level, error) {
	img := disc(16, 1, color.NRGBA{255, 220, 180, 255})
	d := &world.Document{Version: world.AlphaVersion,
		Textures: []world.Texture{{Name: "disc", Path: "disc.png", Width: 16, Height: 16, Digest: world.TextureDigest(img)}}}
	for i := range 8 {
		d.Presets = append(d.Presets, world.Preset{
			Name: fmt.Sprintf("preset%d", i), Capacity: 256,
			Spawn:        world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.5, Y: -0.5}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 0.2}},
			Velocity:     world.Range3{Min: world.Vec3{X: -0.5, Y: -0.5, Z: 0.5}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 1.5}},
			Lifetime:     world.Range{Min: 1.2, Max: 1.5},
			Acceleration: world.Vec3{X: 0.1, Z: -1},
			Drag:         float64(i%4) * 0.3,
			Rotation:     world.Range{Min: 0, Max: 360},
			Spin:         world.Range{Min: -45, Max: 45},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.1}, {Age: 0.3, Size: 0.3}, {Age: 0.7, Size: 0.25}, {Age: 1, Size: 0.05}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.9, B: 0.5}, {Age: 0.2, R: 1, G: 0.6, B: 0.2, A: 1}, {Age: 0.8, R: 0.3, G: 0.3, B: 0.3, A: 0.5}, {Age: 1, R: 0.2, G: 0.2, B: 0.2}},
			},
			Sprite: world.Sprite{Frames: []int{0}, Facing: world.Facing(i / 4), Blend: world.Blend(i % 4)},
		})
	}
	for y := range 4 {
		for x := range 4 {
			x0, y0 := float64(10*x), float64(10*y)
			s := world.Sector{Name: fmt.Sprintf("room%d", 4*y+x), Ceiling: 10,
				Points: []world.Vec2{{X: x0, Y: y0}, {X: x0 + 10, Y: y0}, {X: x0 + 10, Y: y0 + 10}, {X: x0, Y: y0 + 10}}}
			if y > 0 {
				s.Portals = append(s.Portals, world.Portal{Edge: 0, Sector: 4*(y-1) + x})
			}
			if x < 3 {
				s.Portals = append(s.Portals, world.Portal{Edge: 1, Sector: 4*y + x + 1})
			}
			if y < 3 {
				s.Portals = append(s.Portals, world.Portal{Edge: 2, Sector: 4*(y+1) + x})
			}
			if x > 0 {
				s.Portals = append(s.Portals, world.Portal{Edge: 3, Sector: 4*y + x - 1})
			}
			d.Sectors = append(d.Sectors, s)
		}
	}
	bursts := make([]world.Burst, world.MaxBursts)
	for i := range bursts {
		bursts[i] = world.Burst{Time: float64(i) / 16, Count: 1}
	}
	for i := range world.MaxEmitters {
		r := i / 16
		sx, sy := float64(10*(r%4)), float64(10*(r/4))
		d.Emitters = append(d.Emitters, world.Emitter{
			Name: fmt.Sprintf("emitter%d", i), Preset: i % 8, Sector: r,
			Position: world.Vec3{X: sx + 2.5 + 5.0/3*float64(i%4), Y: sy + 2.5 + 5.0/3*float64(i/4%4), Z: 1},
			Yaw:      float64(i*37%360 - 180), Scale: 1, Seed: uint32(i),
			Rate: 112, Duration: 1, Bursts: bursts, Playback: world.PlayCycle, Period: 1,
		})
	}
	if err := world.Compile(d); err != nil {
		return nil, nil, fmt.Errorf("the limits level does not compile: %w", err)
	}
	l, err := world.NewLevel(d)
	if err != nil {
		return nil, nil, err
	}
	tex, err := leveltex.Prepare(d, &leveltex.Options{Resolver: Resolver{"disc": img}})
	if err != nil {
		return nil, nil, err
	}
	return l, tex, nil
}

// Limits is [LimitsLevel] for a test or benchmark, which fails on an error.
func Limits(tb testing.TB) (*world.Level, *leveltex.Level) {
	tb.Helper()
	l, tex, err := LimitsLevel()
	if err != nil {
		tb.Fatal(err)
	}
	return l, tex
}
