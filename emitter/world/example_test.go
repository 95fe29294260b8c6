package world_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter/world"
)

// A level built in Go: one room, one torch. Compile stores the bounds and
// validates the level for its world; the evaluator then gives the live
// particles at any clock of the level.
func Example() {
	d := &world.Document{
		Version:  world.Version,
		Textures: []world.Texture{{Name: "flame", Path: "textures/flame.png", Width: 32, Height: 32}},
		Presets: []world.Preset{{
			Name:     "torch",
			Capacity: 40, // 20 births a second, living up to 1.5 s: 2 groups of 20
			Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.1, Y: -0.1}, Max: world.Vec3{X: 0.1, Y: 0.1}},
			Velocity: world.Range3{Min: world.Vec3{X: -0.1, Y: -0.1, Z: 0.8}, Max: world.Vec3{X: 0.1, Y: 0.1, Z: 1.2}},
			Lifetime: world.Range{Min: 1, Max: 1.5},
			Drag:     0.5,
			Curves: world.Curves{
				Size:  []world.SizeKey{{Age: 0, Size: 0.3}, {Age: 1, Size: 0.1}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.7, B: 0.2, A: 1}, {Age: 1, R: 1, G: 0.2, B: 0, A: 0}},
			},
			Sprite: world.Sprite{Frames: []int{0}, Facing: world.FacingCamera, Blend: world.BlendAdditive},
		}},
		Sectors: []world.Sector{{
			Name:   "hall",
			Points: []world.Vec2{{X: 0, Y: 0}, {X: 8, Y: 0}, {X: 8, Y: 6}, {X: 0, Y: 6}},
			Floor:  0, Ceiling: 4,
		}},
		Emitters: []world.Emitter{{
			Name: "torch", Preset: 0, Sector: 0,
			Position: world.Vec3{X: 1, Y: 3, Z: 1.5}, Yaw: 400, Scale: 1, Seed: 1,
			Rate: 20, Duration: 1, Playback: world.PlayCycle, Period: 1,
		}},
	}
	if err := world.Compile(d); err != nil {
		fmt.Println(err)
		return
	}
	e := &d.Emitters[0]
	fmt.Printf("yaw %.0f, bounds x [%.2f, %.2f] z [%.2f, %.2f]\n", e.Yaw, e.Bounds.Min.X, e.Bounds.Max.X, e.Bounds.Min.Z, e.Bounds.Max.Z)

	ev, err := world.NewEvaluator(d)
	if err != nil {
		fmt.Println(err)
		return
	}
	particles := ev.Append(nil, 10.25) // the level clock, seconds
	p := particles[0]
	fmt.Printf("%d live at 10.25 s; slot %d, birth %d, age %.2f s, z %.2f, alpha %.2f\n",
		len(particles), p.Slot, p.Birth, p.Age, p.Position.Z, p.A)

	// Moved against the wall, the torch's envelope leaves the hall.
	e.Position.X = 0.2
	fmt.Println(world.Compile(d))
	// Output:
	// yaw 40, bounds x [0.50, 1.50] z [1.29, 2.98]
	// 24 live at 10.25 s; slot 0, birth 200, age 0.25 s, z 1.70, alpha 0.76
	// emitters[torch].bounds: the motion envelope leaves its sector, sectors[hall]: corner (-0.3017060458660126, 2.4982082843780518) is 0.3017060458660126 outside wall 3, from points[3] (0, 6) to points[0] (0, 0)
}

// A cycling schedule at a clock far along: what a renderer computes on the
// CPU per frame (the cycle) and per slot (its birth), in small numbers.
func ExampleSchedule() {
	e := world.Emitter{Rate: 2, Duration: 1, Playback: world.PlayCycle, Period: 1}
	s, err := world.NewSchedule(&e, 1.5) // lifetimes up to 1.5 s
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("births", s.Births, "groups", s.Groups, "slots", s.Slots())
	c := s.At(1e6 + 0.25)
	fmt.Println("emission", c.Index, "phase", c.Phase, "base", c.Base)
	for slot := range s.Slots() {
		age, birth, emission, _ := s.Birth(c, slot)
		fmt.Printf("slot %d: birth %d of emission %d, age %.2f s\n", slot, birth, emission, age)
	}
	// Output:
	// births [0 0.5] groups 2 slots 4
	// emission 1000000 phase 0.25 base 2000000
	// slot 0: birth 2000000 of emission 1000000, age 0.25 s
	// slot 1: birth 1999997 of emission 999998, age 1.75 s
	// slot 2: birth 1999998 of emission 999999, age 1.25 s
	// slot 3: birth 1999999 of emission 999999, age 0.75 s
}
