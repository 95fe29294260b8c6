package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/raster"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// levelPaths returns n emitters' settings, every one asking for path p.
func levelPaths(n int, p Path) []LevelEmitter {
	out := make([]LevelEmitter, n)
	for i := range out {
		out[i].Path = p
	}
	return out
}

// TestWorldGPUPixels compares the world GPU path with the reference
// rasterizer on the test level (every blend, both facings, a two-frame
// flipbook, drag in both non-zero branches, cycling rate emitters and
// timed bursts after a delay) in the batched path's views (levelViews),
// on one atlas page and on several, with the tolerances of the other
// pixel tests. Every visible emitter must be drawn by the GPU path.
func TestWorldGPUPixels(t *testing.T) {
	needGPU(t)
	for _, page := range []int{0, 40} {
		l, tex := leveltest.Level(t, page)
		r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
		n := len(l.Document().Emitters)
		for _, c := range levelViews {
			name := fmt.Sprintf("world gpu %s, page size %d", c.name, page)
			it := &LevelItem{Level: l, Textures: tex, Clock: c.clock, Emitters: levelPaths(n, PathGPU)}
			bg := color.RGBA{40, 44, 52, 255}
			gpu, ref := levelBoth(t, r, it, &c.cam, 200, 120, bg)
			st := r.LevelStats()
			if n := drawnPixels(ref, bg); n < 200 {
				t.Errorf("%s: the reference drew only %d pixels", name, n)
			}
			compareImages(t, name, gpu, ref)
			if st.Batched != 0 || st.GPUFallbacks != 0 || st.GPU == 0 || st.GPU != st.Emitters {
				t.Errorf("%s: stats %+v: want every drawn emitter on the GPU path", name, st)
			}
		}
	}
}

// wallsLevel is the test level with three more spark emitters whose
// preset kills particles at walls (walls: kill), one per drag branch of
// the impact solver: none (the quadratic root), light (Newton's method on
// the series) and heavy (on the exponential form), showering on the
// hall's floor and its east wall, and a fourth spraying up into the
// ceiling. Their emitters are 6 to 9.
func wallsLevel(tb testing.TB) (*world.Level, *leveltex.Level) {
	tb.Helper()
	d := leveltest.Document(tb)
	spark := d.Presets[4]
	spark.Walls = world.WallsKill
	spark.Capacity = 64
	for _, c := range []struct {
		name string
		drag float64
		vz   world.Range
		acc  float64
	}{{"sparks-nodrag", 0, world.Range{Min: 0.5, Max: 2}, -6}, {"sparks-light", 0.5, world.Range{Min: 0.5, Max: 2}, -6},
		{"sparks-heavy", 3, world.Range{Min: 0.5, Max: 2}, -6}, {"sparks-up", 0.2, world.Range{Min: 3, Max: 4}, 0}} {
		p := spark
		p.Name, p.Drag = c.name, c.drag
		p.Velocity.Min.X, p.Velocity.Max.X = 1, 3
		p.Velocity.Min.Z, p.Velocity.Max.Z = c.vz.Min, c.vz.Max
		p.Acceleration = world.Vec3{Z: c.acc}
		d.Presets = append(d.Presets, p)
		d.Emitters = append(d.Emitters, world.Emitter{Name: c.name, Preset: len(d.Presets) - 1, Sector: 0,
			Position: world.Vec3{X: 8.6, Y: 1.5 + float64(len(d.Emitters)-6), Z: 0.4 + 3*c.vz.Min/4}, Scale: 1, Seed: uint32(20 + len(d.Emitters)),
			Rate: 30, Duration: 1, Playback: world.PlayCycle, Period: 1})
	}
	if err := world.Compile(d); err != nil {
		tb.Fatalf("the walls level does not compile: %v", err)
	}
	l, err := world.NewLevel(d)
	if err != nil {
		tb.Fatal(err)
	}
	tex, err := leveltex.Prepare(d, &leveltex.Options{Resolver: leveltest.Resolver(leveltest.Images())})
	if err != nil {
		tb.Fatal(err)
	}
	return l, tex
}

