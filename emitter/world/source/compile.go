package source

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/suggest"
)

// TextureResolver finds the images a level's textures name.
type TextureResolver interface {
	// ResolveTexture returns the texture t names, as the document
	// stores it: its Path (which the resolver may clean) and the image's
	// Width, Height and Digest (see world.Texture). Compile sets its Name.
	ResolveTexture(t Texture) (world.Texture, error)
}

// TextureResolverFunc is a function that is a TextureResolver.
type TextureResolverFunc func(t Texture) (world.Texture, error)

// ResolveTexture calls f(t).
func (f TextureResolverFunc) ResolveTexture(t Texture) (world.Texture, error) { return f(t) }

// Compile turns a level source into a document ready to store:
//
//  1. it resolves every texture with r;
//  2. it resolves names to indices: an emitter's preset and sector, a
//     frame's texture, a portal's sector (an unknown name is a problem,
//     with a suggestion when one is close);
//  3. it applies the defaults of zero values: version 1, scale 1, a
//     point spawn's max at its min, constant curves (size 1, opaque
//     white) and the capacity the preset's emitters reserve;
//  4. with [world.Compile], it normalizes yaws to [-180, 180], stores
//     each emitter's [world.ConservativeEmitterBounds], and validates the
//     document with [world.ValidateForWorld].
//
// On any problem the error is [world.Problems], listing every problem at
// once, each with the path of the field it is about in the source's
// vocabulary (emitters[torch].preset, presets[2].curves.size[1].age): an
// element by its name when the name is valid and unique, by its index
// otherwise. Problems that follow from one already reported (a document
// index left unresolved) are left out. On error the document is zero.
// Compile never panics and does not modify l.
func Compile(l *Level, r TextureResolver) (world.Document, error) {
	if l == nil {
		return world.Document{}, world.Problems{{Message: "the level is nil"}}
	}
	c := compiler{l: l}
	c.paths()
	d := world.Document{Version: l.Version}
	if d.Version == 0 {
		d.Version = world.Version
	}
	d.Textures = c.compileTextures(r)
	d.Presets = c.compilePresets()
	d.Sectors = c.compileSectors()
	d.Emitters = c.compileEmitters()
	sizeCapacities(l, &d)
	err := world.Compile(&d)
	var list world.Problems
	if err != nil && !errors.As(err, &list) {
		c.problems = append(c.problems, world.Problem{Message: err.Error()})
	}
	for _, p := range list {
		if !c.follows(p.Field) {
			c.problems = append(c.problems, world.Problem{Field: sourcePath(p.Field), Message: p.Message})
		}
	}
	if len(c.problems) > 0 {
		return world.Document{}, c.problems
	}
	return d, nil
}

// compiler is one run of Compile.
type compiler struct {
	l        *Level
	problems world.Problems
	// reported are the paths of problems found before validation;
	// validation's problems at or below them follow from those.
	reported                             []string
	textures, presets, sectors, emitters elements
}

// elements are the elements of one kind: their names, their paths in
// problems, and the index of each name (its first element: validation
// reports a name used twice).
type elements struct {
	kind  string // "presets"
	names []string
	paths []string
	index map[string]int
}

func newElements[T any](kind string, list []T, name func(*T) string) elements {
	e := elements{kind: kind, names: make([]string, len(list)), index: make(map[string]int, len(list))}
	for i := range list {
		e.names[i] = name(&list[i])
	}
	for i := len(list) - 1; i >= 0; i-- {
		e.index[e.names[i]] = i
	}
	e.paths = ElementPaths(kind, e.names)
	return e
}

func (c *compiler) add(path, format string, args ...any) {
	c.problems = append(c.problems, world.Problem{Field: path, Message: fmt.Sprintf(format, args...)})
	c.reported = append(c.reported, path)
}

// follows reports whether a validation problem at path follows from one
// Compile reported: it is at or below a reported path.
func (c *compiler) follows(path string) bool {
	for _, r := range c.reported {
		if path == r || strings.HasPrefix(path, r) && (path[len(r)] == '.' || path[len(r)] == '[') {
			return true
		}
	}
	return false
}

// sourcePath maps a document path to the source's: an emitter's bounds
// are computed, not written, so their problems (an envelope leaving its
// sector) are about the emitter.
func sourcePath(path string) string {
	if strings.HasPrefix(path, kindEmitters+"[") && strings.HasSuffix(path, "].bounds") {
		return strings.TrimSuffix(path, ".bounds")
	}
	return path
}

// paths names every element and indexes the names.
func (c *compiler) paths() {
	l := c.l
	c.textures = newElements(kindTextures, l.Textures, func(t *Texture) string { return t.Name })
	c.presets = newElements(kindPresets, l.Presets, func(p *Preset) string { return p.Name })
	c.sectors = newElements(kindSectors, l.Sectors, func(s *Sector) string { return s.Name })
	c.emitters = newElements(kindEmitters, l.Emitters, func(e *Emitter) string { return e.Name })
}

// resolve returns the index of the element of kind k named name, or -1
// after reporting an unknown name at path.
func (c *compiler) resolve(path string, k *elements, name string) int {
	if i, ok := k.index[name]; ok {
		return i
	}
	noun := strings.TrimSuffix(k.kind, "s")
	switch {
	case name == "":
		c.add(path, "is empty; name a %s of the level", noun)
	case len(k.names) == 0:
		c.add(path, "unknown %s %q: the level has no %s", noun, name, k.kind)
	default:
		if s := suggest.Closest(name, k.names); s != "" {
			c.add(path, "unknown %s %q; did you mean %s?", noun, name, s)
		} else {
			c.add(path, "unknown %s %q; the level's %s are %s", noun, name, k.kind, list(k.names))
		}
	}
	return -1
}

