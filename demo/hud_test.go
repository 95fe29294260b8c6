package main

import (
	"strings"
	"testing"
	"time"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system/layerdraw"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestStatsPathLabels: the stats table names each effect's path from the
// renderer's answer in the window, and "raster" in captures.
func TestStatsPathLabels(t *testing.T) {
	cp, err := newCapturer(sceneByName("sparks"), newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	cp.runTo(1)
	h := newHUD()
	rows, live, n := h.statsRows(cp.st, hudCapture)
	if n == 0 || live == 0 {
		t.Fatalf("capture: %d effects, %d live", n, live)
	}
	for _, r := range rows {
		if r.path != pathRaster {
			t.Errorf("capture: %s shows %q", r.file, r.path)
		}
	}

	// A window whose renderer answers in turn: gpu, batched, not drawn.
	answers := []struct {
		p  render.Path
		ok bool
	}{{render.PathGPU, true}, {render.PathBatched, true}, {0, false}}
	i := 0
	h.pathOf = func(*emitter.Effect) (render.Path, bool) {
		a := answers[i%len(answers)]
		i++
		return a.p, a.ok
	}
	rows, live, m := h.statsRows(cp.st, hudWindow)
	if m != n || live != 0 {
		t.Errorf("window: %d effects (capture %d), %d live counted", m, n, live)
	}
	count := map[string]int{}
	for _, r := range rows {
		count[r.path] += r.n
	}
	want := map[string]int{pathGPU: (n + 2) / 3, pathBatched: (n + 1) / 3, pathOffScreen: n / 3}
	for label, k := range want {
		if count[label] != k {
			t.Errorf("window: %d effects labelled %q, want %d (rows %+v)", count[label], label, k, rows)
		}
	}
	if got := h.renderPath(nil, hudCapture); got != pathRaster {
		t.Errorf("capture label %q", got)
	}
}

// TestStatsPathsFromRenderer: in every scene, the paths the stats table
// shows for a frame drawn by the window's renderer (through layerdraw,
// onto an offscreen image: no display needed) add up to the renderer's
// Stats: with the default cost model, and with one for a fast GPU that
// puts small effects on the GPU path.
func TestStatsPathsFromRenderer(t *testing.T) {
	screen := ebiten.NewImage(screenW, screenH)
	defer screen.Deallocate()
	gpuSeen := 0
	for _, cost := range []render.CostModel{{}, {FragmentNS: 1e-3}} {
		for _, sc := range allScenes() {
			cp, err := newCapturer(sc, newLibrary(effects))
			if err != nil {
				t.Fatal(err)
			}
			cp.runTo(sc.shot().at)
			r, err := render.New(&render.Options{Budget: -1, Cost: cost})
			if err != nil {
				t.Fatal(err)
			}
			layerdraw.NewDrawer(r, 0).DrawWorld(cp.st.world, screen)
			h := newHUD()
			h.pathOf = r.PathOf
			rows, _, n := h.statsRows(cp.st, hudWindow)
			count := map[string]int{}
			for _, row := range rows {
				count[row.path] += row.n
			}
			st := r.Stats()
			if count[pathBatched] != st.Batched || count[pathGPU] != st.GPU || count[pathOffScreen] != st.Culled || n != st.Effects+st.Culled {
				t.Errorf("%s, cost %+v: labels %v for %d effects; stats %+v", sc.name(), cost, count, n, st)
			}
			gpuSeen += count[pathGPU]
		}
	}
	if gpuSeen == 0 {
		t.Error("no scene shows an effect on the GPU path, even with a fast GPU's cost model")
	}
}

// TestStatsFrameTime: the window's stats say where a frame's time goes:
// the particle work, the whole CPU frame, and the rest of the frame
// interval; every line fits the panel.
func TestStatsFrameTime(t *testing.T) {
	g := &game{hud: newHUD()}
	t0 := time.Unix(100, 0)
	// A frame at 2 fps: 30 updates of 40 µs, 12 µs of them particle work.
	g.frameUpdate, g.frameStep, g.frameUpdates = 1200*time.Microsecond, 360*time.Microsecond, 30
	g.measureFrame(t0)
	g.frameUpdate, g.frameStep, g.frameUpdates = 1200*time.Microsecond, 360*time.Microsecond, 30
	g.measureFrame(t0.Add(500 * time.Millisecond))
	s := &g.hud.stats
	if s.interval != 500 || s.update != 1.2 || s.cpuStep != 0.36 || s.updates != 30 {
		t.Fatalf("measured %+v", *s)
	}
	s.cpuDraw, s.draw, s.fps = 0.42, 1.9, 2
	cp, err := newCapturer(sceneByName("fire"), newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := g.hud.statsLines(cp.st, hudWindow)
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"CPU particles 0.78 ms/frame",
		"  step 0.36 + draw 0.42 ms",
		"CPU frame     3.10 ms",
		"  30 updates 1.20, draw 1.90 ms",
		"frame time 500.0 ms: 2 fps",
		"  not CPU 496.9 ms (GPU, present)",
	} {
		if !strings.Contains(text, want+"\n") {
			t.Errorf("the stats lack %q:\n%s", want, text)
		}
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > statsChars {
			t.Errorf("%q is %d characters, the panel shows %d", l, n, statsChars)
		}
	}
}
