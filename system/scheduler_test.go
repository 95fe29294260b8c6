package system

import (
	"errors"
	"math"
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

func newEffect(t testing.TB, w donburi.World, spec emitter.Spec, opts component.SpawnOptions) donburi.Entity {
	t.Helper()
	e, err := component.Spawn(w, mustSnap(t, spec), &opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func effectOf(t testing.TB, w donburi.World, e donburi.Entity) *emitter.Effect {
	t.Helper()
	d, ok := component.Get(w, e)
	if !ok {
		t.Fatalf("%v is not a live effect entity", e)
	}
	return d.Effect
}

func burstSpec() emitter.Spec {
	sp := streamSpec()
	sp.Enabled = false
	sp.Lifetime = emitter.NumberRange{Min: 0.2, Max: 0.5}
	return sp
}

func TestDefaults(t *testing.T) {
	s := NewScheduler(nil)
	if s.Step() != emitter.TicksPerSecond/60 || s.WorldStep() != s.Step() || s.TimeScale != 1 || s.Paused {
		t.Errorf("NewScheduler(nil): step %d, world step %d, TimeScale %v, Paused %v", s.Step(), s.WorldStep(), s.TimeScale, s.Paused)
	}
	for _, tps := range []int{24, 25, 30, 48, 50, 60, 90, 100, 120, 144, 240} {
		s := NewScheduler(&SchedulerOptions{TPS: tps})
		if s.Step()*emitter.Ticks(tps) != emitter.TicksPerSecond {
			t.Errorf("%d TPS: step %d is not exact", tps, s.Step())
		}
	}
	// A rate from configuration is bounded: none rounds the step to 0 and
	// freezes the clock.
	for tps, want := range map[int]emitter.Ticks{-5: emitter.TicksPerSecond / 60, 2_000_000_000: emitter.TicksPerSecond / MaxTPS, MaxTPS: emitter.TicksPerSecond / MaxTPS} {
		if got := NewScheduler(&SchedulerOptions{TPS: tps}).Step(); got != want {
			t.Errorf("%d TPS: step %d, want %d", tps, got, want)
		}
	}
	s = NewScheduler(&SchedulerOptions{TimeScale: 0.5, Paused: true})
	if s.WorldStep() != 0 {
		t.Errorf("paused world step %d", s.WorldStep())
	}
	s.Paused = false
	if s.WorldStep() != emitter.TicksPerSecond/120 {
		t.Errorf("half-speed world step %d", s.WorldStep())
	}
	s.TimeScale = math.NaN()
	if s.WorldStep() != 0 {
		t.Errorf("NaN TimeScale: world step %d", s.WorldStep())
	}
}

// TestWorldStepSaturates: an absurd TimeScale saturates the world step and
// the world clock at the end of the range, with the one rule of
// emitter.Ticks, instead of wrapping into a negative step that would seek
// backwards.
func TestWorldStepSaturates(t *testing.T) {
	const top = emitter.Ticks(math.MaxInt64)
	step := emitter.Ticks(emitter.TicksPerSecond / 60)
	cases := []struct {
		name        string
		scale       float64
		step, clock emitter.Ticks
	}{
		{"1", 1, step, 2 * step},
		{"1e12", 1e12, top, top},
		{"+Inf", math.Inf(1), top, top},
		{"1e300", 1e300, top, top},
		{"NaN", math.NaN(), 0, 0},
	}
	for _, c := range cases {
		w := donburi.NewWorld()
		e := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true})
		s := NewScheduler(&SchedulerOptions{TimeScale: c.scale})
		if got := s.WorldStep(); got != c.step {
			t.Errorf("TimeScale %s: WorldStep %d, want %d", c.name, got, c.step)
		}
		s.UpdateWorld(w)
		s.UpdateWorld(w)
		if got := Clock(w); got != c.clock {
			t.Errorf("TimeScale %s: world clock after two updates %d, want %d", c.name, got, c.clock)
		}
		if got := effectOf(t, w, e).Clock(); got != c.clock {
			t.Errorf("TimeScale %s: effect clock after two updates %d, want %d", c.name, got, c.clock)
		}
	}
}

// TestClocks: the world clock moves by the scaled step; effects by the world
// step times their own TimeScale; Paused and TimeScale 0 stop everything.
func TestClocks(t *testing.T) {
	w := donburi.NewWorld()
	slow := streamSpec()
	slow.TimeScale = 0.5
	a := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true})
	b := newEffect(t, w, slow, component.SpawnOptions{Play: true})
	s := NewScheduler(&SchedulerOptions{TPS: 30})
	for range 30 {
		s.UpdateWorld(w)
	}
	if Clock(w) != emitter.TicksPerSecond || effectOf(t, w, a).Clock() != emitter.TicksPerSecond || effectOf(t, w, b).Clock() != emitter.TicksPerSecond/2 {
		t.Fatalf("after 1 s: world %v, a %v, b %v", Time(w), effectOf(t, w, a).Time(), effectOf(t, w, b).Time())
	}
	s.TimeScale = 2
	for range 15 {
		s.UpdateWorld(w)
	}
	if Time(w) != 2 || effectOf(t, w, a).Time() != 2 || effectOf(t, w, b).Time() != 1 {
		t.Fatalf("after 15 double steps: world %v, a %v, b %v", Time(w), effectOf(t, w, a).Time(), effectOf(t, w, b).Time())
	}
	s.Paused = true
	s.UpdateWorld(w)
	s.Paused, s.TimeScale = false, 0
	s.UpdateWorld(w)
	if Time(w) != 2 || effectOf(t, w, a).Time() != 2 || s.Stepped() != 0 {
		t.Errorf("paused updates moved the clocks: world %v, a %v", Time(w), effectOf(t, w, a).Time())
	}
	var e ecs.ECS // Update takes an ECS
	e.World = w
	s.TimeScale = 1
	s.Update(&e)
	if Clock(w) != 2*emitter.TicksPerSecond+s.Step() {
		t.Errorf("Update: world %v", Time(w))
	}
}

