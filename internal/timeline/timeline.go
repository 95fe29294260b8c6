// Package timeline is an effect entity's play history in world time, the
// data behind world seeks of the donburi plugin: package component stores
// a [Timeline] in each effect entity, and only package system reads and
// changes it, which is why it lives here rather than in either's API.
package timeline

import (
	"sort"

	"github.com/emberfx/ember/emitter"
)

// Segment is a stretch of an effect's [Timeline]: from world clock World
// on, until the next segment, the effect is at clock Clock and, when
// Playing, advances with the world clock.
type Segment struct {
	// World is the world clock at which the segment starts.
	World emitter.Ticks
	// Clock is the effect's clock at World.
	Clock emitter.Ticks
	// Step is the scheduler's world step during the segment (0 when not
	// known yet). It matters only for an effect whose TimeScale is not 1,
	// whose clock moves by round(Step × TimeScale) per update.
	Step emitter.Ticks
	// Playing says whether the effect's clock runs during the segment.
	Playing bool
	// Run counts the effect's restarts since it was spawned: segments of
	// different runs show different histories (bursts, toggles, track).
	Run uint32
}

// ClockAt returns the effect clock at world clock at (at >= s.World) for an
// effect of the given TimeScale: the clock the scheduler's steps reach. A
// playing effect moves by Step.Scale(timeScale) per whole step and by the
// remainder's Scale for a partial one, so the result is exactly what
// stepping gave at every update and a rounding of it between updates. It
// saturates as emitter.Ticks does and clamps at 0.
func (s Segment) ClockAt(at emitter.Ticks, timeScale float64) emitter.Ticks {
	if !s.Playing || at <= s.World {
		return s.Clock
	}
	d := at - s.World
	var adv emitter.Ticks
	if s.Step <= 0 {
		adv = d.Scale(timeScale)
	} else {
		adv = s.Step.Scale(timeScale).Mul(int64(d / s.Step)).Add((d % s.Step).Scale(timeScale))
	}
	return max(s.Clock.Add(adv), 0)
}

// Timeline is an effect's play history in world time: when it was spawned,
// and a segment per change of its play state (play, pause, SetTime,
// restart). With it, a world seek sets the effect to the clock stepping
// showed at any world clock within its history, and replays the recorded
// future when the world steps forward again.
//
// A restart clears an effect's history, so the timeline keeps the state of
// each earlier run (emitter.State) and restores it when a seek goes back
// into that run. Segments and runs older than the effect's History behind
// the furthest world clock are dropped; seeks further back are not exact.
//
// Package system maintains it.
type Timeline struct {
	// Spawn is the world clock at which the effect was created.
	Spawn emitter.Ticks

	history emitter.Ticks
	scale   float64 // the effect's TimeScale
	segs    []Segment
	cur     int // the segment the effect follows
	run     uint32
	saved   []savedRun // states of runs other than the live one
}

type savedRun struct {
	run   uint32
	state emitter.State
}

// Init starts a timeline at world clock spawn for an effect of the given
// TimeScale, keeping history ticks of it; a negative or zero history keeps
// emitter.DefaultHistory seconds.
func (t *Timeline) Init(spawn, history emitter.Ticks, timeScale float64) {
	if history <= 0 {
		history = emitter.SecondsToTicks(emitter.DefaultHistory)
	}
	*t = Timeline{Spawn: spawn, history: history, scale: timeScale}
}

// TimeScale returns the effect's TimeScale as the timeline knows it.
func (t *Timeline) TimeScale() float64 { return t.scale }

// SetTimeScale tells the timeline the effect's TimeScale changed (after
// Effect.SetSnapshot with a spec of another TimeScale). Seeks to world
// clocks before the change then use the new scale and are not exact.
func (t *Timeline) SetTimeScale(ts float64) { t.scale = ts }

// Segments returns the segments kept, oldest first (read only).
func (t *Timeline) Segments() []Segment { return t.segs }

// Current returns the index of the segment the effect follows now (-1
// when there is none).
func (t *Timeline) Current() int {
	if len(t.segs) == 0 {
		return -1
	}
	return t.cur
}

