package emitter

import (
	"math"

	"github.com/emberfx/ember/internal/hash"
)

// EffectOptions configures an [Effect]. The zero value, or nil, gives the
// documented defaults.
type EffectOptions struct {
	// Seed is the fixed seed (default 0).
	Seed uint32
	// RandomSeed gives each restart a new seed, derived from Seed and the
	// restart count: it varies per restart yet replays reproduce it.
	RandomSeed bool
	// HostWidth and HostHeight are the host rectangle in pixels (default
	// 200 × 100). They set pixels per stud and the emission area.
	HostWidth, HostHeight float64
	// History is how far behind the furthest clock reached, in seconds, a
	// rewind is guaranteed exact (default DefaultHistory).
	History float64
	// MaxBursts bounds the bursts kept (default DefaultMaxBursts): past it
	// the burst recorded first is dropped, and counted (DroppedBursts).
	MaxBursts int
	// Ambient is the ambient colour LightInfluence blends the particles'
	// colour toward (default black, Roblox's Lighting.Ambient default):
	// the scene's lighting where the effect is. It is the one ambient
	// colour every renderer lights the effect with.
	Ambient Color
	// NoCache turns off the per-particle constants cache, which costs
	// about 100 bytes per particle of the live window and makes a live
	// particle cost its placement only (default: cached). Results are
	// identical either way.
	NoCache bool
}

// Effect is one playing instance of a [Snapshot]: a seed, a clock, a play
// state and the history kept as data (bursts, Enabled toggles, the host's
// track). Its particles are a pure function of these and the clock.
//
// Make one with [NewEffect]; the zero Effect has no snapshot and its
// methods panic. An Effect is not safe for concurrent use, evaluation
// included (it fills caches); an [Evaluator] splits one evaluation across
// goroutines.
type Effect struct {
	snap *Snapshot

	baseSeed, seed uint32
	randomSeed     bool
	restarts       uint32

	clock   Ticks
	reach   Ticks // furthest clock reached since the last restart
	playing bool

	bursts         []Burst
	nextBurst      uint32
	dropped        uint64   // bursts dropped past MaxBursts (DroppedBursts)
	droppedToggles uint64   // toggles dropped past MaxToggles (DroppedToggles)
	enabled0       bool     // stream state before the first toggle
	toggles        []toggle // sorted by clock
	track          Track

	hostW, hostH float64
	ambient      Color
	history      Ticks
	maxBursts    int

	segs, streamSegs []segment // scratch, reused by every evaluation
	runs             []Run
	buf              []Particle

	bounds      Rect // cached Bounds of an effect without a track
	boundsValid bool
	// hs is hostScale's answer and look appearance's (for look.ambient),
	// kept while valid: both depend on the snapshot and host size only
	// (and the ambient colour), and invalidate drops them when those
	// change.
	hs          HostScale
	look        appearance
	hsValid     bool
	lookValid   bool
	noCache     bool
	streamCache []constants
	streamLanes []laneBlock // the vector kernel's ring (lanes.go); nil without it
	laneTags    []int64     // its blocks' tags
	// laneTop is the last stream candidate fillLanes rolled into the lane
	// ring; math.MinInt64 when it holds none.
	laneTop     int64
	burstCaches []burstCache
	frameNo     uint64
}

// toggle is a change of the stream's Enabled state at a clock (the
// exported form is Toggle).
type toggle struct {
	at Ticks
	on bool
}

// NewEffect returns a paused effect of snap at clock 0.
func NewEffect(snap *Snapshot, opts *EffectOptions) (*Effect, error) {
	if snap == nil {
		return nil, errorString("emitter: NewEffect: nil snapshot")
	}
	if !snap.compiled() {
		return nil, errorString("emitter: NewEffect: a Snapshot not made by NewSnapshot")
	}
	var o EffectOptions
	if opts != nil {
		o = *opts
	}
	if o.HostWidth == 0 {
		o.HostWidth = 200
	}
	if o.HostHeight == 0 {
		o.HostHeight = 100
	}
	if o.History == 0 {
		o.History = DefaultHistory
	}
	if o.MaxBursts == 0 {
		o.MaxBursts = DefaultMaxBursts
	}
	var p problemSink
	number(&p, "HostWidth", o.HostWidth, 0, MaxMagnitude)
	number(&p, "HostHeight", o.HostHeight, 0, MaxMagnitude)
	number(&p, "History", o.History, 0, 1e7)
	number(&p, "Ambient.R", o.Ambient.R, 0, 1)
	number(&p, "Ambient.G", o.Ambient.G, 0, 1)
	number(&p, "Ambient.B", o.Ambient.B, 0, 1)
	integer(&p, "MaxBursts", o.MaxBursts, 0, MaxBurstsLimit)
	if err := p.err(); err != nil {
		return nil, err
	}
	e := &Effect{
		snap:       snap,
		baseSeed:   o.Seed,
		seed:       o.Seed,
		randomSeed: o.RandomSeed,
		enabled0:   snap.spec.Enabled,
		hostW:      o.HostWidth,
		hostH:      o.HostHeight,
		ambient:    o.Ambient,
		history:    SecondsToTicks(o.History),
		maxBursts:  o.MaxBursts,
		buf:        make([]Particle, 0, snap.spec.Prewarm),
		noCache:    o.NoCache,
	}
	return e, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }

