package render

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/internal/race"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/raster"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// levelBoth draws a level view with DrawLevel and with the reference
// rasterizer, on a background, and returns both premultiplied images.
func levelBoth(tb testing.TB, r *Renderer, it *LevelItem, cam *camera.World, w, h int, bg color.RGBA) (gpu, ref *image.RGBA) {
	tb.Helper()
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	dst.Fill(bg)
	r.DrawLevel(dst, it, cam)
	gpu = image.NewRGBA(image.Rect(0, 0, w, h))
	dst.ReadPixels(gpu.Pix)
	ref = image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(ref.Pix); i += 4 {
		ref.Pix[i], ref.Pix[i+1], ref.Pix[i+2], ref.Pix[i+3] = bg.R, bg.G, bg.B, bg.A
	}
	var hidden []bool
	for _, e := range it.Emitters {
		hidden = append(hidden, e.Hidden)
	}
	var rr raster.Rasterizer
	rr.DrawLevel(ref, &raster.LevelItem{Level: it.Level, Textures: it.Textures, Clock: it.Clock, Hidden: hidden}, cam)
	return gpu, ref
}

// drawnPixels counts the pixels of img that differ from bg.
func drawnPixels(img *image.RGBA, bg color.RGBA) int {
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		if img.Pix[i] != bg.R || img.Pix[i+1] != bg.G || img.Pix[i+2] != bg.B || img.Pix[i+3] != bg.A {
			n++
		}
	}
	return n
}

// levelViews are views of the test level for pixel tests, 200 × 120
// pixels: cameras from top-down to side views, turned and zoomed, at
// clocks of each emitter's phases.
var levelViews = []struct {
	name  string
	cam   camera.World
	clock float64
}{
	{"top-down", camera.World{X: 8, Y: 4, Zoom: 12, Pitch: 90}, 2.6},
	{"three-quarter", camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 12, Pitch: 50}, 2.6},
	{"side", camera.World{X: 8, Y: 4, Z: 2, Zoom: 12}, 2.6},
	{"hall close", camera.World{X: 3.5, Y: 4, Z: 1.8, Zoom: 40, Pitch: 30}, 5.55},
	{"turned", camera.World{X: 8, Y: 4, Z: 1, Zoom: 14, Pitch: 65, Yaw: 35}, 0.6},
	{"annex from -x", camera.World{X: 13, Y: 4, Z: 2.5, Zoom: 30, Pitch: 20, Yaw: -90}, 7.25},
}

// TestPixelLevel compares the batched world path with the reference
// rasterizer on the test level (every blend, both facings, a flipbook)
// through cameras from top-down to side views, turned and zoomed, on one
// atlas page and on several.
func TestPixelLevel(t *testing.T) {
	needGPU(t)
	for _, page := range []int{0, 40} {
		l, tex := leveltest.Level(t, page)
		r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
		for _, c := range levelViews {
			name := c.name
			if page > 0 {
				name += " pages"
			}
			it := &LevelItem{Level: l, Textures: tex, Clock: c.clock}
			bg := color.RGBA{40, 44, 52, 255}
			gpu, ref := levelBoth(t, r, it, &c.cam, 200, 120, bg)
			if n := drawnPixels(ref, bg); n < 200 {
				t.Errorf("%s: the reference drew only %d pixels", name, n)
			}
			compareImages(t, "level "+name, gpu, ref)
			if page > 0 && len(tex.Pages) < 2 {
				t.Errorf("page size %d gave %d pages", page, len(tex.Pages))
			}
		}
	}
}

// TestPixelLevelTriangles: every emitter drawn as triangles (one per
// particle, enclosing its quad; the shader draws nothing outside the quad)
// matches the reference as quads do, in every view of TestPixelLevel, and
// differs from the quads' pixels by more than rounding only on a few edge
// pixels (a pixel centre within the rasterizer's sub-pixel precision of a
// quad's edge: the quad's coverage is decided from its corners, the
// triangle's from the interpolated (u, v); triangleDiff).
func TestPixelLevelTriangles(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	bg := color.RGBA{40, 44, 52, 255}
	for _, c := range levelViews {
		imgs := map[bool]*image.RGBA{}
		for _, tri := range []bool{false, true} {
			r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
			r.triMax = -1 // every emitter as quads, or as triangles
			if tri {
				r.triMax = 1e9
			}
			it := &LevelItem{Level: l, Textures: tex, Clock: c.clock}
			gpu, ref := levelBoth(t, r, it, &c.cam, 200, 120, bg)
			compareImages(t, fmt.Sprintf("level %s triangles %v", c.name, tri), gpu, ref)
			imgs[tri] = gpu
			st := r.LevelStats()
			if want := map[bool]int{false: 0, true: st.Particles}[tri]; st.Triangles != want || st.Particles == 0 {
				t.Errorf("%s: %d of %d particles drawn as triangles, want %d", c.name, st.Triangles, st.Particles, want)
			}
		}
		triangleDiff(t, c.name, imgs[true], imgs[false])
	}
}

