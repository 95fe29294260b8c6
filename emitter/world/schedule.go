package world

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// BirthSchedule returns the births of one emission of e as offsets in
// seconds from the emission's start, sorted ascending: rate births at
// n/Rate for every n with n/Rate < Duration, and Count births at the Time
// of each burst. The excluded endpoint is tested on the float64 offsets
// n/Rate before they are rounded to float32, so a product that rounds up
// (0.28 × 25 is 7.000000000000001 in float64) adds no birth at the
// endpoint, and an offset just below it stays even when its float32 equals
// the float32 duration. A positive rate always births at 0, however small
// Rate × Duration (Duration 0 included). Equal offsets are interchangeable,
// so the sorted result does not depend on how ties are ordered.
//
// It fails, naming the fields (rate, duration_seconds, bursts[i].count,
// ...), on a non-finite or negative number, more than MaxBursts bursts, a
// burst of fewer than 1 birth, or more than MaxSlotsPerEmitter births in
// all; it never allocates for more than that.
func BirthSchedule(e *Emitter) ([]float32, error) {
	var s sink
	if e == nil {
		s.add("the emitter is nil")
		return nil, s.err()
	}
	rate, total := birthCounts(&s, e)
	if err := s.err(); err != nil {
		return nil, err
	}
	return appendBirths(make([]float32, 0, total), e, rate), nil
}

// rateBirths returns the number of n >= 0 with float64(n)/rate < duration,
// at least 1 for a positive rate; ok is false when that exceeds
// MaxSlotsPerEmitter. The estimate ceil(duration × rate) is corrected on
// the actual offsets.
func rateBirths(rate, duration float64) (n int, ok bool) {
	if !(rate > 0) {
		return 0, true
	}
	x := duration * rate
	if !(x <= MaxSlotsPerEmitter+1) {
		return 0, false
	}
	n = int(math.Ceil(x))
	for n > 0 && float64(n-1)/rate >= duration {
		n--
	}
	for float64(n)/rate < duration {
		n++
	}
	n = max(n, 1)
	return n, n <= MaxSlotsPerEmitter
}

// birthCounts checks the fields that make an emission's births and
// returns the number of rate births and of all births, both 0 after a
// problem.
func birthCounts(s *sink, e *Emitter) (rate, total int) {
	n := len(s.list)
	s.number("rate", e.Rate, 0, MaxMagnitude)
	s.number("duration_seconds", e.Duration, 0, MaxSeconds)
	m := s.enter("bursts")
	if len(e.Bursts) > MaxBursts {
		s.add("%d timed bursts; at most %d", len(e.Bursts), MaxBursts)
	}
	for i, b := range e.Bursts {
		if !finite(b.Time) || b.Time < 0 || b.Time > MaxSeconds || b.Count < 1 || b.Count > MaxSlotsPerEmitter {
			k := s.enterIndex(i)
			s.number("time_seconds", b.Time, 0, MaxSeconds)
			s.integer("count", b.Count, 1, MaxSlotsPerEmitter)
			s.leave(k)
		}
	}
	s.leave(m)
	if len(s.list) != n {
		return 0, 0
	}
	rate, ok := rateBirths(e.Rate, e.Duration)
	if !ok {
		s.addAt("rate", "%s births per second for duration_seconds %s is more than %d births",
			num(e.Rate), num(e.Duration), MaxSlotsPerEmitter)
		return 0, 0
	}
	total = rate
	for _, b := range e.Bursts {
		total += b.Count
	}
	if total > MaxSlotsPerEmitter {
		s.addAt("bursts", "an emission has %d births (%d from the rate, %d from bursts); at most %d",
			total, rate, total-rate, MaxSlotsPerEmitter)
		return 0, 0
	}
	return rate, total
}