// readWords reads n words of row row of img.
func readWords(img *ebiten.Image, row, n int) []uint32 {
	w := img.Bounds().Dx()
	pix := make([]byte, 4*w*img.Bounds().Dy())
	img.ReadPixels(pix)
	out := make([]uint32, n)
	for i := range out {
		p := pix[4*(row*w+i):]
		out[i] = uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	}
	return out
}

// TestWorldGPUPositions reads back the world position pass's words and
// holds them to the CPU evaluator (world.Evaluator.AppendBillboards, the
// batched path's particles): at clocks of every kind (mid-emission,
// after a cycle's wrap, during the sparks' delay and their bursts) the
// GPU has the same slots live, each at the CPU's projected centre within
// 1.5 of the words' 1/64-tile steps (0.4 pixels), on a top-down and a
// side view; the walls: kill emitters, whose particles the CPU finds
// dead at their impacts, included. A third view cuts emitters at its
// edges: a slot whose centre lies off its emitter's tile grid is clamped
// onto it where its reach meets the grid and dead to the bins where it
// does not (within 1.5 steps of the reach), and many are.
func TestWorldGPUPositions(t *testing.T) {
	needGPU(t)
	l, tex := wallsLevel(t)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	n := len(l.Document().Emitters)
	ev := l.Evaluator()
	dst := ebiten.NewImage(192, 120)
	defer dst.Deallocate()
	killed, cut := 0, 0
	for _, cam := range []camera.World{{X: 8, Y: 4, Zoom: 11, Pitch: 90}, {X: 8, Y: 4, Z: 2, Zoom: 11}, {X: 4, Y: 5.5, Z: 1, Zoom: 20, Pitch: 90}} {
		for _, clock := range []float64{0.3, 0.71, 1.37, 2.6, 5.55, 9.05} {
			it := &LevelItem{Level: l, Textures: tex, Clock: clock, Emitters: levelPaths(n, PathGPU)}
			r.DrawLevel(dst, it, &cam)
			pr := cam.Projection(dst.Bounds())
			g := &r.world.gpu
			for _, item := range g.items {
				words := readWords(g.bins.positions, item.bins.posRow, ev.Slots(item.e))
				live := map[int]bool{}
				for _, b := range ev.AppendBillboards(nil, ev.NewCache(), item.e, clock, 1) {
					live[int(b.Slot)] = true
					x, y := pr.Apply(float64(b.X), float64(b.Y), float64(b.Z))
					wx, wy := (x-item.x0)/rowlayout.BinTile*rowlayout.BinQuant, (y-item.y0)/rowlayout.BinTile*rowlayout.BinQuant
					w := words[b.Slot]
					if x < item.x0 || x >= item.x1 || y < item.y0 || y >= item.y1 {
						// Off the grid: clamped onto it, or dead to the
						// bins beyond the reach.
						gx, gy := float64(item.bins.tilesX*rowlayout.BinQuant), float64(item.bins.tilesY*rowlayout.BinQuant)
						d := math.Hypot(max(-wx, wx-gx, 0), max(-wy, wy-gy, 0))
						reach := float64(item.bins.reach)
						dead := w&0xFFFF == rowlayout.BinDead
						switch {
						case d > reach+1.5 && !dead:
							t.Errorf("clock %v emitter %d slot %d: %.1f steps off the grid, beyond the reach %v, binned (word %#x)", clock, item.e, b.Slot, d, reach, w)
						case d < reach-1.5 && dead:
							t.Errorf("clock %v emitter %d slot %d: %.1f steps off the grid, within the reach %v, dead on the GPU", clock, item.e, b.Slot, d, reach)
						case d > reach+1.5:
							cut++
						}
						continue
					}
					if w&0xFFFF == rowlayout.BinDead {
						t.Errorf("clock %v emitter %d slot %d: live on the CPU (%v), dead on the GPU", clock, item.e, b.Slot, b)
					} else if math.Abs(float64(w&0xFFFF)-math.Floor(wx)) > 1.5 || math.Abs(float64(w>>16)-math.Floor(wy)) > 1.5 {
						t.Errorf("clock %v emitter %d slot %d: CPU at (%.2f, %.2f) steps, GPU word %#x", clock, item.e, b.Slot, wx, wy, w)
					}
				}
				for i, w := range words {
					if w&0xFFFF != rowlayout.BinDead && !live[i] {
						t.Errorf("clock %v emitter %d slot %d: live on the GPU only (word %#x)", clock, item.e, i, w)
					}
					// Born and younger than the shortest lifetime, so dead
					// only by a wall.
					if c := ev.Constants(item.e); !live[i] {
						if age, _, _, ok := c.Schedule.Birth(c.Schedule.At(clock), i); ok && age < c.LifeMin {
							killed++
						}
					}
				}
			}
		}
	}
	// Many of the kill emitters' particles met a wall before their
	// shortest lifetime.
	if killed < 50 {
		t.Errorf("%d particles met a wall: want the walls: kill emitters to lose many", killed)
	}
	if cut < 60 {
		t.Errorf("%d particles beyond the reach of their emitter's grid: want the close view to cut many", cut)
	}
	t.Logf("%d particles dead at a wall, %d beyond the reach of the grid", killed, cut)
}

