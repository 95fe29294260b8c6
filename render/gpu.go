package render

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// Path selects how an effect is drawn.
type Path uint8

// Path values.
//   - PathAuto (the zero value): the renderer's cost model chooses, per
//     effect and per frame, among the paths the effect is eligible for.
//   - PathBatched: the CPU evaluates every particle and writes its quad.
//   - PathGPU: one quad over the effect's bounds (one per
//     [MaxGPUParticles] candidates, see [MaxGPUQuads]); the shader
//     evaluates the particles. An effect the GPU path cannot draw falls
//     back to the batched path, counted in [Stats].GPUFallbacks.
const (
	PathAuto Path = iota
	PathBatched
	PathGPU
)

var pathNames = [...]string{"Auto", "Batched", "GPU"}

func (p Path) String() string {
	if int(p) < len(pathNames) {
		return pathNames[p]
	}
	return "Path(" + strconv.Itoa(int(p)) + ")"
}

// Limits of the GPU path. An effect exceeding one of them at a frame is
// drawn by the batched path at that frame.
const (
	// MaxGPUParticles is the most candidates (stream indices of the live
	// window plus the particles of the visible bursts) the GPU path bins
	// in one quad: 512 groups of 32, the constant bounds of its shaders'
	// loops (docs/gpu.md).
	MaxGPUParticles = rowlayout.MaxCandidates
	// MaxGPUQuads is the most quads the GPU path draws one effect with.
	// An effect of more than MaxGPUParticles candidates is drawn as
	// several quads over its bounds, each binning and walking a
	// consecutive run of at most MaxGPUParticles of them in birth order
	// (a burst is never split: one of more particles falls back), so the
	// path takes up to 1,048,576 candidates per effect, as many as
	// MaxParticles allows; each quad costs the CPU what a small effect
	// does.
	MaxGPUQuads = 64
	// MaxGPUBursts is the most bursts that may be visible at once. An
	// instance row holds this many: the visible ones and the next.
	MaxGPUBursts = rowlayout.MaxBursts
)

// The other conditions for the GPU path: the stream's live window must be
// one run of indices (an effect whose stream was turned off and on again
// within one Lifetime.Max shows two runs), LockedToPart = false must not
// come with a host track (particles then stay where the host was at their
// birth: a per-particle lookup of the track the shader does not do), the
// effect's rows must fit the GPU texture's rowlayout.RowLimit, and its
// bins must fit: at most rowlayout.BinMaxTiles tiles along an edge, and
// rows left in the frame's mask and positions images (docs/gpu.md,
// section 3).

// CostModel estimates what drawing an effect costs on each path, in
// nanoseconds per frame, so that PathAuto can choose the cheaper:
//
//	GPU:     FragmentNS · pixels · walked · layers + BinNS · binned + GPUEffectNS · quads
//	batched: ParticleNS · candidates · layers + BatchedEffectNS
//
// pixels is the area of the effect's bounds quad on the target,
// candidates the live window's length (stream indices plus the visible
// bursts' particles; on the batched path the live count is at most this),
// layers the glow layers drawn, core included. walked is the candidates a
// fragment evaluates on average: the GPU path's bins (docs/gpu.md) leave
// each fragment the candidates whose footprint touches its tile, so
// walked follows the local density, not the candidate count; binned is
// the bin pass's work, tiles times candidates (see [GPUWork]), and quads
// the quads the effect is drawn with, one per MaxGPUParticles candidates.
// The GPU path's own CPU cost is O(1) per quad (GPUEffectNS), the batched
// path's grows with the window.
//
// World emitters ([Renderer.DrawLevel]) are priced with constants of their
// own for the GPU path's shaders, which evaluate more per slot than the
// effect shader does per candidate, and with the position pass that
// evaluates each of their slots ([CostModel.WorldGPUCost]):
//
//	GPU:     WorldFragmentNS · pixels · walked + WorldSlotNS · slots + BinNS · binned + GPUEffectNS
//	batched: ParticleNS · candidates + BatchedEffectNS
//
// A zero field takes its value from [DefaultCostModel], in [New] and in
// every method; [New] rejects a negative, NaN or infinite one.
type CostModel struct {
	// FragmentNS is the GPU's cost of evaluating one walked candidate at
	// one fragment.
	FragmentNS float64
	// BinNS is the GPU's cost of testing one candidate's footprint
	// against one tile in the bin pass.
	BinNS float64
	// ParticleNS is the batched path's cost of one particle quad: the
	// CPU's evaluation, vertices and submission, plus its rasterization.
	ParticleNS float64
	// GPUEffectNS and BatchedEffectNS are each path's fixed cost per
	// effect.
	GPUEffectNS, BatchedEffectNS float64
	// WorldFragmentNS is FragmentNS for world emitters: the world shade
	// pass's cost of evaluating one walked slot at one fragment.
	WorldFragmentNS float64
	// WorldSlotNS is the world GPU path's cost per slot of an emitter it
	// draws: the position pass evaluates every slot once, the bin pass
	// reads each slot's word.
	WorldSlotNS float64
}

