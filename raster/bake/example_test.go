package bake_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/raster/bake"
)

// Baking frames of an effect file: a scene is the effect played from
// clock 0 with its seed and bursts, and each frame depends only on the
// scene and its clock, so a frame baked twice is the same bytes. A sheet
// lays frames out left to right, top to bottom, on a canvas of the host's
// size (200 × 100 by default).
func Example() {
	spec, err := effectfile.Parse("sparkle.yaml", []byte("Rate: 30\nLifetime: 1\nSpeed: 20\nSpreadAngle: {X: 180, Y: 180}\n"))
	if err != nil {
		panic(err)
	}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	s := &bake.Scene{Snapshot: snap, Seed: 7, Bursts: []bake.Burst{{Count: 20, At: 0.25}}}

	a, err := bake.Frame(s, 0.5)
	if err != nil {
		panic(err)
	}
	b, _ := bake.Frame(s, 0.5)
	fmt.Println(a.Bounds().Dx(), a.Bounds().Dy(), string(a.Pix) == string(b.Pix))

	sheet, err := bake.Sheet(s, 4, 2, 0, 3.5)
	if err != nil {
		panic(err)
	}
	fmt.Println(sheet.Bounds().Dx(), sheet.Bounds().Dy(), bake.SheetTimes(8, 0, 3.5)[1])

	_, err = bake.Sheet(s, 2000, 2000, 0, 1)
	fmt.Println(err)
	// Output:
	// 200 100 true
	// 800 200 0.5
	// bake: sheet 2000x2000 of 200x100 frames: 80000000000 pixels, more than the 67108864 a sheet may have; give fewer frames or a smaller canvas
}
