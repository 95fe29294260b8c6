package world

import (
	"fmt"
	"strings"
)

// Validate reports every problem of d at once, as [Problems], or nil: the
// rules of docs/world.md on Go values (it cannot see fields omitted from
// a source text). It checks the version; the limits on presets,
// emitters, slots, frames, bursts and curve keys; that every number is
// finite and in its range; that names are valid and unique among their
// kind; that every reference (an emitter's preset and sector, a frame's
// texture, a portal's sector and edge) is in range; each preset's rules
// (curves, frames, blends of the document's version, flipbook); each
// emitter's schedule ([NewSchedule]) and that its preset has the capacity
// the schedule reserves ([RequiredCapacity]); each sector's geometry and
// portals; and that each emitter's stored Bounds equal
// [ConservativeEmitterBounds] exactly. It never panics.
func Validate(d *Document) error {
	v := newValidation(d)
	return v.s.err()
}

// ValidateForWorld is Validate and, for every emitter whose preset,
// fields and sector passed it, checks that every corner of its motion
// envelope (its recomputed bounds) lies in its convex sector: inside each
// wall, above the floor and below the ceiling, with the tolerance of
// [SectorShape.Contains]. Particles do not cross portals, so an effect's
// whole envelope must fit its one sector.
func ValidateForWorld(d *Document) error {
	v := newValidation(d)
	v.world()
	return v.s.err()
}

// ValidatePreset validates a preset on its own under the strict rules of
// document version 1 (additive and cutout blends only): every rule that
// does not need the document. Frame indices are only checked to be
// non-negative, and texture sizes not at all; Validate checks both.
// Fields are named relative to the preset (curves.size[2].age).
func ValidatePreset(p *Preset) error {
	return ValidatePresetForVersion(p, Version)
}

// ValidatePresetForVersion is ValidatePreset under the rules of document
// version Version or AlphaVersion, which adds the alpha and premultiplied
// blends.
func ValidatePresetForVersion(p *Preset, version int) error {
	var s sink
	if version != Version && version != AlphaVersion {
		s.addAt("version", "%d is not a document version (%d or %d)", version, Version, AlphaVersion)
	}
	if p == nil {
		s.add("the preset is nil")
		return s.err()
	}
	checkName(&s, "preset", p.Name)
	checkPreset(&s, p, version)
	return s.err()
}

// validation is one run of Validate over a document, with what later
// steps need: the paths of elements, which passed, their schedules and
// recomputed bounds.
type validation struct {
	s sink
	d *Document

	textures, presets, sectors, emitters []string // element paths

	presetOK   []bool // the preset's own rules passed
	sectorOK   []bool // the sector's geometry passed
	scheduleOK []bool
	boundsOK   []bool // preset and placement valid: bounds computed
	schedules  []Schedule
	bounds     []Box
}

func newValidation(d *Document) *validation {
	v := &validation{d: d}
	v.s.path = make([]byte, 0, 128)
	if d == nil {
		v.s.add("the document is nil")
		return v
	}
	if d.Version != Version && d.Version != AlphaVersion {
		v.s.addAt("version", "%d is not a document version (%d or %d)", d.Version, Version, AlphaVersion)
	}
	if n := len(d.Presets); n > MaxPresets {
		v.s.addAt("presets", "%d presets; at most %d", n, MaxPresets)
	}
	if n := len(d.Emitters); n > MaxEmitters {
		v.s.addAt("emitters", "%d emitters; at most %d", n, MaxEmitters)
	}
	if n := len(d.Textures); n > MaxTextures {
		v.s.addAt("textures", "%d textures; at most %d", n, MaxTextures)
	}
	if n := len(d.Sectors); n > MaxSectors {
		v.s.addAt("sectors", "%d sectors; at most %d", n, MaxSectors)
	}
	v.textures = v.names("textures", "texture", len(d.Textures), func(i int) string { return d.Textures[i].Name })
	v.presets = v.names("presets", "preset", len(d.Presets), func(i int) string { return d.Presets[i].Name })
	v.sectors = v.names("sectors", "sector", len(d.Sectors), func(i int) string { return d.Sectors[i].Name })
	v.emitters = v.names("emitters", "emitter", len(d.Emitters), func(i int) string { return d.Emitters[i].Name })
	for i := range d.Textures {
		v.texture(i)
	}
	v.presetOK = make([]bool, len(d.Presets))
	for i := range d.Presets {
		n, m := len(v.s.list), v.s.enter(v.presets[i])
		checkPreset(&v.s, &d.Presets[i], d.Version)
		v.presetOK[i] = len(v.s.list) == n
		v.frames(i)
		v.s.leave(m)
	}
	v.sectorOK = make([]bool, len(d.Sectors))
	for i := range d.Sectors {
		n, m := len(v.s.list), v.s.enter(v.sectors[i])
		checkSectorGeometry(&v.s, &d.Sectors[i])
		v.sectorOK[i] = len(v.s.list) == n
		v.s.leave(m)
	}
	for i := range d.Sectors {
		v.portals(i)
	}
	v.scheduleOK = make([]bool, len(d.Emitters))
	v.boundsOK = make([]bool, len(d.Emitters))
	v.schedules = make([]Schedule, len(d.Emitters))
	v.bounds = make([]Box, len(d.Emitters))
	for i := range d.Emitters {
		v.emitter(i)
	}
	for i := range d.Presets {
		v.capacity(i)
	}
	v.totalSlots()
	return v
}