// drawLevelImage draws it through cam on a w × h image of bg and reads it
// back.
func drawLevelImage(tb testing.TB, r *Renderer, it *LevelItem, cam *camera.World, w, h int, bg color.RGBA) *image.RGBA {
	tb.Helper()
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	dst.Fill(bg)
	r.DrawLevel(dst, it, cam)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(out.Pix)
	return out
}

// TestWorldGPUMixed: emitters on both paths in one view keep the blend
// passes' order (cutout, additive, then alpha and premultiplied in
// emitter order, whichever path draws each), matching the reference;
// the walls: kill sparks match it too; and under a particle budget the
// GPU path thins the particles the batched path thins.
func TestWorldGPUMixed(t *testing.T) {
	needGPU(t)
	l, tex := wallsLevel(t)
	n := len(l.Document().Emitters)
	bg := color.RGBA{40, 44, 52, 255}
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	cam := camera.World{X: 6, Y: 4, Z: 1.5, Zoom: 14, Pitch: 20}
	for _, c := range []struct {
		name  string
		paths []LevelEmitter
		gpu   int
	}{
		{"all gpu", levelPaths(n, PathGPU), 9},
		{"odd gpu", func() []LevelEmitter {
			out := levelPaths(n, PathBatched)
			for i := 1; i < n; i += 2 {
				out[i].Path = PathGPU
			}
			return out
		}(), 4},
	} {
		it := &LevelItem{Level: l, Textures: tex, Clock: 4.45, Emitters: c.paths}
		gpu, ref := levelBoth(t, r, it, &cam, 176, 96, bg)
		compareImages(t, "world gpu mixed "+c.name, gpu, ref)
		if st := r.LevelStats(); st.GPU != c.gpu || st.GPU+st.Batched != st.Emitters {
			t.Errorf("%s: stats %+v: want %d emitters on the GPU path", c.name, st, c.gpu)
		}
	}

	thin := newRenderer(t, &Options{Budget: 60, LOD: LOD{Off: true}})
	it := &LevelItem{Level: l, Textures: tex, Clock: 4.45, Emitters: levelPaths(n, PathBatched)}
	batched := drawLevelImage(t, thin, it, &cam, 176, 96, bg)
	if st := thin.LevelStats(); !(st.Thinned > 0.3) {
		t.Fatalf("the budget thinned %v of the candidates: want a good part", st.Thinned)
	}
	it.Emitters = levelPaths(n, PathGPU)
	gpu := drawLevelImage(t, thin, it, &cam, 176, 96, bg)
	compareImages(t, "world gpu thinned", gpu, batched)
	// The full view has more drawn than the thinned one.
	_, ref := levelBoth(t, r, it, &cam, 176, 96, bg)
	if a, b := drawnPixels(gpu, bg), drawnPixels(ref, bg); !(a < b) {
		t.Errorf("thinned view drew %d pixels, the full one %d", a, b)
	}
}

