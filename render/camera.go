package render

import (
	"image"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter"
	"github.com/hajimehoshi/ebiten/v2"
)

// DrawCamera draws items onto dst as [Renderer.Draw] does, through cam:
// item positions and effect bounds are in scene pixels, and cam (nil: the
// scene as it is) maps them onto dst, its position at dst's centre (see
// package camera). Culling uses the scene rectangle dst shows, and both
// paths draw through the camera: the batched path moves each quad's
// corners, the GPU path draws its one quad over the effect's bounds
// through the camera while its shader still evaluates each fragment in
// scene pixels, read from the quad's texture coordinates (which an affine
// mapping interpolates exactly). Particle sizes and the glow scale with
// the zoom; texture sampling is the same at any zoom. A nil dst draws
// nothing, as layerdraw's drawers treat a nil screen.
func (r *Renderer) DrawCamera(dst *ebiten.Image, items []Item, cam *camera.Camera) {
	if dst == nil {
		r.stats = Stats{}
		return
	}
	r.view = cam.Transform(dst.Bounds())
	r.viewed = !r.view.IsIdentity()
	r.collect(dst.Bounds(), items)
	r.submit(dst)
}

// GeoM returns t as an ebiten.GeoM, to draw a game's own images through
// the camera its effects are drawn through:
//
//	op.GeoM = render.GeoM(cam.Transform(screen.Bounds()))
//	screen.DrawImage(background, op)
func GeoM(t camera.Transform) ebiten.GeoM {
	var g ebiten.GeoM
	g.SetElement(0, 0, t.A)
	g.SetElement(0, 1, t.B)
	g.SetElement(0, 2, t.TX)
	g.SetElement(1, 0, t.C)
	g.SetElement(1, 1, t.D)
	g.SetElement(1, 2, t.TY)
	return g
}

// sceneView is the scene rectangle the target rectangle view shows: view
// itself without a camera.
func (r *Renderer) sceneView(view image.Rectangle) emitter.Rect {
	if !r.viewed {
		return emitter.Rect{MinX: float64(view.Min.X), MinY: float64(view.Min.Y), MaxX: float64(view.Max.X), MaxY: float64(view.Max.Y)}
	}
	x0, y0, x1, y1 := r.view.SceneBounds(view)
	return emitter.Rect{MinX: x0, MinY: y0, MaxX: x1, MaxY: y1}
}

// viewBoards moves the billboards qs of an effect placed at (ox, oy)
// through the view: it turns and zooms their centres and half axes in
// place and returns where (ox, oy) lands, the offset writePass adds. Without
// a camera it leaves them as they are, so writePass's hot loop is the same
// with a camera or without.
func (r *Renderer) viewBoards(qs []emitter.Billboard, ox, oy float64) (float64, float64) {
	if !r.viewed {
		return ox, oy
	}
	v := &r.view
	a, c := float32(v.A), float32(v.C)
	for i := range qs {
		q := &qs[i]
		q.X, q.Y = turn32(a, c, q.X, q.Y)
		q.UX, q.UY = turn32(a, c, q.UX, q.UY)
		q.VX, q.VY = turn32(a, c, q.VX, q.VY)
	}
	return v.Apply(ox, oy)
}

// turn32 is M·(x, y), M = [a -c; c a], in float32: the view's turn and
// zoom of a billboard's centre or half axis, each product rounded.
func turn32(a, c, x, y float32) (float32, float32) {
	return float32(a*x) - float32(c*y), float32(c*x) + float32(a*y)
}

// viewColumns is viewBoards for the billboards of c.
func (r *Renderer) viewColumns(c *emitter.Columns, ox, oy float64) (float64, float64) {
	if !r.viewed {
		return ox, oy
	}
	v := &r.view
	a, s := float32(v.A), float32(v.C)
	for i := range c.Len() {
		xy, u, w := &c.XY[i], &c.U[i], &c.V[i]
		xy[0], xy[1] = turn32(a, s, xy[0], xy[1])
		u[0], u[1] = turn32(a, s, u[0], u[1])
		w[0], w[1] = turn32(a, s, w[0], w[1])
	}
	return v.Apply(ox, oy)
}

// viewOrNil is the view, or nil without a camera.
func (r *Renderer) viewOrNil() *camera.Transform {
	if r.viewed {
		return &r.view
	}
	return nil
}

// gpuQuad is the GPU path's quad over bounds b placed at (ox, oy), in
// scene pixels, and the target pixels it covers. Without a camera it is
// boundsQuad's, pixel-aligned and clipped to view. With one it is clipped
// to the scene rectangle the target shows and widened by one target pixel
// (1/Zoom scene pixels) on each side: every target pixel whose centre
// maps into the bounds then lies inside the moved quad, whatever the
// rasterizer's rule on its edges, and the extra fragments cover no
// particle.
func (r *Renderer) gpuQuad(b emitter.Rect, ox, oy float64, view image.Rectangle, scene emitter.Rect) (x0, y0, x1, y1 float64, pixels int) {
	if !r.viewed {
		ix0, iy0, ix1, iy1 := boundsQuad(b, ox, oy, view)
		return float64(ix0), float64(iy0), float64(ix1), float64(iy1), (ix1 - ix0) * (iy1 - iy0)
	}
	m := 1 / r.view.Zoom
	bx := b.Translate(ox, oy)
	x0, y0 = max(scene.MinX, bx.MinX-m), max(scene.MinY, bx.MinY-m)
	x1, y1 = min(scene.MaxX, bx.MaxX+m), min(scene.MaxY, bx.MaxY+m)
	if !(x1 > x0 && y1 > y0) {
		return x0, y0, x0, y0, 0
	}
	area := (x1 - x0) * (y1 - y0) * r.view.Zoom * r.view.Zoom
	return x0, y0, x1, y1, int(min(area, 1<<40))
}
