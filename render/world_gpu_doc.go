// # World emitters on the GPU path
//
// A world emitter ([Renderer.DrawLevel]) can be drawn by shaders that
// evaluate its slots themselves (docs/world.md, section 10, "The GPU
// path"; world_gpu.go). Per emitter and view the CPU does O(1) work in
// its slots: it takes the emitter's world.Cycle at the level clock, the
// thinning limit of its LOD and budget fraction, and the tile grid of its
// projected bounds, and writes them as vertex values; nothing is uploaded
// per frame. What evaluating a slot reads (world.Evaluator.Constants, the
// births) is uploaded once per level, on its first draw on this path, as
// emitter rows (internal/rowlayout's WorldEmitter constants).
//
// Four passes draw a view's GPU emitters, one draw call each for all of
// them: the job pass (job.kage) writes each emitter's job row; the world
// position pass (worldpos.kage) evaluates each slot once (the schedule's
// group, age and 64-bit birth number, the hash rolls, the lifetime, the
// drag motion, the walls: kill impact, the thinning roll) and writes its
// projected centre as a position word (dead where its billboard cannot
// reach the emitter's quad, which the view may cut); the bin pass (bin.kage, shared with
// effects: it reads only job rows and position words) writes per 16 × 16
// pixel tile and group of 32 slots the mask of those whose billboard can
// reach the tile; the shade pass (worldshade.kage) draws a quad over each
// emitter's projected bounds, one draw call per run of consecutive GPU
// emitters on one atlas page, whose fragments walk their tile's set bits
// in slot order and composite the billboards covering them with the
// batched world shader's appearance (worldlook.kage). The quads take the
// emitters' places in the blend passes and the emitter order, so batched
// and GPU emitters mix in a view.
//
// Vertices of the shade quad: DstX/DstY and SrcX/SrcY the corner on the
// target; ColorR the phase's float64 rest (so that a birth at the clock
// itself is decided as on the CPU); Custom0 the emitter's first row in
// the mask image, whose header is its job row (the phase, the emission
// index modulo the groups and min(index, 2·groups), the grid's corner, the
// low 32 bits of the first birth number, the thinning limit, the grid,
// the reach); Custom1 its emitter row; Custom2 and Custom3 the high 32
// bits of the first birth number in 16-bit halves. Images: the atlas page,
// the preset rows, the emitter rows, the mask image. Uniforms: the
// camera's projection and billboard factors.
//
// Limits and fallbacks: 4,096 slots per emitter (world.MaxSlotsPerEmitter,
// the shade walk's loop bound), at most 1,023 tiles along an edge of the
// projected bounds, and the view's regions within the mask and positions
// images (rowlayout.BinMaxRows rows of 1,024 texels each, shared by the
// view's GPU emitters). An emitter beyond them is drawn by the batched
// path and counted in LevelStats.GPUFallbacks. Several views of a level
// each run their own passes.
//
// Path choice: LevelEmitter.Path; PathAuto asks the renderer's
// [CostModel] ([CostModel.PreferWorld], with the world constants
// WorldFragmentNS and WorldSlotNS) with the emitter's [GPUWork] (the
// pixels of its projected bounds within the view, the slots a fragment
// walks, estimated from the candidates spread evenly over the bounds, of
// those within the reach of the view, and the reach, its slots, and tiles
// times slots binned) against its candidates on the batched path. The
// defaults are llvmpipe's (see [DefaultCostModel]), so here the GPU path
// is chosen only where the model finds it cheaper; Options.Cost sets the
// constants of the hardware at hand.
//
// Measured on this project's development machine (2 shared cores, Mesa's
// llvmpipe, no GPU), BenchmarkWorldGPUCPU, 16 emitters, medians of 15
// frames per run, five runs: the GPU path's DrawLevel took 71-87 µs at 16
// slots per emitter and 83-112 µs at 4,096, 4096/16 = 1.10-1.45 (a
// 300-frame run of the two alone: 85 and 90 µs, 1.06; the only CPU work
// that grows with the slots is the binary searches of
// world.Evaluator.Candidates), while the batched path's grew from 50-60
// µs to 12-28 ms, 4096/16 = 230-460. On the limits level (256 emitters,
// 65,536 slots, about 44,000 alive; BenchmarkLevelGPU, two runs) a frame
// with every emitter on the GPU path took 0.79-0.83 ms of CPU (3.1-3.2 µs
// per emitter) against 9.2-10.1 ms batched, batched/gpu = 11.7-12.2. A warm frame
// allocates nothing of Ember's on either path (TestWorldGPUAllocatesNothing).
// BenchmarkWorldGPUWork (whole frames of one 1,024-slot emitter, two
// runs): llvmpipe spent 546-552 ns per walked candidate-pixel of the world
// passes, against the 320 ns of [DefaultCostModel].FragmentNS measured on
// the effect shader, and the batched path 3.8-3.9 µs per particle (its
// ParticleNS: 3.5 µs); the shared model thus prices world emitters on
// this machine's GPU path about 1.7 times too cheaply, erring toward it.
// What the GPU spends on the passes could not be measured here: llvmpipe
// runs them on the same two cores (seconds for a dense 4,096-slot view),
// which says nothing of a GPU. On one, measure FragmentNS and BinNS with
// the world shade and bin passes (the world shade's per-candidate work is
// a schedule lookup, nine hash rolls, the drag factors and a texture
// sample), a frame's GPU time with vsync off over levels from 16 to 4,096
// slots per emitter, and run the pixel tests against the reference there
// (the float32 exactness of the texel decoders and 32-bit integer hash
// that llvmpipe honours, and the 4,096-iteration walk loop, must hold on
// the real drivers).
package render