// names checks each element's name and returns the elements' paths:
// kind[name] for a valid unique name, kind[index] otherwise.
func (v *validation) names(kind, noun string, n int, name func(int) string) []string {
	count := make(map[string]int, n)
	first := make(map[string]int, n)
	for i := range n {
		nm := name(i)
		if count[nm] == 0 {
			first[nm] = i
		}
		count[nm]++
	}
	paths := make([]string, n)
	for i := range n {
		nm := name(i)
		m := v.s.enter(kind)
		k := v.s.enterIndex(i)
		ok := checkName(&v.s, noun, nm)
		switch {
		case ok && count[nm] == 1:
			paths[i] = kind + "[" + nm + "]"
		case ok && first[nm] != i:
			v.s.addAt("name", "%q is also the name of %s[%d]; names are unique among %s", nm, kind, first[nm], kind)
			paths[i] = string(v.s.path)
		default:
			paths[i] = string(v.s.path)
		}
		v.s.leave(k)
		v.s.leave(m)
	}
	return paths
}

// checkName reports a name that breaks the rule of [ValidName] and
// returns whether it is valid.
func checkName(s *sink, noun, name string) bool {
	switch {
	case name == "":
		s.addAt("name", "is empty; every %s needs a name", noun)
		return false
	case len(name) > MaxNameLength:
		s.addAt("name", "is %d bytes long; at most %d", len(name), MaxNameLength)
		return false
	}
	if i := badNameByte(name); i >= 0 {
		if i == 0 {
			s.addAt("name", "%q starts with %q; a name starts with a letter or '_'", name, name[0])
		} else {
			s.addAt("name", "%q holds %q; a name is letters, digits, '_', '-' and '.'", name, name[i])
		}
		return false
	}
	return true
}

// ValidName reports whether s is a valid name of a texture, preset, sector
// or emitter: 1 to MaxNameLength bytes of ASCII letters, digits, '_', '-'
// and '.', starting with a letter or '_'.
func ValidName(s string) bool {
	return s != "" && len(s) <= MaxNameLength && badNameByte(s) < 0
}

// badNameByte returns the index of the first byte of name that the name
// rule does not allow there, or -1.
func badNameByte(name string) int {
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !(c >= '0' && c <= '9') && c != '-' && c != '.') {
			return i
		}
	}
	return -1
}

func (v *validation) texture(i int) {
	t := &v.d.Textures[i]
	m := v.s.enter(v.textures[i])
	defer v.s.leave(m)
	switch p := t.Path; {
	case len(p) > MaxPathLength:
		v.s.addAt("path", "is %d bytes long; at most %d", len(p), MaxPathLength)
	case strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00"):
		v.s.addAt("path", "%q is not a slash-separated path relative to the level's folder", p)
	}
	if t.Width < 1 || t.Width > MaxTextureEdge {
		v.s.addAt("width", "%d is not a number of pixels in [1, %d]", t.Width, MaxTextureEdge)
	}
	if t.Height < 1 || t.Height > MaxTextureEdge {
		v.s.addAt("height", "%d is not a number of pixels in [1, %d]", t.Height, MaxTextureEdge)
	}
}

