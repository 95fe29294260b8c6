package system

import (
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/yohamta/donburi"
)

// Clock returns w's world clock in ticks (0 for a nil world). Like
// component.GetRegistry, it creates w's registry entity when w has none,
// so call it outside a query's iteration.
func Clock(w donburi.World) emitter.Ticks {
	if w == nil {
		return 0
	}
	return component.GetRegistry(w).Now
}

// Time returns w's world clock in seconds (0 for a nil world), as Clock.
func Time(w donburi.World) float64 { return Clock(w).Seconds() }

// Seek moves w's world clock to t seconds (rounded to the tick, clamped at
// 0; NaN does nothing) and sets every effect to what stepping showed, or
// will show, at that clock: see [SeekClock].
func Seek(w donburi.World, t float64) {
	if t != t {
		return
	}
	SeekClock(w, emitter.SecondsToTicks(t))
}

// SeekClock moves w's world clock to t ticks (clamped at 0), sets every
// mounted level's clock from it (dormant before its mount; see
// component.LevelData) and sets every effect entity from its timeline
// (package doc, Seeking): its run, clock and play state as stepping had
// them at t. Effects spawned after t turn
// dormant, effects whose timeline continues after t are tagged
// component.Pending and replay it as the scheduler steps on. Seeking past
// the furthest clock reached extrapolates: playing effects keep playing.
// Hosts are not sampled; a transform-following effect shows its recorded
// track.
func SeekClock(w donburi.World, t emitter.Ticks) {
	if w == nil {
		return
	}
	var sk seeker
	sk.seek(w, component.GetRegistry(w), max(t, 0))
}

// seeker seeks worlds, reusing its entity buffer.
type seeker struct {
	buf     []donburi.Entity
	collect func(*donburi.Entry)
	levels  levelSync
}

// seek moves w's clock to t and sets every effect from its timeline.
func (sk *seeker) seek(w donburi.World, reg *component.RegistryData, t emitter.Ticks) {
	reg.Now = t
	reg.Reach = max(reg.Reach, t)
	sk.levels.sync(w, t)
	if sk.collect == nil {
		sk.collect = func(e *donburi.Entry) { sk.buf = append(sk.buf, e.Entity()) }
	}
	sk.buf = sk.buf[:0]
	component.Query().Each(w, sk.collect) // tags change below, not while iterating
	for _, ent := range sk.buf {
		entry := w.Entry(ent)
		d := component.Effect.Get(entry)
		if d.Effect == nil || d.Timeline.Current() < 0 {
			continue
		}
		playing, pending := apply(d, t)
		setTag(w, ent, component.Playing, playing)
		setTag(w, ent, component.Pending, pending)
	}
	clear(sk.buf)
}

// apply sets an effect from its timeline at world clock at and returns
// whether it plays and whether its timeline goes on after at.
func apply(d *component.EffectData, at emitter.Ticks) (playing, pending bool) {
	tl := &d.Timeline
	e := d.Effect
	if at < tl.Spawn {
		d.Dormant = true
		e.Pause()
		return false, true
	}
	d.Dormant = false
	i := tl.Index(at)
	if i < 0 {
		return e.Playing(), false
	}
	seg := tl.Segments()[i]
	tl.SwitchRun(e, seg.Run)
	e.SetClock(seg.ClockAt(at, tl.TimeScale()))
	if seg.Playing {
		e.Play()
	} else {
		e.Pause()
	}
	tl.SetCurrent(i)
	return seg.Playing, tl.HasFuture()
}
