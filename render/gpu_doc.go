// # The GPU path
//
// An effect can instead be drawn as one quad over its conservative bounds
// ([emitter.Effect.Bounds], placed on the target and clipped to it) whose
// fragment shader (shaders/effect.kage) evaluates the particles itself
// (one quad per MaxGPUParticles candidates, see MaxGPUQuads): per quad per
// frame the CPU does O(1) work in the particle count: it
// reads the effect's [emitter.Window] (the stream's runs and the visible
// bursts, which it does not copy) and encodes what changed. Item.Path
// picks the path; PathAuto (the default) asks the renderer's [CostModel].
//
// Each fragment walks only the candidates of the effect's live window
// whose footprint touches its 16 × 16-pixel tile (docs/gpu.md): three
// passes per frame, before the effect shader, write each effect's job row
// (job.kage), each candidate's position (pos.kage) and, per tile and per
// group of 32 candidates, a 32-bit overlap mask with a summary of the
// non-empty groups (bin.kage, gpu_bins.go), as exact bytes in RGBA8
// images. The shader walks its tile's set bits in ascending order, which
// is birth order (stream indices and the visible bursts' particles
// merged as the emitter merges them), and for each candidate evaluates
// what emitter/derive.go does: the
// Stream/Bits hash with the emitter's channels, the lifetime and the
// death test (stream particles in index space, d = x - i against r·L,
// bursts by age), the spawn shape (every Shape, ShapeStyle, ShapeInOut
// and ShapePartial), spread, the closed-form drag motion (parabola,
// Horner series below |kt| = 0.5, clamped exponential), size, squash,
// rotation and the Velocity orientations, and the locked host rotation;
// then the appearance of particle.kage (transparency with its envelope,
// colour, strip, Grade, Influence, the flipbook with bilinear sampling and
// crossfade, the blend modes) for the particles whose rotated quad covers
// it. It composites them in the batched order, glow layers outermost
// first and then the cores, each pass oldest first, and returns one
// premultiplied colour that Ebitengine composites source-over: additive
// sums and alpha order within an effect are those of the batched path,
// in float32 instead of 8 bits between particles. A candidate the masks
// leave out cannot reach the tile, so the image is that of walking them
// all.
//
// Integers are exact: the hash, particle keys (modulo 2^32), the birth
// order, the shapes' sign and mirror choices (bit 31 of their rolls) and
// the flipbook and strip rolls. Continuous values are float32: positions
// agree with the emitter's float64 within about 1e-5 px in the tests. A
// stream particle's life is decided from d = x - i with x the clock in
// index units relative to the window's first index (exact in 16-bit
// halves), so it stays precise however long the effect runs; bursts'
// births are stored relative to an origin the instance row re-bases when
// the clock drifts 16 s from it. With a constant Lifetime, every candidate
// of the window (decided in float64 on the CPU) is alive; with a rolled
// one, a particle within float32 rounding (about 1e-7 of its lifetime) of
// its death may live one frame more or less than on the CPU.
//
// # GPU path layout
//
// Four vertices per effect for the effect shader; all carry the same
// values except the corner:
//
//	DstX, DstY  the bounds quad's corner on the target, whole pixels
//	            (through a camera: the scene corner it maps to)
//	SrcX, SrcY  the same corner in scene pixels relative to the host
//	            centre; interpolated, each fragment's scene position
//	Custom0     instance row + 4096 · kind row
//	Custom1     the first row of the effect's region of the mask image
//
// The region's header, the job row the job pass wrote from eight vertices
// per effect (internal/rowlayout's Bin constants), holds the rest: the
// stream clock x = c·r minus the window's first index, that index mod
// 2^32, the clock minus the instance row's origin, the window's length,
// the first visible burst slot and their count, the host's rotation, and
// the tile grid. Image 0 is the atlas page, image 1 the batched data
// texture (the kind row gives the appearance), image 2 the GPU path's own
// rows, 264 texels wide (gpu_data.go): a motion row per snapshot
// (lifetime, speed, shape, direction, acceleration, spread, drag, rotation
// ranges, the size and squash curves, the glow layers' growth and
// opacity, the largest quad's half-diagonal) and an instance row per
// effect (seed, host-size scales, emission half-extents, a Sphere's arc
// centre, and MaxGPUBursts burst slots: birth, count, key base, and the
// last stream index born by it), image 3 the mask image. Motion rows are
// written once; an instance row only when the seed, the host size or the
// visible bursts change, or when its origin must be re-based. Consecutive
// GPU-path effects on one page share a draw call, and the three bin
// passes are one draw call each for all of a frame's GPU-path effects.
//
// # Limits and fallbacks
//
// A quad's walk is bounded by MaxGPUParticles candidates (16,384: 512
// groups of 32); an effect with more is drawn as up to MaxGPUQuads quads
// over its bounds, each binning and walking a consecutive run of its
// window in birth order, drawn in that order (a burst is never split), so
// that they composite as one walk of the whole window does. Visible
// bursts are bounded by MaxGPUBursts (64). The mask image is 1,024 texels
// wide and at most 4,096 rows (16 MiB); an effect's region takes 16 +
// tiles · (groups + summary texels) texels in whole rows, the positions
// image ⌈candidates / 1,024⌉ rows, and one frame's effects share both
// (docs/gpu.md, section 3). An effect beyond any of these, one with more
// than 1,023 tiles along an edge, one whose stream was turned off and on
// again within a lifetime (two runs of indices), and one with
// LockedToPart = false and a host track (its particles stay where the
// host was at their birth, a per-particle track lookup) are drawn by the
// batched path; Stats.GPUFallbacks counts those that asked for the GPU
// path. The GPU path does not thin: the budget applies to the batched
// path.
//
// # Cost model
//
// With pixels the bounds quad's area, candidates the live window (stream
// indices plus visible bursts' particles), layers the glow layers, core
// included, walked the candidates a fragment evaluates (estimated from the
// candidates spread evenly over the quad, each walked over the tiles its
// footprint touches), tiles the bins' tiles and quads the quads the
// effect is drawn with:
//
//	GPU:     FragmentNS · pixels · walked · layers + BinNS · tiles · candidates + GPUEffectNS · quads
//	batched: ParticleNS · candidates · layers + BatchedEffectNS
//
// The GPU path's shading now costs in proportion to the local density,
// not the candidate count: a large sparse effect is cheap where it used
// to cost pixels × candidates. On this project's test machines, Mesa
// llvmpipe (a software rasterizer, not a GPU) measured the defaults with
// BenchmarkGPUCrossover (docs/gpu.md). The GPU path's CPU cost per quad
// does not grow with the particles (BenchmarkGPUFlat: 4 to 9 µs per effect
// from 10 to 16,000 particles; an effect of 64,000, four quads, 9 to 12
// µs) while the batched path's grows from 2.4 µs to about 200 µs at 1,000
// (BenchmarkGPUEffectCPU). On a real GPU, set the constants from a
// measurement there.
package render
