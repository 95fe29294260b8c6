package render

import "testing"

// requireNoneOfEmbers requires frame to allocate, per run, no more than
// ebitengine, its Ebitengine part (the same draw calls and flush) alone,
// as testing.AllocsPerRun counts them over runs. Ebitengine's own count
// moves by an allocation now and then (its queues and caches grow in
// steps), which rounding turns into a whole allocation a frame either way,
// so a frame gets three measurements; one of Ember's each frame fails all
// three.
func requireNoneOfEmbers(t *testing.T, name string, runs int, frame, ebitengine func()) {
	t.Helper()
	var n, eb float64
	for range 3 {
		eb = testing.AllocsPerRun(runs, ebitengine)
		if n = testing.AllocsPerRun(runs, frame); n <= eb {
			return
		}
	}
	t.Errorf("%s%v allocations per frame, %v of them Ebitengine's for the same draw calls and flush: want none of Ember's", name, n, eb)
}