// SetCurrent makes segment i the one the effect follows.
func (t *Timeline) SetCurrent(i int) {
	if i >= 0 && i < len(t.segs) {
		t.cur = i
	}
}

// Run returns the run the effect's live state belongs to.
func (t *Timeline) Run() uint32 { return t.run }

// Index returns the index of the segment in force at world clock at: the
// last one starting at or before it, or 0 when every segment kept starts
// later; -1 when there are none.
func (t *Timeline) Index(at emitter.Ticks) int {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].World > at })
	if i == 0 && len(t.segs) == 0 {
		return -1
	}
	return max(i-1, 0)
}

// HasFuture reports whether a segment starts after the current one.
func (t *Timeline) HasFuture() bool { return len(t.segs) > 0 && t.cur < len(t.segs)-1 }

// Next returns the segment after the current one.
func (t *Timeline) Next() (Segment, bool) {
	if !t.HasFuture() {
		return Segment{}, false
	}
	return t.segs[t.cur+1], true
}

// Record appends s as the current segment. Segments starting at or after
// s.World are dropped first (recording rewrites the future), then those
// older than the history behind now, the world clock. The horizon follows
// the world clock, not the furthest clock reached: a world seeked far
// ahead (extrapolating) and back would otherwise drop every segment it
// records from then on, and rewinding could never be exact again.
func (t *Timeline) Record(s Segment, now emitter.Ticks) {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].World >= s.World })
	t.segs = append(t.segs[:i], s)
	t.cur = len(t.segs) - 1
	t.prune(now - t.history)
}

// prune drops the segments that end at or before horizon, keeping the one
// in force at it, and the saved runs no remaining segment refers to. It
// compacts once the droppable prefix is half the list.
func (t *Timeline) prune(horizon emitter.Ticks) {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].World > horizon })
	if i > 1 && 2*(i-1) >= len(t.segs) {
		n := i - 1
		t.segs = append(t.segs[:0], t.segs[n:]...)
		t.cur = max(t.cur-n, 0)
	}
	if len(t.segs) > 0 {
		first := t.segs[0].Run
		k := 0
		for _, s := range t.saved {
			if s.run >= first {
				t.saved[k] = s
				k++
			}
		}
		clear(t.saved[k:])
		t.saved = t.saved[:k]
	}
}

// Truncate drops the segments after world clock now and the saved runs
// after the live one: the recorded future after a seek backwards, which a
// new control rewrites.
func (t *Timeline) Truncate(now emitter.Ticks) {
	i := sort.Search(len(t.segs), func(i int) bool { return t.segs[i].World > now })
	t.segs = t.segs[:i]
	t.cur = min(t.cur, max(len(t.segs)-1, 0))
	k := 0
	for _, s := range t.saved {
		if s.run < t.run {
			t.saved[k] = s
			k++
		}
	}
	clear(t.saved[k:])
	t.saved = t.saved[:k]
}

// Respawn restarts the timeline at world clock now, with no segments or
// saved runs: for a control applied to a dormant effect.
func (t *Timeline) Respawn(now emitter.Ticks) {
	t.Spawn = now
	t.segs = t.segs[:0]
	t.cur = 0
	clear(t.saved)
	t.saved = t.saved[:0]
}

// NewRun saves live, the state of the run ending now, and returns the
// number of the run starting: call it just before restarting the effect.
func (t *Timeline) NewRun(live emitter.State) uint32 {
	t.save(t.run, live)
	t.run++
	return t.run
}

func (t *Timeline) save(run uint32, st emitter.State) {
	for i := range t.saved {
		if t.saved[i].run == run {
			t.saved[i].state = st
			return
		}
	}
	t.saved = append(t.saved, savedRun{run, st})
}

// SwitchRun makes run the effect's live run: it saves the live state under
// the current run and restores the one saved for run. A run no longer kept
// (older than the history) leaves the effect cleared.
func (t *Timeline) SwitchRun(e *emitter.Effect, run uint32) {
	if run == t.run || e == nil {
		return
	}
	t.save(t.run, e.State())
	t.run = run
	for _, s := range t.saved {
		if s.run == run {
			if e.Restore(s.state) != nil {
				e.Clear() // not a state of this effect's snapshot any more
			}
			return
		}
	}
	e.Clear()
}
