package world

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// brute returns the indices of rects overlapping q, ascending.
func brute(rects func(int) Rect, n int, q Rect) []int {
	var out []int
	for i := range n {
		if rects(i).Overlaps(q) {
			out = append(out, i)
		}
	}
	return out
}

// TestSpaceQueries: the grid's answers equal a test of every rectangle,
// for queries of every size, inside, across and outside the level.
func TestSpaceQueries(t *testing.T) {
	d := nearLimitsLevel(t) // 16 rooms of 10 × 10 on [0, 40]², 256 emitters
	s, err := NewSpace(d)
	if err != nil {
		t.Fatal(err)
	}
	if e := s.Extent(); e.Min.X > 0 || e.Min.Y > 0 || e.Max.X < 40 || e.Max.Y < 40 {
		t.Errorf("extent %+v does not hold the rooms", e)
	}
	r := rand.New(rand.NewPCG(7, 8))
	var got []int
	hits := 0
	for k := range 2000 {
		cx, cy := r.Float64()*60-10, r.Float64()*60-10
		w, h := r.ExpFloat64()*5, r.ExpFloat64()*5
		q := Rect{Vec2{cx - w, cy - h}, Vec2{cx + w, cy + h}}
		if k == 0 {
			q = Rect{Vec2{-100, -100}, Vec2{100, 100}}
		}
		got = s.AppendEmitters(got[:0], q)
		want := brute(s.EmitterRect, len(d.Emitters), q)
		if !slices.Equal(got, want) {
			t.Fatalf("emitters in %+v: %v, want %v", q, got, want)
		}
		hits += len(got)
		got = s.AppendSectors(got[:0], q)
		if want := brute(s.SectorRect, len(d.Sectors), q); !slices.Equal(got, want) {
			t.Fatalf("sectors in %+v: %v, want %v", q, got, want)
		}
	}
	if hits < 10000 {
		t.Errorf("only %d hits in all: the queries miss the level", hits)
	}
	// One room: its 16 emitters.
	room := Rect{Vec2{10.5, 10.5}, Vec2{19.5, 19.5}}
	if got := s.AppendEmitters(nil, room); len(got) != 16 || got[0] != 5*16 {
		t.Errorf("room 5 holds emitters %v", got)
	}
	if got := s.AppendSectors(nil, room); !slices.Equal(got, []int{5}) {
		t.Errorf("room 5's rectangle meets sectors %v", got)
	}
}

// TestSpaceAllocatesNothing: warm queries write only into the caller's
// buffer.
func TestSpaceAllocatesNothing(t *testing.T) {
	s, err := NewSpace(nearLimitsLevel(t))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]int, 0, 512)
	q := Rect{Vec2{3, 3}, Vec2{27, 14}}
	buf = s.AppendEmitters(buf, q)
	if n := testing.AllocsPerRun(100, func() {
		buf = s.AppendEmitters(buf[:0], q)
		buf = s.AppendSectors(buf[:0], q)
	}); n != 0 {
		t.Errorf("%v allocations per query", n)
	}
}

// TestSpaceConcurrent: queries from several goroutines, while other levels'
// spaces are built, agree with the brute force (run with -race).
func TestSpaceConcurrent(t *testing.T) {
	d := nearLimitsLevel(t)
	s, err := NewSpace(d)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 9))
			var got []int
			for range 200 {
				if g == 0 {
					if _, err := NewSpace(d); err != nil {
						t.Error(err)
					}
					continue
				}
				x, y := r.Float64()*40, r.Float64()*40
				q := Rect{Vec2{x, y}, Vec2{x + 5, y + 5}}
				got = s.AppendEmitters(got[:0], q)
				if want := brute(s.EmitterRect, len(d.Emitters), q); !slices.Equal(got, want) {
					t.Errorf("emitters in %+v: %v, want %v", q, got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
