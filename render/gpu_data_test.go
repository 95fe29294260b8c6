package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/emberfx/ember/internal/rowlayout"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestGPUDataTexels: bytes written to the data texture with WritePixels are
// read back exactly by the shader's kindTexel(), and its fixed24 and float32
// decoders are exact on the GPU.
func TestGPUDataTexels(t *testing.T) {
	needGPU(t)
	sh := probeShader(t)
	rng := rand.New(rand.NewPCG(5, 6))
	row := make([]byte, rowlayout.RowBytes)
	var ps []probe
	var want []uint32
	// texels 0..39: random words, read raw
	for i := range 40 {
		w := rng.Uint32()
		if i < 4 {
			w = []uint32{0, 0xFFFFFFFF, 0x80000000, 0x7F7F7F7F}[i]
		}
		putWord(row, i, w)
		ps = append(ps, probe{op: 6, a: uint32(i), b: 0})
		want = append(want, w)
	}
	// texels 40..79: fixed24 values, decoded and re-scaled
	for i := 40; i < 80; i++ {
		v := rng.Float64()
		if i == 40 {
			v = 1
		}
		putFixed24(row, i, v)
		ps = append(ps, probe{op: 5, a: uint32(i), b: 0})
		want = append(want, uint32(math.Round(v*(1<<24))))
	}
	// texels 80..159: pairs (float32 bits of v·2^e, fixed24 of v) for
	// dyadic v, e in -60..60: f32 must decode to exactly fixed24·2^e.
	for i := 80; i+1 < rowlayout.DataWidth; i += 2 {
		v := float64(rng.Uint32N(1<<24)+1) / (1 << 24)
		e := int(rng.Int32N(121)) - 60
		if rng.IntN(2) == 0 {
			putFloat(row, i, math.Ldexp(v, e))
		} else {
			// a negative value must not compare equal
			putFloat(row, i, -math.Ldexp(v, e))
			putFixed24(row, i+1, v)
			ps = append(ps, probe{op: 7, a: uint32(i), b: uint32(e + 64)})
			want = append(want, 0)
			continue
		}
		putFixed24(row, i+1, v)
		ps = append(ps, probe{op: 7, a: uint32(i), b: uint32(e + 64)})
		want = append(want, 1)
	}
	data := ebiten.NewImage(rowlayout.DataWidth, 1)
	defer data.Deallocate()
	data.WritePixels(row)
	got := runProbes(t, sh, ps, data, nil)
	for i := range ps {
		if got[i] != want[i] {
			t.Errorf("probe %d (op %d, texel %d): GPU %#x, want %#x", i, ps[i].op, ps[i].a, got[i], want[i])
		}
	}
}