// frames checks preset i's frame references against the textures: in
// range, square, one size.
func (v *validation) frames(i int) {
	p := &v.d.Presets[i]
	m := v.s.enter("sprite.frames")
	defer v.s.leave(m)
	first := -1
	for j, f := range p.Sprite.Frames {
		if f < 0 || f >= len(v.d.Textures) {
			if f >= 0 { // negative ones are reported with the preset
				k := v.s.enterIndex(j)
				v.s.add("%d is not a texture index: the document has %d textures", f, len(v.d.Textures))
				v.s.leave(k)
			}
			continue
		}
		t := &v.d.Textures[f]
		if t.Width < 1 || t.Height < 1 {
			continue
		}
		if t.Width != t.Height {
			k := v.s.enterIndex(j)
			v.s.add("texture %s is %d×%d pixels; frames are square", v.textures[f], t.Width, t.Height)
			v.s.leave(k)
			continue
		}
		if first < 0 {
			first = j
			continue
		}
		if u := &v.d.Textures[p.Sprite.Frames[first]]; u.Width != t.Width {
			k := v.s.enterIndex(j)
			v.s.add("texture %s is %d×%d pixels but frames[%d], %s, is %d×%d: a preset's frames share one size",
				v.textures[f], t.Width, t.Height, first, v.textures[p.Sprite.Frames[first]], u.Width, u.Height)
			v.s.leave(k)
		}
	}
}

// checkPreset reports the problems of a preset's own rules under the
// sink's current path, for a document of the given version.
func checkPreset(s *sink, p *Preset, version int) {
	s.integer("capacity", p.Capacity, 1, MaxSlotsPerEmitter)

	m, n := s.enter("spawn"), len(s.list)
	s.enum("shape", uint8(p.Spawn.Shape), spawnShapeNames)
	s.vec3("min", p.Spawn.Min, -MaxMagnitude, MaxMagnitude)
	s.vec3("max", p.Spawn.Max, -MaxMagnitude, MaxMagnitude)
	if len(s.list) == n {
		switch p.Spawn.Shape {
		case SpawnPoint:
			if p.Spawn.Min != p.Spawn.Max {
				s.add("a point spawn has min == max, but min is %s and max %s", vec(p.Spawn.Min), vec(p.Spawn.Max))
			}
		case SpawnBox:
			s.ordered(p.Spawn.Min, p.Spawn.Max)
		}
	}
	s.leave(m)

	s.interval3("velocity", p.Velocity, -MaxMagnitude, MaxMagnitude)
	n = len(s.list)
	s.interval("lifetime", p.Lifetime, 0, MaxSeconds)
	if len(s.list) == n && !(p.Lifetime.Min >= 0x1p-126) {
		s.addAt("lifetime.min", "%s is below 2^-126, the smallest normal float32: every particle lives a positive time", num(p.Lifetime.Min))
	}
	s.vec3("acceleration", p.Acceleration, -MaxMagnitude, MaxMagnitude)
	s.number("drag", p.Drag, 0, MaxMagnitude)
	s.interval("rotation", p.Rotation, -MaxMagnitude, MaxMagnitude)
	s.interval("spin", p.Spin, -MaxMagnitude, MaxMagnitude)

	m = s.enter("curves.size")
	checkKeys(s, len(p.Curves.Size), func(i int) float64 { return p.Curves.Size[i].Age })
	for i, k := range p.Curves.Size {
		if !finite(k.Size) || k.Size < 0 || k.Size > MaxMagnitude {
			j := s.enterIndex(i)
			s.number("size", k.Size, 0, MaxMagnitude)
			s.leave(j)
		}
	}
	s.leave(m)
	m = s.enter("curves.color")
	checkKeys(s, len(p.Curves.Color), func(i int) float64 { return p.Curves.Color[i].Age })
	for i, k := range p.Curves.Color {
		if c := [4]float64{k.R, k.G, k.B, k.A}; !(c[0] >= 0 && c[0] <= 1 && c[1] >= 0 && c[1] <= 1 && c[2] >= 0 && c[2] <= 1 && c[3] >= 0 && c[3] <= 1) {
			j := s.enterIndex(i)
			s.number("r", k.R, 0, 1)
			s.number("g", k.G, 0, 1)
			s.number("b", k.B, 0, 1)
			s.number("a", k.A, 0, 1)
			s.leave(j)
		}
	}
	s.leave(m)

	s.enum("walls", uint8(p.Walls), wallsNames)
	m = s.enter("sprite")
	defer s.leave(m)
	if n := len(p.Sprite.Frames); n < 1 || n > MaxFrames {
		s.addAt("frames", "%d frames; a preset has 1 to %d", n, MaxFrames)
	}
	for i, f := range p.Sprite.Frames {
		if f < 0 {
			k, j := s.enter("frames"), s.enterIndex(i)
			s.add("%d is not a texture index", f)
			s.leave(j)
			s.leave(k)
		}
	}
	s.enum("facing", uint8(p.Sprite.Facing), facingNames)
	s.enum("blend", uint8(p.Sprite.Blend), blendNames)
	if b := p.Sprite.Blend; version == Version && (b == BlendAlpha || b == BlendPremultiplied) {
		s.addAt("blend", "%s needs document version %d; version %d accepts additive and cutout", b, AlphaVersion, Version)
	}
	s.enum("flipbook.mode", uint8(p.Sprite.Flipbook.Mode), flipbookModeNames)
	n = len(s.list)
	fps := p.Sprite.Flipbook.FPS
	s.number("flipbook.fps", fps, 0, MaxMagnitude)
	if len(s.list) == n && len(p.Sprite.Frames) > 1 && !(fps >= 0x1p-126) {
		s.addAt("flipbook.fps", "%s is below 2^-126, the smallest normal float32: a flipbook of %d frames needs a frame rate (0 is for a single frame)",
			num(fps), len(p.Sprite.Frames))
	}
}