// GPUWork is the work an effect gives the GPU path in a frame, in the
// units [CostModel] prices.
type GPUWork struct {
	// Pixels is the area of the effect's bounds quad on the target.
	Pixels int
	// Walked is the candidates a fragment evaluates, on average over the
	// quad. The renderer estimates it from the candidates spread evenly
	// over the quad: each is walked where its conservative footprint
	// (its largest quad's half-diagonal, plus a pixel) touches a tile.
	Walked float64
	// Binned is the bin pass's footprint tests: tiles times candidates.
	Binned int
	// Layers is the glow layers drawn, core included.
	Layers int
	// Slots is the slots the position pass evaluates: a world emitter's
	// (world.Evaluator.Slots), priced by [CostModel.WorldGPUCost]; the
	// effect model leaves its position pass out.
	Slots int
	// Quads is the quads the effect is drawn with (see [MaxGPUQuads]),
	// each paying GPUEffectNS; 0 counts as 1.
	Quads int
}

// DefaultCostModel was measured on this project's test machines (2 shared
// cores), where the "GPU" is Mesa's llvmpipe: a software rasterizer on the
// same CPU cores, not a GPU. BenchmarkGPUCrossover, reading the walked
// candidates back from the masks, measured 600 to 1,100 ns per walked
// candidate per fragment (840 to 1,750 where most of them cover the
// fragment and pay for their appearance) against 6 to 9 µs per batched
// particle (whole frames: llvmpipe rasterizes the batched path's
// triangles on the CPU too), a ratio of 5 to 14, 11 at the median; and
// the bin passes below its resolution (-1.7 to 1.2 ns per tile and
// candidate). ParticleNS keeps the 3.5 µs an earlier run measured and
// FragmentNS is set from the ratio; BinNS is that resolution.
// BenchmarkGPUEffectCPU measured the fixed CPU costs per effect (3.7 µs on
// the GPU path, 2.4 µs for a batched effect of 10 particles in the same
// run). The world constants come from BenchmarkWorldGPUWork (one emitter
// in seven configurations; docs/world.md, section 10): where the walk
// dominates, the world shade pass spent 450 to 2,000 ns per unit of the
// model's estimate of its walk (pixels · walked), 687 and 705 at the
// median of two sets of five runs, hence WorldFragmentNS = 700 (the
// effect shader's FragmentNS would price it at about half); the position
// and bin passes grew by 0.25 to 0.6 µs per slot, hence WorldSlotNS =
// 400. On an NVIDIA H200 (docs/gpu.md, section 7) the GPU-time ratio of
// a batched particle to a walked candidate-pixel read 3.5 to 12.6, about
// the defaults' 11, so they price the paths about as that GPU does;
// measure the constants on other hardware (BenchmarkGPUCrossover,
// BenchmarkGPUFrame) and set them in Options.Cost.
var DefaultCostModel = CostModel{
	FragmentNS:      320,
	BinNS:           1,
	ParticleNS:      3500,
	GPUEffectNS:     2000,
	BatchedEffectNS: 1000,
	WorldFragmentNS: 700,
	WorldSlotNS:     400,
}

// check reports why m cannot be used, or nil.
func (m CostModel) check() error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"FragmentNS", m.FragmentNS}, {"BinNS", m.BinNS}, {"ParticleNS", m.ParticleNS},
		{"GPUEffectNS", m.GPUEffectNS}, {"BatchedEffectNS", m.BatchedEffectNS},
		{"WorldFragmentNS", m.WorldFragmentNS}, {"WorldSlotNS", m.WorldSlotNS},
	} {
		if err := checkOption("Cost."+f.name, f.v, "nanoseconds"); err != nil {
			return err
		}
	}
	return nil
}

