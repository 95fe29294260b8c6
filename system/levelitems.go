package system

import (
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/raster"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

// LevelCollector gathers the visible mounted levels of one ecs layer for
// drawing, reusing its buffers: after the first frames, collecting
// allocates nothing. Drawers (system/layerdraw's LevelDrawer, or
// raster.Rasterizer.DrawLevel for headless frames) draw what it returns. A
// LevelCollector is not safe for concurrent use.
type LevelCollector struct {
	layerEntries
	hidden [][]bool // per collected level, by emitter index
}

// NewLevelCollector returns a collector of the levels on layer (use it,
// not a zero LevelCollector; a nil world has no levels). It panics
// when layer is not from 0 to component.MaxLayer, as NewCollector does.
func NewLevelCollector(layer ecs.LayerID) *LevelCollector {
	c := &LevelCollector{}
	c.init(layer, component.Level, func(e *donburi.Entry) bool { return component.Level.Get(e).Visible() })
	return c
}

// Layer returns the collector's layer.
func (c *LevelCollector) Layer() ecs.LayerID { return c.layer }

// Collect returns the entries of the layer's visible levels in w (neither
// hidden nor dormant), by entity id. The slice is reused by the next call.
func (c *LevelCollector) Collect(w donburi.World) []*donburi.Entry {
	return c.collect(w)
}

// EmitterState returns how emitter entity e of a level is drawn: whether
// it is hidden (or no longer a live emitter entity of w, removed by the
// game) and the render path it asks for (component.WorldEmitterData.Path).
func EmitterState(w donburi.World, e donburi.Entity) (hidden bool, path uint8) {
	d, ok := component.GetWorldEmitter(w, e)
	if !ok {
		return true, 0
	}
	return d.Hidden, d.Path
}

// AppendRasterLevels appends to dst a raster.LevelItem per visible level
// of the layer, in Collect's order, at its level clock, with its hidden
// emitters: to draw a frame with the reference rasterizer (headless frames
// and pixel tests). The items' Hidden slices are the collector's, reused
// by the next call.
func (c *LevelCollector) AppendRasterLevels(w donburi.World, dst []raster.LevelItem) []raster.LevelItem {
	for k, e := range c.Collect(w) {
		d := component.Level.Get(e)
		if k == len(c.hidden) {
			c.hidden = append(c.hidden, nil)
		}
		h := c.hidden[k][:0]
		for _, em := range d.Emitters {
			hidden, _ := EmitterState(w, em)
			h = append(h, hidden)
		}
		c.hidden[k] = h
		dst = append(dst, raster.LevelItem{Level: d.Level, Textures: d.Textures, Clock: d.Seconds(), Hidden: h})
	}
	return dst
}
