package world

import (
	"fmt"
	"math"
	"slices"

	"github.com/emberfx/ember/emitter"
)

// Billboard is a live world particle as a vertex pipeline reads it: the
// reference evaluator's values ([Evaluator.Slot]) rounded to float32 once,
// without the velocity, the colour and the birth bookkeeping. A renderer
// projects it through a camera and samples the colour curve at Tau
// itself.
type Billboard struct {
	// X, Y and Z are float32(Particle.Position): the centre, world units.
	X, Y, Z float32
	// Size is float32(Particle.Size), the edge in world units.
	Size float32
	// Rotation is float32(Particle.Rotation), degrees.
	Rotation float32
	// Tau is float32(Particle.Age / Particle.Lifetime), in [0, 1).
	Tau float32
	// Frame is Particle.Frame, the index in the preset's Sprite.Frames.
	Frame uint16
	// Slot is Particle.Slot.
	Slot uint16
}

// Cache keeps, per slot of every emitter of one evaluator, the rolls of
// the particle the slot held when last evaluated, keyed by its birth
// number: a particle's variation is a pure function of its birth number,
// so reusing it gives the values the evaluator computes afresh, bit for
// bit, and a particle pays for its rolls once in its life. A Cache is not
// safe for concurrent use; give each goroutine its own.
type Cache struct {
	ev    *Evaluator
	from  []int // emitter i's slots are slots[from[i]:from[i+1]]
	slots []cachedRolls
}

// cachedRolls is a slot's rolls and the birth number + 1 they are of (0:
// none yet).
type cachedRolls struct {
	key uint64
	r   rolls
}

// NewCache returns an empty cache for ev's emitters: one entry per slot
// their schedules use (Schedule.Slots), made once.
func (ev *Evaluator) NewCache() *Cache {
	c := &Cache{ev: ev, from: make([]int, len(ev.emitters)+1)}
	for i := range ev.emitters {
		c.from[i+1] = c.from[i] + ev.emitters[i].schedule.Slots()
	}
	c.slots = make([]cachedRolls, c.from[len(ev.emitters)])
	return c
}

// AppendBillboards appends the live particles of emitter at the level
// clock to dst as billboards, by ascending slot, and returns the extended
// slice: the particles [Evaluator.AppendEmitter] gives, each rounded as
// [Billboard] says, keeping only those whose thinning roll
// (ChannelThin, in [0, 1)) is below keep: all for keep >= 1, none for
// keep <= 0. Thinning is decided before the particle's motion is
// evaluated, so a thinned particle costs little, and it is the same at
// every clock the particle lives. c must be ev's (NewCache); it allocates
// only to grow dst. It panics if emitter is not an emitter index or c is
// another evaluator's.
func (ev *Evaluator) AppendBillboards(dst []Billboard, c *Cache, emitter int, clock, keep float64) []Billboard {
	if c.ev != ev {
		panic("world: AppendBillboards with another evaluator's Cache")
	}
	s := &ev.emitters[emitter]
	cy := s.schedule.At(clock)
	if !cy.Active || !(keep > 0) {
		return dst
	}
	// The thinning threshold on the roll's 32 bits: bits < keep·2^32
	// exactly when bits/2^32 < keep.
	limit := uint64(math.Ceil(min(keep, 1) * (1 << 32)))
	slots := c.slots[c.from[emitter]:c.from[emitter+1]]
	for g := range s.schedule.Groups {
		r0, r1 := s.groupRanges(cy, g)
		dst = s.appendRange(dst, slots, cy, r0, limit)
		dst = s.appendRange(dst, slots, cy, r1, limit)
	}
	return dst
}

// Candidates returns how many slots of emitter hold a particle born and
// younger than the longest lifetime at the level clock: the live count
// before each particle's own lifetime is rolled, an upper bound of what
// [Evaluator.AppendEmitter] returns. It costs a few binary searches of
// the births per group, not a pass over the slots. It panics if emitter
// is not an emitter index.
func (ev *Evaluator) Candidates(emitter int, clock float64) int {
	s := &ev.emitters[emitter]
	c := s.schedule.At(clock)
	if !c.Active {
		return 0
	}
	n := 0
	for g := range s.schedule.Groups {
		r0, r1 := s.groupRanges(c, g)
		n += r0.to - r0.from + r1.to - r1.from
	}
	return n
}

// slotRange is births [from, to) of one group of an emitter's slots, all
// of one emission (group offset d, 0 for a once emitter), each born and
// younger than the longest lifetime at the cycle. Slot = base + birth.
type slotRange struct {
	from, to, base int
	d              int64
}