// TestPausedNotVisited: the scheduler visits playing effects only.
func TestPausedNotVisited(t *testing.T) {
	w := donburi.NewWorld()
	var all []donburi.Entity
	for i := range 10 {
		all = append(all, newEffect(t, w, streamSpec(), component.SpawnOptions{Play: i < 6}))
	}
	Pause(w, all[0])
	s := NewScheduler(nil)
	s.UpdateWorld(w)
	if s.visits != 5 || s.Stepped() != 5 {
		t.Fatalf("visited %d, stepped %d effects; want the 5 playing", s.visits, s.Stepped())
	}
	for i, e := range all {
		if c := effectOf(t, w, e).Clock(); (c != 0) != (i >= 1 && i < 6) {
			t.Errorf("effect %d at clock %d", i, c)
		}
	}
	// An effect paused behind the plugin's back is dropped after one visit.
	effectOf(t, w, all[1]).Pause()
	s.UpdateWorld(w)
	s.UpdateWorld(w)
	if s.visits != 4 {
		t.Errorf("visited %d effects, want 4", s.visits)
	}
	if c := effectOf(t, w, all[1]).Clock(); c != s.Step() {
		t.Errorf("directly paused effect moved to %d", c)
	}
	// Its pause is on the timeline: a seek back and forth keeps it.
	SeekClock(w, 0)
	SeekClock(w, 2*s.Step())
	if c := effectOf(t, w, all[1]).Clock(); c != s.Step() {
		t.Errorf("after seeks the directly paused effect is at %d, want %d", c, s.Step())
	}
	Play(w, all[0])
	s.UpdateWorld(w)
	if s.visits != 5 {
		t.Errorf("after Play: visited %d effects, want 5", s.visits)
	}
}

// TestZeroAllocs: once warm, an update of steady playing effects, some
// following transforms, and collecting them for drawing allocate nothing.
func TestZeroAllocs(t *testing.T) {
	w := donburi.NewWorld()
	parent := w.Entry(w.Create(transform.Transform))
	for i := range 8 {
		e := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true, Transform: i%2 == 0, History: 1})
		if i%2 == 0 {
			transform.AppendChild(parent, w.Entry(e), false)
		}
	}
	newEffect(t, w, streamSpec(), component.SpawnOptions{}) // paused
	s := NewScheduler(nil)
	col := NewCollector(0)
	items := col.AppendRasterItems(w, nil)
	frame := 0
	step := func() {
		frame++
		transform.GetTransform(parent).LocalPosition = dmath.Vec2{X: float64(frame % 100), Y: 10}
		s.UpdateWorld(w)
		items = col.AppendRasterItems(w, items[:0])
	}
	for range 600 { // 10 s: history (1 s) and buffers reach their steady size
		step()
	}
	if n := testing.AllocsPerRun(600, step); n != 0 {
		t.Errorf("%v allocations per update", n)
	}
	if s.Stepped() != 8 || len(items) != 9 {
		t.Errorf("stepped %d, collected %d", s.Stepped(), len(items))
	}
}