// TestLevelChunks: the limits level seen whole (about 44,000 particles on
// one page, one draw) is submitted in calls of at most 2,048 quads or
// triangles, as quads at zoom 8 (billboards of up to 2.4 px) and as
// triangles when every emitter is small enough, and a warm frame
// allocates nothing of its own: it costs what replaying its calls and
// reading the target back cost.
func TestLevelChunks(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Limits(t)
	dst := ebiten.NewImage(320, 320)
	defer dst.Deallocate()
	pix := make([]byte, 4*320*320)
	cam := &camera.World{X: 20, Y: 20, Z: 1, Zoom: 8, Pitch: 60}
	for _, tri := range []bool{false, true} {
		r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
		if tri {
			r.triMax = 1e9
		}
		it := &LevelItem{Level: l, Textures: tex, Clock: 50}
		frame := func() {
			it.Clock += 1.0 / 60
			r.DrawLevel(dst, it, cam)
			dst.ReadPixels(pix)
		}
		for range 3 {
			frame()
		}
		st := r.LevelStats()
		wantTri := map[bool]int{false: 0, true: st.Particles}[tri]
		if calls := (st.Particles + chunkQuads - 1) / chunkQuads; st.Particles < 40000 || st.DrawCalls != 1 || st.Calls != calls || st.Triangles != wantTri {
			t.Errorf("triangles %v: %+v, want 1 draw in %d calls, %d triangles", tri, st, calls, wantTri)
		}
		requireLevelFrameAllocFree(t, fmt.Sprintf("triangles %v", tri), r, l, dst, pix, 5, frame)
	}
}

// requireLevelFrameAllocFree requires frame, which draws the level l onto
// dst through r and reads dst back into pix, warm, to allocate nothing of
// its own: as much as replaying its draw calls (worldPath.issue) and the
// read-back allocate inside Ebitengine, over runs frames.
func requireLevelFrameAllocFree(t *testing.T, name string, r *Renderer, l *world.Level, dst *ebiten.Image, pix []byte, runs int, frame func()) {
	t.Helper()
	if race.Enabled {
		return // the race detector's instrumentation allocates
	}
	ls := r.world.levels[l]
	requireNoneOfEmbers(t, name+": ", runs, frame, func() {
		r.world.issue(dst, ls)
		dst.ReadPixels(pix)
	})
}

// TestPixelLevelBlendOrder: over a bright additive torch, alpha smoke
// (drawn after it, in the last pass) darkens what is below; drawn with
// the smoke hidden, the torch is brighter. Both match the reference.
func TestPixelLevelBlendOrder(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	cam := camera.World{X: 3, Y: 4, Z: 2.2, Zoom: 40, Pitch: 0}
	bg := color.RGBA{0, 0, 0, 255}
	only := func(shown ...int) []LevelEmitter {
		out := make([]LevelEmitter, 6)
		for i := range out {
			out[i].Hidden = true
		}
		for _, e := range shown {
			out[e].Hidden = false
		}
		return out
	}
	fire, _ := levelBoth(t, r, &LevelItem{Level: l, Textures: tex, Clock: 4.3, Emitters: only(0)}, &cam, 120, 120, bg)
	both, ref := levelBoth(t, r, &LevelItem{Level: l, Textures: tex, Clock: 4.3, Emitters: only(0, 1)}, &cam, 120, 120, bg)
	compareImages(t, "level torch and smoke", both, ref)
	// Where the fire alone is bright, the charcoal smoke over it takes
	// light away.
	with, without, n := 0, 0, 0
	for i := 0; i < len(fire.Pix); i += 4 {
		if fire.Pix[i] >= 160 {
			with += int(both.Pix[i])
			without += int(fire.Pix[i])
			n++
		}
	}
	if n < 50 || !(with < without) {
		t.Errorf("the smoke does not darken the fire: red %d with smoke, %d without, over %d bright pixels", with, without, n)
	}
	if st := r.LevelStats(); st.Hidden != 4 || st.Emitters != 2 {
		t.Errorf("stats %+v: want 2 drawn, 4 hidden", st)
	}
}

