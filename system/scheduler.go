package system

import (
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/timeline"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/features/events"
	"github.com/yohamta/donburi/features/transform"
	"github.com/yohamta/donburi/filter"
)

// DefaultTPS is the scheduler's default update rate: Ebitengine's default.
const DefaultTPS = 60

// MaxTPS is the fastest update rate a scheduler runs at. Past it a step
// would be a handful of ticks, and past emitter.TicksPerSecond it would
// round to none and the clock would never move.
const MaxTPS = 10_000

// SchedulerOptions configures a [Scheduler]; nil or the zero value gives the
// defaults.
type SchedulerOptions struct {
	// TPS is the number of updates per second of game time (0 or
	// negative: DefaultTPS; above MaxTPS: MaxTPS): the fixed step is 1/TPS
	// s, rounded to the tick. Every rate that divides
	// emitter.TicksPerSecond (24, 25, 30, 48, 50, 60, 90, 100, 120, 144,
	// 240, ...) steps exactly.
	TPS int
	// TimeScale is the initial global time scale (default 1; pause with
	// Paused rather than 0).
	TimeScale float64
	// Paused starts the scheduler paused.
	Paused bool
}

// EffectDone is the event a one-shot effect publishes when it retires.
type EffectDone struct {
	// Entity is the retired entity, no longer valid.
	Entity donburi.Entity
	// Name is the effect's name (empty if it had none).
	Name string
}

// EffectDoneEvent carries [EffectDone] events. Subscribe with
// EffectDoneEvent.Subscribe(w, fn) and deliver with events.ProcessAllEvents
// (or EffectDoneEvent.ProcessEvents).
var EffectDoneEvent = events.NewEventType[EffectDone]()

// BurstsDropped is the event [Emit] publishes when the burst it added made
// the effect drop older ones: it already kept its MaxBursts
// (emitter.EffectOptions.MaxBursts, emitter.Effect.DroppedBursts), so bursts
// that could still show are gone.
type BurstsDropped struct {
	// Entity is the effect entity.
	Entity donburi.Entity
	// Name is the effect's name (empty if it had none).
	Name string
	// Dropped is how many bursts this Emit dropped, and Total how many the
	// effect has dropped since it was made.
	Dropped, Total uint64
}

// BurstsDroppedEvent carries [BurstsDropped] events, delivered like
// EffectDoneEvent's.
var BurstsDroppedEvent = events.NewEventType[BurstsDropped]()

var pendingQuery = donburi.NewQuery(filter.Contains(component.Effect, component.Pending))

// Scheduler advances a world's effects: one shared world clock moved by a
// fixed step per update, and every playing effect with it. Add its Update
// to an ecs.ECS with ecs.AddSystem, or call UpdateWorld. A Scheduler keeps
// scratch buffers and is not safe for concurrent use; the world clock
// itself lives in the world (component.RegistryData), so a world seek
// ([Seek]) and the controls need no scheduler. Make one with
// [NewScheduler]: the zero Scheduler has no step, and its clock never
// moves.
type Scheduler struct {
	// TimeScale scales the world step (default 1). A negative TimeScale
	// plays backwards: each update seeks the world back by the scaled step
	// (see [Seek]). 0 stops the clock like Paused.
	TimeScale float64
	// Paused stops the world clock: Update does nothing.
	Paused bool

	step    emitter.Ticks
	dt      emitter.Ticks // world step of the update in progress
	stepped int
	visits  int // effects visited by the last update (a test hook)

	w   donburi.World // the world being updated
	reg *component.RegistryData

	ops    []tagOp
	retire []donburi.Entity
	seeker seeker
	levels levelSync // mounted levels' clocks (level.go)

	stepFn, pendingFn, anchorFn func(*donburi.Entry)
}

// tagOp adds or removes a tag once iteration is over.
type tagOp struct {
	e   donburi.Entity
	tag donburi.IComponentType
	add bool
}