// checkOption reports an option New refuses: a number that is negative,
// NaN or infinite (0 stands for the option's default).
func checkOption(field string, v float64, unit string) error {
	if v >= 0 && !math.IsInf(v, 1) {
		return nil
	}
	return fmt.Errorf("render: New: %s is %v: want a finite number of %s, at least 0 (0 for the default)", field, v, unit)
}

// withDefaults returns m with each zero field replaced by
// DefaultCostModel's.
func (m CostModel) withDefaults() CostModel {
	d := DefaultCostModel
	if m.FragmentNS > 0 {
		d.FragmentNS = m.FragmentNS
	}
	if m.BinNS > 0 {
		d.BinNS = m.BinNS
	}
	if m.ParticleNS > 0 {
		d.ParticleNS = m.ParticleNS
	}
	if m.GPUEffectNS > 0 {
		d.GPUEffectNS = m.GPUEffectNS
	}
	if m.BatchedEffectNS > 0 {
		d.BatchedEffectNS = m.BatchedEffectNS
	}
	if m.WorldFragmentNS > 0 {
		d.WorldFragmentNS = m.WorldFragmentNS
	}
	if m.WorldSlotNS > 0 {
		d.WorldSlotNS = m.WorldSlotNS
	}
	return d
}

// GPUCost is the model's cost of the GPU path, in nanoseconds.
func (m CostModel) GPUCost(w GPUWork) float64 {
	m = m.withDefaults()
	return float64(m.FragmentNS*float64(w.Pixels)*w.Walked*float64(w.Layers)) + float64(m.BinNS*float64(w.Binned)) + float64(m.GPUEffectNS*float64(max(w.Quads, 1)))
}

// BatchedCost is the model's cost of the batched path, in nanoseconds.
func (m CostModel) BatchedCost(candidates, layers int) float64 {
	m = m.withDefaults()
	return float64(m.ParticleNS*float64(candidates)*float64(layers)) + m.BatchedEffectNS
}

// Prefer returns the cheaper path for an effect giving the GPU path work
// w, of the given candidates on the batched path.
func (m CostModel) Prefer(w GPUWork, candidates int) Path {
	if m.GPUCost(w) < m.BatchedCost(candidates, w.Layers) {
		return PathGPU
	}
	return PathBatched
}

// WorldGPUCost is the model's cost of the world GPU path for an emitter
// giving it work w, in nanoseconds.
func (m CostModel) WorldGPUCost(w GPUWork) float64 {
	m = m.withDefaults()
	return float64(m.WorldFragmentNS*float64(w.Pixels)*w.Walked*float64(w.Layers)) + float64(m.WorldSlotNS*float64(w.Slots)) + float64(m.BinNS*float64(w.Binned)) + m.GPUEffectNS
}

// PreferWorld returns the cheaper path for a world emitter giving the GPU
// path work w, of the given candidates on the batched path.
func (m CostModel) PreferWorld(w GPUWork, candidates int) Path {
	if m.WorldGPUCost(w) < m.BatchedCost(candidates, w.Layers) {
		return PathGPU
	}
	return PathBatched
}

// binnedWalk estimates GPUWork.Walked for cand candidates spread evenly
// over a quad of w × h scene pixels in tiles of edge tile, each reaching
// reach pixels from its centre: along each axis a candidate is walked by
// the tiles its disc touches, about 2·reach + tile pixels, at most the
// quad.
func binnedWalk(cand int, w, h, tile, reach float64) float64 {
	if !(w > 0 && h > 0) {
		return 0
	}
	span := 2*reach + tile
	return float64(cand) * min(span, w) / w * min(span, h) / h
}

// gpuOriginSpan is how far the clock may move from an instance row's
// origin before burst births are re-based: float32 offsets of at most 16 s
// keep ages within 1e-6 s.
const gpuOriginSpan = 16 * emitter.TicksPerSecond

// gpuSweepEvery and gpuKeepFrames: every gpuSweepEvery Draws, instance
// rows of effects, and motion rows of snapshots, not drawn for
// gpuKeepFrames Draws are freed.
const (
	gpuSweepEvery = 64
	gpuKeepFrames = 120
)