// swarmLevel is a level of n emitters (n a square) on a grid, 4 units
// apart, in one square room, each with the given slots in use: slots
// births a second in a one-second cycle of particles living 0.9 to 1 s,
// spawned in a box of half-width half, so every slot of its one group is
// in use.
func swarmLevel(tb testing.TB, n, slots int, half float64) (*world.Level, *leveltex.Level) {
	tb.Helper()
	return swarmLevelOf(tb, slices.Repeat([]int{slots}, n), half)
}

// swarmLevelOf is [swarmLevel] with each emitter's slots of its own:
// emitter i has slots[i] (len(slots) a square), its preset the one of
// that capacity.
func swarmLevelOf(tb testing.TB, slots []int, half float64) (*world.Level, *leveltex.Level) {
	tb.Helper()
	imgs := leveltest.Images()
	disc := imgs["disc"]
	b := disc.Bounds()
	side := int(math.Sqrt(float64(len(slots))))
	room := 4 * float64(side)
	d := &world.Document{Version: world.AlphaVersion,
		Textures: []world.Texture{{Name: "disc", Path: "textures/disc.png", Width: b.Dx(), Height: b.Dy(), Digest: world.TextureDigest(disc)}},
		Sectors:  []world.Sector{{Name: "room", Points: []world.Vec2{{X: 0, Y: 0}, {X: room, Y: 0}, {X: room, Y: room}, {X: 0, Y: room}}, Ceiling: 4}},
	}
	presets := map[int]int{} // slots -> preset
	for i, n := range slots {
		p, ok := presets[n]
		if !ok {
			p = len(d.Presets)
			presets[n] = p
			d.Presets = append(d.Presets, world.Preset{
				Name: fmt.Sprintf("swarm%d", n), Capacity: n,
				Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -half, Y: -half}, Max: world.Vec3{X: half, Y: half, Z: 0.5}},
				Velocity: world.Range3{Min: world.Vec3{X: -0.3, Y: -0.3, Z: -0.2}, Max: world.Vec3{X: 0.3, Y: 0.3, Z: 0.4}},
				Lifetime: world.Range{Min: 0.9, Max: 1}, Drag: 0.8, Spin: world.Range{Min: -90, Max: 90},
				Curves: world.Curves{Size: []world.SizeKey{{Age: 0, Size: 0.15}, {Age: 1, Size: 0.1}},
					Color: []world.ColorKey{{Age: 0, R: 1, G: 0.8, B: 0.4, A: 0.6}, {Age: 1, R: 0.4, G: 0.6, B: 1, A: 0}}},
				Sprite: world.Sprite{Frames: []int{0}, Blend: world.BlendAdditive},
			})
		}
		d.Emitters = append(d.Emitters, world.Emitter{Name: fmt.Sprintf("swarm%d", i), Preset: p, Sector: 0,
			Position: world.Vec3{X: 2 + 4*float64(i%side), Y: 2 + 4*float64(i/side), Z: 1.5}, Scale: 1, Seed: uint32(9 + i),
			Rate: float64(n), Duration: 1, Playback: world.PlayCycle, Period: 1})
	}
	if err := world.Compile(d); err != nil {
		tb.Fatalf("the swarm level does not compile: %v", err)
	}
	l, err := world.NewLevel(d)
	if err != nil {
		tb.Fatal(err)
	}
	tex, err := leveltex.Prepare(d, &leveltex.Options{Resolver: leveltest.Resolver(imgs)})
	if err != nil {
		tb.Fatal(err)
	}
	return l, tex
}

// TestWorldGPULimit draws an emitter of 4,096 live slots in a 3 × 3
// box, the document's
// limit per emitter, on the GPU path at a small target and compares it
// with the reference rasterizer.
func TestWorldGPULimit(t *testing.T) {
	needGPU(t)
	l, tex := swarmLevel(t, 1, world.MaxSlotsPerEmitter, 1.5)
	if s := l.Evaluator().Slots(0); s != world.MaxSlotsPerEmitter {
		t.Fatalf("the emitter has %d slots", s)
	}
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	bg := color.RGBA{0, 0, 0, 255}
	it := &LevelItem{Level: l, Textures: tex, Clock: 7.3, Emitters: levelPaths(1, PathGPU)}
	gpu, ref := levelBoth(t, r, it, &camera.World{X: 2, Y: 2, Zoom: 16, Pitch: 90}, 72, 72, bg)
	compareImages(t, "world gpu 4096 slots", gpu, ref)
	st := r.LevelStats()
	if st.GPU != 1 || st.Candidates < 3900 {
		t.Errorf("stats %+v: want the emitter on the GPU path with about 4,096 candidates", st)
	}
	if n := drawnPixels(ref, bg); n < 72*72/3 {
		t.Errorf("the reference drew %d pixels: want a third of the view at least", n)
	}
}

