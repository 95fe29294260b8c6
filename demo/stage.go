package main

import (
	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/system"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/features/transform"
)

// Screen size of the demo, in pixels.
const (
	screenW = 1280
	screenH = 720
)

// tps is the demo's update rate: the scheduler's fixed step is 1/60 s.
const tps = 60

// scene is one of the demo's showcases. The same code runs in the window
// and in headless captures: a scene reads its input from an input value
// (the mouse and keys in the window, a fixed script in captures) and
// decides everything else from the world clock, so what a capture shows at
// a clock is what the window shows there.
type scene interface {
	// name is the scene's short name, for -scene and the tabs.
	name() string
	// title and hint are shown at the top left.
	title() string
	hint() string
	// build creates the scene's effects and state in a fresh stage.
	build(s *stage) error
	// move places the scene's moving hosts for the clock the update in
	// progress reaches (s.target), before the scheduler steps.
	move(s *stage)
	// act handles input and scripted events after the scheduler stepped,
	// at the new clock.
	act(s *stage, in *input)
	// backdrop is the scene's static background, drawn once.
	backdrop() *picture
	// drawBack draws what goes over the backdrop and under the effects;
	// drawFront what goes over the effects.
	drawBack(c canvas, s *stage)
	drawFront(c canvas, s *stage)
	// script is the input a capture plays, and shot the clocks of its
	// picture and clip.
	script() []scripted
	shot() shotTimes
}

// shotTimes are a scene's default capture clocks: the picture's and the
// clip's span, in seconds.
type shotTimes struct {
	at, from, to float64
}

// input is the pointer and keys as a scene sees them in one update.
type input struct {
	x, y float64
	// down is the left button held; pressed and released are its edges
	// this update. They are false while the pointer is over the HUD.
	down, pressed, released bool
	// action is the scene's key (Enter) pressed this update; toggle the
	// scene's second key (R).
	action, toggle bool
	// pan is the direction the WASD keys held push the view (-1 to 1 on
	// each axis, +y down the screen), zoom the wheel's and the Z and X
	// keys' steps this update (positive zooms in).
	pan  pt
	zoom float64
}

// levelViewer is a scene that shows the stage's mounted world levels
// through a world camera: the window and the captures draw them over
// drawBack, under the effects.
type levelViewer interface {
	view() *camera.World
}

// scripted is one input event of a capture script, at a world clock in
// seconds: the pointer moves to (x, y) and the button or keys change.
type scripted struct {
	at     float64
	x, y   float64
	press  bool // press the button (it is released at the next event)
	action bool
}

// stage is a running scene: its donburi world, advanced by one
// system.Scheduler, and the effect files it was built from.
type stage struct {
	sc    scene
	lib   *library
	world donburi.World
	ecs   *ecs.ECS
	sched *system.Scheduler
	binds []*binding

	// prev and target are the world clocks before and after the update in
	// progress, and reach the furthest clock reached before it.
	prev, target, reach emitter.Ticks
	// sampled is true when effects follow transforms: the scheduler records
	// their hosts at every step forward, which rewrites the host track from
	// there on. last is the clock of the last step forward; seeks past it
	// are then not exact, so the timeline stops there.
	sampled bool
	last    emitter.Ticks
}

// newStage builds sc in a fresh world.
func newStage(sc scene, lib *library) (*stage, error) {
	w := donburi.NewWorld()
	s := &stage{sc: sc, lib: lib, world: w, ecs: ecs.NewECS(w), sched: system.NewScheduler(&system.SchedulerOptions{TPS: tps})}
	component.GetRegistry(w)
	if err := sc.build(s); err != nil {
		return nil, err
	}
	for _, b := range s.binds {
		if e := w.Entry(b.entity); e.HasComponent(transform.Transform) {
			s.sampled = true
		}
	}
	return s, nil
}

// spawn creates an effect from an effect file of the library (see
// library.spawn) and remembers it for the stats table.
func (s *stage) spawn(file string, opts component.SpawnOptions, tweak func(*emitter.Spec)) (*binding, error) {
	b, err := s.lib.spawn(s.world, file, opts, tweak)
	if err != nil {
		return nil, err
	}
	s.binds = append(s.binds, b)
	return b, nil
}

// effect returns the effect of b.
func (s *stage) effect(b *binding) *emitter.Effect {
	fx, ok := component.Get(s.world, b.entity)
	if !ok {
		return nil
	}
	return fx.Effect
}

// now returns the world clock in seconds.
func (s *stage) now() float64 { return system.Time(s.world) }

// targetTime returns the clock the update in progress reaches, in seconds.
func (s *stage) targetTime() float64 { return s.target.Seconds() }

// update runs one update: the scene moves its hosts for the new clock, the
// scheduler steps (or, with a negative time scale, seeks back), and the
// scene acts on the input at the new clock.
func (s *stage) update(in *input) {
	reg := component.GetRegistry(s.world)
	s.prev, s.reach = reg.Now, reg.Reach
	s.target = max(reg.Now+s.sched.WorldStep(), 0)
	s.sc.move(s)
	s.sched.UpdateWorld(s.world)
	s.target = reg.Now
	if s.target > s.prev {
		s.last = s.target
	}
	s.sc.act(s, in)
}

// fresh reports whether the update in progress is the first to reach the
// world clock t (seconds): it moved forward across t onto clocks never
// reached before. Scripted events fire only then; when the world steps
// forward again after a rewind, the effects replay what was recorded.
func (s *stage) fresh(t float64) bool {
	at := emitter.SecondsToTicks(t)
	return s.prev < at && at <= s.target && s.target > s.reach
}

// freshEvery reports whether the update first reaches a clock start +
// k·period for some k >= 0.
func (s *stage) freshEvery(start, period float64) (k int, ok bool) {
	if s.target <= s.reach || s.target <= s.prev {
		return 0, false
	}
	t := s.target.Seconds()
	if t < start {
		return 0, false
	}
	k = int((t - start) / period)
	return k, s.fresh(start + float64(k)*period)
}

// seek moves the world to t seconds, clamped to the span a rewind shows
// exactly (see historySpan).
func (s *stage) seek(t float64) {
	lo, hi := s.historySpan()
	s.seekClock(emitter.SecondsToTicks(min(max(t, lo), hi)))
}

// seekClock moves the world to clock t, clamped like seek.
func (s *stage) seekClock(t emitter.Ticks) {
	lo, hi := s.historySpan()
	t = min(max(t, emitter.SecondsToTicks(lo)), emitter.SecondsToTicks(hi))
	system.SeekClock(s.world, t)
}

// history is how far back, in seconds, the demo keeps its effects' history:
// seeks within it are exact.
const history = emitter.DefaultHistory

// historySpan returns the world clocks, in seconds, between which seeking
// shows exactly what stepping showed: the last `history` seconds up to the
// furthest clock reached. In a scene whose effects follow transforms, a step
// forward after a rewind records the hosts again and drops their recorded
// future, so the span ends at the last clock stepped to.
func (s *stage) historySpan() (lo, hi float64) {
	reg := component.GetRegistry(s.world)
	reach := reg.Reach.Seconds()
	lo = max(reach-float64(history)+1, 0) // a second of margin for the oldest bursts
	hi = reach
	if s.sampled {
		hi = s.last.Seconds()
	}
	return lo, max(hi, lo)
}
