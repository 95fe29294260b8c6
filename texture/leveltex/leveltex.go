// Package leveltex prepares a world level's textures: it resolves each by
// name, proves it is the image the level was compiled with (size and pixel
// digest) and lays the frames out in atlas pages, before any GPU resource
// is made. Package render uploads its pages and package raster samples
// them. It imports no engine; it reaches resolv through package world.
package leveltex

import (
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture"
)

// DefaultPage is the edge in pixels of a level's atlas pages.
const DefaultPage = 2048

// MaxPage is the largest page edge Prepare accepts: the image size every
// GPU Ebitengine runs on holds (a larger page would fail only when a
// renderer made it), and the largest texture a level may have
// (world.MaxTextureEdge).
const MaxPage = 4096

// Pad is the padding around a frame on a shared page: one pixel on
// each side, two in all per dimension. Renderers clamp their taps to the
// frame, so the padding only keeps rounding from reaching a neighbour.
const Pad = 1

// Resolver finds the images of a level's textures.
type Resolver interface {
	// Resolve returns the straight-alpha image of texture t
	// (Document.Textures[i]), found by t.Name or t.Path as the game likes.
	Resolve(t *world.Texture) (image.Image, error)
}

// Dir is the default [Resolver]: each texture is the image file
// at its Path, slash-separated, relative to this folder (a compiled level's
// folder: the compiler stored the paths relative to the level source's).
type Dir string

// Resolve loads t.Path under d with [texture.Load].
func (d Dir) Resolve(t *world.Texture) (image.Image, error) {
	return texture.Load(filepath.Join(string(d), filepath.FromSlash(t.Path)))
}

// ConfinedDir is the [Resolver] of Options.Confine: Dir, but each texture
// must lie in the folder or below it. A path that leaves it ("..", or a
// symbolic link out of it) and one that names no file get the same
// [ErrOutside], so that a level from elsewhere cannot learn what lies
// outside its folder; nothing outside it is opened.
type ConfinedDir string

// ErrOutside is ConfinedDir's error for a texture outside its folder.
var ErrOutside = errors.New("names no file in the level's folder (textures are confined to it)")

// Resolve loads t.Path under d with [texture.LoadConfined].
func (d ConfinedDir) Resolve(t *world.Texture) (image.Image, error) {
	return texture.LoadConfined(string(d), t.Path, ErrOutside)
}

// Options configures [Prepare]; the zero value, or nil, gives the
// defaults.
type Options struct {
	// Resolver finds the images (default Dir(Dir), or ConfinedDir(Dir)
	// with Confine).
	Resolver Resolver
	// Dir is the folder of the default resolver (default ".").
	Dir string
	// Confine keeps the default resolver's textures in Dir or below it,
	// for levels from elsewhere (players' mods, downloads): see
	// ConfinedDir. Paths such as "../textures/a.png", which a level
	// source beside a textures folder compiles to, then fail.
	Confine bool
	// PageSize is the edge of an atlas page in pixels, 1 to MaxPage
	// (default DefaultPage).
	PageSize int
}

// Level is a level's textures, proven to be the ones it was compiled with
// and laid out in atlas pages: everything a renderer needs before a level
// is ready, made before any GPU resource.
type Level struct {
	// Images are the straight-alpha images by texture index
	// (Document.Textures), each of the size the level records and with
	// its Digest.
	Images []image.Image
	// Pages are the atlas pages' sizes in pixels: PageSize square, or a
	// texture's own size for one too large to share a page.
	Pages []image.Point
	// Frames are where each texture lies, by texture index: a texture no
	// preset uses is on no page (Page -1).
	Frames []Frame
}

// Check reports whether lv can be doc's textures: as many images and
// frames as doc has textures, each image of its texture's size, each
// frame inside a page of 1 to MaxPage pixels a side, and every texture a
// preset shows on a page. It is what a renderer checks before it uploads
// a Level that may not be the one Prepare made for doc (another level's,
// a hand-built one); it does not prove the pixels again, which Prepare
// did.
func (lv *Level) Check(doc *world.Document) error {
	if len(lv.Images) != len(doc.Textures) || len(lv.Frames) != len(doc.Textures) {
		return fmt.Errorf("texture: level textures: %d images and %d frames for the level's %d textures", len(lv.Images), len(lv.Frames), len(doc.Textures))
	}
	for _, pg := range lv.Pages {
		if pg.X < 1 || pg.Y < 1 || pg.X > MaxPage || pg.Y > MaxPage {
			return fmt.Errorf("texture: level textures: a page of %dx%d pixels, not 1 to %d a side", pg.X, pg.Y, MaxPage)
		}
	}
	if err := lv.CheckImages(doc); err != nil {
		return err
	}
	for i := range doc.Textures {
		t, f := &doc.Textures[i], lv.Frames[i]
		if f.Page == -1 {
			continue
		}
		if f.Page < 0 || f.Page >= len(lv.Pages) || f.X < 0 || f.Y < 0 || f.X+t.Width > lv.Pages[f.Page].X || f.Y+t.Height > lv.Pages[f.Page].Y {
			return fmt.Errorf("texture: level textures: texture %s at %+v is not inside one of the %d pages", t.Name, f, len(lv.Pages))
		}
	}
	for i := range doc.Presets {
		for _, fr := range doc.Presets[i].Sprite.Frames {
			if fr < 0 || fr >= len(lv.Frames) || lv.Frames[fr].Page < 0 {
				return fmt.Errorf("texture: level textures: preset %s shows a texture on no page", doc.Presets[i].Name)
			}
		}
	}
	return nil
}

