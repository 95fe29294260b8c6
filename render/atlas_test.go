package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

func overlap(a, b rect) bool {
	return a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
}

// TestPackerNoOverlap: packed rectangles stay inside the page and, grown
// by the padding, never overlap.
func TestPackerNoOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 20 {
		p := packer{w: 256 + 64*trial, h: 200 + 32*trial}
		var got []rect
		fails := 0
		for fails < 30 {
			w, h := 1+rng.IntN(70), 1+rng.IntN(70)
			x, y, ok := p.alloc(w, h)
			if !ok {
				fails++
				continue
			}
			r := rect{x, y, w, h}
			if x < 0 || y < 0 || x+w > p.w || y+h > p.h {
				t.Fatalf("rect %v outside %dx%d", r, p.w, p.h)
			}
			padded := rect{x, y, w + pad, h + pad}
			for _, o := range got {
				if overlap(padded, rect{o.x, o.y, o.w + pad, o.h + pad}) {
					t.Fatalf("rect %v overlaps %v (with padding)", r, o)
				}
			}
			got = append(got, r)
		}
		area := 0
		for _, r := range got {
			area += r.w * r.h
		}
		if fill := float64(area) / float64(p.w*p.h); fill < 0.45 {
			t.Errorf("trial %d: page %.0f%% full after %d rects", trial, 100*fill, len(got))
		}
	}
	var p packer
	p.w, p.h = 10, 10
	if _, _, ok := p.alloc(11, 1); ok {
		t.Error("a rect wider than the page fit")
	}
	if _, _, ok := p.alloc(0, 3); ok {
		t.Error("an empty rect was packed")
	}
	if x, y, ok := p.alloc(10, 10); !ok || x != 0 || y != 0 {
		t.Errorf("a page-sized rect: %d %d %v", x, y, ok)
	}
}

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

type upload struct {
	page int
	r    rect
	pix  []byte
}

// TestAtlasPlace: an effect's texture and strip share a page; images are
// cached by identity and uploaded once per page (textures premultiplied,
// strips straight); oversized images get a page of their own.
func TestAtlasPlace(t *testing.T) {
	var ups []upload
	var pages [][2]int
	a := atlas{
		pageSize: 128,
		newPage:  func(w, h int) { pages = append(pages, [2]int{w, h}) },
		upload:   func(page int, r rect, pix []byte) { ups = append(ups, upload{page, r, pix}) },
	}
	tex := solid(40, 40, color.NRGBA{200, 100, 50, 128})
	strip := solid(30, 4, color.NRGBA{10, 20, 30, 128})
	pg, tr, sr := a.place(tex, strip)
	if pg != 0 || len(pages) != 1 || len(ups) != 2 {
		t.Fatalf("page %d, pages %v, %d uploads", pg, pages, len(ups))
	}
	if overlap(tr, sr) || tr.w != 40 || sr.h != 4 {
		t.Errorf("texture %v, strip %v", tr, sr)
	}
	// premultiplied texture, straight strip
	if got := ups[0].pix[:4]; got[0] != uint8((200*128+127)/255) || got[3] != 128 {
		t.Errorf("texture texel %v, want premultiplied", got)
	}
	if got := ups[1].pix[:4]; got[0] != 10 || got[3] != 128 {
		t.Errorf("strip texel %v, want straight", got)
	}
	if len(ups[0].pix) != 4*40*40 || len(ups[1].pix) != 4*30*4 {
		t.Errorf("upload sizes %d %d", len(ups[0].pix), len(ups[1].pix))
	}
	// cached
	if pg2, tr2, sr2 := a.place(tex, strip); pg2 != pg || tr2 != tr || sr2 != sr || len(ups) != 2 {
		t.Errorf("second place: %d %v %v, %d uploads", pg2, tr2, sr2, len(ups))
	}
	if pg2, tr2, _ := a.place(tex, nil); pg2 != pg || tr2 != tr || len(ups) != 2 {
		t.Errorf("texture alone: %d %v", pg2, tr2)
	}
	// fill the page, then a new strip with the old texture: both on one page
	big := solid(120, 100, color.NRGBA{1, 2, 3, 255})
	if pgb, _, _ := a.place(big, nil); pgb != 1 {
		t.Errorf("big texture on page %d, want a new page", pgb)
	}
	strip2 := solid(100, 30, color.NRGBA{255, 255, 255, 255})
	pg3, tr3, sr3 := a.place(tex, strip2)
	if overlap(tr3, sr3) {
		t.Errorf("texture %v and strip %v overlap", tr3, sr3)
	}
	found := false
	for _, p := range a.placed[placedImage{tex, false}] {
		if p.page == pg3 && p.r == tr3 {
			found = true
		}
	}
	if !found {
		t.Errorf("texture not recorded on page %d", pg3)
	}
	// oversized
	huge := solid(300, 20, color.NRGBA{0, 0, 0, 255})
	pgh, trh, _ := a.place(huge, nil)
	if w := pages[pgh][0]; w < 301 || trh.w != 300 {
		t.Errorf("oversized texture: page %v rect %v", pages[pgh], trh)
	}
	tall := solid(20, 200, color.NRGBA{0, 0, 0, 255})
	tallStrip := solid(200, 100, color.NRGBA{0, 0, 0, 255})
	pgt, trt, srt := a.place(tall, tallStrip)
	if overlap(trt, srt) || trt.x+trt.w > pages[pgt][0] || srt.y+srt.h > pages[pgt][1] || srt.x+srt.w > pages[pgt][0] {
		t.Errorf("oversized pair: page %v, %v %v", pages[pgt], trt, srt)
	}
}

