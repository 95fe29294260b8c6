package render

import (
	"fmt"
	"math"
	"math/bits"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/hajimehoshi/ebiten/v2"
)

// Tests of the bin pass (gpu_bins.go, shaders/src/bin.kage): the masks it
// writes, read back from the mask image, against the emitter's particles.

// binMasks draws e alone on the GPU path onto a w × h target through cam
// and returns its region's texels as words, with the region and the GPU
// item.
func binMasks(tb testing.TB, r *Renderer, e *emitter.Effect, w, h int, cam *camera.Camera) ([]uint32, gpuItem) {
	tb.Helper()
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	hx, hy, _ := e.Host()
	r.DrawCamera(dst, []Item{{Effect: e, X: float64(w)/2 - hx, Y: float64(h)/2 - hy, Path: PathGPU}}, cam)
	if st := r.Stats(); st.GPU != 1 || len(r.gpu.items) != 1 {
		tb.Fatalf("stats %+v: want the effect on the GPU path", st)
	}
	return regionWords(r), r.gpu.items[0]
}

// regionWords reads back the mask image and returns the region of the
// last Draw's first GPU item as words.
func regionWords(r *Renderer) []uint32 {
	b := &r.gpu.bins
	pix := make([]byte, 4*rowlayout.BinWidth*b.maskRows)
	b.masks.ReadPixels(pix)
	reg := r.gpu.items[0].bins
	words := make([]uint32, reg.rows*rowlayout.BinWidth)
	for i := range words {
		j := 4 * (reg.row*rowlayout.BinWidth + i)
		words[i] = mWord([4]byte(pix[j : j+4]))
	}
	return words
}

// binReach is the GPU's reach for item it: the motion row's largest core
// half-diagonal times the instance's size scale and the largest glow
// growth, plus a pixel; and that growth.
func binReach(r *Renderer, it *gpuItem) (reach, growth float64) {
	g := &r.gpu
	ir := texRow(g.pix[it.instRow*rowlayout.GPURowBytes:])
	mrow := mLow16(ir.texel(rowlayout.InstMotion))
	mr := texRow(g.pix[mrow*rowlayout.GPURowBytes:])
	gr := float32(1)
	for n := 1; n < int(mr.texel(rowlayout.MotCounts)[2]); n++ {
		gr = max(gr, mF32(mr.texel(rowlayout.MotGlow+2*n)))
	}
	return float64(mF32(mr.texel(rowlayout.MotRadius))*mF32(ir.texel(rowlayout.InstSizeScale))*gr) + 1, float64(gr)
}

// gridDist is the distance from (x, y) to reg's whole tile grid.
func gridDist(reg *binRegion, x, y float64) float64 {
	ox, oy := float64(float32(reg.originX)), float64(float32(reg.originY))
	x1, y1 := ox+reg.tile*float64(reg.tilesX), oy+reg.tile*float64(reg.tilesY)
	return math.Hypot(max(ox-x, x-x1, 0), max(oy-y, y-y1, 0))
}

// tileDist is the distance from (x, y) to tile (tx, ty) of reg, and from
// the point clamped to the tile grid, as the position words hold it.
func tileDist(reg *binRegion, tx, ty int, x, y float64) (d, clamped float64) {
	ox, oy := float64(float32(reg.originX)), float64(float32(reg.originY))
	dist := func(x, y float64) float64 {
		x0, y0 := ox+reg.tile*float64(tx), oy+reg.tile*float64(ty)
		return math.Hypot(max(x0-x, x-(x0+reg.tile), 0), max(y0-y, y-(y0+reg.tile), 0))
	}
	cx := min(max(x, ox), ox+reg.tile*float64(reg.tilesX))
	cy := min(max(y, oy), oy+reg.tile*float64(reg.tilesY))
	return dist(x, y), dist(cx, cy)
}