// CheckImages is the part of Check a reader of the images alone needs
// (the reference rasterizer, which lays out no atlas): an image of each
// of doc's textures, of its size.
func (lv *Level) CheckImages(doc *world.Document) error {
	if len(lv.Images) != len(doc.Textures) {
		return fmt.Errorf("texture: level textures: %d images for the level's %d textures", len(lv.Images), len(doc.Textures))
	}
	for i, img := range lv.Images {
		if t := &doc.Textures[i]; img == nil || img.Bounds().Dx() != t.Width || img.Bounds().Dy() != t.Height {
			return fmt.Errorf("texture: level textures: texture %s (%dx%d) has no image of its size", t.Name, t.Width, t.Height)
		}
	}
	return nil
}

// Frame is a texture's place in a level's atlas: its top-left pixel in page
// Page; its size is the texture's.
type Frame struct {
	Page, X, Y int
}

// Prepare validates doc ([world.Validate]), resolves every texture, proves
// that each image is the one the level names (its width, height and
// [world.TextureDigest]), which also proves each preset's frames square and
// of one size, and packs the textures into atlas pages:
//
//   - textures are grouped by the presets that use them: a preset's frames
//     form a group, and presets sharing a texture join one group; every
//     group lies on one page, each texture with Pad pixels around it,
//     groups first-fit on the pages made so far, largest first;
//   - a group of one texture too large for a page with its padding gets a
//     page of its own, the texture's size;
//   - a group of several textures that does not fit on an empty page is an
//     error that names them: the level cannot be drawn with this page size.
//
// Every error names the texture (by name and path) or the group.
func Prepare(doc *world.Document, opts *Options) (*Level, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.PageSize == 0 {
		o.PageSize = DefaultPage
	}
	if o.PageSize < 1 || o.PageSize > MaxPage {
		return nil, fmt.Errorf("texture: level page size %d is not from 1 to %d pixels (leveltex.MaxPage)", o.PageSize, MaxPage)
	}
	if o.Resolver == nil {
		dir := o.Dir
		if dir == "" {
			dir = "."
		}
		o.Resolver = Dir(dir)
		if o.Confine {
			o.Resolver = ConfinedDir(dir)
		}
	}
	if err := world.Validate(doc); err != nil {
		return nil, fmt.Errorf("texture: Prepare: %w", err)
	}
	lv := &Level{Images: make([]image.Image, len(doc.Textures)), Frames: make([]Frame, len(doc.Textures))}
	for i := range doc.Textures {
		t := &doc.Textures[i]
		img, err := o.Resolver.Resolve(t)
		if err != nil {
			return nil, fmt.Errorf("texture %s (%s): %w", t.Name, t.Path, err)
		}
		if err := Prove(t, img); err != nil {
			return nil, err
		}
		lv.Images[i] = img
	}
	if err := lv.pack(doc, o.PageSize); err != nil {
		return nil, err
	}
	return lv, nil
}

// Prove reports whether img is the image texture t names: its
// size and the digest of its straight-alpha pixels. The error says what
// differs.
func Prove(t *world.Texture, img image.Image) error {
	if img == nil {
		return fmt.Errorf("texture %s (%s): no image", t.Name, t.Path)
	}
	b := img.Bounds()
	if b.Dx() != t.Width || b.Dy() != t.Height {
		return fmt.Errorf("texture %s (%s): the image is %d×%d pixels, the level's is %d×%d", t.Name, t.Path, b.Dx(), b.Dy(), t.Width, t.Height)
	}
	if d := world.TextureDigest(img); d != t.Digest {
		return fmt.Errorf("texture %s (%s): the image's pixel digest %s… is not the level's %s…: not the image the level was compiled with",
			t.Name, t.Path, hex.EncodeToString(d[:6]), hex.EncodeToString(t.Digest[:6]))
	}
	return nil
}

