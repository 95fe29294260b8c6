package main

import (
	"fmt"
	"math"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/system"
)

// stressScene is the stress test: one effect whose live particle count a
// slider sets from 1,000 to 100,000, by swapping the effect's snapshot for
// one with the matching Rate and MaxParticles (emitter.Effect.SetSnapshot
// keeps its clock and history). The stats panel shows what it costs.
type stressScene struct {
	fx       *binding
	count    int
	dragging bool
}

// The slider's geometry and range.
const (
	sliderX, sliderY, sliderW = 20.0, 172.0, 560.0
	minCount, maxCount        = 1000, 100000
	defaultCount              = 20000
)

func (*stressScene) name() string  { return "stress" }
func (*stressScene) title() string { return "Stress test" }
func (*stressScene) hint() string {
	return "Drag the slider: 1,000 to 100,000 live particles in one effect.\nThe panel shows the particle CPU time per frame and the draw calls."
}

// tweak sets a spec's Rate and MaxParticles for n live particles on
// average: births per second times the mean lifetime.
func (st *stressScene) tweak(spec *emitter.Spec) {
	n := float64(st.count)
	mean := (spec.Lifetime.Min + spec.Lifetime.Max) / 2
	spec.Rate = n / mean
	spec.MaxParticles = int(math.Ceil(n * spec.Lifetime.Max / mean))
	spec.Prewarm = 0
}

func (st *stressScene) build(s *stage) error {
	st.count = defaultCount
	var err error
	st.fx, err = s.spawn("stress.yaml", component.SpawnOptions{
		Name: "fountain", Play: true, X: screenW / 2, Y: 650, HostWidth: screenW, HostHeight: 100,
	}, st.tweak)
	if err != nil {
		return err
	}
	system.SetTime(s.world, st.fx.entity, 4) // already flowing
	return nil
}

func (st *stressScene) move(*stage) {}

// sliderValue maps a slider position in [0, 1] to a count, logarithmically,
// rounded to two significant digits.
func sliderValue(t float64) int {
	v := float64(minCount) * math.Pow(float64(maxCount)/minCount, clamp01(t))
	p := math.Pow(10, math.Floor(math.Log10(v))-1)
	return int(math.Round(v/p) * p)
}

// sliderPos is the inverse of sliderValue.
func sliderPos(n int) float64 {
	return math.Log(float64(n)/minCount) / math.Log(float64(maxCount)/minCount)
}

func (st *stressScene) act(s *stage, in *input) {
	if in.pressed && inRect(in.x, in.y, sliderX-12, sliderY-16, sliderW+24, 32) {
		st.dragging = true
	}
	if !in.down {
		st.dragging = false
	}
	if st.dragging {
		st.set(sliderValue((in.x - sliderX) / sliderW))
	}
}

// set changes the particle count and swaps the effect's snapshot.
func (st *stressScene) set(n int) {
	n = min(max(n, minCount), maxCount)
	if n == st.count {
		return
	}
	st.count = n
	st.fx.file.lib.rebind(st.fx)
}

func (st *stressScene) backdrop() *picture {
	return cachedPicture("stress.backdrop", func() *picture { return st.paintBackdrop() })
}

// paintBackdrop draws the picture backdrop returns.
func (st *stressScene) paintBackdrop() *picture {
	pic, rc := newPicture(screenW, screenH)
	rc.VGradient(0, 0, screenW, screenH, rgba(8, 8, 20, 255), rgba(20, 14, 36, 255))
	for x := 0.0; x < screenW; x += 64 {
		rc.Rect(x, 0, 1, screenH, rgba(255, 255, 255, 8))
	}
	for y := 0.0; y < screenH; y += 64 {
		rc.Rect(0, y, screenW, 1, rgba(255, 255, 255, 8))
	}
	return pic
}

func (st *stressScene) drawBack(canvas, *stage) {}

func (st *stressScene) drawFront(c canvas, s *stage) {
	c.RoundRect(sliderX-10, sliderY-44, sliderW+20, 70, 12, rgba(12, 10, 24, 170))
	label := fmt.Sprintf("particles: %s", commas(st.count))
	c.Text(sliderX, sliderY-34, 2, label, hudInk)
	c.RoundRect(sliderX, sliderY-4, sliderW, 8, 4, rgba(255, 255, 255, 40))
	x := sliderX + sliderW*sliderPos(st.count)
	c.RoundRect(sliderX, sliderY-4, x-sliderX, 8, 4, hudAccent)
	c.Circle(x, sliderY, 12, hudInk)
	c.Circle(x, sliderY, 7, hudAccent)
	for _, n := range []int{1000, 10000, 100000} {
		tx := sliderX + sliderW*sliderPos(n)
		t := commas(n)
		c.Text(tx-float64(textWidth(t, 1))/2, sliderY+12, 1, t, hudDim)
	}
}

func (st *stressScene) script() []scripted { return nil }

func (st *stressScene) shot() shotTimes { return shotTimes{at: 1, from: 0, to: 2} }
