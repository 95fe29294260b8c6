package render

import (
	"fmt"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// slotsLevel is a level of 16 emitters on a 4 × 4 grid in one 16 × 16
// room, each with the given slots in use: slots births a second in a
// one-second cycle of particles living 0.9 to 1 s.
func slotsLevel(tb testing.TB, slots int) (*world.Level, *leveltex.Level) {
	tb.Helper()
	imgs := leveltest.Images()
	disc := imgs["disc"]
	b := disc.Bounds()
	d := &world.Document{Version: world.AlphaVersion,
		Textures: []world.Texture{{Name: "disc", Path: "textures/disc.png", Width: b.Dx(), Height: b.Dy(), Digest: world.TextureDigest(disc)}},
		Presets: []world.Preset{{
			Name: "swarm", Capacity: slots,
			Spawn:    world.Spawn{Shape: world.SpawnBox, Min: world.Vec3{X: -0.5, Y: -0.5}, Max: world.Vec3{X: 0.5, Y: 0.5, Z: 0.5}},
			Velocity: world.Range3{Min: world.Vec3{X: -0.3, Y: -0.3, Z: -0.2}, Max: world.Vec3{X: 0.3, Y: 0.3, Z: 0.4}},
			Lifetime: world.Range{Min: 0.9, Max: 1}, Drag: 0.8, Spin: world.Range{Min: -90, Max: 90},
			Curves: world.Curves{Size: []world.SizeKey{{Age: 0, Size: 0.3}, {Age: 1, Size: 0.2}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 0.8, B: 0.4, A: 0.6}, {Age: 1, R: 0.4, G: 0.6, B: 1, A: 0}}},
			Sprite: world.Sprite{Frames: []int{0}, Blend: world.BlendAdditive},
		}},
		Sectors: []world.Sector{{Name: "room", Points: []world.Vec2{{X: 0, Y: 0}, {X: 16, Y: 0}, {X: 16, Y: 16}, {X: 0, Y: 16}}, Ceiling: 4}},
	}
	for i := range 16 {
		d.Emitters = append(d.Emitters, world.Emitter{Name: fmt.Sprintf("swarm%d", i), Preset: 0, Sector: 0,
			Position: world.Vec3{X: 2 + 4*float64(i%4), Y: 2 + 4*float64(i/4), Z: 1.5}, Scale: 1, Seed: uint32(i),
			Rate: float64(slots), Duration: 1, Playback: world.PlayCycle, Period: 1})
	}
	if err := world.Compile(d); err != nil {
		tb.Fatalf("the level does not compile: %v", err)
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

// BenchmarkWorldGPUCPU is the CPU cost of a frame of 16 world emitters on
// the GPU path as their slots per emitter grow from 16 to 4,096 (256 to
// 65,536 in the level), against the batched path drawing the same levels,
// all measured in the same iterations: per slot count, DrawLevel's time
// on each path (the GPU work, flushed by a read-back after each frame, is
// outside the timings; the view is small, 32 × 32 pixels at 1.5 pixels a
// unit, so that llvmpipe's share stays short). It reports each path's
// ns/frame per slot count and the ratios 4096/16: the GPU path's CPU work
// per emitter does not depend on its slots, the batched path's grows with
// them.
func BenchmarkWorldGPUCPU(b *testing.B) {
	needGPU(b)
	counts := []int{16, 256, 1024, 4096}
	type lane struct {
		it       LevelItem
		gpu, bat *Renderer
		tg, tb   time.Duration
	}
	lanes := make([]lane, len(counts))
	for i, n := range counts {
		l, tex := slotsLevel(b, n)
		lanes[i] = lane{
			it:  LevelItem{Level: l, Textures: tex, Clock: 10},
			gpu: newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1}),
			bat: newRenderer(b, &Options{Budget: -1, LOD: LOD{Off: true}, Workers: 1}),
		}
	}
	dst := ebiten.NewImage(32, 32)
	defer dst.Deallocate()
	pix := make([]byte, 4*32*32)
	cam := &camera.World{X: 8, Y: 8, Zoom: 1.5, Pitch: 90}
	gpuPaths, batPaths := levelPaths(16, PathGPU), levelPaths(16, PathBatched)
	if os.Getenv("EMBER_BENCH_GPUONLY") != "" {
		batPaths = nil
	}
	iter := func() {
		for i := range lanes {
			ln := &lanes[i]
			ln.it.Clock += 1.0 / 60
			ln.it.Emitters = gpuPaths
			t0 := time.Now()
			ln.gpu.DrawLevel(dst, &ln.it, cam)
			t1 := time.Now()
			ln.it.Emitters = batPaths
			if batPaths != nil {
				ln.bat.DrawLevel(dst, &ln.it, cam)
			}
			t2 := time.Now()
			ln.tg += t1.Sub(t0)
			ln.tb += t2.Sub(t1)
			b.StopTimer()
			dst.Fill(color.Black)
			dst.ReadPixels(pix)
			b.StartTimer()
		}
	}
	for range 3 {
		iter()
	}
	for i := range lanes {
		if st := lanes[i].gpu.LevelStats(); st.GPU != 16 {
			b.Fatalf("%d slots: %d emitters on the GPU path, want 16", counts[i], st.GPU)
		}
		lanes[i].tg, lanes[i].tb = 0, 0
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		iter()
	}
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
	for i, n := range counts {
		b.ReportMetric(per(lanes[i].tg), fmt.Sprintf("gpu-%d-ns/frame", n))
		b.ReportMetric(per(lanes[i].tb), fmt.Sprintf("batched-%d-ns/frame", n))
	}
	last := len(lanes) - 1
	b.ReportMetric(float64(lanes[last].tg)/float64(lanes[0].tg), "gpu-4096/16")
	b.ReportMetric(float64(lanes[last].tb)/float64(lanes[0].tb), "batched-4096/16")
}