// checkKeys checks a curve's key count and ages: MinCurveKeys to
// MaxCurveKeys keys, the first at age 0, the last at age 1, strictly
// increasing once converted to float32, each float32 difference at least
// 2^-126 (a smaller one may flush to zero on a GPU).
func checkKeys(s *sink, n int, age func(int) float64) {
	if n < MinCurveKeys || n > MaxCurveKeys {
		s.add("%d keys; a curve has %d to %d", n, MinCurveKeys, MaxCurveKeys)
	}
	prevOK := false
	for i := range n {
		a := age(i)
		problem := func(format string, args ...any) {
			j := s.enterIndex(i)
			s.addAt("age", format, args...)
			s.leave(j)
		}
		ok := false
		switch {
		case !finite(a):
			problem("%s is not a finite number", num(a))
		case a < 0 || a > 1:
			problem("%s is outside [0, 1]", num(a))
		case i == 0 && a != 0:
			problem("%s: the first key is at age 0", num(a))
		case i == n-1 && n >= MinCurveKeys && a != 1:
			problem("%s: the last key is at age 1", num(a))
		default:
			ok = true
		}
		if ok && prevOK {
			p32, a32 := float32(age(i-1)), float32(a)
			switch {
			case !(a32 > p32):
				problem("%s is not after the previous key's %s once both are float32 (%s and %s); ages strictly increase",
					num(a), num(age(i-1)), num(float64(a32)), num(float64(p32)))
			case float64(a32)-float64(p32) < 0x1p-126:
				problem("%s is %s after the previous key's %s as float32, less than 2^-126 (the smallest normal float32)",
					num(a), num(float64(a32)-float64(p32)), num(age(i-1)))
			}
		}
		prevOK = ok
	}
}

func vec(v Vec3) string { return "(" + num(v.X) + ", " + num(v.Y) + ", " + num(v.Z) + ")" }

func box(b Box) string { return "{min " + vec(b.Min) + ", max " + vec(b.Max) + "}" }

// portals checks sector i's portals: edge and sector in range, one portal
// per edge, the joined edge shared with the target sector with the same
// endpoints in reverse order, a portal back on it, and a common height.
func (v *validation) portals(i int) {
	seen := map[int]int{} // edge -> its portal
	m := v.s.enter(v.sectors[i])
	defer v.s.leave(m)
	for j := range v.d.Sectors[i].Portals {
		k := v.s.enter("portals")
		v.s.enterIndex(j)
		v.portal(i, j, seen)
		v.s.leave(k)
	}
}

