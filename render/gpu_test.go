package render

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/rowlayout"
)

// CPU tests of the GPU path (no display needed): the walk the shader does,
// mirrored in Go from the rows and vertex values the renderer wrote,
// against the emitter; the instance rows and their rewrites; the path
// choice and its fallbacks; the bounds quad.

// gpuCase is an effect in a known state.
type gpuCase struct {
	name string
	make func(tb testing.TB) *emitter.Effect
}

// streamEffect is a paused stream-only effect of the edited spec at
// clock at, 1 stud = 1 pixel, on a 20 × 20 host.
func streamEffect(tb testing.TB, at float64, seed uint32, edit func(*emitter.Spec)) *emitter.Effect {
	tb.Helper()
	e := burstEffect(tb, 0, 0, seed, func(sp *emitter.Spec) {
		sp.Rate = 30
		sp.Lifetime = emitter.NumberRange{Min: 0.8, Max: 1.4}
		sp.MaxParticles = 200
		if edit != nil {
			edit(sp)
		}
	})
	e.SetTime(at)
	return e
}

func gpuCases() []gpuCase {
	shapes := func(sh emitter.Shape, st emitter.ShapeStyle, io emitter.ShapeInOut, partial float64, dir emitter.NormalID) func(tb testing.TB) *emitter.Effect {
		return func(tb testing.TB) *emitter.Effect {
			e := burstEffect(tb, 50, 0.7, 17, func(sp *emitter.Spec) {
				sp.Shape, sp.ShapeStyle, sp.ShapeInOut, sp.ShapePartial = sh, st, io, partial
				sp.EmissionDirection = dir
				sp.EmissionSize = emitter.Vector2{X: 1.5, Y: 0.8}
				sp.SpreadAngle = emitter.Vector2{X: 20}
			})
			e.SetHostSize(30, 20)
			return e
		}
	}
	cases := []gpuCase{
		{"burst-drag-gravity-spread", func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 60, 0.8, 1, func(sp *emitter.Spec) {
				sp.Drag = 1.5
				sp.Acceleration = emitter.Vector3{Y: -30}
				sp.SpreadAngle = emitter.Vector2{X: 60}
			})
		}},
		{"drag-series-and-exponential", func(tb testing.TB) *emitter.Effect {
			// ages 0..2 s at k = 0.4 straddle |k t| = 0.5
			return streamEffect(tb, 3.1, 2, func(sp *emitter.Spec) {
				sp.Drag = 0.4
				sp.Lifetime = emitter.NumberRange{Min: 0.5, Max: 2}
				sp.Acceleration = emitter.Vector3{X: 7, Y: 12}
			})
		}},
		{"negative-drag", func(tb testing.TB) *emitter.Effect {
			return streamEffect(tb, 2.2, 3, func(sp *emitter.Spec) { sp.Drag = -0.7 })
		}},
		{"stream-random-life", func(tb testing.TB) *emitter.Effect { return streamEffect(tb, 2.37, 4, nil) }},
		{"stream-constant-life-aligned", func(tb testing.TB) *emitter.Effect {
			// clock·rate lands on integers: the oldest candidate is
			// exactly one lifetime old, within float64 rounding
			return streamEffect(tb, 2.5, 5, func(sp *emitter.Spec) {
				sp.Rate, sp.Lifetime = 60, emitter.Constant(1)
			})
		}},
		{"stream-capped-window", func(tb testing.TB) *emitter.Effect {
			return streamEffect(tb, 4.01, 6, func(sp *emitter.Spec) {
				sp.Rate, sp.MaxParticles = 500, 40
			})
		}},
		{"stream-and-bursts", func(tb testing.TB) *emitter.Effect {
			e := streamEffect(tb, 0, 7, func(sp *emitter.Spec) { sp.Rate = 10; sp.MaxParticles = 50 })
			// 0.5 is stream index 5's birth: the stream goes first
			for _, t := range []float64{0.45, 0.5, 0.5, 0.93, 1.2} {
				e.AddBurst(emitter.SecondsToTicks(t), 4)
			}
			e.SetTime(1.6)
			return e
		}},
		{"rewind", func(tb testing.TB) *emitter.Effect {
			e := streamEffect(tb, 0, 8, nil)
			for _, t := range []float64{0.3, 1.2, 1.9} {
				e.AddBurst(emitter.SecondsToTicks(t), 6)
			}
			e.SetTime(2.0)
			e.SetTime(1.0)
			return e
		}},
		{"host-rotation", func(tb testing.TB) *emitter.Effect {
			e := burstEffect(tb, 40, 0.6, 9, func(sp *emitter.Spec) {
				sp.EmissionSize = emitter.Vector2{X: 1, Y: 0.5}
				sp.Orientation = emitter.VelocityPerpendicular
				sp.LockedToPart = true
			})
			e.SetHost(5, -3, 37)
			return e
		}},
		{"unlocked-untracked", func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 30, 0.6, 10, func(sp *emitter.Spec) { sp.LockedToPart = false })
		}},
		{"orientation-squash-size", func(tb testing.TB) *emitter.Effect {
			return burstEffect(tb, 40, 0.9, 11, func(sp *emitter.Spec) {
				sp.Orientation = emitter.VelocityParallel
				sp.Acceleration = emitter.Vector3{Y: -20}
				sp.Squash = emitter.NumberSequence{nk(0, 0.5, 0.3), nk(0.5, -1, 0.5), nk(1, 2, 0)}
				sp.Size = emitter.NumberSequence{nk(0, 3, 2), nk(0.4, 12, 5), nk(1, 1, 0.5)}
			})
		}},
		{"scales-and-units", func(tb testing.TB) *emitter.Effect {
			e := burstEffect(tb, 30, 0.5, 12, func(sp *emitter.Spec) {
				sp.Unit = emitter.RelativeMin
				sp.Scale, sp.SizeScale, sp.SpeedScale = 0.7, 1.3, 0.9
				sp.Speed = emitter.NumberRange{Min: 0.2, Max: 0.9}
				sp.Size = emitter.ConstantSequence(0.3)
			})
			e.SetHostSize(50, 30)
			return e
		}},
		{"long-clock", func(tb testing.TB) *emitter.Effect {
			return streamEffect(tb, 3600.123, 13, func(sp *emitter.Spec) { sp.Rate = 50 })
		}},
		{"index-past-2^31", func(tb testing.TB) *emitter.Effect {
			// stream keys wrap modulo 2^32 and the window's first index
			// is negative as an int32
			return streamEffect(tb, 2.2e6, 14, func(sp *emitter.Spec) {
				sp.Rate, sp.Lifetime, sp.MaxParticles = 1000, emitter.Constant(0.05), 60
			})
		}},
		{"burst-keys-wrap", func(tb testing.TB) *emitter.Effect {
			e := burstEffect(tb, 0, 0, 15, func(sp *emitter.Spec) { sp.MaxParticles = 2000; sp.Rate = 20 })
			st := e.State()
			st.Bursts = []emitter.Burst{{Time: emitter.SecondsToTicks(0.2), Count: 12, Index: 4_000_000}, {Time: emitter.SecondsToTicks(0.35), Count: 7, Index: 4_000_001}}
			st.NextBurst = 4_000_002
			st.Clock = emitter.SecondsToTicks(0.9)
			e.Restore(st)
			return e
		}},
		{"toggled-tail", func(tb testing.TB) *emitter.Effect {
			e := streamEffect(tb, 1.0, 16, nil)
			e.SetEnabled(false)
			e.SetTime(1.5)
			return e
		}},
		{"box-surface", shapes(emitter.Box, emitter.Surface, emitter.Outward, 1, emitter.Top)},
		{"box-volume-inward", shapes(emitter.Box, emitter.Volume, emitter.Inward, 1, emitter.Right)},
		{"sphere-partial", shapes(emitter.Sphere, emitter.Volume, emitter.Outward, 0.4, emitter.Left)},
		{"sphere-surface", shapes(emitter.Sphere, emitter.Surface, emitter.InAndOut, 1, emitter.Bottom)},
		{"cylinder-taper", shapes(emitter.Cylinder, emitter.Volume, emitter.Outward, 0.3, emitter.Top)},
		{"cylinder-cone", shapes(emitter.Cylinder, emitter.Surface, emitter.InAndOut, 0, emitter.Right)},
		{"disc-annulus", shapes(emitter.Disc, emitter.Volume, emitter.InAndOut, 0.5, emitter.Top)},
		{"disc-rim", shapes(emitter.Disc, emitter.Surface, emitter.Outward, 1, emitter.Bottom)},
		{"sphere-flat-host", func(tb testing.TB) *emitter.Effect {
			// a zero-height host: the Sphere's arc centre is atan2 of
			// signed zeros, taken from the CPU
			e := shapes(emitter.Sphere, emitter.Volume, emitter.Outward, 0.5, emitter.Left)(tb)
			e.SetHostSize(30, 0)
			return e
		}},
	}
	return cases
}

