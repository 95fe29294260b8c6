package system_test

import (
	"fmt"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/system"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/features/events"
)

func confetti() *emitter.Snapshot {
	spec := emitter.DefaultSpec()
	spec.Enabled = false // bursts only
	spec.Lifetime = emitter.NumberRange{Min: 0.5, Max: 1}
	spec.Speed = emitter.NumberRange{Min: 3, Max: 6}
	spec.SpreadAngle = emitter.Vector2{X: 180}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	return snap
}

// Bursting a one-shot effect: Emit on the paused effect starts it; once
// every particle has died the scheduler removes the entity and publishes
// EffectDone.
func ExampleEmit() {
	world := donburi.NewWorld()
	scheduler := system.NewScheduler(nil)
	system.EffectDoneEvent.Subscribe(world, func(w donburi.World, ev system.EffectDone) {
		fmt.Printf("%s done at %.2f s\n", ev.Name, system.Time(w))
	})

	reward, _ := component.Spawn(world, confetti(), &component.SpawnOptions{Name: "reward", OneShot: true})
	system.Emit(world, reward, 50)

	for frame := 1; frame <= 90; frame++ {
		scheduler.UpdateWorld(world)
		events.ProcessAllEvents(world)
		if frame == 45 {
			fx, _ := component.Get(world, reward)
			fmt.Printf("%.2f s: %d of 50 alive\n", fx.Effect.Time(), len(fx.Effect.Particles()))
		}
	}
	_, found := system.Find(world, "reward")
	fmt.Println("still in the world:", found)
	// Output:
	// 0.75 s: 22 of 50 alive
	// reward done at 1.00 s
	// still in the world: false
}

// Rewinding a world: Seek sets every effect to what stepping showed at that
// clock, so going back shows exactly the frames shown on the way forward.
func ExampleSeek() {
	world := donburi.NewWorld()
	scheduler := system.NewScheduler(nil)
	burst, _ := component.Spawn(world, confetti(), nil)
	system.Emit(world, burst, 40)
	fx, _ := component.Get(world, burst)

	var atHalf []emitter.Particle
	for frame := 1; frame <= 60; frame++ {
		scheduler.UpdateWorld(world)
		if frame == 30 {
			atHalf = fx.Effect.AppendParticles(nil)
		}
		if frame == 40 {
			system.Pause(world, burst) // paused for a while...
		}
		if frame == 50 {
			system.Play(world, burst) // ...and resumed
		}
	}
	fmt.Printf("world %.2f s, effect %.2f s\n", system.Time(world), fx.Effect.Time())

	system.Seek(world, 0.5)
	again := fx.Effect.AppendParticles(nil)
	same := len(again) == len(atHalf)
	for i := range again {
		same = same && again[i] == atHalf[i]
	}
	fmt.Printf("back at %.2f s: %d particles, identical: %v\n", fx.Effect.Time(), len(again), same)

	system.Seek(world, 0.75) // inside the pause
	fmt.Printf("world 0.75 s shows effect %.2f s\n", fx.Effect.Time())
	// Output:
	// world 1.00 s, effect 0.83 s
	// back at 0.50 s: 40 particles, identical: true
	// world 0.75 s shows effect 0.67 s
}
