// Package raster is Ember's reference rasterizer: a pure-Go implementation of
// the blending that the Kage shaders of package render implement on the
// GPU (docs/appearance.md), over the appearance every renderer takes from
// the emitter (emitter.Effect.AppendLooks). It draws effects into an image
// without a GPU or a display, for golden tests, baking (package
// raster/bake) and headless captures. It imports no engine.
//
// [Draw] (or a reusable [Rasterizer]) draws [Item]s, each an
// [emitter.Effect] at its clock, into an 8-bit premultiplied *image.RGBA the
// way an RGBA8 framebuffer would: each particle's quad is covered by pixel
// centre, sampled bilinearly from its flipbook cell (textures premultiplied
// by package texture), coloured and blended source-over with rounding to
// the nearest step. The maths is float64 and deterministic, so its output
// can be compared byte for byte.
package raster