// gpuPath is the renderer's state for the GPU path.
type gpuPath struct {
	shader *ebiten.Shader
	op     ebiten.DrawTrianglesShaderOptions
	cost   CostModel

	// The row texture (image 2) and its CPU copy, to refill it when it
	// grows. subs caches a sub-image per row for writes.
	tex     *ebiten.Image
	texRows int
	pix     []byte
	subs    []*ebiten.Image
	used    int   // rows handed out
	free    []int // rows freed by the sweep
	writes  int   // rows written so far (for tests)
	scratch [rowlayout.GPURowBytes]byte

	motions   map[*emitter.Snapshot]*gpuMotion
	instances map[*emitter.Effect]*gpuInstance
	frame     uint64
	win       emitter.Window // scratch: the window of the effect being tried

	items []gpuItem
	// partMax is the most candidates of a quad: MaxGPUParticles, or
	// fewer in tests that split small effects.
	partMax int
	parts   []gpuPart   // scratch: the effect being tried, split (gpu_split.go)
	spans   []burstSpan // scratch: its bursts, for the split
	regs    []binRegion // scratch: its parts' bin regions
	verts   []ebiten.Vertex
	indices []uint32
	bins    gpuBins // the bin passes and the mask image (gpu_bins.go)
}

// gpuInstance is an effect's state on the GPU path: its instance row.
type gpuInstance struct {
	row     int // -1 until the effect is first drawn on the GPU path
	seen    uint64
	written bool
	data    instanceRow
	snap    *emitter.Snapshot // of the row
}

// gpuItem is one effect drawn on the GPU path this frame: its quad and
// the per-frame values its vertices carry (see effect.kage).
type gpuItem struct {
	x0, y0, x1, y1     float64 // the quad in scene pixels (without a camera, the target's)
	hx, hy             float64 // the host centre on the target
	xrel               float32 // the stream clock x = c·r minus the window's first index
	baseHi, baseLo     float32 // that index mod 2^32, in 16-bit halves
	bclock             float32 // the clock minus the row's origin, seconds
	rows               float32 // instance row + rowlayout.RowLimit · kind row
	ns                 float32 // stream candidates (0: none)
	hostRot            float32 // degrees
	bursts             float32 // first visible slot + 64 · visible bursts
	candidates, pixels int
	instRow            int       // the instance row
	bins               binRegion // its tile grid and mask region
}

func (g *gpuPath) init(cost CostModel) error {
	sh, err := compiled(shaders.Effect)
	if err != nil {
		return err
	}
	g.shader = sh
	if err := g.bins.init(); err != nil {
		return err
	}
	g.cost = cost // its methods fill in the defaults
	g.partMax = MaxGPUParticles
	g.op.Blend = ebiten.BlendSourceOver
	g.motions = map[*emitter.Snapshot]*gpuMotion{}
	g.instances = map[*emitter.Effect]*gpuInstance{}
	return nil
}

// reset drops every row (Renderer.Reset).
func (g *gpuPath) reset() {
	if g.tex != nil {
		g.tex.Deallocate()
	}
	g.tex, g.texRows, g.pix, g.subs, g.used, g.free = nil, 0, nil, nil, 0, nil
	clear(g.motions)
	clear(g.instances)
	g.bins.reset()
}

// beginFrame starts a Draw: it sweeps instance rows of effects no longer
// drawn now and then.
func (g *gpuPath) beginFrame() {
	g.frame++
	g.items = g.items[:0]
	g.bins.used, g.bins.posUsed = 0, 0
	if g.frame%gpuSweepEvery != 0 {
		return
	}
	for e, in := range g.instances {
		if g.frame-in.seen > gpuKeepFrames {
			if in.row >= 0 {
				g.free = append(g.free, in.row)
			}
			delete(g.instances, e)
		}
	}
	// Hot reloading makes a snapshot at every change: without this their
	// rows would fill the texture and keep every effect off the GPU path.
	for snap, m := range g.motions {
		if g.frame-m.seen > gpuKeepFrames {
			g.free = append(g.free, m.row)
			delete(g.motions, snap)
		}
	}
}

// allocRow hands out a row of the GPU texture.
func (g *gpuPath) allocRow() (int, bool) {
	if n := len(g.free); n > 0 {
		row := g.free[n-1]
		g.free = g.free[:n-1]
		return row, true
	}
	if g.used >= rowlayout.RowLimit {
		return 0, false
	}
	g.used++
	if need := g.used * rowlayout.GPURowBytes; len(g.pix) < need {
		g.pix = append(g.pix, make([]byte, need-len(g.pix))...)
	}
	return g.used - 1, true
}