// Snapshot returns the effect's snapshot.
func (e *Effect) Snapshot() *Snapshot { return e.snap }

// SetSnapshot swaps the spec under a running effect (hot reload) and keeps
// its clock, seed and history. The stream's initial Enabled state follows
// the new spec, and bursts are capped at its MaxParticles as AddBurst caps
// them. A nil snapshot, or one not made by NewSnapshot, changes nothing.
func (e *Effect) SetSnapshot(snap *Snapshot) {
	if snap == nil || !snap.compiled() {
		return
	}
	e.snap = snap
	for i := range e.bursts {
		e.bursts[i].Count = min(e.bursts[i].Count, snap.spec.MaxParticles)
	}
	if len(e.toggles) == 0 {
		e.enabled0 = snap.spec.Enabled
	}
	e.invalidate()
}

// Seed returns the seed in use.
func (e *Effect) Seed() uint32 { return e.seed }

// SetSeed fixes the seed, now and as the base of later random restarts.
func (e *Effect) SetSeed(seed uint32) {
	e.baseSeed, e.seed = seed, seed
	e.invalidate()
}

// SetRandomSeed chooses between a fixed seed (false) and a new seed per
// restart (true).
func (e *Effect) SetRandomSeed(on bool) { e.randomSeed = on }

// Play starts advancing the clock.
func (e *Effect) Play() { e.playing = true }

// Pause stops advancing the clock; the frame stays where it is.
func (e *Effect) Pause() { e.playing = false }

// Playing reports whether the clock advances.
func (e *Effect) Playing() bool { return e.playing }

// Emit fires a burst of n particles (capped at MaxParticles) at the current
// clock. On a paused effect it first restarts the timeline
// (docs/closed-form.md, section 8):
// clock 0, no bursts, a new seed when RandomSeed is on, and it starts playing.
// n <= 0 adds no burst.
func (e *Effect) Emit(n int) {
	if !e.playing {
		e.Restart()
	}
	e.AddBurst(e.clock, n)
}

// AddBurst records a burst of n particles at clock t without touching the
// play state: for tools, replays and restoring saved state. n is capped at
// MaxParticles; n <= 0 adds nothing.
func (e *Effect) AddBurst(t Ticks, n int) {
	if n <= 0 {
		return
	}
	n = min(n, e.snap.spec.MaxParticles)
	e.bursts = insertBurst(e.bursts, Burst{Time: max(t, 0), Count: n, Index: e.nextBurst})
	e.nextBurst++
	e.prune()
}

// Bursts appends the bursts kept, oldest first, to dst.
func (e *Effect) Bursts(dst []Burst) []Burst { return append(dst, e.bursts...) }

// Restart returns to clock 0 with no history (bursts, toggles, track), draws
// a new seed when RandomSeed is on, and plays.
func (e *Effect) Restart() {
	e.clear()
	if e.randomSeed {
		e.restarts++
		e.seed = hash.Stream(e.baseSeed, e.restarts)
	}
	e.playing = true
}

// Clear removes every particle: clock 0, no bursts, toggles or track. The
// seed and play state stay.
func (e *Effect) Clear() { e.clear() }

func (e *Effect) clear() {
	e.clock, e.reach = 0, 0
	e.bursts = e.bursts[:0]
	e.nextBurst = 0
	e.toggles = e.toggles[:0]
	e.enabled0 = e.snap.spec.Enabled
	e.track.Reset()
	e.invalidate()
}

// Clock returns the clock in ticks.
func (e *Effect) Clock() Ticks { return e.clock }

// Time returns the clock in seconds.
func (e *Effect) Time() float64 { return e.clock.Seconds() }

// SetClock moves the clock to t (clamped at 0), whatever the play state and
// TimeScale.
func (e *Effect) SetClock(t Ticks) {
	e.clock = max(t, 0)
	if e.clock > e.reach {
		e.reach = e.clock
		e.prune()
	}
}

