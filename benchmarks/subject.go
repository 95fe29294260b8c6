package benchmarks

import (
	"fmt"
	"sync"

	"github.com/emberfx/ember/texture"
	"github.com/hajimehoshi/ebiten/v2"
)

// Subject is one particle system under test. A subject is used from one
// goroutine: the game's Update in cmd/compare, or a test.
type Subject interface {
	// Name is the subject's name in results ("ember", "naive", ...).
	Name() string
	// Setup builds the scenario's effects at clock 0 with no live particles
	// and streams on. It may be called again after Close.
	Setup(sc *Scenario) error
	// Frame is the measured particle work of one frame: advance every
	// effect by dt seconds (spawning, updating, removing), then build and
	// submit the draw of all of them onto dst.
	Frame(dst *ebiten.Image, dt float64)
	// Burst emits n particles from effect i at the current clock; they
	// show from the next Frame on.
	Burst(i, n int)
	// Seek puts every effect at clock t seconds since Setup (without
	// drawing): Ember evaluates the clock, integrators reset and
	// re-simulate from 0 at the fixed step FrameDT, replaying their random
	// sequence where they can. Integrators forget earlier bursts (no
	// scenario seeks an effect that had bursts).
	Seek(t float64)
	// Live is the number of live particles after the last Frame or Seek.
	Live() int
	// Close releases what Setup built.
	Close()
}

// PathChecker is implemented by a subject drawn by a render path that
// cannot draw every effect (ember-gpu: the GPU path's limits, see
// render.MaxGPUQuads). PathFallbacks returns, since the subject was
// made, the effect draws that fell back to another path and those the
// path drew; cmd/compare reports a case with any fallback as "n/a (falls
// back)", never as the path's result.
type PathChecker interface {
	PathFallbacks() (fallbacks, drawn int)
}

// stepper advances a subject's simulation by dt without drawing: what
// seeking re-simulates with, and what the CPU-only tests and benchmarks run.
type stepper interface {
	step(dt float64)
}

// Factory makes a fresh subject.
type Factory struct {
	Name string
	New  func() Subject
}

// Subject names, as results.json spells them.
const (
	NameEmber          = "ember"
	NameEmberGPU       = "ember-gpu"
	NameNaive          = "naive"
	NameBatchedEuler   = "batched-euler"
	NameBatchedMipmap  = "batched-euler-mipmap"
	NameQuasilyte      = "quasilyte"
	NameTwoDee         = "twodeeparticles"
	NameAPIFloor       = "api-floor"
	NameAPIFloorMipmap = "api-floor-mipmap"
	NameEmberFloor     = "ember-floor"
	NameEmberFloorHot  = "ember-floor-hot"
	defaultStreamSeed  = 0x5eed
	quasilyteChunkSize = 2000
)

// Factories lists the subjects in their default order (the first half of
// the A-B-B-A sequence, and the order of a steady case's first round).
var Factories = []Factory{
	{Name: NameEmber, New: func() Subject { return newEmber() }},
	{Name: NameEmberGPU, New: func() Subject { return newEmberGPU() }},
	{Name: NameNaive, New: func() Subject { return new(naiveSubject) }},
	{Name: NameBatchedEuler, New: func() Subject { return new(batchedSubject) }},
	{Name: NameBatchedMipmap, New: func() Subject { return &batchedSubject{mipmaps: true} }},
	{Name: NameQuasilyte, New: func() Subject { return new(quasilyteSubject) }},
	{Name: NameTwoDee, New: func() Subject { return new(twoDeeSubject) }},
	{Name: NameAPIFloor, New: func() Subject { return new(floorSubject) }},
	{Name: NameAPIFloorMipmap, New: func() Subject { return &floorSubject{mipmaps: true} }},
	{Name: NameEmberFloor, New: func() Subject { return new(emberFloorSubject) }},
	{Name: NameEmberFloorHot, New: func() Subject { return &emberFloorSubject{hot: true} }},
}

// IsFloor reports whether the subject name is one of the floors, which
// re-submit pre-built vertices and simulate nothing.
func IsFloor(name string) bool {
	return name == NameAPIFloor || name == NameAPIFloorMipmap || name == NameEmberFloor || name == NameEmberFloorHot
}

// NewSubject returns a fresh subject by name.
func NewSubject(name string) (Subject, error) {
	for _, f := range Factories {
		if f.Name == name {
			return f.New(), nil
		}
	}
	return nil, fmt.Errorf("benchmarks: unknown subject %q", name)
}