// writeRow stores row data and uploads it, growing the texture when full.
func (g *gpuPath) writeRow(row int, data []byte) {
	g.writes++
	copy(g.pix[row*rowlayout.GPURowBytes:(row+1)*rowlayout.GPURowBytes], data)
	if row < g.texRows {
		sub := g.subs[row]
		if sub == nil {
			sub = g.tex.SubImage(image.Rect(0, row, rowlayout.GPURowTexels, row+1)).(*ebiten.Image)
			g.subs[row] = sub
		}
		sub.WritePixels(data[:rowlayout.GPURowBytes])
		return
	}
	// The old texture is left to the garbage collector, as the batched
	// data texture is: draws queued earlier in the frame may still read it.
	n := max(16, 2*g.texRows)
	for n <= row {
		n *= 2
	}
	g.texRows = n
	g.tex = ebiten.NewImage(rowlayout.GPURowTexels, n)
	g.subs = make([]*ebiten.Image, n)
	g.tex.SubImage(image.Rect(0, 0, rowlayout.GPURowTexels, g.used)).(*ebiten.Image).WritePixels(g.pix[:g.used*rowlayout.GPURowBytes])
}

// motionOf returns snap's motion values, writing its row on first use; nil
// when the texture has no row left.
func (g *gpuPath) motionOf(snap *emitter.Snapshot) *gpuMotion {
	if m := g.motions[snap]; m != nil {
		m.seen = g.frame
		return m
	}
	row, ok := g.allocRow()
	if !ok {
		return nil
	}
	m := newGPUMotion(snap)
	m.row, m.seen = row, g.frame
	encodeMotion(g.scratch[:], snap)
	g.writeRow(row, g.scratch[:])
	g.motions[snap] = m
	return m
}

// instanceOf returns e's instance, creating it (without a row) on first
// sight.
func (g *gpuPath) instanceOf(e *emitter.Effect) *gpuInstance {
	in := g.instances[e]
	if in == nil {
		in = &gpuInstance{row: -1}
		g.instances[e] = in
	}
	in.seen = g.frame
	return in
}

// boundsQuad is the pixel-aligned quad over bounds b placed at (ox, oy),
// clipped to view; empty (x0 == x1 or y0 == y1) when nothing is left. A
// pixel is covered when its centre lies in the bounds, and every such
// centre lies in the quad.
func boundsQuad(b emitter.Rect, ox, oy float64, view image.Rectangle) (x0, y0, x1, y1 int) {
	bx := b.Translate(ox, oy)
	x0 = max(view.Min.X, clampPix(math.Floor(bx.MinX)))
	y0 = max(view.Min.Y, clampPix(math.Floor(bx.MinY)))
	x1 = min(view.Max.X, clampPix(math.Ceil(bx.MaxX)))
	y1 = min(view.Max.Y, clampPix(math.Ceil(bx.MaxY)))
	if x1 <= x0 || y1 <= y0 {
		return x0, y0, x0, y0
	}
	return x0, y0, x1, y1
}

// clampPix converts a floored or ceiled coordinate to int without
// overflow (NaN gives 0).
func clampPix(v float64) int {
	const lim = 1 << 30
	switch {
	case v != v:
		return 0
	case v < -lim:
		return -lim
	case v > lim:
		return lim
	}
	return int(v)
}

