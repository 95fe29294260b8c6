package leveltex

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// square returns an n × n straight-alpha image filled with c.
func square(n int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

// mapResolver resolves textures by name from a map.
type mapResolver map[string]image.Image

func (m mapResolver) Resolve(t *world.Texture) (image.Image, error) {
	if img, ok := m[t.Name]; ok {
		return img, nil
	}
	return nil, fmt.Errorf("no image named %s", t.Name)
}

// levelOf is a valid document with one texture per image (named t0, t1,
// ...) and one preset per frame list, each placed once in one big room.
func levelOf(t *testing.T, images []image.Image, presets ...[]int) (*world.Document, mapResolver) {
	t.Helper()
	d := &world.Document{Version: world.Version,
		Sectors: []world.Sector{{Name: "room", Points: []world.Vec2{{X: -10, Y: -10}, {X: 10, Y: -10}, {X: 10, Y: 10}, {X: -10, Y: 10}}, Floor: -10, Ceiling: 10}}}
	res := mapResolver{}
	for i, img := range images {
		name := fmt.Sprintf("t%d", i)
		b := img.Bounds()
		d.Textures = append(d.Textures, world.Texture{Name: name, Path: name + ".png", Width: b.Dx(), Height: b.Dy(), Digest: world.TextureDigest(img)})
		res[name] = img
	}
	for i, frames := range presets {
		d.Presets = append(d.Presets, world.Preset{
			Name: fmt.Sprintf("p%d", i), Capacity: 1, Lifetime: world.Range{Min: 1, Max: 1},
			Curves: world.Curves{Size: []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 1}},
				Color: []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 1}, {Age: 1, R: 1, G: 1, B: 1, A: 1}}},
			Sprite: world.Sprite{Frames: frames, Flipbook: world.Flipbook{FPS: 1}},
		})
		d.Emitters = append(d.Emitters, world.Emitter{Name: fmt.Sprintf("e%d", i), Preset: i, Scale: 1, Bursts: []world.Burst{{Count: 1}}})
	}
	if err := world.Compile(d); err != nil {
		t.Fatal(err)
	}
	return d, res
}

// checkLayout checks that every used texture lies on its page with its
// padding, and that no two padded frames of a page overlap.
func checkLayout(t *testing.T, d *world.Document, lv *Level) {
	t.Helper()
	type box struct {
		page int
		r    image.Rectangle
	}
	var boxes []box
	for i, f := range lv.Frames {
		if f.Page < 0 {
			continue
		}
		tx := &d.Textures[i]
		pg := lv.Pages[f.Page]
		r := image.Rect(f.X, f.Y, f.X+tx.Width, f.Y+tx.Height)
		pad := r.Inset(-Pad)
		if pg == (image.Point{tx.Width, tx.Height}) && f.X == 0 && f.Y == 0 {
			pad = r // a texture on its own page needs no padding
		}
		if !pad.In(image.Rectangle{Max: pg}) {
			t.Errorf("texture %s at %v (padded %v) is not inside its %v page", tx.Name, r, pad, pg)
		}
		for _, b := range boxes {
			if b.page == f.Page && b.r.Overlaps(pad) {
				t.Errorf("texture %s's padded frame %v overlaps %v", tx.Name, pad, b.r)
			}
		}
		boxes = append(boxes, box{f.Page, pad})
	}
}

