package render

import (
	"image"
	"math"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// effectOf returns a paused effect of the edited default spec on a w × h
// host, with the given bursts at clock 0, at time at.
func effectOf(tb testing.TB, w, h float64, burst int, at float64, edit func(*emitter.Spec)) *emitter.Effect {
	tb.Helper()
	e, err := emitter.NewEffect(snapshotOf(tb, edit), &emitter.EffectOptions{Seed: 11, HostWidth: w, HostHeight: h})
	if err != nil {
		tb.Fatal(err)
	}
	if burst > 0 {
		e.AddBurst(0, burst)
	}
	e.SetTime(at)
	return e
}

// steady is a steady stream of about n live particles in a 64 × 64 box
// around the host.
func steady(n int) func(*emitter.Spec) {
	return func(sp *emitter.Spec) {
		sp.Unit = emitter.Offset
		sp.Lifetime = emitter.Constant(1)
		sp.Rate = float64(n)
		sp.MaxParticles = n
		sp.Speed = emitter.NumberRange{Min: 0, Max: 20}
		sp.SpreadAngle = emitter.Vector2{X: 180}
		sp.Size = emitter.ConstantSequence(2)
	}
}

// spinning is steady(n) with every particle turned and spinning: an
// initial rotation of 0 to 360 degrees and a spin of -180 to 180 a second.
func spinning(n int) func(*emitter.Spec) {
	return func(sp *emitter.Spec) {
		steady(n)(sp)
		sp.Rotation = emitter.NumberRange{Min: 0, Max: 360}
		sp.RotSpeed = emitter.NumberRange{Min: -180, Max: 180}
	}
}

func newRenderer(tb testing.TB, o *Options) *Renderer {
	tb.Helper()
	r, err := New(o)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// TestBudgetThinning: over budget, the kept fraction is close to
// budget/live, the same particles stay from frame to frame and under
// rewind, and a larger fraction keeps a superset.
func TestBudgetThinning(t *testing.T) {
	if keepFraction(100, 200) != 1 || keepFraction(100, -1) != 1 || keepFraction(400, 100) != 0.25 || keepFraction(100, 100) != 1 {
		t.Error("keepFraction")
	}
	e := effectOf(t, 64, 64, 0, 3, steady(20000))
	e.Play()
	r := newRenderer(t, &Options{Budget: 5000})
	view := image.Rect(-100, -100, 100, 100)
	items := []Item{{Effect: e}}
	kept := func() map[uint32]bool {
		r.collect(view, items)
		m := map[uint32]bool{}
		for _, q := range r.boards {
			m[q.Key] = true
		}
		return m
	}
	k1 := kept()
	st := r.Stats()
	if st.Live < 19000 || st.Particles != len(k1) {
		t.Fatalf("stats %+v, kept %d", st, len(k1))
	}
	frac := float64(st.Particles) / float64(st.Live)
	want := 5000 / float64(st.Live)
	if sd := math.Sqrt(want * (1 - want) / float64(st.Live)); math.Abs(frac-want) > 4*sd {
		t.Errorf("kept %v of live, want %v ± %v", frac, want, 4*sd)
	}
	if math.Abs(st.Thinned-(1-frac)) > 1e-12 {
		t.Errorf("Thinned %v, want %v", st.Thinned, 1-frac)
	}
	// a few frames on: every particle kept then and still alive is kept now
	e.Advance(0.1)
	k2 := kept()
	keep2 := 5000 / float64(r.Stats().Live)
	e.SetTime(3) // rewind
	k3 := kept()
	if len(k3) != len(k1) {
		t.Errorf("after rewind %d kept, before %d", len(k3), len(k1))
	}
	for key := range k1 {
		if !k3[key] {
			t.Fatalf("key %d kept before the rewind, not after", key)
		}
	}
	e.Advance(0.1)
	e.Advance(-0.1)
	r.collect(view, items)
	for _, q := range r.boards {
		if !k1[q.Key] {
			t.Fatalf("key %d newly kept on return", q.Key)
		}
	}
	// stable: the rule is a pure function of the stream and the fraction
	e.Advance(0.1)
	for _, q := range e.AppendQuads(nil) {
		want := hash.Unit(q.Stream, channel.Thin) < keep2
		if k2[q.Key] != want {
			t.Fatalf("key %d kept %v, want %v", q.Key, k2[q.Key], want)
		}
	}
	// no budget
	r.SetBudget(-1)
	r.collect(view, items)
	if st := r.Stats(); st.Particles != st.Live || st.Thinned != 0 {
		t.Errorf("unlimited: %+v", st)
	}
}

// TestBudgetBoundsWork: visible effects holding far more candidates than
// WorkPerBudget × Budget evaluate every n-th, n the smallest power of two
// that brings them within it, then thin to the budget: the evaluation is
// bounded, and the same particles show at the same clock.
func TestBudgetBoundsWork(t *testing.T) {
	for _, c := range []struct {
		candidates   int64
		budget, want int
	}{{4000, 1000, 1}, {4001, 1000, 2}, {500_000, 1000, 128}, {1 << 40, -1, 1}, {1 << 40, DefaultBudget, 1 << 25}, {1 << 40, math.MaxInt, 1}, {1 << 62, 1 << 61, 1}} {
		if got := evalEvery(c.candidates, c.budget); got != int64(c.want) {
			t.Errorf("evalEvery(%d, %d) = %d, want %d", c.candidates, c.budget, got, c.want)
		}
	}
	const mp = 100_000
	e := effectOf(t, 64, 64, 0, 0, func(sp *emitter.Spec) {
		steady(mp)(sp)
		sp.Enabled = false
		sp.Lifetime = emitter.Constant(10)
	})
	e.Play()
	for i := range 5 { // 500,000 candidates
		e.SetTime(0.1 * float64(i))
		e.Emit(mp)
	}
	r := newRenderer(t, &Options{Budget: 1000})
	view := image.Rect(-100, -100, 100, 100)
	items := []Item{{Effect: e, Path: PathBatched}}
	kept := func(at float64) map[uint32]bool {
		e.SetTime(at)
		r.collect(view, items)
		m := map[uint32]bool{}
		for _, q := range r.boards {
			if j := (q.Key - 1) / 2 % mp; j%uint32(r.Stats().Every) != 0 {
				t.Fatalf("at %v s: particle %d of its burst drawn, not a multiple of %d", at, j, r.Stats().Every)
			}
			m[q.Key] = true
		}
		return m
	}
	k1 := kept(1)
	// Every 128th of each burst's 100,000 particles: 782 of each, all alive.
	st := r.Stats()
	if st.Every != 128 || st.Live != 5*782 || st.Live > WorkPerBudget*1000 {
		t.Fatalf("stats %+v: want every 128th of 500,000 candidates, 3,910 evaluated", st)
	}
	frac := 1000.0 / float64(st.Live)
	if sd := math.Sqrt(frac * (1 - frac) / float64(st.Live)); math.Abs(float64(st.Particles)/float64(st.Live)-frac) > 4*sd {
		t.Errorf("drew %d of %d evaluated, want about 1000", st.Particles, st.Live)
	}
	if want := 1 - float64(st.Particles)/(float64(st.Live)*128); math.Abs(st.Thinned-want) > 1e-12 {
		t.Errorf("Thinned %v, want %v", st.Thinned, want)
	}
	kept(0.25) // three bursts: 300,000 candidates, every 128th too
	if r.Stats().Every != 128 {
		t.Errorf("at 0.25 s every %d, want 128", r.Stats().Every)
	}
	if k := kept(1); !reflect.DeepEqual(k, k1) {
		t.Fatalf("after a rewind and back, %d particles drawn, %d before, or other ones", len(k), len(k1))
	}
	r.SetBudget(-1) // no budget: every candidate
	kept(1)
	if st := r.Stats(); st.Every != 1 || st.Live != 500_000 {
		t.Fatalf("without a budget: %+v", st)
	}
}

// TestThinSuperset: a larger kept fraction keeps every particle a smaller
// one keeps, and effects' ranges follow the compaction.
func TestThinSuperset(t *testing.T) {
	e := effectOf(t, 64, 64, 0, 3, steady(3000))
	base := e.AppendBillboards(nil)
	var prev map[uint32]bool
	for _, keep := range []float64{0.1, 0.3, 0.7, 0.99} {
		qs := append([]emitter.Billboard(nil), base...)
		half := len(qs) / 2
		vis := []visible{{lo: 0, hi: half}, {lo: half, hi: len(qs)}}
		qs = thin(qs, vis, keep)
		if vis[0].lo != 0 || vis[0].hi != vis[1].lo || vis[1].hi != len(qs) {
			t.Fatalf("ranges %+v after thinning to %d", vis, len(qs))
		}
		cur := map[uint32]bool{}
		for _, q := range qs {
			cur[q.Key] = true
		}
		for k := range prev {
			if !cur[k] {
				t.Fatalf("key %d kept at a lower fraction, dropped at %v", k, keep)
			}
		}
		prev = cur
	}
}

// TestCulling: an effect whose bounds miss the target is skipped without
// evaluating its particles; one that overlaps is drawn; the item offset
// and the host position move the bounds.
func TestCulling(t *testing.T) {
	r := newRenderer(t, nil)
	view := image.Rect(0, 0, 64, 64)
	in := effectOf(t, 20, 20, 50, 0.5, steady(100))
	out := effectOf(t, 20, 20, 50, 0.5, steady(100))
	moved := effectOf(t, 20, 20, 50, 0.5, steady(100))
	moved.SetHost(1000, 1000, 0)
	items := []Item{{Effect: in, X: 32, Y: 32}, {Effect: out, X: 500, Y: 32}, {Effect: moved, X: -968, Y: -968}, {Effect: nil}}
	r.collect(view, items)
	r.build(nil) // effects drawn a chunk at a time are evaluated here
	st := r.Stats()
	if st.Culled != 1 || st.Effects != 2 {
		t.Fatalf("stats %+v, want 1 culled and 2 drawn", st)
	}
	want := len(in.AppendQuads(nil)) + len(moved.AppendQuads(nil))
	if st.Live != want || st.Quads != want {
		t.Errorf("%d quads evaluated, %d drawn, want %d (culled effects evaluate nothing)", st.Live, st.Quads, want)
	}
	// the decision itself
	b := in.Bounds()
	vr := emitter.Rect{MaxX: 64, MaxY: 64}
	if !inView(b, 32, 32, vr) || inView(b, 64-b.MinX+1, 32, vr) || !inView(b, 64-b.MinX-1, 32, vr) || inView(b, 32, -b.MaxY-1, vr) {
		t.Errorf("inView: bounds %+v", b)
	}
	// every evaluated particle lies within its effect's bounds
	for _, q := range in.AppendQuads(nil) {
		if q.X < b.MinX || q.X > b.MaxX || q.Y < b.MinY || q.Y > b.MaxY {
			t.Fatalf("particle at (%v, %v) outside bounds %+v", q.X, q.Y, b)
		}
	}
}

// TestOrder: effects draw in ascending ZIndex + ZOffset, ties in
// submission order; within an effect glow layers (outermost first) come
// before the cores, oldest particle first.
func TestOrder(t *testing.T) {
	vis := []visible{{z: 2, seq: 0}, {z: -1, seq: 1}, {z: 2, seq: 2}, {z: 0.5, seq: 3}, {z: -1, seq: 4}, {z: 2, seq: 5}}
	sortVisible(vis)
	want := []int{1, 4, 3, 0, 2, 5}
	for i, v := range vis {
		if v.seq != want[i] {
			t.Fatalf("order %v, want seqs %v", vis, want)
		}
	}

	r := newRenderer(t, nil)
	r.triMax = -1 // every layer a quad: the slots below are quads
	mk := func(z int, off float64, glow int) *emitter.Effect {
		return effectOf(t, 20, 20, 5, 0.5, func(sp *emitter.Spec) {
			steady(10)(sp)
			sp.Rate = 0
			sp.ZIndex, sp.ZOffset = z, off
			sp.LightEmission, sp.GlowLayers = 0.5, glow
		})
	}
	a, b, c := mk(1, 0, 1), mk(0, 0.5, 3), mk(1, -0.5, 1)
	r.collect(image.Rect(-50, -50, 50, 50), []Item{{Effect: a}, {Effect: b}, {Effect: c}})
	if len(r.vis) != 3 || r.vis[0].seq != 1 || r.vis[1].seq != 2 || r.vis[2].seq != 0 {
		t.Fatalf("effects in order %v", r.vis)
	}
	r.build(nil)
	// b: 3 layers of 5 quads, outermost first, then c's and a's cores
	qs := b.AppendQuads(nil)
	for i := 1; i < len(qs); i++ {
		if qs[i].Age > qs[i-1].Age {
			t.Errorf("quads not oldest first: %v then %v", qs[i-1].Age, qs[i].Age)
		}
	}
	g2, f2 := emitter.Glow(2, 0, 0.5)
	g1, f1 := emitter.Glow(1, 0, 0.5)
	for slot := range 25 {
		v := r.verts[4*slot]
		var want float32
		var grow float64
		switch {
		case slot < 5:
			want, grow = float32(f2), g2
		case slot < 10:
			want, grow = float32(f1), g1
		default:
			want, grow = 1, 1
		}
		if v.Custom1 != want {
			t.Fatalf("slot %d: layer factor %v, want %v", slot, v.Custom1, want)
		}
		if slot < 15 {
			q := qs[slot%5]
			w := math.Hypot(float64(r.verts[4*slot+1].DstX-v.DstX), float64(r.verts[4*slot+1].DstY-v.DstY))
			if math.Abs(w-q.Width*grow) > 1e-3 {
				t.Errorf("slot %d: width %v, want %v", slot, w, q.Width*grow)
			}
		}
	}
	if st := r.Stats(); st.Quads != 25 || len(r.sub.runs) != 1 {
		t.Errorf("%d quads in %d runs, want 25 in 1", st.Quads, len(r.sub.runs))
	}
}

// TestBatching: consecutive effects on the same page share one draw call;
// a texture on another page splits the run.
func TestBatching(t *testing.T) {
	r := newRenderer(t, &Options{PageSize: 64})
	big := solid(60, 60, colorWhite)
	e := func(z int) *emitter.Effect {
		return effectOf(t, 20, 20, 5, 0.5, func(sp *emitter.Spec) { steady(10)(sp); sp.Rate = 0; sp.ZIndex = z })
	}
	items := []Item{{Effect: e(0)}, {Effect: e(1)}, {Effect: e(2), Texture: big}, {Effect: e(3), Texture: big}, {Effect: e(4)}}
	r.collect(image.Rect(-50, -50, 50, 50), items)
	r.build(nil)
	if len(r.sub.runs) != 3 || r.sub.runs[0].to != 10 || r.sub.runs[1].to != 20 || r.sub.runs[2].to != 25 {
		t.Errorf("runs %+v, want 3: sprite, big, sprite", r.sub.runs)
	}
	if r.Stats().Pages != 2 || r.Stats().Kinds != 5 {
		t.Errorf("stats %+v", r.Stats())
	}
}

// TestCollectAllocs: once warm, culling, evaluation, thinning, sorting
// and writing vertices allocate nothing.
func TestCollectAllocs(t *testing.T) {
	r := newRenderer(t, &Options{Budget: 300})
	var items []Item
	for i := range 6 {
		e := effectOf(t, 30, 30, 0, 2, func(sp *emitter.Spec) {
			steady(100)(sp)
			sp.ZIndex = 5 - i
			sp.LightEmission, sp.GlowLayers = 0.3, 1+i%3
		})
		e.Play()
		items = append(items, Item{Effect: e, X: float64(10 * i)})
	}
	view := image.Rect(0, 0, 64, 64)
	frame := func() {
		for _, it := range items {
			it.Effect.Advance(1.0 / 60)
		}
		r.collect(view, items)
		r.build(nil)
	}
	for range 5 {
		frame()
	}
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}

// TestReset: after Reset the caches rebuild, with rows and pages anew.
func TestReset(t *testing.T) {
	r := newRenderer(t, nil)
	e := effectOf(t, 20, 20, 20, 0.5, nil)
	view := image.Rect(-50, -50, 50, 50)
	r.collect(view, []Item{{Effect: e}})
	r.build(nil)
	before := append([]run(nil), r.sub.runs...)
	r.Reset()
	if len(r.kinds) != 0 || len(r.pages) != 0 || r.data != nil {
		t.Fatal("caches survive Reset")
	}
	r.collect(view, []Item{{Effect: e}})
	r.build(nil)
	if st := r.Stats(); st.Kinds != 1 || st.Pages != 1 || len(r.sub.runs) != len(before) || r.verts[0].Custom0 != 0 {
		t.Errorf("after Reset: %+v, runs %v", st, r.sub.runs)
	}
}