// collectGPU runs the renderer's collect on e alone with Path GPU and
// returns its GPU item.
func collectGPU(tb testing.TB, r *Renderer, e *emitter.Effect) *gpuItem {
	tb.Helper()
	r.collect(image.Rect(-4000, -4000, 4000, 4000), []Item{{Effect: e, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 1 {
		tb.Fatalf("stats %+v: the effect did not take the GPU path", st)
	}
	return &r.gpu.items[0]
}

// TestGPUMirrorMatchesEmitter: the shader's walk over the rows and vertex
// values the renderer wrote finds exactly the emitter's live particles,
// keys in the same (birth) order, at the same ages within float32
// rounding. Where the shader then places them is TestGPUPlacementMatches
// Emitter's (gpu_place_test.go).
func TestGPUMirrorMatchesEmitter(t *testing.T) {
	r := newRenderer(t, nil)
	for _, c := range gpuCases() {
		t.Run(c.name, func(t *testing.T) {
			e := c.make(t)
			it := collectGPU(t, r, e)
			got := mirrorWalk(r, it)
			want := e.AppendQuads(nil)
			if len(want) == 0 {
				t.Fatal("the case shows no particle")
			}
			if len(got) != len(want) {
				t.Fatalf("%d live on the GPU walk, %d on the CPU", len(got), len(want))
			}
			for i, w := range want {
				g := got[i]
				if g.key != w.Key {
					t.Fatalf("particle %d: key %d, want %d", i, g.key, w.Key)
				}
				if math.Abs(float64(g.age)-w.Age) > 1e-5*math.Max(1, w.Lifetime) {
					t.Errorf("key %d: age %v, want %v", w.Key, g.age, w.Age)
				}
			}
		})
	}
}

// TestGPUInstanceRow: an instance row decodes, with the shader's
// decoders, to the values it was built from.
func TestGPUInstanceRow(t *testing.T) {
	in := instanceRow{
		seed: 0xDEADBEEF, motion: 77, moveScale: 37.25, sizeScale: 1.5e-3,
		halfW: 12.5, halfH: 0, sphereBase: -math.Pi / 3,
		origin: emitter.SecondsToTicks(100), maxParticles: 3000,
	}
	bursts := []gpuSlot{
		{emitter.Burst{Time: emitter.SecondsToTicks(99.5), Count: 3000, Index: 0}, 995},
		{emitter.Burst{Time: emitter.SecondsToTicks(100), Count: 1, Index: 1_500_000}, 1000},
		{emitter.Burst{Time: emitter.SecondsToTicks(101.25), Count: 17, Index: 2}, -1},
	}
	for _, b := range bursts {
		in.slots[in.nslots] = b
		in.nslots++
	}
	row := make(texRow, rowlayout.GPURowBytes)
	encodeInstance(row, &in)
	if got := mWord(row.texel(rowlayout.InstSeed)); got != in.seed {
		t.Errorf("seed %#x", got)
	}
	if got := mLow16(row.texel(rowlayout.InstMotion)); got != in.motion {
		t.Errorf("motion row %d", got)
	}
	for _, f := range []struct {
		name  string
		texel int
		want  float64
	}{{"texel rowlayout.InstMoveScale, want in.moveScale", rowlayout.InstMoveScale, in.moveScale}, {"texel rowlayout.InstSizeScale, want in.sizeScale", rowlayout.InstSizeScale, in.sizeScale}, {"texel rowlayout.InstHalfW, want in.halfW", rowlayout.InstHalfW, in.halfW}, {"texel rowlayout.InstHalfH, want in.halfH", rowlayout.InstHalfH, in.halfH}, {"texel rowlayout.InstSphereBase, want in.sphereBase", rowlayout.InstSphereBase, in.sphereBase}} {
		t.Run(f.name, func(t *testing.T) {
			if got := mF32(row.texel(f.texel)); got != float32(f.want) {
				t.Errorf("texel %d: %v, want %v", f.texel, got, float32(f.want))
			}
		})
	}
	for s, b := range bursts {
		j := rowlayout.InstBursts + 4*s
		if got := mF32(row.texel(j)); float64(got) != float64(float32((b.burst.Time - in.origin).Seconds())) {
			t.Errorf("slot %d birth %v", s, got)
		}
		if got := mWord(row.texel(j + 1)); got != uint32(b.burst.Count) {
			t.Errorf("slot %d count %d", s, got)
		}
		// key base: particle j's key is 2(base + j) + 1 modulo 2^32
		if got := mWord(row.texel(j + 2)); 2*(got+5)+1 != 2*(b.burst.Index*uint32(in.maxParticles)+5)+1 {
			t.Errorf("slot %d key base %d", s, got)
		}
		if got := int32(mWord(row.texel(j + 3))); int64(got) != b.split {
			t.Errorf("slot %d split %d, want %d", s, got, b.split)
		}
	}
}

// TestGPUMotionRow: a motion row holds the snapshot's values as the
// emitter compiles them.
func TestGPUMotionRow(t *testing.T) {
	snap := snapshotOf(t, func(sp *emitter.Spec) {
		sp.Lifetime = emitter.NumberRange{Min: 0, Max: 3}
		sp.Rate = 1e6
		sp.EmissionDirection = emitter.Left
		sp.Acceleration = emitter.Vector3{X: 1, Y: 2, Z: 3}
		sp.SpreadAngle = emitter.Vector2{X: -45}
		sp.Shape, sp.ShapeStyle, sp.ShapeInOut = emitter.Cylinder, emitter.Surface, emitter.InAndOut
		sp.Orientation = emitter.VelocityPerpendicular
		sp.LightEmission, sp.GlowLayers = 0.5, 3
		sp.Size = emitter.NumberSequence{nk(0, 1, 0.5), nk(0.25, 4, 1), nk(1, 2, 0)}
		sp.Squash = emitter.NumberSequence{nk(0, -1, 0.25), nk(1, 0.5, 0)}
	})
	row := make(texRow, rowlayout.GPURowBytes)
	encodeMotion(row, snap)
	en := row.texel(rowlayout.MotEnums)
	if en != [4]byte{byte(emitter.Cylinder), byte(emitter.Surface), byte(emitter.InAndOut), byte(emitter.VelocityPerpendicular)} {
		t.Errorf("enums %v", en)
	}
	if cn := row.texel(rowlayout.MotCounts); cn != [4]byte{3, 2, 3, 0} {
		t.Errorf("counts %v", cn)
	}
	f := func(i int) float64 { return float64(mF32(row.texel(i))) }
	check := func(name string, got, want float64) {
		t.Helper()
		if got != float64(float32(want)) {
			t.Errorf("%s: %v, want %v", name, got, float32(want))
		}
	}
	check("lifeMin", f(rowlayout.MotLifeMin), emitter.MinLifetime)
	check("lifeMax", f(rowlayout.MotLifeMax), 3)
	check("rate", f(rowlayout.MotRate), snap.Rate())
	check("dirX", f(rowlayout.MotDirX), -1)
	check("dirY", f(rowlayout.MotDirY), 0)
	check("accX", f(rowlayout.MotAccX), 1)
	check("accY", f(rowlayout.MotAccY), -2)
	check("spread", f(rowlayout.MotSpread), math.Pi/4)
	check("radius", f(rowlayout.MotRadius), 5.0/2*math.Sqrt(2.25*2.25+1/(2.25*2.25)))
	for n := range 3 {
		g, o := emitter.Glow(n, 0, 0.5)
		if n == 0 {
			g, o = 1, 1
		}
		check(fmt.Sprint("growth ", n), f(rowlayout.MotGlow+2*n), g)
		check(fmt.Sprint("factor ", n), f(rowlayout.MotGlow+2*n+1), o)
	}
	// the size keypoints: time (fixed24), value, envelope (the shader's
	// curve over them is probed in gpu_place_test.go)
	for i, k := range snap.Spec().Size {
		j := rowlayout.MotSize + 3*i
		if got := float64(mFixed24(row.texel(j))); math.Abs(got-k.Time) > 0.5/(1<<24) {
			t.Errorf("size key %d: time %v, want %v", i, got, k.Time)
		}
		check(fmt.Sprint("size value ", i), f(j+1), k.Value)
		check(fmt.Sprint("size envelope ", i), f(j+2), k.Envelope)
	}
	// a constant lifetime is flagged
	encodeMotion(row, snapshotOf(t, func(sp *emitter.Spec) { sp.Lifetime = emitter.Constant(2) }))
	if row.texel(rowlayout.MotCounts)[3]&rowlayout.MotFlagConstLife == 0 {
		t.Error("constant lifetime not flagged")
	}
}

// TestGPURowWrites: an instance row is rewritten only when what it holds
// changes: new bursts, a seed, the host's scales, the origin drifting 16 s
// from the clock while bursts are visible; not for clock steps, rewinds
// within the slots it holds, or the stream.
func TestGPURowWrites(t *testing.T) {
	r := newRenderer(t, nil)
	e := streamEffect(t, 0, 1, func(sp *emitter.Spec) {
		sp.Lifetime = emitter.Constant(1)
		sp.EmissionSize = emitter.Vector2{X: 1, Y: 1} // the host size sets the emission area
	})
	e.Play()
	frame := func() int {
		w := r.gpu.writes
		collectGPU(t, r, e)
		return r.gpu.writes - w
	}
	if n := frame(); n != 2 { // the motion row and the instance row
		t.Errorf("first frame: %d writes, want 2", n)
	}
	for i := range 30 {
		e.Advance(1.0 / 60)
		if n := frame(); n != 0 {
			t.Fatalf("stream frame %d: %d writes", i, n)
		}
	}
	e.Emit(5)
	if n := frame(); n != 1 {
		t.Errorf("new burst: %d writes, want 1", n)
	}
	e.Advance(0.3)
	e.Emit(5)
	if n := frame(); n != 1 {
		t.Errorf("second burst: %d writes, want 1", n)
	}
	e.Advance(0.3)
	frame()
	e.Forward(-0.35) // only the first burst visible again
	if n := frame(); n != 0 {
		t.Errorf("rewind within the slots: %d writes", n)
	}
	e.SetSeed(99)
	if n := frame(); n != 1 {
		t.Errorf("seed: %d writes, want 1", n)
	}
	e.SetHostSize(40, 40)
	if n := frame(); n != 1 {
		t.Errorf("host size: %d writes, want 1", n)
	}
	// the stream alone: no rebasing however far the clock goes
	e.SetTime(500)
	if n := frame(); n != 0 {
		t.Errorf("far clock without bursts: %d writes", n)
	}
	// bursts visible 16 s from the origin: rebased once
	e.Emit(3)
	frame()
	e.SetTime(500.5)
	for range 3 {
		e.Emit(1)
		e.Advance(0.25)
	}
	w := r.gpu.writes
	st := e.State()
	st.Bursts = append(st.Bursts, emitter.Burst{Time: emitter.SecondsToTicks(517), Count: 2, Index: st.NextBurst})
	st.NextBurst++
	st.Clock = emitter.SecondsToTicks(517.2)
	e.Restore(st)
	frame()
	if r.gpu.writes == w {
		t.Error("no rewrite for a new burst after Restore")
	}
	e.Advance(0.1)
	if n := frame(); n != 0 {
		t.Errorf("after the rebase: %d writes", n)
	}
	it := &r.gpu.items[0]
	if it.bclock < 0 || it.bclock > 1 {
		t.Errorf("bclock %v: want a clock close to the row's origin", it.bclock)
	}
	// the mirror still agrees after all this
	if got, want := len(mirrorWalk(r, it)), len(e.AppendQuads(nil)); got != want {
		t.Errorf("%d live on the GPU walk, %d on the CPU", got, want)
	}
}

// TestGPUToggleSync: the walk follows the stream's Enabled history, bursts
// and rollbacks as the effect's Window gives them.
func TestGPUToggleSync(t *testing.T) {
	r := newRenderer(t, nil)
	e := streamEffect(t, 0.5, 2, nil)
	e.Play()
	check := func(when string) {
		t.Helper()
		it := collectGPU(t, r, e)
		if got, want := len(mirrorWalk(r, it)), len(e.AppendQuads(nil)); got != want {
			t.Errorf("%s: %d live on the GPU walk, %d on the CPU", when, got, want)
		}
	}
	check("on")
	e.SetEnabled(false)
	e.Advance(0.2)
	check("off")
	e.Forward(-0.1) // a rewind keeps the off toggle (it is in the past)
	check("rewound")
	e.Advance(2)
	if len(e.AppendQuads(nil)) != 0 {
		t.Fatal("expected the stream's tail to be gone")
	}
	e.SetEnabled(true)
	e.Advance(0.3)
	check("on again")

	// Emitting every frame rewrites the instance row at most once per
	// burst (each changes the visible bursts); frames without a change
	// write nothing.
	writes := r.gpu.writes
	for range 10 {
		e.Emit(2)
		e.Advance(1.0 / 60)
		check("emitting")
	}
	if n := r.gpu.writes - writes; n > 10 {
		t.Errorf("%d row writes for 10 bursts", n)
	}
	writes = r.gpu.writes
	for range 5 {
		e.Advance(1.0 / 60)
		check("steady")
	}
	if n := r.gpu.writes - writes; n != 0 {
		t.Errorf("%d row writes on steady frames", n)
	}
	// Rolling back to a saved state and replaying other inputs is seen
	// (the clock goes back).
	saved := e.State()
	e.Advance(0.2)
	check("before the rollback")
	e.Restore(saved)
	e.Advance(0.05)
	e.SetEnabled(false)
	e.Advance(0.05)
	check("rolled back, stream off")
	// An off-and-on pair between two draws, the clock moving between the
	// two calls, is seen (the revision moved): the stream now has two runs
	// of indices, which the GPU walk leaves to the batched path.
	e.SetEnabled(false)
	e.Advance(0.1)
	e.SetEnabled(true)
	e.Advance(0.05)
	r.collect(image.Rect(-4000, -4000, 4000, 4000), []Item{{Effect: e, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 0 || st.GPUFallbacks != 1 {
		t.Errorf("off and on between draws: stats %+v, want a fallback to the batched path", st)
	}
}

// TestGPUPathChoice: the cost model's formulas and choices, and the
// renderer's use of them: forced paths, fallbacks and their counts.
func TestGPUPathChoice(t *testing.T) {
	m := CostModel{FragmentNS: 2, BinNS: 3, ParticleNS: 100, GPUEffectNS: 1000, BatchedEffectNS: 500}
	if got := m.GPUCost(GPUWork{Pixels: 100, Walked: 50, Binned: 70, Layers: 2}); got != 2*100*50*2+3*70+1000 {
		t.Errorf("GPUCost %v", got)
	}
	if got := m.BatchedCost(50, 2); got != 100*50*2+500 {
		t.Errorf("BatchedCost %v", got)
	}
	// crossover at 50 px per walked candidate (ignoring the fixed costs):
	// small effects on the GPU
	walk := func(px int, walked float64) GPUWork { return GPUWork{Pixels: px, Walked: walked, Layers: 1} }
	if m.Prefer(walk(10, 500), 500) != PathGPU || m.Prefer(walk(100, 500), 500) != PathBatched {
		t.Error("Prefer around the crossover")
	}
	// the bins: 1,000 px is cheaper where a fragment walks 5 of the 500
	if m.Prefer(walk(1000, 5), 500) != PathGPU {
		t.Error("Prefer with a sparse walk")
	}
	// a handful of particles: fixed costs decide
	if m.Prefer(walk(1, 2), 2) != PathBatched {
		t.Error("Prefer with fixed costs")
	}
	if d := (CostModel{ParticleNS: 7}).withDefaults(); d.ParticleNS != 7 || d.FragmentNS != DefaultCostModel.FragmentNS || d.BinNS != DefaultCostModel.BinNS {
		t.Errorf("withDefaults %+v", d)
	}
	// binnedWalk: candidates spread over a quad, each walked over
	// (2·reach + tile)² of it, at most all of it.
	for _, c := range []struct {
		name                   string
		cand                   int
		w, h, tile, reach, out float64
	}{
		{"one tile per candidate", 1000, 320, 160, 16, 0, 1000.0 * 16 * 16 / (320 * 160)},
		{"reach 8 spans two tiles", 1000, 320, 160, 16, 8, 1000.0 * 32 * 32 / (320 * 160)},
		{"wider than the quad", 100, 20, 40, 16, 16, 100.0 * 1 * 40 / 40},
		{"empty quad", 100, 0, 40, 16, 1, 0},
	} {
		if got := binnedWalk(c.cand, c.w, c.h, c.tile, c.reach); math.Abs(got-c.out) > 1e-9 {
			t.Errorf("binnedWalk %s: %v, want %v", c.name, got, c.out)
		}
	}
	if PathGPU.String() != "GPU" || Path(9).String() != "Path(9)" {
		t.Error("Path.String")
	}

	view := image.Rect(0, 0, 256, 256)
	r := newRenderer(t, &Options{Cost: CostModel{FragmentNS: 0.001, BinNS: 0.001}}) // a fast GPU
	small := burstEffect(t, 30, 0.5, 1, nil)
	r.collect(view, []Item{{Effect: small, X: 128, Y: 128}})
	if st := r.Stats(); st.GPU != 1 || st.Batched != 0 {
		t.Errorf("fast GPU, auto: %+v", st)
	}
	r = newRenderer(t, nil) // llvmpipe's costs
	r.collect(view, []Item{{Effect: small, X: 128, Y: 128}})
	if st := r.Stats(); st.GPU != 0 || st.Batched != 1 {
		t.Errorf("llvmpipe, auto: %+v", st)
	}
	r.collect(view, []Item{{Effect: small, X: 128, Y: 128, Path: PathGPU}, {Effect: small, X: 20, Y: 20, Path: PathBatched}})
	if st := r.Stats(); st.GPU != 1 || st.Batched != 1 || st.Effects != 2 || st.GPUFallbacks != 0 {
		t.Errorf("forced paths: %+v", st)
	}
	if st := r.Stats(); st.GPUCandidates != 30 || st.GPUPixels == 0 {
		t.Errorf("GPU work: %+v", st)
	}

	fallback := func(name string, e *emitter.Effect) {
		t.Helper()
		r.collect(view, []Item{{Effect: e, X: 128, Y: 128, Path: PathGPU}})
		if st := r.Stats(); st.GPU != 0 || st.Batched != 1 || st.GPUFallbacks != 1 {
			t.Errorf("%s: %+v, want a fallback", name, st)
		}
		// and an auto item is batched without counting a fallback
		r.collect(view, []Item{{Effect: e, X: 128, Y: 128}})
		if st := r.Stats(); st.GPU != 0 || st.GPUFallbacks != 0 {
			t.Errorf("%s, auto: %+v", name, st)
		}
	}
	fallback("too many candidates", burstEffect(t, MaxGPUParticles+1, 0.5, 1, nil))
	many := burstEffect(t, 1, 0, 1, func(sp *emitter.Spec) { sp.Lifetime = emitter.Constant(5) })
	for range MaxGPUBursts - 1 {
		many.Forward(0.01)
		many.AddBurst(many.Clock(), 1)
	}
	r.collect(view, []Item{{Effect: many, X: 128, Y: 128, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 1 {
		t.Errorf("at MaxGPUBursts: %+v", st)
	}
	many.AddBurst(many.Clock(), 1)
	fallback("too many bursts", many)
	twice := streamEffect(t, 1, 1, nil)
	twice.SetEnabled(false)
	twice.Forward(0.2)
	twice.SetEnabled(true)
	twice.Forward(0.2)
	fallback("two stream runs", twice)
	moving := burstEffect(t, 10, 0.5, 1, func(sp *emitter.Spec) { sp.LockedToPart = false })
	moving.SetHost(3, 4, 0)
	fallback("unlocked with a track", moving)

	// exactly at the limits: still on the GPU
	full := burstEffect(t, MaxGPUParticles, 0.5, 1, nil)
	r.collect(view, []Item{{Effect: full, X: 128, Y: 128, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 1 || st.GPUCandidates != MaxGPUParticles {
		t.Errorf("at MaxGPUParticles: %+v", st)
	}
	many.Forward(4.855) // the first burst is gone: 16 visible again
	r.collect(view, []Item{{Effect: many, X: 128, Y: 128, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 1 {
		t.Errorf("back at MaxGPUBursts: %+v", st)
	}
}

// TestGPUBoundsQuad: the quad is the bounds rounded out to whole pixels
// and clipped to the view, and every pixel a particle (glow included)
// covers lies in it.
func TestGPUBoundsQuad(t *testing.T) {
	view := image.Rect(0, 0, 100, 80)
	for _, c := range []struct {
		name           string
		b              emitter.Rect
		ox, oy         float64
		x0, y0, x1, y1 int
	}{
		{"ox 50, oy 40, x0 39", emitter.Rect{MinX: -10.5, MinY: -3.2, MaxX: 10.5, MaxY: 3.2}, 50, 40, 39, 36, 61, 44},
		{"ox 50, oy 40, x0 40", emitter.Rect{MinX: -10, MinY: -10, MaxX: 10, MaxY: 10}, 50, 40, 40, 30, 60, 50},
		{"ox 5, oy 75, x0 0", emitter.Rect{MinX: -10, MinY: -10, MaxX: 10, MaxY: 10}, 5, 75, 0, 65, 15, 80},
		{"out of view: empty", emitter.Rect{MinX: -10, MinY: -10, MaxX: 10, MaxY: 10}, -30, 40, 0, 30, 0, 30}, // out of view: empty
		{"ox 0, oy 10, x0 0", emitter.Rect{MinX: math.Inf(-1), MinY: -1, MaxX: math.Inf(1), MaxY: 1}, 0, 10, 0, 9, 100, 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			x0, y0, x1, y1 := boundsQuad(c.b, c.ox, c.oy, view)
			if x0 != c.x0 || y0 != c.y0 || x1 != c.x1 || y1 != c.y1 {
				t.Errorf("boundsQuad(%+v at %v, %v) = %d %d %d %d, want %d %d %d %d", c.b, c.ox, c.oy, x0, y0, x1, y1, c.x0, c.y0, c.x1, c.y1)
			}
		})
	}
	// particles of the test cases, at several clocks, glow included
	big := image.Rect(-4000, -4000, 4000, 4000)
	for _, gc := range gpuCases() {
		e := gc.make(t)
		hx, hy, _ := e.Host()
		for _, dt := range []float64{0, 0.13, 0.4} {
			e.Forward(dt)
			x0, y0, x1, y1 := boundsQuad(e.Bounds(), hx+0.37, hy-0.21, big)
			growth := 1.0
			if n := e.Snapshot().GlowLayers(); e.Snapshot().LightEmission() > 0 && n > 1 {
				growth, _ = emitter.Glow(n-1, 0, e.Snapshot().LightEmission())
			}
			for _, q := range e.AppendQuads(nil) {
				s, c := math.Sincos(q.Rotation * math.Pi / 180)
				for _, uv := range [4][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {-0.5, 0.5}, {0.5, 0.5}} {
					px := hx + 0.37 + q.X + growth*(c*uv[0]*q.Width-s*uv[1]*q.Height)
					py := hy - 0.21 + q.Y + growth*(s*uv[0]*q.Width+c*uv[1]*q.Height)
					// the pixel whose centre is nearest the corner
					ix, iy := int(math.Floor(px)), int(math.Floor(py))
					if ix < x0 || ix >= x1 || iy < y0 || iy >= y1 {
						t.Fatalf("%s: corner (%v, %v) outside the quad %d %d %d %d", gc.name, px, py, x0, y0, x1, y1)
					}
				}
			}
		}
	}
}
