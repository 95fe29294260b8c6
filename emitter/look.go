package emitter

import (
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// Look is a particle's appearance at its age: what docs/appearance.md,
// sections 2 and 3, computes before blending. Every renderer takes it from
// the one appearance stage here ([Effect.AppendParticles] without a colour
// strip, [Effect.AppendLooks] with one); the Kage shaders compute the same
// in float32 (shaders/src/common.kage).
type Look struct {
	// Transparency is in [0, 1] after its envelope roll; 1 is invisible.
	Transparency float64
	// Color is the Color sequence at the particle's normalized age, times
	// the colour strip's sample when there is one, graded (Brightness and
	// tone mapping) and then blended toward the effect's ambient colour by
	// LightInfluence.
	Color Color
	// StripAlpha is the colour strip's alpha at the particle, 1 without a
	// strip: it scales the particle's opacity.
	StripAlpha float64
	// Cell is the 0-based flipbook cell (row-major); NextCell and Blend
	// crossfade toward the next cell when FlipbookBlendFrames is on.
	Cell, NextCell int
	Blend          float64
}

// Strip is a colour strip as the appearance stage samples it: Rows rows of
// straight-alpha colours along a particle's normalized age.
type Strip interface {
	// Rows returns the strip's row count; a particle's row is
	// StripRow(Rows(), its stream). A strip of no rows is no strip.
	Rows() int
	// Sample returns the colour and alpha of row at normalized age tau,
	// each in [0, 1].
	Sample(row int, tau float64) (Color, float64)
}

// StripRow returns the colour-strip row of the particle whose stream hash
// is stream, in a strip of rows rows: floor(rows · u(stream, channel.Strip)).
//
// It is computed as the GPU computes it (docs/appearance.md, section 7), in
// integers from the 16-bit halves of the roll,
// (rows·hi + ((rows·lo) >> 16)) >> 16, which equals the float64
// floor(rows · Unit) exactly. The GPU's 32-bit integers hold it for rows up
// to 4096; here the integers are 64-bit and any positive rows works. rows
// <= 0 gives 0.
func StripRow(rows int, stream uint32) int {
	if rows <= 0 {
		return 0
	}
	bits := hash.Bits(stream, channel.Strip)
	n := uint64(rows)
	hi, lo := uint64(bits>>16), uint64(bits&0xffff)
	return int((n*hi + (n*lo)>>16) >> 16)
}

// appearance is what the appearance stage reads of an effect: its
// snapshot and ambient colour, and the finished colour of a flat Color
// sequence, computed once.
type appearance struct {
	s       *Snapshot
	ambient Color
	flat    Color // the graded colour when the Color sequence is flat
}

func (e *Effect) appearance() appearance {
	if e.lookValid && e.look.ambient == e.ambient {
		return e.look
	}
	a := appearance{s: e.snap, ambient: e.ambient}
	if e.snap.colorConst {
		a.flat = a.color(e.snap.spec.Color.At(0))
	}
	e.look, e.lookValid = a, true
	return a
}

// color grades base and blends it toward the ambient colour.
func (a *appearance) color(base Color) Color {
	sp := &a.s.spec
	return Influence(Grade(base, sp.Brightness), a.ambient, sp.LightInfluence)
}

// stage is the appearance stage of a particle of stream st at age seconds
// and normalized age tau, with colour strip strip (nil: none). Its results
// come back as values rather than a Look, which keeps them in registers on
// the evaluation's hot path.
func (a *appearance) stage(st uint32, age, tau float64, strip Strip) (tr float64, col Color, stripAlpha float64, cell, next int, blend float64) {
	s := a.s
	sp := &s.spec
	tr = s.transValue
	if !s.transConst {
		tr = sp.Transparency.Sample(tau, envelopeRoll(st, channel.TransparencyEnvelope))
	}
	tr = min(max(tr, 0), 1)
	stripAlpha = 1
	switch {
	case strip != nil:
		// The strip multiplies the curve before grading.
		var sc Color
		sc, stripAlpha = strip.Sample(StripRow(strip.Rows(), st), tau)
		col = a.color(sp.Color.At(tau).Mul(sc))
	case s.colorConst:
		col = a.flat
	default:
		col = a.color(sp.Color.At(tau))
	}
	cell, next, blend = s.flipbook(st, age, tau)
	return tr, col, stripAlpha, cell, next, blend
}

// AppendLooks appends the appearance of each particle of ps, as
// [Effect.AppendParticles] gave them at the effect's clock, with colour
// strip strip (nil, or one of no rows such as a nil *texture.Strip: none,
// the particles' own Transparency, Color and cells), and returns the
// extended slice.
func (e *Effect) AppendLooks(dst []Look, ps []Particle, strip Strip) []Look {
	if strip != nil && strip.Rows() <= 0 {
		strip = nil
	}
	a := e.appearance()
	for i := range ps {
		p := &ps[i]
		var l Look
		l.Transparency, l.Color, l.StripAlpha, l.Cell, l.NextCell, l.Blend = a.stage(hash.Stream(e.seed, p.Key), p.Age, p.Age/p.Lifetime, strip)
		dst = append(dst, l)
	}
	return dst
}

// envelopeRoll is a particle's envelope roll in [-1, 1) on channel ch, for
// a curve that varies (a flat curve takes no roll: channels are
// independent, so skipping one changes no other value).
func envelopeRoll(st, ch uint32) float64 { return hash.Signed(hash.Unit(st, ch)) }
