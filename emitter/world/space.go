package world

import (
	"fmt"
	"math"
	"slices"

	"github.com/solarlune/resolv"
)

// Space holds a level's sectors and emitters' bounds, seen from above, in
// one resolv.Space: the broad phase of culling. A renderer asks it which
// emitters and sectors a view's footprint (the world XY rectangle it can
// show) may reach, then tests those few exactly against the view. Build
// it when the level is loaded: its shapes are made once. Its methods may
// be called from several goroutines at once.
//
// resolv's grid covers non-negative integer coordinates only, so the
// shapes are placed in a space of their own: the level's XY extent mapped
// onto SpaceCells × SpaceCells cells of 64 units each.
type Space struct {
	space         *resolv.Space
	ox, oy, scale float64 // space = (world - origin)·scale
	extent        Rect
	emitters      []Rect // XY bounds, world units, by emitter index
	sectors       []Rect
	emitterShapes []*resolv.ConvexPolygon
	sectorShapes  []*resolv.ConvexPolygon
	kindEmitter   resolv.Tags
	kindSector    resolv.Tags

	// The query in progress (under shapeMu): its rectangle in world
	// units, the kind and rectangles of the shapes asked for, the hits.
	query   Rect
	tags    resolv.Tags
	rects   []Rect
	found   []int
	collect func(resolv.IShape) bool // visit, made once
}

// Rect is an axis-aligned rectangle in the world's XY plane, Min <= Max.
type Rect struct{ Min, Max Vec2 }

// Overlaps reports whether r and o share a point, edges included.
func (r Rect) Overlaps(o Rect) bool {
	return r.Min.X <= o.Max.X && o.Min.X <= r.Max.X && r.Min.Y <= o.Max.Y && o.Min.Y <= r.Max.Y
}

// SpaceCells is the number of resolv cells a Space spans on each axis.
const SpaceCells = 32

const spaceCell = 64 // space units per cell

// NewSpace builds the culling space of a validated document: each
// emitter's Bounds and each sector's polygon, seen from above.
func NewSpace(d *Document) (*Space, error) {
	if err := Validate(d); err != nil {
		return nil, fmt.Errorf("world: NewSpace: %w", err)
	}
	s := &Space{kindEmitter: 1, kindSector: 2}
	ext := Rect{Vec2{math.Inf(1), math.Inf(1)}, Vec2{math.Inf(-1), math.Inf(-1)}}
	grow := func(r Rect) {
		ext.Min.X, ext.Min.Y = min(ext.Min.X, r.Min.X), min(ext.Min.Y, r.Min.Y)
		ext.Max.X, ext.Max.Y = max(ext.Max.X, r.Max.X), max(ext.Max.Y, r.Max.Y)
	}
	for _, e := range d.Emitters {
		r := Rect{Vec2{e.Bounds.Min.X, e.Bounds.Min.Y}, Vec2{e.Bounds.Max.X, e.Bounds.Max.Y}}
		s.emitters = append(s.emitters, r)
		grow(r)
	}
	for _, sec := range d.Sectors {
		r := Rect{sec.Points[0], sec.Points[0]}
		for _, p := range sec.Points {
			r.Min.X, r.Min.Y = min(r.Min.X, p.X), min(r.Min.Y, p.Y)
			r.Max.X, r.Max.Y = max(r.Max.X, p.X), max(r.Max.Y, p.Y)
		}
		s.sectors = append(s.sectors, r)
		grow(r)
	}
	if len(s.emitters)+len(s.sectors) == 0 {
		ext = Rect{}
	}
	s.extent = ext
	span := max(ext.Max.X-ext.Min.X, ext.Max.Y-ext.Min.Y, 1e-9)
	// A hair inside the last cell, so that the extent's far edge is in it.
	s.scale = (SpaceCells*spaceCell - 1) / span
	s.ox, s.oy = ext.Min.X, ext.Min.Y
	s.collect = s.visit

	shapeMu.Lock()
	defer shapeMu.Unlock()
	s.space = resolv.NewSpace(SpaceCells*spaceCell, SpaceCells*spaceCell, spaceCell, spaceCell)
	for i, r := range s.emitters {
		x0, y0 := s.toSpace(r.Min)
		x1, y1 := s.toSpace(r.Max)
		sh := resolv.NewConvexPolygon(0, 0, []float64{x0, y0, x1, y0, x1, y1, x0, y1})
		sh.SetData(i)
		sh.Tags().Set(s.kindEmitter)
		s.emitterShapes = append(s.emitterShapes, sh)
		s.space.Add(sh)
	}
	for i, sec := range d.Sectors {
		xy := make([]float64, 0, 2*len(sec.Points))
		for _, p := range sec.Points {
			x, y := s.toSpace(p)
			xy = append(xy, x, y)
		}
		sh := resolv.NewConvexPolygon(0, 0, xy)
		sh.SetData(i)
		sh.Tags().Set(s.kindSector)
		s.sectorShapes = append(s.sectorShapes, sh)
		s.space.Add(sh)
	}
	return s, nil
}

