package render

import (
	"image"
	"math"

	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// The GPU path's bins (docs/gpu.md, "Bins"). Before the effect shader
// draws, three passes run per frame, each one draw call for every effect
// on the GPU path:
//
//   - the job pass (shaders/job.kage) writes each effect's job row (the
//     values its walk needs this frame: internal/rowlayout's Bin
//     constants) into the job image from vertex values, so that the CPU
//     uploads no pixels per frame;
//   - the position pass (shaders/pos.kage) writes each candidate's centre
//     as one word into the effect's region of the positions image: the
//     closed form, once per candidate;
//   - the bin pass (shaders/bin.kage) fills each effect's region of the
//     mask image from the positions: its header (the job row), and per
//     tile of the effect's quad and per group of 32 candidates a 32-bit
//     overlap mask, with a summary of the non-empty groups per tile.
//
// The effect shader then walks, per fragment, only the set bits of its
// tile. Regions are handed out per frame from the start of each image, a
// whole number of rows each. Only the position pass knows what a
// candidate is: the job rows, regions, bin pass and masks would bin any
// candidates whose position words another pass wrote.

// binRegion is an effect's tile grid and its region of the mask image.
type binRegion struct {
	row, rows        int     // the region's first row and its rows
	posRow, posRows  int     // the same in the positions image
	tilesX, tilesY   int     // the tile grid over the effect's quad
	groups, summary  int     // masks and summary texels per tile
	reach            int     // the footprint's reach in position steps (rowlayout.BinReach)
	tile             float64 // a tile's edge in scene pixels
	originX, originY float64 // the grid's corner, scene pixels relative to the host centre
}

// binLayout returns the region of an effect of cand candidates whose quad
// spans w × h scene pixels with tiles of tile scene pixels, each reaching
// reach scene pixels from its centre, its rows not yet set; ok is false
// when the region cannot fit the mask image.
func binLayout(w, h, tile, reach float64, cand int) (reg binRegion, ok bool) {
	tx, ty := math.Ceil(w/tile), math.Ceil(h/tile)
	if !(tx <= rowlayout.BinMaxTiles && ty <= rowlayout.BinMaxTiles) || cand > MaxGPUParticles {
		return binRegion{}, false
	}
	reg.tilesX, reg.tilesY = max(1, int(tx)), max(1, int(ty))
	reg.groups = (cand + rowlayout.BinGroup - 1) / rowlayout.BinGroup
	reg.summary = (reg.groups + 31) / 32
	reg.tile = tile
	// Rounded up, plus a step for the rounding down of position words;
	// at most a grid's diagonal (every tile), an exact float32.
	reg.reach = int(min(math.Ceil(reach/tile*rowlayout.BinQuant), 2*rowlayout.BinMaxTiles*rowlayout.BinQuant)) + 1
	texels := rowlayout.BinHeader + reg.tilesX*reg.tilesY*(reg.summary+reg.groups)
	reg.rows = (texels + rowlayout.BinWidth - 1) / rowlayout.BinWidth
	reg.posRows = (cand + rowlayout.BinWidth - 1) / rowlayout.BinWidth
	return reg, reg.rows <= rowlayout.BinMaxRows
}

// gpuBins is the bin passes' state.
type gpuBins struct {
	job, pos, bin *ebiten.Shader
	op            ebiten.DrawTrianglesShaderOptions

	// jobs holds a job row per GPU item, positions and masks the
	// regions; they grow and then stay. used and posUsed are the rows
	// handed out this frame.
	jobs, positions, masks     *ebiten.Image
	jobRows, posRows, maskRows int
	used, posUsed              int

	jobVerts, posVerts, binVerts []ebiten.Vertex
	indices                      []uint32
}

func (b *gpuBins) init() error {
	var err error
	if b.job, err = compiled(shaders.Job); err != nil {
		return err
	}
	if b.pos, err = compiled(shaders.Pos); err != nil {
		return err
	}
	if b.bin, err = compiled(shaders.Bin); err != nil {
		return err
	}
	b.op.Blend = ebiten.BlendCopy
	return nil
}

// alloc hands out reg's rows of the mask and positions images for this
// frame.
func (b *gpuBins) alloc(reg *binRegion) bool {
	if b.used+reg.rows > rowlayout.BinMaxRows || b.posUsed+reg.posRows > rowlayout.BinMaxRows {
		return false
	}
	reg.row, reg.posRow = b.used, b.posUsed
	b.used += reg.rows
	b.posUsed += reg.posRows
	return true
}

// allocAll hands out the rows of every region of regs, or of none.
func (b *gpuBins) allocAll(regs []binRegion) bool {
	used, posUsed := b.used, b.posUsed
	for i := range regs {
		if !b.alloc(&regs[i]) {
			b.used, b.posUsed = used, posUsed
			return false
		}
	}
	return true
}

// reset drops the images (Renderer.Reset).
func (b *gpuBins) reset() {
	for _, img := range []*ebiten.Image{b.jobs, b.positions, b.masks} {
		if img != nil {
			img.Deallocate()
		}
	}
	*b = gpuBins{job: b.job, pos: b.pos, bin: b.bin, op: b.op}
}

// grow makes the job image hold items rows and the mask image the rows
// handed out, as unmanaged images (their own textures, so that exact
// bytes written are read back as they are). Old images are left to the
// garbage collector: draws queued earlier may still read them.
func (b *gpuBins) grow(items int) {
	if items > b.jobRows {
		b.jobRows = max(16, 2*b.jobRows)
		for b.jobRows < items {
			b.jobRows *= 2
		}
		b.jobs = ebiten.NewImageWithOptions(image.Rect(0, 0, rowlayout.BinHeader, b.jobRows), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if b.used > b.maskRows {
		b.maskRows = growRows(b.maskRows, b.used)
		b.masks = ebiten.NewImageWithOptions(image.Rect(0, 0, rowlayout.BinWidth, b.maskRows), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if b.posUsed > b.posRows {
		b.posRows = growRows(b.posRows, b.posUsed)
		b.positions = ebiten.NewImageWithOptions(image.Rect(0, 0, rowlayout.BinWidth, b.posRows), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if n := 2 * items; 6*n > len(b.indices) {
		n += n / 4
		b.jobVerts = make([]ebiten.Vertex, 4*n)
		b.posVerts = make([]ebiten.Vertex, 2*n)
		b.binVerts = make([]ebiten.Vertex, 2*n)
		b.indices = make([]uint32, 6*n)
		for q := range n {
			v := uint32(4 * q)
			copy(b.indices[6*q:], []uint32{v, v + 1, v + 2, v + 1, v + 2, v + 3})
		}
	}
}

// growRows is the rows an image of have rows grows to, to hold need: the
// next power of two from 64, at most BinMaxRows.
func growRows(have, need int) int {
	n := max(64, 2*have)
	for n < need {
		n *= 2
	}
	return min(n, rowlayout.BinMaxRows)
}

// quad writes the four corners of the rectangle (x0, y0)-(x1, y1) on the
// destination into v, with texture coordinates (sx0, sy0)-(sx1, sy1) and
// the values vals (ColorR..A, Custom0..3) at every corner.
func quad(v []ebiten.Vertex, x0, y0, x1, y1, sx0, sy0, sx1, sy1 float32, vals *[8]float32) {
	xs := [4]float32{x0, x1, x0, x1}
	ys := [4]float32{y0, y0, y1, y1}
	ss := [4]float32{sx0, sx1, sx0, sx1}
	ts := [4]float32{sy0, sy0, sy1, sy1}
	for j := range 4 {
		v[j] = ebiten.Vertex{
			DstX: xs[j], DstY: ys[j], SrcX: ss[j], SrcY: ts[j],
			ColorR: vals[0], ColorG: vals[1], ColorB: vals[2], ColorA: vals[3],
			Custom0: vals[4], Custom1: vals[5], Custom2: vals[6], Custom3: vals[7],
		}
	}
}

// write writes the vertices of this frame's job, position and bin passes
// for items.
func (b *gpuBins) write(items []gpuItem) {
	if len(items) == 0 {
		return
	}
	b.grow(len(items))
	for i := range items {
		it := &items[i]
		reg := &it.bins
		j := float32(i)
		// The job row's two halves: floats, then integers (job.kage).
		vals := [8]float32{it.xrel, it.bclock, it.hostRot, float32(reg.originX), float32(reg.originY), float32(reg.tile), it.baseHi, it.baseLo}
		quad(b.jobVerts[8*i:], 0, j, 8, j+1, 0, 0, 8, 1, &vals)
		vals = [8]float32{float32(it.instRow), it.ns, it.bursts, float32(reg.tilesX), float32(reg.tilesY), float32(reg.groups), float32(reg.reach), float32(reg.posRow)}
		quad(b.jobVerts[8*i+4:], 8, j, 16, j+1, 8, 0, 16, 1, &vals)
		vals = [8]float32{4: j}
		y0, y1 := float32(reg.posRow), float32(reg.posRow+reg.posRows)
		quad(b.posVerts[4*i:], 0, y0, rowlayout.BinWidth, y1, 0, 0, rowlayout.BinWidth, float32(reg.posRows), &vals)
		y0, y1 = float32(reg.row), float32(reg.row+reg.rows)
		quad(b.binVerts[4*i:], 0, y0, rowlayout.BinWidth, y1, 0, 0, rowlayout.BinWidth, float32(reg.rows), &vals)
	}
}

// draw queues the job, position and bin passes of n items, whose rows tex holds
// (image 2 of the bin pass).
func (b *gpuBins) draw(n int, tex *ebiten.Image) {
	if n == 0 {
		return
	}
	b.drawPositions(n, tex)
	b.drawMasks(n)
}

// drawPositions queues the job and position passes of n items (n > 0).
// Apart from draw, only the GPU benchmarks call it, to time the passes
// one by one.
func (b *gpuBins) drawPositions(n int, tex *ebiten.Image) {
	b.op.Images = [4]*ebiten.Image{}
	b.jobs.DrawTrianglesShader32(b.jobVerts[:8*n], b.indices[:12*n], b.job, &b.op)
	b.op.Images[0], b.op.Images[2] = b.jobs, tex
	b.positions.DrawTrianglesShader32(b.posVerts[:4*n], b.indices[:6*n], b.pos, &b.op)
}

// drawMasks queues the bin pass of n items (n > 0), after drawPositions.
func (b *gpuBins) drawMasks(n int) {
	b.op.Images = [4]*ebiten.Image{b.jobs, b.positions}
	b.masks.DrawTrianglesShader32(b.binVerts[:4*n], b.indices[:6*n], b.bin, &b.op)
}
