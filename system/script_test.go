package system

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/raster"
	"github.com/yohamta/donburi"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// sixth is 1/6 s, the shortest period common to 30, 60 and 144 TPS: the
// script acts and the tests compare frames on its multiples.
const sixth = emitter.TicksPerSecond / 6

// at returns k sixths of a second.
func at(k int) emitter.Ticks { return emitter.Ticks(k) * sixth }

func mustSnap(t testing.TB, spec emitter.Spec) *emitter.Snapshot {
	t.Helper()
	s, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func streamSpec() emitter.Spec {
	sp := emitter.DefaultSpec()
	sp.Rate = 40
	sp.Lifetime = emitter.NumberRange{Min: 0.6, Max: 1}
	sp.Speed = emitter.NumberRange{Min: 1, Max: 2}
	sp.SpreadAngle = emitter.Vector2{X: 60}
	sp.Acceleration = emitter.Vector3{Y: -1.5}
	sp.Size = emitter.NumberSequence{{Time: 0, Value: 0.2}, {Time: 1, Value: 0.05}}
	sp.Color = emitter.ColorSequence{{Time: 0, Color: emitter.Color{R: 1, G: 0.8, B: 0.2}}, {Time: 1, Color: emitter.Color{R: 1, G: 0.2}}}
	sp.Transparency = emitter.NumberSequence{{Time: 0, Value: 0}, {Time: 1, Value: 1}}
	sp.LightEmission = 0.5
	return sp
}

// followerSpec leaves particles where the host was at their birth
// (LockedToPart false) and gives them half its velocity.
func followerSpec() emitter.Spec {
	sp := streamSpec()
	sp.Rate = 30
	sp.Lifetime = emitter.NumberRange{Min: 0.5, Max: 0.8}
	sp.Speed = emitter.Constant(1)
	sp.SpreadAngle = emitter.Vector2{X: 180}
	sp.Acceleration = emitter.Vector3{}
	sp.LockedToPart = false
	sp.VelocityInheritance = 0.5
	sp.Color = emitter.ConstantColor(emitter.Color{R: 0.3, G: 0.7, B: 1})
	return sp
}

// parentAt is the script's moving parent: still until 1/2 s, then 60 px/s
// right and 30 px/s down with a turn of 90°/s until 3/2 s, then still. A
// function of the world clock, as game logic would compute it.
func parentAt(c emitter.Ticks) (x, y, rot float64) {
	s := min(max(c, at(3)), at(9)) - at(3)
	t := s.Seconds()
	return 50 + 60*t, 40 + 30*t, 90 * t
}

// game runs the test script on one world at one TPS.
type game struct {
	t       testing.TB
	w       donburi.World
	s       *Scheduler
	col     *Collector
	items   []raster.Item
	ras     raster.Rasterizer
	parent  *donburi.Entry
	fx      map[string]donburi.Entity
	done    []EffectDone
	oneShot bool
}

const frameW, frameH = 240, 180

func newGame(t testing.TB, tps int) *game {
	w := donburi.NewWorld()
	g := &game{t: t, w: w, s: NewScheduler(&SchedulerOptions{TPS: tps}), col: NewCollector(0), fx: map[string]donburi.Entity{}, oneShot: true}
	g.parent = w.Entry(w.Create(transform.Transform))
	EffectDoneEvent.Subscribe(w, func(_ donburi.World, ev EffectDone) { g.done = append(g.done, ev) })
	return g
}

func (g *game) spawn(name string, snap *emitter.Snapshot, opts component.SpawnOptions) donburi.Entity {
	g.t.Helper()
	opts.Name = name
	opts.HostWidth, opts.HostHeight = 50, 50
	e, err := component.Spawn(g.w, snap, &opts)
	if err != nil {
		g.t.Fatal(err)
	}
	g.fx[name] = e
	return e
}

// act runs the script's actions due at world clock now.
func (g *game) act(now emitter.Ticks) {
	switch now {
	case at(0):
		g.spawn("stream", mustSnap(g.t, streamSpec()), component.SpawnOptions{Play: true, X: 70, Y: 150, Seed: 7})
		g.spawn("pausy", mustSnap(g.t, streamSpec()), component.SpawnOptions{Play: true, X: 170, Y: 140, Seed: 9})
	case at(1):
		spec, err := effectfile.Load("../examples/effects/confetti.json")
		if err != nil {
			g.t.Fatal(err)
		}
		g.spawn("confetti", mustSnap(g.t, spec), component.SpawnOptions{OneShot: g.oneShot, X: 120, Y: 70, Seed: 3})
	case at(2):
		e := g.spawn("follower", mustSnap(g.t, followerSpec()), component.SpawnOptions{Play: true, Transform: true, X: 10, Y: 0, Seed: 5})
		transform.AppendChild(g.parent, g.w.Entry(e), false)
		Emit(g.w, g.fx["confetti"], 40) // paused: restarts and plays
	case at(4):
		Emit(g.w, g.fx["confetti"], 25)
		Emit(g.w, g.fx["stream"], 10)
	case at(6):
		Pause(g.w, g.fx["pausy"])
	case at(8):
		Emit(g.w, g.fx["pausy"], 5) // on a paused effect: restart, burst, play
	case at(9):
		Pause(g.w, g.fx["pausy"])
	case at(10):
		Play(g.w, g.fx["pausy"])
		SetTime(g.w, g.fx["stream"], 0.5)
	case at(12):
		Restart(g.w, g.fx["stream"])
	}
}

// moveParent places the parent for the clock the next update reaches.
func (g *game) moveParent(next emitter.Ticks) {
	x, y, r := parentAt(next)
	tr := transform.GetTransform(g.parent)
	tr.LocalPosition = dmath.Vec2{X: x, Y: y}
	tr.LocalRotation = r
}

// frame renders the world with the reference rasterizer.
func (g *game) frame() []byte {
	img := image.NewRGBA(image.Rect(0, 0, frameW, frameH))
	g.items = g.col.AppendRasterItems(g.w, g.items[:0])
	g.ras.Draw(img, g.items)
	return img.Pix
}

// run plays the script from the world clock to end and returns the frames
// at every sixth of a second, keyed by world clock. act false replays: the
// script's actions are not issued again.
func (g *game) run(end emitter.Ticks, act bool) map[emitter.Ticks][]byte {
	frames := map[emitter.Ticks][]byte{}
	for {
		now := Clock(g.w)
		if act {
			g.act(now)
		}
		if now%sixth == 0 {
			frames[now] = g.frame()
		}
		if now >= end {
			return frames
		}
		g.moveParent(now + g.s.WorldStep())
		g.s.UpdateWorld(g.w)
		EffectDoneEvent.ProcessEvents(g.w)
	}
}

func blank(pix []byte) bool {
	for _, b := range pix {
		if b != 0 {
			return false
		}
	}
	return true
}

func diff(a, b []byte) string {
	n := 0
	first := -1
	for i := range a {
		if a[i] != b[i] {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d bytes differ, first at pixel (%d, %d)", n, first/4%frameW, first/4/frameW)
}

// TestTPSIndependence runs the script at 30, 60 and 144 TPS: every frame at
// the same world clock has identical pixels.
func TestTPSIndependence(t *testing.T) {
	const end = 24 // 4 s
	ref := newGame(t, 60)
	want := ref.run(at(end), true)
	for k := 0; k <= end; k++ {
		if blank(want[at(k)]) {
			t.Fatalf("frame at %d/6 s is blank: the script shows nothing", k)
		}
		if k > 0 && bytes.Equal(want[at(k)], want[at(k-1)]) && k != 7 && k != 10 {
			t.Errorf("frames at %d/6 and %d/6 s are identical: the effects do not move", k-1, k)
		}
	}
	for _, tps := range []int{30, 144} {
		g := newGame(t, tps)
		got := g.run(at(end), true)
		for k := 0; k <= end; k++ {
			if d := diff(got[at(k)], want[at(k)]); d != "" {
				t.Errorf("%d TPS, frame at %d/6 s: %s", tps, k, d)
			}
		}
		if len(g.done) != 1 || g.done[0].Name != "confetti" {
			t.Errorf("%d TPS: done events %v, want confetti's", tps, g.done)
		}
	}
	if len(ref.done) != 1 || ref.done[0].Name != "confetti" || ref.done[0].Entity != ref.fx["confetti"] {
		t.Errorf("done events %v, want one for confetti (%v)", ref.done, ref.fx["confetti"])
	}
	if ref.w.Valid(ref.fx["confetti"]) {
		t.Error("the drained one-shot confetti is still in the world")
	}
	if _, ok := Find(ref.w, "confetti"); ok {
		t.Error("Find still finds the retired confetti")
	}
	for _, name := range []string{"stream", "pausy", "follower"} {
		if e, ok := Find(ref.w, name); !ok || e != ref.fx[name] {
			t.Errorf("Find(%q) = %v, %v; want %v", name, e, ok, ref.fx[name])
		}
	}
}

// TestSeekMatchesStepping seeks a world of effects, paused, resumed,
// restarted and moved in between, and gets the frames stepping showed:
// rewinding, jumping forward, and replaying the recorded future.
func TestSeekMatchesStepping(t *testing.T) {
	const end = 19 // before the confetti drains and retires
	for _, tps := range []int{60, 144} {
		g := newGame(t, tps)
		want := g.run(at(end), true)
		check := func(how string, k int) {
			t.Helper()
			if d := diff(g.frame(), want[at(k)]); d != "" {
				t.Errorf("%d TPS, %s to %d/6 s: %s", tps, how, k, d)
			}
		}
		for k := end; k >= 0; k-- { // rewind frame by frame
			Seek(g.w, at(k).Seconds())
			check("rewinding", k)
		}
		for _, k := range []int{17, 2, 11, 0, 9, 13, 5, 19, 7} { // jump about
			SeekClock(g.w, at(k))
			check("seeking", k)
		}
		// Replay: from 1/2 s, stepping again (without the script's
		// actions, which the timelines recorded) shows the same frames.
		SeekClock(g.w, at(3))
		got := g.run(at(end), false)
		for k := 3; k <= end; k++ {
			if d := diff(got[at(k)], want[at(k)]); d != "" {
				t.Errorf("%d TPS, replay after seeking back, frame at %d/6 s: %s", tps, k, d)
			}
		}
		if n := pendingQuery.Count(g.w); n != 0 {
			t.Errorf("%d TPS: %d effects still pending after the replay caught up", tps, n)
		}
	}
}

// TestBackwardsTimeScale plays the world backwards with a negative
// TimeScale: every frame on the way back is the one shown on the way
// forward.
func TestBackwardsTimeScale(t *testing.T) {
	g := newGame(t, 60)
	want := g.run(at(18), true)
	g.s.TimeScale = -1
	for Clock(g.w) > 0 {
		g.s.UpdateWorld(g.w)
		if now := Clock(g.w); now%sixth == 0 {
			if d := diff(g.frame(), want[now]); d != "" {
				t.Errorf("backwards at %v s: %s", now.Seconds(), d)
			}
		}
	}
	if g.s.Stepped() != 0 {
		t.Errorf("a backwards update stepped %d effects", g.s.Stepped())
	}
}