// TestAtlasSameImageTwoUses: one image that is one effect's texture and
// another's strip is placed twice, premultiplied and straight, whichever
// comes first; each use then finds its own placement.
func TestAtlasSameImageTwoUses(t *testing.T) {
	for _, textureFirst := range []bool{true, false} {
		var ups []upload
		a := atlas{pageSize: 128, upload: func(page int, r rect, pix []byte) { ups = append(ups, upload{page, r, pix}) }}
		img := solid(8, 8, color.NRGBA{200, 100, 50, 100})
		other := solid(4, 4, colorWhite)
		var tr, sr rect
		if textureFirst {
			_, tr, _ = a.place(img, nil)
			_, _, sr = a.place(other, img)
		} else {
			_, _, sr = a.place(other, img)
			_, tr, _ = a.place(img, nil)
		}
		if tr == sr || overlap(tr, sr) {
			t.Fatalf("texture first %v: one placement %v for both uses", textureFirst, tr)
		}
		texels := map[rect][]byte{}
		for _, u := range ups {
			texels[u.r] = u.pix[:4]
		}
		if got := texels[tr]; got[0] != uint8((200*100+127)/255) || got[3] != 100 {
			t.Errorf("texture first %v: texture texel %v, want premultiplied", textureFirst, got)
		}
		if got := texels[sr]; got[0] != 200 || got[3] != 100 {
			t.Errorf("texture first %v: strip texel %v, want straight", textureFirst, got)
		}
	}
}

// TestStraight converts premultiplied and paletted images to straight RGBA.
func TestStraight(t *testing.T) {
	rgba := image.NewRGBA(image.Rect(5, 5, 7, 6))
	rgba.SetRGBA(5, 5, color.RGBA{50, 0, 100, 100})
	rgba.SetRGBA(6, 5, color.RGBA{255, 255, 255, 255})
	got := straight(rgba)
	want := []byte{127, 0, 255, 100, 255, 255, 255, 255}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("straight(RGBA) = %v, want %v", got, want)
		}
	}
	n := solid(2, 1, color.NRGBA{9, 8, 7, 6})
	if got := straight(n.SubImage(image.Rect(1, 0, 2, 1))); len(got) != 4 || got[0] != 9 || got[3] != 6 {
		t.Errorf("straight(NRGBA sub-image) = %v", got)
	}
}

var colorWhite = color.NRGBA{255, 255, 255, 255}

// TestAtlasFits: with a maximum page edge, images too large for a page
// (the pixel of padding counted) do not fit, a pair fits stacked, and
// fresh pages never exceed it even when PageSize asks for more.
func TestAtlasFits(t *testing.T) {
	a := atlas{pageSize: 256, maxPage: 100}
	cases := []struct {
		name           string
		tw, th, sw, sh int
		want           bool
	}{
		{"a texture at the limit", 99, 99, 0, 0, true},
		{"a texture a pixel too wide", 100, 1, 0, 0, false},
		{"a long thin texture", 20000, 2, 0, 0, false},
		{"a pair stacked at the limit", 99, 49, 10, 49, true},
		{"a pair a pixel too tall", 99, 49, 10, 50, false},
		{"a strip too wide", 10, 10, 100, 1, false},
	}
	for _, c := range cases {
		if got := a.fits(c.tw, c.th, c.sw, c.sh); got != c.want {
			t.Errorf("%s: fits %v, want %v", c.name, got, c.want)
		}
	}
	var pages [][2]int
	a.newPage = func(w, h int) { pages = append(pages, [2]int{w, h}) }
	a.place(solid(99, 10, color.NRGBA{255, 255, 255, 255}), nil)
	a.place(solid(10, 30, color.NRGBA{255, 255, 255, 255}), solid(10, 60, color.NRGBA{255, 255, 255, 255}))
	for _, p := range pages {
		if p[0] > a.maxPage || p[1] > a.maxPage {
			t.Errorf("page %dx%d, larger than %d", p[0], p[1], a.maxPage)
		}
	}
	if (&atlas{pageSize: 256}).fits(1<<20, 1<<20, 1<<20, 1<<20) != true {
		t.Error("no maximum must fit everything")
	}
}

