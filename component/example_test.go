package component_test

import (
	"fmt"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/system"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// Attaching an effect to a moving entity: the effect gets its own entity
// with a transform, parented to the ship's, and the scheduler feeds the
// ship's world position to it every update.
func ExampleNewEffect() {
	world := donburi.NewWorld()
	game := ecs.NewECS(world)
	scheduler := system.NewScheduler(nil) // 60 updates per second
	game.AddSystem(scheduler.Update)

	ship := world.Entry(world.Create(transform.Transform))
	transform.GetTransform(ship).LocalPosition = dmath.Vec2{X: 100, Y: 200}

	spec := emitter.DefaultSpec() // a steady stream
	spec.Lifetime = emitter.Constant(1)
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	exhaust, err := component.Spawn(world, snap, &component.SpawnOptions{
		Name:      "exhaust",
		Play:      true,
		Transform: true,
		Y:         12, // below the ship's centre
	})
	if err != nil {
		panic(err)
	}
	transform.AppendChild(ship, world.Entry(exhaust), false)

	for range 30 { // half a second, flying right at 120 px/s
		transform.GetTransform(ship).LocalPosition.X += 2
		game.Update()
	}
	fx, _ := component.Get(world, exhaust)
	x, y, _ := fx.Effect.Host()
	fmt.Printf("clock %.2f s, host at (%.0f, %.0f), %d particles\n", fx.Effect.Time(), x, y, len(fx.Effect.Particles()))
	// Output: clock 0.50 s, host at (160, 212), 11 particles
}
