package component

import (
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/internal/timeline"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

// ErrNameTaken is returned, wrapped, by [Spawn] and [SpawnFile] when a
// live effect of the world already has the name asked for.
var ErrNameTaken = errors.New("effect name already taken")

// SpawnOptions configures [Spawn] and [SpawnFile]. The zero value, or nil,
// gives the defaults: a paused, looping effect with seed 0 on layer 0, at
// screen offset 0 with no transform, named by its spec's Name if it has one
// and no live effect of the world holds it (see Name), unnamed otherwise.
type SpawnOptions struct {
	// Seed is the effect's fixed seed (default 0).
	Seed uint32
	// RandomSeed gives each restart a new seed derived from Seed and the
	// restart count.
	RandomSeed bool
	// HostWidth and HostHeight are the host rectangle in pixels (default
	// 200 × 100): pixels per stud and the emission area.
	HostWidth, HostHeight float64
	// History is how far back, in seconds, rewinds and world seeks stay
	// exact (default emitter.DefaultHistory).
	History float64
	// Name names the effect for system.Find and system.EffectDone; names
	// are unique among a world's live effects. Empty takes the spec's Name
	// (the effect file's Name field) when no live effect of the world holds
	// it, and leaves the effect unnamed otherwise: an effect file spawned
	// several times names the first of them still alive when it spawns.
	Name string
	// OneShot retires the effect once drained; see EffectData.OneShot. A
	// one-shot burst effect is best created paused and started by
	// system.Emit: created playing with nothing to show, it drains, and
	// retires, at the first update.
	OneShot bool
	// Play starts the effect playing; by default it is created paused at
	// clock 0 (an Emit on a paused effect restarts and plays it).
	Play bool
	// Layer is the ecs layer the entity joins (default 0), which picks the
	// layer draw function that draws it: 0 to MaxLayer.
	Layer ecs.LayerID
	// Transform adds donburi's transform component, so the effect follows
	// the transform and its parent chain: the scheduler feeds the host's
	// world position and rotation to the effect every update. X and Y then
	// set the transform's local position instead of a screen offset.
	Transform bool
	// X and Y are the screen offset in pixels of an effect without a
	// transform, or the initial local position of one with a transform.
	X, Y float64
	// Texture and Strip are the particle texture and colour strip, straight
	// alpha. nil: the built-in sprite and no strip for Spawn; the
	// images the effect file names for SpawnFile.
	Texture, Strip image.Image
}

// MaxLayer is the largest ecs layer an effect or a level may join.
// donburi keeps a table as long as the largest layer id in use, so a
// layer of 1<<40 would exhaust memory; real games use a handful.
const MaxLayer ecs.LayerID = 4095

// Spawn creates an effect entity of snap in w with everything it needs:
// the [Effect] component, [Playing] when opts.Play, the layer tag, and
// donburi's transform when opts.Transform. Its timeline starts at the world
// clock (see [RegistryData]).
func Spawn(w donburi.World, snap *emitter.Snapshot, opts *SpawnOptions) (donburi.Entity, error) {
	if w == nil {
		return donburi.Null, errors.New("component: Spawn: nil world")
	}
	if snap == nil {
		return donburi.Null, errors.New("component: Spawn: nil snapshot")
	}
	var o SpawnOptions
	if opts != nil {
		o = *opts
	}
	if o.Layer < 0 || o.Layer > MaxLayer {
		return donburi.Null, fmt.Errorf("component: Spawn: layer %d is not from 0 to %d (MaxLayer)", o.Layer, MaxLayer)
	}
	// A NaN or infinite position would hide the effect for good, with no
	// sign of why.
	for _, p := range []struct {
		name string
		v    float64
	}{{"X", o.X}, {"Y", o.Y}} {
		if math.IsNaN(p.v) || math.IsInf(p.v, 0) {
			return donburi.Null, fmt.Errorf("component: Spawn: %s %v is not a finite position", p.name, p.v)
		}
	}
	reg := GetRegistry(w)
	spec := snap.Spec()
	if o.Name == "" {
		if name := spec.Name; name != "" {
			if _, taken := reg.Lookup(w, name); !taken {
				o.Name = name
			}
		}
	} else if _, taken := reg.Lookup(w, o.Name); taken {
		return donburi.Null, fmt.Errorf("component: Spawn: %w: %q", ErrNameTaken, o.Name)
	}
	eff, err := emitter.NewEffect(snap, &emitter.EffectOptions{
		Seed:       o.Seed,
		RandomSeed: o.RandomSeed,
		HostWidth:  o.HostWidth,
		HostHeight: o.HostHeight,
		History:    o.History,
	})
	if err != nil {
		return donburi.Null, fmt.Errorf("component: Spawn: %w", err)
	}
	comps := []donburi.IComponentType{Effect}
	if o.Play {
		comps = append(comps, Playing)
	}
	if o.Transform {
		comps = append(comps, transform.Transform)
	}
	// The layer tags are global per LayerID, so an ECS made for the call
	// tags the entity for every ECS of the world.
	ent := ecs.NewECS(w).Create(o.Layer, comps...)
	entry := w.Entry(ent)
	d := Effect.Get(entry)
	*d = EffectData{Effect: eff, Name: o.Name, OneShot: o.OneShot, Texture: o.Texture, Strip: o.Strip}
	d.HostWidth, d.HostHeight = eff.HostSize()
	if o.Transform {
		transform.GetTransform(entry).LocalPosition = dmath.Vec2{X: o.X, Y: o.Y}
	} else {
		d.X, d.Y = o.X, o.Y
	}
	if o.Play {
		eff.Play()
	}
	history := emitter.Ticks(0)
	if o.History > 0 {
		history = emitter.SecondsToTicks(o.History)
	}
	d.Timeline.Init(reg.Now, history, spec.TimeScale)
	d.Timeline.Record(timeline.Segment{World: reg.Now, Step: reg.Step, Playing: o.Play}, reg.Now)
	reg.claim(o.Name, ent)
	return ent, nil
}

// SpawnFile creates an effect entity from the effect file at path, like
// [Spawn]: it decodes the file, compiles it and loads the Texture and
// ColorStrip images it names, relative to the file, unless opts sets both
// (effectfile.LoadWithImages). Every problem of the file, its images' included,
// is in the error, [emitter.Problems], each "file:line: field: message".
func SpawnFile(w donburi.World, path string, opts *SpawnOptions) (donburi.Entity, error) {
	var o SpawnOptions
	if opts != nil {
		o = *opts
	}
	var spec emitter.Spec
	var err error
	if o.Texture == nil || o.Strip == nil {
		var tex, strip image.Image
		spec, tex, strip, err = effectfile.LoadWithImages(path, nil)
		if o.Texture == nil {
			o.Texture = tex
		}
		if o.Strip == nil {
			o.Strip = strip
		}
	} else {
		spec, err = effectfile.Load(path)
	}
	if err != nil {
		return donburi.Null, err
	}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		return donburi.Null, err
	}
	return Spawn(w, snap, &o)
}
