package kwp1_test

import (
	"errors"
	"fmt"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/kwp1"
)

// A level of one room and one emitter, compiled, encoded and decoded.
func Example() {
	doc := &world.Document{
		Version:  world.Version,
		Textures: []world.Texture{{Name: "spark", Path: "textures/spark.png", Width: 16, Height: 16}},
		Presets: []world.Preset{{
			Name:     "sparks",
			Capacity: 32,
			Spawn:    world.Spawn{Shape: world.SpawnPoint},
			Velocity: world.Range3{Min: world.Vec3{X: -1, Y: -1, Z: 1}, Max: world.Vec3{X: 1, Y: 1, Z: 2}},
			Lifetime: world.Range{Min: 0.5, Max: 1},
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.2}, {Age: 1, Size: 0}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.8, B: 0.3, A: 1}, {Age: 1, R: 1, G: 0.3, B: 0, A: 0}},
			},
			Sprite: world.Sprite{Frames: []int{0}},
		}},
		Sectors: []world.Sector{{Name: "cellar",
			Points: []world.Vec2{{X: 0, Y: 0}, {X: 6, Y: 0}, {X: 6, Y: 6}, {X: 0, Y: 6}}, Floor: 0, Ceiling: 3}},
		Emitters: []world.Emitter{{Name: "forge", Position: world.Vec3{X: 3, Y: 3, Z: 0.5}, Scale: 1,
			Rate: 30, Duration: 1, Playback: world.PlayCycle, Period: 1}},
	}
	// Compile stores the bounds Validate requires.
	if err := world.Compile(doc); err != nil {
		fmt.Println(err)
		return
	}
	data, err := kwp1.Encode(doc)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(data), "bytes")

	back, err := kwp1.Decode(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Emitters[0].Name, "in", back.Sectors[back.Emitters[0].Sector].Name)

	// A flipped bit in the file is caught, with its offset and field.
	data[len(data)-1] ^= 0x80
	_, err = kwp1.Decode(data)
	var e *kwp1.Error
	if errors.As(err, &e) {
		fmt.Println(e.Problems[0].Offset, e.Problems[0].Field)
	}
	// Output:
	// 698 bytes
	// forge in cellar
	// 650 emitters[forge].bounds
}
