package effectfile

import (
	"image"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/texture"
)

// LoadWithImages reads the effect file at path with [LoadWith] and loads
// the images it names with texture.LoadEffectImages (opts: where they may
// lie). An image's problem is reported with the file's others, at the line
// of its field:
//
//	fire.yaml:4: Texture: "flame.png": cannot read flame.png: no such file or directory
//
// The error is nil or [emitter.Problems], listing everything wrong with
// the file at once; spec is then as Load returns it, and the images nil.
func LoadWithImages(path string, opts *texture.LoadOptions) (spec emitter.Spec, tex, strip image.Image, err error) {
	spec, err = LoadWith(path, &Options{Check: func(s *emitter.Spec) error {
		var err error
		tex, strip, err = texture.LoadEffectImages(path, s, opts)
		return err
	}})
	if err != nil {
		return spec, nil, nil, err
	}
	return spec, tex, strip, nil
}
