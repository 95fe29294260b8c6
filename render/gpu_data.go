package render

import "github.com/emberfx/ember/emitter"

// The GPU path's rows live in a texture of their own (image 2 of its draw
// calls; image 1 is the batched path's data texture, whose kind rows give
// the appearance). Two kinds of rows share it, both gpuRowTexels wide:
//
//   - a motion row per snapshot: what placing a particle needs (lifetime,
//     speed, shape, drag, rotation, the size and squash curves, the glow
//     layers), written once;
//   - an instance row per effect: its seed, host-size scales and the
//     bursts it may show, rewritten only when one of those changes.
//
// Keep the layouts in step with the constants of shaders/effect.kage.
const (
	gpuRowTexels = 160
	gpuRowBytes  = 4 * gpuRowTexels

	// Instance row.
	instSeed       = 0 // word: the effect's seed
	instMotion     = 1 // low uint16: the snapshot's motion row
	instMoveScale  = 2 // float32: pixels per stud of displacement
	instSizeScale  = 3 // float32: pixels per stud of size
	instHalfW      = 4 // float32: the emission area's half-width in pixels
	instHalfH      = 5 // float32: its half-height
	instSphereBase = 6 // float32: a Sphere's arc centre, atan2(dirY·b, dirX·a)
	instBursts     = 8 // burst slot s: 8+4s birth (float32, seconds after the row's origin),
	// count, key base (Index·MaxParticles mod 2^32) and stream split (the
	// last stream index born at or before it, mod 2^32), words

	// Motion row.
	motEnums       = 0  // bytes: Shape, ShapeStyle, ShapeInOut, Orientation
	motCounts      = 1  // bytes: size keypoints, squash keypoints, layers drawn, flags
	motLifeMin     = 2  // float32, after the 1e-3 floor
	motLifeMax     = 3  // float32
	motRate        = 4  // float32: the stream's rate after its cap
	motSpeedMin    = 5  // float32, studs/s
	motSpeedMax    = 6  // float32
	motDirX        = 7  // float32: the emission direction on screen
	motDirY        = 8  // float32
	motAccX        = 9  // float32: acceleration on screen, studs/s², +Y down
	motAccY        = 10 // float32
	motSpread      = 11 // float32: the spread cone's half-angle, radians
	motDrag        = 12 // float32
	motPartial     = 13 // float32: ShapePartial
	motRotMin      = 14 // float32, degrees
	motRotMax      = 15
	motRotSpeedMin = 16 // float32, degrees/s
	motRotSpeedMax = 17
	motRadius      = 18 // float32: the largest half-diagonal of a core quad, studs
	motGlow        = 20 // layer n: 20+2n growth, 21+2n opacity factor (float32)
	motSize        = 40 // size keypoint i: 40+3i time (fixed24), value, envelope (float32)
	motSquash      = 100
)

// Motion row flags.
const (
	// motFlagConstLife: Lifetime.Min == Lifetime.Max. Every candidate in
	// the live window is then alive: the window's float64 bound already
	// is the lifetime, and no float32 comparison may disagree with it.
	motFlagConstLife = 1 << iota
)

// gpuRowLimit is the most rows the GPU texture and the batched data
// texture may have for an effect to use the GPU path: a vertex attribute
// carries instance row + gpuRowLimit · kind row as one exact float.
const gpuRowLimit = 4096

// gpuMotion is what the GPU path keeps of a snapshot: its motion row and
// the emitter's compiled constants.
type gpuMotion struct {
	row          int
	c            emitter.Constants
	maxParticles int
	unlocked     bool // LockedToPart = false
}

func newGPUMotion(snap *emitter.Snapshot) *gpuMotion {
	return &gpuMotion{c: snap.Constants(), maxParticles: snap.MaxParticles(), unlocked: !snap.Spec().LockedToPart}
}

// encodeMotion writes snap's motion row into row (gpuRowBytes long).
func encodeMotion(row []byte, snap *emitter.Snapshot) {
	clear(row[:gpuRowBytes])
	sp := snap.Spec()
	c := snap.Constants()
	nS, nQ := min(len(sp.Size), emitter.MaxKeypoints), min(len(sp.Squash), emitter.MaxKeypoints)
	flags := 0
	if sp.Lifetime.Min == sp.Lifetime.Max {
		flags |= motFlagConstLife
	}
	putBytes(row, motEnums, byte(sp.Shape), byte(sp.ShapeStyle), byte(sp.ShapeInOut), byte(sp.Orientation))
	putBytes(row, motCounts, byte(nS), byte(nQ), byte(c.Layers), byte(flags))
	putFloat(row, motLifeMin, c.LifeMin)
	putFloat(row, motLifeMax, c.LifeMax)
	putFloat(row, motRate, c.Rate)
	putFloat(row, motSpeedMin, sp.Speed.Min)
	putFloat(row, motSpeedMax, sp.Speed.Max)
	putFloat(row, motDirX, c.DirX)
	putFloat(row, motDirY, c.DirY)
	putFloat(row, motAccX, c.AccX)
	putFloat(row, motAccY, c.AccY)
	putFloat(row, motSpread, c.Spread)
	putFloat(row, motDrag, sp.Drag)
	putFloat(row, motPartial, sp.ShapePartial)
	putFloat(row, motRotMin, sp.Rotation.Min)
	putFloat(row, motRotMax, sp.Rotation.Max)
	putFloat(row, motRotSpeedMin, sp.RotSpeed.Min)
	putFloat(row, motRotSpeedMax, sp.RotSpeed.Max)
	putFloat(row, motRadius, c.MaxHalfDiagonal)
	putFloat(row, motGlow, 1)
	putFloat(row, motGlow+1, 1)
	for n := 1; n < c.Layers; n++ {
		// The batched path's layer values, float32 alike (kindOf).
		g, f := emitter.Glow(n, 0, snap.LightEmission())
		putFloat(row, motGlow+2*n, g)
		putFloat(row, motGlow+2*n+1, float64(float32(f)))
	}
	for i, k := range sp.Size[:nS] {
		j := motSize + 3*i
		putFixed24(row, j, k.Time)
		putFloat(row, j+1, k.Value)
		putFloat(row, j+2, k.Envelope)
	}
	for i, k := range sp.Squash[:nQ] {
		j := motSquash + 3*i
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

// encodeInstance writes in into row (gpuRowBytes long).
func encodeInstance(row []byte, in *instanceRow) {
	clear(row[:gpuRowBytes])
	putWord(row, instSeed, in.seed)
	putPair(row, instMotion, in.motion, 0)
	putFloat(row, instMoveScale, in.moveScale)
	putFloat(row, instSizeScale, in.sizeScale)
	putFloat(row, instHalfW, in.halfW)
	putFloat(row, instHalfH, in.halfH)
	putFloat(row, instSphereBase, in.sphereBase)
	for s := range in.nslots {
		sl := &in.slots[s]
		j := instBursts + 4*s
		putFloat(row, j, (sl.burst.Time - in.origin).Seconds())
		putWord(row, j+1, uint32(sl.burst.Count))
		putWord(row, j+2, sl.burst.Index*uint32(in.maxParticles))
		putWord(row, j+3, uint32(sl.split))
	}
}
