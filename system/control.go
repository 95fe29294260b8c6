package system

import (
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/yohamta/donburi"
)

// The controls act on an effect entity at the world clock and record the
// change on its timeline, so world seeks reproduce it. Each reports whether
// e is a live effect entity of w (false: nothing happened). Use them rather
// than the emitter.Effect's own methods, which bypass the component.Playing
// tag and the timeline.

// Emit fires a burst of n particles at the effect's clock. A paused effect
// is first restarted and played, as emitter.Effect.Emit does: clock 0, no
// history, a new seed with RandomSeed. When the effect already kept its
// MaxBursts, the burst recorded first is dropped and a [BurstsDropped]
// event is published.
func Emit(w donburi.World, e donburi.Entity, n int) bool {
	c, ok := begin(w, e)
	if !ok {
		return false
	}
	before := c.eff().DroppedBursts()
	if c.eff().Playing() {
		c.eff().Emit(n)
	} else {
		c.d.Timeline.NewRun(c.eff().State())
		c.eff().Emit(n)
		c.commit()
	}
	if total := c.eff().DroppedBursts(); total > before {
		BurstsDroppedEvent.Publish(w, BurstsDropped{Entity: e, Name: c.d.Name, Dropped: total - before, Total: total})
	}
	return true
}

// Play starts the effect's clock from where it is.
func Play(w donburi.World, e donburi.Entity) bool {
	c, ok := begin(w, e)
	if !ok {
		return false
	}
	if !c.eff().Playing() {
		c.eff().Play()
		c.commit()
	}
	return true
}

// Pause stops the effect's clock; the frame stays. A paused effect costs
// nothing per update.
func Pause(w donburi.World, e donburi.Entity) bool {
	c, ok := begin(w, e)
	if !ok {
		return false
	}
	if c.eff().Playing() {
		c.eff().Pause()
		c.commit()
	}
	return true
}

// SetTime moves the effect's clock to t seconds (rounded to the tick,
// clamped at 0; NaN leaves it), keeping its play state and history.
func SetTime(w donburi.World, e donburi.Entity, t float64) bool {
	c, ok := begin(w, e)
	if !ok {
		return false
	}
	c.eff().SetTime(t)
	c.commit()
	return true
}

// Restart returns the effect to clock 0 with no history (a new seed with
// RandomSeed) and plays it.
func Restart(w donburi.World, e donburi.Entity) bool {
	c, ok := begin(w, e)
	if !ok {
		return false
	}
	c.d.Timeline.NewRun(c.eff().State())
	c.eff().Restart()
	c.commit()
	return true
}

// SetSnapshot swaps the effect's snapshot (a hot-reloaded effect file),
// keeping its clock, seed and history (emitter.Effect.SetSnapshot), and
// tells its timeline when the new spec's TimeScale differs: world seeks to
// clocks before the swap then use the new scale and are not exact. A nil
// snapshot does nothing.
func SetSnapshot(w donburi.World, e donburi.Entity, snap *emitter.Snapshot) bool {
	d, ok := component.Get(w, e)
	if !ok || d.Effect == nil {
		return false
	}
	if snap == nil {
		return true
	}
	d.Effect.SetSnapshot(snap)
	if ts := snap.Spec().TimeScale; ts != d.Timeline.TimeScale() {
		d.Timeline.SetTimeScale(ts)
	}
	return true
}

// Find returns the live effect entity of w named name (see
// component.RegistryData.Lookup: names are unique per world). An effect
// is named by component.SpawnOptions.Name or, without one, by its effect
// file's Name field.
func Find(w donburi.World, name string) (donburi.Entity, bool) {
	if w == nil {
		return donburi.Null, false
	}
	return component.GetRegistry(w).Lookup(w, name)
}

// control is a control in progress on one effect entity.
type control struct {
	w   donburi.World
	e   donburi.Entity
	d   *component.EffectData
	reg *component.RegistryData
}

func (c *control) eff() *emitter.Effect { return c.d.Effect }

// begin looks e up and prepares its timeline for a change at the world
// clock: a dormant effect is spawned now, and a rewound one (the world
// clock behind the furthest reached) loses its recorded future, segments
// and bursts after its clock alike.
func begin(w donburi.World, e donburi.Entity) (control, bool) {
	d, ok := component.Get(w, e)
	if !ok || d.Effect == nil {
		return control{}, false
	}
	c := control{w: w, e: e, d: d, reg: component.GetRegistry(w)}
	now := c.reg.Now
	switch {
	case d.Dormant:
		d.Dormant = false
		d.Timeline.Respawn(now)
		d.Effect.Pause()
		d.Effect.Clear()
		record(d, c.reg, c.reg.Step)
		setTag(w, e, component.Playing, false)
		setTag(w, e, component.Pending, false)
	case now < c.reg.Reach:
		d.Timeline.Truncate(now)
		dropFuture(d.Effect)
		setTag(w, e, component.Pending, false)
	}
	return c, true
}

// commit records the effect's new state as a segment at the world clock
// and tags it.
func (c *control) commit() {
	record(c.d, c.reg, c.reg.Step)
	setTag(c.w, c.e, component.Playing, c.eff().Playing())
}

// dropFuture removes the bursts, Enabled toggles and host track samples
// recorded after the effect's clock.
func dropFuture(e *emitter.Effect) {
	st := e.State()
	var b, t, s bool
	st.Bursts, b = upTo(st.Bursts, st.Clock, func(x emitter.Burst) emitter.Ticks { return x.Time })
	st.Toggles, t = upTo(st.Toggles, st.Clock, func(x emitter.Toggle) emitter.Ticks { return x.At })
	st.Track, s = upTo(st.Track, st.Clock, func(x emitter.TrackSample) emitter.Ticks { return x.Clock })
	if b || t || s {
		// The effect's own state less its future: valid, so Restore cannot
		// refuse it (and would leave the effect as it is if it did).
		_ = e.Restore(st)
	}
}

// upTo keeps the entries of list at or before clock c, in place, and
// reports whether any was dropped.
func upTo[T any](list []T, c emitter.Ticks, at func(T) emitter.Ticks) ([]T, bool) {
	keep := list[:0]
	for _, x := range list {
		if at(x) <= c {
			keep = append(keep, x)
		}
	}
	return keep, len(keep) != len(list)
}