// TestOneShot: a drained one-shot effect retires with an event; looping and
// non-one-shot effects never do.
func TestOneShot(t *testing.T) {
	w := donburi.NewWorld()
	var got []EffectDone
	EffectDoneEvent.Subscribe(w, func(_ donburi.World, ev EffectDone) { got = append(got, ev) })
	parent := w.Entry(w.Create(transform.Transform))
	boom := newEffect(t, w, burstSpec(), component.SpawnOptions{OneShot: true, Name: "boom", Transform: true})
	transform.AppendChild(parent, w.Entry(boom), false)
	keep := newEffect(t, w, burstSpec(), component.SpawnOptions{Name: "keep"})
	loop := newEffect(t, w, streamSpec(), component.SpawnOptions{OneShot: true, Play: true, Name: "loop"})
	idle := newEffect(t, w, burstSpec(), component.SpawnOptions{OneShot: true, Name: "idle"}) // paused: never drains
	Emit(w, boom, 10)
	Emit(w, keep, 10)
	s := NewScheduler(nil)
	for range 29 { // 0.48 s < Lifetime.Max
		s.UpdateWorld(w)
	}
	events := func() { EffectDoneEvent.ProcessEvents(w) }
	events()
	if len(got) != 0 || !w.Valid(boom) {
		t.Fatalf("retired early: %v", got)
	}
	s.UpdateWorld(w)
	s.UpdateWorld(w)
	if w.Valid(boom) {
		t.Fatal("drained one-shot effect still in the world")
	}
	if children, _ := transform.GetChildren(parent); len(children) != 0 {
		t.Errorf("the retired effect is still a child of its parent: %v", children)
	}
	events()
	if len(got) != 1 || got[0] != (EffectDone{Entity: boom, Name: "boom"}) {
		t.Fatalf("events %v, want boom's", got)
	}
	if _, ok := Find(w, "boom"); ok {
		t.Error("Find finds the retired effect")
	}
	if _, err := component.Spawn(w, mustSnap(t, burstSpec()), &component.SpawnOptions{Name: "boom"}); err != nil {
		t.Errorf("the retired effect's name is not free: %v", err)
	}
	for range 600 {
		s.UpdateWorld(w)
	}
	events()
	if len(got) != 1 || !w.Valid(keep) || !w.Valid(loop) || !w.Valid(idle) {
		t.Errorf("events %v; keep %v loop %v idle %v", got, w.Valid(keep), w.Valid(loop), w.Valid(idle))
	}
	if Emit(w, boom, 1) || Play(w, boom) || Pause(w, boom) || SetTime(w, boom, 1) || Restart(w, boom) {
		t.Error("a control on a removed entity reported success")
	}
	if Emit(w, parent.Entity(), 1) {
		t.Error("Emit on a non-effect entity reported success")
	}
}

// TestBurstsDroppedEvent: an Emit past the effect's MaxBursts publishes
// BurstsDropped with the count; the Emits within it publish nothing.
func TestBurstsDroppedEvent(t *testing.T) {
	w := donburi.NewWorld()
	var got []BurstsDropped
	BurstsDroppedEvent.Subscribe(w, func(_ donburi.World, ev BurstsDropped) { got = append(got, ev) })
	sp := burstSpec()
	sp.Lifetime = emitter.Constant(100) // every burst can still show
	fx := newEffect(t, w, sp, component.SpawnOptions{Name: "fx", Play: true})
	s := NewScheduler(nil)
	for range emitter.DefaultMaxBursts {
		Emit(w, fx, 1)
		s.UpdateWorld(w)
	}
	BurstsDroppedEvent.ProcessEvents(w)
	if len(got) != 0 {
		t.Fatalf("events within MaxBursts: %v", got)
	}
	Emit(w, fx, 1)
	Emit(w, fx, 1)
	BurstsDroppedEvent.ProcessEvents(w)
	want := []BurstsDropped{{Entity: fx, Name: "fx", Dropped: 1, Total: 1}, {Entity: fx, Name: "fx", Dropped: 1, Total: 2}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("events %v, want %v", got, want)
	}
	if n := effectOf(t, w, fx).DroppedBursts(); n != 2 {
		t.Fatalf("DroppedBursts %d, want 2", n)
	}
}