// TestGPUBins: every mask bit is set where the particle's quad (its
// largest glow layer's) reaches the tile, and clear where the job row's
// reach does not (up to the position words' rounding, 1/√2 of a step of
// 1/BinQuant tile, from the position clamped to the grid), and in every
// tile where the reach misses the whole grid (a view that cuts the
// effect: the edge tiles would walk those otherwise); the
// summaries name exactly the non-empty groups; bits past the candidates
// are clear; the header holds the region's layout. With a constant
// lifetime every candidate is alive, so candidate i is the emitter's
// i-th particle in birth order.
func TestGPUBins(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	constLife := func(sp *emitter.Spec) {
		colorful(sp)
		sp.Lifetime = emitter.Constant(1.5)
		sp.Speed = emitter.NumberRange{Min: 5, Max: 60}
		sp.Size = emitter.NumberSequence{nk(0, 3, 1), nk(1, 8, 2)}
	}
	stream := streamEffect(t, 0, 3, func(sp *emitter.Spec) {
		constLife(sp)
		sp.Rate, sp.MaxParticles = 120, 400
	})
	stream.AddBurst(emitter.SecondsToTicks(0.4), 60)
	stream.AddBurst(emitter.SecondsToTicks(0.9), 90)
	stream.SetTime(1.2)
	glow := burstEffect(t, 120, 0.7, 4, func(sp *emitter.Spec) {
		constLife(sp)
		sp.LightEmission, sp.GlowLayers = 0.6, 3
	})
	large := burstEffect(t, 1100, 0.8, 5, func(sp *emitter.Spec) { // 35 groups: 2 summary texels
		constLife(sp)
		sp.Speed = emitter.NumberRange{Min: 5, Max: 120}
	})
	for _, c := range []struct {
		name string
		e    *emitter.Effect
		cam  *camera.Camera
		cut  bool // the view cuts the effect
	}{
		{"stream-and-bursts", stream, nil, false},
		{"glow", glow, nil, false},
		{"large", large, nil, false},
		{"camera", glow, &camera.Camera{X: 80, Y: 80, Zoom: 2, Rotation: 20}, false},
		{"cut", large, &camera.Camera{X: 40, Y: 40, Zoom: 3}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			words, it := binMasks(t, r, c.e, 160, 160, c.cam)
			reg := it.bins
			ps := c.e.AppendBillboards(nil)
			if len(ps) != it.candidates {
				t.Fatalf("%d particles, %d candidates: want every candidate alive", len(ps), it.candidates)
			}
			for _, h := range []struct {
				name string
				at   int
				want uint32
			}{
				{"tiles across", rowlayout.BinTilesX, uint32(reg.tilesX)},
				{"tiles down", rowlayout.BinTilesY, uint32(reg.tilesY)},
				{"groups", rowlayout.BinGroups, uint32(reg.groups)},
				{"reach", rowlayout.BinReach, uint32(reg.reach)},
				{"stream", rowlayout.BinStream, uint32(it.ns)},
				{"instance row", rowlayout.BinRow, uint32(it.instRow)},
				{"base", rowlayout.BinBase, uint32(it.baseHi)<<16 | uint32(it.baseLo)},
				{"tile size", rowlayout.BinTileSize, math.Float32bits(float32(reg.tile))},
				{"origin x", rowlayout.BinOriginX, math.Float32bits(float32(reg.originX))},
				{"stream clock", rowlayout.BinXRel, math.Float32bits(it.xrel)},
			} {
				if words[h.at] != h.want {
					t.Errorf("header %s: %#x, want %#x", h.name, words[h.at], h.want)
				}
			}
			wantGroups := (it.candidates + 31) / 32
			if reg.groups != wantGroups || reg.summary != (wantGroups+31)/32 {
				t.Fatalf("region %+v for %d candidates", reg, it.candidates)
			}
			reach, growth := binReach(r, &it)
			// The job row's reach, in position steps of step pixels: the
			// GPU's reach rounded up, plus a step.
			step := reg.tile / rowlayout.BinQuant
			if want := int(math.Ceil(reach/step)) + 1; reg.reach < want-1 || reg.reach > want+1 {
				t.Errorf("reach %d steps, want about %d (%.3f px)", reg.reach, want, reach)
			}
			stride := reg.summary + reg.groups
			needed, set, offGrid := 0, 0, 0
			for ty := range reg.tilesY {
				for tx := range reg.tilesX {
					rec := rowlayout.BinHeader + (ty*reg.tilesX+tx)*stride
					for g := range reg.groups {
						m := words[rec+reg.summary+g]
						set += bits.OnesCount32(m)
						if sum := words[rec+g/32]>>(g%32)&1 == 1; sum != (m != 0) {
							t.Fatalf("tile (%d, %d): summary bit of group %d is %v, mask %#x", tx, ty, g, sum, m)
						}
						for b := range 32 {
							i := 32*g + b
							bit := m>>b&1 == 1
							if i >= len(ps) {
								if bit {
									t.Fatalf("tile (%d, %d): bit of candidate %d past the %d candidates", tx, ty, i, len(ps))
								}
								continue
							}
							q := &ps[i]
							hd := math.Max(math.Hypot(float64(q.UX+q.VX), float64(q.UY+q.VY)), math.Hypot(float64(q.UX-q.VX), float64(q.UY-q.VY)))
							d, dc := tileDist(&reg, tx, ty, float64(q.X), float64(q.Y))
							if d < hd*growth-1e-3 && !bit {
								t.Fatalf("tile (%d, %d): candidate %d reaches %.3f px into the tile, bit clear", tx, ty, i, hd*growth-d)
							}
							if d < hd*growth {
								needed++
							}
							if dc > (float64(reg.reach)+0.75)*step && bit {
								t.Fatalf("tile (%d, %d): candidate %d is %.3f px away, beyond the reach %.3f, bit set", tx, ty, i, dc, float64(reg.reach)*step)
							}
							if og := gridDist(&reg, float64(q.X), float64(q.Y)); og > (float64(reg.reach)+0.75)*step {
								if bit {
									t.Fatalf("tile (%d, %d): candidate %d is %.3f px off the grid, beyond the reach %.3f, bit set", tx, ty, i, og, float64(reg.reach)*step)
								}
								if tx == 0 && ty == 0 {
									offGrid++
								}
							}
						}
					}
				}
			}
			tiles := reg.tilesX * reg.tilesY
			if needed == 0 || set >= tiles*len(ps) {
				t.Errorf("%d bits needed, %d set of %d: the masks decide nothing", needed, set, tiles*len(ps))
			}
			if c.cut && offGrid == 0 {
				t.Errorf("no candidate beyond the reach of the grid: the view cuts nothing")
			}
			t.Logf("%d candidates (%d beyond the grid's reach), %d tiles of %.1f px, %d bits set (%d needed), %.1f%% of the candidate-tile pairs", len(ps), offGrid, tiles, reg.tile, set, needed, 100*float64(set)/float64(tiles*len(ps)))
		})
	}
}

