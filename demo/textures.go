package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"path/filepath"
)

// The demo's textures are generated here, in Go, and committed as PNGs in
// demo/effects/ so that the effect files can name them like any game's
// files would. `go run ./demo -gen-textures` rewrites them; a test checks
// the committed files are what this code draws.

// generatedTexture is one generated image and the file it is written to.
type generatedTexture struct {
	file string
	draw func() *image.NRGBA
}

// textures lists every generated texture.
var textures = []generatedTexture{
	{"explosion.png", explosionSheet},
	{"streak.png", streakSprite},
	{"confetti.png", confettiSprite},
	{"confetti_strip.png", confettiStrip},
	{"smoke.png", smokeSprite},
	{"sparkle.png", sparkleSprite},
	{"snowflake.png", snowflakeSprite},
	{"debris.png", debrisSheet},
	{"flame.png", flameSprite},
}

// writeTextures draws every texture of list and writes it into dir.
func writeTextures(dir string, list []generatedTexture) error {
	for _, t := range list {
		data, err := encodePNGLevel(t.draw(), png.BestCompression)
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, filepath.FromSlash(t.file)), data); err != nil {
			return fmt.Errorf("write %s: %w", t.file, err)
		}
	}
	return nil
}

// encodePNG encodes img with the default compression: deterministic, and
// ten times faster than the best for a full-screen capture, for a few
// percent more bytes.
func encodePNG(img image.Image) ([]byte, error) { return encodePNGLevel(img, png.DefaultCompression) }

// encodePNGLevel encodes img at a compression level.
func encodePNGLevel(img image.Image, level png.CompressionLevel) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: level}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// --- noise -------------------------------------------------------------------

// hash2 is a small integer hash of a lattice point and a seed.
func hash2(x, y, seed int) uint32 {
	h := uint32(x)*0x8da6b343 ^ uint32(y)*0xd8163841 ^ uint32(seed)*0xcb1ab31f
	h ^= h >> 15
	h *= 0x2c1b3c6d
	h ^= h >> 12
	h *= 0x297a2d39
	h ^= h >> 15
	return h
}

// lattice returns the value in [0, 1) at a lattice point.
func lattice(x, y, seed int) float64 { return float64(hash2(x, y, seed)>>8) / (1 << 24) }

// valueNoise is smooth value noise in [0, 1).
func valueNoise(x, y float64, seed int) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int(fx), int(fy)
	tx, ty := x-fx, y-fy
	sx, sy := tx*tx*(3-2*tx), ty*ty*(3-2*ty)
	a := lattice(ix, iy, seed)
	b := lattice(ix+1, iy, seed)
	c := lattice(ix, iy+1, seed)
	d := lattice(ix+1, iy+1, seed)
	return a + (b-a)*sx + (c-a)*sy + (a-b-c+d)*sx*sy
}

// fbm sums octaves of value noise, in [0, 1).
func fbm(x, y float64, octaves, seed int) float64 {
	sum, amp, norm := 0.0, 0.5, 0.0
	for o := range octaves {
		sum += amp * valueNoise(x, y, seed+o*101)
		norm += amp
		x, y = x*2.03+17.1, y*2.03-9.7
		amp *= 0.5
	}
	return sum / norm
}

func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

// put writes a straight-alpha pixel from channels in [0, 1].
func put(img *image.NRGBA, x, y int, r, g, b, a float64) {
	q := func(v float64) uint8 { return uint8(math.Round(clamp01(v) * 255)) }
	if a <= 0 {
		img.SetNRGBA(x, y, color.NRGBA{})
		return
	}
	img.SetNRGBA(x, y, color.NRGBA{q(r), q(g), q(b), q(a)})
}

// cellUV calls f for every pixel of a cell of edge n at (ox, oy) with its
// centre in [-1, 1]².
func cellUV(n int, f func(px, py int, u, v float64)) {
	for py := range n {
		for px := range n {
			u := (float64(px)+0.5)/float64(n)*2 - 1
			v := (float64(py)+0.5)/float64(n)*2 - 1
			f(px, py, u, v)
		}
	}
}

// --- the textures ------------------------------------------------------------