func TestFind(t *testing.T) {
	w := donburi.NewWorld()
	if _, ok := Find(w, "fire"); ok {
		t.Fatal("Find in an empty world")
	}
	fire := newEffect(t, w, streamSpec(), component.SpawnOptions{Name: "fire"})
	smoke := newEffect(t, w, streamSpec(), component.SpawnOptions{Name: "smoke"})
	newEffect(t, w, streamSpec(), component.SpawnOptions{}) // unnamed ones do not collide
	newEffect(t, w, streamSpec(), component.SpawnOptions{})
	if e, ok := Find(w, "fire"); !ok || e != fire {
		t.Errorf("Find(fire) = %v, %v", e, ok)
	}
	if e, ok := Find(w, "smoke"); !ok || e != smoke {
		t.Errorf("Find(smoke) = %v, %v", e, ok)
	}
	if _, ok := Find(w, ""); ok {
		t.Error("Find of the empty name")
	}
	_, err := component.Spawn(w, mustSnap(t, streamSpec()), &component.SpawnOptions{Name: "fire"})
	if !errors.Is(err, component.ErrNameTaken) {
		t.Errorf("a second fire: %v", err)
	}
	w.Remove(fire) // removed by the game: the name is free
	if _, ok := Find(w, "fire"); ok {
		t.Error("Find finds a removed entity")
	}
	again := newEffect(t, w, streamSpec(), component.SpawnOptions{Name: "fire"})
	if e, ok := Find(w, "fire"); !ok || e != again {
		t.Errorf("Find(fire) after reuse = %v, %v", e, ok)
	}
	if _, ok := Find(nil, "fire"); ok {
		t.Error("Find in a nil world")
	}
	if Clock(nil) != 0 || Time(nil) != 0 {
		t.Errorf("a nil world's clock: %v ticks, %v s", Clock(nil), Time(nil))
	}
}

// TestTransformHost: the host is the transform's world placement, parent
// chain included, and donburi's rotation passes through as Ember's degrees
// clockwise: a Top emitter on a host turned 90° shoots along donburi's Up
// vector, which is +X.
func TestTransformHost(t *testing.T) {
	w := donburi.NewWorld()
	root := w.Entry(w.Create(transform.Transform))
	arm := w.Entry(w.Create(transform.Transform))
	transform.AppendChild(root, arm, false)
	transform.GetTransform(root).LocalPosition = dmath.Vec2{X: 100, Y: 50}
	transform.GetTransform(root).LocalRotation = 60
	transform.GetTransform(arm).LocalPosition = dmath.Vec2{X: 10, Y: 5}
	transform.GetTransform(arm).LocalRotation = 30
	sp := burstSpec()
	sp.SpreadAngle = emitter.Vector2{}
	sp.Speed = emitter.Constant(2)
	sp.Lifetime = emitter.Constant(10)
	sp.LockedToPart = true
	e := newEffect(t, w, sp, component.SpawnOptions{Transform: true, X: 3, Y: 4})
	entry := w.Entry(e)
	transform.AppendChild(arm, entry, false)
	Emit(w, e, 1)
	s := NewScheduler(nil)
	for range 30 {
		s.UpdateWorld(w)
	}
	x, y, r := effectOf(t, w, e).Host()
	if x != 113 || y != 59 || r != 90 {
		t.Fatalf("host (%v, %v, %v), want (113, 59, 90)", x, y, r)
	}
	up := transform.Up(entry)
	p := effectOf(t, w, e).AppendParticles(nil)[0]
	if math.Abs(up.X-1) > 1e-12 || math.Abs(up.Y) > 1e-12 {
		t.Fatalf("donburi's Up at 90° is %v", up)
	}
	if p.X <= 0 || math.Abs(p.Y) > 1e-9 {
		t.Errorf("particle at (%v, %v) relative to the host: it should have gone along Up, +X", p.X, p.Y)
	}
}

