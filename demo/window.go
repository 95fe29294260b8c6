package main

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/emberfx/ember/system/layerdraw"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// The window: an ebiten.Game that runs the active scene's stage at 60
// updates per second, draws its effects with render.Renderer through
// system/layerdraw, and drives the timeline, keys and hot reload.

func init() { runWindow = openWindow }

// pollEvery is how often effect files are checked for changes.
const pollEvery = 500 * time.Millisecond

// maxKinds is the number of renderer data rows after which the renderer is
// reset: each snapshot swapped in (hot reload, the stress slider) adds one.
const maxKinds = 64

// game is the demo's ebiten.Game.
type game struct {
	lib      *library
	scenes   []scene
	stages   []*stage
	active   int
	hud      *hud
	renderer *render.Renderer
	drawer   *layerdraw.Drawer
	levels   *layerdraw.LevelDrawer
	canvas   *ebitenCanvas

	paused, reverse bool
	speed           float64
	step            int // a pending single step: +1 forward, -1 back
	scrubbing       bool
	scrubResume     bool // play again when the scrub ends
	lastPoll        time.Time
	noteUntil       time.Time

	// The frame being measured (frameStats): the time its updates took,
	// whole and the stage's part, and how many ran; when the last Draw
	// started.
	frameUpdate, frameStep time.Duration
	frameUpdates           int
	lastDraw               time.Time

	started    bool
	frames     int
	maxFrames  int
	screenshot string
	quit       bool
	err        error
}

// openWindow runs the window until it is closed. It returns an error
// wrapping errNoWindow when the window cannot open.
func openWindow(dir string, o options) error {
	r, err := render.New(&render.Options{Budget: -1})
	if err != nil {
		return err
	}
	g := &game{
		lib:        newLibrary(dir),
		scenes:     allScenes(),
		hud:        newHUD(),
		renderer:   r,
		drawer:     layerdraw.NewDrawer(r, 0),
		levels:     layerdraw.NewLevelDrawer(r, 0),
		canvas:     newEbitenCanvas(),
		speed:      1,
		maxFrames:  o.frames,
		screenshot: o.screenshot,
		lastPoll:   time.Now(),
	}
	g.hud.pathOf = r.PathOf
	g.stages = make([]*stage, len(g.scenes))
	if o.scene != "" {
		for i, sc := range g.scenes {
			if sc.name() == o.scene {
				g.active = i
			}
		}
	}
	if _, err := g.stage(); err != nil {
		return err
	}
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetWindowTitle("Ember demo")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(tps)
	err = ebiten.RunGame(g)
	if err != nil && !g.started {
		return fmt.Errorf("%w: %v", errNoWindow, err)
	}
	if err != nil {
		return err
	}
	return g.err
}

// stage returns the active scene's stage, building it on first use.
func (g *game) stage() (*stage, error) {
	if g.stages[g.active] == nil {
		st, err := newStage(g.scenes[g.active], g.lib)
		if err != nil {
			return nil, fmt.Errorf("scene %s: %w", g.scenes[g.active].name(), err)
		}
		g.stages[g.active] = st
	}
	return g.stages[g.active], nil
}

// Layout implements ebiten.Game: the demo is 1280 × 720, scaled to the
// window.
func (g *game) Layout(int, int) (int, int) { return screenW, screenH }

// Update implements ebiten.Game.
func (g *game) Update() error {
	start := time.Now()
	defer func() { g.frameUpdate += time.Since(start); g.frameUpdates++ }()
	g.started = true
	if g.quit {
		return ebiten.Termination
	}
	if time.Since(g.lastPoll) >= pollEvery {
		g.lastPoll = time.Now()
		if done := g.lib.poll(); len(done) > 0 {
			g.note("reloaded " + strings.Join(done, ", "))
		}
	}
	g.hud.problems = g.lib.problems()
	if err := g.keys(); err != nil {
		return err
	}
	st, err := g.stage()
	if err != nil {
		return err
	}
	in := g.pointer(st)

	// The clock: a scrub or a single step while paused, else play.
	st.sched.Paused = g.paused || g.scrubbing
	st.sched.TimeScale = g.speed
	if g.reverse {
		st.sched.TimeScale = -g.speed
	}
	lo, _ := st.historySpan()
	if g.reverse && !g.paused && st.now() <= lo {
		g.paused, g.reverse = true, false // rewound to the start of the history
		st.sched.Paused = true
	}
	switch {
	case g.step < 0:
		st.seekClock(system.Clock(st.world) - st.sched.Step())
		st.sched.Paused = true
	case g.step > 0:
		st.sched.Paused, st.sched.TimeScale = false, 1
	}
	g.step = 0
	t0 := time.Now()
	st.update(in)
	g.frameStep += time.Since(t0)
	return nil
}

