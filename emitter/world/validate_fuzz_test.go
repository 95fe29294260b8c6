package world

import (
	"encoding/binary"
	"math"
	"testing"
)

// fuzzBytes draws choices and numbers from a fuzzer's bytes, and zeros once
// they run out.
type fuzzBytes struct{ b []byte }

func (s *fuzzBytes) byte() byte {
	if len(s.b) == 0 {
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

// interesting are numbers at the edges of the rules.
var interesting = []float64{0, 1, -1, 0.5, 0.25, 2, 10, -10, 3600, 3601, 4096, 180, -180, 190, 1e9, 1e10, -1e10,
	math.NaN(), math.Inf(1), math.Inf(-1), 0x1p-127, 0x1p-126, 1e-300, 1 + 1e-9, 0.1, 0.3, 100}

// number is one of the interesting numbers, or any float64 from 8 bytes.
func (s *fuzzBytes) number() float64 {
	c := s.byte()
	if int(c) < len(interesting) {
		return interesting[c]
	}
	if c < 128 {
		return float64(c-128) / 8
	}
	var raw [8]byte
	for i := range raw {
		raw[i] = s.byte()
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(raw[:]))
}

// index is an index in [-1, n], out of range at both ends.
func (s *fuzzBytes) index(n int) int { return int(s.byte())%(n+2) - 1 }

// fuzzEdits change one field of the test level each.
var fuzzEdits = []func(d *Document, s *fuzzBytes){
	func(d *Document, s *fuzzBytes) { d.Version = int(s.byte()) % 4 },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Drag = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Capacity = int(s.number()) },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Lifetime.Min = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Lifetime.Max = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Velocity.Min.Z = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Velocity.Max.X = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Acceleration.Z = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Spawn.Shape = SpawnShape(s.byte() % 3) },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Spawn.Max.Y = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Rotation.Min = s.number() },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Spin.Max = s.number() },
	func(d *Document, s *fuzzBytes) {
		p := &d.Presets[s.byte()%2]
		if n := len(p.Curves.Size); n > 0 {
			p.Curves.Size[int(s.byte())%n] = SizeKey{s.number(), s.number()}
		}
	},
	func(d *Document, s *fuzzBytes) {
		p := &d.Presets[s.byte()%2]
		p.Curves.Color = append(p.Curves.Color, ColorKey{s.number(), s.number(), 0, 0, s.number()})
	},
	func(d *Document, s *fuzzBytes) {
		p := &d.Presets[s.byte()%2]
		p.Curves.Size = p.Curves.Size[:int(s.byte())%3]
	},
	func(d *Document, s *fuzzBytes) {
		p := &d.Presets[s.byte()%2]
		p.Sprite.Frames = append(p.Sprite.Frames, s.index(len(d.Textures)))
	},
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Sprite.Blend = Blend(s.byte() % 5) },
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Sprite.Facing = Facing(s.byte() % 3) },
	func(d *Document, s *fuzzBytes) {
		d.Presets[s.byte()%2].Sprite.Flipbook = Flipbook{FlipbookMode(s.byte() % 3), s.number()}
	},
	func(d *Document, s *fuzzBytes) { d.Presets[s.byte()%2].Name = string([]byte{s.byte(), s.byte()}) },
	func(d *Document, s *fuzzBytes) { d.Textures[s.byte()%2].Width = int(s.number()) },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Preset = s.index(len(d.Presets)) },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Sector = s.index(len(d.Sectors)) },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Position.Z = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Yaw = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Scale = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Rate = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Duration = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Delay = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Period = s.number() },
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Playback = Playback(s.byte() % 3) },
	func(d *Document, s *fuzzBytes) {
		e := &d.Emitters[s.byte()%2]
		e.Bursts = append(e.Bursts, Burst{s.number(), int(s.number())})
	},
	func(d *Document, s *fuzzBytes) { d.Emitters[s.byte()%2].Bounds.Min.X = s.number() },
	func(d *Document, s *fuzzBytes) {
		sec := &d.Sectors[s.byte()%2]
		if n := len(sec.Points); n > 0 {
			sec.Points[int(s.byte())%n] = Vec2{s.number(), s.number()}
		}
	},
	func(d *Document, s *fuzzBytes) {
		sec := &d.Sectors[s.byte()%2]
		sec.Points = sec.Points[:int(s.byte())%5]
	},
	func(d *Document, s *fuzzBytes) { d.Sectors[s.byte()%2].Floor = s.number() },
	func(d *Document, s *fuzzBytes) {
		sec := &d.Sectors[s.byte()%2]
		sec.Portals = append(sec.Portals, Portal{s.index(4), s.index(len(d.Sectors))})
	},
	func(d *Document, s *fuzzBytes) { d.Emitters = append(d.Emitters, d.Emitters[s.byte()%2]) },
}

// FuzzValidate edits the test level field by field with the fuzzer's
// bytes. Validation and compilation never panic; a document that
// validates evaluates to finite particles whose billboards stay inside
// their emitter's stored bounds.
func FuzzValidate(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0, 17})                // NaN drag
	f.Add([]byte{26, 1, 4, 25, 0, 0})      // a turned, scaled emitter
	f.Add([]byte{29, 1, 15, 30, 1, 5, 17}) // a cycling fountain, odd period
	f.Add([]byte{12, 0, 0, 0, 19, 33, 0, 3, 0, 0, 0})
	base := testLevel(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		d := cloneDocument(base)
		s := &fuzzBytes{data}
		for n := 0; len(s.b) > 0 && n < 12; n++ {
			fuzzEdits[int(s.byte())%len(fuzzEdits)](d, s)
		}
		// Last, as the edits index the level's two presets and sectors:
		// drop some.
		switch s.byte() % 8 {
		case 1:
			d.Presets = d.Presets[:1]
		case 2:
			d.Sectors = nil
		case 3:
			d.Emitters, d.Presets = nil, nil
		}
		if s.byte()%2 == 1 {
			_ = Compile(d)
		}
		errV, errW := Validate(d), ValidateForWorld(d)
		if errV != nil && errW == nil {
			t.Fatalf("Validate fails but ValidateForWorld passes: %v", errV)
		}
		ev, err := NewEvaluator(d)
		if (err == nil) != (errV == nil) {
			t.Fatalf("NewEvaluator: %v, but Validate: %v", err, errV)
		}
		if err != nil {
			return
		}
		for _, clock := range []float64{0, 0.35, 1.2, 7.77, 3599} {
			for _, p := range ev.Append(nil, clock) {
				// A billboard's corners lie within s/√2 of its centre on
				// every axis; an upright one's within s/2 (|cos θ| + |sin
				// θ|) for its rotation θ.
				b, r := d.Emitters[p.Emitter].Bounds, p.Size*math.Sqrt2/2
				if d.Presets[d.Emitters[p.Emitter].Preset].Sprite.Facing == FacingUpright {
					sn, cs := math.Sincos(p.Rotation * math.Pi / 180)
					r = p.Size / 2 * (math.Abs(cs) + math.Abs(sn))
				}
				lo := Vec3{p.Position.X - r, p.Position.Y - r, p.Position.Z - r}
				hi := Vec3{p.Position.X + r, p.Position.Y + r, p.Position.Z + r}
				if !inside(b, lo) || !inside(b, hi) {
					t.Fatalf("clock %v: particle %+v (radius %v) leaves the bounds %v", clock, p, r, b)
				}
			}
		}
	})
}
