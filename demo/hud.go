package main

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/render"
	"github.com/yohamta/donburi"
)

// The HUD: the scene tabs at the top, the scene's title and hint, the stats
// panel, the problems of effect files that do not load, the key help and the
// timeline bar. The window and captures draw it with the same code; a
// capture has no wall-clock numbers (CPU time, frame rate), so it shows
// what is deterministic.

// hudMode says who draws the HUD.
type hudMode int

const (
	hudCapture hudMode = iota // a headless capture
	hudWindow                 // the interactive window
)

// Colours of the HUD.
var (
	hudInk    = rgba(236, 232, 246, 255)
	hudDim    = rgba(170, 164, 196, 255)
	hudAccent = rgba(255, 156, 48, 255)
	hudPanel  = rgba(12, 10, 24, 190)
	hudBad    = rgba(255, 96, 88, 255)
)

// Layout of the HUD.
const (
	topBarH   = 40.0
	barH      = 44.0
	barY      = screenH - barH
	trackX0   = 196.0
	trackX1   = 836.0
	panelW    = 440.0
	panelX    = screenW - panelW - 14
	panelY    = topBarH + 12
	helpY     = barY - 26
	tabX0     = 132.0
	speedX0   = 856.0
	speedBtnW = 62.0
)

// speeds are the time scale buttons.
var speeds = []float64{0.25, 0.5, 1, 2}

// control is a clickable part of the HUD.
type control int

const (
	ctlNone control = iota
	ctlTab
	ctlStepBack
	ctlReverse
	ctlPlay
	ctlStepFwd
	ctlTrack
	ctlSpeed
	ctlBar // the bar's background: swallows clicks
)

// hud holds what the HUD shows besides the stage: the window's play state
// and measurements.
type hud struct {
	names  []string
	active int
	hidden bool

	// The window's controls and measurements (zero in captures).
	paused, reverse bool
	speed           float64
	stats           frameStats
	problems        []string
	note            string // a transient message, such as "reloaded fire.yaml"
	// pathOf reports the render path that drew an effect in the frame
	// just drawn (the window's Renderer.PathOf); nil in captures.
	pathOf func(*emitter.Effect) (render.Path, bool)
	// scratch holds a world emitter's particles while they are counted.
	scratch []world.Particle
}

// frameStats are the window's measurements of the last frame. The times
// are milliseconds per drawn frame, smoothed: Ebitengine runs as many
// updates as the clock needs between two draws (60 a second), so at a low
// frame rate a frame holds several.
type frameStats struct {
	live, drawn, quads, effects, culled, drawCalls int // culled: effects off screen
	batched, gpu                                   int // effects drawn by each render path
	thinned                                        float64
	// cpuStep is the particle work of the frame's updates (the stage's
	// update: the scheduler and the scene), cpuDraw the layer's draw call.
	cpuStep, cpuDraw float64
	// update and draw are the whole Update calls of the frame and the
	// whole Draw (backdrop, effects, HUD); updates counts the updates.
	update, draw, updates float64
	// interval is the wall time from one frame's Draw to the next: CPU
	// work plus what the CPU does not do (the GPU's rasterization, which
	// Mesa's llvmpipe does on the CPU cores but outside these timings,
	// presenting, and waiting for vsync).
	interval float64
	fps      float64
	// level is what the renderer drew of a world scene's levels.
	level levelStats
}

// levelStats are a frame's world emitters: those drawn and culled, and
// the particles drawn.
type levelStats struct {
	shown                       bool
	emitters, culled, particles int
}

// newHUD returns a HUD over the demo's scenes.
func newHUD() *hud {
	h := &hud{speed: 1}
	for _, sc := range allScenes() {
		h.names = append(h.names, sc.name())
	}
	return h
}

