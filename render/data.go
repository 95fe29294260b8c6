package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/rowlayout"
)

// The data texture holds one row of RGBA8 texels per effect kind (a
// snapshot with its texture and strip placed in a page), laid out as
// internal/rowlayout's kind row. The shaders read each texel back as its
// exact bytes.

// rect is a rectangle in page pixels.
type rect struct{ x, y, w, h int }

// encodeRow writes the data row of snap, its texture at tex and its strip
// (if any) at strip, into row (rowlayout.RowBytes long).
func encodeRow(row []byte, snap *emitter.Snapshot, tex rect, strip *rect) {
	clear(row[:rowlayout.RowBytes])
	sp := snap.Spec()
	cols, rows := snap.Grid()
	flags := 0
	if sp.FlipbookBlendFrames {
		flags |= rowlayout.FlagBlendFrames
	}
	if sp.FlipbookStartRandom {
		flags |= rowlayout.FlagStartRandom
	}
	if strip != nil {
		flags |= rowlayout.FlagStrip
	}
	nT, nC := min(len(sp.Transparency), emitter.MaxKeypoints), min(len(sp.Color), emitter.MaxKeypoints)
	putBytes(row, rowlayout.RowHeader, byte(nT), byte(nC), byte(sp.BlendMode), byte(flags))
	putBytes(row, rowlayout.RowFlipbook, byte(cols), byte(rows), byte(sp.FlipbookMode), 0)
	putPair(row, rowlayout.RowTexPos, tex.x, tex.y)
	putPair(row, rowlayout.RowTexSize, tex.w, tex.h)
	if strip != nil {
		putPair(row, rowlayout.RowStripPos, strip.x, strip.y)
		putPair(row, rowlayout.RowStripSize, strip.w, strip.h)
	}
	putFloat(row, rowlayout.RowBrightness, sp.Brightness)
	putFloat(row, rowlayout.RowInfluence, sp.LightInfluence)
	putFloat(row, rowlayout.RowEmission, snap.LightEmission())
	putFloat(row, rowlayout.RowRateMin, sp.FlipbookFramerate.Min)
	putFloat(row, rowlayout.RowRateMax, sp.FlipbookFramerate.Max)
	// The grid covers the texture, or with FlipbookResolution its top-left
	// crop (docs/appearance.md, section 2).
	gw, gh := tex.w, tex.h
	if res := sp.FlipbookResolution; res > 0 {
		gw, gh = min(gw, res), min(gh, res)
	}
	putPair(row, rowlayout.RowCell, max(gw/cols, 1), max(gh/rows, 1))
	for i, k := range sp.Transparency[:nT] {
		j := rowlayout.RowTrans + 3*i
		putFixed24(row, j, k.Time)
		putFloat(row, j+1, k.Value)
		putFloat(row, j+2, k.Envelope)
	}
	for i, k := range sp.Color[:nC] {
		j := rowlayout.RowColor + 4*i
		putFixed24(row, j, k.Time)
		putFixed24(row, j+1, k.Color.R)
		putFixed24(row, j+2, k.Color.G)
		putFixed24(row, j+3, k.Color.B)
	}
}

func putBytes(row []byte, texel int, r, g, b, a byte) {
	p := row[4*texel : 4*texel+4]
	p[0], p[1], p[2], p[3] = r, g, b, a
}

func putWord(row []byte, texel int, w uint32) {
	putBytes(row, texel, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
}

// putPair stores two uint16 (page coordinates; pages are at most 65535 px).
func putPair(row []byte, texel, lo, hi int) {
	putWord(row, texel, uint32(uint16(lo))|uint32(uint16(hi))<<16)
}

// putFloat stores v as IEEE 754 binary32 bits. The shader decodes them
// exactly (subnormals become 0), so it sees float32(v).
func putFloat(row []byte, texel int, v float64) {
	putWord(row, texel, math.Float32bits(float32(v)))
}

// putFixed24 stores v in [0, 1] as round(v * 2^24): keypoint times and
// colours, which the shader decodes exactly with one power-of-two division.
func putFixed24(row []byte, texel int, v float64) {
	putWord(row, texel, uint32(math.Round(min(max(v, 0), 1)*(1<<24))))
}
