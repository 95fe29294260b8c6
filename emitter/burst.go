package emitter

import "sort"

// Burst is one Emit kept as data: Count particles born at clock Time. Index
// counts the effect's bursts since its last restart and separates their keys:
// particle j of burst b has key 2(b·MaxParticles + j) + 1, odd, while stream
// particles have even keys.
type Burst struct {
	Time  Ticks
	Count int
	Index uint32
}

// Bursts are kept as long as they can still be visible at a clock the effect
// guarantees to rewind to: within its History behind the furthest clock
// reached, or at the current clock and after it (a rewind further back than
// the History keeps what the clock shows now). MaxBursts bounds the memory
// whatever the History: an effect that bursts every frame for an hour keeps
// at most that many. A burst is dropped only once it can no longer be seen
// there, or, past MaxBursts, the one recorded first (never the one just
// added), which [Effect.DroppedBursts] counts: never merely because many
// bursts fall within one lifetime.
const (
	DefaultHistory   = 30   // seconds
	DefaultMaxBursts = 4096 // bursts
	// MaxBurstsLimit is the largest EffectOptions.MaxBursts accepted.
	// Bursts are kept in a sorted list, so an AddBurst into a full list
	// of n costs O(n): about 6 µs at the default 4096, a few ms at the
	// limit.
	MaxBurstsLimit = 1 << 20
)

// MaxBurstParticles bounds the particles an effect's visible bursts show
// together: with the stream's window (at most MaxParticles), an effect
// shows at most MaxParticles + MaxBurstParticles particles, whatever it
// emits. MaxParticles caps each burst; past this cap the newest bursts are
// kept and the oldest visible one keeps its lowest-index particles
// ([Window], docs/closed-form.md, section 2). It is MaxParticlesLimit, so
// one burst of any spec always shows whole.
const MaxBurstParticles = MaxParticlesLimit

// insertBurst keeps the list sorted by (Time, Index).
func insertBurst(list []Burst, b Burst) []Burst {
	i := sort.Search(len(list), func(i int) bool {
		return list[i].Time > b.Time || (list[i].Time == b.Time && list[i].Index > b.Index)
	})
	list = append(list, Burst{})
	copy(list[i+1:], list[i:])
	list[i] = b
	return list
}

// burstKey is the key of particle j of burst b, modulo 2^32.
func burstKey(b uint32, maxParticles int, j int) uint32 {
	return 2*(b*uint32(maxParticles)+uint32(j)) + 1
}