func TestPrepareGroups(t *testing.T) {
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 128}
	imgs := []image.Image{square(16, red), square(16, blue), square(30, red), square(30, blue), square(8, red), square(50, blue)}
	// p0 and p1 share t1, so t0 and t1 form one group; p2 is t3 alone,
	// p3 t5; nobody uses t2 and t4.
	d, res := levelOf(t, imgs, []int{0, 1}, []int{1, 1}, []int{3}, []int{5})
	lv, err := Prepare(d, &Options{Resolver: res, PageSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	checkLayout(t, d, lv)
	if lv.Frames[0].Page != lv.Frames[1].Page {
		t.Errorf("t0 and t1, frames of one preset, are on pages %d and %d", lv.Frames[0].Page, lv.Frames[1].Page)
	}
	if lv.Frames[4].Page != -1 || lv.Frames[2].Page != -1 {
		t.Errorf("unused textures placed: %+v %+v", lv.Frames[2], lv.Frames[4])
	}
	for i, img := range imgs {
		if lv.Images[i] != img {
			t.Errorf("image %d is not the resolved one", i)
		}
	}
	// 16+2, 16+2 and 30+2, 50+2 on 64² pages: t5 (52) and the pair (36 × 18)
	// share nothing: t5 takes a page, t0 and t1 and t3 fit together.
	if len(lv.Pages) != 2 {
		t.Errorf("%d pages %v, want 2", len(lv.Pages), lv.Pages)
	}
	again, _ := Prepare(d, &Options{Resolver: res, PageSize: 64})
	if fmt.Sprint(again.Frames, again.Pages) != fmt.Sprint(lv.Frames, lv.Pages) {
		t.Error("the layout differs between runs")
	}
}

// TestPrepareOversized: a single texture too large for a shared page
// (64 + 2 > 64) gets a page of its own; a group of two such frames cannot
// be packed, an error before readiness that names them.
func TestPrepareOversized(t *testing.T) {
	c := color.NRGBA{10, 20, 30, 255}
	d, res := levelOf(t, []image.Image{square(64, c), square(8, c)}, []int{0}, []int{1})
	lv, err := Prepare(d, &Options{Resolver: res, PageSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	checkLayout(t, d, lv)
	if f := lv.Frames[0]; lv.Pages[f.Page] != (image.Point{64, 64}) || f.X != 0 || f.Y != 0 {
		t.Errorf("the large texture is at %+v of %v", f, lv.Pages)
	}
	if lv.Frames[1].Page == lv.Frames[0].Page {
		t.Error("a small texture shares the large one's own page")
	}

	d, res = levelOf(t, []image.Image{square(40, c), square(40, c)}, []int{0, 1})
	_, err = Prepare(d, &Options{Resolver: res, PageSize: 64})
	if err == nil || !strings.Contains(err.Error(), "t0 (40×40), t1 (40×40) of presets p0") {
		t.Errorf("a group too large for a page: %v", err)
	}
}

// TestPrepareIdentity: an image of another size or other pixels than
// the level's is refused, naming the texture; so is a missing one.
func TestPrepareIdentity(t *testing.T) {
	c := color.NRGBA{200, 100, 50, 255}
	d, res := levelOf(t, []image.Image{square(16, c)}, []int{0})
	for _, tc := range []struct {
		name string
		img  image.Image
		want string
	}{
		{"size", square(8, c), "texture t0 (t0.png): the image is 8×8 pixels, the level's is 16×16"},
		{"pixels", square(16, color.NRGBA{200, 100, 51, 255}), "texture t0 (t0.png): the image's pixel digest"},
		{"missing", nil, "texture t0 (t0.png): no image named t0"},
	} {
		r := mapResolver{}
		if tc.img != nil {
			r["t0"] = tc.img
		}
		if _, err := Prepare(d, &Options{Resolver: r}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := Prepare(d, &Options{Resolver: res}); err != nil {
		t.Error(err)
	}
	bad := *d
	bad.Presets = append([]world.Preset(nil), d.Presets...)
	bad.Presets[0].Sprite.Frames = []int{3}
	if _, err := Prepare(&bad, &Options{Resolver: res}); err == nil {
		t.Error("an invalid document was prepared")
	}
}

// TestDir resolves textures as files relative to a folder.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	img := square(4, color.NRGBA{1, 2, 3, 255})
	if err := os.MkdirAll(filepath.Join(dir, "tex"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "tex", "a.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	d, _ := levelOf(t, []image.Image{img}, []int{0})
	d.Textures[0].Path = "tex/a.png"
	lv, err := Prepare(d, &Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if b := lv.Images[0].Bounds(); b.Dx() != 4 {
		t.Errorf("loaded %v", b)
	}
	d.Textures[0].Path = "tex/b.png"
	if _, err := Prepare(d, &Options{Dir: dir}); err == nil || !strings.Contains(err.Error(), "texture t0 (tex/b.png): cannot read") {
		t.Errorf("a missing file: %v", err)
	}
}

// TestPageSizeRange: a page edge outside 1 to MaxPage is refused before
// any image is resolved; a renderer could not make a page of 20,000
// pixels a side, and would fail only at its first draw.
func TestPageSizeRange(t *testing.T) {
	c := color.NRGBA{10, 20, 30, 255}
	d, res := levelOf(t, []image.Image{square(8, c)}, []int{0})
	for _, size := range []int{-1, MaxPage + 1, 20000, 1 << 40} {
		_, err := Prepare(d, &Options{Resolver: res, PageSize: size})
		if want := fmt.Sprintf("texture: level page size %d is not from 1 to 4096 pixels (leveltex.MaxPage)", size); err == nil || err.Error() != want {
			t.Errorf("PageSize %d: %v, want %s", size, err, want)
		}
	}
	if _, err := Prepare(d, &Options{Resolver: res, PageSize: MaxPage}); err != nil {
		t.Errorf("PageSize MaxPage: %v", err)
	}
}

// TestConfine: with Confine the default resolver reads textures only in
// its folder or below; a path out with "..", a link out of the folder, a
// missing file and an absolute-looking escape all get one answer,
// ErrOutside, so a level cannot probe what lies outside. Without it, a
// level beside a textures folder reads "../" paths as before.
func TestConfine(t *testing.T) {
	dir := t.TempDir()
	img := square(4, color.NRGBA{1, 2, 3, 255})
	levels := filepath.Join(dir, "levels")
	for _, p := range []string{filepath.Join(levels, "tex", "a.png"), filepath.Join(dir, "outside.png")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	if err := os.Symlink(filepath.Join(dir, "outside.png"), filepath.Join(levels, "link.png")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	d, _ := levelOf(t, []image.Image{img}, []int{0})
	load := func(path string, confine bool) error {
		d.Textures[0].Path = path
		_, err := Prepare(d, &Options{Dir: levels, Confine: confine})
		return err
	}
	for _, p := range []string{"tex/a.png", "../outside.png", "link.png"} {
		if err := load(p, false); err != nil {
			t.Errorf("%s, not confined: %v", p, err)
		}
	}
	if err := load("tex/a.png", true); err != nil {
		t.Errorf("tex/a.png, confined: %v", err)
	}
	for _, p := range []string{"../outside.png", "link.png", "missing.png", "tex/../../outside.png", "../../../../../../etc/passwd"} {
		err := load(p, true)
		if want := "texture t0 (" + p + "): names no file in the level's folder (textures are confined to it)"; err == nil || err.Error() != want || !errors.Is(err, ErrOutside) {
			t.Errorf("%s, confined: %v, want %s", p, err, want)
		}
	}
}

// TestCheck: the Level Prepare made for a document passes Check; one with
// an image, frame or page that does not fit the document names what.
func TestCheck(t *testing.T) {
	c := color.NRGBA{10, 20, 30, 255}
	d, res := levelOf(t, []image.Image{square(8, c), square(8, c)}, []int{0, 1})
	lv, err := Prepare(d, &Options{Resolver: res})
	if err != nil {
		t.Fatal(err)
	}
	if err := lv.Check(d); err != nil {
		t.Fatalf("Prepare's own Level: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(l *Level)
		want string
	}{
		{"no images", func(l *Level) { l.Images = nil }, "texture: level textures: 0 images and 2 frames for the level's 2 textures"},
		{"wrong size", func(l *Level) { l.Images = []image.Image{square(8, c), square(4, c)} }, "texture t1 (8x8) has no image of its size"},
		{"frame off its page", func(l *Level) { l.Frames = []Frame{l.Frames[0], {Page: 0, X: DefaultPage - 4}} }, "texture t1 at {Page:0 X:2044 Y:0} is not inside one of the 1 pages"},
		{"no such page", func(l *Level) { l.Frames = []Frame{l.Frames[0], {Page: 3}} }, "is not inside one of the 1 pages"},
		{"shown texture on no page", func(l *Level) { l.Frames = []Frame{l.Frames[0], {Page: -1}} }, "preset p0 shows a texture on no page"},
		{"huge page", func(l *Level) { l.Pages = []image.Point{{MaxPage + 1, 8}} }, "a page of 4097x8 pixels, not 1 to 4096 a side"},
	} {
		bad := *lv
		tc.edit(&bad)
		if err := bad.Check(d); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