// TestAtlasFree: a freed page forgets its placements and packs from its
// top again, without a new page; an image freed with it is uploaded again
// when placed again, and images on other pages keep their places.
func TestAtlasFree(t *testing.T) {
	var ups []upload
	var pages, freed []int
	a := atlas{
		pageSize: 64,
		newPage:  func(w, h int) { pages = append(pages, w) },
		upload:   func(page int, r rect, pix []byte) { ups = append(ups, upload{page, r, pix}) },
		freed:    func(page int) { freed = append(freed, page) },
	}
	a1, a2 := solid(30, 30, colorWhite), solid(30, 30, colorWhite)
	b := solid(60, 60, colorWhite)
	for _, img := range []image.Image{a1, a2, b} {
		a.place(img, nil)
	}
	if len(pages) != 2 || a.inUse() != 2 || len(ups) != 3 {
		t.Fatalf("%d pages (%d in use), %d uploads; want 2, 2, 3", len(pages), a.inUse(), len(ups))
	}
	a.free(0)
	if len(freed) != 1 || freed[0] != 0 || a.used(0) || !a.used(1) || a.inUse() != 1 {
		t.Fatalf("freed %v, used %v %v", freed, a.used(0), a.used(1))
	}
	if len(a.placed[placedImage{a1, false}]) != 0 || len(a.placed[placedImage{a2, false}]) != 0 || len(a.placed) != 1 {
		t.Errorf("placements after free: %v", a.placed)
	}
	c := solid(60, 60, colorWhite)
	if pg, tr, _ := a.place(c, nil); pg != 0 || tr != (rect{0, 0, 60, 60}) || len(pages) != 2 {
		t.Errorf("after free, a page-sized image on page %d at %v with %d pages; want page 0 at its corner, no new page", pg, tr, len(pages))
	}
	if pg, _, _ := a.place(b, nil); pg != 1 || len(ups) != 4 {
		t.Errorf("an image on a kept page moved to %d or uploaded again (%d uploads)", pg, len(ups))
	}
	if pg, _, _ := a.place(a1, nil); pg != 2 || len(ups) != 5 || ups[4].page != 2 {
		t.Errorf("an image of the freed page placed on %d, %d uploads; want a new page 2 and an upload", pg, len(ups))
	}
}

// TestAtlasReclaim: before a new page, place asks reclaim; the pages it
// frees take the image, and a reclaim that frees nothing lets the atlas
// grow.
func TestAtlasReclaim(t *testing.T) {
	pages, asked := 0, 0
	free := map[int]bool{} // the pages reclaim may free
	var a atlas
	a = atlas{
		pageSize: 64,
		newPage:  func(w, h int) { pages++ },
		reclaim: func() bool {
			asked++
			n := 0
			for pg := range a.pages {
				if free[pg] && a.used(pg) {
					a.free(pg)
					n++
				}
			}
			return n > 0
		},
	}
	for range 2 {
		a.place(solid(60, 60, colorWhite), nil)
	}
	if pages != 2 || asked != 2 {
		t.Fatalf("%d pages, %d reclaims; want 2 and 2", pages, asked)
	}
	free[0] = true
	if pg, _, _ := a.place(solid(60, 60, colorWhite), nil); pg != 0 || pages != 2 || asked != 3 {
		t.Errorf("with page 0 reclaimable: page %d, %d pages, %d reclaims; want 0, 2, 3", pg, pages, asked)
	}
	free[0] = false
	if pg, _, _ := a.place(solid(60, 60, colorWhite), nil); pg != 2 || pages != 3 || asked != 4 {
		t.Errorf("nothing reclaimable: page %d, %d pages, %d reclaims; want 2, 3, 4", pg, pages, asked)
	}
	// A texture whose page is reclaimed while its strip finds no room
	// beside it: the pair is placed afresh, together, on a page sized for
	// it.
	free[2] = true
	tex := solid(20, 20, colorWhite)
	if pg, _, _ := a.place(tex, nil); pg != 2 || pages != 3 {
		t.Errorf("texture on page %d with %d pages; want page 2 reclaimed", pg, pages)
	}
	pg, tr, sr := a.place(tex, solid(60, 50, colorWhite))
	if overlap(tr, sr) || len(a.placed[placedImage{tex, false}]) != 1 || pg != 3 || a.pages[pg].h < 72 || pages != 4 {
		t.Errorf("pair after reclaim: page %d, %v %v, %d pages, texture placements %v", pg, tr, sr, pages, a.placed[placedImage{tex, false}])
	}
}

