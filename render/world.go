package render

import (
	"fmt"
	"image"
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/emberfx/ember/texture"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// LevelItem is a world level to draw with [Renderer.DrawLevel]: a mounted
// level at its clock.
type LevelItem struct {
	// Level is the level; a nil one draws nothing.
	Level *world.Level
	// Textures are its textures, prepared by leveltex.Prepare from
	// the level's document: proven and laid out in pages. The renderer
	// uploads them on the level's first draw; textures that do not fit
	// the level (leveltex.Level.Check) draw nothing and are reported by
	// Err.
	Textures *leveltex.Level
	// Clock is the level clock in seconds.
	Clock float64
	// Emitters holds per emitter (by index in the document) whether it is
	// hidden and the path it asks for; nil, or an index past its end,
	// shows the emitter with PathAuto.
	Emitters []LevelEmitter
}

// LevelEmitter is how one emitter of a level is drawn.
type LevelEmitter struct {
	// Hidden skips the emitter: it costs nothing per particle. Its clock
	// (the level's) runs on.
	Hidden bool
	// Path is the render path asked for: PathAuto lets the cost model
	// choose (see [Renderer.LevelPath]).
	Path Path
}

// LOD is the level of detail of world emitters: an emitter whose largest
// billboard would be small on the target is thinned, as Roblox's engine
// thins far emitters (they emit fewer, then none). In a parallel view a
// far emitter is one seen zoomed out, so the measure is the emitter's
// largest billboard edge on the target in pixels, p = largest size ·
// scale · zoom: at Full pixels or more every particle is kept, at None or
// less none, and in between the fraction (p - None) / (Full - None), with
// the same deterministic thinning as the budget (the particles whose
// thinning roll is below the fraction, stable from frame to frame and
// under rewind).
type LOD struct {
	// Full and None are the pixel sizes described above, each 0 for its
	// DefaultLOD value. Neither may be negative or NaN, and None must be
	// below Full once the defaults are filled in ([New] reports both).
	Full, None float64
	// Off keeps every particle whatever its size.
	Off bool
}

// DefaultLOD thins emitters whose largest billboard is under 2 pixels and
// drops those under half a pixel: a quad covers a pixel when its centre
// lies inside, so a billboard of p < 1 pixels covers one in about p² of
// its frames anyway.
var DefaultLOD = LOD{Full: 2, None: 0.5}

// withDefaults returns l with each zero size replaced by DefaultLOD's.
func (l LOD) withDefaults() LOD {
	if l.Full == 0 {
		l.Full = DefaultLOD.Full
	}
	if l.None == 0 {
		l.None = DefaultLOD.None
	}
	return l
}

// check reports why l cannot be used, or nil.
func (l LOD) check() error {
	if l.Off {
		return nil
	}
	if err := checkOption("LOD.Full", l.Full, "pixels"); err != nil {
		return err
	}
	if err := checkOption("LOD.None", l.None, "pixels"); err != nil {
		return err
	}
	if d := l.withDefaults(); !(d.None < d.Full) {
		return fmt.Errorf("render: New: LOD.None %v must be below LOD.Full %v (a zero field is DefaultLOD's)", d.None, d.Full)
	}
	return nil
}

// keep returns the fraction of an emitter's particles the LOD keeps for a
// largest billboard of px pixels.
func (l LOD) keep(px float64) float64 {
	if l.Off {
		return 1
	}
	l = l.withDefaults()
	full, none := l.Full, l.None
	switch {
	case px >= full:
		return 1
	case px <= none:
		return 0
	}
	return (px - none) / (full - none)
}

// LevelStats describes the last [Renderer.DrawLevel].
type LevelStats struct {
	// Emitters is the number of emitters drawn (evaluated), Culled those
	// whose bounds missed the view (the broad phase's and the exact
	// test's), Hidden those hidden, Faded those the LOD dropped whole.
	Emitters, Culled, Hidden, Faded int
	// BroadPhase is the number of emitters the resolv broad phase
	// returned for the view's footprint, of Total in the level.
	BroadPhase, Total int
	// Candidates is the visible emitters' live slots before thinning
	// (world.Evaluator.Candidates, each times its LOD fraction), and
	// Particles the particles the batched path drew (the GPU path's
	// particles are evaluated by shaders: the CPU never counts them),
	// Triangles how many of those were drawn as one triangle each
	// (emitters whose particles are all small: see
	// TriangleMaxHalfDiagonal), the rest as quads.
	Candidates, Particles, Triangles int
	// Thinned is the fraction of candidates the budget dropped (the LOD
	// apart).
	Thinned float64
	// DrawCalls is the number of draws: runs of consecutive emitters on
	// one page, per path, and the GPU path's three passes when it drew.
	// Calls is the number of DrawTrianglesShader32 calls they took: the
	// batched path submits a run in chunks (of 1,024 quads or
	// triangles), which Ebitengine merges back into one draw.
	DrawCalls, Calls int
	// Batched counts the emitters the batched path drew, GPU those the
	// GPU path drew; GPUFallbacks the emitters the GPU path was chosen
	// for (asked for, or by the cost model) that the batched path drew
	// instead, as it could not take them (see [Renderer.LevelPath]).
	Batched, GPU, GPUFallbacks int
	// Reused is the number of emitters whose particles an earlier
	// DrawLevel at the same clock had evaluated (another camera's view).
	Reused int
}

// LevelStats returns the statistics of the last DrawLevel.
func (r *Renderer) LevelStats() LevelStats { return r.world.stats }

// The blend passes, in drawing order: cutout particles, then additive,
// then alpha and premultiplied together (docs/world.md, "Drawing").
const (
	passCutout = iota
	passAdditive
	passAlpha
	passes
)

func passOf(b world.Blend) int {
	switch b {
	case world.BlendCutout:
		return passCutout
	case world.BlendAdditive:
		return passAdditive
	}
	return passAlpha
}

// worldPath is the renderer's state for world levels.
type worldPath struct {
	shader *ebiten.Shader
	op     ebiten.DrawTrianglesShaderOptions
	lod    LOD
	levels map[*world.Level]*levelState
	draws  uint64 // DrawLevel calls so far, for the sweep
	stats  LevelStats

	cand []int          // the broad phase's emitters
	vis  []levelVisible // the emitters drawn, in pass order once sorted
	// The quad and triangle buffers (worldvertex.go), one chunk each (sub
	// is local), with, per slot, the preset row and frame its vertices
	// hold (+1), and static indices.
	verts, tverts     []ebiten.Vertex
	tags, ttags       []uint64
	indices, tindices []uint32
	sub               submission    // the batched draws and calls of a view
	dst               *ebiten.Image // what a view's calls draw onto, and
	ls                *levelState   // the level they draw, during submit and issue
	gpu               worldGPU      // the GPU path (world_gpu.go)
}

// levelVisible is an emitter that passed culling this DrawLevel.
type levelVisible struct {
	e      int
	pass   int
	keep   float64    // LOD fraction, then times the budget's
	cand   int        // candidates, before thinning
	lo, hi int        // its billboards in the level state's buffer
	box    [4]float64 // its projected bounds on the target: x0, y0, x1, y1
	path   Path       // the path chosen: PathGPU or PathBatched
	gpu    int        // on the GPU path: 1 + its index in worldGPU.items, -1 with nothing to draw
	// eval: on the batched path, evaluated by submit just before its
	// vertices are written (not reused from another view); tri: drawn as
	// triangles.
	eval, tri bool
}

// levelState is a level's GPU resources and evaluation state.
type levelState struct {
	pages   []*ebiten.Image
	data    *ebiten.Image
	cache   *world.Cache
	presets []presetInfo
	seen    uint64 // the DrawLevel call that last drew it

	// The billboards evaluated at clock, per emitter with the fraction
	// kept: reused by other cameras' views at the same clock.
	clock  float64
	boards []world.Billboard
	evals  []levelEval
	gen    uint64

	rows *worldRows // the GPU path's emitter rows, made on its first use
}

// gpuRows returns the level's emitter rows, uploading them on first use.
func (ls *levelState) gpuRows(l *world.Level) *worldRows {
	if ls.rows == nil {
		ls.rows = newWorldRows(l)
	}
	return ls.rows
}

// levelEval is an emitter's billboards at the state's clock: valid when
// gen is the state's.
type levelEval struct {
	gen    uint64
	keep   float64
	lo, hi int
}

// presetInfo is what drawing needs of a preset, read once.
type presetInfo struct {
	row     float32
	page    int
	pass    int
	upright bool
}

// Sweep: every levelSweepEvery DrawLevel calls, the GPU resources of levels
// not drawn for levelKeepDraws calls are freed.
const (
	levelSweepEvery = 64
	levelKeepDraws  = 600
)

func (w *worldPath) init(lod LOD, bins *gpuBins) error {
	sh, err := compiled(shaders.World)
	if err != nil {
		return err
	}
	if err := w.gpu.init(bins); err != nil {
		return err
	}
	w.shader = sh
	w.lod = lod // keep fills in the defaults
	w.sub.call = w.call
	w.sub.local = true
	w.op.Blend = ebiten.BlendSourceOver
	w.levels = map[*world.Level]*levelState{}
	return nil
}

// reset frees every level's resources (Renderer.Reset).
func (w *worldPath) reset() {
	for l := range w.levels {
		w.release(l)
	}
	clear(w.tags)
	clear(w.ttags)
	w.gpu.reset()
}

func (w *worldPath) release(l *world.Level) {
	ls := w.levels[l]
	if ls == nil {
		return
	}
	for _, p := range ls.pages {
		p.Deallocate()
	}
	ls.data.Deallocate()
	if ls.rows != nil {
		ls.rows.img.Deallocate()
	}
	delete(w.levels, l)
}

// ReleaseLevel frees the GPU resources and evaluation state the renderer
// keeps for l (a level unmounted, say); drawing l again makes them anew.
// Levels not drawn for a while are freed anyway.
func (r *Renderer) ReleaseLevel(l *world.Level) { r.world.release(l) }

// state returns it's level state, uploading its pages and preset rows on
// first use.
func (w *worldPath) state(it *LevelItem) *levelState {
	ls := w.levels[it.Level]
	if ls == nil {
		ls = newLevelState(it.Level, it.Textures)
		w.levels[it.Level] = ls
	}
	ls.seen = w.draws
	if ls.clock != it.Clock || ls.gen == 0 {
		ls.clock = it.Clock
		ls.boards = ls.boards[:0]
		ls.gen++
	}
	return ls
}

func newLevelState(l *world.Level, tex *leveltex.Level) *levelState {
	doc := l.Document()
	ls := &levelState{
		cache:   l.Evaluator().NewCache(),
		presets: make([]presetInfo, len(doc.Presets)),
		evals:   make([]levelEval, len(doc.Emitters)),
	}
	// Unmanaged images have textures of their own that Ebitengine never
	// moves: on a shared atlas a page's origin would change with the
	// game's other images, and with it the float32 rounding of the
	// fragments' texture positions (so, at times, a pixel's last bit).
	unmanaged := &ebiten.NewImageOptions{Unmanaged: true}
	for _, sz := range tex.Pages {
		ls.pages = append(ls.pages, ebiten.NewImageWithOptions(image.Rect(0, 0, sz.X, sz.Y), unmanaged))
	}
	for i, t := range doc.Textures {
		f := tex.Frames[i]
		if f.Page < 0 {
			continue
		}
		pix := texture.Premultiply(tex.Images[i]).Pix
		ls.pages[f.Page].SubImage(image.Rect(f.X, f.Y, f.X+t.Width, f.Y+t.Height)).(*ebiten.Image).WritePixels(pix)
	}
	rows := make([]byte, rowlayout.WorldRowBytes*max(len(doc.Presets), 1))
	for i := range doc.Presets {
		p := &doc.Presets[i]
		encodePresetRow(rows[i*rowlayout.WorldRowBytes:(i+1)*rowlayout.WorldRowBytes], doc, p, tex)
		ls.presets[i] = presetInfo{
			row:     float32(i),
			page:    tex.Frames[p.Sprite.Frames[0]].Page,
			pass:    passOf(p.Sprite.Blend),
			upright: p.Sprite.Facing == world.FacingUpright,
		}
	}
	ls.data = ebiten.NewImageWithOptions(image.Rect(0, 0, rowlayout.WorldDataWidth, max(len(doc.Presets), 1)), unmanaged)
	ls.data.WritePixels(rows)
	return ls
}

// encodePresetRow writes preset p's row (internal/rowlayout's world row).
func encodePresetRow(row []byte, doc *world.Document, p *world.Preset, tex *leveltex.Level) {
	clear(row)
	ft := &doc.Textures[p.Sprite.Frames[0]]
	putBytes(row, rowlayout.WorldHeader, byte(len(p.Curves.Color)), byte(p.Sprite.Blend), byte(len(p.Sprite.Frames)), byte(p.Sprite.Facing))
	putPair(row, rowlayout.WorldFrameSize, ft.Width, ft.Height)
	for i, k := range p.Curves.Color {
		j := rowlayout.WorldColor + 5*i
		putFloat(row, j, k.Age)
		putFloat(row, j+1, k.R)
		putFloat(row, j+2, k.G)
		putFloat(row, j+3, k.B)
		putFloat(row, j+4, k.A)
	}
	for i, f := range p.Sprite.Frames {
		fr := tex.Frames[f]
		putPair(row, rowlayout.WorldFrames+i, fr.X, fr.Y)
	}
	for i, k := range p.Curves.Size {
		putFloat(row, rowlayout.WorldSize+2*i, k.Age)
		putFloat(row, rowlayout.WorldSize+2*i+1, k.Size)
	}
}

// LevelPath returns the path the renderer chooses for an emitter asking
// for p that gives the GPU path the work w (one layer) and the batched
// path cand candidates: p itself unless it is PathAuto, which asks the
// renderer's cost model ([CostModel.PreferWorld]). An emitter the GPU path is
// chosen for but cannot take (see docs/world.md, section 10) is drawn by
// the batched path and counted in LevelStats.GPUFallbacks.
func (r *Renderer) LevelPath(p Path, w GPUWork, cand int) Path {
	if p == PathAuto {
		return r.gpu.cost.PreferWorld(w, cand)
	}
	return p
}

// DrawLevel draws a world level onto dst through cam: its emitters' live
// particles at the level clock, as billboards projected by the camera
// (camera.World; its position at dst's centre; nil is the zero camera).
// A camera that camera.World.Projection refuses (a NaN or infinite field,
// a negative Zoom, a Pitch outside [0, 90]) panics, as misuse. Several
// cameras may draw the same level in one frame (split screen, a minimap):
// the particles are evaluated once per clock and emitter, and every view
// draws them.
//
// Culling: the level's resolv space gives the emitters whose bounds seen
// from above meet the view's footprint, and each of those is tested
// exactly, its bounds box projected onto dst; an emitter that misses the
// view costs nothing per particle. Hidden emitters are skipped. The LOD
// (Options.LOD) thins emitters seen small, and when the visible emitters
// hold more candidates than the budget (Options.Budget), every emitter is
// thinned by the fraction that fits: both keep the particles whose
// thinning roll is below their fraction, the same at every frame.
//
// Particles are drawn in blend passes, in this order: cutout, then
// additive, then alpha and premultiplied together; within a pass in the
// level's emitter order and by ascending slot, unsorted (docs/world.md,
// "Drawing"). Each emitter is drawn by the path its LevelEmitter asks for,
// PathAuto letting the cost model choose ([Renderer.LevelPath]): the
// batched path evaluates its particles on the CPU and writes their quads
// (one triangle each where the emitter's largest billboard is small: see
// TriangleMaxHalfDiagonal), submitted in chunks of 1,024 as they are
// written, the GPU path has shaders evaluate them (see the package
// documentation, "World emitters on the GPU path"); both keep the order
// above, so they mix in one view. Nothing here changes the level clock: culling, hiding and
// other views never restart or skip it. A nil dst draws nothing.
func (r *Renderer) DrawLevel(dst *ebiten.Image, it *LevelItem, cam *camera.World) {
	w := &r.world
	w.stats = LevelStats{}
	if dst == nil || it == nil || it.Level == nil || it.Textures == nil {
		return
	}
	if w.levels[it.Level] == nil {
		// Uploading textures that are not the level's would index past
		// them, or draw other pictures.
		if err := it.Textures.Check(it.Level.Document()); err != nil {
			if !r.refusedLevels[it.Level] {
				if r.refusedLevels == nil {
					r.refusedLevels = map[*world.Level]bool{}
				}
				r.refusedLevels[it.Level] = true
				r.refused = append(r.refused, fmt.Errorf("render: DrawLevel: %w", err))
			}
			return
		}
	}
	if cam == nil {
		cam = &camera.World{}
	}
	w.draws++
	if w.draws%levelSweepEvery == 0 {
		for l, ls := range w.levels {
			if w.draws-ls.seen > levelKeepDraws {
				w.release(l)
			}
		}
	}
	ls := w.state(it)
	view := dst.Bounds()
	pr := cam.Projection(view)
	lv := it.Level
	ev := lv.Evaluator()
	doc := lv.Document()
	w.stats.Total = len(doc.Emitters)

	// The broad phase: the emitters under the view's footprint.
	zmin, zmax := lv.Heights()
	fp := lv.Space().Extent()
	if x0, y0, x1, y1, ok := pr.Footprint(view, zmin, zmax); ok {
		fp = world.Rect{Min: world.Vec2{X: x0, Y: y0}, Max: world.Vec2{X: x1, Y: y1}}
	}
	w.cand = lv.Space().AppendEmitters(w.cand[:0], fp)
	w.stats.BroadPhase = len(w.cand)
	w.stats.Culled = len(doc.Emitters) - len(w.cand)

	// The exact test, the LOD and the candidates.
	w.vis = w.vis[:0]
	total := 0.0
	vx0, vy0, vx1, vy1 := float64(view.Min.X), float64(view.Min.Y), float64(view.Max.X), float64(view.Max.Y)
	for _, e := range w.cand {
		if e < len(it.Emitters) && it.Emitters[e].Hidden {
			w.stats.Hidden++
			continue
		}
		em := &doc.Emitters[e]
		b := em.Bounds
		x0, y0, x1, y1 := pr.BoxBounds([3]float64{b.Min.X, b.Min.Y, b.Min.Z}, [3]float64{b.Max.X, b.Max.Y, b.Max.Z})
		if !(x0 < vx1 && x1 > vx0 && y0 < vy1 && y1 > vy0) {
			w.stats.Culled++
			continue
		}
		keep := w.lod.keep(float64(lv.MaxSize(e) * pr.Zoom))
		if keep <= 0 {
			w.stats.Faded++
			continue
		}
		cand := ev.Candidates(e, it.Clock)
		p := PathAuto
		if e < len(it.Emitters) {
			p = it.Emitters[e].Path
		}
		if p != PathBatched {
			p = r.LevelPath(p, worldGPUWork(cand, ev.Slots(e), x0, y0, x1, y1, view, worldReachPixels(lv.MaxSize(e), pr.Zoom)), cand)
		}
		total += float64(keep * float64(cand))
		w.vis = append(w.vis, levelVisible{e: e, pass: ls.presets[em.Preset].pass, keep: keep, cand: cand, path: p,
			box: [4]float64{x0, y0, x1, y1}})
	}
	w.stats.Candidates = int(math.Round(total))
	global := keepFraction(w.stats.Candidates, r.budget)
	if global < 1 {
		w.stats.Thinned = 1 - global
	}

	// Evaluation: once per emitter, clock and fraction, on the CPU for
	// the batched path; the GPU path's emitters are prepared for their
	// passes.
	g := &w.gpu
	g.items = g.items[:0]
	g.bins.used, g.bins.posUsed = 0, 0
	g.setView(&pr)
	for i := range w.vis {
		v := &w.vis[i]
		v.keep *= global
		v.gpu, v.eval = 0, false
		if v.path == PathGPU {
			b := &v.box
			ok, drawn := g.try(ls, lv, v.e, it.Clock, v.keep, b[0], b[1], b[2], b[3], view, &pr)
			if ok {
				v.gpu = -1
				if drawn {
					v.gpu = len(g.items)
				}
				w.stats.Emitters++
				w.stats.GPU++
				continue
			}
			w.stats.GPUFallbacks++
		}
		if ev0 := &ls.evals[v.e]; ev0.gen == ls.gen && ev0.keep == v.keep {
			w.stats.Reused++
			v.lo, v.hi = ev0.lo, ev0.hi
		} else {
			v.eval = true
		}
		v.tri = worldTriangle(lv.MaxSize(v.e), pr.Zoom, r.triMax)
		w.stats.Emitters++
		w.stats.Batched++
	}
	sortLevelVisible(w.vis)
	w.submit(dst, ls, lv, &pr)
}

// sortLevelVisible orders the visible emitters by pass, then by emitter
// index (the authored order): an insertion sort, stable and allocation
// free, over at most world.MaxEmitters.
func sortLevelVisible(vis []levelVisible) {
	for i := 1; i < len(vis); i++ {
		v := vis[i]
		j := i
		for j > 0 && (vis[j-1].pass > v.pass || vis[j-1].pass == v.pass && vis[j-1].e > v.e) {
			vis[j] = vis[j-1]
			j--
		}
		vis[j] = v
	}
}

// submit draws the visible emitters in their order: it queues the GPU
// path's passes, then, emitter by emitter, evaluates a batched one not
// evaluated yet at this clock (into the level state's buffer, where other
// views find it) and writes its quads or triangles straight after, a chunk
// at a time, each chunk submitted as soon as it is written (submission),
// so that the billboards and vertices are read back from the cache. Runs
// of consecutive emitters on one page, of one path, are one draw.
func (w *worldPath) submit(dst *ebiten.Image, ls *levelState, lv *world.Level, pr *camera.Projection) {
	doc := lv.Document()
	ev := lv.Evaluator()
	w.dst, w.ls = dst, ls
	if len(w.gpu.items) > 0 {
		w.gpu.write()
		w.gpu.passes(ls.rows.img)
		w.stats.DrawCalls += 3
		w.stats.Calls += 3
	}
	w.sub.begin(true)
	w.reserve()
	vp := newViewProjection(pr)
	slot, tslot := 0, 0
	for i := range w.vis {
		v := &w.vis[i]
		pi := &ls.presets[doc.Emitters[v.e].Preset]
		if v.gpu > 0 {
			// Consecutive GPU emitters on one page share a draw call.
			j := v.gpu - 1
			w.sub.open(pi.page, true, [3]float32{}, j)
			w.sub.extend(j + 1)
			continue
		}
		if v.gpu < 0 {
			continue
		}
		if v.eval {
			lo := len(ls.boards)
			ls.boards = ev.AppendBillboards(ls.boards, ls.cache, v.e, ls.clock, v.keep)
			ls.evals[v.e] = levelEval{gen: ls.gen, keep: v.keep, lo: lo, hi: len(ls.boards)}
			v.lo, v.hi = lo, len(ls.boards)
		}
		if v.hi == v.lo {
			continue
		}
		w.sub.open(pi.page, false, [3]float32{}, slot+tslot)
		tri := v.tri
		write := func(at int, bs []world.Billboard) { w.writeBillboards(tri, at, bs, &vp, pi) }
		if tri {
			tslot = chunked(&w.sub, true, tslot, ls.boards[v.lo:v.hi], write)
		} else {
			slot = chunked(&w.sub, false, slot, ls.boards[v.lo:v.hi], write)
		}
		w.sub.extend(slot + tslot)
	}
	w.sub.end()
	w.dst, w.ls = nil, nil
	w.stats.Particles, w.stats.Triangles = slot+tslot, tslot
	w.stats.DrawCalls += len(w.sub.runs)
	w.stats.Calls += len(w.sub.issued)
}

// issue makes again the draw calls the last submit made onto dst for the
// level ls (the GPU path's passes, then each call in drawing order), for
// tests that tell Ember's allocations from Ebitengine's and benchmarks
// that time Ebitengine's share. The buffers hold one chunk, the last
// written: the calls re-submit those vertices, in the same calls of the
// same sizes.
func (w *worldPath) issue(dst *ebiten.Image, ls *levelState) {
	w.dst, w.ls = dst, ls
	if len(w.gpu.items) > 0 {
		w.gpu.passes(ls.rows.img)
	}
	w.sub.replay()
	w.dst, w.ls = nil, nil
}