// TestLevelCulling: a camera on the hall culls the annex's emitters
// before their particles (the broad phase finds the hall's only), and
// drawing the annex's view evaluates them; culled or not, the clock the
// item carries is what is drawn.
func TestLevelCulling(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	dst := ebiten.NewImage(160, 120)
	defer dst.Deallocate()
	it := &LevelItem{Level: l, Textures: tex, Clock: 3.1}
	r.DrawLevel(dst, it, &camera.World{X: 3, Y: 4, Zoom: 30, Pitch: 90}) // the hall's west half
	st := r.LevelStats()
	if st.Total != 6 || st.BroadPhase >= 6 || st.Emitters == 0 || st.Emitters+st.Culled != 6 {
		t.Errorf("hall view: %+v", st)
	}
	r.DrawLevel(dst, it, &camera.World{X: 13, Y: 4, Zoom: 30, Pitch: 90}) // the annex
	st2 := r.LevelStats()
	if st2.Emitters != 3 || st2.Reused != 0 {
		t.Errorf("annex view: %+v, want its 3 emitters, freshly evaluated", st2)
	}
	// A third view at the same clock (a minimap) reuses what the two
	// first evaluated; at the next clock it evaluates them anew.
	r.DrawLevel(dst, it, &camera.World{X: 8, Y: 4, Zoom: 8, Pitch: 90})
	if st3 := r.LevelStats(); st3.Emitters != 6 || st3.Reused != 6 {
		t.Errorf("overview after both rooms at the same clock: %+v, want all 6 reused", st3)
	}
	it.Clock += 1.0 / 60
	r.DrawLevel(dst, it, &camera.World{X: 8, Y: 4, Zoom: 8, Pitch: 90})
	if st4 := r.LevelStats(); st4.Emitters != 6 || st4.Reused != 0 {
		t.Errorf("overview at the next clock: %+v, want none reused", st4)
	}
	// A nil camera is the zero camera.World, not a panic.
	r.DrawLevel(dst, it, &camera.World{})
	zero := r.LevelStats()
	r.DrawLevel(dst, it, nil)
	if st := r.LevelStats(); st.Emitters != zero.Emitters || st.Culled != zero.Culled || st.Particles != zero.Particles {
		t.Errorf("nil camera: %+v, want the zero camera's %+v", st, zero)
	}
}

// TestLevelBudgetAndLOD: past the budget, every visible emitter keeps the
// fraction that fits; seen small, an emitter is thinned and then dropped.
func TestLevelBudgetAndLOD(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	dst := ebiten.NewImage(160, 120)
	defer dst.Deallocate()
	it := &LevelItem{Level: l, Textures: tex, Clock: 6.5}
	cam := &camera.World{X: 8, Y: 4, Zoom: 10, Pitch: 90}
	full := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	full.DrawLevel(dst, it, cam)
	all := full.LevelStats()
	half := newRenderer(t, &Options{Budget: all.Candidates / 2, LOD: LOD{Off: true}})
	half.DrawLevel(dst, it, cam)
	st := half.LevelStats()
	if st.Thinned < 0.45 || st.Thinned > 0.55 || st.Particles > all.Particles*3/4 || st.Particles < all.Particles/4 {
		t.Errorf("budget %d of %d candidates: %+v (all: %+v)", all.Candidates/2, all.Candidates, st, all)
	}
	// At zoom 10 the sparks' largest billboard is 1.5 px and the motes'
	// 1.2 px: between None 0.5 and Full 2, thinned; at zoom 2 (0.3 px,
	// 0.24 px) dropped.
	lod := newRenderer(t, &Options{Budget: -1})
	lod.DrawLevel(dst, it, cam)
	if st := lod.LevelStats(); st.Particles >= all.Particles || st.Faded != 0 {
		t.Errorf("LOD at zoom 10: %+v, all %+v", st, all)
	}
	lod.DrawLevel(dst, it, &camera.World{X: 8, Y: 4, Zoom: 2, Pitch: 90})
	if st := lod.LevelStats(); st.Faded != 2 {
		t.Errorf("LOD at zoom 2: %+v, want sparks and motes faded", st)
	}
}

