package roblox

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/emberfx/ember/internal/readfile"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// Textures: an emitter names its texture by asset URL, which cannot be
// fetched here. A texture map, a YAML mapping from asset URLs to image
// files (relative to the map), supplies them; an unmapped texture becomes
// Ember's built-in sprite.

// DefaultTexture is the texture a ParticleEmitter has when its file names
// none.
const DefaultTexture = "rbxasset://textures/particles/sparkles_main.dds"

// AssetKey returns the canonical form of an asset URL, the form texture
// maps are matched in: "rbxassetid://N" for the numeric forms
// (rbxassetid://N and http(s)://www.roblox.com/asset/?id=N, with or
// without "www." and the slash), "rbxasset://path" for Roblox's built-in
// files (the path lower-cased, as Roblox matches it). ok is false for
// anything else.
func AssetKey(uri string) (key string, ok bool) {
	s := strings.TrimSpace(uri)
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "rbxassetid://"):
		id := s[len("rbxassetid://"):]
		if !isDigits(id) {
			return "", false
		}
		return "rbxassetid://" + strings.TrimLeft(id, "0"), true
	case strings.HasPrefix(lower, "rbxasset://"):
		path := strings.TrimLeft(lower[len("rbxasset://"):], "/")
		if path == "" {
			return "", false
		}
		return "rbxasset://" + path, true
	case strings.HasPrefix(lower, "http://"), strings.HasPrefix(lower, "https://"):
		u, err := url.Parse(s)
		if err != nil {
			return "", false
		}
		host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
		if host != "roblox.com" || strings.TrimSuffix(strings.ToLower(u.Path), "/") != "/asset" {
			return "", false
		}
		id := u.Query().Get("id")
		if !isDigits(id) {
			return "", false
		}
		return "rbxassetid://" + strings.TrimLeft(id, "0"), true
	}
	return "", false
}

func isDigits(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return strings.TrimLeft(s, "0") != ""
}

// TextureMap maps asset URLs to local image files.
type TextureMap struct {
	name  string
	paths map[string]string // AssetKey -> image path, joined with the map's folder
}

// Limits of a texture map: a few lines per texture of a place.
const (
	// MaxTextureMapSize is the largest texture map, in bytes.
	MaxTextureMapSize = 1 << 20
	// MaxTextures is the most textures a map may name.
	MaxTextures = 10_000
)

// textureMapFormat describes texture maps to the document reader, which
// bounds their size and values before parsing.
var textureMapFormat = yamldoc.Format{
	Root:        `a texture map is a mapping from asset URLs to image files, such as "rbxassetid://241594419: flame.png"`,
	OneDocument: "a texture map holds one mapping",
	MaxSize:     MaxTextureMapSize,
	MaxNodes:    2*MaxTextures + 1,
	// Asset URLs hold indicators of their own ("rbxassetid://1" a ":",
	// "?id=" a "?"): up to 4 a line more than the key and value.
	MaxTree: 8 * MaxTextures,
}

// ParseTextureMap decodes a texture map: a YAML mapping from asset URLs
// (any form AssetKey accepts) to image paths, relative to the folder of
// the map file name. An empty file maps nothing. Problems are errors as
// "name:line: message".
func ParseTextureMap(name string, data []byte) (*TextureMap, error) {
	m := &TextureMap{name: name, paths: map[string]string{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return m, nil
	}
	d := yamldoc.NewDecoder(name, &textureMapFormat)
	root := d.ParseYAML(data)
	if root == nil {
		return nil, d.Err()
	}
	if len(root.Content) > 2*MaxTextures {
		return nil, fmt.Errorf("%s:%d: more than %d textures", name, root.Line, MaxTextures)
	}
	dir := filepath.Dir(name)
	lines := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key, ok := AssetKey(k.Value)
		if k.Kind != yaml.ScalarNode || !ok {
			return nil, fmt.Errorf("%s:%d: %s is not an asset URL (rbxassetid://N, http://www.roblox.com/asset/?id=N or rbxasset://path)", name, k.Line, strconv.Quote(k.Value))
		}
		if first, dup := lines[key]; dup {
			return nil, fmt.Errorf("%s:%d: %s is mapped twice (first on line %d)", name, k.Line, key, first)
		}
		if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || strings.TrimSpace(v.Value) == "" {
			return nil, fmt.Errorf("%s:%d: %s: want an image file's path", name, v.Line, k.Value)
		}
		lines[key] = k.Line
		p := filepath.FromSlash(v.Value)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		m.paths[key] = p
	}
	return m, nil
}

