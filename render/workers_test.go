package render

import (
	"image"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestWorkersGiveIdenticalQuads: splitting a large effect's evaluation
// across goroutines gives the quads of a serial evaluation, in order. The
// serial renderer evaluates the effect a chunk at a time as it writes its
// vertices, the split one into a buffer first: the vertices are the same.
func TestWorkersGiveIdenticalQuads(t *testing.T) {
	e := effectOf(t, 64, 64, 0, 3, func(sp *emitter.Spec) {
		steady(3 * emitter.MinParallel)(sp)
		sp.RotSpeed = emitter.NumberRange{Min: -90, Max: 90}
	})
	e.Play()
	items := []Item{{Effect: e, X: 32, Y: 32, Path: PathBatched}}
	serial := newRenderer(t, &Options{Budget: -1, Workers: 1})
	split := newRenderer(t, &Options{Budget: -1, Workers: 3})
	view := image.Rect(0, 0, 64, 64)
	for _, at := range []float64{3, 3.5, 2} {
		e.SetTime(at)
		serial.collect(view, items)
		split.collect(view, items)
		if len(split.boards) < 2*emitter.MinParallel {
			t.Fatalf("only %d quads: too few to split", len(split.boards))
		}
		serial.build(nil)
		split.build(nil)
		a, b := serial.Stats(), split.Stats()
		if a.Quads != len(split.boards) || a.Quads != b.Quads || a.Triangles != b.Triangles || a.Live != b.Live {
			t.Fatalf("at %v s: %+v serially, %+v split", at, a, b)
		}
		q, tr := a.Quads-a.Triangles, a.Triangles
		if !reflect.DeepEqual(serial.verts[:4*q], split.verts[:4*q]) || !reflect.DeepEqual(serial.tverts[:3*tr], split.tverts[:3*tr]) {
			t.Fatalf("at %v s: 3 workers give other vertices than 1", at)
		}
	}
	if _, err := New(&Options{Workers: -1}); err == nil {
		t.Fatal("negative Workers accepted")
	}
	if _, err := New(&Options{PageSize: -1}); err == nil || err.Error() != "render: New: PageSize -1 is negative" {
		t.Fatalf("negative PageSize: %v", err)
	}
	// A count from configuration is clamped, not a million goroutines.
	if r := newRenderer(t, &Options{Workers: 1_000_000}); r.eval.Workers() != emitter.MaxWorkers {
		t.Fatalf("Workers 1,000,000 gave %d goroutines, want the clamp %d", r.eval.Workers(), emitter.MaxWorkers)
	}
}