// NewScheduler returns a scheduler (opts nil: the zero SchedulerOptions).
// Its TimeScale may be any number (see Scheduler.TimeScale); an infinite
// one saturates the world clock at its end, from which [Seek] returns.
func NewScheduler(opts *SchedulerOptions) *Scheduler {
	var o SchedulerOptions
	if opts != nil {
		o = *opts
	}
	if o.TPS <= 0 {
		o.TPS = DefaultTPS
	}
	o.TPS = min(o.TPS, MaxTPS)
	if o.TimeScale == 0 {
		o.TimeScale = 1
	}
	s := &Scheduler{
		TimeScale: o.TimeScale,
		Paused:    o.Paused,
		step:      emitter.Ticks(math.Round(float64(emitter.TicksPerSecond) / float64(o.TPS))),
	}
	s.stepFn = s.stepEntry
	s.pendingFn = s.pendingEntry
	s.anchorFn = s.anchorEntry
	return s
}

// Step returns the fixed step in ticks (1/TPS s).
func (s *Scheduler) Step() emitter.Ticks { return s.step }

// WorldStep returns the step the next update moves the world clock by:
// Step().Scale(TimeScale), the fixed step times TimeScale rounded to the
// tick and saturating at the ends of the clock's range (0 when paused or
// when TimeScale is NaN).
func (s *Scheduler) WorldStep() emitter.Ticks {
	if s.Paused {
		return 0
	}
	return s.step.Scale(s.TimeScale)
}

// Stepped returns how many effects the last update advanced: the playing
// ones. Paused effects are never visited.
func (s *Scheduler) Stepped() int { return s.stepped }

// Update advances e.World by one step; its signature suits ecs.AddSystem.
func (s *Scheduler) Update(e *ecs.ECS) { s.UpdateWorld(e.World) }

// UpdateWorld advances w by one step: the world clock by [WorldStep], then
// every playing effect by that step times its own TimeScale, feeding the
// hosts of effects with a transform, and retires drained one-shot effects.
// After a seek backwards it replays the effects' recorded timelines.
func (s *Scheduler) UpdateWorld(w donburi.World) {
	s.stepped, s.visits = 0, 0
	dt := s.WorldStep()
	if w == nil || dt == 0 {
		return
	}
	reg := component.GetRegistry(w)
	if dt < 0 {
		s.seeker.seek(w, reg, max(reg.Now.Add(dt), 0))
		return
	}
	s.w, s.reg, s.dt = w, reg, dt
	defer func() { s.w, s.reg = nil, nil }()
	if reg.Step != dt {
		// A new world step: playing effects whose TimeScale is not 1 start a
		// segment, so seeks round their clocks as the new step does.
		component.PlayingQuery().Each(w, s.anchorFn)
		reg.Step = dt
	}
	reg.Now = reg.Now.Add(dt)
	reg.Reach = max(reg.Reach, reg.Now)
	s.levels.sync(w, reg.Now)
	component.PlayingQuery().Each(w, s.stepFn)
	pendingQuery.Each(w, s.pendingFn)
	s.flush(w, reg)
}

// anchorEntry records a segment for a playing effect at the world clock
// before the step changes.
func (s *Scheduler) anchorEntry(entry *donburi.Entry) {
	d := component.Effect.Get(entry)
	if d.Effect == nil || !d.Effect.Playing() || d.Timeline.TimeScale() == 1 || entry.HasComponent(component.Pending) {
		return
	}
	record(d, s.reg, s.dt)
}

// record starts a segment at the world clock from the effect's state.
func record(d *component.EffectData, reg *component.RegistryData, step emitter.Ticks) {
	e := d.Effect
	d.Timeline.Record(timeline.Segment{
		World: reg.Now, Clock: e.Clock(), Step: step, Playing: e.Playing(), Run: d.Timeline.Run(),
	}, reg.Now)
}

// stepEntry advances one playing effect.
func (s *Scheduler) stepEntry(entry *donburi.Entry) {
	s.visits++
	if entry.HasComponent(component.Pending) {
		return // replayed by pendingEntry
	}
	d := component.Effect.Get(entry)
	e := d.Effect
	if e == nil || !e.Playing() {
		// Paused behind the plugin's back (Effect.Pause): note it at the
		// clock it stopped at and stop visiting it.
		if e != nil {
			d.Timeline.Record(timeline.Segment{
				World: s.reg.Now - s.dt, Clock: e.Clock(), Step: s.dt, Run: d.Timeline.Run(),
			}, s.reg.Now)
		}
		s.ops = append(s.ops, tagOp{entry.Entity(), component.Playing, false})
		return
	}
	tracked := entry.HasComponent(transform.Transform)
	if tracked && e.Track().Len() == 0 {
		feedHost(entry, d) // the host's placement when it started
	}
	e.Step(s.dt)
	s.settle(entry, d, tracked)
}