// SetTime moves the clock to t seconds (rounded to the tick, clamped at 0).
// It ignores TimeScale and the play state. NaN leaves the clock alone.
func (e *Effect) SetTime(t float64) {
	if t != t {
		return
	}
	e.SetClock(SecondsToTicks(t))
}

// Forward moves the clock by dt seconds (negative rewinds), ignoring
// TimeScale and the play state, and clamps at 0. NaN does nothing.
func (e *Effect) Forward(dt float64) {
	if dt != dt {
		return
	}
	e.SetClock(e.clock.Add(SecondsToTicks(dt)))
}

// Advance moves a playing effect by dt × TimeScale seconds; a paused one
// stays. It is the per-frame call.
func (e *Effect) Advance(dt float64) {
	if !e.playing || dt != dt {
		return
	}
	e.SetClock(e.clock.Add(SecondsToTicks(dt * e.snap.spec.TimeScale)))
}

// Step moves a playing effect by dt.Scale(TimeScale), dt in ticks: the
// scheduler's fixed step. Scaling rounds to the nearest tick, so the same
// steps always land on the same clocks.
func (e *Effect) Step(dt Ticks) {
	if !e.playing {
		return
	}
	e.SetClock(e.clock.Add(dt.Scale(e.snap.spec.TimeScale)))
}

// SetEnabled turns the steady stream on or off from the current clock on.
// The change is kept as data, so particles already born live out their
// lives and rewinding before the change shows the old state. Changes recorded
// later than the clock (after a rewind) are dropped: this rewrites the future.
func (e *Effect) SetEnabled(on bool) {
	i := len(e.toggles)
	for i > 0 && e.toggles[i-1].at >= e.clock {
		i--
	}
	if e.enabledAtIn(e.toggles[:i], e.clock) != on {
		e.toggles = append(e.toggles[:i], toggle{e.clock, on})
	} else {
		e.toggles = e.toggles[:i]
	}
	if len(e.toggles) > MaxToggles {
		// The oldest change moves to the start of time: the stream's state
		// before it is lost, as an old burst is past MaxBursts.
		e.enabled0 = e.toggles[0].on
		e.toggles = append(e.toggles[:0], e.toggles[1:]...)
		e.droppedToggles++
	}
}

// MaxToggles bounds the Enabled changes an effect keeps within its
// History and Lifetime: each frame's window walks them, so a game that
// toggles its stream every frame of an hour-long lifetime would otherwise
// make every frame walk 216,000. Past it, SetEnabled forgets the oldest
// change (the stream is taken to have been in its new state from the
// start) and counts it in DroppedToggles.
const MaxToggles = 4096

// DroppedToggles returns how many Enabled changes the effect has
// forgotten since it was made because it already kept MaxToggles.
func (e *Effect) DroppedToggles() uint64 { return e.droppedToggles }

// Enabled reports whether the stream runs at the current clock.
func (e *Effect) Enabled() bool { return e.enabledAt(e.clock) }

func (e *Effect) enabledAt(t Ticks) bool { return e.enabledAtIn(e.toggles, t) }

func (e *Effect) enabledAtIn(toggles []toggle, t Ticks) bool {
	on := e.enabled0
	for _, tg := range toggles {
		if tg.at > t {
			break
		}
		on = tg.on
	}
	return on
}

// SetHost records the host's centre (pixels) and rotation (degrees clockwise)
// at the current clock. Feed it every frame for a moving host: live particles
// follow it when LockedToPart is true, stay where it was at their birth when
// false, and inherit its velocity by VelocityInheritance. A placement with a
// coordinate or rotation that is NaN, infinite or beyond MaxMagnitude is
// ignored.
func (e *Effect) SetHost(x, y, rotation float64) {
	if !hostValue(x) || !hostValue(y) || !hostValue(rotation) {
		return
	}
	e.track.Record(TrackSample{Clock: e.clock, X: x, Y: y, Rotation: rotation})
}

// hostValue reports whether v is a host coordinate, size or rotation the
// effect accepts: finite and within MaxMagnitude.
func hostValue(v float64) bool { return v >= -MaxMagnitude && v <= MaxMagnitude }

// Host returns the host's placement at the current clock.
func (e *Effect) Host() (x, y, rotation float64) { return e.track.At(e.clock.Seconds()) }

// Track returns the host's recorded track (read only).
func (e *Effect) Track() *Track { return &e.track }

// SetHostSize sets the host rectangle in pixels. Sizes NewEffect refuses
// (NaN, negative or beyond MaxMagnitude) are ignored.
func (e *Effect) SetHostSize(w, h float64) {
	if hostValue(w) && hostValue(h) && w >= 0 && h >= 0 && (w != e.hostW || h != e.hostH) {
		e.hostW, e.hostH = w, h
		e.invalidate()
	}
}

