package main

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// ebitenCanvas is the window's canvas: shapes with Ebitengine's vector
// package (antialiased), text from an atlas of the demo's bitmap font, and
// pictures uploaded once.
type ebitenCanvas struct {
	dst   *ebiten.Image
	path  vector.Path
	pics  map[*picture]*ebiten.Image
	font  *ebiten.Image
	white *ebiten.Image
	verts []ebiten.Vertex
}

// Font atlas cells: a glyph plus a transparent pixel around it.
const (
	atlasCellW = glyphW + 2
	atlasCellH = glyphH + 2
)

// newEbitenCanvas returns a canvas; call target before drawing.
func newEbitenCanvas() *ebitenCanvas {
	atlas := image.NewRGBA(image.Rect(0, 0, atlasCellW*len(glyphOrder), atlasCellH))
	for i, r := range glyphOrder {
		for y := range glyphH {
			for x := range glyphW {
				if glyphInk(r, x, y) {
					atlas.SetRGBA(i*atlasCellW+1+x, 1+y, color.RGBA{255, 255, 255, 255})
				}
			}
		}
	}
	white := ebiten.NewImage(3, 3)
	white.Fill(color.White)
	return &ebitenCanvas{
		pics:  map[*picture]*ebiten.Image{},
		font:  ebiten.NewImageFromImage(atlas),
		white: white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image),
	}
}

// target sets the image drawn on.
func (ec *ebitenCanvas) target(dst *ebiten.Image) { ec.dst = dst }

func (ec *ebitenCanvas) fill(c color.NRGBA) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(ec.dst, &ec.path, nil, op)
	ec.path.Reset()
}

// Rect implements canvas.
func (ec *ebitenCanvas) Rect(x, y, w, h float64, c color.NRGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	vector.FillRect(ec.dst, float32(x), float32(y), float32(w), float32(h), c, false)
}

// RoundRect implements canvas.
func (ec *ebitenCanvas) RoundRect(x, y, w, h, r float64, c color.NRGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	r = math.Min(r, math.Min(w, h)/2)
	if r <= 0 {
		ec.Rect(x, y, w, h, c)
		return
	}
	p := &ec.path
	x0, y0, x1, y1, rf := float32(x), float32(y), float32(x+w), float32(y+h), float32(r)
	p.MoveTo(x0+rf, y0)
	p.LineTo(x1-rf, y0)
	p.Arc(x1-rf, y0+rf, rf, -math.Pi/2, 0, vector.Clockwise)
	p.LineTo(x1, y1-rf)
	p.Arc(x1-rf, y1-rf, rf, 0, math.Pi/2, vector.Clockwise)
	p.LineTo(x0+rf, y1)
	p.Arc(x0+rf, y1-rf, rf, math.Pi/2, math.Pi, vector.Clockwise)
	p.LineTo(x0, y0+rf)
	p.Arc(x0+rf, y0+rf, rf, math.Pi, 3*math.Pi/2, vector.Clockwise)
	p.Close()
	ec.fill(c)
}

// VGradient implements canvas.
func (ec *ebitenCanvas) VGradient(x, y, w, h float64, top, bottom color.NRGBA) {
	v := func(px, py float64, c color.NRGBA) ebiten.Vertex {
		return ebiten.Vertex{
			DstX: float32(px), DstY: float32(py), SrcX: 1, SrcY: 1,
			ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255,
		}
	}
	ec.verts = append(ec.verts[:0], v(x, y, top), v(x+w, y, top), v(x, y+h, bottom), v(x+w, y+h, bottom))
	ec.dst.DrawTriangles(ec.verts, []uint16{0, 1, 2, 1, 2, 3}, ec.white, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModeStraightAlpha})
}

// Circle implements canvas.
func (ec *ebitenCanvas) Circle(cx, cy, r float64, c color.NRGBA) {
	vector.FillCircle(ec.dst, float32(cx), float32(cy), float32(r), c, true)
}

// Polygon implements canvas.
func (ec *ebitenCanvas) Polygon(pts []pt, c color.NRGBA) {
	if len(pts) < 3 {
		return
	}
	ec.path.MoveTo(float32(pts[0].X), float32(pts[0].Y))
	for _, p := range pts[1:] {
		ec.path.LineTo(float32(p.X), float32(p.Y))
	}
	ec.path.Close()
	ec.fill(c)
}

// Line implements canvas.
func (ec *ebitenCanvas) Line(x0, y0, x1, y1, width float64, c color.NRGBA) {
	vector.StrokeLine(ec.dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(width), c, true)
	ec.Circle(x0, y0, width/2, c)
	ec.Circle(x1, y1, width/2, c)
}

// Text implements canvas.
func (ec *ebitenCanvas) Text(x, y float64, scale int, s string, c color.NRGBA) {
	ox, oy := math.Round(x), math.Round(y)
	line, col := 0, 0
	op := &ebiten.DrawImageOptions{}
	for _, r := range s {
		if r == '\n' {
			line, col = line+1, 0
			continue
		}
		i, ok := glyphIndex[r]
		if !ok {
			i = glyphIndex['?']
		}
		if r != ' ' {
			sub := ec.font.SubImage(image.Rect(i*atlasCellW, 0, (i+1)*atlasCellW, atlasCellH)).(*ebiten.Image)
			op.GeoM.Reset()
			op.GeoM.Translate(-1, -1)
			op.GeoM.Scale(float64(scale), float64(scale))
			op.GeoM.Translate(ox+float64(col*advance*scale), oy+float64(line*lineSpace*scale))
			op.ColorScale.Reset()
			op.ColorScale.ScaleWithColor(c)
			ec.dst.DrawImage(sub, op)
		}
		col++
	}
}

// Picture implements canvas.
func (ec *ebitenCanvas) Picture(p *picture, x, y float64) {
	img := ec.pics[p]
	if img == nil {
		img = ebiten.NewImageFromImage(p.img)
		ec.pics[p] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x), math.Round(y))
	ec.dst.DrawImage(img, op)
}
