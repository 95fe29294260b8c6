package raster_test

import (
	"fmt"
	"image"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/raster"
)

// Drawing an effect without a GPU: a burst of particles that stand still
// at the host's centre, drawn at (32, 32) into a 64 × 64 image. The
// centre is covered and the corners are not, and drawing the same clock
// again gives the same bytes.
func ExampleDraw() {
	spec, err := effectfile.Parse("dot.yaml", []byte("Rate: 0\nLifetime: 2\nSpeed: 0\nSize: 8\nColor: \"#ffffff\"\n"))
	if err != nil {
		panic(err)
	}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	e, err := emitter.NewEffect(snap, &emitter.EffectOptions{HostWidth: 1, HostHeight: 1})
	if err != nil {
		panic(err)
	}
	e.Emit(5)
	e.SetTime(0.5)

	draw := func() *image.RGBA {
		dst := image.NewRGBA(image.Rect(0, 0, 64, 64))
		raster.Draw(dst, []raster.Item{{Effect: e, X: 32, Y: 32}})
		return dst
	}
	a, b := draw(), draw()
	fmt.Println("centre covered:", a.RGBAAt(32, 32).A > 0)
	fmt.Println("corner covered:", a.RGBAAt(0, 0).A > 0)
	fmt.Println("same bytes:", string(a.Pix) == string(b.Pix))
	// Output:
	// centre covered: true
	// corner covered: false
	// same bytes: true
}
