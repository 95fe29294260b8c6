package world

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// nearLimitsLevel is a level at the document's limits: 64 presets of 16
// frames and 4-key curves, 256 emitters of 256 slots (65,536 in all),
// each with 16 timed bursts, in 16 rooms of 10 × 10 on a 4 × 4 grid joined
// by portals. Each emitter births 112 a second by rate and 16 by bursts,
// every 1 s, and its particles live 1.2 to 1.5 s: 2 groups of 128, all
// 256 slots in use.
func nearLimitsLevel(t testing.TB) *Document {
	t.Helper()
	d := &Document{Version: AlphaVersion}
	for i := range 16 {
		d.Textures = append(d.Textures, Texture{Name: "frame" + strconv.Itoa(i), Path: "frames/" + strconv.Itoa(i) + ".png", Width: 32, Height: 32})
	}
	for i := range MaxPresets {
		frames := make([]int, MaxFrames)
		for j := range frames {
			frames[j] = j
		}
		d.Presets = append(d.Presets, Preset{
			Name: "preset" + strconv.Itoa(i), Capacity: 256,
			Spawn:        Spawn{Shape: SpawnBox, Min: Vec3{-0.5, -0.5, 0}, Max: Vec3{0.5, 0.5, 0.2}},
			Velocity:     Range3{Min: Vec3{-0.5, -0.5, 0.5}, Max: Vec3{0.5, 0.5, 1.5}},
			Lifetime:     Range{1.2, 1.5},
			Acceleration: Vec3{0.1, 0, -1},
			Drag:         float64(i%4) * 0.3,
			Rotation:     Range{0, 360},
			Spin:         Range{-45, 45},
			Curves: Curves{
				Size:  []SizeKey{{0, 0.1}, {0.3, 0.3}, {0.7, 0.25}, {1, 0.05}},
				Color: []ColorKey{{0, 1, 0.9, 0.5, 0}, {0.2, 1, 0.6, 0.2, 1}, {0.8, 0.3, 0.3, 0.3, 0.5}, {1, 0.2, 0.2, 0.2, 0}},
			},
			Sprite: Sprite{Frames: frames, Facing: Facing(i % 2), Blend: Blend(i % 4), Flipbook: Flipbook{Mode: FlipbookMode(i % 2), FPS: 10}},
		})
	}
	const rooms = 4
	room := func(x, y int) int { return y*rooms + x }
	for y := range rooms {
		for x := range rooms {
			x0, y0 := float64(10*x), float64(10*y)
			s := Sector{Name: "room" + strconv.Itoa(room(x, y)), Floor: 0, Ceiling: 10,
				Points: []Vec2{{x0, y0}, {x0 + 10, y0}, {x0 + 10, y0 + 10}, {x0, y0 + 10}}}
			// Edges 0 (south), 1 (east), 2 (north), 3 (west).
			if y > 0 {
				s.Portals = append(s.Portals, Portal{Edge: 0, Sector: room(x, y-1)})
			}
			if x < rooms-1 {
				s.Portals = append(s.Portals, Portal{Edge: 1, Sector: room(x+1, y)})
			}
			if y < rooms-1 {
				s.Portals = append(s.Portals, Portal{Edge: 2, Sector: room(x, y+1)})
			}
			if x > 0 {
				s.Portals = append(s.Portals, Portal{Edge: 3, Sector: room(x-1, y)})
			}
			d.Sectors = append(d.Sectors, s)
		}
	}
	bursts := make([]Burst, MaxBursts)
	for i := range bursts {
		bursts[i] = Burst{Time: float64(i) / 16, Count: 1}
	}
	for i := range MaxEmitters {
		r := i / 16 // 16 emitters a room, on a 4 × 4 grid of their own
		sx, sy := float64(10*(r%rooms)), float64(10*(r/rooms))
		d.Emitters = append(d.Emitters, Emitter{
			Name: "emitter" + strconv.Itoa(i), Preset: i % MaxPresets, Sector: r,
			Position: Vec3{sx + 2.5 + 5.0/3*float64(i%4), sy + 2.5 + 5.0/3*float64(i/4%4), 1},
			Yaw:      float64(i*37%360 - 180), Scale: 1, Seed: uint32(i),
			Rate: 112, Duration: 1, Bursts: bursts, Playback: PlayCycle, Period: 1,
		})
	}
	if err := Compile(d); err != nil {
		t.Fatalf("the near-limits level does not compile: %v", err)
	}
	return d
}