// appendBirths appends the sorted float32 births of one emission: the
// rate's, ascending already, merged with the bursts', sorted by time.
func appendBirths(dst []float32, e *Emitter, rate int) []float32 {
	var buf [MaxBursts]Burst
	bursts := append(buf[:0], e.Bursts[:min(len(e.Bursts), MaxBursts)]...)
	slices.SortFunc(bursts, func(a, b Burst) int { return cmp.Compare(float32(a.Time), float32(b.Time)) })
	n := 0
	for _, b := range bursts {
		t := float32(b.Time)
		for ; n < rate; n++ {
			r := float32(float64(n) / e.Rate)
			if r > t {
				break
			}
			dst = append(dst, r)
		}
		for range b.Count {
			dst = append(dst, t)
		}
	}
	for ; n < rate; n++ {
		dst = append(dst, float32(float64(n)/e.Rate))
	}
	return dst
}

// CycleGroups returns how many emissions of a cycling emitter can have
// live particles at once: max(1, ceil(float32(maxLifetime) /
// float32(period))), the ratio of the uploaded float32 values taken in
// float64. That ratio of two float32 values is never within float64
// rounding of an integer it is not equal to, so the ceiling is exact and a
// particle of the uploaded maximum lifetime dies no later than its slot's
// next birth, Groups periods on: no slot is reused early. With
// maxLifetime 0.3 and period 0.1 it is 4, not 3: float32(0.3) is
// 0.30000001192092896, more than three float32(0.1) = 0.10000000149011612.
// A non-positive or NaN ratio gives 1; the result is capped at
// math.MaxInt32, far above any capacity.
func CycleGroups(maxLifetime, period float64) int {
	g := math.Ceil(float64(float32(maxLifetime)) / float64(float32(period)))
	switch {
	case !(g >= 1):
		return 1
	case g > math.MaxInt32:
		return math.MaxInt32
	}
	return int(g)
}

// Schedule is an emitter's compiled birth schedule: the data a renderer
// uploads once per emitter, in the float32 values a GPU receives. A slot's
// particle at any clock follows from it in O(1) (see [Schedule.Birth]).
//
// Slots are laid out in Groups groups of len(Births) slots: slot
// g·len(Births) + i holds birth i of the emissions k with k mod Groups ==
// g, the latest of them already born. A once emitter has one group and a
// single emission. Slots from Slots() up to the preset's Capacity stay
// inactive.
type Schedule struct {
	// Births are the offsets of one emission's births, seconds, sorted
	// ascending: [BirthSchedule].
	Births []float32
	// Playback is PlayOnce or PlayCycle.
	Playback Playback
	// Period is the uploaded cycle length (float32 of the emitter's
	// Period) when cycling, 0 otherwise.
	Period float32
	// Groups is [CycleGroups] when cycling, 1 otherwise.
	Groups int
	// Delay is the level clock of the first emission's start, seconds.
	// It stays on the CPU (float64): see [Cycle].
	Delay float64
	// MaxLifetime is the uploaded longest lifetime (float32 of the
	// preset's Lifetime.Max).
	MaxLifetime float32
}

// NewSchedule checks e's schedule fields against the rules of its
// playback and returns its compiled schedule for particles that live at
// most maxLifetime seconds (the preset's Lifetime.Max). Besides the
// rules of [BirthSchedule]: delay_seconds is in [0, MaxSeconds]; a once
// emitter has period_seconds 0; a cycling one has a period in
// (0, MaxSeconds] no shorter than duration_seconds, and every birth
// strictly before the float32 period, as uploaded; the emitter births at
// least once. Problems name e's fields (period_seconds, bursts[2].count).
func NewSchedule(e *Emitter, maxLifetime float64) (Schedule, error) {
	var s sink
	if e == nil {
		s.add("the emitter is nil")
		return Schedule{}, s.err()
	}
	if !finite(maxLifetime) || !(maxLifetime > 0) || maxLifetime > MaxSeconds {
		s.addAt("lifetime.max", "%s is not a lifetime in (0, %d] seconds", num(maxLifetime), MaxSeconds)
		return Schedule{}, s.err()
	}
	sch, _ := buildSchedule(&s, e, maxLifetime)
	return sch, s.err()
}

