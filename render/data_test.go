package render

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
)

func snapshotOf(tb testing.TB, edit func(*emitter.Spec)) *emitter.Snapshot {
	tb.Helper()
	sp := emitter.DefaultSpec()
	if edit != nil {
		edit(&sp)
	}
	s, err := emitter.NewSnapshot(&sp)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestDataRowRoundTrip: every field of a data row decodes, through the
// shader's decoders, to the spec's value (float32 for wide-range numbers,
// 2^-24 steps for times and colours).
func TestDataRowRoundTrip(t *testing.T) {
	snap := snapshotOf(t, func(sp *emitter.Spec) {
		sp.Transparency = emitter.NumberSequence{nk(0, -0.25, 0.5), nk(0.3, 0.7, 0), nk(0.31, 12345.678, 1e6), nk(1, 1, 0.125)}
		sp.Color = emitter.ColorSequence{ck(0, 1, 0.5, 0.25), ck(0.123456789, 0.1, 0.2, 0.3), ck(1, 0, 0, 0)}
		sp.Brightness = 15
		sp.LightInfluence = 0.3
		sp.LightEmission = 0.5
		sp.GlowLayers = 3
		sp.BlendMode = emitter.BlendCutout
		sp.FlipbookLayout = emitter.FlipbookCustom
		sp.FlipbookSizeX, sp.FlipbookSizeY = 64, 3
		sp.FlipbookMode = emitter.FlipbookPingPong
		sp.FlipbookFramerate = emitter.NumberRange{Min: 0.001, Max: 9999.5}
		sp.FlipbookBlendFrames = true
		sp.FlipbookStartRandom = true
	})
	tex := rect{2047, 65535, 300, 17}
	strip := rect{1, 2, 3, 4}
	row := make(mirrorRow, rowlayout.RowBytes)
	encodeRow(row, snap, tex, &strip)
	sp := snap.Spec()

	h := row.texel(rowlayout.RowHeader)
	if int(h[0]) != 4 || int(h[1]) != 3 || h[2] != byte(emitter.BlendCutout) || int(h[3]) != rowlayout.FlagBlendFrames|rowlayout.FlagStartRandom|rowlayout.FlagStrip {
		t.Errorf("header %v", h)
	}
	if fb := row.texel(rowlayout.RowFlipbook); fb != [4]byte{64, 3, byte(emitter.FlipbookPingPong), 0} {
		t.Errorf("flipbook %v", fb)
	}
	for _, c := range []struct {
		texel int
		want  rect
	}{{rowlayout.RowTexPos, tex}, {rowlayout.RowStripPos, strip}} {
		p, s := row.texel(c.texel), row.texel(c.texel+1)
		if got := (rect{mLow16(p), mHigh16(p), mLow16(s), mHigh16(s)}); got != c.want {
			t.Errorf("rect at %d: %v, want %v", c.texel, got, c.want)
		}
	}
	for _, c := range []struct {
		texel int
		want  float64
	}{{rowlayout.RowBrightness, 15}, {rowlayout.RowInfluence, 0.3}, {rowlayout.RowEmission, 0.5}, {rowlayout.RowRateMin, 0.001}, {rowlayout.RowRateMax, 9999.5}} {
		if got := mF32(row.texel(c.texel)); got != float32(c.want) {
			t.Errorf("texel %d: %v, want %v", c.texel, got, float32(c.want))
		}
	}
	for i, k := range sp.Transparency {
		j := rowlayout.RowTrans + 3*i
		if got := mFixed24(row.texel(j)); math.Abs(float64(got)-k.Time) > 0.5/(1<<24) {
			t.Errorf("transparency key %d time %v, want %v", i, got, k.Time)
		}
		if got := mF32(row.texel(j + 1)); got != float32(k.Value) {
			t.Errorf("transparency key %d value %v, want %v", i, got, k.Value)
		}
		if got := mF32(row.texel(j + 2)); got != float32(k.Envelope) {
			t.Errorf("transparency key %d envelope %v, want %v", i, got, k.Envelope)
		}
	}
	for i, k := range sp.Color {
		j := rowlayout.RowColor + 4*i
		for c, want := range []float64{k.Time, k.Color.R, k.Color.G, k.Color.B} {
			if got := mFixed24(row.texel(j + c)); math.Abs(float64(got)-want) > 0.5/(1<<24) {
				t.Errorf("colour key %d field %d: %v, want %v", i, c, got, want)
			}
		}
	}
	// Curves evaluate like the CPU's float64 ones, within float32 precision
	// of the segment's magnitude (w = (τ - ta)/(tb - ta) carries float32
	// error, which a steep segment of huge values amplifies).
	for i := 0; i <= 1000; i++ {
		tau := float64(i) / 1000
		v, e := sp.Transparency.At(tau)
		gv, ge := row.numberAt(float32(tau))
		if !near(float64(gv), v, 5e-5) || !near(float64(ge), e, 5e-5) {
			t.Errorf("transparency at %v: (%v, %v), want (%v, %v)", tau, gv, ge, v, e)
		}
		c := sp.Color.At(tau)
		gc := row.colorAt(float32(tau))
		if !near(float64(gc[0]), c.R, 1e-6) || !near(float64(gc[1]), c.G, 1e-6) || !near(float64(gc[2]), c.B, 1e-6) {
			t.Errorf("colour at %v: %v, want %v", tau, gc, c)
		}
	}
}

// nk and ck build keypoints.
func nk(t, v, e float64) emitter.NumberKeypoint {
	return emitter.NumberKeypoint{Time: t, Value: v, Envelope: e}
}

func ck(t, r, g, b float64) emitter.ColorKeypoint {
	return emitter.ColorKeypoint{Time: t, Color: emitter.Color{R: r, G: g, B: b}}
}

// near reports |a-b| <= tol·max(1, |b|).
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestDataRowTwentyKeypoints: the longest sequences Roblox allows fit and
// evaluate like the CPU.
func TestDataRowTwentyKeypoints(t *testing.T) {
	snap := snapshotOf(t, func(sp *emitter.Spec) {
		sp.Transparency, sp.Color = nil, nil
		for i := range emitter.MaxKeypoints {
			tm := float64(i) / (emitter.MaxKeypoints - 1)
			sp.Transparency = append(sp.Transparency, emitter.NumberKeypoint{Time: tm, Value: math.Sin(float64(i)), Envelope: float64(i%3) * 0.1})
			sp.Color = append(sp.Color, emitter.ColorKeypoint{Time: tm, Color: emitter.Color{R: float64(i%2) * 0.9, G: float64(i) / 19, B: 0.5}})
		}
	})
	row := make(mirrorRow, rowlayout.RowBytes)
	encodeRow(row, snap, rect{}, nil)
	sp := snap.Spec()
	for i := 0; i <= 997; i++ {
		tau := float64(i) / 997
		v, e := sp.Transparency.At(tau)
		gv, ge := row.numberAt(float32(tau))
		if !near(float64(gv), v, 1e-5) || !near(float64(ge), e, 1e-5) {
			t.Errorf("transparency at %v: (%v, %v), want (%v, %v)", tau, gv, ge, v, e)
		}
		c := sp.Color.At(tau)
		gc := row.colorAt(float32(tau))
		if !near(float64(gc[0]), c.R, 1e-5) || !near(float64(gc[1]), c.G, 1e-5) || !near(float64(gc[2]), c.B, 1e-5) {
			t.Errorf("colour at %v: %v, want %v", tau, gc, c)
		}
	}
}

// TestMirrorMatchesEmitter: the shader's per-particle appearance (mirrored
// in float32 Go) matches emitter's float64 Particle: transparency with its
// envelope roll, graded and influenced colour, flipbook cell, next cell
// and blend in every mode. Flipbook windows may differ only where the
// CPU's age·f lies within float32 rounding of an integer.
func TestMirrorMatchesEmitter(t *testing.T) {
	amb := emitter.Color{R: 0.5, G: 0.25, B: 1}
	base := func(sp *emitter.Spec) {
		sp.Rate = 200
		sp.Lifetime = emitter.NumberRange{Min: 0.5, Max: 3}
		sp.Transparency = emitter.NumberSequence{nk(0, 0.2, 0.3), nk(0.4, 0, 0.1), nk(1, 1, 0)}
		sp.Color = emitter.ColorSequence{ck(0, 1, 0.8, 0.2), ck(0.5, 0.9, 0.3, 0.1), ck(1, 0.2, 0.2, 0.2)}
		sp.LightInfluence = 0.4
	}
	cases := []struct {
		name string
		edit func(*emitter.Spec)
	}{
		{"plain", func(sp *emitter.Spec) {}},
		{"brightness 2", func(sp *emitter.Spec) { sp.Brightness = 2 }},
		{"brightness 15", func(sp *emitter.Spec) { sp.Brightness = 15 }},
		{"loop", func(sp *emitter.Spec) {
			sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid4x4, emitter.FlipbookLoop
			sp.FlipbookFramerate = emitter.NumberRange{Min: 3, Max: 30}
			sp.FlipbookBlendFrames = true
			sp.FlipbookStartRandom = true
		}},
		{"oneshot", func(sp *emitter.Spec) {
			sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid8x8, emitter.FlipbookOneShot
			sp.FlipbookBlendFrames = true
			sp.FlipbookStartRandom = true
		}},
		{"pingpong", func(sp *emitter.Spec) {
			sp.FlipbookLayout, sp.FlipbookMode = emitter.FlipbookCustom, emitter.FlipbookPingPong
			sp.FlipbookSizeX, sp.FlipbookSizeY = 5, 3
			sp.FlipbookFramerate = emitter.NumberRange{Min: 10, Max: 24}
			sp.FlipbookBlendFrames = true
		}},
		{"random", func(sp *emitter.Spec) {
			sp.FlipbookLayout, sp.FlipbookMode = emitter.Grid2x2, emitter.FlipbookRandom
			sp.FlipbookFramerate = emitter.NumberRange{Min: 5, Max: 12}
			sp.FlipbookBlendFrames = true
		}},
		{"random no blend", func(sp *emitter.Spec) {
			sp.FlipbookLayout, sp.FlipbookMode = emitter.FlipbookCustom, emitter.FlipbookRandom
			sp.FlipbookSizeX, sp.FlipbookSizeY = 64, 64
			sp.FlipbookFramerate = emitter.NumberRange{Min: 1, Max: 60}
		}},
	}
	for _, c := range cases {
		snap := snapshotOf(t, func(sp *emitter.Spec) { base(sp); c.edit(sp) })
		sp := snap.Spec()
		row := make(mirrorRow, rowlayout.RowBytes)
		encodeRow(row, snap, rect{0, 0, 64, 64}, nil)
		e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 7, Ambient: amb})
		if err != nil {
			t.Fatal(err)
		}
		e.AddBurst(0, 100)
		checked, boundary := 0, 0
		cells := map[int]bool{}
		for _, at := range []float64{0.1, 0.77, 1.5, 2.9, 7.25} {
			e.SetTime(at)
			ps := e.AppendParticles(nil)
			qs := e.AppendQuads(nil)
			if len(ps) != len(qs) {
				t.Fatalf("%s: %d particles, %d quads", c.name, len(ps), len(qs))
			}
			for i, p := range ps {
				q := qs[i]
				if q.Key != p.Key || q.Age != p.Age {
					t.Fatalf("%s: quad %d is %v, particle %v", c.name, i, q, p)
				}
				l := row.look(q.Stream, float32(q.Age/q.Lifetime), float32(q.Age), [3]float32{float32(amb.R), float32(amb.G), float32(amb.B)})
				checked++
				cells[p.Cell] = true
				if !near(float64(l.T), p.Transparency, 2e-6) {
					t.Errorf("%s key %d: T %v, want %v", c.name, p.Key, l.T, p.Transparency)
				}
				for j, want := range []float64{p.Color.R, p.Color.G, p.Color.B} {
					if !near(float64(l.C[j]), want, 2e-6) {
						t.Errorf("%s key %d: colour %v, want %v", c.name, p.Key, l.C, p.Color)
						break
					}
				}
				if l.Cell == p.Cell && l.Next == p.NextCell && math.Abs(float64(l.Blend)-p.Blend) < 1e-4 {
					continue
				}
				// A window boundary: age·f within float32 reach of an integer.
				x := q.Age * hash.Range(sp.FlipbookFramerate.Min, sp.FlipbookFramerate.Max, hash.Unit(q.Stream, channel.FlipbookRate))
				if sp.FlipbookMode == emitter.FlipbookOneShot {
					x = math.NaN()
				}
				if d := math.Abs(x - math.Round(x)); d < 1e-5*math.Max(1, x) {
					boundary++
					continue
				}
				t.Errorf("%s key %d age %v: cell %d next %d blend %v, want %d %d %v", c.name, p.Key, q.Age, l.Cell, l.Next, l.Blend, p.Cell, p.NextCell, p.Blend)
			}
		}
		if checked == 0 {
			t.Errorf("%s: no particle checked", c.name)
		}
		if cols, rows := snap.Grid(); cols*rows > 1 && len(cells) < 2 {
			t.Errorf("%s: only cells %v seen", c.name, cells)
		}
		if boundary > 0 {
			t.Logf("%s: %d of %d particles on a window boundary", c.name, boundary, checked)
		}
	}
}
