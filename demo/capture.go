package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"slices"

	"github.com/emberfx/ember/raster"
	"github.com/emberfx/ember/raster/bake"
	"github.com/emberfx/ember/system"
)

// Headless capture: with no display the demo draws its scenes into images
// instead of a window. It runs the scene's own code (the same world,
// scheduler, effect files and update order as the window), feeds it the
// scene's input script instead of the mouse, and draws each frame in pure
// Go: the backdrop and the scene's props with rasterCanvas, the world
// levels with raster.DrawLevel and the effects with raster.Draw (Ember's
// reference rasterizer, which follows the same appearance contract as the
// GPU renderer), and the HUD. Nothing reads the
// wall clock, so a capture is the same bytes on every run.

// capturer plays a scene headlessly and draws its frames.
type capturer struct {
	st     *stage
	script []scripted
	col    *system.Collector
	lcol   *system.LevelCollector
	rz     raster.Rasterizer
	items  []raster.Item
	levels []raster.LevelItem
	frame  *image.RGBA
	ticks  int  // updates run so far
	hud    *hud // nil: no HUD
	// in is the pointer state carried between scripted events.
	in input
}

// newCapturer builds sc in a fresh world for capturing.
func newCapturer(sc scene, lib *library) (*capturer, error) {
	st, err := newStage(sc, lib)
	if err != nil {
		return nil, err
	}
	h := newHUD()
	h.active = slices.Index(h.names, sc.name())
	return &capturer{
		st:     st,
		script: sc.script(),
		col:    system.NewCollector(0),
		lcol:   system.NewLevelCollector(0),
		frame:  image.NewRGBA(image.Rect(0, 0, screenW, screenH)),
		hud:    h,
	}, nil
}

// tickOf returns the update at which a scripted event at t seconds happens.
func tickOf(t float64) int { return int(math.Round(t * tps)) }

// step runs one update with the scripted input.
func (cp *capturer) step() {
	cp.ticks++
	in := &cp.in
	in.pressed, in.released, in.action = false, false, false
	if in.down {
		in.down, in.released = false, true
	}
	for _, ev := range cp.script {
		if tickOf(ev.at) != cp.ticks {
			continue
		}
		in.x, in.y = ev.x, ev.y
		if ev.press {
			in.down, in.pressed = true, true
		}
		in.action = in.action || ev.action
	}
	cp.st.update(in)
}

// runTo steps until the world clock reaches t seconds.
func (cp *capturer) runTo(t float64) {
	for n := tickOf(t); cp.ticks < n; {
		cp.step()
	}
}

// draw renders the current frame into cp.frame and returns it.
func (cp *capturer) draw() *image.RGBA {
	rc := newRasterCanvas(cp.frame)
	clear(cp.frame.Pix)
	sc := cp.st.sc
	rc.Picture(sc.backdrop(), 0, 0)
	sc.drawBack(rc, cp.st)
	if lv, ok := sc.(levelViewer); ok {
		cp.levels = cp.lcol.AppendRasterLevels(cp.st.world, cp.levels[:0])
		for i := range cp.levels {
			cp.rz.DrawLevel(cp.frame, &cp.levels[i], lv.view())
		}
		clear(cp.levels)
	}
	cp.items = cp.col.AppendRasterItems(cp.st.world, cp.items[:0])
	cp.rz.Draw(cp.frame, cp.items)
	clear(cp.items)
	sc.drawFront(rc, cp.st)
	if cp.hud != nil {
		cp.hud.draw(rc, cp.st, hudCapture)
	}
	return cp.frame
}

// capturePNG returns the PNG of sc at world clock t.
func capturePNG(sc scene, lib *library, t float64) ([]byte, error) {
	cp, err := newCapturer(sc, lib)
	if err != nil {
		return nil, err
	}
	cp.runTo(t)
	return encodePNG(cp.draw())
}

// gifScale is the size of GIF frames relative to the screen: half, so a
// clip of a few seconds stays small.
const gifScale = 2

