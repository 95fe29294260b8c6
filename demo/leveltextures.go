package main

import (
	"image"
	"math"
)

// The world scene's level names its textures by path under demo/levels,
// and its compiled .kwp records each image's size and pixel digest, so
// they are committed PNGs like the effects' textures: generated here,
// written by `go run ./demo -gen-textures`, checked by a test. The flame
// and the smoke puff are the effects' own drawings; the rest are small
// sprites of the level's.

// levelTextures lists the level's generated textures, by path under the
// levels directory.
var levelTextures = []generatedTexture{
	{"textures/flame.png", flameSprite},
	{"textures/smoke.png", smokeSprite},
	{"textures/spark.png", sparkDot},
	{"textures/drop.png", waterDrop},
	{"textures/mote.png", dustMote},
}

// sparkDot draws a 16 × 16 white-hot dot with a faint cross: sparks and
// embers, tinted by their colour curves.
func sparkDot() *image.NRGBA {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		core := math.Exp(-(u*u + v*v) * 9)
		cross := 0.35 * (math.Exp(-v*v*60) + math.Exp(-u*u*60)) * math.Max(0, 1-math.Hypot(u, v))
		put(img, px, py, 1, 1, 1, clamp01(core+cross))
	})
	return img
}

// waterDrop draws a 16 × 16 droplet: a pale round body, brighter at the
// top left where it catches the light.
func waterDrop() *image.NRGBA {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		r := math.Hypot(u, v)
		a := smoothstep(1, 0.6, r)
		hi := math.Exp(-(math.Pow(u+0.3, 2) + math.Pow(v+0.3, 2)) * 12)
		l := 0.75 + 0.25*hi
		put(img, px, py, l, l, 1, a*(0.7+0.3*hi))
	})
	return img
}

// dustMote draws a 16 × 16 soft speck for dust in a sunbeam.
func dustMote() *image.NRGBA {
	const n = 16
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		put(img, px, py, 1, 1, 1, math.Exp(-(u*u+v*v)*5)*smoothstep(1, 0.8, math.Hypot(u, v)))
	})
	return img
}