// LoadTextureMap reads and decodes the texture map at path, and checks
// that every image it names is a regular file. A map, or an image, that is
// a named pipe or a device is refused without waiting on it.
func LoadTextureMap(path string) (*TextureMap, error) {
	data, err := readfile.Read(path, MaxTextureMapSize)
	if err != nil {
		return nil, err
	}
	m, err := ParseTextureMap(path, data)
	if err != nil {
		return nil, err
	}
	for key, p := range m.paths {
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: %s: %s is not a readable file", path, key, p)
		}
	}
	return m, nil
}

// Lookup returns the image mapped to the asset URL uri.
func (m *TextureMap) Lookup(uri string) (path string, ok bool) {
	if m == nil {
		return "", false
	}
	key, ok := AssetKey(uri)
	if !ok {
		return "", false
	}
	path, ok = m.paths[key]
	return path, ok
}

// texture picks the emitter's texture (TextureContent over Texture) and
// sets the spec's Texture: the mapped image relative to the effect file at
// dir/file, or "" (the built-in sprite). It returns a line for the effect
// file's header.
func (c *converter) texture(tex *TextureMap, dir, file string) (string, error) {
	type source struct {
		p   Property
		has bool
		uri string
	}
	var srcs [2]source
	for i, name := range []string{"TextureContent", "Texture"} {
		p, ok := c.in.Property(name)
		if !ok {
			continue
		}
		s := source{p: p, has: true}
		switch v := p.Value.(type) {
		case Content:
			s.uri = v.URI
		case String:
			s.uri = strings.TrimSpace(string(v))
		default:
			n := Note{Name: name}
			return "", c.wrongType(&n, v, "Content")
		}
		srcs[i] = s
	}
	// The first non-empty source wins; when both are empty, the first
	// present one speaks for the texture.
	chosen := -1
	for i, s := range srcs {
		if s.has && (chosen < 0 || s.uri != "" && srcs[chosen].uri == "") {
			chosen = i
		}
	}
	for i, s := range srcs {
		if s.has && i != chosen {
			why := "empty"
			if srcs[chosen].uri != "" {
				why = "the file's " + srcs[chosen].p.Name + " replaces it"
			}
			c.notes = append(c.notes, Note{Name: s.p.Name, Type: s.p.Value.Type(), Value: s.p.Value.String(), Fate: Ignored, Why: why})
		}
	}
	n := Note{Name: "Texture", Field: "Texture", Fate: Adjusted}
	uri := DefaultTexture
	if chosen >= 0 {
		s := srcs[chosen]
		n.Name, n.Type, n.Value, uri = s.p.Name, s.p.Value.Type(), s.p.Value.String(), s.uri
	} else {
		n.Fate = Defaulted
	}
	c.spec.Texture = ""
	var line string
	switch path, mapped := tex.Lookup(uri); {
	case mapped:
		effectDir := filepath.Dir(filepath.Join(dir, filepath.FromSlash(file)))
		if rel, err := filepath.Rel(effectDir, path); err == nil {
			path = rel
		}
		c.spec.Texture = filepath.ToSlash(path)
		n.Why = fmt.Sprintf("%s mapped to %s", uri, c.spec.Texture)
		if n.Fate != Defaulted {
			n.Fate = Carried
		}
		line = fmt.Sprintf("Texture: %s, mapped to %s.", uri, c.spec.Texture)
	case uri == "":
		n.Why = "no texture in the file: Ember's built-in sprite"
		line = "Texture: none in the file; Ember's built-in sprite."
	case isDefaultTexture(uri):
		n.Why = "Roblox's default sparkle texture: Ember's built-in sprite stands in for it"
		line = "Texture: Roblox's default sparkle texture; Ember's built-in sprite stands in for it (map " + DefaultTexture + " with --textures to use another image)."
	default:
		n.Why = fmt.Sprintf("%s cannot be fetched: Ember's built-in sprite instead (map it with a texture map)", uri)
		if n.Fate == Defaulted {
			n.Why = "not in the file: Roblox's default " + uri + ", which cannot be fetched: Ember's built-in sprite instead"
		}
		line = fmt.Sprintf("Texture: %s cannot be fetched; Ember's built-in sprite is used (map it with --textures).", uri)
	}
	c.notes = append(c.notes, n)
	return line, nil
}

func isDefaultTexture(uri string) bool {
	key, _ := AssetKey(uri)
	return key == DefaultTexture
}