// buildSchedule is NewSchedule with problems reported under the sink's
// current path.
func buildSchedule(s *sink, e *Emitter, maxLifetime float64) (Schedule, bool) {
	n := len(s.list)
	rate, total := birthCounts(s, e)
	countsOK := len(s.list) == n
	s.number("delay_seconds", e.Delay, 0, MaxSeconds)
	s.enum("playback", uint8(e.Playback), playbackNames)
	switch e.Playback {
	case PlayOnce:
		if e.Period != 0 {
			s.addAt("period_seconds", "%s is set, but playback is once: period_seconds is only for cycle playback", num(e.Period))
		}
	case PlayCycle:
		switch {
		case !finite(e.Period) || !(e.Period > 0) || e.Period > MaxSeconds:
			s.addAt("period_seconds", "%s is not a period in (0, %d] seconds, which cycle playback needs", num(e.Period), MaxSeconds)
		case finite(e.Duration) && e.Duration > e.Period:
			s.addAt("duration_seconds", "%s is longer than period_seconds %s: an emission must fit its cycle",
				num(e.Duration), num(e.Period))
		}
	}
	if countsOK && total == 0 {
		s.add("emits nothing: rate is 0 and there are no bursts")
	}
	if len(s.list) != n {
		return Schedule{}, false
	}
	sch := Schedule{
		Births:      appendBirths(make([]float32, 0, total), e, rate),
		Playback:    e.Playback,
		Groups:      1,
		Delay:       e.Delay,
		MaxLifetime: float32(maxLifetime),
	}
	if e.Playback == PlayCycle {
		p := float32(e.Period)
		if rate > 0 {
			if last := float32(float64(rate-1) / e.Rate); last >= p {
				s.addAt("duration_seconds", "the last rate birth, at %s s, is not before period_seconds %s once both are float32 (%s >= %s): cycling births must fall strictly inside the period",
					num(float64(rate-1)/e.Rate), num(e.Period), num(float64(last)), num(float64(p)))
			}
		}
		for i, b := range e.Bursts {
			if t := float32(b.Time); t >= p {
				m := s.enter("bursts")
				k := s.enterIndex(i)
				s.addAt("time_seconds", "%s is not before period_seconds %s once both are float32 (%s >= %s): cycling births must fall strictly inside the period",
					num(b.Time), num(e.Period), num(float64(t)), num(float64(p)))
				s.leave(k)
				s.leave(m)
			}
		}
		sch.Period = p
		sch.Groups = CycleGroups(maxLifetime, e.Period)
	}
	return sch, len(s.list) == n
}

// Slots returns the number of slots the schedule reserves: Groups ×
// len(Births).
func (s *Schedule) Slots() int { return s.Groups * len(s.Births) }

// Cycle is where an emitter's schedule stands at a level clock. It is the
// O(1) data a GPU evaluator receives from the CPU per emitter and frame, so
// that no shader ever converts a large clock to float32: the CPU subtracts
// Delay and the whole periods in float64, and the shader gets Phase
// (float32, below Period, or below the last birth plus MaxLifetime for a
// once emitter), Index mod Groups and min(Index, 2·Groups) (small integers)
// and Base as two uint32 halves. Per slot it then computes, in the small
// numbers of [Schedule.Birth], the group offset d, the age Phase + d·Period
// - Births[i] and the birth number Base - d·len(Births) + i (a 32-bit
// subtraction with borrow).
type Cycle struct {
	// Active reports whether any slot can hold a live particle: the
	// clock has reached Delay and, for a once emitter, not yet passed
	// the last birth plus MaxLifetime.
	Active bool
	// Index is the emission the clock is in: 0 for a once emitter.
	Index int64
	// Phase is the time since emission Index began, seconds: in
	// [0, Period) when cycling.
	Phase float64
	// Base is the birth number of emission Index's first birth:
	// Index × len(Births).
	Base uint64
}

// At returns the cycle at the level clock. It is a pure function of the
// schedule and the clock. Clocks before Delay, and clocks more than 2^62
// periods on, are inactive.
func (s *Schedule) At(clock float64) Cycle {
	t := clock - s.Delay
	if !(t >= 0) || len(s.Births) == 0 {
		return Cycle{}
	}
	if s.Playback != PlayCycle {
		end := float64(s.Births[len(s.Births)-1]) + float64(s.MaxLifetime)
		return Cycle{Active: t < end, Phase: t}
	}
	p := float64(s.Period)
	k := math.Floor(t / p)
	if !(k < 1<<62) {
		return Cycle{}
	}
	// One rounding: t - k·p is exact to the last bit of Phase, however
	// large k.
	phase := math.FMA(-k, p, t)
	if phase < 0 { // t/p rounded up to the next whole number
		k--
		phase = math.FMA(-k, p, t)
	}
	if phase >= p { // the exact difference is below p but rounds to it
		phase = math.Nextafter(p, 0)
	}
	n := int64(k)
	return Cycle{Active: true, Index: n, Phase: phase, Base: uint64(n) * uint64(len(s.Births))}
}

