package render

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// floatProbe is the Kage the probes of float results share: they return
// a float as its float32 bits, read back exactly.
const floatProbe = `
// bytesOf splits a 32-bit int into a texel's four bytes, r lowest.
func bytesOf(w int) vec4 {
	return vec4(float(w&255), float((w>>8)&255), float((w>>16)&255), float((w>>24)&255))
}

// floatBits returns the IEEE 754 bits of x, exactly: multiplying by a
// power of two and subtracting 1 from a value in [1, 2) are exact.
func floatBits(x float) int {
	if x == 0.0 {
		return 0
	}
	s := 0
	if x < 0.0 {
		s = 1
		x = -x
	}
	e := int(floor(log2(x)))
	if x*pow2(-e) >= 2.0 {
		e++
	}
	if x*pow2(-e) < 1.0 {
		e--
	}
	m := int((x*pow2(-e) - 1.0) * 8388608.0)
	return (s << 31) | ((e + 127) << 23) | m
}
`

// lookProbeFragment replaces the particle shader's entry point so that its
// appearance functions (shaders/src/common.kage) run unchanged on the GPU on
// kind row 0. Inputs: a, the float32 bits of τ; b, the particle's stream;
// c, the float32 bits of its age.
const lookProbeFragment = floatProbe + `
func Fragment(dstPos vec4, src0Pos vec2, color vec4, custom vec4) vec4 {
	a := (int(floor(color.r+0.5)) << 16) | int(floor(color.g+0.5))
	st := (int(floor(color.b+0.5)) << 16) | int(floor(color.a+0.5))
	c := (int(floor(custom.y+0.5)) << 16) | int(floor(custom.z+0.5))
	op := int(floor(custom.x + 0.5))
	tau := f32(bytesOf(a))
	age := f32(bytesOf(c))
	h := kindTexel(0.0, rowHeader)
	x := 0
	if op == 0 || op == 1 {
		v, e := numberAt(0.0, int(h.r), tau)
		x = floatBits(v)
		if op == 1 {
			x = floatBits(e)
		}
	} else if op >= 2 && op <= 4 {
		k := colorAt(0.0, int(h.g), tau)
		x = floatBits(k.r)
		if op == 3 {
			x = floatBits(k.g)
		} else if op == 4 {
			x = floatBits(k.b)
		}
	} else if op == 5 {
		x = floatBits(transparency(0.0, h, st, tau))
	} else if op >= 6 && op <= 8 {
		k, _ := lookColor(0.0, h, st, tau)
		x = floatBits(k.r)
		if op == 7 {
			x = floatBits(k.g)
		} else if op == 8 {
			x = floatBits(k.b)
		}
	} else if op == 9 || op == 10 {
		cell, next, blend, _ := flipbook(0.0, h, st, age, tau)
		x = cell + 65536*next
		if op == 10 {
			x = floatBits(blend)
		}
	}
	return vec4(float(x&255), float((x>>8)&255), float((x>>16)&255), float((x>>24)&255)) / 255.0
}
`

// Operations of lookProbeFragment.
const (
	opNumberValue = iota
	opNumberEnvelope
	opColorR
	opColorG
	opColorB
	opTransparency
	opLookR
	opLookG
	opLookB
	opCells
	opBlend
)

// lookProbeShader compiles the particle shader with the look probe.
func lookProbeShader(tb testing.TB) *ebiten.Shader {
	return withProbe(tb, shaders.Particle, lookProbeFragment)
}

// TestLookProbeShaderCompiles: the probe shader compiles, display or not.
func TestLookProbeShaderCompiles(t *testing.T) {
	lookProbeShader(t)
}

// kindRow uploads snap's kind row as a one-row data texture.
func kindRow(tb testing.TB, snap *emitter.Snapshot) *ebiten.Image {
	tb.Helper()
	row := make([]byte, rowlayout.RowBytes)
	encodeRow(row, snap, rect{0, 0, 64, 64}, nil)
	img := ebiten.NewImage(rowlayout.DataWidth, 1)
	img.WritePixels(row)
	return img
}

// f32Bits is the probe input for a float: its float32 bits.
func f32Bits(v float64) uint32 { return math.Float32bits(float32(v)) }