// gpuTry decides whether the item goes to the GPU path and, if it does,
// prepares its instance row and appends its gpuItem. It returns the item's
// index + 1, -1 when it takes the GPU path with no candidate (nothing to
// draw, no quad), or 0 for the batched path. Its cost is O(1) in the
// particle count: the effect's Window (O(visible bursts) to find them in
// the kept list, O(toggles) for the stream's runs). An idle effect (idle:
// nothing can be alive) goes to the batched path unless forced.
func (r *Renderer) gpuTry(it *Item, k *kind, b emitter.Rect, ox, oy float64, view image.Rectangle, scene emitter.Rect, idle bool) int {
	if it.Path == PathBatched || (idle && it.Path != PathGPU) {
		return 0 // an idle effect costs the batched path nothing
	}
	g := &r.gpu
	e := it.Effect
	forced := it.Path == PathGPU
	fallback := func() int {
		if forced {
			r.stats.GPUFallbacks++
		}
		return 0
	}
	snap := e.Snapshot()
	m := g.motionOf(snap)
	if m == nil || (m.unlocked && e.Track().Len() > 0) || k.row >= rowlayout.RowLimit {
		return fallback()
	}
	x0, y0, x1, y1, pixels := r.gpuQuad(b, ox, oy, view, scene)

	w := &g.win
	e.Window(w)
	if len(w.Bursts) > MaxGPUBursts || len(w.Runs) > 1 {
		return fallback()
	}
	var lo, ns int64
	if len(w.Runs) == 1 {
		lo, ns = w.Runs[0].First, w.Runs[0].Len()
	}
	cand := w.Candidates()
	// One part, the whole window, unless it holds more candidates than a
	// quad bins: then consecutive parts in birth order (gpu_split.go).
	parts := append(g.parts[:0], gpuPart{first: lo, ns: ns, nb: len(w.Bursts), cand: int(cand)})
	if cand > int64(g.partMax) {
		if len(w.Bursts) > 0 && w.FirstCount != w.Bursts[0].Count {
			// The window shows only part of its oldest burst, which the
			// instance row's slots cannot say.
			return fallback()
		}
		spans := g.spans[:0]
		for _, bu := range w.Bursts {
			spans = append(spans, burstSpan{split: snap.LastStreamBorn(bu.Time.Seconds()), count: bu.Count})
		}
		g.spans = spans
		var ok bool
		if parts, ok = splitWindow(parts[:0], lo, ns, spans, g.partMax, MaxGPUQuads); !ok {
			return fallback()
		}
	}
	g.parts = parts
	// Tiles of BinTile target pixels: BinTile / Zoom scene pixels.
	tile := float64(rowlayout.BinTile)
	if r.viewed {
		tile /= r.view.Zoom
	}
	// A quad reaches at most its largest half-diagonal (times the
	// outermost glow's growth) from its centre; a pixel of margin covers
	// float32 rounding.
	reach := float64(m.c.MaxHalfDiagonal*w.Host.Size*k.growth[k.layers-1]) + 1
	regs := g.regs[:0]
	ok := true
	for _, p := range parts {
		reg, fits := binLayout(x1-x0, y1-y0, tile, reach, p.cand)
		regs = append(regs, reg)
		ok = ok && fits
	}
	g.regs = regs
	if !forced {
		// The parts' work sums to the whole window's, each adding a
		// quad's fixed cost.
		work := GPUWork{
			Pixels: pixels, Walked: binnedWalk(int(cand), x1-x0, y1-y0, tile, reach),
			Binned: regs[0].tilesX * regs[0].tilesY * int(cand), Layers: k.layers, Quads: len(parts),
		}
		if g.cost.Prefer(work, int(cand)) != PathGPU {
			return 0
		}
	}
	// Only an effect the GPU path draws has an instance (and, drawn with
	// a candidate, a row): one kept on the batched path holds none.
	in := g.instanceOf(e)
	if cand == 0 {
		return -1 // on the GPU path with nothing to shade: no quad
	}
	if ok {
		ok = g.bins.allocAll(regs)
	}
	if !ok {
		return fallback()
	}
	if in.row < 0 {
		row, ok := g.allocRow()
		if !ok {
			return fallback()
		}
		in.row, in.written = row, false
	}
	slot := g.syncRow(in, e.Seed(), snap, m, w)

	_, _, hrot := e.Host()
	// The parts share the effect's quad and rows; each has its own run of
	// the window and bin region.
	it2 := gpuItem{
		x0: x0, y0: y0, x1: x1, y1: y1,
		hx: ox, hy: oy,
		bclock:  float32((w.Clock - in.data.origin).Seconds()),
		rows:    float32(in.row) + float32(rowlayout.RowLimit*k.row),
		hostRot: float32(hrot),
		pixels:  pixels,
		instRow: in.row,
	}
	first := len(g.items)
	for j, p := range parts {
		it2.baseHi, it2.baseLo = float32(uint32(p.first)>>16), float32(uint32(p.first)&0xFFFF)
		it2.ns, it2.xrel = float32(p.ns), 0
		if p.ns > 0 {
			it2.xrel = float32(w.X - float64(p.first))
		}
		it2.bursts = float32(slot + p.b0 + 64*p.nb)
		it2.candidates = p.cand
		it2.bins = regs[j]
		it2.bins.originX, it2.bins.originY = x0-ox, y0-oy
		g.items = append(g.items, it2)
	}
	r.stats.GPUCandidates += int(cand)
	r.stats.GPUQuads += len(parts)
	r.stats.GPUPixels += pixels * len(parts)
	return first + 1
}