// TestTimeScaleSeek: with an effect TimeScale whose steps round, and a
// global TimeScale that changes, seeking to any update's world clock gives
// the clock stepping reached.
func TestTimeScaleSeek(t *testing.T) {
	w := donburi.NewWorld()
	odd := streamSpec()
	odd.TimeScale = 0.123456
	e := newEffect(t, w, odd, component.SpawnOptions{Play: true})
	s := NewScheduler(&SchedulerOptions{TPS: 144})
	clocks := map[emitter.Ticks]emitter.Ticks{}
	for i := range 300 {
		switch i {
		case 100:
			s.TimeScale = 0.7
		case 150:
			Pause(w, e)
		case 170:
			Play(w, e)
		case 200:
			s.TimeScale = 1.3
		}
		s.UpdateWorld(w)
		clocks[Clock(w)] = effectOf(t, w, e).Clock()
	}
	if step := float64(s.Step()) * 0.123456; step == math.Round(step) {
		t.Fatal("the test wants a step that rounds")
	}
	for wc, c := range clocks {
		SeekClock(w, wc)
		if got := effectOf(t, w, e).Clock(); got != c {
			t.Errorf("seek to %d: clock %d, stepping gave %d", wc, got, c)
		}
	}
}

// TestDormant: seeking before an effect's spawn hides it until the clock
// reaches the spawn again; a control on a dormant effect spawns it there.
func TestDormant(t *testing.T) {
	w := donburi.NewWorld()
	s := NewScheduler(nil)
	for range 60 {
		s.UpdateWorld(w)
	}
	late := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true})
	col := NewCollector(0)
	for range 30 {
		s.UpdateWorld(w)
	}
	want := effectOf(t, w, late).Clock()
	Seek(w, 0.5)
	d, _ := component.Get(w, late)
	if !d.Dormant || d.Visible() || len(col.Collect(w)) != 0 || effectOf(t, w, late).Playing() {
		t.Fatalf("before its spawn: dormant %v, collected %d", d.Dormant, len(col.Collect(w)))
	}
	for range 30 {
		s.UpdateWorld(w)
	}
	if d.Dormant || effectOf(t, w, late).Clock() != 0 || len(col.Collect(w)) != 1 {
		t.Fatalf("at its spawn: dormant %v, clock %v", d.Dormant, effectOf(t, w, late).Clock())
	}
	for range 30 {
		s.UpdateWorld(w)
	}
	if got := effectOf(t, w, late).Clock(); got != want {
		t.Fatalf("replayed to clock %d, want %d", got, want)
	}
	Seek(w, 0.25)
	if !Pause(w, late) || d.Dormant || Time(w) != 0.25 || d.Timeline.Spawn != Clock(w) {
		t.Fatalf("a control on a dormant effect: dormant %v, spawn %v", d.Dormant, d.Timeline.Spawn)
	}
	Seek(w, 0.1)
	if !d.Dormant {
		t.Error("the respawned effect is not dormant before its new spawn")
	}
}

// TestControlRewritesFuture: after seeking back, the first control on an
// effect drops its recorded future: later segments and bursts.
func TestControlRewritesFuture(t *testing.T) {
	w := donburi.NewWorld()
	e := newEffect(t, w, burstSpec(), component.SpawnOptions{})
	s := NewScheduler(nil)
	Emit(w, e, 5)
	for i := range 120 {
		if i == 30 || i == 60 {
			Emit(w, e, 5)
		}
		if i == 90 {
			Pause(w, e)
		}
		s.UpdateWorld(w)
	}
	d, _ := component.Get(w, e)
	Seek(w, 0.75)
	if !w.Entry(e).HasComponent(component.Pending) || len(effectOf(t, w, e).Bursts(nil)) != 3 {
		t.Fatalf("after the seek: pending %v, bursts %v", w.Entry(e).HasComponent(component.Pending), effectOf(t, w, e).Bursts(nil))
	}
	Emit(w, e, 7)
	b := effectOf(t, w, e).Bursts(nil)
	if len(b) != 3 || b[2].Count != 7 || b[2].Time != emitter.SecondsToTicks(0.75) {
		t.Errorf("bursts after the rewrite: %v", b)
	}
	if w.Entry(e).HasComponent(component.Pending) || d.Timeline.HasFuture() {
		t.Error("the rewritten effect still has a future")
	}
	for range 60 {
		s.UpdateWorld(w)
	}
	if !effectOf(t, w, e).Playing() || effectOf(t, w, e).Time() != 1.75 {
		t.Errorf("the old pause replayed: playing %v at %v", effectOf(t, w, e).Playing(), effectOf(t, w, e).Time())
	}
}

