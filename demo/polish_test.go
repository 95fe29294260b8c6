package main

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/raster"
)

// Checks of what the scenes show on screen, found by looking at their
// captures: each holds a scene to what a viewer expects of it.

// onScreen calls f with every live particle of the effects of file in
// the capturer's current frame, at its screen position (as raster.Draw
// places it), with its transparency and its quad's half extents on screen
// (rotated, and grown by the effect's outermost glow layer).
func onScreen(cp *capturer, file string, f func(x, y, ex, ey, transparency float64)) int {
	n := 0
	for _, it := range cp.col.AppendRasterItems(cp.st.world, []raster.Item(nil)) {
		e := it.Effect
		if fileOf(cp.st, e) != file {
			continue
		}
		hx, hy := it.X, it.Y
		if e.Track().Len() > 0 {
			x, y, _ := e.Host()
			hx, hy = hx+x, hy+y
		}
		sp := e.Snapshot().Spec()
		growth := 1.0
		if layers := e.Snapshot().Layers(); layers > 1 {
			growth, _ = emitter.Glow(layers-1, 0, sp.LightEmission)
		}
		for _, p := range e.Particles() {
			s, c := math.Sincos(p.Rotation * math.Pi / 180)
			ex := growth * (math.Abs(c)*p.Width + math.Abs(s)*p.Height) / 2
			ey := growth * (math.Abs(s)*p.Width + math.Abs(c)*p.Height) / 2
			f(hx+p.X, hy+p.Y, ex, ey, p.Transparency)
			n++
		}
	}
	return n
}

// fileOf is the name of the effect file e plays.
func fileOf(st *stage, e *emitter.Effect) string {
	for _, b := range st.binds {
		if st.effect(b) == e {
			return b.file.name
		}
	}
	return ""
}

// play runs scene name headlessly from clock 0 to t1, calling each at
// every step from t0 on.
func play(t *testing.T, name string, t0, t1 float64, each func(cp *capturer)) {
	t.Helper()
	cp, err := newCapturer(sceneByName(name), newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	cp.runTo(t0)
	for cp.ticks < tickOf(t1) {
		cp.step()
		each(cp)
	}
}

// TestFireStaysInRing: the campfire's flames, halos included, rise from
// behind the stone ring and never reach below it (the front stones'
// bottom edge). Flames emitted from a Cylinder leaked below: in 2D its
// spawn normals point out of an ellipse, down as well as up.
func TestFireStaysInRing(t *testing.T) {
	ringBottom := campY + 18 + 22 + 21 // the front stone's centre, plus its radius
	lowest := math.Inf(-1)
	play(t, "fire", 0, 4, func(cp *capturer) {
		onScreen(cp, "fire.yaml", func(x, y, ex, ey, tr float64) {
			if math.Abs(x-campX) < 150 { // the campfire, not the torches
				lowest = max(lowest, y+ey)
			}
		})
	})
	if lowest > ringBottom || math.IsInf(lowest, -1) {
		t.Errorf("the campfire's flames reach y = %.0f, below the stone ring's bottom %.0f", lowest, ringBottom)
	}
}

// TestBlastStaysAboveHUD: over three blasts, the debris and the hot
// fragments that are still visible stay above the key help line: they
// fade as they come back down instead of falling through the ground onto
// the timeline.
func TestBlastStaysAboveHUD(t *testing.T) {
	lowest := map[string]float64{}
	play(t, "explosion", 0, 7, func(cp *capturer) {
		for _, file := range []string{"explosion_debris.yaml", "explosion_sparks.yaml"} {
			onScreen(cp, file, func(x, y, ex, ey, tr float64) {
				if tr < 0.9 {
					lowest[file] = max(lowest[file], y+ey)
				}
			})
		}
	})
	for file, y := range lowest {
		if y >= helpY {
			t.Errorf("%s: visible particles reach y = %.0f, past the help line at %.0f", file, y, helpY)
		}
	}
	if len(lowest) != 2 {
		t.Errorf("particles seen of %v", lowest)
	}
}

// TestFollowClearsStats: over a whole lap, neither ship nor its exhaust
// passes under the stats panel, as tall as the window draws it.
func TestFollowClearsStats(t *testing.T) {
	cp, err := newCapturer(sceneByName("follow"), newLibrary(effects))
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := cp.hud.statsLines(cp.st, hudWindow)
	x0, y1 := panelX, panelY+statsHeight(len(lines))
	under := func(x, y, ex, ey float64) bool { return x+ex > x0 && y-ey < y1 }
	for i := range 2 {
		for k := range 400 {
			x, y, _ := shipAt(i, followPeriod*float64(k)/400)
			if under(x, y, 32, 22) {
				t.Fatalf("ship %d at (%.0f, %.0f) passes under the stats panel (left %.0f, bottom %.0f)", i, x, y, x0, y1)
			}
		}
	}
	n := 0
	play(t, "follow", 0, followPeriod, func(cp *capturer) {
		n += onScreen(cp, "thruster_locked.yaml", func(x, y, ex, ey, tr float64) {
			if under(x, y, ex, ey) {
				t.Fatalf("exhaust at (%.0f, %.0f) under the stats panel", x, y)
			}
		})
	})
	if n == 0 {
		t.Fatal("no exhaust")
	}
}

// TestRainWetsTheKerb: once it rains, the kerb is no longer snow-white.
func TestRainWetsTheKerb(t *testing.T) {
	whiteShare := func(at float64) float64 {
		cp, err := newCapturer(sceneByName("weather"), newLibrary(effects))
		if err != nil {
			t.Fatal(err)
		}
		cp.runTo(at)
		img := cp.draw()
		white, all := 0, 0
		for y := int(groundY) - 4; y < int(groundY)+3; y++ {
			for x := 0; x < screenW; x++ {
				c := img.RGBAAt(x, y)
				if c.R > 180 && c.G > 180 && c.B > 180 {
					white++
				}
				all++
			}
		}
		return float64(white) / float64(all)
	}
	if s := whiteShare(2); s < 0.8 {
		t.Errorf("snowing: %.0f%% of the kerb is white, want it snow-covered", 100*s)
	}
	if s := whiteShare(4.4); s > 0.1 { // the script switches to rain at 3 s
		t.Errorf("raining: %.0f%% of the kerb is still snow-white", 100*s)
	}
}
