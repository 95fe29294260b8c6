package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"reflect"
	"runtime"
	"slices"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/emberfx/ember/texture"
	"github.com/hajimehoshi/ebiten/v2"
)

// DefaultBudget is the global particle budget of a zero Options: Roblox's
// cap on live particles.
const DefaultBudget = 16000

// WorkPerBudget bounds the batched path's evaluation: it walks at most
// WorkPerBudget × Budget candidates per frame (64,000 with DefaultBudget).
// When the visible batched effects hold more, each evaluates only every
// n-th candidate (emitter.Evaluator.AppendBillboardsEvery), n the smallest
// power of two that brings them within it, before the budget thins what is
// left: the work is bounded, not only what is drawn.
const WorkPerBudget = 4

// DefaultPageSize is the edge in pixels of an atlas page of a zero Options.
const DefaultPageSize = 2048

// Options configures a [Renderer]. The zero value, or nil, gives the
// defaults.
type Options struct {
	// Budget is the most particles drawn per frame over all effects (0
	// means DefaultBudget, a negative value no limit). Past it, particles
	// are thinned deterministically, and the evaluation is bounded by
	// WorkPerBudget × Budget candidates.
	Budget int
	// PageSize is the edge of an atlas page in pixels (0 means
	// DefaultPageSize; negative is an error), at most what the GPU holds
	// (larger is clamped to it). A texture and strip too large for one get
	// a page of their own.
	PageSize int
	// Cost is the cost model PathAuto chooses with (zero fields: the
	// DefaultCostModel values; a negative, NaN or infinite one is an
	// error).
	Cost CostModel
	// Workers is how many goroutines evaluate a large effect's particles
	// on the batched path (0 means GOMAXPROCS, 1 evaluates on the calling
	// goroutine), at most emitter.MaxWorkers (256; more is clamped).
	// Results are identical whatever the count; effects below
	// emitter.MinParallel candidates are never split.
	Workers int
	// LOD is the world levels' level of detail (DrawLevel); the zero
	// value is DefaultLOD.
	LOD LOD
}

// Item is one effect to draw, as raster.Item. It is lit by its effect's
// ambient colour (emitter.Effect.Ambient): effects of one ambient colour
// batch together.
type Item struct {
	// Effect is the effect; a nil one is skipped.
	Effect *emitter.Effect
	// X and Y are added to the host position (from the effect's track, 0
	// without one) to place the effect on the target.
	X, Y float64
	// Texture is a straight-alpha image, or nil (or empty) for the
	// built-in sprite (texture.Sprite). Textures are cached by identity: use
	// comparable images such as *image.NRGBA (Draw panics on others) and
	// do not change their pixels once drawn. An image too large for an
	// atlas page on the GPU is not drawn: see [Renderer.Err]. An image
	// keeps its place in the atlas while it is drawn; a page none of whose
	// images has been drawn for a few seconds is freed (see MaxKinds), and
	// the image is uploaded again if it returns. Load a texture once and
	// reuse it: a new image each frame costs an upload each frame, and
	// the atlas then holds the images drawn in the last two or three
	// seconds (not every image ever drawn).
	Texture image.Image
	// Strip is the colour strip, used when the spec's ColorStrip is set;
	// cached like Texture.
	Strip image.Image
	// Path chooses the render path (default PathAuto: the cost model).
	Path Path
}

// Stats describes the last [Renderer.Draw].
type Stats struct {
	// Particles is the number of particles drawn (after thinning), and
	// Quads the quads submitted, glow layers included. Triangles is how
	// many of those quads were drawn as one triangle each (small
	// particles: see TriangleMaxHalfDiagonal).
	Particles, Quads, Triangles int
	// Live is the live particle count of the visible effects, before
	// thinning: of the candidates evaluated, every Every-th when the
	// evaluation was bounded (about Live × Every were alive).
	Live int
	// Every is 1, or n when the batched path evaluated only every n-th
	// candidate to stay within WorkPerBudget × Budget.
	Every int
	// Effects is the number of effects drawn (not culled), Culled the
	// number whose bounds missed the target. Idle is how many of the
	// batched ones had nothing that could be alive
	// ([emitter.Effect.Idle]): drawn without an evaluation.
	Effects, Culled, Idle int
	// DrawCalls is the number of draws: runs of consecutive effects on one
	// page and of one ambient colour, and the GPU path's runs. Calls is
	// the number of DrawTrianglesShader32 calls they took: the batched
	// path submits a run in chunks (of 1,024 quads), which Ebitengine
	// merges back into one draw.
	DrawCalls, Calls int
	// Thinned is the fraction of live particles the budget dropped
	// (estimated as 1 - Particles / (Live × Every)).
	Thinned float64
	// Pages is the number of atlas pages holding images and Kinds the
	// number of data rows (distinct snapshot, texture and strip
	// combinations) held: at most MaxKinds, those not drawn for a while
	// freed, and the pages they alone used with them (see MaxKinds).
	Pages, Kinds int

	// Batched and GPU count the effects each path drew (they sum to
	// Effects); Particles, Live, Quads and Thinned count the batched path
	// only. GPUFallbacks counts the effects with Path PathGPU that the GPU
	// path could not draw (they are in Batched).
	Batched, GPU, GPUFallbacks int
	// GPUCandidates is the number of candidates the GPU path's shader
	// walks (stream windows plus visible bursts), summed over its
	// effects, GPUQuads the quads it drew (one per effect, more for one
	// of over MaxGPUParticles candidates: see MaxGPUQuads), and GPUPixels
	// the pixels its quads cover, summed over the quads.
	GPUCandidates, GPUQuads, GPUPixels int
}

