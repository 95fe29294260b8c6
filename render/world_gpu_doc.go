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
// llvmpipe, no GPU; docs/world.md, section 10, has the tables), CPU of
// DrawLevel, ratios within one process over repeated runs:
// BenchmarkLevelGPUFlat (256 emitters, eight runs) took 313-333 µs a
// frame at 16 slots per emitter (1.22-1.30 µs an emitter), 1.12-1.21
// times that at 256 slots (65,536 in the level) and 1.00-1.08 times with
// 15 emitters of 4,096 slots among 241 of 16, while the batched path's
// grew 17-30 times; BenchmarkWorldGPUCPU (16 emitters, five runs) 1.16-1.47
// times from 16 to 4,096 slots against 240-380 batched. The only CPU work
// that grows with the slots is the binary searches of
// world.Evaluator.Candidates. On the limits level (BenchmarkLevelGPU,
// three runs) the GPU path's frame took 0.81-1.04 ms, the batched path's
// 9.6-15.4 times that. A warm frame allocates nothing of Ember's on
// either path (TestWorldGPUAllocatesNothing).
//
// BenchmarkWorldGPUWork measured what llvmpipe spends: about 700 ns per
// unit of the model's walk estimate on the shade pass, twice the effect
// shader's FragmentNS, and 0.25-0.6 µs a slot on the position and bin
// passes, hence [DefaultCostModel]'s WorldFragmentNS and WorldSlotNS. On
// an NVIDIA H200 (docs/gpu.md, section 7) the pixel tests passed against
// the reference (the texel decoders' float32 exactness, the 32-bit integer
// hash and the 4,096-iteration walk loop hold on NVIDIA's driver), the
// shade pass cost 7.6 to 40 ns of GPU time per walked slot-pixel, and the
// limits level's CPU per frame was 0.62 ms on this path against 4.6 ms
// batched. Measure the constants on the target hardware with the world
// passes (the world shade's per-slot work is a schedule lookup, nine hash
// rolls, the drag factors and a texture sample).
package render
