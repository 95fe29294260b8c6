package world

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestConstants: an emitter's Constants are what its document says, in
// the evaluator's float32 where it reads float32 (lifetimes, the size
// curve's ages), with a wall plane for each plane of its sector the walls:
// kill emitter's bounds leave (and none for a contained emitter), each
// giving the signed distance past its plane of a point of the emitter's
// frame: N0 + M·d is N·x - c for x = P + k R(yaw) d.
func TestConstants(t *testing.T) {
	d := nearLimitsLevel(t)
	ev, err := NewEvaluator(d)
	if err != nil {
		t.Fatal(err)
	}
	for e := range d.Emitters {
		em := &d.Emitters[e]
		p := &d.Presets[em.Preset]
		c := ev.Constants(e)
		if c.Seed != em.Seed || c.Position != em.Position || c.Scale != em.Scale || c.Drag != p.Drag ||
			c.LifeMax != float64(float32(p.Lifetime.Max)) || c.Frames != len(p.Sprite.Frames) || len(c.Walls) != 0 {
			t.Fatalf("emitter %d: constants %+v do not follow its document", e, c)
		}
		if ev.Slots(e) != c.Schedule.Slots() || len(c.Sizes) != len(p.Curves.Size) {
			t.Fatalf("emitter %d: %d slots, schedule %d; %d sizes", e, ev.Slots(e), c.Schedule.Slots(), len(c.Sizes))
		}
	}

	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		d := wallsLevel(r)
		ev, err := NewEvaluator(d)
		if err != nil {
			t.Fatal(err)
		}
		em := &d.Emitters[0]
		sec := &d.Sectors[em.Sector]
		c := ev.Constants(0)
		if len(c.Walls) == 0 || len(c.Walls) > len(sec.Points)+2 {
			t.Fatalf("%d wall planes for a sector of %d walls", len(c.Walls), len(sec.Points))
		}
		// A point of the emitter's frame placed in the world: its
		// largest distance past the planes is the sector's (outside).
		for range 10 {
			dd := Vec3{r.Float64()*8 - 4, r.Float64()*8 - 4, r.Float64()*8 - 4}
			x := Vec3{em.Position.X + em.Scale*(c.Cos*dd.X-c.Sin*dd.Y), em.Position.Y + em.Scale*(c.Sin*dd.X+c.Cos*dd.Y), em.Position.Z + em.Scale*dd.Z}
			worst := math.Inf(-1)
			for _, w := range c.Walls {
				worst = max(worst, w.N0+w.M.X*dd.X+w.M.Y*dd.Y+w.M.Z*dd.Z)
			}
			if o := outside(sec, x); worst > o+1e-9 {
				t.Fatalf("a point %v past the planes by %v, past the sector by %v", x, worst, o)
			}
		}
	}
}