// Renderer draws effects in batches. It caches textures, strips and
// per-effect data, and reuses its buffers, so that a warm frame allocates
// nothing. A Renderer is not safe for concurrent use.
type Renderer struct {
	shader   *ebiten.Shader
	budget   int
	ambient  []float32
	uniforms map[string]any
	op       ebiten.DrawTrianglesShaderOptions

	atlas atlas
	// pageMax is the largest atlas page the GPU holds now (maxPageEdge;
	// a test hook).
	pageMax func() int
	pages   []*ebiten.Image
	sprite  *image.RGBA
	// refused are the errors of the images that could not be placed
	// (refusedImages), for Err.
	refused       []error
	refusedImages []image.Image
	// refusedLevels are the levels DrawLevel would not draw because their
	// Textures do not fit them; their errors are in refused.
	refusedLevels map[*world.Level]bool

	snaps map[*emitter.Snapshot]*snapInfo
	kinds map[kindKey]*kind
	data  *ebiten.Image
	// dataPix holds every row uploaded, to refill a grown data texture.
	dataPix  []byte
	dataRows int // rows the data texture has room for
	// frame counts Draws, for the kind sweep; freeRows are data rows freed
	// by it; nextID is the next kind's id.
	frame    uint64
	freeRows []int
	nextID   uint64
	// pageSeen is the last frame that drew from each atlas page, and
	// pageRefs scratch for the kinds on each (freePages).
	pageSeen []uint64
	pageRefs []int
	// tooMany records that a frame drew more than MaxKinds kinds, for Err;
	// fullAt is the last frame that found every kind drawn.
	tooMany error
	fullAt  uint64

	boards []emitter.Billboard // the batched effects' particles
	// chunkBoards holds one chunk of an effect evaluated as it is drawn;
	// streamed counts those billboards in a build, collected the live and
	// drawn particles collect evaluated.
	chunkBoards []emitter.Billboard
	// chunkColumns is chunkBoards by column, where the vertex kernels
	// read them so (haveVertexKernel); colTail holds, as billboards, what
	// of a chunk the kernels leave to the loops (fewer than eight).
	chunkColumns emitter.Columns
	colTail      []emitter.Billboard
	byBillboard  bool // streams by billboard even where they would go by column (benchmarks)
	streamed     int
	collected    [2]int
	eval         *emitter.Evaluator // splits large effects across goroutines
	batch        []batched          // this frame's batched effects, to evaluate
	win          emitter.Window     // scratch: a batched effect's window
	vis          []visible
	verts        []ebiten.Vertex
	tags         []uint64
	indices      []uint32
	stats        Stats

	// The triangle buffer (vertex.go): small particles' layers drawn as
	// one triangle each, three vertices per slot, with their slot tags and
	// static indices. triMax is the largest half-diagonal, in target
	// pixels, drawn so (negative: none).
	tverts   []ebiten.Vertex
	ttags    []uint64
	tindices []uint32
	triMax   float64

	// What build submits to, and its runs and calls (issue makes them
	// again).
	dst *ebiten.Image
	sub submission

	gpu   gpuPath   // the GPU-evaluated path (gpu.go)
	world worldPath // world levels (world.go)

	// view is the camera's transform for this Draw and viewed whether it
	// is other than the identity (camera.go).
	view   camera.Transform
	viewed bool

	// paths records the path of every effect the last Draw did not cull,
	// in item order; pathIndex maps them by effect, built from paths by
	// the first PathOf after a Draw (indexed says it is current). Both
	// keep their storage across frames.
	paths     []effectPath
	pathIndex map[*emitter.Effect]Path
	indexed   bool
}

// effectPath is the path an effect took in the last Draw.
type effectPath struct {
	e *emitter.Effect
	p Path
}

// snapInfo is what a frame needs from a snapshot's spec, read once.
type snapInfo struct {
	z        float64
	useStrip bool
	seen     uint64 // the last frame that drew it
	// last is the kind kindOf last returned for it, for lastTex and
	// lastStrip as given (images of comparable types). kindOf marks both
	// seen in the same frame, so freeKinds frees them together.
	last               *kind
	lastTex, lastStrip image.Image
}

type kindKey struct {
	snap       *emitter.Snapshot
	tex, strip image.Image
}

// kind is an effect kind: a snapshot with its texture and strip placed.
type kind struct {
	id     uint64 // 1, 2, ...: tags vertex slots
	seen   uint64 // the last frame that drew it
	row    float32
	page   int
	tex    rect
	z      float64
	layers int // glow layers drawn, core included
	// half is the largest half-diagonal of a core quad per pixel per
	// stud (Snapshot.MaxHalfDiagonal × SizeScale × Scale).
	half   float64
	growth [emitter.MaxGlowLayers]float64
	factor [emitter.MaxGlowLayers]float32
	// refusedAt is the page limit its texture or strip was too large for
	// (0: none was), so that a larger limit places it again.
	refusedAt int
}

// batched is an effect the batched path evaluates this frame, with its
// visible entry to fill.
type batched struct {
	e    *emitter.Effect
	v    visible
	cand int64 // its candidates, when counted (a budget, or workers)
}

// visible is an effect that passed culling this frame.
type visible struct {
	z      float64
	seq    int
	k      *kind
	amb    [3]float32 // the effect's ambient colour
	ox, oy float64
	lo, hi int // its billboards in Renderer.boards
	gpu    int // on the GPU path: 1 + its first index in gpuPath.items; 0 batched
	gpuN   int // on the GPU path: its items (quads), consecutive from gpu-1
	// half bounds its core quads' half-diagonals on the target, in pixels.
	half float64
	// e, when not nil, is a batched effect evaluated by build a chunk at a
	// time straight into the vertices it submits (lo and hi unused).
	e *emitter.Effect
}