// binWalk sums, over the quad's pixels, the set bits of each pixel's tile
// (the candidates the effect shader evaluates there) and the set summary
// bits (the masks it reads), from item it's region words.
func binWalk(words []uint32, it *gpuItem) (walked, masks float64) {
	reg := &it.bins
	stride := reg.summary + reg.groups
	// The quad's pixels in each tile: whole tiles but for the last row and
	// column.
	w, h := it.x1-it.x0, it.y1-it.y0
	for ty := range reg.tilesY {
		for tx := range reg.tilesX {
			px := (min(w, reg.tile*float64(tx+1)) - reg.tile*float64(tx)) * (min(h, reg.tile*float64(ty+1)) - reg.tile*float64(ty))
			rec := rowlayout.BinHeader + (ty*reg.tilesX+tx)*stride
			for s := range reg.summary {
				masks += px * float64(bits.OnesCount32(words[rec+s]))
			}
			for g := range reg.groups {
				walked += px * float64(bits.OnesCount32(words[rec+reg.summary+g]))
			}
		}
	}
	return walked, masks
}

// BenchmarkGPUBinWork counts the effect shader's work per pixel from the
// masks read back (not times: llvmpipe's are no GPU's): bits/px, the
// candidates a fragment evaluates, averaged over the quad's pixels;
// groups/px, the masks it reads (summary bits set); cover/px, the
// particles whose quad covers a pixel on average (the local density the
// emitter gives); old/px, the candidates every fragment walked before the
// bins (all of them); and saving, old/px over bits/px. "same-area" grows
// the candidates in one area (density with them), "same-count" spreads
// 4,000 candidates over growing areas: bits/px follows cover/px, not the
// candidate count.
func BenchmarkGPUBinWork(b *testing.B) {
	needGPU(b)
	type config struct {
		name  string
		n     int
		speed float64
	}
	var configs []config
	for _, n := range []int{1000, 4000, 16000} {
		configs = append(configs, config{fmt.Sprintf("same-area/%d", n), n, 80})
	}
	for _, s := range []float64{40, 80, 160} {
		configs = append(configs, config{fmt.Sprintf("same-count/speed-%v", s), 4000, s})
	}
	// About 200 × 200 px of 1,000 candidates.
	configs = append(configs, config{"200px/1000", 1000, 48})
	for _, c := range configs {
		b.Run(c.name, func(b *testing.B) {
			r := newRenderer(b, &Options{Budget: -1})
			e := burstEffect(b, c.n, 0.9, 7, func(sp *emitter.Spec) {
				sp.Lifetime = emitter.Constant(2)
				sp.Speed = emitter.NumberRange{Min: 0, Max: c.speed}
				sp.Size = emitter.ConstantSequence(4)
				sp.RotSpeed = emitter.NumberRange{}
			})
			var words []uint32
			var it gpuItem
			for range b.N {
				words, it = binMasks(b, r, e, 400, 400, nil)
			}
			bitsPx, groupsPx := binWalk(words, &it)
			pixels := float64(it.pixels)
			cover := 0.0
			for _, q := range e.AppendBillboards(nil) {
				cover += 4 * math.Abs(float64(q.UX*q.VY-q.UY*q.VX))
			}
			reach, _ := binReach(r, &it)
			b.ReportMetric(binnedWalk(it.candidates, it.x1-it.x0, it.y1-it.y0, it.bins.tile, reach), "model/px")
			b.ReportMetric(bitsPx/pixels, "bits/px")
			b.ReportMetric(groupsPx/pixels, "groups/px")
			b.ReportMetric(cover/pixels, "cover/px")
			b.ReportMetric(float64(it.candidates), "old/px")
			b.ReportMetric(float64(it.candidates)/(bitsPx/pixels), "saving")
			b.ReportMetric(pixels, "pixels")
		})
	}
}