func TestLODKeep(t *testing.T) {
	for _, c := range []struct {
		lod      LOD
		px, want float64
	}{
		{LOD{}, 2, 1}, {LOD{}, 10, 1}, {LOD{}, 0.5, 0}, {LOD{}, 1.25, 0.5}, {LOD{}, 0.1, 0},
		{LOD{Full: 8, None: 4}, 6, 0.5}, {LOD{Off: true}, 0, 1},
	} {
		if got := c.lod.keep(c.px); got != c.want {
			t.Errorf("%+v.keep(%v) = %v, want %v", c.lod, c.px, got, c.want)
		}
	}
}

// TestLevelPath: PathBatched and PathGPU are taken as asked; PathAuto
// asks the renderer's cost model, here pricing the batched path at 3.5 µs
// a candidate (plus 1 µs) and the world GPU path at 48 ns per walked
// candidate and pixel, 48 ns per binned test and 100 ns per slot (plus 2
// µs): ten candidates in 10 slots over 400 pixels (48·400·10 + 48·40 +
// 100·10 + 2,000 ≈ 197 µs against 36 µs) stay batched, 4,096 over 32 × 32
// pixels walking 100 each (≈ 6.1 ms against 14.3 ms) go to the GPU. The
// effect constants do not price world emitters.
func TestLevelPath(t *testing.T) {
	r := newRenderer(t, &Options{Cost: CostModel{FragmentNS: 1e6, BinNS: 48, ParticleNS: 3500, GPUEffectNS: 2000, BatchedEffectNS: 1000,
		WorldFragmentNS: 48, WorldSlotNS: 100}})
	small := GPUWork{Pixels: 400, Walked: 10, Binned: 40, Layers: 1, Slots: 10}
	dense := GPUWork{Pixels: 1024, Walked: 100, Binned: 4 * 4096, Layers: 1, Slots: 4096}
	for _, c := range []struct {
		name string
		p    Path
		w    GPUWork
		cand int
		want Path
	}{
		{"auto small", PathAuto, small, 10, PathBatched},
		{"auto dense", PathAuto, dense, 4096, PathGPU},
		{"batched dense", PathBatched, dense, 4096, PathBatched},
		{"gpu small", PathGPU, small, 10, PathGPU},
	} {
		if got := r.LevelPath(c.p, c.w, c.cand); got != c.want {
			t.Errorf("%s: LevelPath = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestWorldRowLayout: the preset row's constants agree with the world
// package's, which internal/rowlayout cannot import.
func TestWorldRowLayout(t *testing.T) {
	if rowlayout.WorldMaxKeys != world.MaxCurveKeys || rowlayout.WorldMaxFrames != world.MaxFrames {
		t.Error("the world row's limits differ from the world package's")
	}
	for _, c := range [][2]int{
		{rowlayout.WorldChannelLifetime, world.ChannelLifetime}, {rowlayout.WorldChannelSpawnX, world.ChannelSpawnX},
		{rowlayout.WorldChannelSpawnY, world.ChannelSpawnY}, {rowlayout.WorldChannelSpawnZ, world.ChannelSpawnZ},
		{rowlayout.WorldChannelVelocityX, world.ChannelVelocityX}, {rowlayout.WorldChannelVelocityY, world.ChannelVelocityY},
		{rowlayout.WorldChannelVelocityZ, world.ChannelVelocityZ}, {rowlayout.WorldChannelRotation, world.ChannelRotation},
		{rowlayout.WorldChannelSpin, world.ChannelSpin}, {rowlayout.WorldChannelThin, world.ChannelThin},
	} {
		if c[0] != c[1] {
			t.Errorf("rowlayout's world channel %d is world's %d", c[0], c[1])
		}
	}
	if rowlayout.WorldMaxSlots != world.MaxSlotsPerEmitter || rowlayout.WorldEmitterMaxPlanes != world.MaxSectorPoints+2 {
		t.Error("the world GPU path's loop bounds differ from the world package's limits")
	}
	for _, c := range []struct {
		row int
		b   world.Blend
	}{{rowlayout.WorldBlendAdditive, world.BlendAdditive}, {rowlayout.WorldBlendCutout, world.BlendCutout},
		{rowlayout.WorldBlendAlpha, world.BlendAlpha}, {rowlayout.WorldBlendPremultiplied, world.BlendPremultiplied}} {
		if c.row != int(c.b) {
			t.Errorf("rowlayout's %v is %d", c.b, c.row)
		}
	}
}

// TestLevelAllocatesNothing: a warm DrawLevel allocates nothing, through
// clocks that move on and views that change.
func TestLevelAllocatesNothing(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: 100})
	dst := ebiten.NewImage(160, 120)
	defer dst.Deallocate()
	it := &LevelItem{Level: l, Textures: tex, Clock: 1}
	cams := []camera.World{{X: 8, Y: 4, Zoom: 10, Pitch: 90}, {X: 3, Y: 4, Zoom: 30, Pitch: 45}}
	frame := func() {
		it.Clock += 1.0 / 60
		for i := range cams {
			r.DrawLevel(dst, it, &cams[i])
		}
	}
	for range 200 {
		frame()
	}
	if race.Enabled {
		return // the race detector's instrumentation allocates
	}
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// TestLevelThinningStable: the budget's and the LOD's thinning depends on
// the clock alone: a view under a budget shows the same pixels at a clock
// whether the renderer reached it forward, rewound to it, or is a fresh
// renderer drawing it first, and that view is not the unthinned one.
func TestLevelThinningStable(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	cam := &camera.World{X: 8, Y: 4, Zoom: 10, Pitch: 90}
	dst := ebiten.NewImage(160, 120)
	defer dst.Deallocate()
	frame := func(r *Renderer, clock float64) []byte {
		dst.Clear()
		r.DrawLevel(dst, &LevelItem{Level: l, Textures: tex, Clock: clock}, cam)
		pix := make([]byte, 4*160*120)
		dst.ReadPixels(pix)
		return pix
	}
	full := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	whole := frame(full, 6.5)
	all := full.LevelStats()
	opts := &Options{Budget: all.Candidates / 2} // and the default LOD
	r := newRenderer(t, opts)
	clocks := []float64{5, 5.5, 6, 6.5}
	var forward [][]byte
	for _, c := range clocks {
		forward = append(forward, frame(r, c))
	}
	if st := r.LevelStats(); st.Thinned == 0 || string(forward[3]) == string(whole) {
		t.Fatalf("nothing thinned at budget %d: %+v", opts.Budget, st)
	}
	for i := len(clocks) - 1; i >= 0; i-- {
		if string(frame(r, clocks[i])) != string(forward[i]) {
			t.Errorf("rewound to %v s, the thinned view differs from the one drawn forward", clocks[i])
		}
	}
	if string(frame(newRenderer(t, opts), 6)) != string(forward[2]) {
		t.Error("a fresh renderer's thinned view at 6 s differs from the one drawn after 5 and 5.5 s")
	}
}

// TestLevelTexturesMismatch: textures that are not the level's (another
// level's, a hand-built Level) draw nothing and are reported once by Err,
// where uploading them would index past them; the level's own textures
// then draw it.
func TestLevelTexturesMismatch(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, &Options{Budget: -1, LOD: LOD{Off: true}})
	bg := color.RGBA{40, 44, 52, 255}
	c := levelViews[0]
	n := len(l.Document().Textures)
	short := *tex
	short.Frames = short.Frames[:n-1]
	for _, bad := range []*leveltex.Level{{}, &short} {
		for range 2 {
			gpu, _ := levelBoth(t, r, &LevelItem{Level: l, Textures: bad, Clock: c.clock}, &c.cam, 200, 120, bg)
			if px := drawnPixels(gpu, bg); px != 0 {
				t.Errorf("textures that do not fit drew %d pixels", px)
			}
		}
	}
	want := fmt.Sprintf("render: DrawLevel: texture: level textures: 0 images and 0 frames for the level's %d textures", n)
	if err := r.Err(); err == nil || err.Error() != want {
		t.Errorf("Err: %v, want once: %s", err, want)
	}
	gpu, _ := levelBoth(t, r, &LevelItem{Level: l, Textures: tex, Clock: c.clock}, &c.cam, 200, 120, bg)
	if drawnPixels(gpu, bg) < 200 {
		t.Error("the level's own textures do not draw it")
	}
}

// TestNilTarget: a nil target draws nothing, on every entry point, as
// layerdraw's drawers treat a nil screen.
func TestNilTarget(t *testing.T) {
	needGPU(t)
	l, tex := leveltest.Level(t, 0)
	r := newRenderer(t, nil)
	r.Draw(nil, nil)
	r.DrawCamera(nil, nil, &camera.Camera{Zoom: 2})
	r.DrawLevel(nil, &LevelItem{Level: l, Textures: tex, Clock: 1}, &levelViews[0].cam)
	if st := r.LevelStats(); st.Total != 0 {
		t.Errorf("a nil target drew a level: %+v", st)
	}
}
