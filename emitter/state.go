package emitter

import (
	"cmp"
	"slices"
	"strconv"
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

// Restore replaces the effect's state with a copy of s, or returns the
// problems that make s a state no effect of this snapshot and options
// could be in, as [Problems], and leaves the effect as it was. A State is
// untrusted input (save games, netcode), so every field is checked as the
// methods that build it check theirs:
//   - Clock is not negative and Reach is not behind it;
//   - at most MaxBursts bursts, each at a clock >= 0 with a Count from 1 to
//     the snapshot's MaxParticles (AddBurst's cap) and an Index other than
//     NextBurst (indices count bursts and wrap at 2^32), no two with one
//     Index;
//   - at most MaxToggles toggles, at clocks >= 0, no two at one clock, each changing the
//     stream's state (the first from EnabledAtStart);
//   - fewer than MaxTrackSamples track samples, at clocks >= 0, no two at
//     one clock, with coordinates and rotations SetHost accepts.
//
// Seeds, the restart count and the flags may hold any value. Bursts,
// toggles and track samples are sorted by clock as State returns them; a
// hand-built state out of order is sorted first.
func (e *Effect) Restore(s State) error {
	bursts, toggles, track, err := e.checkState(&s)
	if err != nil {
		return err
	}
	e.invalidate()
	e.seed, e.baseSeed, e.randomSeed, e.restarts = s.Seed, s.BaseSeed, s.RandomSeed, s.Restarts
	e.clock, e.reach, e.playing = s.Clock, s.Reach, s.Playing
	e.bursts = append(e.bursts[:0], bursts...)
	e.nextBurst = s.NextBurst
	e.enabled0 = s.EnabledAtStart
	e.toggles = append(e.toggles[:0], toggles...)
	e.track.set(track)
	return nil
}

// maxStateProblems is how many problems Restore lists before it stops.
const maxStateProblems = 20

// checkState validates s for Restore and returns its bursts, toggles and
// track samples in order.
func (e *Effect) checkState(s *State) ([]Burst, []toggle, []TrackSample, error) {
	var p problemSink
	full := func() bool {
		if len(p.list) < maxStateProblems {
			return false
		}
		p.list = append(p.list[:maxStateProblems], Problem{Message: "more problems not listed"})
		return true
	}
	if s.Clock < 0 {
		p.add("Clock", "%d is negative", s.Clock)
	}
	if s.Reach < s.Clock {
		p.add("Reach", "%d is behind Clock %d", s.Reach, s.Clock)
	}
	if n := len(s.Bursts); n > e.maxBursts {
		p.add("Bursts", "%d bursts, more than MaxBursts %d", n, e.maxBursts)
	}
	if n := len(s.Toggles); n > MaxToggles {
		p.add("Toggles", "%d toggles, more than MaxToggles %d", n, MaxToggles)
	}
	if n := len(s.Track); n >= MaxTrackSamples {
		p.add("Track", "%d samples, more than a track keeps (MaxTrackSamples %d)", n, MaxTrackSamples-1)
	}
	if p.err() != nil {
		return nil, nil, nil, p.err() // counts too large to walk
	}

	bursts := slices.Clone(s.Bursts)
	for i, b := range bursts {
		f := "Bursts[" + strconv.Itoa(i) + "]"
		switch {
		case b.Time < 0:
			p.add(f+".Time", "%d is negative", b.Time)
		case b.Count < 1 || b.Count > e.snap.spec.MaxParticles:
			p.add(f+".Count", "%d is out of range [1, %d] (MaxParticles)", b.Count, e.snap.spec.MaxParticles)
		case b.Index == s.NextBurst:
			// Indices count bursts and wrap at 2^32, as AddBurst's do:
			// only the next burst's own index is one no kept burst has.
			p.add(f+".Index", "%d is NextBurst, the index the next burst gets", b.Index)
		}
		if full() {
			return nil, nil, nil, p.err()
		}
	}
	byIndex := slices.Clone(bursts)
	slices.SortFunc(byIndex, func(a, b Burst) int { return cmp.Compare(a.Index, b.Index) })
	for i := 1; i < len(byIndex); i++ {
		if byIndex[i].Index == byIndex[i-1].Index {
			p.add("Bursts", "two bursts have Index %d", byIndex[i].Index)
			break
		}
	}
	slices.SortStableFunc(bursts, func(a, b Burst) int {
		if a.Time != b.Time {
			return cmp.Compare(a.Time, b.Time)
		}
		return cmp.Compare(a.Index, b.Index)
	})

	in := slices.Clone(s.Toggles)
	slices.SortStableFunc(in, func(a, b Toggle) int { return cmp.Compare(a.At, b.At) })
	toggles := make([]toggle, len(in))
	on := s.EnabledAtStart
	for i, t := range in {
		f := "Toggles[" + strconv.Itoa(i) + "]"
		switch {
		case t.At < 0:
			p.add(f+".At", "%d is negative", t.At)
		case i > 0 && t.At == in[i-1].At:
			p.add(f+".At", "two toggles at clock %d", t.At)
		case t.On == on:
			p.add(f+".On", "%v does not change the stream's state (the toggles sorted by clock must alternate, from EnabledAtStart)", t.On)
		}
		on = t.On
		toggles[i] = toggle{at: t.At, on: t.On}
		if full() {
			return nil, nil, nil, p.err()
		}
	}

	track := slices.Clone(s.Track)
	slices.SortStableFunc(track, func(a, b TrackSample) int { return cmp.Compare(a.Clock, b.Clock) })
	for i, ts := range track {
		f := "Track[" + strconv.Itoa(i) + "]"
		switch {
		case ts.Clock < 0:
			p.add(f+".Clock", "%d is negative", ts.Clock)
		case i > 0 && ts.Clock == track[i-1].Clock:
			p.add(f+".Clock", "two samples at clock %d", ts.Clock)
		case !hostValue(ts.X) || !hostValue(ts.Y) || !hostValue(ts.Rotation):
			p.add(f, "placement (%s, %s) rotation %s is not finite or beyond MaxMagnitude %s",
				fmtNum(ts.X), fmtNum(ts.Y), fmtNum(ts.Rotation), fmtNum(MaxMagnitude))
		}
		if full() {
			return nil, nil, nil, p.err()
		}
	}
	return bursts, toggles, track, p.err()
}
