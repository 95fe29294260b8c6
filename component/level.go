package component

import (
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// LevelData is a mounted world level: the component of its level entity,
// which package system's MountLevel makes with one [WorldEmitterData]
// entity per emitter of the level. The level entity owns the level clock:
// the world clock since the level was mounted, which the scheduler's steps
// and world seeks move with every effect's.
type LevelData struct {
	// Level is the compiled level (document, evaluator, culling space).
	Level *world.Level
	// Textures are its textures, proven and laid out in atlas pages.
	Textures *leveltex.Level
	// Name names the level for system.FindLevel; empty for none.
	Name string
	// Mounted is the world clock at which the level was mounted: its
	// clock's zero.
	Mounted emitter.Ticks
	// Clock is the level clock: the world clock minus Mounted, 0 while
	// the world clock is before Mounted (after a seek back past the
	// mount), when the level is Dormant. Package system keeps it; set it
	// by seeking the world (system.Seek).
	Clock emitter.Ticks
	// Dormant is true while the world clock is before Mounted: the level
	// is not drawn.
	Dormant bool
	// Hidden keeps drawers from drawing the level; its clock runs on.
	Hidden bool
	// Emitters are the level's emitter entities, by emitter index in the
	// document.
	Emitters []donburi.Entity
}

// Seconds returns the level clock in seconds.
func (d *LevelData) Seconds() float64 { return d.Clock.Seconds() }

// Visible reports whether drawers draw the level: it is mounted, neither
// hidden nor dormant.
func (d *LevelData) Visible() bool { return d != nil && d.Level != nil && !d.Hidden && !d.Dormant }

// WorldEmitterData is one emitter of a mounted level: the component of its
// emitter entity. It carries the emitter's compiled data, for gameplay and
// tools to read (the level's evaluator holds its own copy), and how it is
// drawn.
type WorldEmitterData struct {
	// Level is the level entity.
	Level donburi.Entity
	// Index is the emitter's index in the level's document.
	Index int
	// Emitter is the compiled emitter, its timed bursts included, and
	// Preset the preset it places (copies: editing them changes nothing
	// drawn).
	Emitter world.Emitter
	Preset  world.Preset
	// Schedule is its birth schedule: births, period, groups, delay.
	Schedule world.Schedule
	// Hidden keeps drawers from drawing the emitter; the level clock runs
	// on.
	Hidden bool
	// Path is the render path the emitter asks for, as package render's
	// Path values: 0 lets the renderer's cost model choose (PathAuto), 1
	// is the batched path, 2 the GPU path.
	Path uint8
}

// Level is the component type of level entities.
var Level = donburi.NewComponentType[LevelData]().SetName("ember.Level")

// WorldEmitter is the component type of a level's emitter entities.
var WorldEmitter = donburi.NewComponentType[WorldEmitterData]().SetName("ember.WorldEmitter")

var (
	levelQuery        = donburi.NewQuery(filter.Contains(Level))
	worldEmitterQuery = donburi.NewQuery(filter.Contains(WorldEmitter))
)

// LevelQuery returns the query of every level entity.
func LevelQuery() *donburi.Query { return levelQuery }

// WorldEmitterQuery returns the query of every level's emitter entities.
func WorldEmitterQuery() *donburi.Query { return worldEmitterQuery }

// GetLevel returns the level data of e, if e is a live level entity of w.
func GetLevel(w donburi.World, e donburi.Entity) (*LevelData, bool) {
	if !valid(w, e) {
		return nil, false
	}
	entry := w.Entry(e)
	if !entry.HasComponent(Level) {
		return nil, false
	}
	return Level.Get(entry), true
}

// GetWorldEmitter returns the emitter data of e, if e is a live emitter
// entity of a level of w.
func GetWorldEmitter(w donburi.World, e donburi.Entity) (*WorldEmitterData, bool) {
	if !valid(w, e) {
		return nil, false
	}
	entry := w.Entry(e)
	if !entry.HasComponent(WorldEmitter) {
		return nil, false
	}
	return WorldEmitter.Get(entry), true
}