// tabRect returns the rectangle of scene tab i.
func (h *hud) tabRect(i int) (x, y, w, hh float64) {
	x = tabX0
	for j := range i {
		x += float64(textWidth(fmt.Sprintf("%d %s", j+1, h.names[j]), 2)) + 26
	}
	return x, 6, float64(textWidth(fmt.Sprintf("%d %s", i+1, h.names[i]), 2)) + 20, 28
}

// barButtons are the timeline's buttons left of the track.
var barButtons = []control{ctlStepBack, ctlReverse, ctlPlay, ctlStepFwd}

// buttonRect returns the rectangle of timeline button i.
func buttonRect(i int) (x, y, w, h float64) { return 14 + float64(i)*44, barY + 6, 38, 32 }

// speedRect returns the rectangle of speed button i.
func speedRect(i int) (x, y, w, h float64) {
	return speedX0 + float64(i)*(speedBtnW+6), barY + 6, speedBtnW, 32
}

func inRect(px, py, x, y, w, h float64) bool { return px >= x && px < x+w && py >= y && py < y+h }

// hit returns the control under (x, y) and its index (tab or speed).
func (h *hud) hit(x, y float64) (control, int) {
	if y < topBarH {
		for i := range h.names {
			if tx, ty, tw, th := h.tabRect(i); inRect(x, y, tx, ty, tw, th) {
				return ctlTab, i
			}
		}
		return ctlBar, 0
	}
	if h.hidden || y < barY {
		return ctlNone, 0
	}
	for i, c := range barButtons {
		if bx, by, bw, bh := buttonRect(i); inRect(x, y, bx, by, bw, bh) {
			return c, 0
		}
	}
	for i := range speeds {
		if sx, sy, sw, sh := speedRect(i); inRect(x, y, sx, sy, sw, sh) {
			return ctlSpeed, i
		}
	}
	if x >= trackX0-8 && x <= trackX1+8 {
		return ctlTrack, 0
	}
	return ctlBar, 0
}

// trackTime maps a pointer x on the track to a world clock in the stage's
// history span.
func trackTime(st *stage, x float64) float64 {
	lo, hi := trackSpan(st)
	return lo + (hi-lo)*clamp01((x-trackX0)/(trackX1-trackX0))
}

// trackSpan is the span of world clocks the track shows: the history span,
// at least 10 s wide so the playhead moves visibly from the start.
func trackSpan(st *stage) (lo, hi float64) {
	lo, hi = st.historySpan()
	return lo, max(hi, lo+10)
}

// draw draws the HUD for the stage.
func (h *hud) draw(c canvas, st *stage, mode hudMode) {
	h.drawTopBar(c)
	if h.hidden {
		return
	}
	sc := st.sc
	shadowText(c, 20, topBarH+14, 3, sc.title(), hudInk)
	shadowText(c, 20, topBarH+44, 2, sc.hint(), hudDim)
	h.drawStats(c, st, mode)
	if len(h.problems) > 0 {
		h.drawProblems(c)
	} else if h.note != "" {
		c.Text(20, helpY-28, 2, h.note, hudAccent)
	}
	help := fmt.Sprintf("1-%d/Tab scene · Space pause · ←→ step · Shift+←→ 1 s · B reverse · [ ] speed · H hide", len(h.names))
	if mode == hudCapture {
		help = "captured headless: scripts/demo with no display; run it with a display for the window"
	}
	shadowText(c, 20, helpY, 2, help, alpha(hudDim, 0.8))
	h.drawBar(c, st, mode)
}

// shadowText draws text with a dark drop shadow, so it reads over busy
// backdrops and particles.
func shadowText(c canvas, x, y float64, scale int, s string, col color.NRGBA) {
	c.Text(x+float64(scale), y+float64(scale), scale, s, rgba(0, 0, 0, 150))
	c.Text(x, y, scale, s, col)
}

