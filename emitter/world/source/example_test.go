package source_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/source"
)

// A level built in Go and compiled: names become indices, the capacity is
// sized from the emitter, the yaw is normalized and the bounds computed.
// The resolver stands in for reading image files.
func ExampleCompile() {
	level := source.Level{
		Textures: []source.Texture{{Name: "spark", Path: "textures/spark.png"}},
		Presets: []source.Preset{{
			Name:         "fountain",
			Velocity:     world.Range3{Min: world.Vec3{X: -0.5, Y: -0.5, Z: 4}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 5}},
			Lifetime:     world.Range{Min: 0.9, Max: 1},
			Acceleration: world.Vec3{Z: -9.8},
			Sprite:       source.Sprite{Frames: []string{"spark"}},
		}},
		Sectors: []source.Sector{{
			Name:    "court",
			Points:  []world.Vec2{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}},
			Ceiling: 5,
		}},
		Emitters: []source.Emitter{{
			Name: "fountain", Preset: "fountain", Sector: "court",
			Position: world.Vec3{X: 5, Y: 5, Z: 2}, Yaw: 450,
			Rate: 40, Duration: 0.5, Playback: world.PlayCycle, Period: 0.5,
		}},
	}
	pngs := source.TextureResolverFunc(func(t source.Texture) (world.Texture, error) {
		return world.Texture{Path: t.Path, Width: 32, Height: 32}, nil
	})
	doc, err := source.Compile(&level, pngs)
	if err != nil {
		fmt.Println(err)
		return
	}
	e := doc.Emitters[0]
	fmt.Println("preset", e.Preset, "sector", e.Sector, "frames", doc.Presets[0].Sprite.Frames)
	fmt.Println("yaw", e.Yaw, "scale", e.Scale)
	// 40 births a second for 0.5 s, every 0.5 s, each living up to 1 s:
	// 2 emissions of 20 are alive at once.
	fmt.Println("capacity", doc.Presets[0].Capacity)

	// Every problem at once, by path.
	level.Emitters[0].Preset = "fontain"
	level.Emitters[0].Duration = 1
	_, err = source.Compile(&level, pngs)
	fmt.Println(err)
	// Output:
	// preset 0 sector 0 frames [0]
	// yaw 90 scale 1
	// capacity 40
	// emitters[fountain].preset: unknown preset "fontain"; did you mean fountain?
	// emitters[fountain].duration_seconds: 1 is longer than period_seconds 0.5: an emission must fit its cycle
}