// Notes lists, per subject, where its configuration differs from the look
// because the subject has no such feature, and how it is used.
var Notes = map[string][]string{
	NameEmber: {
		"closed form (emitter.Effect) drawn by render.Renderer's batched path (Item.Path = PathBatched) with no particle budget; the shader evaluates colour and transparency, the CPU writes positions, size, rotation and age",
		"evaluated on one goroutine (Options.Workers = 1), like every other subject: the default splits effects of 4,096 candidates or more across the cores, which shortens the frame but does not lower its CPU time",
		"effects whose analytic bounds miss the target are culled (no per-particle work)",
		"on a processor with AVX-512 (F, DQ, VL; this machine's) and the default build, a stream's billboards are evaluated and their triangles or quads written eight at a time by Go assembly kernels (emitter/vector_amd64.s, render/vertexvec_amd64.s) that give the scalar loops' bits; elsewhere the scalar loops run",
	},
	NameEmberGPU: {
		"the same effects drawn by render.Renderer's GPU-evaluated path (Item.Path = PathGPU): per effect per frame the CPU writes one quad over the effect's bounds and a few values; bin passes write which candidates touch each 16x16-pixel tile, and the shader evaluates those per fragment",
		"only where each effect stays within the path's limits (an effect of more than render.MaxGPUParticles = 16,384 candidates is drawn as several quads of at most that many, up to render.MaxGPUQuads = 64; at most render.MaxGPUBursts = 64 visible bursts; no host track): a case in which the renderer's Stats.GPUFallbacks counted any fallback is reported as n/a (falls back), never as this path",
		"its CPU time excludes the shader's work, as every subject's excludes rasterization; on llvmpipe (a software rasterizer on the same cores, not a GPU) that work is large and the frame cost is not a GPU result",
	},
	NameNaive: {
		"one heap-allocated struct per particle in a slice of pointers, dead ones filtered out, semi-implicit Euler steps, curves evaluated per particle, a new DrawImageOptions and one DrawImage per particle (no culling)",
	},
	NameBatchedEuler: {
		"float32 struct-of-arrays preallocated to the cap, swap-remove, semi-implicit Euler with drag fused with the vertex writes, 256-entry curve tables, a polynomial sincos, per-effect culling from last frame's box, one DrawTriangles32 per frame (flat colour: only alpha written; gradient: premultiplied colours, which Ebitengine copies as they are)",
		"drawn as a careful user draws particles shrunk from a 64-px sprite: FilterLinear (bilinear, as Ember's shader samples) with DisableMipmaps, so that Ebitengine builds and samples no mipmap levels (batched-euler-mipmap is the same subject with mipmaps on, the default)",
	},
	NameBatchedMipmap: {
		"batched-euler with Ebitengine's default for FilterLinear: mipmaps on, which it builds for the sprite and pays per draw; kept beside the fair variant for comparison with earlier runs",
	},
	NameQuasilyte: {
		"no gravity and no drag: particles move in straight lines at their initial speed (its motion is fixed to origin + direction·speed·t)",
		"no spin and no independent initial rotation: a particle's quad is turned by its emission direction",
		"size, colour and transparency curves through SetUpdateScalingFunc and SetUpdateColorScaleFunc; emission box through SetSpawnOffsetFunc",
		"its Renderer batches at most 2,730 particles and skips an emitter that would overflow a batch (an emitter over 2,730 particles is never drawn), so effects are split into emitters of at most 2,000 expected particles, each group on its own particle.Renderer",
		"random speed and direction are quantized to 256 steps; sampling is nearest (its DrawTriangles options are fixed); no culling (none built in)",
		"bursts: SetEmitBurst (at most 255 per step) with SetEmitting toggled around zero-length updates; its random generator is global and cannot be reset, so a re-simulated seek shows different particles than the first run",
	},
	NameTwoDee: {
		"drawn with one DrawImage per particle and a reused DrawImageOptions, as its demo does; it has no renderer and no culling",
		"gravity and drag integrated by our VelocityOverLifetime callback (the library moves particles by velocity·delta); per-particle rolls kept in pooled DataOverLifetime structs returned by DeathFunc",
		"dead particles are removed one at a time with a slice shift (its removeDeadParticles), which grows with the square of the count",
		"Particle.angle is not reset when a pooled particle is reused; the initial rotation is applied as an offset from the angle seen at birth",
	},
	NameAPIFloor: {
		"DrawTriangles32 re-submitting the same pre-built, premultiplied vertices (nominal particle count, 4 per particle) every frame, FilterLinear with DisableMipmaps (as batched-euler): no simulation, no vertex writes",
		"it is the floor of the DrawTriangles32 path with quads; DrawTrianglesShader32 copies a vertex at the same cost, so ember-floor, with Ember's vertex layout, is Ember's own floor",
	},
	NameAPIFloorMipmap: {
		"api-floor with mipmaps on (FilterLinear's default), as earlier runs measured it",
	},
	NameEmberFloor: {
		"DrawTrianglesShader32 re-submitting pre-built vertices in Ember's layout every frame: as many quads and triangles as render.Renderer drew for the scenario at steady state (its Stats.Quads and Stats.Triangles), in calls of 1,024 like it, with a shader of as many images and uniforms; no simulation, no vertex writes",
		"it is Ebitengine's own submission cost for the vertices Ember submits: what Ember pays beyond it is evaluation and vertex writing",
		"its calls read a frame's vertices back from memory (1.4 MB at 10,000 particles, 19 MB at 100,000), which Ember's chunks, written just before their call, do not: ember-floor-hot is the same floor without those reads",
	},
	NameEmberFloorHot: {
		"ember-floor with every call re-submitting the first chunk's vertices (at most 1,024 primitives, one buffer that stays in the processor's cache, as the chunk Ember has just written does): Ebitengine's submission of Ember's layout without reading the vertices from memory, the stricter floor",
		"it draws the first chunk's particles over and over, fewer distinct ones than the others; only llvmpipe's rasterization, which is not measured, sees the difference",
	},
}

var (
	spriteOnce sync.Once
	spriteImg  *ebiten.Image
)

// SpriteImage returns Ember's built-in sprite (texture.Sprite: 64 × 64,
// white, premultiplied) as an ebiten image shared by every subject but
// ember, whose renderer places the same raster in its atlas.
func SpriteImage() *ebiten.Image {
	spriteOnce.Do(func() {
		spriteImg = ebiten.NewImageFromImage(texture.Sprite())
	})
	return spriteImg
}

// spriteHalf is half the sprite's edge in pixels.
const spriteHalf = texture.SpriteSize / 2