// TestGPUCurves: the shader's curve readers on a kind row evaluate like
// the CPU's float64 sequences, within float32 precision of the segment's
// magnitude (w = (τ - ta)/(tb - ta) carries float32 error, which a steep
// segment of huge values amplifies).
func TestGPUCurves(t *testing.T) {
	needGPU(t)
	sh := lookProbeShader(t)
	cases := []struct {
		name   string
		edit   func(*emitter.Spec)
		steps  int
		number float64 // tolerance of the transparency curve
		color  float64 // tolerance of the colour curve
	}{
		{"steep and huge", func(sp *emitter.Spec) {
			sp.Transparency = emitter.NumberSequence{nk(0, -0.25, 0.5), nk(0.3, 0.7, 0), nk(0.31, 12345.678, 1e6), nk(1, 1, 0.125)}
			sp.Color = emitter.ColorSequence{ck(0, 1, 0.5, 0.25), ck(0.123456789, 0.1, 0.2, 0.3), ck(1, 0, 0, 0)}
		}, 1000, 5e-5, 1e-6},
		{"twenty keypoints", func(sp *emitter.Spec) {
			sp.Transparency, sp.Color = nil, nil
			for i := range emitter.MaxKeypoints {
				tm := float64(i) / (emitter.MaxKeypoints - 1)
				sp.Transparency = append(sp.Transparency, emitter.NumberKeypoint{Time: tm, Value: math.Sin(float64(i)), Envelope: float64(i%3) * 0.1})
				sp.Color = append(sp.Color, emitter.ColorKeypoint{Time: tm, Color: emitter.Color{R: float64(i%2) * 0.9, G: float64(i) / 19, B: 0.5}})
			}
		}, 997, 1e-5, 1e-5},
	}
	for _, c := range cases {
		snap := snapshotOf(t, c.edit)
		sp := snap.Spec()
		data := kindRow(t, snap)
		var ps []probe
		for i := 0; i <= c.steps; i++ {
			a := f32Bits(float64(i) / float64(c.steps))
			for op := opNumberValue; op <= opColorB; op++ {
				ps = append(ps, probe{op: op, a: a})
			}
		}
		got := runProbes(t, sh, ps, data, nil)
		data.Deallocate()
		at := func(k int) float64 { return float64(math.Float32frombits(got[k])) }
		for i := 0; i <= c.steps; i++ {
			tau := float64(i) / float64(c.steps)
			k := 5 * i
			v, e := sp.Transparency.At(tau)
			if !near(at(k), v, c.number) || !near(at(k+1), e, c.number) {
				t.Errorf("%s: transparency at %v: (%v, %v), want (%v, %v)", c.name, tau, at(k), at(k+1), v, e)
			}
			col := sp.Color.At(tau)
			if !near(at(k+2), col.R, c.color) || !near(at(k+3), col.G, c.color) || !near(at(k+4), col.B, c.color) {
				t.Errorf("%s: colour at %v: (%v, %v, %v), want %v", c.name, tau, at(k+2), at(k+3), at(k+4), col)
			}
		}
	}
}

// TestGPULookMatchesEmitter: the shader's appearance of a particle matches
// the emitter's float64 Particle: transparency with its envelope roll,
// graded and influenced colour, flipbook cell, next cell and blend in
// every mode. Flipbook windows may differ only where the CPU's age·f lies
// within float32 rounding of an integer.
func TestGPULookMatchesEmitter(t *testing.T) {
	needGPU(t)
	sh := lookProbeShader(t)
	amb := emitter.Color{R: 0.5, G: 0.25, B: 1}
	uniforms := map[string]any{"Ambient": []float32{float32(amb.R), float32(amb.G), float32(amb.B)}}
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
	const ops = opBlend - opTransparency + 1
	for _, c := range cases {
		snap := snapshotOf(t, func(sp *emitter.Spec) { base(sp); c.edit(sp) })
		sp := snap.Spec()
		e, err := emitter.NewEffect(snap, &emitter.EffectOptions{Seed: 7, Ambient: amb})
		if err != nil {
			t.Fatal(err)
		}
		e.AddBurst(0, 100)
		var parts []emitter.Particle
		var quads []emitter.Quad
		var ps []probe
		for _, at := range []float64{0.1, 0.77, 1.5, 2.9, 7.25} {
			e.SetTime(at)
			pp, qq := e.AppendParticles(nil), e.AppendQuads(nil)
			if len(pp) != len(qq) {
				t.Fatalf("%s: %d particles, %d quads", c.name, len(pp), len(qq))
			}
			for i, q := range qq {
				if q.Key != pp[i].Key || q.Age != pp[i].Age {
					t.Fatalf("%s: quad %d is %v, particle %v", c.name, i, q, pp[i])
				}
				for op := opTransparency; op <= opBlend; op++ {
					ps = append(ps, probe{op: op, a: f32Bits(q.Age / q.Lifetime), b: q.Stream, c: f32Bits(q.Age)})
				}
			}
			parts, quads = append(parts, pp...), append(quads, qq...)
		}
		if len(parts) == 0 {
			t.Fatalf("%s: no particle to check", c.name)
		}
		data := kindRow(t, snap)
		got := runProbes(t, sh, ps, data, uniforms)
		data.Deallocate()
		f := func(k int) float64 { return float64(math.Float32frombits(got[k])) }
		boundary := 0
		cells := map[int]bool{}
		for i, p := range parts {
			k := ops * i
			cells[p.Cell] = true
			if !near(f(k), p.Transparency, 2e-6) {
				t.Errorf("%s key %d: T %v, want %v", c.name, p.Key, f(k), p.Transparency)
			}
			for j, want := range []float64{p.Color.R, p.Color.G, p.Color.B} {
				if !near(f(k+1+j), want, 2e-6) {
					t.Errorf("%s key %d: colour (%v, %v, %v), want %v", c.name, p.Key, f(k+1), f(k+2), f(k+3), p.Color)
					break
				}
			}
			cell, next, blend := int(got[k+4]%65536), int(got[k+4]/65536), f(k+5)
			if cell == p.Cell && next == p.NextCell && math.Abs(blend-p.Blend) < 1e-4 {
				continue
			}
			// A window boundary: age·f within float32 reach of an integer.
			q := quads[i]
			x := q.Age * hash.Range(sp.FlipbookFramerate.Min, sp.FlipbookFramerate.Max, hash.Unit(q.Stream, channel.FlipbookRate))
			if sp.FlipbookMode == emitter.FlipbookOneShot {
				x = math.NaN()
			}
			if d := math.Abs(x - math.Round(x)); d < 1e-5*math.Max(1, x) {
				boundary++
				continue
			}
			t.Errorf("%s key %d age %v: cell %d next %d blend %v, want %d %d %v", c.name, p.Key, q.Age, cell, next, blend, p.Cell, p.NextCell, p.Blend)
		}
		if cols, rows := snap.Grid(); cols*rows > 1 && len(cells) < 2 {
			t.Errorf("%s: only cells %v seen", c.name, cells)
		}
		if boundary > 0 {
			t.Logf("%s: %d of %d particles on a window boundary", c.name, boundary, len(parts))
		}
	}
}
