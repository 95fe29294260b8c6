package render

import (
	"math"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestOptionsRejected: New refuses cost constants and LOD sizes that are
// negative, NaN or infinite, and a LOD whose None is not below its Full
// once the zero fields take DefaultLOD's values, naming the field.
func TestOptionsRejected(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Cost: CostModel{FragmentNS: -1}}, "Cost.FragmentNS is -1"},
		{Options{Cost: CostModel{BinNS: nan}}, "Cost.BinNS is NaN"},
		{Options{Cost: CostModel{ParticleNS: inf}}, "Cost.ParticleNS is +Inf"},
		{Options{Cost: CostModel{WorldSlotNS: -0.5}}, "Cost.WorldSlotNS is -0.5"},
		{Options{LOD: LOD{Full: -2}}, "LOD.Full is -2"},
		{Options{LOD: LOD{None: nan}}, "LOD.None is NaN"},
		{Options{LOD: LOD{Full: 3, None: 3}}, "LOD.None 3 must be below LOD.Full 3"},
		// Full 0.3 with the default None, 0.5.
		{Options{LOD: LOD{Full: 0.3}}, "LOD.None 0.5 must be below LOD.Full 0.3"},
		// Full 2 (the default) with None 4.
		{Options{LOD: LOD{None: 4}}, "LOD.None 4 must be below LOD.Full 2"},
	} {
		_, err := New(&c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v): error %v, want one containing %q", c.opts, err, c.want)
		}
	}
	// Off ignores the sizes, as keep does.
	if err := (LOD{Off: true, Full: 1, None: 5}).check(); err != nil {
		t.Errorf("LOD with Off: %v", err)
	}
}

// TestDefaultsPerField: a zero LOD size or cost constant takes its own
// default, whatever the other fields hold, in keep and in CostModel's
// methods as in New.
func TestDefaultsPerField(t *testing.T) {
	for _, c := range []struct {
		lod      LOD
		px, want float64
	}{
		// None 0.5 (default), Full 4: 2.25 px is half-way.
		{LOD{Full: 4}, 2.25, 0.5},
		{LOD{Full: 4}, 0.5, 0},
		// Full 2 (default), None 1: 1.5 px is half-way.
		{LOD{None: 1}, 1.5, 0.5},
		{LOD{None: 1}, 1, 0},
		{LOD{None: 1}, 2, 1},
	} {
		if got := c.lod.keep(c.px); got != c.want {
			t.Errorf("%+v.keep(%v) = %v, want %v", c.lod, c.px, got, c.want)
		}
	}
	w := GPUWork{Pixels: 100, Walked: 2, Binned: 10, Layers: 1}
	d := DefaultCostModel
	// Only FragmentNS set: the others are DefaultCostModel's.
	m := CostModel{FragmentNS: 50}
	if got, want := m.GPUCost(w), 50*100*2+d.BinNS*10+d.GPUEffectNS; got != want {
		t.Errorf("GPUCost = %v, want %v", got, want)
	}
	if got, want := m.BatchedCost(40, 1), d.ParticleNS*40+d.BatchedEffectNS; got != want {
		t.Errorf("BatchedCost = %v, want %v", got, want)
	}
	w.Slots = 3
	if got, want := m.WorldGPUCost(w), d.WorldFragmentNS*100*2+d.WorldSlotNS*3+d.BinNS*10+d.GPUEffectNS; got != want {
		t.Errorf("WorldGPUCost = %v, want %v", got, want)
	}
	// 10,000 + 10 + 2,000 ns on the GPU against 3,500 · 40 + 1,000 batched.
	if (CostModel{FragmentNS: 50}).Prefer(GPUWork{Pixels: 100, Walked: 2, Binned: 10, Layers: 1}, 40) != PathGPU {
		t.Error("Prefer with one field set chose the batched path")
	}
	if (CostModel{}).Prefer(w, 40) != DefaultCostModel.Prefer(w, 40) {
		t.Error("the zero CostModel prefers otherwise than DefaultCostModel")
	}
}

// TestNewSharesShaders: a second renderer draws with the first one's
// shaders, compiled once (shader.go), on every path.
func TestNewSharesShaders(t *testing.T) {
	a, b := newRenderer(t, nil), newRenderer(t, nil)
	for _, c := range []struct {
		name string
		x, y *ebiten.Shader
	}{
		{"particle", a.shader, b.shader},
		{"effect", a.gpu.shader, b.gpu.shader},
		{"job", a.gpu.bins.job, b.gpu.bins.job},
		{"pos", a.gpu.bins.pos, b.gpu.bins.pos},
		{"bin", a.gpu.bins.bin, b.gpu.bins.bin},
		{"world", a.world.shader, b.world.shader},
		{"worldpos", a.world.gpu.pos, b.world.gpu.pos},
		{"worldshade", a.world.gpu.shade, b.world.gpu.shade},
	} {
		if c.x == nil || c.x != c.y {
			t.Errorf("%s shader: %p and %p, want one shader, not nil", c.name, c.x, c.y)
		}
	}
}

// TestNewReservesAChunk: New makes the batched path's one-chunk vertex
// buffers and evaluation columns, and the first frame that draws a burst
// (of 200 particles) writes into them: it makes none.
func TestNewReservesAChunk(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, &Options{Budget: -1})
	if len(r.tags) < chunkQuads || len(r.ttags) < chunkQuads || cap(r.chunkColumns.XY) < chunkQuads {
		t.Fatalf("after New: %d quad and %d triangle slots, columns for %d: want a chunk's, %d", len(r.tags), len(r.ttags), cap(r.chunkColumns.XY), chunkQuads)
	}
	verts, tverts, xy := &r.verts[0], &r.tverts[0], &r.chunkColumns.XY[:1][0]
	e := effectOf(t, 8, 8, 200, 0.1, func(sp *emitter.Spec) { sp.Rate = 0 })
	dst := ebiten.NewImage(64, 64)
	defer dst.Deallocate()
	r.Draw(dst, []Item{{Effect: e, X: 32, Y: 32, Path: PathBatched}})
	if st := r.Stats(); st.Particles != 200 || st.Batched != 1 {
		t.Fatalf("stats %+v: want the burst's 200 particles, batched", st)
	}
	if &r.verts[0] != verts || &r.tverts[0] != tverts || &r.chunkColumns.XY[:1][0] != xy {
		t.Errorf("the first frame made new vertex buffers or columns")
	}
}