// New returns a renderer. The first New of a process compiles Ember's
// shaders (about 50 ms of CPU here), which every later renderer shares;
// each New primes them (see prime) and makes the batched path's one-chunk
// buffers (about 0.5 MB). The first renderer is best made at load time,
// not mid-game.
func New(opts *Options) (*Renderer, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Budget == 0 {
		o.Budget = DefaultBudget
	}
	if o.PageSize == 0 {
		o.PageSize = DefaultPageSize
	}
	if o.PageSize < 0 {
		return nil, fmt.Errorf("render: New: PageSize %d is negative", o.PageSize)
	}
	if o.Workers < 0 {
		return nil, fmt.Errorf("render: New: Workers %d is negative", o.Workers)
	}
	if err := o.Cost.check(); err != nil {
		return nil, err
	}
	if err := o.LOD.check(); err != nil {
		return nil, err
	}
	sh, err := compiled(shaders.Particle)
	if err != nil {
		return nil, err
	}
	r := &Renderer{
		shader:  sh,
		budget:  o.Budget,
		ambient: make([]float32, 3),
		snaps:   map[*emitter.Snapshot]*snapInfo{},
		kinds:   map[kindKey]*kind{},
		sprite:  texture.Sprite(),
		eval:    emitter.NewEvaluator(o.Workers),
		triMax:  TriangleMaxHalfDiagonal,
		pageMax: maxPageEdge,
	}
	r.sub.call = func(c *drawCall) { r.call(r.dst, c) }
	// The evaluator's goroutines hold no reference to the renderer: stop
	// them once the renderer is unreachable.
	runtime.AddCleanup(r, func(ev *emitter.Evaluator) { ev.Close() }, r.eval)
	if err := r.gpu.init(o.Cost); err != nil {
		return nil, err
	}
	if err := r.world.init(o.LOD, &r.gpu.bins); err != nil {
		return nil, err
	}
	r.uniforms = map[string]any{"Ambient": r.ambient}
	r.op.Uniforms = r.uniforms
	r.op.Blend = ebiten.BlendSourceOver
	r.atlas = atlas{
		pageSize: o.PageSize,
		sprite:   r.sprite,
		newPage: func(w, h int) {
			r.pages = append(r.pages, ebiten.NewImage(w, h))
			r.pageSeen = append(r.pageSeen, r.frame)
			r.pageRefs = append(r.pageRefs, 0)
		},
		freed: func(page int) {
			r.pages[page].Deallocate()
		},
		upload: func(page int, rc rect, pix []byte) {
			sub := r.pages[page].SubImage(image.Rect(rc.x, rc.y, rc.x+rc.w, rc.y+rc.h)).(*ebiten.Image)
			sub.WritePixels(pix)
		},
	}
	// Under pressure, every page no kind uses is freed, however recently
	// drawn from: reused before the atlas grows.
	r.atlas.reclaim = func() bool { return r.freePages(r.frame+1) > 0 }
	r.prime()
	// The batched path's one-chunk buffers and evaluation columns, made
	// now as the shaders are primed: the first frame that draws particles
	// would otherwise make them, a hitch when the first burst appears.
	r.reserve(chunkQuads)
	r.reserveTriangles(chunkQuads)
	r.chunkColumns.Grow(chunkQuads)
	r.colTail = make([]emitter.Billboard, 0, 8)
	// And a frame's lists, for the first few effects and runs: the first
	// frame that evaluates one would otherwise grow them.
	r.vis, r.batch = make([]visible, 0, firstLists), make([]batched, 0, firstLists)
	r.sub.runs, r.sub.issued = make([]run, 0, firstLists), make([]drawCall, 0, firstLists)
	return r, nil
}

// firstLists is the room New makes in a frame's lists of effects and
// draw calls.
const firstLists = 16

// prime draws with each of the renderer's shaders once, into a 1 × 1
// scratch image. Ebitengine prepares a shader for the GPU the first time a
// draw uses it, about 0.7 ms of CPU here: without priming, the first frame
// that draws on either path pays it, a hitch when the first effect, or
// the first burst, appears. Before the game runs the draws are deferred,
// and its first frame pays instead.
func (r *Renderer) prime() {
	scratch := ebiten.NewImage(1, 1)
	for _, sh := range []*ebiten.Shader{r.shader, r.gpu.shader, r.gpu.bins.job, r.gpu.bins.pos, r.gpu.bins.bin, r.world.shader, r.world.gpu.pos, r.world.gpu.shade} {
		scratch.DrawRectShader(1, 1, sh, nil)
	}
	scratch.Deallocate()
}

// SetBudget sets the particle budget (0: DefaultBudget, negative: none).
func (r *Renderer) SetBudget(n int) {
	if n == 0 {
		n = DefaultBudget
	}
	r.budget = n
}

// Reset drops every cached texture, strip and data row, and frees the
// atlas pages and the data texture; the next Draw rebuilds what it needs.
// Call it after changing the pixels of a texture or strip already drawn,
// or to release the rows of snapshots no longer used (each snapshot swapped
// in by hot reloading gets a row of its own). It clears [Renderer.Err].
func (r *Renderer) Reset() {
	for _, p := range r.pages {
		p.Deallocate()
	}
	if r.data != nil {
		r.data.Deallocate()
	}
	r.pages, r.data, r.dataPix, r.dataRows = nil, nil, nil, 0
	r.freeRows, r.nextID, r.tooMany = nil, 0, nil
	r.pageSeen, r.pageRefs = nil, nil
	r.atlas.pages, r.atlas.placed = nil, nil
	r.refused, r.refusedImages, r.refusedLevels = nil, nil, nil
	clear(r.snaps)
	clear(r.kinds)
	clear(r.tags) // slot tags name kinds by id, and ids restart
	clear(r.ttags)
	r.gpu.reset()
	r.world.reset()
}

// Stats returns the statistics of the last Draw.
func (r *Renderer) Stats() Stats { return r.stats }