// groupRanges returns the candidate ranges of group g at cycle c (empty
// ones have from == to): the births of the group's latest emission already
// born, and the rest, of the emission before. They are found with the
// expressions Schedule.birthIn evaluates, so that a birth is in a range
// exactly when birthIn makes it born and younger than MaxLifetime. The
// births are sorted, so the ages of one emission fall as the index grows:
// each condition holds on a prefix or a suffix.
func (s *emitterSlots) groupRanges(c Cycle, g int) (r0, r1 slotRange) {
	sch := &s.schedule
	b := len(sch.Births)
	if sch.Playback != PlayCycle {
		from := search(b, func(i int) bool { return c.Phase-float64(sch.Births[i]) < s.lifeMax })
		to := search(b, func(i int) bool { return c.Phase-float64(sch.Births[i]) < 0 })
		return slotRange{from: from, to: max(from, to)}, slotRange{}
	}
	p := float64(sch.Period)
	d := sch.groupOffset(c, g)
	// Births [0, m) of emission Index - d are born; births [m, b) belong
	// to emission Index - d - Groups, if there is one.
	m := search(b, func(i int) bool { return c.Phase+float64(float64(d)*p)-float64(sch.Births[i]) < 0 })
	if d <= c.Index {
		from := search(m, func(i int) bool { return c.Phase+float64(float64(d)*p)-float64(sch.Births[i]) < s.lifeMax })
		r0 = slotRange{from: from, to: m, base: g * b, d: d}
	}
	if e := d + int64(sch.Groups); e <= c.Index {
		from := m + search(b-m, func(i int) bool { return c.Phase+float64(float64(e)*p)-float64(sch.Births[m+i]) < s.lifeMax })
		r1 = slotRange{from: from, to: b, base: g * b, d: e}
	}
	return r0, r1
}

// appendRange appends the live, kept particles of one slot range. dst
// grows once for the whole range, and the loop stores in place.
func (s *emitterSlots) appendRange(dst []Billboard, slots []cachedRolls, c Cycle, sr slotRange, limit uint64) []Billboard {
	if sr.from >= sr.to {
		return dst
	}
	sch := &s.schedule
	births := sch.Births
	// A birth's age is Phase + d·Period - born as birthIn computes it
	// (0·Period adds nothing for a once emitter); its birth number is
	// Base - d·len(Births) + i (i for a once emitter, where Base and d
	// are 0).
	start := c.Phase + float64(float64(sr.d)*float64(sch.Period))
	base := c.Base - uint64(sr.d)*uint64(len(births))
	if sch.Playback != PlayCycle {
		start, base = c.Phase, 0
	}
	thin := limit < 1<<32
	n := len(dst)
	dst = slices.Grow(dst, sr.to-sr.from)[:n+sr.to-sr.from]
	out := dst[n:]
	w := 0
	// The emitter's constants in locals, and position, size and frame
	// written out in the loop: the expressions of emitterSlots.position,
	// size and frame, in the same order, so the values are the same bit
	// for bit (a test holds them to the reference).
	drag, acc := s.drag, s.acceleration
	cs, sn, k, p0 := s.cos, s.sin, s.scale, s.position0
	sizeAges, sizes := s.sizeAges, s.sizes
	frames := s.frames
	for i := sr.from; i < sr.to; i++ {
		age := start - float64(births[i])
		birth := base + uint64(i)
		slot := sr.base + i
		cr := &slots[slot]
		if cr.key != birth+1 {
			s.roll(birth, &cr.r)
			cr.key = birth + 1
		}
		r := &cr.r
		if !(age < r.life) || !(age < r.kill) || (thin && uint64(r.thin) >= limit) {
			continue
		}
		f, g, _ := emitter.DragFactors(drag, age)
		dx, dy, dz := r.spawn.X+float64(r.v0.X*f)+float64(acc.X*g), r.spawn.Y+float64(r.v0.Y*f)+float64(acc.Y*g), r.spawn.Z+float64(r.v0.Z*f)+float64(acc.Z*g)
		tau := age / r.life
		j, sw := segment(sizeAges, tau)
		b := &out[w]
		b.X = float32(p0.X + float64(k*(float64(cs*dx)-float64(sn*dy))))
		b.Y = float32(p0.Y + float64(k*(float64(sn*dx)+float64(cs*dy))))
		b.Z = float32(p0.Z + float64(k*dz))
		b.Size = float32(k * (sizes[j] + float64((sizes[j+1]-sizes[j])*sw)))
		b.Rotation = float32(r.rot + float64(r.spin*age))
		b.Tau = float32(tau)
		b.Frame = 0
		if frames > 1 {
			b.Frame = uint16(s.frame(age))
		}
		b.Slot = uint16(slot)
		w++
	}
	return dst[:n+w]
}

// String describes the billboard, for tests and debugging.
func (b Billboard) String() string {
	return fmt.Sprintf("slot %d at (%g, %g, %g) size %g rotation %g tau %g frame %d",
		b.Slot, b.X, b.Y, b.Z, b.Size, b.Rotation, b.Tau, b.Frame)
}