// TestBinLayout: an effect's region of the mask and positions images, the
// rows a frame hands out, and the limits past which the GPU path falls
// back (docs/gpu.md, section 3).
func TestBinLayout(t *testing.T) {
	for _, c := range []struct {
		name                    string
		w, h, tile              float64
		cand                    int
		tx, ty, groups, summary int
		rows, posRows           int
		ok                      bool
	}{
		{"200 px, 1,000 candidates", 200, 200, 16, 1000, 13, 13, 32, 1, 6, 1, true},
		{"400 px, 16,000 candidates", 400, 400, 16, 16000, 25, 25, 500, 16, 315, 16, true},
		{"full screen, 16,384 candidates", 1280, 1024, 16, 16384, 80, 64, 512, 16, 2641, 16, true},
		{"zoomed out: 32-px tiles", 1280, 1024, 32, 100, 40, 32, 4, 1, 7, 1, true},
		{"one candidate, one pixel", 1, 1, 16, 1, 1, 1, 1, 1, 1, 1, true},
		{"1,023 tiles across", 1023 * 16, 16, 16, 32, 1023, 1, 1, 1, 3, 1, true},
		{"1,024 tiles across", 1024 * 16, 16, 16, 32, 0, 0, 0, 0, 0, 0, false},
		{"too many candidates", 16, 16, 16, MaxGPUParticles + 1, 0, 0, 0, 0, 0, 0, false},
		{"past the mask image's rows", 4000, 4000, 16, 16384, 250, 250, 512, 16, 32227, 16, false},
	} {
		reg, ok := binLayout(c.w, c.h, c.tile, 3, c.cand)
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
		}
		if c.tx == 0 {
			continue // refused before a layout
		}
		got := [...]int{reg.tilesX, reg.tilesY, reg.groups, reg.summary, reg.rows, reg.posRows}
		if want := [...]int{c.tx, c.ty, c.groups, c.summary, c.rows, c.posRows}; got != want {
			t.Errorf("%s: tiles, groups, summary, rows, position rows %v, want %v", c.name, got, want)
		}
	}

	// The reach in position steps (1/64 tile), rounded up, plus one; at
	// most a grid's diagonal, kept an exact float32.
	for _, c := range []struct {
		tile, reach float64
		steps       int
	}{{16, 3, 13}, {32, 3, 7}, {16, 4, 17}, {8, 0.5, 5}, {16, 1e12, 2*rowlayout.BinMaxTiles*rowlayout.BinQuant + 1}} {
		if reg, _ := binLayout(64, 64, c.tile, c.reach, 10); reg.reach != c.steps {
			t.Errorf("reach %v px in tiles of %v: %d steps, want %d", c.reach, c.tile, reg.reach, c.steps)
		}
	}

	// One frame's regions share the images' rows: two full-screen effects
	// of 16,384 candidates do not fit 4,096 rows; a small one still does.
	var b gpuBins
	big, _ := binLayout(1280, 1024, 16, 3, 16384)
	small, _ := binLayout(200, 200, 16, 3, 1000)
	if !b.alloc(&big) || big.row != 0 || big.posRow != 0 {
		t.Fatalf("first region %+v", big)
	}
	if again := big; b.alloc(&again) {
		t.Errorf("a second full-screen region fit: %+v", again)
	}
	if !b.alloc(&small) || small.row != big.rows || small.posRow != big.posRows {
		t.Errorf("small region after the first: %+v", small)
	}
	if b.used != big.rows+small.rows || b.posUsed != big.posRows+small.posRows {
		t.Errorf("rows used %d, %d", b.used, b.posUsed)
	}
	for _, c := range [][3]int{{0, 1, 64}, {0, 64, 64}, {0, 65, 128}, {64, 65, 128}, {128, 3000, 4096}, {2048, 9999, rowlayout.BinMaxRows}} {
		if got := growRows(c[0], c[1]); got != c[2] {
			t.Errorf("growRows(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}