// HostSize returns the host rectangle in pixels.
func (e *Effect) HostSize() (w, h float64) { return e.hostW, e.hostH }

// SetAmbient sets the effect's ambient colour, which LightInfluence blends
// its particles' colour toward; renderers light the effect with it. A
// colour NewEffect refuses (a channel NaN or outside [0, 1]) is ignored.
func (e *Effect) SetAmbient(c Color) {
	if unit(c.R) && unit(c.G) && unit(c.B) {
		e.ambient = c
	}
}

// unit reports whether v is in [0, 1] (false for NaN).
func unit(v float64) bool { return v >= 0 && v <= 1 }

// Ambient returns the effect's ambient colour.
func (e *Effect) Ambient() Color { return e.ambient }

// PixelsPerStud returns how many pixels one stud spans on the host, from the
// spec's Unit.
func (e *Effect) PixelsPerStud() float64 {
	switch e.snap.spec.Unit {
	case RelativeXX:
		return e.hostW
	case RelativeMin:
		return math.Min(e.hostW, e.hostH)
	case RelativeMax:
		return math.Max(e.hostW, e.hostH)
	case Offset:
		return 1
	}
	return e.hostH
}

// Done reports whether no particle can be alive at the clock or later
// without a new call: the stream is off from now on, and every burst and
// stream birth is at least Lifetime.Max in the past. It is conservative:
// particles that rolled short lives may have died earlier.
func (e *Effect) Done() bool {
	life := e.lifeTicks()
	for _, b := range e.bursts {
		if b.Time.Add(life) > e.clock {
			return false
		}
	}
	if e.snap.rate <= 0 {
		return true
	}
	on := e.enabled0
	lastOn := Ticks(-1)
	if on {
		lastOn = math.MaxInt64
	}
	for _, tg := range e.toggles {
		if tg.on {
			lastOn = math.MaxInt64
		} else if on {
			lastOn = tg.at
		}
		on = tg.on
	}
	return lastOn < 0 || (lastOn != math.MaxInt64 && lastOn.Add(life) <= e.clock)
}

// lifeTicks is Lifetime.Max in ticks, rounded up.
func (e *Effect) lifeTicks() Ticks {
	return Ticks(math.Ceil(e.snap.lifeMax * TicksPerSecond))
}

// prune drops history no clock within the History behind the furthest
// clock reached, nor the current clock or any later one, can show: after a
// rewind further back than the History, what the clock shows now is kept
// (a burst emitted there shows, however far ahead the furthest clock is).
// It compacts lazily, once the droppable prefix is half the list, so
// pruning costs O(1) amortized per call; MaxBursts is enforced at once.
func (e *Effect) prune() {
	horizon := min(e.reach-e.history, e.clock)
	life := e.lifeTicks()
	i := 0
	for i < len(e.bursts) && e.bursts[i].Time.Add(life) <= horizon {
		i++
	}
	if len(e.bursts)-i > e.maxBursts || (i > 0 && 2*i >= len(e.bursts)) {
		e.bursts = append(e.bursts[:0], e.bursts[i:]...)
	}
	for len(e.bursts) > e.maxBursts {
		e.dropFirstRecorded()
	}
	births := horizon - life // the earliest birth still visible
	j := 0
	for j < len(e.toggles) && e.toggles[j].at <= births {
		j++
	}
	if j > 0 && 2*j >= len(e.toggles) {
		e.enabled0 = e.toggles[j-1].on
		e.toggles = append(e.toggles[:0], e.toggles[j:]...)
	}
	e.track.prune(births)
	e.thinTrack(horizon)
}

// dropFirstRecorded drops the kept burst recorded first (the lowest Index:
// indices grow with every AddBurst), so that the burst just added always
// stays, even when it is earlier in time than every other after a rewind,
// and counts the drop.
func (e *Effect) dropFirstRecorded() {
	k := 0
	for i, b := range e.bursts {
		// The age in indices, nextBurst - Index, survives the wrap at 2^32.
		if e.nextBurst-b.Index > e.nextBurst-e.bursts[k].Index {
			k = i
		}
	}
	e.bursts = append(e.bursts[:k], e.bursts[k+1:]...)
	e.dropped++
}

// DroppedBursts returns how many bursts the effect has dropped since it was
// made because it already kept MaxBursts (EffectOptions.MaxBursts): bursts
// that could still have shown within its History. Bursts that can no longer
// show are not counted. A game that sees it grow emits more often than its
// MaxBursts allows (system publishes a BurstsDropped event when its Emit
// drops one).
func (e *Effect) DroppedBursts() uint64 { return e.dropped }