// note shows a transient message in the HUD for a few seconds.
func (g *game) note(s string) {
	g.hud.note = s
	g.noteUntil = time.Now().Add(3 * time.Second)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// smooth is an exponential moving average over about 20 frames.
func smooth(avg, v float64) float64 {
	if avg == 0 {
		return v
	}
	return avg + (v-avg)*0.05
}

// keys handles the keyboard.
func (g *game) keys() error {
	for i := range g.scenes {
		if inpututil.IsKeyJustPressed(ebiten.Key1+ebiten.Key(i)) || inpututil.IsKeyJustPressed(ebiten.KeyNumpad1+ebiten.Key(i)) {
			g.switchTo(i)
		}
	}
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		if shift {
			g.switchTo((g.active + len(g.scenes) - 1) % len(g.scenes))
		} else {
			g.switchTo((g.active + 1) % len(g.scenes))
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySpace) || inpututil.IsKeyJustPressed(ebiten.KeyP) {
		g.paused = !g.paused
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyB) {
		g.setReverse(!g.reverse)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyH) {
		g.hud.hidden = !g.hud.hidden
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketLeft) || inpututil.IsKeyJustPressed(ebiten.KeyMinus) {
		g.speed = speeds[max(speedIndex(g.speed)-1, 0)]
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBracketRight) || inpututil.IsKeyJustPressed(ebiten.KeyEqual) {
		g.speed = speeds[min(speedIndex(g.speed)+1, len(speeds)-1)]
	}
	for key, dir := range map[ebiten.Key]int{ebiten.KeyArrowLeft: -1, ebiten.KeyArrowRight: 1} {
		d := inpututil.KeyPressDuration(key)
		if d == 1 || (d > 20 && d%3 == 0) {
			st, err := g.stage()
			if err != nil {
				return err
			}
			if shift {
				st.seek(st.now() + float64(dir))
			} else {
				g.paused, g.step = true, dir
			}
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || inpututil.IsKeyJustPressed(ebiten.KeyQ) {
		g.quit = true
	}
	return nil
}

// setReverse plays backwards (or forwards) and unpauses.
func (g *game) setReverse(on bool) {
	g.reverse, g.paused = on, false
}

// speedIndex returns the index of the speed closest to s.
func speedIndex(s float64) int {
	best := 0
	for i, v := range speeds {
		if math.Abs(v-s) < math.Abs(speeds[best]-s) {
			best = i
		}
	}
	return best
}

// switchTo makes scene i active; its world keeps its clock and history.
func (g *game) switchTo(i int) {
	if i == g.active {
		return
	}
	g.active = i
	g.hud.active = i
	g.scrubbing = false
}

// pointer reads the mouse, lets the HUD take what is over it, and returns
// the rest as the scene's input.
func (g *game) pointer(st *stage) *input {
	cx, cy := ebiten.CursorPosition()
	x, y := float64(cx), float64(cy)
	down := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	pressed := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	released := inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	in := &input{
		x: x, y: y,
		action: inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter),
		toggle: inpututil.IsKeyJustPressed(ebiten.KeyR),
	}
	for key, d := range map[ebiten.Key]pt{ebiten.KeyA: {-1, 0}, ebiten.KeyD: {1, 0}, ebiten.KeyW: {0, -1}, ebiten.KeyS: {0, 1}} {
		if ebiten.IsKeyPressed(key) {
			in.pan.X, in.pan.Y = in.pan.X+d.X, in.pan.Y+d.Y
		}
	}
	_, in.zoom = ebiten.Wheel()
	if ebiten.IsKeyPressed(ebiten.KeyZ) {
		in.zoom += 0.25
	}
	if ebiten.IsKeyPressed(ebiten.KeyX) {
		in.zoom -= 0.25
	}
	if g.scrubbing {
		st.seek(trackTime(st, x))
		if !down {
			g.scrubbing = false
			g.paused = !g.scrubResume
		}
		return in
	}
	if pressed {
		ctl, i := g.hud.hit(x, y)
		switch ctl {
		case ctlNone:
			in.pressed, in.down = true, true
		case ctlTab:
			g.switchTo(i)
		case ctlStepBack:
			g.paused, g.step = true, -1
		case ctlStepFwd:
			g.paused, g.step = true, 1
		case ctlReverse:
			if g.reverse && !g.paused {
				g.paused = true
			} else {
				g.setReverse(true)
			}
		case ctlPlay:
			if g.paused || g.reverse {
				g.paused, g.reverse = false, false
			} else {
				g.paused = true
			}
		case ctlSpeed:
			g.speed = speeds[i]
		case ctlTrack:
			g.scrubbing, g.scrubResume = true, !g.paused
			st.seek(trackTime(st, x))
		}
		return in
	}
	in.down, in.released = down, released
	return in
}

// Draw implements ebiten.Game.
func (g *game) Draw(screen *ebiten.Image) {
	st := g.stages[g.active]
	if st == nil {
		return
	}
	start := time.Now()
	s := &g.hud.stats
	g.measureFrame(start)
	defer func() { s.draw = smooth(s.draw, ms(time.Since(start))) }()
	c := g.canvas
	c.target(screen)
	c.Picture(st.sc.backdrop(), 0, 0)
	st.sc.drawBack(c, st)
	t0 := time.Now()
	lv, viewer := st.sc.(levelViewer)
	if viewer {
		g.levels.Camera = lv.view()
		g.levels.DrawWorld(st.world, screen)
	}
	g.drawer.DrawWorld(st.world, screen)
	s.cpuDraw = smooth(s.cpuDraw, ms(time.Since(t0)))
	st.sc.drawFront(c, st)

	rs := g.renderer.Stats()
	s.live, s.drawn, s.quads, s.effects, s.culled, s.drawCalls, s.thinned = rs.Live, rs.Particles, rs.Quads, rs.Effects, rs.Culled, rs.DrawCalls, rs.Thinned
	s.batched, s.gpu = rs.Batched, rs.GPU
	s.level = levelStats{}
	if viewer {
		ls := g.renderer.LevelStats()
		s.level = levelStats{shown: true, emitters: ls.Emitters, culled: ls.Culled, particles: ls.Particles}
		// The level's particles drawn are its live ones: the demo's
		// renderer has no budget (the LOD may still fade far emitters).
		s.live += ls.Particles
		s.drawn += ls.Particles
		s.quads += ls.Particles
		s.drawCalls += ls.DrawCalls
		s.batched += ls.Batched
	}
	s.fps = ebiten.ActualFPS()
	g.hud.active = g.active
	g.hud.paused, g.hud.reverse, g.hud.speed = g.paused || g.scrubbing, g.reverse, g.speed
	if time.Now().After(g.noteUntil) {
		g.hud.note = ""
	}
	g.hud.draw(c, st, hudWindow)
	if rs.Kinds > maxKinds {
		g.renderer.Reset()
	}

	g.frames++
	if g.maxFrames > 0 && g.frames >= g.maxFrames && !g.quit {
		if g.screenshot != "" {
			if err := saveScreen(screen, g.screenshot); err != nil {
				g.err = err
			}
		}
		g.quit = true
	}
}

// measureFrame closes the measurement of the updates since the last Draw
// and of the interval between the Draws, as the Draw starting at start
// begins. The HUD that Draw paints shows the previous Draw's own time.
func (g *game) measureFrame(start time.Time) {
	s := &g.hud.stats
	if !g.lastDraw.IsZero() {
		s.interval = smooth(s.interval, ms(start.Sub(g.lastDraw)))
	}
	g.lastDraw = start
	s.cpuStep = smooth(s.cpuStep, ms(g.frameStep))
	s.update = smooth(s.update, ms(g.frameUpdate))
	s.updates = smooth(s.updates, float64(g.frameUpdates))
	g.frameStep, g.frameUpdate, g.frameUpdates = 0, 0, 0
}

// saveScreen writes the screen's pixels as a PNG.
func saveScreen(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	data, err := encodePNG(img)
	if err != nil {
		return err
	}
	if err := writeFile(path, data); err != nil {
		return errors.New("screenshot: " + err.Error())
	}
	return nil
}