// PathOf returns the path that drew e in the last Draw: PathBatched or
// PathGPU (an item with Path PathGPU that fell back reports PathBatched).
// ok is false when e was in none of its items or was culled (its bounds
// missed the target). An effect in several items reports the last one
// not culled. An effect with no particle alive counts as drawn (on the
// batched path, unless its item forces the GPU path).
// The first call after a Draw indexes that Draw's effects; the index
// keeps its storage, so that warm frames allocate nothing.
func (r *Renderer) PathOf(e *emitter.Effect) (p Path, ok bool) {
	if !r.indexed {
		if r.pathIndex == nil {
			r.pathIndex = make(map[*emitter.Effect]Path, len(r.paths))
		}
		for _, ep := range r.paths {
			r.pathIndex[ep.e] = ep.p
		}
		r.indexed = true
	}
	p, ok = r.pathIndex[e]
	return p, ok
}

// Draw draws items onto dst: effects in ascending ZIndex + ZOffset (ties in
// the order of items), each as its glow layers then its cores, oldest
// particle first. Item positions are dst's pixels; [Renderer.DrawCamera]
// draws them through a camera. A nil dst draws nothing.
func (r *Renderer) Draw(dst *ebiten.Image, items []Item) { r.DrawCamera(dst, items, nil) }

// collect culls items against view, evaluates the visible ones into
// r.boards, thins them to the budget and sorts them into drawing order.
func (r *Renderer) collect(view image.Rectangle, items []Item) {
	r.stats = Stats{}
	vr := r.sceneView(view)
	r.boards = r.boards[:0]
	clear(r.vis) // drop last frame's effects: the storage stays
	r.vis = r.vis[:0]
	r.batch = r.batch[:0]
	clear(r.paths) // drop last frame's effects: the storage past len stays nil
	r.paths = r.paths[:0]
	clear(r.pathIndex)
	r.indexed = false
	r.gpu.beginFrame()
	var candidates int64 // the batched effects' candidates
	r.sweepKinds()
	for i := range items {
		it := &items[i]
		e := it.Effect
		if e == nil {
			continue
		}
		hx, hy, _ := e.Host()
		ox, oy := hx+it.X, hy+it.Y
		b := e.Bounds()
		if !inView(b, ox, oy, vr) {
			r.stats.Culled++
			continue
		}
		k := r.kindOf(e.Snapshot(), it.Texture, it.Strip)
		if k == nil {
			continue // more kinds this frame than MaxKinds: see Err
		}
		// An idle effect is drawn (PathOf reports it) but not evaluated:
		// the batched path, unless forced onto the GPU path.
		idle := e.Idle()
		a := e.Ambient()
		amb := [3]float32{float32(a.R), float32(a.G), float32(a.B)}
		if g := r.gpuTry(it, k, b, ox, oy, view, vr, idle); g != 0 {
			if g > 0 {
				r.vis = append(r.vis, visible{z: k.z, seq: i, k: k, amb: amb, ox: ox, oy: oy, lo: len(r.boards), hi: len(r.boards), gpu: g, gpuN: len(r.gpu.items) - (g - 1)})
			}
			r.stats.Effects++
			r.stats.GPU++
			r.paths = append(r.paths, effectPath{e, PathGPU})
			continue
		}
		r.stats.Batched++
		r.stats.Effects++
		r.paths = append(r.paths, effectPath{e, PathBatched})
		if idle {
			r.stats.Idle++
			continue
		}
		var cand int64
		if r.budget >= 0 || r.eval.Workers() > 1 {
			e.Window(&r.win)
			cand = r.win.Candidates()
			candidates += cand
		}
		half := k.half * e.PixelsPerStud() * r.zoom()
		r.batch = append(r.batch, batched{e, visible{z: k.z, seq: i, k: k, amb: amb, ox: ox, oy: oy, half: half}, cand})
	}
	every := evalEvery(candidates, r.budget)
	// Without thinning (no budget, or no more candidates than it), an
	// effect of one layer evaluated on this goroutine is evaluated by build
	// a chunk at a time, straight into the vertices it submits; the others
	// here, into r.boards.
	stream := r.budget < 0 || candidates <= int64(r.budget)
	streamed := func(b *batched) bool {
		return stream && b.v.k.layers == 1 && (r.eval.Workers() <= 1 || b.cand < emitter.MinParallel)
	}
	for i := range r.batch {
		b := &r.batch[i]
		if streamed(b) {
			b.v.e = b.e
			r.vis = append(r.vis, b.v)
			continue
		}
		// Those evaluated here: build prefetches the streamed ones.
		if j := i + prefetchAhead; j < len(r.batch) && !streamed(&r.batch[j]) {
			r.batch[j].e.Prefetch()
		}
		lo := len(r.boards)
		r.boards = r.eval.AppendBillboardsEvery(r.boards, b.e, every)
		if len(r.boards) > lo {
			b.v.lo, b.v.hi = lo, len(r.boards)
			r.vis = append(r.vis, b.v)
		}
	}
	clear(r.batch) // drop the effects: the storage stays
	r.stats.Live, r.stats.Every = len(r.boards), int(every)
	if keep := keepFraction(len(r.boards), r.budget); r.stats.Live > 0 && (keep < 1 || every > 1) {
		if keep < 1 {
			r.boards = thin(r.boards, r.vis, keep)
		}
		r.stats.Thinned = 1 - float64(len(r.boards))/(float64(r.stats.Live)*float64(every))
	}
	r.stats.Particles = len(r.boards)
	r.collected = [2]int{r.stats.Live, r.stats.Particles}
	sortVisible(r.vis)
	r.stats.Pages, r.stats.Kinds = r.atlas.inUse(), len(r.kinds)
}