// TestWorldGPUAllocatesNothing: a warm DrawLevel with emitters on both
// paths allocates nothing of its own as the clock moves on. Each frame
// ends by reading the target back, which flushes Ebitengine's command
// queue as a game's frame end does (the GPU path draws into several
// images, whose commands cannot merge into the last frame's unflushed);
// the flush allocates inside Ebitengine, so a frame must cost exactly
// what replaying its draw calls (worldPath.issue) and the read-back cost.
func TestWorldGPUAllocatesNothing(t *testing.T) {
	needGPU(t)
	l, tex := wallsLevel(t)
	r := newRenderer(t, &Options{Budget: 100})
	dst := ebiten.NewImage(96, 64)
	defer dst.Deallocate()
	paths := levelPaths(len(l.Document().Emitters), PathGPU)
	for i := 0; i < len(paths); i += 3 {
		paths[i].Path = PathBatched
	}
	it := &LevelItem{Level: l, Textures: tex, Clock: 1, Emitters: paths}
	cam := camera.World{X: 6, Y: 4, Z: 1, Zoom: 8, Pitch: 40}
	pix := make([]byte, 4*96*64)
	frame := func() {
		it.Clock += 1.0 / 60
		r.DrawLevel(dst, it, &cam)
		dst.ReadPixels(pix)
	}
	for range 100 {
		frame()
	}
	if st := r.LevelStats(); st.GPU == 0 || st.Batched == 0 {
		t.Fatalf("stats %+v: want both paths", st)
	}
	requireLevelFrameAllocFree(t, "both paths", r, l, dst, pix, 20, frame)
}

// TestWorldGPUWork: the work an emitter gives the world GPU path, 1,024
// candidates in 1,024 slots reaching 2.2 pixels, on a 64 × 64 view: its
// quad is its bounds clipped to the view; the candidates it walks are
// those within the reach of the quad (the share of the bounds, along
// each axis, of the quad plus 2.2 pixels past each cut edge), each
// walked over 2·2.2 + 16 = 20.4 pixels of tiles along each axis, at most
// the quad (binnedWalk); the bin pass tests every slot against each of
// the quad's 16-pixel tiles.
func TestWorldGPUWork(t *testing.T) {
	view := image.Rect(0, 0, 64, 64)
	for _, c := range []struct {
		name           string
		x0, y0, x1, y1 float64
		pixels         int
		walked         float64 // per pixel
		binned         int
	}{
		// 1,024 · (20.4/64)².
		{"whole", 0, 0, 64, 64, 4096, 104.04, 16 * 1024},
		// 1,024 · (32 + 2.2)/64 = 547.2 kept: 547 · 20.4/32 · 20.4/64.
		{"right half cut", 32, 0, 96, 64, 2048, 111.152109375, 8 * 1024},
		// 1,024 · (64 + 2·2.2)/192 = 364.8: 365 · (20.4/64)².
		{"cut both sides", -64, 0, 128, 64, 4096, 37.0845703125, 16 * 1024},
		// 1,024 · (10 + 2.2)/40 = 312.3: 312 · 1 · 20.4/64 (a quad
		// narrower than the walk).
		{"sliver", -30, 0, 10, 64, 640, 99.45, 4 * 1024},
	} {
		w := worldGPUWork(1024, 1024, c.x0, c.y0, c.x1, c.y1, view, 2.2)
		if w.Pixels != c.pixels || math.Abs(w.Walked-c.walked) > 1e-9 || w.Binned != c.binned || w.Slots != 1024 || w.Layers != 1 {
			t.Errorf("%s: %+v, want %d pixels, %v walked, %d binned, 1,024 slots, one layer", c.name, w, c.pixels, c.walked, c.binned)
		}
	}
}

