package system

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/kwp1"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

// Features returns the world features this runtime supports, sorted: both
// particle document versions and sectors. A level needs the ones
// world.RequiredFeatures names.
func Features() []string {
	return []string{world.Feature, world.FeatureV2, world.SectorsFeature}
}

// MountOptions configures [MountLevel]; the zero value, or nil, gives the
// defaults.
type MountOptions struct {
	// Name names the level for [FindLevel]; names are unique among a
	// world's mounted levels. Empty leaves it unnamed.
	Name string
	// Features are the features the host advertises (nil: [Features], all
	// this runtime supports). A host that offers fewer (a cartridge format
	// of its own, say) lists them, and a level needing another is refused.
	Features []string
	// Layer is the ecs layer of the level's entities, which picks the
	// layer drawer that draws it (default 0).
	Layer ecs.LayerID
	// Textures resolves the level's textures (default
	// leveltex.Dir(Dir): the files at their paths under Dir).
	Textures leveltex.Resolver
	// Dir is the folder of the default resolver (default "."; for
	// [MountLevelFile], the file's folder).
	Dir string
	// Confine keeps the default resolver's textures in Dir or below it
	// (leveltex.ConfinedDir): set it for levels from elsewhere, so that
	// one cannot read or probe files outside its folder.
	Confine bool
	// PageSize is the edge of the level's atlas pages in pixels, 1 to
	// leveltex.MaxPage (default leveltex.DefaultPage).
	PageSize int
	// Hidden mounts the level hidden (component.LevelData.Hidden).
	Hidden bool
}

// ErrMissingFeature is returned, wrapped, by [MountLevel] when a level
// needs a feature the host does not advertise.
var ErrMissingFeature = errors.New("feature not advertised")

// ErrLevelNameTaken is returned, wrapped, by [MountLevel] when a mounted
// level of the world already has the name asked for.
var ErrLevelNameTaken = errors.New("level name already taken")

// MountLevel mounts a world level in w: doc, decoded from KWP1
// (kwp1.Decode) or built in Go and compiled (world.Compile). In order, and
// before any GPU resource exists (a renderer makes those when it first
// draws the level):
//
//  1. the features the level needs (world.RequiredFeatures) must all be
//     advertised (opts.Features): otherwise the error names the first
//     missing one and wraps ErrMissingFeature;
//  2. the document is checked for its world (world.NewLevel);
//  3. its textures are resolved, proven and packed (leveltex.Prepare):
//     a wrong image or a packing failure is an error.
//
// Then it creates the level entity (component.LevelData, whose clock
// starts at 0 now) and one entity per emitter (component.WorldEmitterData:
// the compiled emitter with its bursts, its preset and its schedule), all
// on opts.Layer. Each mount is independent: mounting one document twice
// gives two levels with their own clocks and entities. Nothing is created
// when it fails.
func MountLevel(w donburi.World, doc *world.Document, opts *MountOptions) (donburi.Entity, error) {
	if w == nil {
		return donburi.Null, errors.New("system: MountLevel: nil world")
	}
	if doc == nil {
		return donburi.Null, errors.New("system: MountLevel: nil document")
	}
	var o MountOptions
	if opts != nil {
		o = *opts
	}
	if o.Layer < 0 || o.Layer > component.MaxLayer {
		return donburi.Null, fmt.Errorf("system: MountLevel: layer %d is not from 0 to %d (component.MaxLayer)", o.Layer, component.MaxLayer)
	}
	if o.Features == nil {
		o.Features = Features()
	}
	need, err := world.RequiredFeatures(doc)
	if err != nil {
		if doc.Version > world.AlphaVersion {
			// A later document version: its feature is one no host of
			// this runtime can advertise.
			return donburi.Null, fmt.Errorf("system: MountLevel: the level needs world/particles@%d: %w (this runtime supports %s)",
				doc.Version, ErrMissingFeature, strings.Join(Features(), ", "))
		}
		return donburi.Null, fmt.Errorf("system: MountLevel: %w", err)
	}
	for _, f := range need {
		if !slices.Contains(o.Features, f) {
			return donburi.Null, fmt.Errorf("system: MountLevel: the level needs %s: %w (the host advertises %s)",
				f, ErrMissingFeature, strings.Join(o.Features, ", "))
		}
	}
	if o.Name != "" {
		if _, taken := FindLevel(w, o.Name); taken {
			return donburi.Null, fmt.Errorf("system: MountLevel: %w: %q", ErrLevelNameTaken, o.Name)
		}
	}
	lv, err := world.NewLevel(doc)
	if err != nil {
		return donburi.Null, fmt.Errorf("system: MountLevel: %w", err)
	}
	tex, err := leveltex.Prepare(lv.Document(), &leveltex.Options{Resolver: o.Textures, Dir: o.Dir, Confine: o.Confine, PageSize: o.PageSize})
	if err != nil {
		return donburi.Null, fmt.Errorf("system: MountLevel: %w", err)
	}
	reg := component.GetRegistry(w)
	ex := ecs.NewECS(w) // layer tags are global per LayerID
	lent := ex.Create(o.Layer, component.Level)
	d := component.Level.Get(w.Entry(lent))
	*d = component.LevelData{Level: lv, Textures: tex, Name: o.Name, Mounted: reg.Now, Hidden: o.Hidden}
	ld := lv.Document()
	for i := range ld.Emitters {
		e := &ld.Emitters[i]
		p := &ld.Presets[e.Preset]
		sch, err := world.NewSchedule(e, p.Lifetime.Max)
		if err != nil { // validated already: cannot happen
			panic("system: MountLevel: a validated emitter's schedule: " + err.Error())
		}
		em := component.WorldEmitterData{Level: lent, Index: i, Emitter: *e, Preset: *p, Schedule: sch}
		em.Emitter.Bursts = slices.Clone(e.Bursts)
		em.Preset.Curves.Size = slices.Clone(p.Curves.Size)
		em.Preset.Curves.Color = slices.Clone(p.Curves.Color)
		em.Preset.Sprite.Frames = slices.Clone(p.Sprite.Frames)
		ent := ex.Create(o.Layer, component.WorldEmitter)
		*component.WorldEmitter.Get(w.Entry(ent)) = em
		d.Emitters = append(d.Emitters, ent)
	}
	syncLevel(d, reg.Now)
	return lent, nil
}

