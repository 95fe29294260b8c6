// Package render draws Ember effects on Ebitengine with batched Kage
// shaders. It is the only Ember library package that imports Ebitengine.
//
// The CPU computes each live particle's quad from the closed form
// ([emitter.Effect.AppendBillboards]: centre and rotated half axes, in
// float32) and writes its corners into a persistent vertex buffer, a chunk
// of 2,048 at a time, each chunk submitted as soon as it is written (see
// Submission); the
// shader (shaders/particle.kage, generated from shaders/src) evaluates the
// particle's appearance per fragment from its stream hash, age and
// lifetime, following docs/appearance.md, the contract it shares with the
// emitter's appearance stage and the reference rasterizer (package raster).
//
// Where things live: renderer.go (Options, Item, Stats, Draw, culling,
// thinning, batching), camera.go (DrawCamera: drawing through a
// camera.Camera; GeoM), vertex.go (the batched vertices), submit.go (the
// batched paths' runs and chunked calls, effects' and world levels'),
// data.go (the kind rows), atlas.go (pages), gpu.go, gpu_bins.go and gpu_data.go (the GPU
// path, which reads the effect's emitter.Window and the snapshot's
// emitter.Constants, and bins its candidates per tile: docs/gpu.md),
// world.go and worldvertex.go (world levels: DrawLevel and its batched
// path) and world_gpu.go (world emitters on the GPU path, which reuses the
// bins: see "World emitters on the GPU path" below). The
// rows' layouts are internal/rowlayout's, shared with the shaders; textures
// come from package texture.
//
// # Batching
//
// Textures and colour strips are packed into atlas pages (2048 px by
// default), an effect's texture and strip on the same page. Everything
// that differs between effects (curves, grading, flipbook grid, blend mode,
// texture and strip rectangles) lives in a data texture, one row per effect
// kind, so the only uniform is the ambient colour (each effect's own: a
// batch splits where it changes, normally never). Every blend mode
// outputs premultiplied colour over source-over blending, so one
// draw covers each run of consecutive effects that share a page, whatever
// their modes.
//
// # Submission
//
// A run is submitted in DrawTrianglesShader32 calls of at most 2,048
// quads, each made as soon as its vertices are written, so that
// Ebitengine copies them while they are still in the processor's cache;
// it merges consecutive calls of one shader, images and uniforms into one
// GPU draw (Stats.DrawCalls counts the draws, Stats.Calls the calls).
// Without thinning, an effect of one layer evaluated on the drawing
// goroutine is evaluated a chunk of candidates at a time
// ([emitter.Evaluator.AppendBillboardRange]) straight before its vertices
// are written; the others are evaluated first, then written. World levels
// (DrawLevel) are submitted the same way, each batched emitter evaluated
// just before its vertices are written (its billboards kept for other
// views at the same clock), into vertex buffers of one chunk each that
// stay in the cache (LevelStats.DrawCalls and Calls).
//
// # Vertex layout
//
// Four vertices per quad, corners (u, v) = (0,0), (1,0), (0,1), (1,1), and
// the static indices 0 1 2, 1 2 3. A layer whose particles are all small
// (a half-diagonal of at most TriangleMaxHalfDiagonal target pixels) is
// drawn as one triangle per particle instead, from a buffer of its own:
// the corners (0,0), (2,0), (0,2), which enclose the quad, and the
// indices 0 1 2; the shader draws nothing outside (u, v) in [0, 1)². Three
// vertices and three indices instead of four and six cost less to submit
// than the doubled rasterized area costs at that size.
//
//	DstX, DstY  the rotated corner on the destination (docs/appearance.md, section 1)
//	SrcX, SrcY  the texture rectangle's corner in page pixels
//	ColorR      τ = Age / Lifetime
//	ColorG      Age in seconds
//	ColorB      stream hash >> 16 (exact in float32)
//	ColorA      stream hash & 0xFFFF
//	Custom0     the data row of the effect kind
//	Custom1     layer factor: 1 for the core, 0.45^n · LightEmission for glow layer n
//	Custom2     1 for a triangle, 0 for a quad
//
// # Data row
//
// One row of rowlayout.DataWidth RGBA8 texels per (snapshot, texture,
// strip), uploaded once, at most MaxKinds of them: a kind not drawn for
// 120 Draws is freed and its row reused. Integers are bytes or little-endian uint16 pairs; wide-range
// numbers are float32 bits, decoded exactly by the shader; times and
// colours in [0, 1] are round(v · 2^24), decoded exactly too:
//
//	0   keypoint counts (transparency, colour), BlendMode, flags
//	1   flipbook columns, rows, FlipbookMode
//	2-5 texture x, y, w, h and strip x, y, w, h in the page
//	6-8 Brightness, LightInfluence, LightEmission (float32)
//	9-10 FlipbookFramerate Min, Max (float32)
//	11  flipbook cell width, height in texels (after FlipbookResolution)
//	16+3i  transparency keypoint i: time, value, envelope
//	76+4i  colour keypoint i: time, r, g, b
//
// # Order, culling and budget
//
// Effects draw in ascending ZIndex + ZOffset, ties in submission order;
// within an effect, the glow layers (outermost first) and then the cores,
// each oldest first. An effect whose conservative bounds miss the target
// (through a camera: the scene rectangle the target shows) costs no
// per-particle work, and one in view with nothing that can be alive
// (emitter.Effect.Idle: a stopped stream past its last lifetime, its
// bursts over) is drawn without an evaluation (Stats.Idle counts them),
// so a screen of idle buttons costs tens of nanoseconds an effect. When
// the visible effects hold more live
// particles than the budget, particle k is kept when its roll on the
// thinning channel (internal/channel's Thin) is below the kept fraction:
// stable from frame to frame and under rewind. The work is bounded too:
// when the visible batched effects hold more than WorkPerBudget × Budget
// candidates (64,000 with the default budget), each evaluates only the
// candidates whose index (stream index, or index in its burst) is a
// multiple of n, the smallest power of two that brings them within it,
// before the thinning; doubling n keeps half of what it kept, so the
// choice is as stable.
package render
