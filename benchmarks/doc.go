// Package benchmarks compares Ember with the particle emitters people use
// instead, on the same visual effect.
//
// It is its own module, so the peers it measures never enter the library's
// go.mod. Every competitor is a [Subject]: it sets up a [Scenario] (effects
// placed on a target, a stream rate or bursts), advances and draws one frame
// at a time with [Subject.Frame], seeks, and reports its live particles.
// The subjects are:
//
//   - ember: emitter.Effect evaluated in closed form, drawn by render.Renderer's
//     batched path (CPU-positioned quads, appearance evaluated by the
//     shader), one Draw per frame.
//   - ember-gpu: the same effects on render.Renderer's GPU-evaluated path
//     (one quad per effect, or per 16,384 candidates of a larger one; the
//     shader evaluates the particles), measured
//     only where every effect stays within that path's limits: a case in
//     which the renderer fell back is reported as not applicable.
//   - naive: a live list of particle pointers, Euler steps, one DrawImage per
//     particle, the way Ebitengine's particles example is written.
//   - batched-euler: a strong integrator: preallocated struct-of-arrays in
//     float32, swap-remove, Euler steps with drag, curves from lookup tables,
//     a fast polynomial sincos, per-effect culling, and one DrawTriangles32
//     per frame from a persistent vertex buffer written field by field,
//     with FilterLinear and DisableMipmaps (bilinear, as Ember samples);
//     batched-euler-mipmap is the same with Ebitengine's default mipmaps.
//   - quasilyte: github.com/quasilyte/ebitengine-graphics's particle package.
//   - twodeeparticles: github.com/blizzy78/twodeeparticles, drawn with one
//     DrawImage per particle as its demo does.
//   - api-floor: DrawTriangles32 re-submitting unchanged quads for the same
//     count, filtered as batched-euler (api-floor-mipmap: with mipmaps).
//   - ember-floor: DrawTrianglesShader32 re-submitting unchanged vertices in
//     Ember's layout (its quads and triangles, in its chunks): what Ember
//     pays Ebitengine at least. ember-floor-hot re-submits one chunk's
//     vertices for every call, so that, like Ember's, they are read from
//     the cache and not from memory.
//
// The effect ([Look]) is defined once in pixels and seconds and translated
// to each subject; where a peer lacks a feature, its file says so and
// [Notes] lists it. cmd/compare runs the scenarios inside an Ebitengine game
// and reports CPU time per frame as ratios; the go test benchmarks in this
// package measure the CPU-only parts without a display.
package benchmarks
