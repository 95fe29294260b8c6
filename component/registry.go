package component

import (
	"github.com/emberfx/ember/emitter"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// RegistryData is Ember's per-world bookkeeping, on one singleton entity:
// the shared world clock that package system advances and seeks, and the
// index of effect names.
type RegistryData struct {
	// Now is the world clock: the sum of the scheduler's steps, moved
	// directly only by system.Seek.
	Now emitter.Ticks
	// Reach is the furthest world clock reached; Now < Reach after a seek
	// backwards.
	Reach emitter.Ticks
	// Step is the world step of the scheduler's last update (its fixed step
	// times its TimeScale), 0 before the first.
	Step emitter.Ticks

	names map[string]donburi.Entity
}

// Registry is the component type of the registry entity.
var Registry = donburi.NewComponentType[RegistryData]().SetName("ember.Registry")

var registryQuery = donburi.NewQuery(filter.Contains(Registry))

// GetRegistry returns the registry of w, creating its entity on first use.
// Do not call it while iterating a query that a new entity could disturb.
// w must not be nil (the system package's functions that take a world
// check for nil before they call it).
func GetRegistry(w donburi.World) *RegistryData {
	if entry, ok := registryQuery.First(w); ok {
		return Registry.Get(entry)
	}
	entry := w.Entry(w.Create(Registry))
	r := Registry.Get(entry)
	r.names = map[string]donburi.Entity{}
	return r
}

// Lookup returns the live effect entity of w named name. Names are unique
// per world: [Spawn] refuses a name a live effect holds, and a name is
// free again once its entity is removed (retired, or removed by the game).
// Renaming an effect by writing EffectData.Name is not seen by the index:
// Lookup then reports the name as absent.
func (r *RegistryData) Lookup(w donburi.World, name string) (donburi.Entity, bool) {
	if name == "" {
		return donburi.Null, false
	}
	e, ok := r.names[name]
	if !ok {
		return donburi.Null, false
	}
	if d, live := Get(w, e); !live || d.Name != name {
		delete(r.names, name)
		return donburi.Null, false
	}
	return e, true
}

// claim records e under name; the caller checked it is free.
func (r *RegistryData) claim(name string, e donburi.Entity) {
	if name == "" {
		return
	}
	if r.names == nil {
		r.names = map[string]donburi.Entity{}
	}
	r.names[name] = e
}

// Release frees name if e holds it.
func (r *RegistryData) Release(name string, e donburi.Entity) {
	if cur, ok := r.names[name]; ok && cur == e {
		delete(r.names, name)
	}
}