// drawTopBar draws the logo and the scene tabs.
func (h *hud) drawTopBar(c canvas) {
	c.Rect(0, 0, screenW, topBarH, hudPanel)
	c.Text(16, 8, 3, "EMBER", hudAccent)
	for i, n := range h.names {
		x, y, w, hh := h.tabRect(i)
		label := fmt.Sprintf("%d %s", i+1, n)
		if i == h.active {
			c.RoundRect(x, y, w, hh, 8, hudAccent)
			c.Text(x+10, y+6, 2, label, rgba(30, 16, 4, 255))
		} else {
			c.RoundRect(x, y, w, hh, 8, rgba(255, 255, 255, 22))
			c.Text(x+10, y+6, 2, label, hudInk)
		}
	}
}

// effectRow is one line of the stats table: the effects of one file that
// take one render path.
type effectRow struct {
	file, path string
	n          int
}

// Labels of the stats table's path column.
const (
	pathRaster    = "raster"     // a capture: the reference rasterizer
	pathBatched   = "batched"    // render's batched path: CPU-positioned quads
	pathGPU       = "gpu"        // render's GPU-evaluated path: one quad per effect (per 16,384 candidates)
	pathOffScreen = "off screen" // culled: the effect's bounds missed the screen
)

// renderPath names the render path that drew an effect in the frame just
// drawn. A capture draws every effect with the reference rasterizer. The
// window asks its renderer (hud.pathOf): system/layerdraw submits every
// effect with render.PathAuto, so the renderer's cost model picks the
// path per effect and per frame; "batched" is then either the model's
// choice or an effect beyond the GPU path's limits (render.MaxGPUQuads
// quads of render.MaxGPUParticles candidates, render.MaxGPUBursts visible
// bursts, an unlocked effect on a host track), which the renderer does not tell apart for an effect that
// did not ask for the GPU path. An effect the renderer culled is "off
// screen".
func (h *hud) renderPath(fx *component.EffectData, mode hudMode) string {
	if mode == hudCapture || h.pathOf == nil {
		return pathRaster
	}
	p, ok := h.pathOf(fx.Effect)
	switch {
	case !ok:
		return pathOffScreen
	case p == render.PathGPU:
		return pathGPU
	}
	return pathBatched
}

// statsRows returns the stats table's rows, in the order the stage's
// effects were spawned, and the live particles of the visible effects
// (captures only: the window counts them with the renderer's Stats) and
// their number.
func (h *hud) statsRows(st *stage, mode hudMode) (rows []effectRow, live, effects int) {
	for _, b := range st.binds {
		fx, ok := component.Get(st.world, b.entity)
		if !ok || !fx.Visible() {
			continue
		}
		effects++
		if mode == hudCapture {
			live += len(fx.Effect.Particles())
		}
		path := h.renderPath(fx, mode)
		i := slices.IndexFunc(rows, func(r effectRow) bool { return r.file == b.file.name && r.path == path })
		if i < 0 {
			rows = append(rows, effectRow{file: b.file.name, path: path})
			i = len(rows) - 1
		}
		rows[i].n++
	}
	return rows, live, effects
}

// levelParticles returns the emitters of the stage's visible world levels
// and their live particles (captures only: the window has the renderer's
// LevelStats).
func (h *hud) levelParticles(st *stage) (emitters, particles int) {
	component.LevelQuery().Each(st.world, func(e *donburi.Entry) {
		d := component.Level.Get(e)
		if !d.Visible() {
			return
		}
		ev := d.Level.Evaluator()
		for i := range ev.Len() {
			h.scratch = ev.AppendEmitter(h.scratch[:0], i, d.Seconds())
			particles += len(h.scratch)
		}
		emitters += ev.Len()
	})
	return emitters, particles
}