// TestAtlasPagesBounded: a new texture every frame, each filling a page,
// keeps the atlas to the pages of the kinds still held (drawn in the last
// kindKeepFrames + kindSweepEvery Draws), reused rather than grown. Before,
// every image drawn kept its page until Reset: a page a frame.
func TestAtlasPagesBounded(t *testing.T) {
	r := newRenderer(t, &Options{PageSize: 64})
	const frames = 3 * (kindKeepFrames + kindSweepEvery)
	const bound = kindKeepFrames + kindSweepEvery + 1
	e := oneParticle(t, nil)
	for i := range frames {
		tex := solid(60, 60, color.NRGBA{uint8(i), 200, 100, 255})
		r.collect(kindsView, []Item{{Effect: e, Texture: tex}})
		if st := r.Stats(); st.Effects != 1 || st.Pages > bound || len(r.pages) > bound {
			t.Fatalf("frame %d: %+v, %d pages made; want at most %d", i, st, len(r.pages), bound)
		}
	}
	if len(r.pages) != len(r.pageSeen) || len(r.pages) != len(r.pageRefs) || len(r.pages) != len(r.atlas.pages) {
		t.Errorf("%d pages, %d seen, %d refs, %d packers", len(r.pages), len(r.pageSeen), len(r.pageRefs), len(r.atlas.pages))
	}
	if len(r.atlas.placed) > bound {
		t.Errorf("%d placements kept", len(r.atlas.placed))
	}
}

// TestAtlasPageKept: a texture whose effect is culled for a while keeps
// its page (no upload when it returns) until no kind has drawn from the page
// for pageKeepFrames Draws; then the page is freed, Stats.Pages drops, and
// drawing the texture again uploads it again.
func TestAtlasPageKept(t *testing.T) {
	var ups int
	r := newRenderer(t, &Options{PageSize: 64})
	upload := r.atlas.upload
	r.atlas.upload = func(page int, rc rect, pix []byte) { ups++; upload(page, rc, pix) }
	tex := solid(40, 40, colorWhite)
	textured := oneParticle(t, nil)
	sprite := oneParticle(t, nil)
	both := []Item{{Effect: sprite}, {Effect: textured, Texture: tex}}
	r.collect(kindsView, both)
	if st := r.Stats(); st.Pages != 2 || ups != 2 {
		t.Fatalf("%+v, %d uploads; want 2 pages, 2 uploads", st, ups)
	}
	gone := []Item{{Effect: sprite}, {Effect: textured, Texture: tex, X: 1e6}} // culled
	for range kindKeepFrames + kindSweepEvery {
		r.collect(kindsView, gone)
	}
	if st := r.Stats(); st.Kinds != 1 || st.Pages != 2 {
		t.Fatalf("culled %d Draws: %+v; want its kind freed, its page kept", kindKeepFrames+kindSweepEvery, st)
	}
	r.collect(kindsView, both)
	if st := r.Stats(); st.Kinds != 2 || ups != 2 {
		t.Errorf("back after its kind was freed: %+v, %d uploads; want the page reused as it is", st, ups)
	}
	for range pageKeepFrames + kindSweepEvery {
		r.collect(kindsView, gone)
	}
	if st := r.Stats(); st.Pages != 1 || st.Kinds != 1 || len(r.atlas.placed[placedImage{tex, false}]) != 0 {
		t.Fatalf("culled %d Draws: %+v, placements %v; want its page freed", pageKeepFrames+kindSweepEvery, st, r.atlas.placed[placedImage{tex, false}])
	}
	r.collect(kindsView, both)
	if st := r.Stats(); st.Pages != 2 || ups != 3 || len(r.pages) != 2 {
		t.Errorf("back after its page was freed: %+v, %d uploads, %d pages made; want it uploaded again on the freed page", st, ups, len(r.pages))
	}
}