// explosionSheet draws a 4 × 4 flipbook of a fireball (512 × 512, cells of
// 128): a white-hot core that swells, cools through orange and red into
// dark smoke, and breaks up. Colours are baked in; effects tint it white.
func explosionSheet() *image.NRGBA {
	const cell, grid = 128, 4
	img := image.NewNRGBA(image.Rect(0, 0, cell*grid, cell*grid))
	for f := range grid * grid {
		p := float64(f) / float64(grid*grid-1)
		ox, oy := (f%grid)*cell, (f/grid)*cell
		radius := 0.38 + 0.5*(1-(1-p)*(1-p))
		rise := -0.12 * p
		cellUV(cell, func(px, py int, u, v float64) {
			v -= rise
			r := math.Hypot(u, v)
			n := fbm(u*2.6+3, v*2.6-p*1.2, 5, 7)
			detail := fbm(u*6-1, v*6+p*2, 3, 11)
			edge := radius * (0.62 + 0.7*n)
			a := smoothstep(0, 0.14, edge-r)
			// Smoke breaks up as it ages: holes open where the noise is low.
			a *= smoothstep(p*p*0.55, p*p*0.55+0.25, n*0.6+detail*0.4)
			a *= 1 - smoothstep(0.72, 1, p)
			heat := (1 - smoothstep(0, 0.85, p)) * math.Pow(clamp01(1-r/edge), 0.6) * (0.7 + 0.6*detail)
			heat = clamp01(heat * 1.35)
			cr, cg, cb := fireRamp(heat)
			// Smoke shading: lighter on top, darker below.
			shade := 0.85 + 0.3*(-v*0.5+0.5)*(0.6+0.4*detail)
			if heat < 0.2 {
				k := heat / 0.2
				sr, sg, sb := 0.2*shade, 0.19*shade, 0.18*shade
				cr, cg, cb = sr+(cr-sr)*k, sg+(cg-sg)*k, sb+(cb-sb)*k
			}
			put(img, ox+px, oy+py, cr, cg, cb, a)
		})
	}
	return img
}

// fireRamp maps heat in [0, 1] to a fire colour: dark red, orange, yellow,
// white.
func fireRamp(h float64) (r, g, b float64) {
	stops := [][4]float64{
		{0, 0.35, 0.06, 0.02},
		{0.3, 0.85, 0.22, 0.04},
		{0.55, 1, 0.55, 0.1},
		{0.8, 1, 0.85, 0.4},
		{1, 1, 0.98, 0.9},
	}
	for i := 1; i < len(stops); i++ {
		if h <= stops[i][0] {
			a, b2 := stops[i-1], stops[i]
			t := (h - a[0]) / (b2[0] - a[0])
			return a[1] + (b2[1]-a[1])*t, a[2] + (b2[2]-a[2])*t, a[3] + (b2[3]-a[3])*t
		}
	}
	return 1, 0.98, 0.9
}

// streakSprite draws a soft vertical streak with a hot centre line (32 ×
// 32); Squash stretches it into a spark trail or a raindrop.
func streakSprite() *image.NRGBA {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		across := 0.55*math.Exp(-u*u*6) + 0.45*math.Exp(-u*u*30)
		along := 1 - smoothstep(0.3, 1, math.Abs(v))
		a := across * along
		put(img, px, py, 1, 1, 1, a)
	})
	return img
}

// confettiSprite draws a paper rectangle with a fold line (32 × 32): the
// colour strip and Color tint it.
func confettiSprite() *image.NRGBA {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		d := math.Max(math.Abs(u), math.Abs(v))
		a := smoothstep(1, 0.88, d)
		light := 0.82 + 0.18*(1-(u+v)*0.5)*0.5
		light *= 1 - 0.2*math.Exp(-math.Pow((u-v*0.2)/0.05, 2)) // the fold
		put(img, px, py, light, light, light, a)
	})
	return img
}

// confettiStrip draws the colour strip of the confetti (64 × 8): one row
// per paper colour, which each piece keeps for its life, with a glint that
// travels along the row as the piece tumbles, and a fade at the end.
func confettiStrip() *image.NRGBA {
	colours := [][3]float64{
		{1, 0.24, 0.5}, {1, 0.82, 0.25}, {0.25, 0.76, 1}, {0.55, 1, 0.45},
		{0.72, 0.42, 1}, {1, 0.5, 0.2}, {0.95, 0.95, 1}, {0.2, 0.95, 0.85},
	}
	const w = 64
	img := image.NewNRGBA(image.Rect(0, 0, w, len(colours)))
	for row, c := range colours {
		for x := range w {
			t := (float64(x) + 0.5) / w
			glint := math.Pow(0.5+0.5*math.Cos((t*7+float64(row)*0.37)*2*math.Pi), 6)
			k := 0.85 + 0.15*glint
			r := c[0]*k + glint*0.35
			g := c[1]*k + glint*0.35
			b := c[2]*k + glint*0.35
			a := 1 - smoothstep(0.8, 1, t)
			put(img, x, row, r, g, b, a)
		}
	}
	return img
}

