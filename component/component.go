package component

import (
	"image"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/timeline"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// EffectData is the component of an effect entity.
type EffectData struct {
	// Effect is the effect instance: its snapshot, seed, clock, play state
	// and history (bursts, Enabled toggles, the host's track).
	Effect *emitter.Effect
	// Name identifies the effect for system.Find and in system.EffectDone;
	// empty for none. Names are unique among the live effects of a world
	// (see [RegistryData.Lookup]); set them through [SpawnOptions.Name].
	Name string
	// OneShot retires the effect once it is drained (Effect.Done while
	// playing): the scheduler removes the entity and publishes
	// system.EffectDone. An effect whose stream stays enabled never drains.
	OneShot bool
	// Texture is the particle texture, straight alpha; nil draws the
	// built-in sprite.
	Texture image.Image
	// Strip is the colour strip, straight alpha; used only when the spec's
	// ColorStrip is set.
	Strip image.Image
	// HostWidth and HostHeight are the host rectangle in pixels at a
	// transform scale of 1: the scheduler sizes the effect's host by them
	// times the transform's world scale, so a scaled entity scales its
	// effect (sizes, distances and emission area, in relative units).
	HostWidth, HostHeight float64
	// X and Y are a screen offset in pixels added when drawing, for
	// effects without a transform. An effect with a transform is placed by
	// its host track (fed from the transform) and normally leaves them 0.
	X, Y float64
	// Timeline is the effect's play history in world time, kept by package
	// system for world seeks; its type is internal to Ember. Change an
	// effect's snapshot with system.SetSnapshot, which tells it.
	Timeline timeline.Timeline
	// Dormant is true while a world seek has moved the world clock to before
	// the effect was spawned: it exists but was not there yet, so renderers
	// skip it (see [EffectData.Visible]) and the scheduler wakes it when the
	// world clock reaches its spawn.
	Dormant bool
}

// Visible reports whether the effect is drawn: it has an Effect and is not
// dormant.
func (d *EffectData) Visible() bool { return d != nil && d.Effect != nil && !d.Dormant }

// Effect is the component type of effect entities.
var Effect = donburi.NewComponentType[EffectData]().SetName("ember.Effect")

// Playing tags the effect entities whose clock runs. The scheduler iterates
// only these, so a paused effect costs nothing per update. Package system
// keeps it in step with Effect.Playing.
var Playing = donburi.NewTag("ember.Playing")

// Pending tags the effect entities whose [Timeline] has segments after the
// world clock: after a world seek backwards, the scheduler replays those
// segments as the world clock reaches them.
var Pending = donburi.NewTag("ember.Pending")

var (
	effectQuery  = donburi.NewQuery(filter.Contains(Effect))
	playingQuery = donburi.NewQuery(filter.Contains(Effect, Playing))
)

// Get returns the effect data of entity e, and false when e is not a live
// effect entity of w.
func Get(w donburi.World, e donburi.Entity) (*EffectData, bool) {
	if !valid(w, e) {
		return nil, false
	}
	entry := w.Entry(e)
	if !entry.HasComponent(Effect) {
		return nil, false
	}
	return Effect.Get(entry), true
}

// valid reports whether e is a live entity of w. donburi's World.Valid
// indexes past its table for an entity id that w never made (one of
// another world); that is a false here, not a panic.
func valid(w donburi.World, e donburi.Entity) (ok bool) {
	if w == nil || e == donburi.Null {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return w.Valid(e)
}

// Query returns a cached query of every effect entity.
func Query() *donburi.Query { return effectQuery }

// PlayingQuery returns a cached query of the playing effect entities.
func PlayingQuery() *donburi.Query { return playingQuery }
