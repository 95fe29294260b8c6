package render

import (
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// effectProbeFragment replaces effect.kage's entry point so that its
// integer helpers run unchanged on the GPU (as probeFragment does for
// particle.kage): the hash, the rolls, the exact below-half test of the
// spawn shapes, particle keys and the birth-order comparison, all in
// wrapping 32-bit ints.
const effectProbeFragment = `
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
		if belowHalf(a) {
			x = 1
		}
	} else if op == 6 {
		x = 2 * (a + b)
	} else if op == 7 {
		x = 2*(a+b) + 1
	} else if op == 8 {
		if a-b >= 0 {
			x = 1
		}
	}
	return vec4(float(x&255), float((x>>8)&255), float((x>>16)&255), float((x>>24)&255)) / 255.0
}
`

// effectProbeShader compiles effect.kage with the probe entry point.
func effectProbeShader(tb testing.TB) *ebiten.Shader {
	return withProbe(tb, shaders.Effect, effectProbeFragment)
}

// TestGPUEffectHash: effect.kage's integer code is bit-exact with the
// emitter's on the GPU.
func TestGPUEffectHash(t *testing.T) {
	needGPU(t)
	sh := effectProbeShader(t)
	rng := rand.New(rand.NewPCG(7, 8))
	vals := []uint32{0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0x9E3779B9, 0xFFFF, 0x10000}
	for range 300 {
		vals = append(vals, rng.Uint32())
	}
	var ps []probe
	var want []uint32
	add := func(op int, a, b, w uint32) {
		ps = append(ps, probe{op: op, a: a, b: b})
		want = append(want, w)
	}
	b2u := func(v bool) uint32 {
		if v {
			return 1
		}
		return 0
	}
	for i, a := range vals {
		b := vals[(i*5+1)%len(vals)]
		ch := uint32(i % 17)
		add(0, a, 0, hash.Mix32(a))
		add(1, a, b, hash.Stream(a, b))
		add(1, a, 2*uint32(i)+1, hash.Stream(a, 2*uint32(i)+1))
		add(2, a, ch, hash.Bits(a, ch))
		add(3, a, ch, hash.Bits(a, ch)>>8)
		for _, n := range []uint32{2, 5, 64, 4096} {
			add(4, a, n, uint32(hash.Integer(0, int(n)-1, float64(a)/(1<<32))))
		}
		add(5, a, 0, b2u(float64(a)/(1<<32) < 0.5)) // the CPU's Unit < 0.5 for these bits
		add(6, a, b, 2*(a+b))
		add(7, a, b, 2*(a+b)+1)
		// the split test: a stream index goes first iff it is at most
		// the split, for indices within 2^31 of each other
		d := int64(rng.Int32())
		base := int64(a)
		add(8, uint32(base+d), uint32(base), b2u(d >= 0))
	}
	checkProbes(t, sh, ps, want)
}

// TestEffectProbeShaderCompiles: the probe shader compiles, display or not.
func TestEffectProbeShaderCompiles(t *testing.T) {
	effectProbeShader(t)
}