// smokeSprite draws a soft, lumpy puff (64 × 64).
func smokeSprite() *image.NRGBA {
	const n = 64
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		r := math.Hypot(u, v)
		nz := fbm(u*2.2+5, v*2.2+1, 5, 3)
		a := smoothstep(1, 0.2, r+(nz-0.5)*0.7) * (0.55 + 0.45*nz)
		l := 0.8 + 0.2*(-v*0.5+0.5)
		put(img, px, py, l, l, l, a)
	})
	return img
}

// sparkleSprite draws a four-pointed glint with a soft core (64 × 64).
func sparkleSprite() *image.NRGBA {
	const n = 64
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		au, av := math.Abs(u), math.Abs(v)
		core := math.Exp(-(u*u + v*v) * 30)
		rays := math.Exp(-av*av*900)*(1-au) + math.Exp(-au*au*900)*(1-av)
		diag := math.Exp(-math.Pow(au-av, 2)*500) * math.Max(0, 1-(au+av)*1.6) * 0.5
		a := clamp01(core + rays*0.9 + diag)
		put(img, px, py, 1, 1, 1, a)
	})
	return img
}

// snowflakeSprite draws a six-armed flake with a soft glow (32 × 32).
func snowflakeSprite() *image.NRGBA {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		r := math.Hypot(u, v)
		ang := math.Atan2(v, u)
		// Distance to the nearest of six arms.
		k := math.Mod(ang+2*math.Pi, math.Pi/3)
		k = math.Min(k, math.Pi/3-k)
		arm := r * math.Sin(k)
		a := math.Exp(-arm*arm*400) * (1 - smoothstep(0.6, 0.95, r))
		a = math.Max(a, 0.6*math.Exp(-r*r*12))
		put(img, px, py, 1, 1, 1, a)
	})
	return img
}

// debrisSheet draws a 2 × 2 flipbook of rock chunks (64 × 64, cells of 32):
// each debris particle picks one at random and keeps it.
func debrisSheet() *image.NRGBA {
	const cell, grid = 32, 2
	img := image.NewNRGBA(image.Rect(0, 0, cell*grid, cell*grid))
	for f := range grid * grid {
		ox, oy := (f%grid)*cell, (f/grid)*cell
		verts := 7
		rad := make([]float64, verts)
		for i := range rad {
			rad[i] = 0.55 + 0.4*lattice(i, f, 5)
		}
		cellUV(cell, func(px, py int, u, v float64) {
			ang := math.Atan2(v, u)
			t := (ang + math.Pi) / (2 * math.Pi) * float64(verts)
			i := int(t) % verts
			fr := t - math.Floor(t)
			edge := rad[i] + (rad[(i+1)%verts]-rad[i])*fr
			r := math.Hypot(u, v)
			a := smoothstep(edge, edge-0.12, r)
			light := 0.55 + 0.45*clamp01(0.5-0.6*(u+v)*0.5) + 0.1*(valueNoise(u*5, v*5, f)-0.5)
			put(img, ox+px, oy+py, light, light*0.92, light*0.85, a)
		})
	}
	return img
}

// flameSprite draws a flame lick: a soft teardrop, pointed at the top
// (64 × 64).
func flameSprite() *image.NRGBA {
	const n = 64
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	cellUV(n, func(px, py int, u, v float64) {
		// A round bottom (centred at v = 0.35) tapering to a point at the top
		// (v = -0.95).
		var half float64
		if v > 0.35 {
			half = 0.55 * math.Sqrt(clamp01(1-math.Pow((v-0.35)/0.6, 2)))
		} else {
			half = 0.55 * math.Pow(clamp01((v+0.95)/1.3), 1.4)
		}
		a := 0.0
		if half > 0 {
			a = smoothstep(1, 0.25, math.Abs(u)/half)
		}
		a *= 0.75 + 0.25*fbm(u*3, v*3, 3, 9)
		put(img, px, py, 1, 1, 1, a)
	})
	return img
}