// syncRow makes in's row hold what the frame needs: the effect's seed,
// its host scales, and the visible bursts w.Bursts as consecutive slots
// (followed by those of w.Later, while there is room) with births close to
// the row's origin. It rewrites the row only when one of those changed, and
// returns the slot of the first visible burst.
func (g *gpuPath) syncRow(in *gpuInstance, seed uint32, snap *emitter.Snapshot, m *gpuMotion, w *emitter.Window) int {
	d := &in.data
	nv := len(w.Bursts)
	ok := in.written && in.snap == snap && d.motion == m.row && d.seed == seed && d.host == w.Host
	slot := 0
	if ok && nv > 0 {
		if off := w.Clock - d.origin; off > gpuOriginSpan || off < -gpuOriginSpan {
			ok = false
		}
	}
	if ok && nv > 0 {
		ok = false
		for s := 0; s+nv <= d.nslots; s++ {
			if d.slots[s].burst != w.Bursts[0] {
				continue
			}
			ok = true
			for j := 1; j < nv; j++ {
				if d.slots[s+j].burst != w.Bursts[j] {
					ok = false
					break
				}
			}
			slot = s
			break
		}
	}
	if ok {
		return slot
	}
	hs := w.Host
	*d = instanceRow{
		seed:         seed,
		motion:       m.row,
		moveScale:    hs.Move,
		sizeScale:    hs.Size,
		halfW:        hs.HalfW,
		halfH:        hs.HalfH,
		sphereBase:   hs.SphereCentre,
		origin:       w.Clock,
		maxParticles: m.maxParticles,
		host:         hs,
	}
	for _, list := range [2][]emitter.Burst{w.Bursts, w.Later} {
		for _, bu := range list {
			if d.nslots == MaxGPUBursts {
				break
			}
			sl := &d.slots[d.nslots]
			sl.burst = bu
			if m.c.Rate > 0 {
				sl.split = snap.LastStreamBorn(bu.Time.Seconds())
			}
			d.nslots++
		}
	}
	encodeInstance(g.scratch[:], d)
	g.writeRow(in.row, g.scratch[:])
	in.written, in.snap = true, snap
	return 0
}

// reserve makes room for n GPU quads.
func (g *gpuPath) reserve(n int) {
	if 4*n <= len(g.verts) {
		return
	}
	n += n / 4
	g.verts = make([]ebiten.Vertex, 4*n)
	g.indices = make([]uint32, 6*n)
	for q := range n {
		b := uint32(4 * q)
		copy(g.indices[6*q:], []uint32{b, b + 1, b + 2, b + 1, b + 2, b + 3})
	}
}

// writeItem writes item i's four vertices at quad slot slot and returns
// the next slot. SrcX/SrcY carry each corner relative to the host centre:
// the shader gets the fragment's position in the particles' frame from
// them (after taking off the page's origin). view, when not nil, moves
// the corners on the target: the texture coordinates, interpolated
// linearly across the moved quad, still give each fragment's scene
// position, since the camera's mapping is affine.
func (g *gpuPath) writeItem(slot, i int, view *camera.Transform) int {
	it := &g.items[i]
	v := g.verts[4*slot : 4*slot+4 : 4*slot+4]
	xs := [4]float64{it.x0, it.x1, it.x0, it.x1}
	ys := [4]float64{it.y0, it.y0, it.y1, it.y1}
	for j := range v {
		dx, dy := xs[j], ys[j]
		if view != nil {
			dx, dy = view.Apply(dx, dy)
		}
		v[j] = ebiten.Vertex{
			DstX: float32(dx), DstY: float32(dy),
			SrcX: float32(xs[j] - it.hx), SrcY: float32(ys[j] - it.hy),
			Custom0: it.rows, Custom1: float32(it.bins.row),
		}
	}
	return slot + 1
}

// draw submits GPU quads [from, to) with page and the data texture.
func (g *gpuPath) draw(dst *ebiten.Image, from, to int, page, data *ebiten.Image, uniforms map[string]any) {
	g.op.Images[0] = page
	g.op.Images[1] = data
	g.op.Images[2] = g.tex
	g.op.Images[3] = g.bins.masks
	g.op.Uniforms = uniforms
	dst.DrawTrianglesShader32(g.verts[4*from:4*to], g.indices[:6*(to-from)], g.shader, &g.op)
}
