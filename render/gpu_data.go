package render

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/rowlayout"
)

// The GPU path's rows live in a texture of their own (image 2 of its draw
// calls; image 1 is the batched path's data texture, whose kind rows give
// the appearance). Two kinds of rows share it, both rowlayout.GPURowTexels
// wide, laid out as internal/rowlayout describes:
//
//   - a motion row per snapshot: what placing a particle needs (lifetime,
//     speed, shape, drag, rotation, the size and squash curves, the glow
//     layers), written once;
//   - an instance row per effect: its seed, host scales and the bursts it
//     may show, rewritten only when one of those changes.

// gpuMotion is what the GPU path keeps of a snapshot: its motion row and
// the emitter's compiled constants.
type gpuMotion struct {
	row          int
	seen         uint64 // the last frame that drew its snapshot
	c            emitter.Constants
	maxParticles int
	unlocked     bool // LockedToPart = false
}

func newGPUMotion(snap *emitter.Snapshot) *gpuMotion {
	return &gpuMotion{c: snap.Constants(), maxParticles: snap.MaxParticles(), unlocked: !snap.Spec().LockedToPart}
}

// encodeMotion writes snap's motion row into row (rowlayout.GPURowBytes long).
func encodeMotion(row []byte, snap *emitter.Snapshot) {
	clear(row[:rowlayout.GPURowBytes])
	sp := snap.Spec()
	c := snap.Constants()
	nS, nQ := min(len(sp.Size), emitter.MaxKeypoints), min(len(sp.Squash), emitter.MaxKeypoints)
	flags := 0
	if sp.Lifetime.Min == sp.Lifetime.Max {
		flags |= rowlayout.MotFlagConstLife
	}
	putBytes(row, rowlayout.MotEnums, byte(sp.Shape), byte(sp.ShapeStyle), byte(sp.ShapeInOut), byte(sp.Orientation))
	putBytes(row, rowlayout.MotCounts, byte(nS), byte(nQ), byte(c.Layers), byte(flags))
	putFloat(row, rowlayout.MotLifeMin, c.LifeMin)
	putFloat(row, rowlayout.MotLifeMax, c.LifeMax)
	putFloat(row, rowlayout.MotRate, c.Rate)
	putFloat(row, rowlayout.MotSpeedMin, sp.Speed.Min)
	putFloat(row, rowlayout.MotSpeedMax, sp.Speed.Max)
	putFloat(row, rowlayout.MotDirX, c.DirX)
	putFloat(row, rowlayout.MotDirY, c.DirY)
	putFloat(row, rowlayout.MotAccX, c.AccX)
	putFloat(row, rowlayout.MotAccY, c.AccY)
	putFloat(row, rowlayout.MotSpread, c.Spread)
	putFloat(row, rowlayout.MotDrag, sp.Drag)
	putFloat(row, rowlayout.MotPartial, sp.ShapePartial)
	putFloat(row, rowlayout.MotRotMin, sp.Rotation.Min)
	putFloat(row, rowlayout.MotRotMax, sp.Rotation.Max)
	putFloat(row, rowlayout.MotRotSpeedMin, sp.RotSpeed.Min)
	putFloat(row, rowlayout.MotRotSpeedMax, sp.RotSpeed.Max)
	putFloat(row, rowlayout.MotRadius, c.MaxHalfDiagonal)
	putFloat(row, rowlayout.MotGlow, 1)
	putFloat(row, rowlayout.MotGlow+1, 1)
	for n := 1; n < c.Layers; n++ {
		// The batched path's layer values, float32 alike (kindOf).
		g, f := emitter.Glow(n, 0, snap.LightEmission())
		putFloat(row, rowlayout.MotGlow+2*n, g)
		putFloat(row, rowlayout.MotGlow+2*n+1, float64(float32(f)))
	}
	for i, k := range sp.Size[:nS] {
		j := rowlayout.MotSize + 3*i
		putFixed24(row, j, k.Time)
		putFloat(row, j+1, k.Value)
		putFloat(row, j+2, k.Envelope)
	}
	for i, k := range sp.Squash[:nQ] {
		j := rowlayout.MotSquash + 3*i
		putFixed24(row, j, k.Time)
		putFloat(row, j+1, k.Value)
		putFloat(row, j+2, k.Envelope)
	}
}

// gpuSlot is a burst as an instance row holds it.
type gpuSlot struct {
	burst emitter.Burst
	split int64 // the last stream index born at or before it
}

// instanceRow is the content of an instance row.
type instanceRow struct {
	seed                 uint32
	motion               int
	moveScale, sizeScale float64
	halfW, halfH         float64
	sphereBase           float64
	origin               emitter.Ticks // the clock burst births are relative to
	maxParticles         int
	slots                [MaxGPUBursts]gpuSlot
	nslots               int
	host                 emitter.HostScale // what the scales were read from
}

// encodeInstance writes in into row (rowlayout.GPURowBytes long).
func encodeInstance(row []byte, in *instanceRow) {
	clear(row[:rowlayout.GPURowBytes])
	putWord(row, rowlayout.InstSeed, in.seed)
	putPair(row, rowlayout.InstMotion, in.motion, 0)
	putFloat(row, rowlayout.InstMoveScale, in.moveScale)
	putFloat(row, rowlayout.InstSizeScale, in.sizeScale)
	putFloat(row, rowlayout.InstHalfW, in.halfW)
	putFloat(row, rowlayout.InstHalfH, in.halfH)
	putFloat(row, rowlayout.InstSphereBase, in.sphereBase)
	for s := range in.nslots {
		sl := &in.slots[s]
		j := rowlayout.InstBursts + 4*s
		putFloat(row, j, (sl.burst.Time - in.origin).Seconds())
		putWord(row, j+1, uint32(sl.burst.Count))
		putWord(row, j+2, sl.burst.Index*uint32(in.maxParticles))
		putWord(row, j+3, uint32(sl.split))
	}
}
