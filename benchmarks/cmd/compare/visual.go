package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"github.com/emberfx/ember/benchmarks"
	"github.com/hajimehoshi/ebiten/v2"
)

// background is the dark grey the comparison frames are drawn on.
var background = color.RGBA{24, 24, 32, 255}

// writeFrames writes, for each variant, one PNG per subject of the same
// steady-state frame (1,500 live particles, 3 s in, then 20 frames), and a
// sheet with the subjects side by side in -subjects order. A subject whose
// render path fell back (ember-gpu: 1,500 particles exceed its limit) is
// left out: its frame would be another path's.
func (d *driver) writeFrames() error {
	if err := os.MkdirAll(d.o.pngDir, 0o755); err != nil {
		return err
	}
	w, h := sceneW, sceneH
	var view *ebiten.Image
	d.loop.do(func() { view = ebiten.NewImage(w, h) })
	defer d.loop.do(view.Deallocate)
	for _, v := range []benchmarks.Variant{benchmarks.Simple, benchmarks.Full} {
		var imgs []*image.RGBA
		for _, name := range d.o.subjects {
			s, err := benchmarks.NewSubject(name)
			if err != nil {
				return err
			}
			sc := benchmarks.Steady("visual", v, 1500, float64(w)/2, float64(h)*0.55)
			d.loop.do(func() { err = s.Setup(&sc) })
			if err != nil {
				return err
			}
			d.loop.do(func() { s.Seek(3) })
			for range 20 {
				d.loop.do(func() {
					view.Clear()
					s.Frame(view, benchmarks.FrameDT)
				})
			}
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			d.loop.do(func() {
				view.Fill(background)
				s.Frame(view, benchmarks.FrameDT)
			})
			d.loop.do(func() { view.ReadPixels(img.Pix) })
			d.loop.do(s.Close)
			if pc, ok := s.(benchmarks.PathChecker); ok {
				if fb, _ := pc.PathFallbacks(); fb > 0 {
					fmt.Fprintf(os.Stderr, "frames: %s left out: its path fell back (%d effect draws)\n", name, fb)
					continue
				}
			}
			path := filepath.Join(d.o.pngDir, fmt.Sprintf("%s-%s.png", name, v))
			if err := writePNG(path, img); err != nil {
				return err
			}
			imgs = append(imgs, img)
		}
		sheet := image.NewRGBA(image.Rect(0, 0, w*len(imgs), h))
		for i, img := range imgs {
			draw.Draw(sheet, image.Rect(i*w, 0, (i+1)*w, h), img, image.Point{}, draw.Src)
		}
		if err := writePNG(filepath.Join(d.o.pngDir, fmt.Sprintf("sheet-%s.png", v)), sheet); err != nil {
			return err
		}
	}
	return nil
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
