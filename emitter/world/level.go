package world

import (
	"fmt"
	"math"
	"slices"
)

// Level is a compiled level ready to play: its document, checked for its
// world ([ValidateForWorld]) and copied, with its [Evaluator] and culling
// [Space], all made once. It is what a game mounts and a renderer draws;
// the document it holds must not be changed (Document returns it for
// reading). Its methods may be called from several goroutines at once.
type Level struct {
	doc      Document
	ev       *Evaluator
	space    *Space
	features []string
	zmin     float64 // the lowest and highest point of every emitter's bounds
	zmax     float64
	maxSize  []float64 // each emitter's largest billboard edge, world units
}

// NewLevel checks d with [ValidateForWorld] and returns its level, holding
// a copy of d: later changes to d do not reach it.
func NewLevel(d *Document) (*Level, error) {
	if err := ValidateForWorld(d); err != nil {
		return nil, err
	}
	l := &Level{doc: *cloneDocument(d)}
	var err error
	if l.ev, err = NewEvaluator(&l.doc); err != nil {
		return nil, err
	}
	if l.space, err = NewSpace(&l.doc); err != nil {
		return nil, err
	}
	if l.features, err = RequiredFeatures(&l.doc); err != nil {
		return nil, err
	}
	l.zmin, l.zmax = math.Inf(1), math.Inf(-1)
	for _, e := range l.doc.Emitters {
		l.zmin, l.zmax = min(l.zmin, e.Bounds.Min.Z), max(l.zmax, e.Bounds.Max.Z)
		size := 0.0
		for _, k := range l.doc.Presets[e.Preset].Curves.Size {
			size = max(size, k.Size)
		}
		l.maxSize = append(l.maxSize, size*e.Scale)
	}
	if len(l.doc.Emitters) == 0 {
		l.zmin, l.zmax = 0, 0
	}
	return l, nil
}

// Document returns the level's document, for reading only.
func (l *Level) Document() *Document { return &l.doc }

// Evaluator returns the level's evaluator.
func (l *Level) Evaluator() *Evaluator { return l.ev }

// Space returns the level's culling space.
func (l *Level) Space() *Space { return l.space }

// Features returns the features a host must advertise to mount the level
// ([RequiredFeatures]), sorted; the slice is the caller's.
func (l *Level) Features() []string { return slices.Clone(l.features) }

// Heights returns the lowest and highest z any emitter's bounds reach: the
// z range a view's footprint is taken over.
func (l *Level) Heights() (zmin, zmax float64) { return l.zmin, l.zmax }

// MaxSize returns the largest billboard edge emitter i shows, world units:
// its preset's largest size key times its scale. A renderer's level of
// detail compares it, times the zoom, with a pixel size. It panics if i is
// not an emitter index.
func (l *Level) MaxSize(i int) float64 { return l.maxSize[i] }

// String names the level by what it holds.
func (l *Level) String() string {
	return fmt.Sprintf("level of %d emitters, %d presets, %d sectors", len(l.doc.Emitters), len(l.doc.Presets), len(l.doc.Sectors))
}

// cloneDocument returns a copy of d sharing no slice with it.
func cloneDocument(d *Document) *Document {
	c := *d
	c.Textures = slices.Clone(d.Textures)
	c.Presets = slices.Clone(d.Presets)
	for i := range c.Presets {
		p := &c.Presets[i]
		p.Curves.Size = slices.Clone(p.Curves.Size)
		p.Curves.Color = slices.Clone(p.Curves.Color)
		p.Sprite.Frames = slices.Clone(p.Sprite.Frames)
	}
	c.Sectors = slices.Clone(d.Sectors)
	for i := range c.Sectors {
		s := &c.Sectors[i]
		s.Points = slices.Clone(s.Points)
		s.Portals = slices.Clone(s.Portals)
	}
	c.Emitters = slices.Clone(d.Emitters)
	for i := range c.Emitters {
		c.Emitters[i].Bursts = slices.Clone(c.Emitters[i].Bursts)
	}
	return &c
}