// portal checks portal j of sector i, at the sink's path.
func (v *validation) portal(i, j int, seen map[int]int) {
	sec, pt := &v.d.Sectors[i], v.d.Sectors[i].Portals[j]
	ok := true
	if pt.Edge < 0 || pt.Edge >= len(sec.Points) {
		v.s.addAt("edge", "%d is not an edge of this sector's %d points", pt.Edge, len(sec.Points))
		ok = false
	} else if k, dup := seen[pt.Edge]; dup {
		v.s.addAt("edge", "edge %d already has a portal, portals[%d]", pt.Edge, k)
		ok = false
	} else {
		seen[pt.Edge] = j
	}
	switch {
	case pt.Sector < 0 || pt.Sector >= len(v.d.Sectors):
		v.s.addAt("sector", "%d is not a sector index: the document has %d sectors", pt.Sector, len(v.d.Sectors))
		ok = false
	case pt.Sector == i:
		v.s.addAt("sector", "joins the sector to itself")
		ok = false
	}
	if !ok || !v.sectorOK[i] || !v.sectorOK[pt.Sector] {
		return
	}
	to := &v.d.Sectors[pt.Sector]
	n, m := len(sec.Points), len(to.Points)
	a, b := sec.Points[pt.Edge], sec.Points[(pt.Edge+1)%n]
	back := -1
	for e := range m {
		if to.Points[e] == b && to.Points[(e+1)%m] == a {
			back = e
		}
	}
	if back < 0 {
		v.s.add("%s has no edge from (%s, %s) to (%s, %s): a portal's edge is shared, with its endpoints in reverse order",
			v.sectors[pt.Sector], num(b.X), num(b.Y), num(a.X), num(a.Y))
		return
	}
	reciprocal := false
	for _, q := range to.Portals {
		reciprocal = reciprocal || q == Portal{Edge: back, Sector: i}
	}
	if !reciprocal {
		v.s.add("%s has no portal back on its edge %d: portals come in reciprocal pairs", v.sectors[pt.Sector], back)
	}
	if !(max(sec.Floor, to.Floor) < min(sec.Ceiling, to.Ceiling)) {
		v.s.add("this sector's heights [%s, %s] and those of %s, [%s, %s], do not overlap",
			num(sec.Floor), num(sec.Ceiling), v.sectors[pt.Sector], num(to.Floor), num(to.Ceiling))
	}
}

// emitter checks emitter i: references, placement, schedule, bounds.
func (v *validation) emitter(i int) {
	e := &v.d.Emitters[i]
	m := v.s.enter(v.emitters[i])
	defer v.s.leave(m)
	presetOK := false
	if e.Preset < 0 || e.Preset >= len(v.d.Presets) {
		v.s.addAt("preset", "%d is not a preset index: the document has %d presets", e.Preset, len(v.d.Presets))
	} else {
		presetOK = v.presetOK[e.Preset]
	}
	if e.Sector < 0 || e.Sector >= len(v.d.Sectors) {
		v.s.addAt("sector", "%d is not a sector index: the document has %d sectors", e.Sector, len(v.d.Sectors))
	}
	n := len(v.s.list)
	v.s.vec3("position", e.Position, -MaxMagnitude, MaxMagnitude)
	switch {
	case !finite(e.Yaw):
		v.s.addAt("yaw", "%s is not a finite number", num(e.Yaw))
	case e.Yaw < -180 || e.Yaw > 180:
		v.s.addAt("yaw", "%s is outside [-180, 180]: a compiled document holds NormalizeYaw(yaw), %s", num(e.Yaw), num(NormalizeYaw(e.Yaw)))
	}
	v.s.number("scale", e.Scale, 0, MaxMagnitude)
	if e.Scale == 0 {
		v.s.addAt("scale", "0 is not positive")
	}
	placed := len(v.s.list) == n

	life := 1.0 // stands in for an invalid preset's, to check the rest
	if presetOK {
		life = v.d.Presets[e.Preset].Lifetime.Max
	}
	v.schedules[i], v.scheduleOK[i] = buildSchedule(&v.s, e, life)
	v.scheduleOK[i] = v.scheduleOK[i] && presetOK

	if !presetOK || !placed {
		return
	}
	v.boundsOK[i] = true
	v.bounds[i] = ConservativeEmitterBounds(e, &v.d.Presets[e.Preset])
	if e.Bounds != v.bounds[i] {
		v.s.addAt("bounds", "%s differs from the recomputed %s; Compile computes them", box(e.Bounds), box(v.bounds[i]))
	}
}

