package render

import (
	"math"

	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
)

// A Go mirror of what no GPU probe can reach: shaders/src/effect.kage's
// walk of an effect's candidates, which lives inside its Fragment (which
// stream indices and burst particles it visits, in which order, and which
// it finds alive at which age), in float32 and 32-bit integers like the
// GPU, decoding the instance and motion rows and the vertex values exactly
// as the shader does. A CPU test compares it with emitter's float64
// evaluation (AppendQuads): the same particles in the same order at the
// same ages; the GPU pixel tests then confirm the Kage code draws what the
// references draw. Everything the shader computes in functions of its own
// is not mirrored: probe shaders run the real ones (gpu_hash_test.go,
// gpu_data_test.go, gpu_look_test.go, gpu_place_test.go).

// texRow is one row of a data texture's bytes.
type texRow []byte

// texel returns the 4 bytes of texel i.
func (m texRow) texel(i int) [4]byte { return [4]byte(m[4*i : 4*i+4]) }

func mWord(b [4]byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func mLow16(b [4]byte) int  { return int(b[0]) + int(b[1])*256 }
func mHigh16(b [4]byte) int { return int(b[2]) + int(b[3])*256 }

// mFixed24 is the shader's fixed24, operation by operation in float32.
func mFixed24(b [4]byte) float32 {
	s := float32(b[3]) * 16777216
	s = float32(s + float32(b[2])*65536)
	s = float32(s + float32(b[1])*256)
	s = float32(s + float32(b[0]))
	return s / 16777216
}

// mF32 is the shader's f32: the float32 itself, subnormals flushed.
func mF32(b [4]byte) float32 {
	w := mWord(b)
	if (w>>23)&255 == 0 {
		return 0
	}
	return math.Float32frombits(w)
}

// mUnit is the shader's continuous roll.
func mUnit(bits uint32) float32 { return float32(bits>>8) / 16777216 }

// mQuad is a candidate the mirror found alive: its key and age.
type mQuad struct {
	key uint32
	age float32
}

// mirrorWalk walks GPU item it of r's last collect like the shader and
// returns the live candidates in walk order.
func mirrorWalk(r *Renderer, it *gpuItem) []mQuad {
	g := &r.gpu
	rows := float32(math.Floor(float64(it.rows) + 0.5))
	krow := float32(math.Floor(float64(rows / 4096)))
	irow := int(rows - krow*4096)
	ir := texRow(g.pix[irow*rowlayout.GPURowBytes : (irow+1)*rowlayout.GPURowBytes])
	ns := int(it.ns)
	bp := int(it.bursts)
	bLo := bp % 64
	bEnd := bLo + bp/64
	base := uint32(it.baseHi)<<16 | uint32(it.baseLo)

	seed := mWord(ir.texel(rowlayout.InstSeed))
	mrow := mLow16(ir.texel(rowlayout.InstMotion))
	mr := texRow(g.pix[mrow*rowlayout.GPURowBytes : (mrow+1)*rowlayout.GPURowBytes])
	constLife := mr.texel(rowlayout.MotCounts)[3]&rowlayout.MotFlagConstLife != 0
	f := func(i int) float32 { return mF32(mr.texel(i)) }
	lifeMin, lifeMax, rate := f(rowlayout.MotLifeMin), f(rowlayout.MotLifeMax), f(rowlayout.MotRate)

	slot := func(s int) (count, key, split uint32, age float32) {
		j := rowlayout.InstBursts + 4*s
		return mWord(ir.texel(j + 1)), mWord(ir.texel(j + 2)), mWord(ir.texel(j + 3)), it.bclock - mF32(ir.texel(j))
	}
	var out []mQuad
	si, bs, bj := 0, bLo, uint32(0)
	bCount, bKey, bSplit, bAge := slot(bs)
	for range MaxGPUParticles {
		fromStream := si < ns
		if fromStream && bs < bEnd {
			fromStream = int32(bSplit-(base+uint32(si))) >= 0
		}
		if !fromStream && bs >= bEnd {
			break
		}
		var key uint32
		var age, life float32
		alive := true
		if fromStream {
			key = 2 * (base + uint32(si))
			st := hash.Stream(seed, key)
			life = lifeMin + (lifeMax-lifeMin)*mUnit(hash.Bits(st, channel.Lifetime))
			d := it.xrel - float32(si)
			if !constLife {
				alive = d < rate*life
			}
			age = d / rate
			si++
		} else {
			key = 2*(bKey+bj) + 1
			st := hash.Stream(seed, key)
			life = lifeMin + (lifeMax-lifeMin)*mUnit(hash.Bits(st, channel.Lifetime))
			age = bAge
			if !constLife {
				alive = age >= 0 && age < life
			}
			bj++
			if bj >= bCount {
				bs++
				bj = 0
				if bs < bEnd {
					bCount, bKey, bSplit, bAge = slot(bs)
				}
			}
		}
		if !alive {
			continue
		}
		out = append(out, mQuad{key: key, age: age})
	}
	return out
}
