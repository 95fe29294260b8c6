package timeline

import (
	"math"
	"testing"

	"github.com/emberfx/ember/emitter"
)

func TestSegmentClockAt(t *testing.T) {
	const top = emitter.Ticks(math.MaxInt64)
	s := Segment{World: 100, Clock: 50, Step: 10, Playing: true}
	cases := []struct {
		name  string
		seg   Segment
		at    emitter.Ticks
		scale float64
		want  emitter.Ticks
	}{
		{"at the start", s, 100, 1, 50},
		{"before the segment: its start", s, 90, 1, 50},
		{"real time", s, 137, 1, 87},
		{"round(2.5) = 3 per step", s, 130, 0.25, 50 + 3*3},
		{"and round(1) for the 4 left", s, 134, 0.25, 50 + 3*3 + 1},
		{"backwards", s, 130, -1, 20},
		{"clamped at 0", s, 200, -1, 0},
		{"NaN scales to nothing", s, 130, math.NaN(), 50},
		{"1e300 saturates", s, 130, 1e300, top},
		{"1e12 saturates over many steps", s, top, 1e12, top},
		{"+Inf saturates", s, 130, math.Inf(1), top},
		{"-Inf clamps at 0", s, 130, math.Inf(-1), 0},
		{"no step known: round(7.5)", Segment{Playing: true}, 30, 0.25, 8},
		{"paused", Segment{Clock: 7}, 1000, 1, 7},
		{"a clock near the top saturates", Segment{Clock: top - 5, Playing: true}, 100, 1, top},
		{"many whole steps near the top", Segment{Clock: 0, Step: 3, Playing: true}, top, 2, top},
	}
	for _, c := range cases {
		if got := c.seg.ClockAt(c.at, c.scale); got != c.want {
			t.Errorf("%s: ClockAt(%d, %v) = %d, want %d", c.name, c.at, c.scale, got, c.want)
		}
	}
}

func TestTimelineRecordAndIndex(t *testing.T) {
	var tl Timeline
	if tl.Index(5) != -1 || tl.Current() != -1 || tl.HasFuture() {
		t.Fatal("empty timeline")
	}
	tl.Init(10, 1000, 1)
	for _, w := range []emitter.Ticks{10, 20, 30} {
		tl.Record(Segment{World: w, Clock: w}, 30)
	}
	for _, c := range []struct {
		name string
		at   emitter.Ticks
		want int
	}{{"at 0, want 0", 0, 0}, {"at 10, want 0", 10, 0}, {"at 19, want 0", 19, 0}, {"at 20, want 1", 20, 1}, {"at 25, want 1", 25, 1}, {"at 30, want 2", 30, 2}, {"at 99, want 2", 99, 2}} {
		t.Run(c.name, func(t *testing.T) {
			if got := tl.Index(c.at); got != c.want {
				t.Errorf("Index(%d) = %d, want %d", c.at, got, c.want)
			}
		})
	}
	if tl.Current() != 2 || tl.HasFuture() {
		t.Fatal("the last record is not current")
	}
	tl.SetCurrent(0)
	if next, ok := tl.Next(); !ok || next.World != 20 {
		t.Errorf("Next = %v, %v", next, ok)
	}
	tl.SetCurrent(7) // out of range: ignored
	if tl.Current() != 0 {
		t.Error("SetCurrent out of range")
	}
	// Recording at 20 rewrites the future from 20 on.
	tl.Record(Segment{World: 20, Clock: 99}, 30)
	if segs := tl.Segments(); len(segs) != 2 || segs[1].Clock != 99 || tl.Current() != 1 {
		t.Errorf("segments %v", segs)
	}
	tl.Truncate(15)
	if segs := tl.Segments(); len(segs) != 1 || tl.Current() != 0 {
		t.Errorf("after Truncate: %v", segs)
	}
}

func TestTimelinePrune(t *testing.T) {
	var tl Timeline
	tl.Init(0, 100, 1)
	for i := range 50 {
		w := emitter.Ticks(i * 10)
		tl.Record(Segment{World: w}, w)
	}
	// World clock 490, history 100: segments ending at or before 390 go once they
	// are half the list; the one in force at the horizon stays.
	segs := tl.Segments()
	if len(segs) >= 50 || segs[0].World > 390 || tl.Index(390) < 0 || segs[tl.Index(390)].World > 390 {
		t.Errorf("kept %d segments from %d", len(segs), segs[0].World)
	}
	if tl.Current() != len(segs)-1 {
		t.Errorf("current %d of %d", tl.Current(), len(segs))
	}
	var def Timeline
	def.Init(0, 0, 1)
	if def.history != emitter.SecondsToTicks(emitter.DefaultHistory) {
		t.Errorf("default history %d", def.history)
	}
}

func TestTimelineRuns(t *testing.T) {
	spec := emitter.DefaultSpec()
	spec.Enabled = false
	snap, _ := emitter.NewSnapshot(&spec)
	e, _ := emitter.NewEffect(snap, nil)
	var tl Timeline
	tl.Init(0, 1000, 1)
	tl.Record(Segment{}, 0)
	e.Emit(3)
	e.SetClock(40)
	run := tl.NewRun(e.State())
	e.Restart()
	e.AddBurst(0, 9)
	tl.Record(Segment{World: 40, Playing: true, Run: run}, 40)
	if run != 1 || tl.Run() != 1 {
		t.Fatalf("run %d", run)
	}
	tl.SwitchRun(e, 0)
	if b := e.Bursts(nil); len(b) != 1 || b[0].Count != 3 || e.Clock() != 40 || tl.Run() != 0 {
		t.Fatalf("run 0 restored as %v at %d", b, e.Clock())
	}
	tl.SwitchRun(e, 1)
	if b := e.Bursts(nil); len(b) != 1 || b[0].Count != 9 {
		t.Fatalf("run 1 restored as %v", b)
	}
	tl.SwitchRun(e, 1) // no change
	tl.SwitchRun(nil, 0)
	tl.SwitchRun(e, 7) // never saved: cleared
	if len(e.Bursts(nil)) != 0 || e.Clock() != 0 {
		t.Error("an unknown run is not cleared")
	}
	tl.SwitchRun(e, 0)
	// Truncating while in run 0 forgets the later runs.
	tl.Truncate(0)
	if len(tl.saved) != 0 {
		t.Errorf("saved runs after Truncate: %d", len(tl.saved))
	}
	tl.Respawn(77)
	if tl.Spawn != 77 || len(tl.Segments()) != 0 || len(tl.saved) != 0 {
		t.Error("Respawn")
	}
	tl.SetTimeScale(2)
	if tl.TimeScale() != 2 {
		t.Error("SetTimeScale")
	}
}