// statsLines returns the stats panel's lines and how many of them, at the
// end, are the table of effect files.
func (h *hud) statsLines(st *stage, mode hudMode) (lines []string, table int) {
	rows, live, effects := h.statsRows(st, mode)
	if mode == hudWindow {
		s := h.stats
		lines = append(lines,
			fmt.Sprintf("particles %s live", commas(s.live)),
			fmt.Sprintf("drawn     %s (%d quads)", commas(s.drawn), s.quads),
			fmt.Sprintf("effects   %d (%d culled)", s.effects+s.culled, s.culled),
			fmt.Sprintf("paths     %d batched, %d gpu", s.batched, s.gpu),
			fmt.Sprintf("draw calls %d", s.drawCalls),
			// Where a frame's time goes: the particle work, the whole
			// CPU frame, and the rest of the frame interval.
			fmt.Sprintf("CPU particles %.2f ms/frame", s.cpuStep+s.cpuDraw),
			fmt.Sprintf("  step %.2f + draw %.2f ms", s.cpuStep, s.cpuDraw),
			fmt.Sprintf("CPU frame     %.2f ms", s.update+s.draw),
			fmt.Sprintf("  %.0f updates %.2f, draw %.2f ms", s.updates, s.update, s.draw),
			fmt.Sprintf("frame time %.1f ms: %.0f fps", s.interval, s.fps),
			fmt.Sprintf("  not CPU %.1f ms (GPU, present)", max(s.interval-s.update-s.draw, 0)),
		)
		if s.thinned > 0 {
			lines[1] += fmt.Sprintf(" -%.0f%%", 100*s.thinned)
		}
		if s.gpu > 0 {
			// The renderer counts the batched path's particles only.
			lines[0] += " (batched)"
		}
		if s.level.shown {
			lines = slices.Insert(lines, 3, fmt.Sprintf("world     %d emitters (%d culled)", s.level.emitters+s.level.culled, s.level.culled))
		}
	} else {
		n, particles := h.levelParticles(st)
		lines = append(lines,
			fmt.Sprintf("particles %s live", commas(live+particles)),
			fmt.Sprintf("effects   %d", effects),
			"renderer  raster (capture)",
		)
		if n > 0 {
			lines = slices.Insert(lines, 2, fmt.Sprintf("world     %d emitters", n))
		}
	}
	if len(rows) == 0 {
		return lines, 0 // a world level alone: no effect files
	}
	lines = append(lines, "")
	lines = append(lines, fmt.Sprintf("%-22s %2s %s", "effect file", "n", "path"))
	for _, r := range rows {
		lines = append(lines, fmt.Sprintf("%-22s %2d %s", clip(r.file, 22), r.n, r.path))
	}
	return lines, len(rows) + 1
}

// statsHeight is the height of the stats panel of n lines.
func statsHeight(n int) float64 { return float64(n)*22 + 16 }

// drawStats draws the stats panel.
func (h *hud) drawStats(c canvas, st *stage, mode hudMode) {
	lines, table := h.statsLines(st, mode)
	hh := statsHeight(len(lines))
	c.RoundRect(panelX-1, panelY-1, panelW+2, hh+2, 11, rgba(255, 255, 255, 28))
	c.RoundRect(panelX, panelY, panelW, hh, 10, hudPanel)
	for i, l := range lines {
		col := hudInk
		if i >= len(lines)-table {
			col = hudDim
		}
		c.Text(panelX+12, panelY+10+float64(i)*22, 2, clip(l, statsChars), col)
	}
}

// statsChars is the most characters a stats line shows.
const statsChars = 35

// clip shortens s to n runes.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// commas formats n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// drawProblems lists the problems of the effect files that do not load.
func (h *hud) drawProblems(c canvas) {
	lines := []string{"An effect file does not load; its last good version keeps playing:"}
	for i, p := range h.problems {
		if i == 8 {
			lines = append(lines, fmt.Sprintf("… and %d more", len(h.problems)-i))
			break
		}
		lines = append(lines, clip(p, 70))
	}
	hh := float64(len(lines))*22 + 18
	y := helpY - 14 - hh
	c.RoundRect(16, y, 860, hh, 10, rgba(40, 6, 10, 225))
	c.RoundRect(16, y, 6, hh, 3, hudBad)
	for i, l := range lines {
		col := hudInk
		if i == 0 {
			col = hudBad
		}
		c.Text(32, y+10+float64(i)*22, 2, l, col)
	}
}