// capacityNeed returns the most slots any of the emitters using preset
// reserves and the first emitter reserving that many (-1 for none);
// slots(i) is emitter i's count, ok false to skip it.
func capacityNeed(emitters []Emitter, preset int, slots func(i int) (n int, ok bool)) (need, by int) {
	by = -1
	for i := range emitters {
		if emitters[i].Preset != preset {
			continue
		}
		if n, ok := slots(i); ok && n > need {
			need, by = n, i
		}
	}
	return need, by
}

// capacity checks that preset i holds the slots its emitters reserve.
func (v *validation) capacity(i int) {
	p := &v.d.Presets[i]
	if !v.presetOK[i] {
		return
	}
	need, by := capacityNeed(v.d.Emitters, i, func(j int) (int, bool) { return v.schedules[j].Slots(), v.scheduleOK[j] })
	if need > p.Capacity {
		sch := &v.schedules[by]
		v.s.addAt(v.presets[i]+".capacity", "%d slots are fewer than %s reserves: %d (%d groups × %d births)",
			p.Capacity, v.emitters[by], need, sch.Groups, len(sch.Births))
	}
}

// totalSlots checks MaxSlots: every emitter reserves its preset's
// capacity.
func (v *validation) totalSlots() {
	total := 0
	for _, e := range v.d.Emitters {
		if e.Preset >= 0 && e.Preset < len(v.d.Presets) {
			total += min(max(v.d.Presets[e.Preset].Capacity, 0), MaxSlotsPerEmitter+1)
		}
	}
	if total > MaxSlots {
		v.s.addAt("emitters", "the emitters reserve %d slots in all (each its preset's capacity); at most %d", total, MaxSlots)
	}
}

// world checks each emitter's envelope against its sector.
func (v *validation) world() {
	if v.d == nil {
		return
	}
	shapes := make([]*SectorShape, len(v.d.Sectors))
	for i := range v.d.Emitters {
		e := &v.d.Emitters[i]
		if !v.boundsOK[i] || e.Sector < 0 || e.Sector >= len(v.d.Sectors) || !v.sectorOK[e.Sector] {
			continue
		}
		if shapes[e.Sector] == nil {
			shapes[e.Sector] = newSectorShape(&v.d.Sectors[e.Sector])
		}
		sh := shapes[e.Sector]
		if p := &v.d.Presets[e.Preset]; p.Walls == WallsKill {
			// Particles die at the walls: only where they are born must
			// be inside.
			v.spawnInside(i, sh, spawnCorners(e, p))
			continue
		}
		if sh.Contains(v.bounds[i]) {
			continue
		}
		lines := sh.escapes(v.bounds[i])
		if len(lines) == 0 {
			lines = []string{fmt.Sprintf("%s is not inside", box(v.bounds[i]))}
		}
		for _, l := range lines {
			v.s.addAt(v.emitters[i]+".bounds", "the motion envelope leaves its sector, %s: %s", v.sectors[e.Sector], l)
		}
	}
}

// spawnInside checks that every corner of emitter i's spawn support lies
// in its sector, with Contains' tolerance, reporting the first that does
// not at the emitter's spawn.
func (v *validation) spawnInside(i int, sh *SectorShape, corners [8]Vec3) {
	e := &v.d.Emitters[i]
	for _, c := range corners {
		if sh.containsPoint(c) {
			continue
		}
		lines := sh.escapes(Box{c, c})
		for _, l := range lines {
			v.s.addAt(v.emitters[i]+".position", "the spawn support of %s (walls: kill) leaves its sector, %s: %s",
				v.presets[e.Preset], v.sectors[e.Sector], l)
		}
		return
	}
}
