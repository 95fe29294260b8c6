package texture

import (
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders for Load
	_ "image/jpeg"
	_ "image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/emberfx/ember/emitter"
)

// MaxPixels bounds the images Load decodes: a texture or strip is far
// smaller, and the bound keeps a corrupt header from exhausting memory.
const MaxPixels = 1 << 26

// Load reads and decodes a PNG, JPEG or GIF image (the first frame of a
// GIF) of at most MaxPixels pixels.
func Load(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err == nil && int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, fmt.Errorf("%s is %dx%d pixels, more than the %d an image may have", path, cfg.Width, cfg.Height, MaxPixels)
	}
	if _, serr := f.Seek(0, io.SeekStart); serr != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, serr)
	}
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s is not a PNG, JPEG or GIF image that can be decoded (%v)", path, err)
	}
	return img, nil
}

// LoadEffectImages loads the images an effect file names: spec's Texture and
// ColorStrip, whose paths are relative to the directory of the effect file
// at effectPath (absolute paths stay as they are). An empty path gives a nil
// image: the built-in sprite for Texture, no strip for ColorStrip. A missing
// or undecodable image is an error naming the effect file, the field and the
// image file, such as
//
//	fire.yaml: Texture "flame.png": cannot read flame.png: no such file or directory
func LoadEffectImages(effectPath string, spec *emitter.Spec) (texture, strip image.Image, err error) {
	load := func(field, name string) (image.Image, error) {
		if name == "" {
			return nil, nil
		}
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(effectPath), filepath.FromSlash(name))
		}
		img, err := Load(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %s %q: %w", effectPath, field, name, err)
		}
		if b := img.Bounds(); b.Dx() == 0 || b.Dy() == 0 {
			return nil, fmt.Errorf("%s: %s %q: %s is empty (0 pixels)", effectPath, field, name, p)
		}
		return img, nil
	}
	if texture, err = load("Texture", spec.Texture); err != nil {
		return nil, nil, err
	}
	if strip, err = load("ColorStrip", spec.ColorStrip); err != nil {
		return nil, nil, err
	}
	return texture, strip, nil
}
