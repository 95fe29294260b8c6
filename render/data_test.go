package render

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
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
	row := make(texRow, rowlayout.RowBytes)
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
		name  string
		texel int
		want  rect
	}{{"texel rowlayout.RowTexPos, want tex", rowlayout.RowTexPos, tex}, {"texel rowlayout.RowStripPos, want strip", rowlayout.RowStripPos, strip}} {
		t.Run(c.name, func(t *testing.T) {
			p, s := row.texel(c.texel), row.texel(c.texel+1)
			if got := (rect{mLow16(p), mHigh16(p), mLow16(s), mHigh16(s)}); got != c.want {
				t.Errorf("rect at %d: %v, want %v", c.texel, got, c.want)
			}
		})
	}
	for _, c := range []struct {
		name  string
		texel int
		want  float64
	}{{"texel rowlayout.RowBrightness, want 15", rowlayout.RowBrightness, 15}, {"texel rowlayout.RowInfluence, want 0.3", rowlayout.RowInfluence, 0.3}, {"texel rowlayout.RowEmission, want 0.5", rowlayout.RowEmission, 0.5}, {"texel rowlayout.RowRateMin, want 0.001", rowlayout.RowRateMin, 0.001}, {"texel rowlayout.RowRateMax, want 9999.5", rowlayout.RowRateMax, 9999.5}} {
		t.Run(c.name, func(t *testing.T) {
			if got := mF32(row.texel(c.texel)); got != float32(c.want) {
				t.Errorf("texel %d: %v, want %v", c.texel, got, float32(c.want))
			}
		})
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