// settle finishes the update of a playing effect at its new clock: it
// records the host and retires a drained one-shot effect. The host is
// recorded only past the track's last sample: replaying after a seek
// backwards follows the recorded path instead of overwriting the future
// (a control in that state drops it first, see begin).
func (s *Scheduler) settle(entry *donburi.Entry, d *component.EffectData, tracked bool) {
	if tracked {
		if last, ok := d.Effect.Track().Last(); !ok || d.Effect.Clock() > last.Clock {
			feedHost(entry, d)
		}
	}
	s.stepped++
	if d.OneShot && d.Effect.Done() {
		s.retire = append(s.retire, entry.Entity())
	}
}

// feedHost records the transform's world placement on the host track at
// the effect's clock, and sizes the host by the transform's world scale.
// donburi's rotation is degrees clockwise on a +Y-down screen, as Ember's.
// The host size is not history: like a resized GUI host, a scaled entity
// scales its live particles too.
func feedHost(entry *donburi.Entry, d *component.EffectData) {
	e := d.Effect
	p := transform.WorldPosition(entry)
	e.SetHost(p.X, p.Y, transform.WorldRotation(entry))
	sc := transform.WorldScale(entry)
	if d.HostWidth > 0 || d.HostHeight > 0 {
		e.SetHostSize(d.HostWidth*math.Abs(sc.X), d.HostHeight*math.Abs(sc.Y))
	}
}

// pendingEntry advances an effect with a recorded future (after a seek
// backwards): it follows the timeline, switching segments as the world
// clock reaches them.
func (s *Scheduler) pendingEntry(entry *donburi.Entry) {
	s.visits++
	d := component.Effect.Get(entry)
	e := d.Effect
	if e == nil {
		return
	}
	tl := &d.Timeline
	now := s.reg.Now
	wasPlaying := entry.HasComponent(component.Playing)
	playing, pending := wasPlaying, true
	switch next, ok := tl.Next(); {
	case d.Dormant:
		if now < tl.Spawn {
			return
		}
		playing, pending = apply(d, now)
	case ok && next.World <= now:
		playing, pending = apply(d, now)
	case e.Playing():
		e.Step(s.dt)
		pending = tl.HasFuture()
	default:
		pending = tl.HasFuture()
	}
	if playing != wasPlaying {
		s.ops = append(s.ops, tagOp{entry.Entity(), component.Playing, playing})
	}
	if !pending {
		s.ops = append(s.ops, tagOp{entry.Entity(), component.Pending, false})
	}
	if playing {
		s.settle(entry, d, entry.HasComponent(transform.Transform))
	}
}

// flush applies the tag changes and retirements gathered during iteration.
func (s *Scheduler) flush(w donburi.World, reg *component.RegistryData) {
	for _, op := range s.ops {
		setTag(w, op.e, op.tag, op.add)
	}
	clear(s.ops)
	s.ops = s.ops[:0]
	for _, ent := range s.retire {
		if !w.Valid(ent) {
			continue
		}
		entry := w.Entry(ent)
		d := component.Effect.Get(entry)
		name := d.Name
		reg.Release(name, ent)
		EffectDoneEvent.Publish(w, EffectDone{Entity: ent, Name: name})
		if entry.HasComponent(transform.Transform) {
			transform.RemoveRecursive(entry)
		} else {
			entry.Remove()
		}
	}
	s.retire = s.retire[:0]
}

// setTag adds or removes tag on a live entity.
func setTag(w donburi.World, e donburi.Entity, tag donburi.IComponentType, add bool) {
	if !w.Valid(e) {
		return
	}
	entry := w.Entry(e)
	switch has := entry.HasComponent(tag); {
	case add && !has:
		entry.AddComponent(tag)
	case !add && has:
		entry.RemoveComponent(tag)
	}
}
