package kwp1

import (
	"fmt"
	"math"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// compiled compiles d (yaw normalized, bounds stored) and fails the test
// when it does not validate.
func compiled(t testing.TB, d *world.Document) *world.Document {
	t.Helper()
	if err := world.Compile(d); err != nil {
		t.Fatalf("the test document does not compile: %v", err)
	}
	return d
}

// tinyDoc is the golden document: one of everything, values chosen to be
// easy to read in a hex dump (see TestGolden).
func tinyDoc(t testing.TB) *world.Document {
	var digest [32]byte
	for i := range digest {
		digest[i] = byte(i)
	}
	return compiled(t, &world.Document{
		Version:  world.Version,
		Textures: []world.Texture{{Name: "dot", Path: "dot.png", Width: 8, Height: 8, Digest: digest}},
		Presets: []world.Preset{{
			Name:     "puff",
			Capacity: 4,
			Spawn:    world.Spawn{Shape: world.SpawnPoint},
			Velocity: world.Range3{Min: world.Vec3{Z: 1}, Max: world.Vec3{Z: 1}},
			Lifetime: world.Range{Min: 1, Max: 1},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 1}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 1}, {Age: 1, R: 1, G: 1, B: 1, A: 0}},
			},
			Sprite: world.Sprite{Frames: []int{0}},
		}},
		Sectors: []world.Sector{{Name: "room", Points: []world.Vec2{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}, {X: 0, Y: 4}}, Floor: 0, Ceiling: 4}},
		Emitters: []world.Emitter{{Name: "e", Position: world.Vec3{X: 2, Y: 2, Z: 1}, Scale: 1, Seed: 1,
			Rate: 4, Duration: 1}},
	})
}

// smallDoc is a level of two rooms joined by a portal, with a cycling
// torch of version-2 alpha smoke and a fountain with bursts: every kind of
// value other than tinyDoc's (box spawn, drag, yaw, cycles, bursts,
// flipbooks, portals, several textures).
func smallDoc(t testing.TB) *world.Document {
	return compiled(t, &world.Document{
		Version: world.AlphaVersion,
		Textures: []world.Texture{
			{Name: "smoke", Path: "textures/smoke.png", Width: 64, Height: 64, Digest: [32]byte{1, 2, 3}},
			{Name: "spark.0", Path: "textures/spark-0.png", Width: 32, Height: 32, Digest: [32]byte{31: 0xff}},
			{Name: "spark.1", Path: "textures/spark-1.png", Width: 32, Height: 32},
		},
		Presets: []world.Preset{{
			Name:     "smoke",
			Capacity: 64,
			Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.1, Y: -0.1}, Max: world.Vec3{X: 0.1, Y: 0.1, Z: 0.05}},
			Velocity: world.Range3{Min: world.Vec3{X: -0.2, Y: -0.2, Z: 0.8}, Max: world.Vec3{X: 0.2, Y: 0.2, Z: 1.2}},
			Lifetime: world.Range{Min: 0.8, Max: 1.2},
			Drag:     0.5,
			Rotation: world.Range{Min: 0, Max: 360},
			Spin:     world.Range{Min: -90, Max: 90},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.4}, {Age: 1, Size: 0.1}},
				Color: []world.ColorKey{{Age: 0, R: 0.2, G: 0.2, B: 0.2, A: 0.8}, {Age: 0.7, R: 0.2, G: 0.2, B: 0.2, A: 0.4}, {Age: 1, R: 0.2, G: 0.2, B: 0.2}},
			},
			Sprite: world.Sprite{Frames: []int{0}, Facing: world.FacingCamera, Blend: world.BlendAlpha},
		}, {
			Name:         "fountain",
			Capacity:     256,
			Spawn:        world.Spawn{Shape: world.SpawnPoint},
			Velocity:     world.Range3{Min: world.Vec3{X: -0.5, Y: -0.5, Z: 4}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 5}},
			Lifetime:     world.Range{Min: 1, Max: 1.1},
			Acceleration: world.Vec3{Z: -9.8},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.1}, {Age: 0.5, Size: 0.15}, {Age: 1, Size: 0.05}},
				Color: []world.ColorKey{{Age: 0, R: 0.6, G: 0.8, B: 1, A: 1}, {Age: 1, R: 0.6, G: 0.8, B: 1}},
			},
			Sprite: world.Sprite{Frames: []int{1, 2}, Facing: world.FacingUpright, Blend: world.BlendPremultiplied,
				Flipbook: world.Flipbook{Mode: world.FlipbookCycle, FPS: 12}},
		}},
		Sectors: []world.Sector{
			{Name: "hall", Points: []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}, Floor: 0, Ceiling: 5,
				Portals: []world.Portal{{Edge: 1, Sector: 1}}},
			{Name: "annex", Points: []world.Vec2{{X: 10, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 10}, {X: 10, Y: 10}}, Floor: 0, Ceiling: 6,
				Portals: []world.Portal{{Edge: 3, Sector: 0}}},
		},
		Emitters: []world.Emitter{
			{Name: "smoke", Preset: 0, Sector: 0, Position: world.Vec3{X: 2, Y: 2, Z: 1}, Yaw: 390, Scale: 1.5, Seed: 7,
				Rate: 20, Duration: 1, Delay: 0.25, Playback: world.PlayCycle, Period: 1},
			{Name: "fountain", Preset: 1, Sector: 1, Position: world.Vec3{X: 15, Y: 5, Z: 2}, Yaw: -45, Scale: 1, Seed: 0xdeadbeef,
				Rate: 40, Duration: 1, Bursts: []world.Burst{{Time: 0, Count: 5}, {Time: 0.5, Count: 10}},
				Playback: world.PlayCycle, Period: 1},
		},
	})
}

