package render

import (
	"image"
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// The world GPU path (docs/world.md, section 10, "The GPU path"): a world
// emitter drawn by it is evaluated by shaders, not by the CPU. Per frame
// and emitter the CPU writes vertices only: the cycle its schedule is at
// (world.Cycle: the phase, two small integers and the first birth number),
// the thinning limit, and the tile grid of its projected bounds. Four
// passes draw it, each one draw call for every GPU emitter of the view:
//
//   - the job pass (job.kage) writes the emitter's job row from vertex
//     values into the job image;
//   - the world position pass (worldpos.kage) evaluates each slot once
//     (schedule, rolls, lifetime, drag motion, walls: kill impact,
//     thinning) and writes its projected centre as a word, or dead
//     where its billboard cannot reach the quad;
//   - the bin pass (bin.kage, the effect GPU path's) fills the emitter's
//     region of the mask image: per 16 × 16-pixel tile and group of 32
//     slots a mask of those whose billboard can reach the tile;
//   - the world shade pass (worldshade.kage) draws one quad over the
//     emitter's projected bounds, each fragment walking its tile's set
//     bits in slot order.
//
// The bin pass reads nothing but the job row and the position words: a
// world job row gives it the emitter's reach, its largest billboard
// half-diagonal on the target plus half a pixel, in position steps.

// worldGPU is the world GPU path's state, part of the world path's.
type worldGPU struct {
	pos, shade *ebiten.Shader
	bins       gpuBins // the job, positions and mask images (gpu_bins.go)
	copyOp     ebiten.DrawTrianglesShaderOptions
	op         ebiten.DrawTrianglesShaderOptions
	items      []worldGPUItem // this view's emitters on the GPU path
	verts      []ebiten.Vertex

	// The uniforms: the view's projection, stored in place.
	projX, projY [4]float32
	billboard    [2]float32
	uniforms     map[string]any
}

// worldGPUItem is one emitter drawn on the GPU path in a view.
type worldGPUItem struct {
	e              int
	x0, y0, x1, y1 float64 // the quad on the target, whole pixels
	job            [16]float32
	baseHi         [2]float32 // the first birth number's high 32 bits, as 16-bit halves
	rest           float32    // the phase less its float32 value
	row            float32    // its emitter row
	page           int
	bins           binRegion
}

func (g *worldGPU) init(shared *gpuBins) error {
	var err error
	if g.pos, err = compiled(shaders.WorldPos); err != nil {
		return err
	}
	if g.shade, err = compiled(shaders.WorldShade); err != nil {
		return err
	}
	g.bins = gpuBins{job: shared.job, bin: shared.bin}
	g.copyOp.Blend = ebiten.BlendCopy
	g.op.Blend = ebiten.BlendSourceOver
	g.uniforms = map[string]any{"ProjX": g.projX[:], "ProjY": g.projY[:], "Billboard": g.billboard[:]}
	g.copyOp.Uniforms = g.uniforms
	g.op.Uniforms = g.uniforms
	return nil
}

// reset drops the bins' images (Renderer.Reset).
func (g *worldGPU) reset() { g.bins.reset() }

// worldRows is a level's emitter rows: a header row per emitter and its
// births (internal/rowlayout's WorldEmitter constants), uploaded once.
type worldRows struct {
	img    *ebiten.Image
	first  []int // emitter e's header row
	consts []world.Constants
	ok     []bool // whether the emitter's walls fit a header row
}

// newWorldRows encodes every emitter of l: O(slots) once per level.
func newWorldRows(l *world.Level) *worldRows {
	doc := l.Document()
	ev := l.Evaluator()
	wr := &worldRows{first: make([]int, len(doc.Emitters)), consts: make([]world.Constants, len(doc.Emitters)), ok: make([]bool, len(doc.Emitters))}
	rows := 0
	for e := range doc.Emitters {
		c := ev.Constants(e)
		wr.consts[e] = c
		wr.first[e] = rows
		wr.ok[e] = len(c.Walls) <= rowlayout.WorldEmitterMaxPlanes
		rows += 1 + (len(c.Schedule.Births)+rowlayout.WorldEmitterWidth-1)/rowlayout.WorldEmitterWidth
	}
	const rowBytes = 4 * rowlayout.WorldEmitterWidth
	pix := make([]byte, rowBytes*max(rows, 1))
	for e := range doc.Emitters {
		em := &doc.Emitters[e]
		p := &doc.Presets[em.Preset]
		row := pix[wr.first[e]*rowBytes:]
		encodeEmitterRow(row[:rowBytes], &wr.consts[e], em.Preset, p.Sprite.Facing == world.FacingUpright)
		for i, b := range wr.consts[e].Schedule.Births {
			putFloat(row[rowBytes:], i, float64(b))
		}
	}
	wr.img = ebiten.NewImageWithOptions(image.Rect(0, 0, rowlayout.WorldEmitterWidth, max(rows, 1)), &ebiten.NewImageOptions{Unmanaged: true})
	wr.img.WritePixels(pix)
	return wr
}

// encodeEmitterRow writes an emitter's header row.
func encodeEmitterRow(row []byte, c *world.Constants, preset int, upright bool) {
	b := func(v bool) byte {
		if v {
			return 1
		}
		return 0
	}
	s := &c.Schedule
	putWord(row, rowlayout.WorldEmitterSeed, c.Seed)
	putBytes(row, rowlayout.WorldEmitterFlags, b(c.Box), b(s.Playback == world.PlayCycle), b(c.CycleFrames), b(upright))
	putWord(row, rowlayout.WorldEmitterBirths, uint32(len(s.Births)))
	putWord(row, rowlayout.WorldEmitterGroups, uint32(s.Groups))
	putWord(row, rowlayout.WorldEmitterFrames, uint32(c.Frames))
	putWord(row, rowlayout.WorldEmitterWalls, uint32(min(len(c.Walls), rowlayout.WorldEmitterMaxPlanes)))
	putWord(row, rowlayout.WorldEmitterPreset, uint32(preset))
	putWord(row, rowlayout.WorldEmitterSizeKeys, uint32(len(c.Sizes)))
	putFloat(row, rowlayout.WorldEmitterPeriod, float64(s.Period))
	putFloat(row, rowlayout.WorldEmitterLifeMin, c.LifeMin)
	putFloat(row, rowlayout.WorldEmitterLifeMax, c.LifeMax)
	putFloat(row, rowlayout.WorldEmitterDrag, c.Drag)
	putFloat(row, rowlayout.WorldEmitterScale, c.Scale)
	putFloat(row, rowlayout.WorldEmitterCos, c.Cos)
	putFloat(row, rowlayout.WorldEmitterSin, c.Sin)
	putFloat(row, rowlayout.WorldEmitterFPS, c.FPS)
	vec := func(i int, v world.Vec3) {
		putFloat(row, i, v.X)
		putFloat(row, i+1, v.Y)
		putFloat(row, i+2, v.Z)
	}
	vec(rowlayout.WorldEmitterPosition, c.Position)
	vec(rowlayout.WorldEmitterSpawnMin, c.SpawnMin)
	vec(rowlayout.WorldEmitterSpawnMax, c.SpawnMax)
	vec(rowlayout.WorldEmitterVelMin, c.Velocity.Min)
	vec(rowlayout.WorldEmitterVelMax, c.Velocity.Max)
	vec(rowlayout.WorldEmitterAccel, c.Acceleration)
	putFloat(row, rowlayout.WorldEmitterRotMin, c.Rotation.Min)
	putFloat(row, rowlayout.WorldEmitterRotMax, c.Rotation.Max)
	putFloat(row, rowlayout.WorldEmitterSpinMin, c.Spin.Min)
	putFloat(row, rowlayout.WorldEmitterSpinMax, c.Spin.Max)
	for k, w := range c.Walls {
		if k == rowlayout.WorldEmitterMaxPlanes {
			break
		}
		i := rowlayout.WorldEmitterPlanes + 5*k
		putFloat(row, i, w.N0)
		vec(i+1, w.M)
		putFloat(row, i+4, w.G)
	}
}

// worldReachPixels is the largest half-diagonal on the target of a
// billboard of the largest edge size (world units, scale included) at
// zoom, with half a pixel for the float32 rounding of centres: an
// upright billboard's projection is no larger.
func worldReachPixels(size, zoom float64) float64 {
	return float64(size*zoom*math.Sqrt2/2) + 0.5
}

// worldGPUWork is the work an emitter gives the GPU path in a view: cand
// candidates in slots slots, its bounds projected to (x0, y0)-(x1, y1),
// its billboards reaching reach pixels from their centres. Its quad is
// the bounds clipped to the view. The candidates are taken as spread
// evenly over the bounds: the position pass culls those beyond the reach
// of the quad (along each axis the quad and the reach past each cut
// edge), and of the rest the bins leave each fragment those whose
// billboards reach its tile (binnedWalk). The position pass evaluates
// every slot, and the bin pass tests every slot against every tile.
func worldGPUWork(cand, slots int, x0, y0, x1, y1 float64, view image.Rectangle, reach float64) GPUWork {
	vx0, vy0, vx1, vy1 := float64(view.Min.X), float64(view.Min.Y), float64(view.Max.X), float64(view.Max.Y)
	cw, ch := min(x1, vx1)-max(x0, vx0), min(y1, vy1)-max(y0, vy0)
	share := func(lo, hi, vlo, vhi, in float64) float64 {
		if !(hi > lo) {
			return 1
		}
		if lo < vlo {
			in += reach
		}
		if hi > vhi {
			in += reach
		}
		return min(in/(hi-lo), 1)
	}
	seen := float64(cand) * share(x0, x1, vx0, vx1, cw) * share(y0, y1, vy0, vy1, ch)
	tiles := math.Ceil(cw/rowlayout.BinTile) * math.Ceil(ch/rowlayout.BinTile)
	return GPUWork{
		Pixels: int(min(cw*ch, 1<<40)), Walked: binnedWalk(int(math.Round(seen)), cw, ch, rowlayout.BinTile, reach),
		Binned: int(min(tiles*float64(slots), 1<<40)), Layers: 1, Slots: slots,
	}
}

// try prepares emitter e of level state ls for the GPU path in this view:
// its quad over the projected bounds (x0, y0)-(x1, y1) clipped to view,
// its cycle at the clock, its thinning limit for keep, and its regions of
// the bins' images. It returns false when the emitter cannot take the
// path (its rows or regions do not fit); drawn reports whether there is
// anything to draw.
func (g *worldGPU) try(ls *levelState, lv *world.Level, e int, clock, keep float64, x0, y0, x1, y1 float64, view image.Rectangle, pr *camera.Projection) (ok, drawn bool) {
	wr := ls.gpuRows(lv)
	if !wr.ok[e] {
		return false, false
	}
	c := &wr.consts[e]
	sch := &c.Schedule
	cy := sch.At(clock)
	reach := worldReachPixels(lv.MaxSize(e), pr.Zoom)
	qx0 := math.Max(math.Floor(x0), float64(view.Min.X))
	qy0 := math.Max(math.Floor(y0), float64(view.Min.Y))
	qx1 := math.Min(math.Ceil(x1), float64(view.Max.X))
	qy1 := math.Min(math.Ceil(y1), float64(view.Max.Y))
	slots := sch.Slots()
	reg, fits := binLayout(qx1-qx0, qy1-qy0, rowlayout.BinTile, reach, slots)
	if !fits {
		return false, false
	}
	if !cy.Active || !(keep > 0) || !(qx1 > qx0 && qy1 > qy0) {
		return true, false
	}
	if !g.bins.alloc(&reg) {
		return false, false
	}
	reg.originX, reg.originY, reg.tile = qx0, qy0, rowlayout.BinTile
	limit := uint64(math.Ceil(min(keep, 1) * (1 << 32)))
	groups := int64(sch.Groups)
	lo := uint32(cy.Base)
	it := worldGPUItem{
		e: e, x0: qx0, y0: qy0, x1: qx1, y1: qy1,
		baseHi: [2]float32{float32(uint32(cy.Base>>32) >> 16), float32(uint32(cy.Base>>32) & 0xFFFF)},
		rest:   float32(cy.Phase - float64(float32(cy.Phase))),
		row:    float32(wr.first[e]),
		page:   ls.presets[lv.Document().Emitters[e].Preset].page,
		bins:   reg,
	}
	// The job row (worldpos.kage names its fields): floats, then
	// integers.
	it.job = [16]float32{
		float32(cy.Phase), float32(cy.Index % groups), float32(min(cy.Index, 2*groups)),
		float32(qx0), float32(qy0), rowlayout.BinTile,
		float32(lo >> 16), float32(lo & 0xFFFF),
		0, float32(limit >> 16), float32(limit & 0xFFFF),
		float32(reg.tilesX), float32(reg.tilesY), float32(reg.groups), float32(reg.reach), float32(reg.posRow),
	}
	g.items = append(g.items, it)
	return true, true
}

// setView stores the view's projection in the uniforms.
func (g *worldGPU) setView(pr *camera.Projection) {
	g.projX = [4]float32{float32(pr.XX), float32(pr.XY), 0, float32(pr.TX)}
	g.projY = [4]float32{float32(pr.YX), float32(pr.YY), float32(pr.YZ), float32(pr.TY)}
	g.billboard = [2]float32{float32(pr.Zoom / 2), float32(pr.CosPitch)}
}

// write writes the vertices of this view's passes and shade quads.
func (g *worldGPU) write() {
	n := len(g.items)
	b := &g.bins
	b.grow(n)
	for i := range g.items {
		it := &g.items[i]
		reg := &it.bins
		j := float32(i)
		vals := [8]float32(it.job[:8])
		quad(b.jobVerts[8*i:], 0, j, 8, j+1, 0, 0, 8, 1, &vals)
		vals = [8]float32(it.job[8:])
		quad(b.jobVerts[8*i+4:], 8, j, 16, j+1, 8, 0, 16, 1, &vals)
		vals = [8]float32{0: it.rest, 4: j, 5: it.row, 6: it.baseHi[0], 7: it.baseHi[1]}
		y0, y1 := float32(reg.posRow), float32(reg.posRow+reg.posRows)
		quad(b.posVerts[4*i:], 0, y0, rowlayout.BinWidth, y1, 0, 0, rowlayout.BinWidth, float32(reg.posRows), &vals)
		vals = [8]float32{4: j}
		y0, y1 = float32(reg.row), float32(reg.row+reg.rows)
		quad(b.binVerts[4*i:], 0, y0, rowlayout.BinWidth, y1, 0, 0, rowlayout.BinWidth, float32(reg.rows), &vals)
	}
	if len(g.verts) < 4*n {
		g.verts = make([]ebiten.Vertex, 4*(n+n/4))
	}
	for i := range g.items {
		it := &g.items[i]
		vals := [8]float32{0: it.rest, 4: float32(it.bins.row), 5: it.row, 6: it.baseHi[0], 7: it.baseHi[1]}
		x0, y0, x1, y1 := float32(it.x0), float32(it.y0), float32(it.x1), float32(it.y1)
		quad(g.verts[4*i:], x0, y0, x1, y1, x0, y0, x1, y1, &vals)
	}
}

// passes queues the job, world position and bin passes of this view's
// items, whose emitter rows rows holds: one draw call each.
func (g *worldGPU) passes(rows *ebiten.Image) {
	n := len(g.items)
	b := &g.bins
	op := &g.copyOp
	op.Images = [4]*ebiten.Image{}
	b.jobs.DrawTrianglesShader32(b.jobVerts[:8*n], b.indices[:12*n], b.job, op)
	op.Images[0], op.Images[2] = b.jobs, rows
	b.positions.DrawTrianglesShader32(b.posVerts[:4*n], b.indices[:6*n], g.pos, op)
	op.Images[1], op.Images[2] = b.positions, nil
	b.masks.DrawTrianglesShader32(b.binVerts[:4*n], b.indices[:6*n], b.bin, op)
}

// draw submits the shade quads of items [from, to), all on page.
func (g *worldGPU) draw(dst *ebiten.Image, from, to int, page, data, rows *ebiten.Image) {
	g.op.Images = [4]*ebiten.Image{page, data, rows, g.bins.masks}
	dst.DrawTrianglesShader32(g.verts[4*from:4*to], g.bins.indices[:6*(to-from)], g.shade, &g.op)
}
