package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
)

// The data texture holds one row of RGBA8 texels per effect kind (a
// snapshot with its texture and strip placed in a page). The shader reads
// each texel back as its exact bytes. Keep this layout in step with the
// constants of shaders/particle.kage.
const (
	rowHeader     = 0 // r: transparency keypoints, g: colour keypoints, b: BlendMode, a: flags
	rowFlipbook   = 1 // r: columns, g: rows, b: FlipbookMode
	rowTexPos     = 2 // texture rectangle x, y in the page: two little-endian uint16
	rowTexSize    = 3 // texture rectangle width, height
	rowStripPos   = 4 // strip rectangle x, y
	rowStripSize  = 5 // strip rectangle width, height
	rowBrightness = 6 // float32 bits
	rowInfluence  = 7 // float32 bits
	rowEmission   = 8 // float32 bits
	rowRateMin    = 9 // FlipbookFramerate.Min, float32 bits
	rowRateMax    = 10
	rowCell       = 11 // flipbook cell width, height in texels (uint16 pair)
	rowTrans      = 16 // transparency keypoint i: 16+3i time (fixed24), value, envelope (float32 bits)
	rowColor      = 76 // colour keypoint i: 76+4i time, r, g, b (fixed24)

	// dataWidth is the data texture's width in texels.
	dataWidth = rowColor + 4*emitter.MaxKeypoints
	// rowBytes is one row's size in bytes.
	rowBytes = 4 * dataWidth
)

// Header flags.
const (
	flagBlendFrames = 1 << iota
	flagStartRandom
	flagStrip
)

// rect is a rectangle in page pixels.
type rect struct{ x, y, w, h int }

// encodeRow writes the data row of snap, its texture at tex and its strip
// (if any) at strip, into row (rowBytes long).
func encodeRow(row []byte, snap *emitter.Snapshot, tex rect, strip *rect) {
	clear(row[:rowBytes])
	sp := snap.Spec()
	cols, rows := snap.Grid()
	flags := 0
	if sp.FlipbookBlendFrames {
		flags |= flagBlendFrames
	}
	if sp.FlipbookStartRandom {
		flags |= flagStartRandom
	}
	if strip != nil {
		flags |= flagStrip
	}
	nT, nC := min(len(sp.Transparency), emitter.MaxKeypoints), min(len(sp.Color), emitter.MaxKeypoints)
	putBytes(row, rowHeader, byte(nT), byte(nC), byte(sp.BlendMode), byte(flags))
	putBytes(row, rowFlipbook, byte(cols), byte(rows), byte(sp.FlipbookMode), 0)
	putPair(row, rowTexPos, tex.x, tex.y)
	putPair(row, rowTexSize, tex.w, tex.h)
	if strip != nil {
		putPair(row, rowStripPos, strip.x, strip.y)
		putPair(row, rowStripSize, strip.w, strip.h)
	}
	putFloat(row, rowBrightness, sp.Brightness)
	putFloat(row, rowInfluence, sp.LightInfluence)
	putFloat(row, rowEmission, snap.LightEmission())
	putFloat(row, rowRateMin, sp.FlipbookFramerate.Min)
	putFloat(row, rowRateMax, sp.FlipbookFramerate.Max)
	// The grid covers the texture, or with FlipbookResolution its top-left
	// crop (docs §2).
	gw, gh := tex.w, tex.h
	if res := sp.FlipbookResolution; res > 0 {
		gw, gh = min(gw, res), min(gh, res)
	}
	putPair(row, rowCell, max(gw/cols, 1), max(gh/rows, 1))
	for i, k := range sp.Transparency[:nT] {
		j := rowTrans + 3*i
		putFixed24(row, j, k.Time)
		putFloat(row, j+1, k.Value)
		putFloat(row, j+2, k.Envelope)
	}
	for i, k := range sp.Color[:nC] {
		j := rowColor + 4*i
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
