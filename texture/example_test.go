package texture_test

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/texture"
)

// Loading the images an effect file names: paths are relative to the
// effect file's folder, and Confine refuses any that lead out of it, as
// for an effect file downloaded from elsewhere. Premultiply makes the
// texels every renderer samples.
func ExampleLoadEffectImages() {
	dir, err := os.MkdirTemp("", "texture-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	spark := image.NewNRGBA(image.Rect(0, 0, 16, 8))
	spark.SetNRGBA(0, 0, color.NRGBA{R: 255, G: 128, A: 128})
	f, err := os.Create(filepath.Join(dir, "spark.png"))
	if err != nil {
		panic(err)
	}
	if err := png.Encode(f, spark); err != nil {
		panic(err)
	}
	f.Close()
	effect := filepath.Join(dir, "sparks.yaml")

	tex, strip, err := texture.LoadEffectImages(effect, &emitter.Spec{Texture: "spark.png"}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(tex.Bounds().Dx(), tex.Bounds().Dy(), strip == nil, texture.Premultiply(tex).RGBAAt(0, 0))

	_, _, err = texture.LoadEffectImages(effect, &emitter.Spec{Texture: "../secret.png"}, &texture.LoadOptions{Confine: true})
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
	// Output:
	// 16 8 true {128 64 0 128}
	// DIR/sparks.yaml: Texture: "../secret.png": names no file in the effect file's folder (images are confined to it)
}
