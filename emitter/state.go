package emitter

import (
	"slices"
	"sort"
)

// State is everything an [Effect] remembers, as plain data: with its
// snapshot and options it determines every frame. Save it for rollback
// netcode, replays or save games, and Restore it to resume exactly.
type State struct {
	Seed, BaseSeed uint32
	RandomSeed     bool
	Restarts       uint32
	Clock          Ticks
	// Reach is the furthest clock reached since the last restart (history
	// is kept within the History behind it).
	Reach   Ticks
	Playing bool
	Bursts  []Burst
	// NextBurst is the index the next burst gets.
	NextBurst uint32
	// EnabledAtStart is the stream's state before the first toggle.
	EnabledAtStart bool
	Toggles        []Toggle
	Track          []TrackSample
}

// Toggle is a change of the stream's Enabled state at a clock.
type Toggle struct {
	At Ticks
	On bool
}

// State returns a deep copy of the effect's state.
func (e *Effect) State() State {
	s := State{
		Seed: e.seed, BaseSeed: e.baseSeed, RandomSeed: e.randomSeed, Restarts: e.restarts,
		Clock: e.clock, Reach: e.reach, Playing: e.playing,
		Bursts:         append([]Burst(nil), e.bursts...),
		NextBurst:      e.nextBurst,
		EnabledAtStart: e.enabled0,
		Track:          append([]TrackSample(nil), e.track.samples...),
	}
	for _, t := range e.toggles {
		s.Toggles = append(s.Toggles, Toggle{At: t.at, On: t.on})
	}
	return s
}

// Restore replaces the effect's state with a copy of s. Bursts, toggles and
// track samples are sorted by clock as Restore expects them from State; a
// hand-built state out of order is sorted first.
func (e *Effect) Restore(s State) {
	e.invalidate()
	e.seed, e.baseSeed, e.randomSeed, e.restarts = s.Seed, s.BaseSeed, s.RandomSeed, s.Restarts
	e.clock, e.reach, e.playing = max(s.Clock, 0), max(s.Reach, s.Clock, 0), s.Playing
	e.bursts = e.bursts[:0]
	for _, b := range s.Bursts {
		e.bursts = insertBurst(e.bursts, b)
	}
	e.nextBurst = s.NextBurst
	e.enabled0 = s.EnabledAtStart
	e.toggles = e.toggles[:0]
	for _, t := range s.Toggles {
		i := len(e.toggles)
		for i > 0 && e.toggles[i-1].at > t.At {
			i--
		}
		e.toggles = append(e.toggles, toggle{})
		copy(e.toggles[i+1:], e.toggles[i:])
		e.toggles[i] = toggle{at: t.At, on: t.On}
	}
	track := make([]TrackSample, 0, len(s.Track))
	for _, ts := range s.Track {
		i := sort.Search(len(track), func(i int) bool { return track[i].Clock >= ts.Clock })
		if i < len(track) && track[i].Clock == ts.Clock {
			track[i] = ts
			continue
		}
		track = slices.Insert(track, i, ts)
	}
	e.track.set(track)
}