func TestLayers(t *testing.T) {
	w := donburi.NewWorld()
	a := newEffect(t, w, streamSpec(), component.SpawnOptions{})
	b := newEffect(t, w, streamSpec(), component.SpawnOptions{Layer: 2, Play: true})
	c := newEffect(t, w, streamSpec(), component.SpawnOptions{Layer: 2})
	Play(w, c) // moves c to another archetype: the order stays by entity
	col0, col2 := NewCollector(0), NewCollector(2)
	if got := col0.Collect(w); len(got) != 1 || got[0].Entity() != a {
		t.Errorf("layer 0: %v", got)
	}
	got := col2.Collect(w)
	if len(got) != 2 || got[0].Entity() != b || got[1].Entity() != c || col2.Layer() != 2 {
		t.Errorf("layer 2: %v", got)
	}
}

// TestSetSnapshot: swapping an effect's snapshot keeps its clock and tells
// its timeline the new TimeScale, so later steps and seeks use it.
func TestSetSnapshot(t *testing.T) {
	w := donburi.NewWorld()
	e := newEffect(t, w, streamSpec(), component.SpawnOptions{Play: true})
	s := NewScheduler(nil)
	for range 30 {
		s.UpdateWorld(w)
	}
	half := streamSpec()
	half.TimeScale = 0.5
	cases := []struct {
		name  string
		w     donburi.World
		e     donburi.Entity
		snap  *emitter.Snapshot
		ok    bool
		scale float64
	}{
		{"a nil snapshot changes nothing", w, e, nil, true, 1},
		{"a slower spec", w, e, mustSnap(t, half), true, 0.5},
		{"no such entity", w, donburi.Null, mustSnap(t, streamSpec()), false, 0.5},
		{"no world", nil, e, mustSnap(t, streamSpec()), false, 0.5},
	}
	for _, c := range cases {
		before := effectOf(t, w, e).Clock()
		if got := SetSnapshot(c.w, c.e, c.snap); got != c.ok {
			t.Errorf("%s: SetSnapshot = %v, want %v", c.name, got, c.ok)
		}
		d, _ := component.Get(w, e)
		if d.Effect.Clock() != before || d.Timeline.TimeScale() != c.scale {
			t.Errorf("%s: clock %d (was %d), timeline TimeScale %v, want %v", c.name, d.Effect.Clock(), before, d.Timeline.TimeScale(), c.scale)
		}
	}
	before := effectOf(t, w, e).Clock()
	s.UpdateWorld(w)
	if got, want := effectOf(t, w, e).Clock()-before, s.Step().Scale(0.5); got != want {
		t.Errorf("a step after the swap moved the clock by %d, want %d", got, want)
	}
}

// TestFindBySpecName checks that an effect spawned without a name is found
// by its spec's Name, and that EffectDone carries that name.
func TestFindBySpecName(t *testing.T) {
	w := donburi.NewWorld()
	spec := emitter.DefaultSpec()
	spec.Name = "reward"
	spec.Enabled = false
	spec.Lifetime = emitter.NumberRange{Min: 0.2, Max: 0.2}
	e := newEffect(t, w, spec, component.SpawnOptions{OneShot: true})
	if got, ok := Find(w, "reward"); !ok || got != e {
		t.Fatalf("Find(reward) = %v, %v; want %v", got, ok, e)
	}
	var done []string
	EffectDoneEvent.Subscribe(w, func(_ donburi.World, ev EffectDone) { done = append(done, ev.Name) })
	Emit(w, e, 3)
	s := NewScheduler(nil)
	for range 30 {
		s.UpdateWorld(w)
		EffectDoneEvent.ProcessEvents(w)
	}
	if len(done) != 1 || done[0] != "reward" {
		t.Errorf("EffectDone names %q, want [reward]", done)
	}
	if _, ok := Find(w, "reward"); ok {
		t.Error("the retired effect is still found")
	}
}