// list writes names for a message, at most 8 of them.
func list(names []string) string {
	const most = 8
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:most], ", ") + " and " + strconv.Itoa(len(names)-most) + " more"
}

func (c *compiler) compileTextures(r TextureResolver) []world.Texture {
	out := make([]world.Texture, len(c.l.Textures))
	for i, t := range c.l.Textures {
		out[i] = world.Texture{Name: t.Name, Path: t.Path}
		if r == nil {
			c.add(c.textures.paths[i], "cannot read %q: no texture resolver", t.Path)
			continue
		}
		got, err := r.ResolveTexture(t)
		if err != nil {
			c.add(c.textures.paths[i], "%v", err)
			continue
		}
		got.Name = t.Name
		out[i] = got
	}
	return out
}

// The curves of a preset that leaves them out.
var (
	defaultSize  = []world.SizeKey{{Age: 0, Size: 1}, {Age: 1, Size: 1}}
	defaultColor = []world.ColorKey{{Age: 0, R: 1, G: 1, B: 1, A: 1}, {Age: 1, R: 1, G: 1, B: 1, A: 1}}
)

func (c *compiler) compilePresets() []world.Preset {
	out := make([]world.Preset, len(c.l.Presets))
	for i := range c.l.Presets {
		p := &c.l.Presets[i]
		w := world.Preset{
			Name: p.Name, Capacity: p.Capacity, Spawn: p.Spawn, Velocity: p.Velocity,
			Lifetime: p.Lifetime, Acceleration: p.Acceleration, Drag: p.Drag,
			Rotation: p.Rotation, Spin: p.Spin, Walls: p.Walls,
			Curves: world.Curves{
				Size:  append([]world.SizeKey(nil), p.Curves.Size...),
				Color: append([]world.ColorKey(nil), p.Curves.Color...),
			},
			Sprite: world.Sprite{Facing: p.Sprite.Facing, Blend: p.Sprite.Blend, Flipbook: p.Sprite.Flipbook},
		}
		if w.Spawn.Shape == world.SpawnPoint && w.Spawn.Max == (world.Vec3{}) {
			w.Spawn.Max = w.Spawn.Min
		}
		if p.Curves.Size == nil {
			w.Curves.Size = append(w.Curves.Size, defaultSize...)
		}
		if p.Curves.Color == nil {
			w.Curves.Color = append(w.Curves.Color, defaultColor...)
		}
		frames := c.presets.paths[i] + ".sprite.frames"
		w.Sprite.Frames = make([]int, len(p.Sprite.Frames))
		for j, name := range p.Sprite.Frames {
			w.Sprite.Frames[j] = c.resolve(frames+"["+strconv.Itoa(j)+"]", &c.textures, name)
		}
		out[i] = w
	}
	return out
}

func (c *compiler) compileSectors() []world.Sector {
	out := make([]world.Sector, len(c.l.Sectors))
	for i := range c.l.Sectors {
		s := &c.l.Sectors[i]
		w := world.Sector{Name: s.Name, Points: append([]world.Vec2(nil), s.Points...), Floor: s.Floor, Ceiling: s.Ceiling}
		for j, pt := range s.Portals {
			path := c.sectors.paths[i] + ".portals[" + strconv.Itoa(j) + "].sector"
			w.Portals = append(w.Portals, world.Portal{Edge: pt.Edge, Sector: c.resolve(path, &c.sectors, pt.Sector)})
		}
		out[i] = w
	}
	return out
}

func (c *compiler) compileEmitters() []world.Emitter {
	out := make([]world.Emitter, len(c.l.Emitters))
	for i := range c.l.Emitters {
		e := &c.l.Emitters[i]
		path := c.emitters.paths[i]
		w := world.Emitter{
			Name:     e.Name,
			Preset:   c.resolve(path+".preset", &c.presets, e.Preset),
			Sector:   c.resolve(path+".sector", &c.sectors, e.Sector),
			Position: e.Position, Yaw: e.Yaw, Scale: e.Scale, Seed: e.Seed,
			Rate: e.Rate, Duration: e.Duration, Bursts: append([]world.Burst(nil), e.Bursts...),
			Delay: e.Delay, Playback: e.Playback, Period: e.Period,
		}
		if w.Scale == 0 {
			w.Scale = 1
		}
		out[i] = w
	}
	return out
}

// sizeCapacities gives every preset whose source capacity is 0 the most
// slots any emitter using it reserves: at least 1, at most
// world.MaxSlotsPerEmitter (validation reports an emitter that needs more).
// An emitter whose schedule is invalid reserves nothing here; validation
// reports its schedule.
func sizeCapacities(l *Level, d *world.Document) {
	for i := range d.Presets {
		if l.Presets[i].Capacity != 0 {
			continue
		}
		need := 1
		for j := range d.Emitters {
			if d.Emitters[j].Preset != i {
				continue
			}
			if s, err := world.NewSchedule(&d.Emitters[j], d.Presets[i].Lifetime.Max); err == nil {
				need = max(need, s.Slots())
			}
		}
		d.Presets[i].Capacity = min(need, world.MaxSlotsPerEmitter)
	}
}
