package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
)

// A Go mirror of shaders/particle.kage's per-particle logic, in float32 and
// 32-bit integers like the GPU, decoding a data row exactly as the shader
// does. CPU tests compare it with emitter's float64 evaluation; GPU tests
// confirm the Kage code agrees with the references.

type mirrorRow []byte

// texel returns the 4 bytes of texel i.
func (m mirrorRow) texel(i int) [4]byte {
	return [4]byte(m[4*i : 4*i+4])
}

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

// mRollInt is the shader's integer roll floor(n · bits / 2^32).
func mRollInt(n int, bits uint32) int {
	hi, lo := int(bits>>16), int(bits&0xFFFF)
	return (n*hi + (n*lo)>>16) >> 16
}

func (m mirrorRow) numberAt(tau float32) (float32, float32) {
	n := int(m.texel(rowlayout.RowHeader)[0])
	if n <= 0 {
		return 0, 0
	}
	if tau <= mFixed24(m.texel(rowlayout.RowTrans)) {
		return mF32(m.texel(rowlayout.RowTrans + 1)), mF32(m.texel(rowlayout.RowTrans + 2))
	}
	k := n
	for i := 1; i < n && i < emitter.MaxKeypoints; i++ {
		if tau < mFixed24(m.texel(rowlayout.RowTrans+3*i)) {
			k = i
			break
		}
	}
	if k >= n {
		j := rowlayout.RowTrans + 3*(n-1)
		return mF32(m.texel(j + 1)), mF32(m.texel(j + 2))
	}
	a := rowlayout.RowTrans + 3*(k-1)
	b := a + 3
	ta := mFixed24(m.texel(a))
	w := (tau - ta) / (mFixed24(m.texel(b)) - ta)
	va, ea := mF32(m.texel(a+1)), mF32(m.texel(a+2))
	vb, eb := mF32(m.texel(b+1)), mF32(m.texel(b+2))
	return va + float32((vb-va)*w), ea + float32((eb-ea)*w)
}

func (m mirrorRow) colorKey(j int) [3]float32 {
	return [3]float32{mFixed24(m.texel(j + 1)), mFixed24(m.texel(j + 2)), mFixed24(m.texel(j + 3))}
}

func (m mirrorRow) colorAt(tau float32) [3]float32 {
	n := int(m.texel(rowlayout.RowHeader)[1])
	if n <= 0 {
		return [3]float32{1, 1, 1}
	}
	if tau <= mFixed24(m.texel(rowlayout.RowColor)) {
		return m.colorKey(rowlayout.RowColor)
	}
	k := n
	for i := 1; i < n && i < emitter.MaxKeypoints; i++ {
		if tau < mFixed24(m.texel(rowlayout.RowColor+4*i)) {
			k = i
			break
		}
	}
	if k >= n {
		return m.colorKey(rowlayout.RowColor + 4*(n-1))
	}
	a := rowlayout.RowColor + 4*(k-1)
	b := a + 4
	ta := mFixed24(m.texel(a))
	w := (tau - ta) / (mFixed24(m.texel(b)) - ta)
	ca, cb := m.colorKey(a), m.colorKey(b)
	var c [3]float32
	for i := range c {
		c[i] = ca[i] + float32((cb[i]-ca[i])*w)
	}
	return c
}

func mFlipCell(mode, n, n0, w int, stream uint32) int {
	switch mode {
	case int(emitter.FlipbookOneShot):
		return min(max(n0+w, 1), n)
	case int(emitter.FlipbookPingPong):
		p := 2*n - 2
		m := (n0 - 1 + w) % p
		return 1 + min(m, p-m)
	case int(emitter.FlipbookRandom):
		return 1 + mRollInt(n, hash.Bits(stream, uint32(channel.FlipbookRandom+32*w)))
	}
	return 1 + (n0-1+w)%n
}

// mirrorLook is what the shader computes for one particle before sampling.
type mirrorLook struct {
	T          float32    // transparency after the envelope and clamp
	C          [3]float32 // colour: curve, graded, influenced (no strip)
	StripRow   int
	Cell, Next int
	Blend      float32
}

// look evaluates the shader's per-particle appearance for a particle of
// stream st at normalized age tau and age, with the ambient colour amb.
func (m mirrorRow) look(st uint32, tau, age float32, amb [3]float32) mirrorLook {
	var l mirrorLook
	tv, te := m.numberAt(tau)
	u := mUnit(hash.Bits(st, channel.TransparencyEnvelope))
	l.T = min(max(tv+float32(te*float32(2*u-1)), 0), 1)

	base := m.colorAt(tau)
	br := mF32(m.texel(rowlayout.RowBrightness))
	var g [3]float32
	for i := range g {
		g[i] = base[i] * br
	}
	if peak := max(g[0], g[1], g[2]); peak > 1 {
		beta := 1 - 1/peak
		for i := range g {
			g[i] = float32(float32((1-beta)*g[i])*(1/peak)) + beta
		}
	}
	if infl := mF32(m.texel(rowlayout.RowInfluence)); infl != 0 {
		for i := range g {
			g[i] = g[i] + float32((g[i]*amb[i]-g[i])*infl)
		}
	}
	l.C = g
	ss := m.texel(rowlayout.RowStripSize)
	l.StripRow = mRollInt(mHigh16(ss), hash.Bits(st, channel.Strip))

	fb := m.texel(rowlayout.RowFlipbook)
	flags := int(m.texel(rowlayout.RowHeader)[3])
	cols, rows := max(int(fb[0]), 1), max(int(fb[1]), 1)
	cells := cols * rows
	if cells > 1 {
		mode := int(fb[2])
		n0 := 1
		if flags&rowlayout.FlagStartRandom != 0 {
			n0 = 1 + mRollInt(cells, hash.Bits(st, channel.FlipbookStart))
		}
		var x float32
		if mode == int(emitter.FlipbookOneShot) {
			x = tau * float32(cells-n0+1)
		} else {
			fmin, fmax := mF32(m.texel(rowlayout.RowRateMin)), mF32(m.texel(rowlayout.RowRateMax))
			x = age * (fmin + float32((fmax-fmin)*mUnit(hash.Bits(st, channel.FlipbookRate))))
		}
		fl := float32(math.Floor(float64(x)))
		w := int(fl)
		c := mFlipCell(mode, cells, n0, w, st)
		l.Cell, l.Next = c-1, c-1
		if flags&rowlayout.FlagBlendFrames != 0 {
			nc := mFlipCell(mode, cells, n0, w+1, st)
			l.Next = nc - 1
			if nc != c {
				l.Blend = x - fl
			}
		}
	}
	return l
}
