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
	"github.com/emberfx/ember/internal/readfile"
)

// Limits of the images Load reads. A particle texture, even a flipbook of
// 8 × 8 cells of 256 pixels, is at most 2048 pixels on a side, and an image
// that size fits on one page of the renderer's atlas (render.DefaultPageSize
// is the same 2048) on every GPU Ebitengine runs on.
const (
	// MaxEdge is the most pixels an image may have on a side. The size is
	// read from the file's header before anything is decoded, so a larger
	// image costs nothing: the most Load decodes is 2048 × 2048 pixels, 32
	// MiB at 16 bits a channel.
	MaxEdge = 2048
	// MaxFileSize is the most bytes of an image file read: more than any
	// image within MaxEdge needs, even uncompressed.
	MaxFileSize = 64 << 20
)

// Load reads and decodes the regular file at path as a PNG, JPEG or GIF
// image (the first frame of a GIF) of at most MaxEdge pixels on a side. A
// named pipe or device is refused without waiting on it.
func Load(path string) (image.Image, error) {
	f, err := readfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, readfile.Reason(err))
	}
	defer f.Close()
	return decode(f, path)
}

// decode decodes the image in f, whose path messages show as name: its
// header first, so that its size is checked before its pixels are.
func decode(f io.ReadSeeker, name string) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(io.LimitReader(f, MaxFileSize))
	if err != nil {
		return nil, fmt.Errorf("%s is not a PNG, JPEG or GIF image that can be decoded (%v)", name, err)
	}
	if cfg.Width > MaxEdge || cfg.Height > MaxEdge {
		return nil, fmt.Errorf("%s is %dx%d pixels; an image is at most %d pixels on a side", name, cfg.Width, cfg.Height, MaxEdge)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s is empty (%dx%d pixels)", name, cfg.Width, cfg.Height)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", name, err)
	}
	img, _, err := image.Decode(io.LimitReader(f, MaxFileSize))
	if err != nil {
		return nil, fmt.Errorf("%s is not a PNG, JPEG or GIF image that can be decoded (%v)", name, err)
	}
	if b := img.Bounds(); b.Dx() > MaxEdge || b.Dy() > MaxEdge || b.Empty() {
		return nil, fmt.Errorf("%s decodes to %dx%d pixels, not the %dx%d its header says", name, b.Dx(), b.Dy(), cfg.Width, cfg.Height)
	}
	return img, nil
}

// LoadOptions configures [LoadEffectImages] and effectfile.LoadWithImages. The zero
// value, or nil, reads the images wherever their paths point.
type LoadOptions struct {
	// Confine keeps the images in the effect file's folder or below it,
	// for effect files from elsewhere (the ember command and the demo's
	// hot reload set it). An absolute path, one that leaves the folder
	// with "..", one through a symbolic link that leads out of it, and one
	// that names no file all get the same problem, so that an effect file
	// cannot learn what lies outside its folder; nothing outside it is
	// opened.
	Confine bool
}

// errOutside is the error of an image path that names no file in the
// effect file's folder when LoadOptions.Confine is set.
var errOutside = errors.New("names no file in the effect file's folder (images are confined to it)")

// LoadEffectImages loads the images an effect file names: spec's Texture and
// ColorStrip, whose paths are relative to the directory of the effect file
// at effectPath (absolute paths stay as they are unless opts confines
// them). An empty path gives a nil image: the built-in sprite for
// Texture, no strip for ColorStrip. A missing, unreadable, undecodable or
// too large image is an [emitter.Problem] with the effect file, the field
// and the image file but no line (effectfile.LoadWithImages gives it the
// line of its field):
//
//	fire.yaml: Texture: "flame.png": cannot read flame.png: no such file or directory
//
// Both fields are checked, so the error lists every problem.
func LoadEffectImages(effectPath string, spec *emitter.Spec, opts *LoadOptions) (texture, strip image.Image, err error) {
	var o LoadOptions
	if opts != nil {
		o = *opts
	}
	dir := filepath.Dir(effectPath)
	var root *os.Root
	var problems emitter.Problems
	load := func(field, name string) image.Image {
		if name == "" {
			return nil
		}
		var img image.Image
		var err error
		if o.Confine {
			img, err = loadConfined(&root, dir, name, errOutside)
		} else {
			img, err = Load(ImagePath(dir, name))
		}
		if err != nil {
			problems = append(problems, emitter.Problem{File: effectPath, Field: field, Message: fmt.Sprintf("%q: %v", name, err)})
		}
		return img
	}
	texture = load("Texture", spec.Texture)
	strip = load("ColorStrip", spec.ColorStrip)
	if root != nil {
		root.Close()
	}
	if problems != nil {
		return nil, nil, problems
	}
	return texture, strip, nil
}

// ImagePath returns the file that the image name of an effect file means:
// name is slash-separated and relative to dir, the effect file's folder;
// an absolute name stays as it is. It is where [LoadEffectImages] reads an
// image when it is not confined to dir.
func ImagePath(dir, name string) string {
	p := filepath.FromSlash(name)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// LoadConfined loads the image name, slash-separated and relative to
// dir, as [Load] does, but only from dir or below it: for files from
// elsewhere (a downloaded level) that must not read, or learn of, what
// lies outside their folder. An absolute name, one that leaves dir with
// "..", one through a symbolic link that leads out of it and one that
// names no file all give outside, the caller's error for them; nothing
// outside dir is opened.
func LoadConfined(dir, name string, outside error) (image.Image, error) {
	var root *os.Root
	img, err := loadConfined(&root, dir, name, outside)
	if root != nil {
		root.Close()
	}
	return img, err
}

// loadConfined loads the image name (slash-separated) inside dir, opening
// *root on first use; outside is the error of a name outside dir.
func loadConfined(root **os.Root, dir, name string, outside error) (image.Image, error) {
	p := filepath.FromSlash(name)
	if filepath.IsAbs(p) || !filepath.IsLocal(p) {
		return nil, outside
	}
	if *root == nil {
		r, err := os.OpenRoot(dir)
		if err != nil {
			return nil, fmt.Errorf("cannot read the folder %s: %w", dir, readfile.Reason(err))
		}
		*root = r
	}
	f, err := readfile.OpenIn(*root, p)
	switch {
	case errors.Is(err, readfile.ErrNotRegular), errors.Is(err, fs.ErrPermission):
		// Something in the folder: a named pipe, a directory, a file it
		// may not read.
		return nil, fmt.Errorf("cannot read %s: %w", filepath.Join(dir, p), readfile.Reason(err))
	case err != nil:
		// Missing, or out of the folder through a link: one answer.
		return nil, outside
	}
	defer f.Close()
	return decode(f, filepath.Join(dir, p))
}