// inView reports whether an effect's bounds, placed at (ox, oy), overlap
// the view; an effect out of view is culled.
func inView(b emitter.Rect, ox, oy float64, view emitter.Rect) bool {
	return b.Translate(ox, oy).Overlaps(view)
}

// evalEvery returns the n of the batched path's every-n-th evaluation: 1
// within WorkPerBudget × budget candidates (or without a budget), else the
// smallest power of two that brings them within it.
func evalEvery(candidates int64, budget int) int64 {
	if budget < 0 || int64(budget) > math.MaxInt64/WorkPerBudget {
		return 1 // no budget, or one past any count (MaxInt as "no limit")
	}
	limit := max(int64(WorkPerBudget)*int64(budget), 1)
	n := int64(1)
	for candidates > n*limit {
		n *= 2
	}
	return n
}

// keepFraction is the fraction of live particles the budget keeps: 1 when
// within it or when there is no budget (negative).
func keepFraction(live, budget int) float64 {
	if budget < 0 || live <= budget {
		return 1
	}
	return float64(budget) / float64(live)
}

// thin keeps, in place and in order, the billboards whose thinning roll is
// below keep, and updates the effects' ranges.
func thin(qs []emitter.Billboard, vis []visible, keep float64) []emitter.Billboard {
	w := 0
	for i := range vis {
		v := &vis[i]
		lo := w
		for j := v.lo; j < v.hi; j++ {
			if hash.Unit(qs[j].Stream, channel.Thin) < keep {
				qs[w] = qs[j]
				w++
			}
		}
		v.lo, v.hi = lo, w
	}
	return qs[:w]
}

// sortVisible sorts by z, ties in submission order (a stable order whatever
// the algorithm, as (z, seq) is unique).
func sortVisible(vis []visible) {
	slices.SortFunc(vis, func(a, b visible) int {
		switch {
		case a.z < b.z:
			return -1
		case a.z > b.z:
			return 1
		}
		return a.seq - b.seq
	})
}

// kindOf returns the kind of a snapshot drawn with tex and strip, creating
// its data row and placing its images on first use.
func (r *Renderer) kindOf(snap *emitter.Snapshot, tex, strip image.Image) *kind {
	si := r.snaps[snap]
	if si == nil {
		sp := snap.Spec()
		si = &snapInfo{z: float64(sp.ZIndex) + sp.ZOffset, useStrip: sp.ColorStrip != ""}
		r.snaps[snap] = si
	}
	si.seen = r.frame
	// The snapshot's last kind, for the images it was given: most
	// snapshots are drawn with one texture. Those images are of comparable
	// types, so comparing them with these cannot panic (an image of another
	// dynamic type is simply unequal).
	if k := si.last; k != nil && si.lastTex == tex && si.lastStrip == strip && (k.refusedAt == 0 || r.pageMax() <= k.refusedAt) {
		k.seen = r.frame
		r.pageSeen[k.page] = r.frame
		return k
	}
	k := r.lookupKind(si, snap, tex, strip)
	si.last, si.lastTex, si.lastStrip = nil, nil, nil
	if k != nil && comparableImage(tex) && comparableImage(strip) {
		si.last, si.lastTex, si.lastStrip = k, tex, strip
	}
	return k
}

// comparableImage reports whether img is nil or of a comparable type.
func comparableImage(img image.Image) bool {
	return img == nil || reflect.TypeOf(img).Comparable()
}

// lookupKind is kindOf's search of the kinds, placing a new one.
func (r *Renderer) lookupKind(si *snapInfo, snap *emitter.Snapshot, tex, strip image.Image) *kind {
	if tex == nil || tex.Bounds().Empty() {
		tex = r.sprite
	}
	if !si.useStrip || (strip != nil && strip.Bounds().Empty()) {
		strip = nil
	}
	for _, img := range [2]image.Image{tex, strip} {
		if !comparableImage(img) {
			panic("render: Item.Texture and Item.Strip are cached by identity and must be comparable images, such as *image.NRGBA; got " + reflect.TypeOf(img).String())
		}
	}
	key := kindKey{snap, tex, strip}
	if k := r.kinds[key]; k != nil {
		if k.refusedAt == 0 || r.pageMax() <= k.refusedAt {
			k.seen = r.frame
			r.pageSeen[k.page] = r.frame
			return k
		}
		// Refused against a smaller limit (4096 before the game starts
		// and the GPU's is known): place it again.
		r.freeRows = append(r.freeRows, int(k.row))
		delete(r.kinds, key)
	}
	row, ok := r.kindRow()
	if !ok {
		return nil
	}
	placedTex, placedStrip := r.placeable(tex, strip)
	page, tr, sr := r.atlas.place(placedTex, placedStrip)
	r.pageSeen[page] = r.frame
	k := &kind{
		id:     r.kindID(),
		seen:   r.frame,
		row:    float32(row),
		page:   page,
		tex:    tr,
		z:      si.z,
		layers: 1,
	}
	if placedTex != tex || placedStrip != strip {
		k.refusedAt = r.atlas.maxPage
	}
	strip = placedStrip
	sp := snap.Spec()
	k.half = snap.MaxHalfDiagonal() * sp.SizeScale * sp.Scale
	k.growth[0], k.factor[0] = 1, 1
	if l := snap.LightEmission(); l > 0 && snap.GlowLayers() > 1 {
		k.layers = snap.GlowLayers()
		for n := 1; n < k.layers; n++ {
			g, f := emitter.Glow(n, 0, l)
			k.growth[n], k.factor[n] = g, float32(f)
		}
	}
	data := make([]byte, rowlayout.RowBytes)
	var srp *rect
	if strip != nil {
		srp = &sr
	}
	encodeRow(data, snap, tr, srp)
	r.writeDataRow(row, data)
	r.kinds[key] = k
	return k
}