// captureGIF returns an animated GIF of sc from t0 to t1 seconds at fps
// frames per second (fps must divide the update rate), half the screen's
// size, with one palette for all frames.
func captureGIF(sc scene, lib *library, t0, t1 float64, fps int) ([]byte, error) {
	if fps <= 0 || tps%fps != 0 {
		return nil, fmt.Errorf("-fps %d must divide %d", fps, tps)
	}
	cp, err := newCapturer(sc, lib)
	if err != nil {
		return nil, err
	}
	cp.runTo(t0)
	var frames []*image.RGBA
	for {
		frames = append(frames, downscale(cp.draw(), gifScale))
		if cp.ticks+tps/fps > tickOf(t1) {
			break
		}
		for range tps / fps {
			cp.step()
		}
	}
	return encodeGIF(frames, fps)
}

// encodeGIF encodes opaque frames shown at fps as a looping GIF with one
// palette (bake.Quantize, no dithering). After the first frame, each frame
// holds only the rectangle that changed, with the pixels that did not change
// transparent, so a clip over a still backdrop and HUD stays small.
func encodeGIF(frames []*image.RGBA, fps int) ([]byte, error) {
	pal, index := bake.Quantize(frames)
	// Free a palette entry for transparency: append one, or merge the two
	// closest colours when the palette is full.
	var trans uint8
	if len(pal) < 256 {
		pal = append(pal, color.RGBA{})
		trans = uint8(len(pal) - 1)
	} else {
		keep, drop := closestPair(pal)
		pal[drop] = color.RGBA{}
		trans = uint8(drop)
		quantized := index
		index = func(r, g, b uint8) uint8 {
			if i := quantized(r, g, b); i != trans {
				return i
			}
			return uint8(keep)
		}
	}
	full := image.Rect(0, 0, frames[0].Rect.Dx(), frames[0].Rect.Dy())
	g := &gif.GIF{Config: image.Config{ColorModel: pal, Width: full.Dx(), Height: full.Dy()}}
	var prev []uint8
	for i, f := range frames {
		cur := make([]uint8, full.Dx()*full.Dy())
		for j := range cur {
			cur[j] = index(f.Pix[4*j], f.Pix[4*j+1], f.Pix[4*j+2])
		}
		r := full
		if prev != nil {
			r = changed(prev, cur, full)
		}
		p := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				k := y*full.Dx() + x
				c := cur[k]
				if prev != nil && prev[k] == c {
					c = trans
				}
				p.SetColorIndex(x, y, c)
			}
		}
		prev = cur
		g.Image = append(g.Image, p)
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		d := int(math.Round(100*float64(i+1)/float64(fps))) - int(math.Round(100*float64(i)/float64(fps)))
		g.Delay = append(g.Delay, d)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// changed returns the bounding rectangle of the pixels that differ between
// two index images of size full (a 1 × 1 rectangle when none do).
func changed(a, b []uint8, full image.Rectangle) image.Rectangle {
	r := image.Rectangle{}
	w := full.Dx()
	for y := range full.Dy() {
		row := y * w
		for x := range w {
			if a[row+x] != b[row+x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}

// closestPair returns the indices a < b of the two closest colours of pal.
func closestPair(pal color.Palette) (a, b int) {
	best := math.MaxInt
	for i := range pal {
		ri, gi, bi, _ := pal[i].RGBA()
		for j := i + 1; j < len(pal); j++ {
			rj, gj, bj, _ := pal[j].RGBA()
			dr, dg, db := int(ri>>8)-int(rj>>8), int(gi>>8)-int(gj>>8), int(bi>>8)-int(bj>>8)
			if d := dr*dr + dg*dg + db*db; d < best {
				best, a, b = d, i, j
			}
		}
	}
	return a, b
}

// downscale averages n × n blocks of an opaque image.
func downscale(src *image.RGBA, n int) *image.RGBA {
	w, h := src.Rect.Dx()/n, src.Rect.Dy()/n
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var sum [4]int
			for dy := range n {
				i := src.PixOffset(x*n, y*n+dy)
				for dx := range n {
					for k := range 4 {
						sum[k] += int(src.Pix[i+4*dx+k])
					}
				}
			}
			o := dst.PixOffset(x, y)
			for k := range 4 {
				dst.Pix[o+k] = uint8((sum[k] + n*n/2) / (n * n))
			}
		}
	}
	return dst
}

// writeFile writes data to path, creating its directory.
func writeFile(path string, data []byte) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(path, data, 0o644)
}
