package main

import (
	"bytes"
	"fmt"
	"image/png"
	"path"
	"path/filepath"
	"strings"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/source"
)

// Limits on the texture files a level names.
const (
	// maxTextureFile is the largest image file read, in bytes.
	maxTextureFile = 64 << 20
)

// textureFiles resolves a level's textures to PNG files relative to the
// level file's folder.
type textureFiles struct{ dir string }

// ResolveTexture reads the PNG file t names and returns its cleaned path,
// size and pixel digest (world.Texture).
func (r *textureFiles) ResolveTexture(t source.Texture) (world.Texture, error) {
	p := t.Path
	switch {
	case p == "":
		return world.Texture{}, fmt.Errorf("the path is empty; give the image file, relative to the level file's folder")
	case strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") || filepath.VolumeName(p) != "":
		return world.Texture{}, fmt.Errorf("%q is not a slash-separated path relative to the level file's folder", p)
	}
	p = path.Clean(p)
	data, err := readFile(filepath.Join(r.dir, filepath.FromSlash(p)), maxTextureFile)
	if err != nil {
		return world.Texture{}, fmt.Errorf("cannot read %s: %v", p, err)
	}
	if len(data) > maxTextureFile {
		return world.Texture{}, fmt.Errorf("%s is larger than %d MiB", p, maxTextureFile>>20)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return world.Texture{}, fmt.Errorf("%s is not a PNG image: %v", p, err)
	}
	// Refused before decoding: no more than 64 MiB of pixels are read.
	if cfg.Width > world.MaxTextureEdge || cfg.Height > world.MaxTextureEdge {
		return world.Texture{}, fmt.Errorf("%s is %d×%d pixels; at most %d on a side", p, cfg.Width, cfg.Height, world.MaxTextureEdge)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return world.Texture{}, fmt.Errorf("%s is not a PNG image: %v", p, err)
	}
	b := img.Bounds()
	return world.Texture{Name: t.Name, Path: p, Width: b.Dx(), Height: b.Dy(), Digest: world.TextureDigest(img)}, nil
}