// Birth returns the particle slot holds at cycle c: its age in seconds
// (not yet compared with its lifetime), its birth number (the emission
// number times len(Births) plus its index in Births: it grows across
// cycles, so every cycle's particles vary) and its emission number. ok is
// false for an inactive cycle, a spare slot (at or beyond Slots()), a
// negative slot, and a slot whose first birth is still to come.
//
// For slot g·len(Births) + i of a cycling emitter the particle is birth i
// of emission Index - d, where d = (Index - g) mod Groups, or d + Groups
// when birth i of emission Index - d is still in the future; its age is
// Phase + d·Period - Births[i], below (Groups+1)·Period. A once emitter's
// slot i holds birth i, of age Phase - Births[i].
func (s *Schedule) Birth(c Cycle, slot int) (age float64, birth uint64, emission int64, ok bool) {
	b := len(s.Births)
	if !c.Active || slot < 0 || slot >= s.Slots() {
		return 0, 0, 0, false
	}
	if s.Playback != PlayCycle {
		return s.birthIn(c, 0, slot)
	}
	return s.birthIn(c, s.groupOffset(c, slot/b), slot%b)
}

// groupOffset is d = (Index - g) mod Groups: group g's latest emission is
// Index - d.
func (s *Schedule) groupOffset(c Cycle, g int) int64 {
	groups := int64(s.Groups)
	return ((c.Index-int64(g))%groups + groups) % groups
}

// birthIn is Birth for birth i of the group whose offset is d (0 for a
// once emitter): emission Index - d, or Index - d - Groups while birth i of
// that one is still to come.
func (s *Schedule) birthIn(c Cycle, d int64, i int) (age float64, birth uint64, emission int64, ok bool) {
	born := float64(s.Births[i])
	if s.Playback != PlayCycle {
		age = c.Phase - born
		return age, uint64(i), 0, age >= 0
	}
	p := float64(s.Period)
	age = c.Phase + float64(float64(d)*p) - born
	if age < 0 {
		d += int64(s.Groups)
		age = c.Phase + float64(float64(d)*p) - born
	}
	if d > c.Index {
		return 0, 0, 0, false
	}
	return age, c.Base - uint64(d)*uint64(len(s.Births)) + uint64(i), c.Index - d, true
}

// RequiredCapacity returns the number of slots preset d.Presets[preset]
// must have: the most that any emitter using it reserves (its schedule's
// Slots). It fails when the preset's Capacity is smaller, naming the
// emitter, when an emitter using it has an invalid schedule, and when
// preset is not an index of d.Presets. Spare slots beyond the requirement
// stay inactive.
func RequiredCapacity(d *Document, preset int) (int, error) {
	if d == nil {
		return 0, fmt.Errorf("world: the document is nil")
	}
	if preset < 0 || preset >= len(d.Presets) {
		return 0, fmt.Errorf("world: %d is not a preset index (the document has %d)", preset, len(d.Presets))
	}
	p := &d.Presets[preset]
	var err error
	need, by := capacityNeed(d.Emitters, preset, func(i int) (int, bool) {
		sch, e := NewSchedule(&d.Emitters[i], p.Lifetime.Max)
		if e != nil && err == nil {
			err = fmt.Errorf("world: emitter %d (%q): %w", i, d.Emitters[i].Name, e)
		}
		return sch.Slots(), e == nil
	})
	if err != nil {
		return 0, err
	}
	if need > p.Capacity {
		return need, fmt.Errorf("world: preset %q has capacity %d, but emitter %q reserves %d slots",
			p.Name, p.Capacity, d.Emitters[by].Name, need)
	}
	return need, nil
}
