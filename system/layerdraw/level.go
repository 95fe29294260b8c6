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

// LevelDrawer draws the mounted world levels of one ecs layer
// (system.MountLevel) with a renderer, through a world camera. Register
// its Draw like a Drawer's:
//
//	drawer := layerdraw.NewLevelDrawer(r, layer)
//	drawer.Camera = &camera.World{X: 8, Y: 4, Zoom: 32, Pitch: 60}
//	game.AddRenderer(layer, drawer.Draw)
//
// Several drawers (split screen, a minimap) may draw the same levels in
// one frame, each with its camera onto its own target or sub-image; the
// renderer evaluates each level once per clock for all of them. Drawing
// never changes a level's clock. A LevelDrawer is not safe for concurrent
// use.
type LevelDrawer struct {
	// Camera is the view the levels are drawn through: its position at
	// the target's centre. nil draws through the zero camera.World (a side
	// view of the world's origin at one pixel per unit).
	Camera *camera.World

	r        *render.Renderer
	col      *system.LevelCollector
	item     render.LevelItem
	emitters []render.LevelEmitter
}

// NewLevelDrawer returns a drawer of layer's levels with r. It panics
// when layer is not from 0 to component.MaxLayer.
func NewLevelDrawer(r *render.Renderer, layer ecs.LayerID) *LevelDrawer {
	return &LevelDrawer{r: r, col: system.NewLevelCollector(layer)}
}

// Renderer returns the drawer's renderer (for its LevelStats).
func (d *LevelDrawer) Renderer() *render.Renderer { return d.r }

// Layer returns the layer drawn.
func (d *LevelDrawer) Layer() ecs.LayerID { return d.col.Layer() }

// Draw draws the layer's visible levels of e.World onto screen, in entity
// order, one Renderer.DrawLevel each. Its signature suits
// ecs.ECS.AddRenderer.
func (d *LevelDrawer) Draw(e *ecs.ECS, screen *ebiten.Image) { d.DrawWorld(e.World, screen) }

// DrawWorld draws the layer's visible levels of w onto screen, for games
// that use a donburi world without package ecs.
func (d *LevelDrawer) DrawWorld(w donburi.World, screen *ebiten.Image) {
	if d.r == nil || w == nil || screen == nil {
		return
	}
	cam := d.Camera
	if cam == nil {
		cam = &camera.World{}
	}
	for _, entry := range d.col.Collect(w) {
		ld := component.Level.Get(entry)
		d.emitters = d.emitters[:0]
		for _, em := range ld.Emitters {
			hidden, path := system.EmitterState(w, em)
			d.emitters = append(d.emitters, render.LevelEmitter{Hidden: hidden, Path: render.Path(path)})
		}
		d.item = render.LevelItem{Level: ld.Level, Textures: ld.Textures, Clock: ld.Seconds(), Emitters: d.emitters}
		d.r.DrawLevel(screen, &d.item, cam)
	}
	d.item = render.LevelItem{} // drop the references until the next frame
}