// ErrImageTooLarge is the error, wrapped, of an Item.Texture or Item.Strip
// too large for an atlas page on the GPU (Renderer.Err).
var ErrImageTooLarge = errors.New("render: image too large for an atlas page")

// placeable returns the images to place for an effect's tex and strip:
// themselves when an atlas page can hold them; otherwise the texture is
// replaced by the built-in sprite, or the strip dropped, and the renderer
// records why (Err).
func (r *Renderer) placeable(tex, strip image.Image) (image.Image, image.Image) {
	r.atlas.maxPage = r.pageMax()
	size := func(img image.Image) (int, int) {
		if img == nil {
			return 0, 0
		}
		return img.Bounds().Dx(), img.Bounds().Dy()
	}
	tw, th := size(tex)
	sw, sh := size(strip)
	if r.atlas.fits(tw, th, sw, sh) {
		return tex, strip
	}
	if !r.atlas.fits(tw, th, 0, 0) {
		r.refuse(tex, fmt.Errorf("%w: a texture of %dx%d pixels, where a page holds at most %d on a side; the effect is drawn with the built-in sprite", ErrImageTooLarge, tw, th, r.atlas.maxPage-pad))
		tex, tw, th = r.sprite, texture.SpriteSize, texture.SpriteSize
	}
	if strip != nil && !r.atlas.fits(tw, th, sw, sh) {
		r.refuse(strip, fmt.Errorf("%w: a colour strip of %dx%d pixels, with a %dx%d texture, where a page holds at most %d on a side; the effect is drawn without it", ErrImageTooLarge, sw, sh, tw, th, r.atlas.maxPage-pad))
		strip = nil
	}
	return tex, strip
}

// maxPageEdge is the largest atlas page the GPU can hold: Ebitengine's
// maximum image size less the pixel of padding it adds, and 4096 (which
// every environment it runs in supports) before the game has started and
// the size is known. Data rows store page coordinates in 16 bits.
func maxPageEdge() int {
	m := ebiten.MaxImageSize()
	if m <= 0 {
		m = 4096
	}
	return min(m-1, 65535)
}

// refuse records err about img, once per image, for Err.
func (r *Renderer) refuse(img image.Image, err error) {
	if slices.Contains(r.refusedImages, img) {
		return
	}
	r.refusedImages = append(r.refusedImages, img)
	r.refused = append(r.refused, err)
}

// Err returns what went wrong since New or the last Reset, nil when
// nothing did: each texture or strip too large for an atlas page on this
// GPU ([ErrImageTooLarge]), and a frame that drew more kinds than
// MaxKinds ([ErrTooManyKinds]). Draw does not fail on them:
// an effect whose texture cannot be placed is drawn with the built-in
// sprite, and one whose strip cannot, without its strip. The images the
// texture package loads (at most texture.MaxEdge, 2048, on a side) always
// fit. It also holds, once per level, why DrawLevel drew nothing of a
// level whose Textures do not fit it (leveltex.Level.Check).
func (r *Renderer) Err() error {
	errs := append([]error{r.tooMany}, r.refused...)
	return errors.Join(errs...)
}

// MaxKinds is the most effect kinds (distinct snapshot, texture and strip
// combinations, each a row of the data texture) a Renderer holds at once,
// so that the data texture, MaxKinds rows and Ebitengine's pixel of
// padding, fits the 4096 pixels every GPU it runs on has. Kinds not drawn
// for 120 Draws (kindKeepFrames) are freed and their rows reused (hot reloading
// makes a new snapshot, so a new kind, at every change); when one frame
// draws more than MaxKinds, the effects past them are not drawn and Err
// says so. An atlas page no kind uses is freed after pageKeepFrames Draws
// without one, or sooner when the atlas needs a new page.
const MaxKinds = 4095

// kindSweepEvery and kindKeepFrames: every kindSweepEvery Draws, kinds
// not drawn for kindKeepFrames Draws are freed, and the atlas pages that
// no kind uses and none has drawn from for pageKeepFrames Draws (about
// ten seconds at 60 Draws a second: a texture off screen that long is
// uploaded again when it returns).
const (
	kindSweepEvery = 64
	kindKeepFrames = 120
	pageKeepFrames = 600
)

// maxKindID is the largest kind id: vertex slot tags hold it in 29 bits.
const maxKindID = 1<<29 - 1

// ErrTooManyKinds is the error, wrapped, of a frame that drew more than
// MaxKinds kinds (Renderer.Err).
var ErrTooManyKinds = errors.New("render: too many effect kinds in one frame")

// sweepKinds starts a Draw: every kindSweepEvery Draws it frees the kinds,
// and the snapshots' infos, not drawn for kindKeepFrames.
func (r *Renderer) sweepKinds() {
	r.frame++
	if r.frame%kindSweepEvery == 0 {
		r.freeKinds(r.frame - min(r.frame, kindKeepFrames))
		r.freePages(r.frame - min(r.frame, pageKeepFrames))
	}
}

// freePages frees the atlas pages that hold images, that no kind uses and
// that nothing has drawn from since frame before, and returns how many it
// freed. A page is freed with its GPU image (Deallocate: the image stays
// usable, and the next upload allocates it again).
func (r *Renderer) freePages(before uint64) int {
	refs := r.pageRefs
	clear(refs)
	for _, k := range r.kinds {
		refs[k.page]++
	}
	n := 0
	for pg, c := range refs {
		if c == 0 && r.pageSeen[pg] < before && r.atlas.used(pg) {
			r.atlas.free(pg)
			n++
		}
	}
	return n
}