// drawBar draws the timeline bar: step and play buttons, the track of the
// history span with the playhead, the speed buttons and the clock.
func (h *hud) drawBar(c canvas, st *stage, mode hudMode) {
	c.Rect(0, barY, screenW, barH, hudPanel)
	for i, ctl := range barButtons {
		x, y, w, hh := buttonRect(i)
		on := (ctl == ctlReverse && h.reverse && !h.paused) || (ctl == ctlPlay && !h.paused && !h.reverse)
		bg := rgba(255, 255, 255, 26)
		ink := hudInk
		if on {
			bg, ink = hudAccent, rgba(30, 16, 4, 255)
		}
		c.RoundRect(x, y, w, hh, 6, bg)
		drawIcon(c, ctl, x+w/2, y+hh/2, ink, h.paused)
	}
	// The track.
	lo, hi := trackSpan(st)
	now := st.now()
	_, reach := st.historySpan()
	ty := barY + barH/2
	c.RoundRect(trackX0, ty-4, trackX1-trackX0, 8, 4, rgba(255, 255, 255, 30))
	xr := trackX0 + (trackX1-trackX0)*clamp01((reach-lo)/(hi-lo))
	c.RoundRect(trackX0, ty-4, xr-trackX0, 8, 4, rgba(255, 156, 48, 90))
	xn := trackX0 + (trackX1-trackX0)*clamp01((now-lo)/(hi-lo))
	c.RoundRect(trackX0, ty-4, xn-trackX0, 8, 4, hudAccent)
	c.Circle(xn, ty, 9, hudInk)
	c.Circle(xn, ty, 5, hudAccent)
	label := fmt.Sprintf("%.2f s", now)
	c.Text(trackX0, barY+2, 1, fmt.Sprintf("%.0f s", lo), hudDim)
	note := fmt.Sprintf("rewind is exact within the last %d s", history)
	c.Text(trackX1-float64(textWidth(note, 1)), barY+2, 1, note, hudDim)
	// Speeds.
	for i, s := range speeds {
		x, y, w, hh := speedRect(i)
		on := math.Abs(h.speed-s) < 1e-9
		bg, ink := rgba(255, 255, 255, 26), hudInk
		if on {
			bg, ink = hudAccent, rgba(30, 16, 4, 255)
		}
		c.RoundRect(x, y, w, hh, 6, bg)
		t := speedLabel(s)
		c.Text(x+(w-float64(textWidth(t, 2)))/2, y+8, 2, t, ink)
	}
	c.Text(screenW-14-float64(textWidth(label, 2)), barY+14, 2, label, hudInk)
	_ = mode
}

// speedLabel formats a time scale like "0.25×".
func speedLabel(s float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", s), "0"), ".") + "×"
}

// drawIcon draws a timeline button's icon centred at (cx, cy).
func drawIcon(c canvas, ctl control, cx, cy float64, ink color.NRGBA, paused bool) {
	tri := func(x, dir float64) {
		c.Polygon([]pt{{x - 6*dir, cy - 8}, {x + 7*dir, cy}, {x - 6*dir, cy + 8}}, ink)
	}
	switch ctl {
	case ctlStepBack:
		c.Rect(cx-8, cy-8, 3, 16, ink)
		tri(cx+2, -1)
	case ctlReverse:
		tri(cx+1, -1)
	case ctlPlay:
		if paused {
			tri(cx+1, 1)
		} else {
			c.Rect(cx-7, cy-8, 5, 16, ink)
			c.Rect(cx+2, cy-8, 5, 16, ink)
		}
	case ctlStepFwd:
		tri(cx-2, 1)
		c.Rect(cx+5, cy-8, 3, 16, ink)
	}
}