// group is textures that must share a page: a preset's frames, joined
// with every preset sharing one of them.
type group struct {
	textures []int // ascending
	presets  []int // ascending
	area     int   // padded
}

// groups returns doc's texture groups, in order of their first texture.
func groups(doc *world.Document) []group {
	parent := make([]int, len(doc.Textures))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	used := make([]bool, len(doc.Textures))
	for _, p := range doc.Presets {
		for j, f := range p.Sprite.Frames {
			used[f] = true
			if a, b := find(p.Sprite.Frames[0]), find(f); j > 0 && a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	byRoot := map[int]int{}
	var out []group
	for i := range doc.Textures {
		if !used[i] {
			continue
		}
		r := find(i)
		g, ok := byRoot[r]
		if !ok {
			g = len(out)
			byRoot[r] = g
			out = append(out, group{})
		}
		t := &doc.Textures[i]
		out[g].textures = append(out[g].textures, i)
		out[g].area += (t.Width + 2*Pad) * (t.Height + 2*Pad)
	}
	for pi, p := range doc.Presets {
		if len(p.Sprite.Frames) > 0 {
			g := &out[byRoot[find(p.Sprite.Frames[0])]]
			g.presets = append(g.presets, pi)
		}
	}
	return out
}

// shelves packs rectangles into a page in rows: each shelf is a row of
// rectangles at y, h high, filled to x; a rectangle goes on the first
// shelf with room, or on a new shelf below the last.
type shelves struct {
	w, h int
	rows []struct{ y, h, x int }
	top  int
}

func (s *shelves) place(w, h int) (x, y int, ok bool) {
	for i := range s.rows {
		r := &s.rows[i]
		if h <= r.h && r.x+w <= s.w {
			x, y = r.x, r.y
			r.x += w
			return x, y, true
		}
	}
	if w > s.w || s.top+h > s.h {
		return 0, 0, false
	}
	s.rows = append(s.rows, struct{ y, h, x int }{s.top, h, w})
	s.top += h
	return 0, s.top - h, true
}

// pack lays the used textures out on pages (see Prepare).
func (lv *Level) pack(doc *world.Document, size int) error {
	for i := range lv.Frames {
		lv.Frames[i] = Frame{Page: -1}
	}
	gs := groups(doc)
	// Largest groups first (then by first texture): fewer pages, and the
	// same layout every time.
	slices.SortStableFunc(gs, func(a, b group) int { return cmp.Compare(b.area, a.area) })
	var pages []*shelves
	for _, g := range gs {
		// Tallest first within the group, then by index.
		order := slices.Clone(g.textures)
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(doc.Textures[b].Height, doc.Textures[a].Height) })
		try := func(s *shelves) ([]Frame, bool) {
			c := &shelves{w: s.w, h: s.h, rows: slices.Clone(s.rows), top: s.top}
			out := make([]Frame, len(order))
			for k, ti := range order {
				t := &doc.Textures[ti]
				x, y, ok := c.place(t.Width+2*Pad, t.Height+2*Pad)
				if !ok {
					return nil, false
				}
				out[k] = Frame{X: x + Pad, Y: y + Pad}
			}
			*s = *c
			return out, true
		}
		placed := false
		for pi, s := range pages {
			if s == nil {
				continue // a texture's own page
			}
			if fr, ok := try(s); ok {
				lv.place(order, fr, pi)
				placed = true
				break
			}
		}
		if placed {
			continue
		}
		s := &shelves{w: size, h: size}
		if fr, ok := try(s); ok {
			pages = append(pages, s)
			lv.Pages = append(lv.Pages, image.Point{size, size})
			lv.place(order, fr, len(pages)-1)
			continue
		}
		if len(order) == 1 {
			t := &doc.Textures[order[0]]
			pages = append(pages, nil)
			lv.Pages = append(lv.Pages, image.Point{t.Width, t.Height})
			lv.Frames[order[0]] = Frame{Page: len(pages) - 1}
			continue
		}
		var ts, ps []string
		for _, i := range g.textures {
			t := &doc.Textures[i]
			ts = append(ts, fmt.Sprintf("%s (%d×%d)", t.Name, t.Width, t.Height))
		}
		for _, i := range g.presets {
			ps = append(ps, doc.Presets[i].Name)
		}
		return fmt.Errorf("texture: the frames %s of presets %s share one atlas page, but do not fit on a page of %d×%d pixels with %d pixel of padding around each",
			strings.Join(ts, ", "), strings.Join(ps, ", "), size, size, Pad)
	}
	return nil
}

func (lv *Level) place(order []int, fr []Frame, page int) {
	for k, ti := range order {
		fr[k].Page = page
		lv.Frames[ti] = fr[k]
	}
}
