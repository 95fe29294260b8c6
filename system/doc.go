// Package system runs Ember's effects in a donburi world: a [Scheduler]
// that advances every playing effect with one shared, fixed-step world
// clock, the gameplay controls by entity ([Emit], [Play], [Pause],
// [SetTime], [Restart], [Find]) and world seeks ([Seek]).
//
// # Clocks
//
// The world clock is in ticks (emitter.Ticks). Each [Scheduler.Update]
// moves it by the fixed step (1/TPS s) times the scheduler's TimeScale,
// rounded to the tick, and each playing effect by that world step times the
// effect's own TimeScale (emitter.Effect.Step). Nothing reads the wall clock
// or donburi's ecs.Time, which is not deterministic: a game run at 30, 60 or
// 144 TPS shows the same frames at the same clocks, because every common
// step is a whole number of ticks.
//
// # Transforms
//
// An effect entity with donburi's transform component is a host that
// moves: after stepping it, the scheduler records transform.WorldPosition
// and transform.WorldRotation on the effect's host track (Effect.SetHost),
// which LockedToPart and VelocityInheritance read. donburi's rotation is in
// degrees and its Right vector is (cos r, sin r): with screen +Y down a
// positive rotation turns clockwise, exactly Ember's convention, so it is
// passed through unchanged. donburi's WorldPosition adds the parents' local
// positions without rotating or scaling them, and the effect follows that
// point. Its world scale sizes the host: an effect with HostWidth or
// HostHeight set gets a host of HostWidth·|scale x| by HostHeight·|scale
// y|, so what the effect measures in the host's relative units (sizes,
// distances, the emission area) scales with the entity, live particles
// included, like a resized GUI host; an effect with neither set is not
// scaled. Systems that move transforms should run
// before the scheduler in the same update, so the sample recorded at the
// new clock is the host's position for that clock; an effect's first sample
// (clock 0) is taken at its first update, before stepping. A paused effect
// is not sampled: it stays frozen where it was. The track is one sample per
// update, read linearly in between, so a host on a curved path shows
// slightly different trails at different TPS; one that rests or moves
// linearly between the updates the rates share gives identical frames.
//
// # Seeking
//
// Each effect entity keeps a timeline (component.EffectData.Timeline, whose
// type is internal to Ember): the world clock at which
// it was spawned and a segment per change of its play state (play, pause,
// SetTime, restart), each with the effect clock and world step at its
// start. Within a playing segment the effect clock is a function of the
// world clock (the segment's ClockAt, with emitter.Ticks' saturating
// scaling), the same one stepping follows,
// so [Seek] can set every effect, paused, resumed or restarted in between,
// to exactly the clock stepping showed at the target. Effects spawned after
// the target become dormant (invisible) until the world clock reaches their
// spawn again; restarts switch between saved runs (emitter.State) so a seek
// before a restart shows the earlier run's bursts. Stepping forward after
// a seek backwards replays the recorded future (play state changes,
// bursts, restarts); the first control applied to an effect in that
// rewound state rewrites its future instead. Seeks are exact within the
// effect's History (30 s by default) behind the furthest world clock
// reached, and behind the world clock wherever the world was stepped after
// a seek: a seek far ahead and back loses nothing recorded afterwards. Host tracks are data too, so a transform-following effect shows
// where its host was; the next Update samples the transforms as they are
// then. Retired one-shot effects are removed from the world and do not come
// back.
//
// # World levels
//
// [MountLevel] (or [MountLevelFile] for a KWP1 file) mounts a world level:
// after checking that the host advertises every feature the level needs
// ([Features], MountOptions.Features) and proving its textures, it
// creates a level entity (component.LevelData) and one entity per emitter
// (component.WorldEmitterData); [UnmountLevel] removes them. A level's
// clock is the world clock since its mount, so the scheduler's steps
// (TimeScale, Paused, backwards) and [Seek] move it with every effect's,
// 30, 60 and 144 TPS show the same frames at the same clocks, and nothing
// a drawer does (hiding the level or an emitter, culling it, drawing it
// through other cameras or onto a resized target) restarts or skips it.
// Before its mount (after a seek back) a level is dormant and not drawn.
// [LevelCollector] gathers a layer's visible levels for drawing;
// system/layerdraw's LevelDrawer draws them with package render.
//
// # Retiring
//
// A one-shot effect (component.SpawnOptions.OneShot) that is playing and
// drained (emitter.Effect.Done) is removed with its transform children at
// the end of the update, and an [EffectDone] event is published on
// [EffectDoneEvent] (deliver it with events.ProcessAllEvents). An effect
// whose stream stays enabled, or one not marked one-shot, never retires.
//
// An [Emit] that makes an effect drop older bursts, because it already kept
// its MaxBursts, publishes a [BurstsDropped] event on [BurstsDroppedEvent]
// (emitter.Effect.DroppedBursts counts them too).
//
// The package imports donburi but not Ebitengine; its draw function lives
// in package system/layerdraw.
package system
