package system

import (
	"fmt"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/raster"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/features/transform"
)

// Collector gathers the visible effects of one ecs layer for drawing,
// reusing its buffers: after the first frames, collecting allocates
// nothing. Make one with [NewCollector]; a nil world has no effects. Renderers (system/layerdraw, or raster.Draw for headless
// frames) draw what it returns. A Collector is not safe for concurrent use.
type Collector struct {
	layerEntries
}

// NewCollector returns a collector of the effects on layer. It panics
// when layer is not from 0 to component.MaxLayer, as no effect can be on
// such a layer.
func NewCollector(layer ecs.LayerID) *Collector {
	c := &Collector{}
	c.init(layer, component.Effect, func(e *donburi.Entry) bool { return component.Effect.Get(e).Visible() })
	return c
}

// checkLayer panics, as the collectors document, for a layer no entity
// can be on.
func checkLayer(layer ecs.LayerID) {
	if layer < 0 || layer > component.MaxLayer {
		panic(fmt.Sprintf("system: collector of layer %d, not from 0 to %d (component.MaxLayer)", layer, component.MaxLayer))
	}
}

// Layer returns the collector's layer.
func (c *Collector) Layer() ecs.LayerID { return c.layer }

// Collect returns the entries of the layer's visible effects in w, by
// entity id: the order stays put when effects pause, play or change
// archetype. The slice is reused by the next call.
func (c *Collector) Collect(w donburi.World) []*donburi.Entry {
	return c.collect(w)
}

// AppendRasterItems appends to dst a raster.Item per visible effect of the
// layer, in [Collector.Collect]'s order, to draw a frame with raster.Draw
// (the pure reference rasterizer: headless frames and pixel tests).
func (c *Collector) AppendRasterItems(w donburi.World, dst []raster.Item) []raster.Item {
	for _, e := range c.Collect(w) {
		d := component.Effect.Get(e)
		x, y := Offset(e)
		dst = append(dst, raster.Item{Effect: d.Effect, X: x, Y: y, Texture: d.Texture, Strip: d.Strip})
	}
	return dst
}

// Offset returns the screen offset to draw an effect entry with: its X and
// Y, plus, for an effect with a transform whose host has not been sampled
// yet (created since the last update), the transform's world position, so
// a new effect shows at its host from its first frame.
func Offset(entry *donburi.Entry) (x, y float64) {
	d := component.Effect.Get(entry)
	x, y = d.X, d.Y
	if d.Effect != nil && d.Effect.Track().Len() == 0 && entry.HasComponent(transform.Transform) {
		p := transform.WorldPosition(entry)
		x, y = x+p.X, y+p.Y
	}
	return x, y
}
