// Package raster is Ember's reference rasterizer: a pure-Go implementation of
// the appearance and blending that the Kage shaders of package render
// implement on the GPU (docs/appearance.md). It draws effects into an image
// without a GPU or a display, for golden tests and for baking frames, sprite
// sheets and GIFs. It imports no engine.
//
// [Draw] (or a reusable [Rasterizer]) draws [Item]s, each an
// [emitter.Effect] at its clock, into an 8-bit premultiplied *image.RGBA the
// way an RGBA8 framebuffer would: each particle's quad is covered by pixel
// centre, sampled bilinearly from its flipbook cell, coloured, graded and
// blended source-over with rounding to the nearest step. The maths is
// float64 and deterministic, so its output can be compared byte for byte.
//
// Baking draws one effect, played from clock 0 with a seed and bursts, on a
// canvas the size of its host: [Frame] one clock, [Sheet] a grid of clocks,
// [GIF] an animated clip with a [Quantize]d palette. [LoadTextures] reads
// the images an effect file names, relative to the file. `ember bake` is a
// thin command line over these.
package raster
