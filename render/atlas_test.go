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
