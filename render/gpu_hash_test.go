package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// probeFragment replaces the particle shader's entry point, so that its
// helpers (hash, rolls, decoders) run unchanged on the GPU and write 32-bit
// results into pixels. Each 1-pixel quad carries two 32-bit inputs as
// 16-bit halves in its colour and an operation in custom.x.
const probeFragment = `
func Fragment(dstPos vec4, src0Pos vec2, color vec4, custom vec4) vec4 {
	a := (int(floor(color.r+0.5)) << 16) | int(floor(color.g+0.5))
	b := (int(floor(color.b+0.5)) << 16) | int(floor(color.a+0.5))
	op := int(floor(custom.x + 0.5))
	x := 0
	if op == 0 {
		x = mix32(a)
	} else if op == 1 {
		x = stream(a, b)
	} else if op == 2 {
		x = bits(a, b)
	} else if op == 3 {
		x = int(unit(bits(a, b)) * 16777216.0)
	} else if op == 4 {
		x = rollInt(b, a)
	} else if op == 5 {
		x = int(fixed24(kindTexel(0.0, a)) * 16777216.0)
	} else if op == 6 {
		x = word(kindTexel(0.0, a))
	} else if op == 7 {
		// f32 against fixed24 on the same dyadic value, scaled by 2^b
		x = 0
		if f32(kindTexel(0.0, a)) == fixed24(kindTexel(0.0, a+1))*pow2(b-64) {
			x = 1
		}
	}
	return vec4(float(x&255), float((x>>8)&255), float((x>>16)&255), float((x>>24)&255)) / 255.0
}
`

// probeShader compiles the particle shader with the probe entry point.
func probeShader(tb testing.TB) *ebiten.Shader { return withProbe(tb, shaders.Particle, probeFragment) }

// withProbe compiles the shader src with its Fragment renamed and
// fragment, a probe's Fragment, in its place: the probe calls the shader's
// functions unchanged.
func withProbe(tb testing.TB, src []byte, fragment string) *ebiten.Shader {
	tb.Helper()
	s := strings.Replace(string(src), "func Fragment(", "func shaderFragment(", 1)
	sh, err := ebiten.NewShader([]byte(s + fragment))
	if err != nil {
		tb.Fatal(err)
	}
	return sh
}

// probe is one evaluation on the GPU: operation op of a probe shader on
// the 32-bit inputs a, b and c and the float extra.
type probe struct {
	op      int
	a, b, c uint32
	extra   float32
}

// checkProbes runs ps on the GPU and requires every result to equal want,
// the Go functions' values, bit for bit.
func checkProbes(t *testing.T, sh *ebiten.Shader, ps []probe, want []uint32) {
	t.Helper()
	got := runProbes(t, sh, ps, nil, nil)
	bad := 0
	for i := range ps {
		if got[i] != want[i] {
			if bad < 10 {
				t.Errorf("probe %d (op %d, a %#x, b %#x): GPU %#x, Go %#x", i, ps[i].op, ps[i].a, ps[i].b, got[i], want[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d probes differ", bad, len(ps))
	}
	t.Logf("%d probes bit-exact", len(ps))
}

// runProbes evaluates each probe on the GPU, one pixel each, with data as
// image 1 (row 0) when given and the shader's uniforms, and returns the
// 32-bit results.
func runProbes(tb testing.TB, sh *ebiten.Shader, ps []probe, data *ebiten.Image, uniforms map[string]any) []uint32 {
	tb.Helper()
	return runProbesOn(tb, sh, ps, [3]*ebiten.Image{nil, data, nil}, uniforms)
}

// runProbesOn is runProbes with images 1 and 2 of imgs (image 0 is the
// probes' own source).
func runProbesOn(tb testing.TB, sh *ebiten.Shader, ps []probe, imgs [3]*ebiten.Image, uniforms map[string]any) []uint32 {
	tb.Helper()
	const w = 64
	h := (len(ps) + w - 1) / w
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	src := ebiten.NewImage(w, h)
	defer src.Deallocate()
	vs := make([]ebiten.Vertex, 0, 4*len(ps))
	is := make([]uint32, 0, 6*len(ps))
	for i, p := range ps {
		x, y := float32(i%w), float32(i/w)
		b := uint32(len(vs))
		for _, c := range [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			vs = append(vs, ebiten.Vertex{
				DstX: x + c[0], DstY: y + c[1], SrcX: x + c[0], SrcY: y + c[1],
				ColorR: float32(p.a >> 16), ColorG: float32(p.a & 0xFFFF),
				ColorB: float32(p.b >> 16), ColorA: float32(p.b & 0xFFFF),
				Custom0: float32(p.op),
				Custom1: float32(p.c >> 16), Custom2: float32(p.c & 0xFFFF), Custom3: p.extra,
			})
		}
		is = append(is, b, b+1, b+2, b+1, b+2, b+3)
	}
	op := &ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy, Uniforms: uniforms}
	op.Images[0] = src
	op.Images[1], op.Images[2] = imgs[1], imgs[2]
	dst.DrawTrianglesShader32(vs, is, sh, op)
	pix := make([]byte, 4*w*h)
	dst.ReadPixels(pix)
	out := make([]uint32, len(ps))
	for i := range ps {
		p := pix[4*i : 4*i+4]
		out[i] = uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	}
	return out
}

// TestGPUHash: the shader's splitmix32, Stream, Bits, continuous roll and
// integer roll are bit-exact with emitter's on the GPU.
func TestGPUHash(t *testing.T) {
	needGPU(t)
	sh := probeShader(t)
	rng := rand.New(rand.NewPCG(3, 4))
	edge := []uint32{0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x9E3779B9, 0x61C88647, 0xFFFF, 0x10000}
	var ps []probe
	var want []uint32
	add := func(op int, a, b, w uint32) {
		ps = append(ps, probe{op: op, a: a, b: b})
		want = append(want, w)
	}
	vals := append([]uint32(nil), edge...)
	for range 500 {
		vals = append(vals, rng.Uint32())
	}
	for i, a := range vals {
		b := vals[(i*7+3)%len(vals)]
		ch := uint32(i % 48)
		add(0, a, 0, hash.Mix32(a))
		add(1, a, b, hash.Stream(a, b))
		add(1, a, uint32(i), hash.Stream(a, uint32(i)))
		add(2, a, ch, hash.Bits(a, ch))
		add(2, a, channel.FlipbookRandom+32*uint32(i*997), hash.Bits(a, channel.FlipbookRandom+32*uint32(i*997)))
		add(3, a, ch, hash.Bits(a, ch)>>8)
		for _, n := range []uint32{1, 2, 3, 4, 7, 16, 64, 100, 255, 1000, 4096} {
			bits := hash.Bits(a, ch)
			add(4, bits, n, uint32(hash.Integer(0, int(n)-1, float64(bits)/(1<<32))))
		}
	}
	checkProbes(t, sh, ps, want)
}

// TestProbeShaderCompiles: the probe shader (the particle shader's helpers
// with a test entry point) compiles, display or not.
func TestProbeShaderCompiles(t *testing.T) {
	probeShader(t)
}