// freeKinds frees the kinds and snapshot infos last drawn before frame
// before, and returns how many kinds it freed.
func (r *Renderer) freeKinds(before uint64) int {
	n := 0
	for key, k := range r.kinds {
		if k.seen < before {
			r.freeRows = append(r.freeRows, int(k.row))
			delete(r.kinds, key)
			n++
		}
	}
	for snap, si := range r.snaps {
		if si.seen < before {
			delete(r.snaps, snap)
		}
	}
	return n
}

// kindRow hands out a data row for a new kind: a freed one, a new one while
// there are fewer than MaxKinds, or one of a kind not drawn this frame,
// freed for it. ok is false when this frame has drawn MaxKinds kinds.
func (r *Renderer) kindRow() (row int, ok bool) {
	if len(r.freeRows) == 0 {
		if used := len(r.dataPix) / rowlayout.RowBytes; used < MaxKinds {
			return used, true
		}
		if r.fullAt == r.frame || r.freeKinds(r.frame) == 0 {
			r.fullAt = r.frame
			if r.tooMany == nil {
				r.tooMany = fmt.Errorf("%w: more than %d (distinct snapshot, texture and strip combinations); the effects past them were not drawn", ErrTooManyKinds, MaxKinds)
			}
			return 0, false
		}
	}
	n := len(r.freeRows) - 1
	row = r.freeRows[n]
	r.freeRows = r.freeRows[:n]
	return row, true
}

// kindID hands out the next kind id. Ids are never reused while slot tags
// may hold them: past maxKindID the live kinds are numbered afresh and
// every slot's tag cleared.
func (r *Renderer) kindID() uint64 {
	if r.nextID >= maxKindID {
		r.nextID = 0
		for _, k := range r.kinds {
			r.nextID++
			k.id = r.nextID
		}
		clear(r.tags)
		clear(r.ttags)
	}
	r.nextID++
	return r.nextID
}

// writeDataRow stores data as row n of the data texture, growing it
// (doubling, up to MaxKinds rows) when n is past its end.
func (r *Renderer) writeDataRow(n int, data []byte) {
	if need := (n + 1) * rowlayout.RowBytes; len(r.dataPix) < need {
		r.dataPix = append(r.dataPix, make([]byte, need-len(r.dataPix))...)
	}
	copy(r.dataPix[n*rowlayout.RowBytes:], data)
	if n < r.dataRows {
		r.data.SubImage(image.Rect(0, n, rowlayout.DataWidth, n+1)).(*ebiten.Image).WritePixels(data)
		return
	}
	// The old texture is left to the garbage collector: draws queued
	// earlier may still read it.
	r.dataRows = min(max(16, 2*r.dataRows), MaxKinds)
	used := len(r.dataPix) / rowlayout.RowBytes
	r.data = ebiten.NewImage(rowlayout.DataWidth, r.dataRows)
	r.data.SubImage(image.Rect(0, 0, rowlayout.DataWidth, used)).(*ebiten.Image).WritePixels(r.dataPix)
}

// submit queues the GPU path's bin passes, which its runs read, then
// writes the vertices of the collected quads and draws them chunk by
// chunk.
func (r *Renderer) submit(dst *ebiten.Image) {
	r.gpu.bins.write(r.gpu.items)
	r.gpu.bins.draw(len(r.gpu.items), r.gpu.tex)
	r.build(dst)
}

// issue makes again the draw calls the last submit made (the GPU path's
// bin passes, then each call in drawing order), for tests that tell
// Ember's allocations from Ebitengine's.
func (r *Renderer) issue(dst *ebiten.Image) {
	r.gpu.bins.draw(len(r.gpu.items), r.gpu.tex)
	r.dst = dst
	r.sub.replay()
	r.dst = nil
}

// call makes the draw call c onto dst.
func (r *Renderer) call(dst *ebiten.Image, c *drawCall) {
	copy(r.ambient, c.amb[:]) // the uniform's value, read by the call
	switch {
	case c.gpu:
		r.gpu.draw(dst, c.from, c.from+c.n, r.pages[c.page], r.data, r.uniforms)
	case c.tri:
		r.op.Images[0], r.op.Images[1] = r.pages[c.page], r.data
		dst.DrawTrianglesShader32(r.tverts[3*c.from:3*(c.from+c.n)], r.tindices[:3*c.n], r.shader, &r.op)
	default:
		r.op.Images[0], r.op.Images[1] = r.pages[c.page], r.data
		dst.DrawTrianglesShader32(r.verts[4*c.from:4*(c.from+c.n)], r.indices[:6*c.n], r.shader, &r.op)
	}
}

// prefetchAhead is how many effects ahead of the one it evaluates the
// renderer asks for an effect's state (emitter.Effect.Prefetch): a small
// effect's evaluation is short, so the state of the next one or two would
// not arrive in time, and one much further ahead could be evicted before
// its turn. BenchmarkManyEffects (1,000 effects of 10 particles, batched)
// read 1,097 to 1,152 ns an effect without it, 1,001 to 1,046 (one run
// 1,246) four ahead and 1,010 to 1,104 eight ahead, four runs of each
// alternated.
const prefetchAhead = 4

