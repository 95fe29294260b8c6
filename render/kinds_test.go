package render

import (
	"bytes"
	"errors"
	"image"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// kindsView is the target of the kind tests' collects.
var kindsView = image.Rect(-50, -50, 50, 50)

// oneParticle returns an effect of a snapshot of its own showing one
// particle: every call is a new kind.
func oneParticle(tb testing.TB, edit func(*emitter.Spec)) *emitter.Effect {
	tb.Helper()
	return effectOf(tb, 20, 20, 1, 0.1, func(sp *emitter.Spec) {
		sp.Rate = 0
		if edit != nil {
			edit(sp)
		}
	})
}

// TestManyKinds: 40,000 snapshots drawn one after another, as hot
// reloading makes them, keep the kinds, the data texture, the snapshot
// infos and the GPU path's motion rows bounded (kinds not drawn for
// kindKeepFrames are freed), and the GPU path stays open. Before, every
// snapshot kept a data row: the data texture passed the GPU's 16,384 rows
// at kind 16,385 and Draw panicked.
func TestManyKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("40,000 snapshots")
	}
	r := newRenderer(t, nil)
	const bound = kindKeepFrames + kindSweepEvery
	for i := range 40000 {
		r.collect(kindsView, []Item{{Effect: oneParticle(t, nil)}})
		if st := r.Stats(); st.Effects != 1 || st.Kinds > bound || len(r.snaps) > bound || len(r.gpu.motions) > bound {
			t.Fatalf("snapshot %d: stats %+v, %d snapshot infos, %d motion rows; want at most %d", i, st, len(r.snaps), len(r.gpu.motions), bound)
		}
	}
	if r.dataRows > 256 || r.gpu.used > 2*bound {
		t.Errorf("a data texture of %d rows, %d GPU rows used", r.dataRows, r.gpu.used)
	}
	if err := r.Err(); err != nil {
		t.Error(err)
	}
	e := effectOf(t, 20, 20, 5, 0.1, nil)
	r.collect(kindsView, []Item{{Effect: e, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 1 || st.GPUFallbacks != 0 {
		t.Errorf("after the snapshots, a GPU item: %+v", st)
	}
}

// TestKindsInOneFrame: a frame that draws more than MaxKinds kinds draws
// MaxKinds of them, without a panic, and Err says so; the next frame
// frees what it does not draw.
func TestKindsInOneFrame(t *testing.T) {
	if testing.Short() {
		t.Skip("4,100 effects")
	}
	r := newRenderer(t, nil)
	items := make([]Item, MaxKinds+5)
	for i := range items {
		items[i] = Item{Effect: oneParticle(t, nil), Path: PathBatched}
	}
	r.collect(kindsView, items)
	if st := r.Stats(); st.Effects != MaxKinds || st.Kinds != MaxKinds || r.dataRows != MaxKinds {
		t.Errorf("stats %+v, %d data rows: want %d effects and kinds", st, r.dataRows, MaxKinds)
	}
	if err := r.Err(); !errors.Is(err, ErrTooManyKinds) {
		t.Errorf("Err %v, want ErrTooManyKinds", err)
	}
	r.collect(kindsView, items[len(items)-3:])
	if st := r.Stats(); st.Effects != 3 || st.Kinds > MaxKinds {
		t.Errorf("the next frame: %+v", st)
	}
	r.Reset()
	if r.Err() != nil {
		t.Errorf("Err after Reset: %v", r.Err())
	}
}

// TestKindIDs: past the largest id the live kinds are numbered afresh and
// the slot tags cleared, so each quad still carries its own kind's row.
func TestKindIDs(t *testing.T) {
	r := newRenderer(t, nil)
	r.nextID = maxKindID - 2
	r.triMax = -1 // quads: the slots below are quads
	items := make([]Item, 4)
	for i := range items {
		items[i] = Item{Effect: oneParticle(t, func(sp *emitter.Spec) { sp.ZOffset = float64(i) }), Path: PathBatched}
	}
	r.collect(kindsView, items)
	r.build(nil)
	ids := map[uint64]bool{}
	for _, k := range r.kinds {
		if k.id == 0 || k.id > uint64(len(items)) || ids[k.id] {
			t.Errorf("kind id %d after renumbering", k.id)
		}
		ids[k.id] = true
	}
	for i, v := range r.vis {
		if got := r.verts[4*i].Custom0; got != v.k.row || r.tags[i]>>35 != v.k.id {
			t.Errorf("quad %d: row %v, tag id %d; want row %v, id %d", i, got, r.tags[i]>>35, v.k.row, v.k.id)
		}
	}
}

// TestKindRowReuse: a kind freed after kindKeepFrames Draws gives its data
// row to the next kind, which draws as the reference rasterizer does, and
// the freed kind, drawn again, draws as it did.
func TestKindRowReuse(t *testing.T) {
	needGPU(t)
	red := func(sp *emitter.Spec) { sp.Color = emitter.ConstantColor(emitter.Color{R: 1}) }
	blue := func(sp *emitter.Spec) {
		sp.Color = emitter.ConstantColor(emitter.Color{B: 1})
		sp.Size = emitter.ConstantSequence(3)
	}
	a := effectOf(t, 20, 20, 30, 0.4, red)
	b := effectOf(t, 20, 20, 30, 0.4, nil)
	c := effectOf(t, 20, 20, 30, 0.4, blue)
	sc := func(e *emitter.Effect) scene {
		return scene{name: "reuse", w: 40, h: 40, bg: grey, items: []Item{{Effect: e, X: 20, Y: 20, Path: PathBatched}}}
	}
	r := newRenderer(t, nil)
	first := drawPath(t, r, sc(a), sc(a).items).Pix
	keyA := kindKey{a.Snapshot(), r.sprite, nil}
	rowA := r.kinds[keyA].row
	for range 2 * kindSweepEvery {
		drawPath(t, r, sc(b), sc(b).items)
	}
	if _, ok := r.kinds[keyA]; ok {
		t.Fatal("a kind not drawn for 128 Draws is still held")
	}
	checkScene(t, r, sc(c))
	if k := r.kinds[kindKey{c.Snapshot(), r.sprite, nil}]; k.row != rowA {
		t.Errorf("the new kind has row %v, want the freed row %v", k.row, rowA)
	}
	if !bytes.Equal(drawPath(t, r, sc(a), sc(a).items).Pix, first) {
		t.Error("a freed kind drawn again draws otherwise")
	}
}

// TestKindCache: a snapshot's last kind answers kindOf for the same
// images without a search, and never outlives its kind: two textures
// alternated get their own kinds every time, a freed kind is not handed
// out again, and an image of a type that cannot be compared, given where
// it is ignored (a strip for a snapshot without one), is never compared
// (that would panic).
func TestKindCache(t *testing.T) {
	r := newRenderer(t, nil)
	snap := oneParticle(t, nil).Snapshot()
	a := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	b := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	r.sweepKinds()
	ka, kb := r.kindOf(snap, a, nil), r.kindOf(snap, b, nil)
	if ka == nil || kb == nil || ka == kb {
		t.Fatalf("kinds %p and %p for two textures", ka, kb)
	}
	for range 3 {
		if r.kindOf(snap, a, nil) != ka || r.kindOf(snap, b, nil) != kb {
			t.Fatal("alternated textures: another kind")
		}
	}
	if r.snaps[snap].last != kb {
		t.Fatal("the snapshot does not keep its last kind")
	}
	// Draws later, both freed with the snapshot's info: kindOf places a new
	// kind, held in r.kinds.
	r.frame += 2 * kindKeepFrames
	r.freeKinds(r.frame)
	if r.snaps[snap] != nil {
		t.Fatal("a freed kind's snapshot info is still held")
	}
	r.sweepKinds()
	k := r.kindOf(snap, b, nil)
	if k == kb || r.kinds[kindKey{snap, b, nil}] != k {
		t.Fatalf("after freeing: kind %p (freed %p), held %p", k, kb, r.kinds[kindKey{snap, b, nil}])
	}
	// A strip the snapshot ignores, of a type that cannot be compared.
	odd := unhashable{image.NewNRGBA(image.Rect(0, 0, 2, 2)), []int{1}}
	for range 3 {
		if r.kindOf(snap, b, odd) == nil {
			t.Fatal("no kind with an ignored strip")
		}
	}
}

// unhashable is an image whose type cannot be compared (it holds a slice).
type unhashable struct {
	*image.NRGBA
	pad []int
}