func TestNearLimitsLevel(t *testing.T) {
	d := nearLimitsLevel(t)
	total := 0
	for i := range d.Presets {
		need, err := RequiredCapacity(d, i)
		if err != nil || need != 256 {
			t.Errorf("preset %d needs %d slots (%v), want 256", i, need, err)
		}
	}
	for _, e := range d.Emitters {
		total += d.Presets[e.Preset].Capacity
	}
	if total != MaxSlots {
		t.Errorf("%d slots in all, want %d", total, MaxSlots)
	}
}

// benchmarkAppend reports the CPU evaluation cost per live particle.
func benchmarkAppend(b *testing.B, append func(dst []Particle, clock float64) []Particle) {
	buf := append(nil, 100.5)
	live := len(buf)
	if live == 0 {
		b.Fatal("nothing alive")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		buf = append(buf[:0], 100.5)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(live), "ns/live-slot")
	b.ReportMetric(float64(live), "live")
}

// BenchmarkAppend evaluates the near-limits level: 65,536 slots.
func BenchmarkAppend(b *testing.B) {
	ev, err := NewEvaluator(nearLimitsLevel(b))
	if err != nil {
		b.Fatal(err)
	}
	benchmarkAppend(b, ev.Append)
}

// BenchmarkAppendEmitter evaluates one emitter of 4,096 slots: 2 groups
// of 2,048 births, most of them alive.
func BenchmarkAppendEmitter(b *testing.B) {
	d := nearLimitsLevel(b)
	d.Presets[1].Capacity = MaxSlotsPerEmitter
	d.Emitters = d.Emitters[1:2]
	d.Emitters[0].Rate = 2048 - 16
	d.Emitters[0].Preset = 1
	if err := Compile(d); err != nil {
		b.Fatal(err)
	}
	ev, err := NewEvaluator(d)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkAppend(b, func(dst []Particle, clock float64) []Particle { return ev.AppendEmitter(dst, 0, clock) })
}

// BenchmarkBounds computes the bounds of random emitters and presets.
func BenchmarkBounds(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	docs := make([]*Document, 64)
	for i := range docs {
		docs[i] = randomLevel(r)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		d := docs[i%len(docs)]
		i++
		_ = ConservativeEmitterBounds(&d.Emitters[0], &d.Presets[0])
	}
}

// BenchmarkValidate validates the near-limits level, without and with
// the sector checks.
func BenchmarkValidate(b *testing.B) {
	d := nearLimitsLevel(b)
	for _, c := range []struct {
		name     string
		validate func(*Document) error
	}{{"Validate", Validate}, {"ValidateForWorld", ValidateForWorld}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.validate(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAppendBillboards is the lean path over the near-limits level
// (65,536 slots), warm: every slot's rolls are cached, as they are from
// frame to frame. Compare it with BenchmarkAppend, the reference.
func BenchmarkAppendBillboards(b *testing.B) {
	ev, err := NewEvaluator(nearLimitsLevel(b))
	if err != nil {
		b.Fatal(err)
	}
	c := ev.NewCache()
	var buf []Billboard
	clock := 100.5
	frame := func() {
		buf = buf[:0]
		for e := range ev.Len() {
			buf = ev.AppendBillboards(buf, c, e, clock, 1)
		}
	}
	frame()
	live := len(buf)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		clock += 1.0 / 60
		frame()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(live), "ns/live-slot")
	b.ReportMetric(float64(live), "live")
}
