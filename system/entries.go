package system

import (
	"cmp"
	"slices"

	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/component"
	"github.com/yohamta/donburi/ecs"
	"github.com/yohamta/donburi/filter"
)

// layerEntries gathers the entities of one ecs layer that have a
// component and pass a visibility test, by entity id, reusing its buffer:
// what Collector and LevelCollector both collect.
type layerEntries struct {
	layer   ecs.LayerID
	query   *donburi.Query
	entries []*donburi.Entry
	add     func(*donburi.Entry)
}

// init sets l up in place (its add closure keeps l's address).
func (l *layerEntries) init(layer ecs.LayerID, c component.IComponentType, visible func(*donburi.Entry) bool) {
	checkLayer(layer)
	l.layer, l.query = layer, ecs.NewQuery(layer, filter.Contains(c))
	l.add = func(e *donburi.Entry) {
		if visible(e) {
			l.entries = append(l.entries, e)
		}
	}
}

// collect returns the layer's visible entries in w by entity id, so the
// order stays put when entities pause, play or change archetype. The slice
// is reused by the next call.
func (l *layerEntries) collect(w donburi.World) []*donburi.Entry {
	clear(l.entries)
	l.entries = l.entries[:0]
	if w == nil {
		return l.entries
	}
	l.query.Each(w, l.add)
	slices.SortFunc(l.entries, func(a, b *donburi.Entry) int {
		return cmp.Compare(a.Entity().Id(), b.Entity().Id())
	})
	return l.entries
}
