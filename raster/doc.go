// Package raster is Ember's reference rasterizer: a pure-Go implementation of
// the appearance and blending that the Kage shaders of package render
// implement on the GPU (docs/appearance.md). It draws effects into an image
// without a GPU or a display, for golden tests and for baking frames, sprite
// sheets and GIFs. It imports no engine.
package raster