func (s *Space) toSpace(p Vec2) (x, y float64) {
	return (p.X - s.ox) * s.scale, (p.Y - s.oy) * s.scale
}

// Extent returns the smallest rectangle holding every emitter's bounds and
// every sector, seen from above.
func (s *Space) Extent() Rect { return s.extent }

// EmitterRect returns emitter i's bounds seen from above. It panics if i
// is not an emitter index.
func (s *Space) EmitterRect(i int) Rect { return s.emitters[i] }

// SectorRect returns sector i's bounding rectangle seen from above. It
// panics if i is not a sector index.
func (s *Space) SectorRect(i int) Rect { return s.sectors[i] }

// AppendEmitters appends to dst, ascending, the indices of the emitters
// whose bounds seen from above overlap r, and returns the extended slice:
// resolv's grid finds the candidates in the cells r covers, and each is
// then tested exactly. It allocates only to grow dst.
func (s *Space) AppendEmitters(dst []int, r Rect) []int {
	return s.appendHits(dst, r, s.kindEmitter, s.emitters)
}

// AppendSectors appends to dst, ascending, the indices of the sectors whose
// bounding rectangle seen from above overlaps r.
func (s *Space) AppendSectors(dst []int, r Rect) []int {
	return s.appendHits(dst, r, s.kindSector, s.sectors)
}

func (s *Space) appendHits(dst []int, r Rect, kind resolv.Tags, rects []Rect) []int {
	if !r.Overlaps(s.extent) || len(rects) == 0 {
		return dst
	}
	n := len(dst)
	if r.Min.X <= s.extent.Min.X && r.Min.Y <= s.extent.Min.Y && r.Max.X >= s.extent.Max.X && r.Max.Y >= s.extent.Max.Y {
		// The whole level: no grid walk.
		for i := range rects {
			dst = append(dst, i)
		}
		return dst
	}
	x0, y0 := s.toSpace(Vec2{max(r.Min.X, s.extent.Min.X), max(r.Min.Y, s.extent.Min.Y)})
	x1, y1 := s.toSpace(Vec2{min(r.Max.X, s.extent.Max.X), min(r.Max.Y, s.extent.Max.Y)})
	// resolv's cell walk keeps its visited set in a package variable:
	// queries are serialized with the shapes' construction.
	shapeMu.Lock()
	s.query, s.found, s.tags, s.rects = r, dst, kind, rects
	s.space.FilterCells(resolv.Bounds{Min: resolv.Vector{X: x0, Y: y0}, Max: resolv.Vector{X: x1, Y: y1}}).ForEach(s.collect)
	dst = s.found
	s.found, s.rects = nil, nil
	shapeMu.Unlock()
	slices.Sort(dst[n:])
	return dst
}

// visit is the cell walk's callback: it keeps a shape of the kind asked
// for whose rectangle overlaps the query.
func (s *Space) visit(sh resolv.IShape) bool {
	if sh.Tags().Has(s.tags) {
		i := sh.Data().(int)
		if s.rects[i].Overlaps(s.query) {
			s.found = append(s.found, i)
		}
	}
	return true
}