// build writes the vertices of the collected quads in drawing order,
// splits them into runs of consecutive effects on the same page and, when
// dst is not nil, submits each chunk as soon as it is written.
func (r *Renderer) build(dst *ebiten.Image) {
	nq, nt := 0, 0
	for i := range r.vis {
		v := &r.vis[i]
		if v.gpu > 0 || v.e != nil {
			continue // the GPU path's, or one reserved as it is evaluated
		}
		for n := range v.k.layers {
			if r.triangle(v, n) {
				nt += v.hi - v.lo
			} else {
				nq += v.hi - v.lo
			}
		}
	}
	// A frame that is submitted is written a chunk at a time into
	// one-chunk buffers (submission.local): the chunk Ebitengine copies
	// is the one just written, still in the cache. One that is not keeps
	// each primitive at its slot of the frame, for the tests that read them.
	r.sub.local = dst != nil
	if r.sub.local {
		c := r.sub.chunk()
		nq, nt = min(nq, c), min(nt, c)
	}
	r.reserve(nq)
	r.reserveTriangles(nt)
	r.gpu.reserve(len(r.gpu.items))
	r.dst = dst
	r.sub.begin(dst != nil)
	r.streamed = 0
	slot, tslot, gslot := 0, 0, 0
	for i := range r.vis {
		v := &r.vis[i]
		if j := i + prefetchAhead; j < len(r.vis) && r.vis[j].e != nil {
			r.vis[j].e.Prefetch()
		}
		if v.gpu > 0 {
			r.sub.open(v.k.page, true, v.amb, gslot)
			for j := range v.gpuN {
				gslot = r.gpu.writeItem(gslot, v.gpu-1+j, r.viewOrNil())
			}
			r.sub.extend(gslot)
			continue
		}
		if v.e != nil {
			slot, tslot = r.streamEffect(v, slot, tslot)
			continue
		}
		r.sub.open(v.k.page, false, v.amb, slot+tslot)
		qs := r.boards[v.lo:v.hi]
		ox, oy := r.viewBoards(qs, v.ox, v.oy)
		for n := v.k.layers - 1; n >= 0; n-- {
			if r.triangle(v, n) {
				tslot = r.chunked(true, tslot, qs, ox, oy, v.k, n)
			} else {
				slot = r.chunked(false, slot, qs, ox, oy, v.k, n)
			}
		}
		r.sub.extend(slot + tslot)
	}
	r.sub.end()
	r.chunkBoards = r.chunkBoards[:0]
	r.dst = nil
	r.stats.Quads, r.stats.Triangles = slot+tslot, tslot
	// The effects evaluated here are live and drawn, none thinned.
	r.stats.Live, r.stats.Particles = r.collected[0]+r.streamed, r.collected[1]+r.streamed
	r.stats.DrawCalls = len(r.sub.runs)
	r.stats.Calls = len(r.sub.issued)
}

// streamEffect evaluates the batched effect v.e (of one layer) a chunk of
// candidates at a time and writes and submits each chunk before the next
// is evaluated, so that its billboards are read back from the cache, not
// from memory. It returns the next free quad and triangle slots. An effect
// with no live particle opens no run.
//
// Where the vertex kernels run, a chunk is evaluated by column
// (r.chunkColumns): the evaluation's kernel stores its pairs of fields
// whole and the vertex kernels load them so, where billboard records
// would be interleaved by the one and split again by the other
// (BenchmarkEmberChunks: 13 to 18% less evaluation). Elsewhere the loops read
// billboards (r.chunkBoards), which the columns would only add a copy to.
func (r *Renderer) streamEffect(v *visible, slot, tslot int) (int, int) {
	total := r.eval.BeginBillboards(v.e, 1)
	tri := r.triangle(v, 0)
	c := int64(r.sub.chunk())
	byColumn := haveVertexKernel && !r.byBillboard
	cols := &r.chunkColumns
	if !byColumn && cap(r.chunkBoards) < int(c) {
		r.chunkBoards = make([]emitter.Billboard, 0, c)
	}
	for from := int64(0); from < total; from += c {
		var qs []emitter.Billboard
		n := 0
		if byColumn {
			cols.Reset()
			r.eval.AppendColumnRange(cols, from, min(from+c, total))
			n = cols.Len()
		} else {
			qs = r.eval.AppendBillboardRange(r.chunkBoards[:0], from, min(from+c, total))
			n = len(qs)
		}
		if n == 0 {
			continue
		}
		r.sub.open(v.k.page, false, v.amb, slot+tslot)
		r.streamed += n
		at := &slot
		if tri {
			at = &tslot
		}
		if byColumn {
			ox, oy := r.viewColumns(cols, v.ox, v.oy)
			*at = r.chunkedColumns(tri, *at, cols, ox, oy, v.k)
		} else {
			ox, oy := r.viewBoards(qs, v.ox, v.oy)
			*at = r.chunked(tri, *at, qs, ox, oy, v.k, 0)
		}
		r.sub.extend(slot + tslot)
	}
	return slot, tslot
}

// chunked writes layer n of qs as quads (or triangles, tri) from slot slot
// of that buffer on, submitting every chunk, and returns the next free
// slot.
func (r *Renderer) chunked(tri bool, slot int, qs []emitter.Billboard, ox, oy float64, k *kind, n int) int {
	return chunked(&r.sub, tri, slot, qs, func(at int, qs []emitter.Billboard) {
		r.reserveFor(tri, at+len(qs))
		if tri {
			r.writeTriangles(at, qs, ox, oy, k, n)
		} else {
			r.writePass(at, qs, ox, oy, k, n)
		}
	})
}

// chunkedColumns is chunked for the billboards of c, of a kind's core
// layer.
func (r *Renderer) chunkedColumns(tri bool, slot int, c *emitter.Columns, ox, oy float64, k *kind) int {
	return chunkedN(&r.sub, tri, slot, c.Len(), func(at, lo, hi int) {
		r.reserveFor(tri, at+hi-lo)
		r.writeColumns(tri, at, c, lo, hi, ox, oy, k, 0)
	})
}

// reserveFor makes room for n triangles (tri) or quads.
func (r *Renderer) reserveFor(tri bool, n int) {
	if tri {
		r.reserveTriangles(n)
	} else {
		r.reserve(n)
	}
}

// reserve makes room for n quads: the vertex buffer, its slot tags and the
// static index buffer grow (by a quarter more than asked) and then stay.
func (r *Renderer) reserve(n int) {
	if n <= len(r.tags) {
		return
	}
	r.verts, r.tags, r.indices = growSlots(r.verts, r.tags, n, 4)
}