// nearLimitsDoc is at every limit the document model sets at once:
// MaxPresets presets of MaxSlots/MaxEmitters slots, MaxEmitters emitters
// (so MaxSlots slots in all), MaxFrames frames per preset (every texture
// used once), MaxCurveKeys keys per curve, MaxBursts bursts per emitter,
// names of MaxNameLength bytes; and at this package's limits on textures
// (world.MaxTextures) and sector points (world.MaxSectorPoints), with one sector per
// emitter.
func nearLimitsDoc(t testing.TB) *world.Document {
	name := func(kind string, i int) string {
		s := fmt.Sprintf("%s-%d-", kind, i)
		for len(s) < world.MaxNameLength {
			s += "x"
		}
		return s
	}
	d := &world.Document{Version: world.Version}
	for i := range world.MaxPresets * world.MaxFrames {
		d.Textures = append(d.Textures, world.Texture{Name: name("texture", i), Path: fmt.Sprintf("textures/frame-%04d.png", i),
			Width: 32, Height: 32, Digest: [32]byte{byte(i), byte(i >> 8)}})
	}
	capacity := world.MaxSlots / world.MaxEmitters
	for i := range world.MaxPresets {
		p := world.Preset{
			Name:         name("preset", i),
			Capacity:     capacity,
			Spawn:        world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.1, Y: -0.1, Z: 0}, Max: world.Vec3{X: 0.1, Y: 0.1, Z: 0.1}},
			Velocity:     world.Range3{Min: world.Vec3{X: -0.3, Y: -0.3, Z: 0.5}, Max: world.Vec3{X: 0.3, Y: 0.3, Z: 1}},
			Lifetime:     world.Range{Min: 0.5, Max: 1},
			Acceleration: world.Vec3{Z: -1},
			Drag:         float64(i) / 16,
			Rotation:     world.Range{Min: -10, Max: 10},
			Spin:         world.Range{Min: -30, Max: 30},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.1}, {Age: 0.25, Size: 0.3}, {Age: 0.75, Size: 0.2}, {Age: 1, Size: 0}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 0}, {Age: 0.1, R: 1, G: 0.9, B: 0.5, A: 1}, {Age: 0.6, R: 1, G: 0.4, B: 0.1, A: 0.5}, {Age: 1, R: 0.2, G: 0.1, B: 0, A: 0}},
			},
			Sprite: world.Sprite{Facing: world.Facing(i % 2), Blend: world.Blend(i % 2),
				Flipbook: world.Flipbook{Mode: world.FlipbookMode(i % 2), FPS: 24}},
		}
		for f := range world.MaxFrames {
			p.Sprite.Frames = append(p.Sprite.Frames, i*world.MaxFrames+f)
		}
		d.Presets = append(d.Presets, p)
	}
	for i := range world.MaxEmitters {
		// Emitter i stands in a room of its own, a regular polygon of
		// world.MaxSectorPoints points and radius 4, on a 16 x 16 grid of 10 m.
		x, y := float64(i%16)*10+5, float64(i/16)*10+5
		sec := world.Sector{Name: name("sector", i), Floor: 0, Ceiling: 8}
		for k := range world.MaxSectorPoints {
			a := 2 * math.Pi * float64(k) / world.MaxSectorPoints
			sec.Points = append(sec.Points, world.Vec2{X: x + 4*math.Cos(a), Y: y + 4*math.Sin(a)})
		}
		d.Sectors = append(d.Sectors, sec)
		e := world.Emitter{Name: name("emitter", i), Preset: i % world.MaxPresets, Sector: i,
			Position: world.Vec3{X: x, Y: y, Z: 1}, Yaw: float64(i%360) - 180, Scale: 1, Seed: uint32(i) * 2654435761,
			Rate: 100, Duration: 1, Playback: world.PlayCycle, Period: 2, Delay: float64(i) / 256}
		for b := range world.MaxBursts {
			e.Bursts = append(e.Bursts, world.Burst{Time: float64(b) / 16, Count: 4})
		}
		d.Emitters = append(d.Emitters, e)
	}
	return compiled(t, d)
}