// MountLevelFile mounts the compiled level (KWP1) at path like
// [MountLevel], resolving its textures relative to the file's folder
// unless opts says otherwise.
func MountLevelFile(w donburi.World, path string, opts *MountOptions) (donburi.Entity, error) {
	data, err := readLevel(path)
	if err != nil {
		return donburi.Null, fmt.Errorf("system: MountLevelFile: %w", err)
	}
	doc, err := kwp1.Decode(data)
	if err != nil {
		return donburi.Null, fmt.Errorf("system: MountLevelFile: %s: %w", path, err)
	}
	var o MountOptions
	if opts != nil {
		o = *opts
	}
	if o.Textures == nil && o.Dir == "" {
		o.Dir = filepath.Dir(path)
	}
	return MountLevel(w, &doc, &o)
}

// readLevel reads a level file of at most world.MaxEncodedSize bytes.
func readLevel(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, world.MaxEncodedSize+1)
	n := 0
	for n < len(buf) {
		k, err := f.Read(buf[n:])
		n += k
		if err != nil {
			break
		}
	}
	if n > world.MaxEncodedSize {
		return nil, fmt.Errorf("%s is larger than the %d bytes of a level", path, world.MaxEncodedSize)
	}
	return buf[:n], nil
}

// UnmountLevel removes the level entity e and its emitter entities from w.
// It reports whether e was a mounted level of w. A renderer frees the
// level's GPU resources once it has not drawn it for a while
// (render.Renderer.ReleaseLevel frees them at once).
func UnmountLevel(w donburi.World, e donburi.Entity) bool {
	d, ok := component.GetLevel(w, e)
	if !ok {
		return false
	}
	for _, em := range d.Emitters {
		if w.Valid(em) {
			w.Remove(em)
		}
	}
	w.Remove(e)
	return true
}

// FindLevel returns the mounted level of w named name.
func FindLevel(w donburi.World, name string) (donburi.Entity, bool) {
	if w == nil || name == "" {
		return donburi.Null, false
	}
	found := donburi.Null
	component.LevelQuery().EachUntil(w, func(e *donburi.Entry) bool {
		if component.Level.Get(e).Name == name {
			found = e.Entity()
			return false
		}
		return true
	})
	return found, found != donburi.Null
}

// LevelTime returns the level clock of level entity e in seconds, and
// whether e is a mounted level of w.
func LevelTime(w donburi.World, e donburi.Entity) (float64, bool) {
	d, ok := component.GetLevel(w, e)
	if !ok {
		return 0, false
	}
	return d.Seconds(), true
}

// syncLevel sets a level's clock from the world clock now: now - Mounted,
// dormant before the mount.
func syncLevel(d *component.LevelData, now emitter.Ticks) {
	d.Dormant = now < d.Mounted
	d.Clock = max(now-d.Mounted, 0)
}

// levelSync sets every mounted level's clock from the world clock: what
// each scheduler update and world seek does after moving it. It keeps its
// callback, so that a sync allocates nothing.
type levelSync struct {
	now emitter.Ticks
	fn  func(*donburi.Entry)
}

func (ls *levelSync) sync(w donburi.World, now emitter.Ticks) {
	if ls.fn == nil {
		ls.fn = func(e *donburi.Entry) { syncLevel(component.Level.Get(e), ls.now) }
	}
	ls.now = now
	component.LevelQuery().Each(w, ls.fn)
}
