// Package layerdraw draws a donburi ecs layer of Ember effects with the
// Ebitengine renderer (package render). It is the only part of the donburi
// plugin that imports Ebitengine, so packages component and system stay
// usable headless.
//
// Register one drawer's Draw per layer and target:
//
//	r, err := render.New(nil)
//	...
//	drawer := layerdraw.NewDrawer(r, layer)
//	drawer.Camera = &cam // optional: a scrolling, zooming view
//	game.AddRenderer(layer, drawer.Draw)
//	...
//	game.DrawLayer(layer, screen) // or game.Draw(screen)
//
// Every visible effect entity of the layer (dormant ones are skipped) goes
// to the renderer in one Draw call, so effects that share a snapshot,
// texture and strip batch into the same draw calls across entities. Items
// are in entity order (system.Collector), which the renderer then sorts by
// ZIndex + ZOffset, ties kept. The item slice and the entity buffer are
// reused: a warm frame allocates nothing here.
//
// World levels mounted on a layer (system.MountLevel) are drawn by a
// [LevelDrawer] through a world camera (camera.World), one
// Renderer.DrawLevel per level.
//
// donburi dispatches layer renderers by reflection on the argument's type,
// and pointer argument types share one key: register only renderers taking
// *ebiten.Image on a layer that has this one.
package layerdraw

import (
	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

// Drawer draws the effects of one ecs layer with a renderer. It is not
// safe for concurrent use.
type Drawer struct {
	// Camera is the view the layer is drawn through (see package
	// camera): effects are placed in scene pixels and Camera maps them
	// onto the target, its position at the target's centre. nil (the
	// default) draws them at their positions on the target. Move the
	// camera, not the effects, to scroll or zoom.
	Camera *camera.Camera

	r     *render.Renderer
	col   *system.Collector
	items []render.Item
}

// NewDrawer returns a drawer of layer's effects with r. Use one renderer
// per target: its statistics and batches are per Draw. It panics when
// layer is not from 0 to component.MaxLayer (system.NewCollector).
func NewDrawer(r *render.Renderer, layer ecs.LayerID) *Drawer {
	return &Drawer{r: r, col: system.NewCollector(layer)}
}

// Renderer returns the drawer's renderer (for its Stats).
func (d *Drawer) Renderer() *render.Renderer { return d.r }

// Layer returns the layer drawn.
func (d *Drawer) Layer() ecs.LayerID { return d.col.Layer() }

// Draw draws the layer's effects of e.World onto screen in one
// Renderer.DrawCamera call, through d.Camera. Its signature suits
// ecs.ECS.AddRenderer.
func (d *Drawer) Draw(e *ecs.ECS, screen *ebiten.Image) { d.DrawWorld(e.World, screen) }

// DrawWorld draws the layer's effects of w onto screen, for games that use
// a donburi world without package ecs.
func (d *Drawer) DrawWorld(w donburi.World, screen *ebiten.Image) {
	if d.r == nil || w == nil || screen == nil {
		return
	}
	d.items = d.AppendItems(w, d.items[:0])
	d.r.DrawCamera(screen, d.items, d.Camera)
	clear(d.items) // drop the references until the next frame
}

// AppendItems appends the render items of the layer's visible effects in w
// to dst, in the order Draw submits them.
func (d *Drawer) AppendItems(w donburi.World, dst []render.Item) []render.Item {
	for _, entry := range d.col.Collect(w) {
		fx := component.Effect.Get(entry)
		x, y := system.Offset(entry)
		dst = append(dst, render.Item{Effect: fx.Effect, X: x, Y: y, Texture: fx.Texture, Strip: fx.Strip})
	}
	return dst
}