// TestWorldGPUAuto: PathAuto asks the renderer's cost model per emitter,
// which prices world emitters with constants of their own. The 4,096-slot
// emitter over a 72 × 72 view (5,184 pixels walking about 330 slots
// each, 25 tiles) costs the GPU path about 1.2 s at the default
// (llvmpipe's) WorldFragmentNS, against 14 ms batched, so it stays
// batched; effect constants a thousand times cheaper leave it batched;
// world constants a thousand times cheaper, as on a GPU, take it to the
// GPU path (about 1 ms), unless its slots cost 4 µs each (16 ms).
func TestWorldGPUAuto(t *testing.T) {
	needGPU(t)
	l, tex := swarmLevel(t, 1, world.MaxSlotsPerEmitter, 1.5)
	cam := camera.World{X: 2, Y: 2, Zoom: 16, Pitch: 90}
	dst := ebiten.NewImage(72, 72)
	defer dst.Deallocate()
	it := &LevelItem{Level: l, Textures: tex, Clock: 7.3}
	d := DefaultCostModel
	for _, c := range []struct {
		name     string
		cost     CostModel
		gpu, bat int
	}{
		{"llvmpipe", CostModel{}, 0, 1},
		{"fast effect fragments", CostModel{FragmentNS: d.FragmentNS / 1000, BinNS: d.BinNS / 1000}, 0, 1},
		{"fast world fragments", CostModel{WorldFragmentNS: d.WorldFragmentNS / 1000, WorldSlotNS: d.WorldSlotNS / 1000, BinNS: d.BinNS / 1000}, 1, 0},
		{"fast world fragments, slow slots", CostModel{WorldFragmentNS: d.WorldFragmentNS / 1000, WorldSlotNS: 4000, BinNS: d.BinNS / 1000}, 0, 1},
	} {
		r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}, Cost: c.cost})
		r.DrawLevel(dst, it, &cam)
		if st := r.LevelStats(); st.GPU != c.gpu || st.Batched != c.bat {
			t.Errorf("%s: stats %+v: want %d on the GPU path, %d batched", c.name, st, c.gpu, c.bat)
		}
	}
}

// TestWorldGPUTwoViews: two cameras draw the level in one frame (a split
// screen), each on its own target with nothing read back between them:
// the second view's passes reuse the bins' images the first view's shade
// quads read, and Ebitengine runs the draws in order, so both match the
// reference.
func TestWorldGPUTwoViews(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	it := &LevelItem{Level: l, Textures: tex, Clock: 3.3, Emitters: levelPaths(len(l.Document().Emitters), PathGPU)}
	cams := []camera.World{{X: 3, Y: 4, Z: 1.8, Zoom: 24, Pitch: 30}, {X: 13, Y: 4, Z: 1.5, Zoom: 16, Pitch: 60}}
	bg := color.RGBA{40, 44, 52, 255}
	var dsts []*ebiten.Image
	for i := range cams {
		d := ebiten.NewImage(96, 80)
		defer d.Deallocate()
		d.Fill(bg)
		r.DrawLevel(d, it, &cams[i])
		if st := r.LevelStats(); st.GPU == 0 || st.Batched != 0 {
			t.Fatalf("view %d: stats %+v", i, st)
		}
		dsts = append(dsts, d)
	}
	for i, d := range dsts {
		got := image.NewRGBA(image.Rect(0, 0, 96, 80))
		d.ReadPixels(got.Pix)
		ref := image.NewRGBA(got.Rect)
		for j := 0; j < len(ref.Pix); j += 4 {
			ref.Pix[j], ref.Pix[j+1], ref.Pix[j+2], ref.Pix[j+3] = bg.R, bg.G, bg.B, bg.A
		}
		var rr raster.Rasterizer
		rr.DrawLevel(ref, &raster.LevelItem{Level: l, Textures: tex, Clock: it.Clock}, &cams[i])
		if n := drawnPixels(ref, bg); n < 100 {
			t.Errorf("view %d: the reference drew only %d pixels", i, n)
		}
		compareImages(t, fmt.Sprintf("world gpu view %d", i), got, ref)
	}
}
