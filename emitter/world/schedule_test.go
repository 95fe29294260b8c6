package world

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func f32s(xs ...float64) []float32 {
	out := make([]float32, len(xs))
	for i, x := range xs {
		out[i] = float32(x)
	}
	return out
}

func TestBirthSchedule(t *testing.T) {
	// The premises of the first two cases, in float64 arithmetic (not
	// Go's exact constant arithmetic):
	d, r := 0.28, 25.0
	if d*r != 7.000000000000001 || 7/r != d {
		t.Fatal("float64 arithmetic is not what the cases assume")
	}
	if x := 2 + 1e-9; float32(x) != 2 {
		t.Fatal("float32(2 + 1e-9) is not 2")
	}
	for _, c := range []struct {
		name string
		e    Emitter
		want []float32
	}{
		// ceil(0.28 × 25) is 8, but the eighth offset, 7/25, is 0.28: the
		// excluded endpoint.
		{"product rounds up", Emitter{Rate: 25, Duration: 0.28}, f32s(0, 0.04, 0.08, 0.12, 0.16, 0.2, 0.24)},
		// 2 < 2 + 1e-9 in float64 although both are 2 as float32.
		{"kept below the endpoint", Emitter{Rate: 1, Duration: 2 + 1e-9}, f32s(0, 1, 2)},
		{"exact endpoint excluded", Emitter{Rate: 4, Duration: 1}, f32s(0, 0.25, 0.5, 0.75)},
		{"thirds", Emitter{Rate: 3, Duration: 1}, f32s(0, 1.0/3, 2.0/3)},
		{"tiny rate births at 0", Emitter{Rate: 1e-6, Duration: 1}, f32s(0)},
		{"zero duration births at 0", Emitter{Rate: 5}, f32s(0)},
		{"nothing", Emitter{}, f32s()},
		{"bursts only", Emitter{Bursts: []Burst{{0.5, 3}, {0.25, 1}}}, f32s(0.25, 0.5, 0.5, 0.5)},
		{"bursts merged", Emitter{Rate: 2, Duration: 1, Bursts: []Burst{{0.25, 2}, {0, 1}}},
			f32s(0, 0, 0.25, 0.25, 0.5)},
	} {
		got, err := BirthSchedule(&c.e)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: BirthSchedule = %v, want %v", c.name, got, c.want)
		}
	}
	full, err := BirthSchedule(&Emitter{Rate: 4096, Duration: 1})
	if err != nil || len(full) != MaxSlotsPerEmitter || full[4095] != float32(4095.0/4096) {
		t.Errorf("4096 births a second for 1 s: %d births, err %v", len(full), err)
	}
}

func TestBirthScheduleErrors(t *testing.T) {
	for _, c := range []struct {
		name, field, fragment string
		e                     Emitter
	}{
		{"4097 births", "rate", "more than 4096 births", Emitter{Rate: 4097, Duration: 1}},
		{"absurd rate", "rate", "more than 4096 births", Emitter{Rate: 1e9, Duration: 3600}},
		{"bursts overflow", "bursts", "4100 births (4000 from the rate, 100 from bursts)",
			Emitter{Rate: 4000, Duration: 1, Bursts: []Burst{{0, 100}}}},
		{"NaN rate", "rate", "not a finite number", Emitter{Rate: math.NaN(), Duration: 1}},
		{"negative duration", "duration_seconds", "out of range", Emitter{Rate: 1, Duration: -1}},
		{"negative burst", "bursts[0].count", "-5 is out of range", Emitter{Bursts: []Burst{{0, -5}}}},
		{"burst at -1 s", "bursts[0].time_seconds", "-1 is out of range", Emitter{Bursts: []Burst{{-1, 1}}}},
	} {
		_, err := BirthSchedule(&c.e)
		if ps, _ := err.(Problems); !hasProblem(ps, c.field, c.fragment) {
			t.Errorf("%s: error %v, want %s: ...%s...", c.name, err, c.field, c.fragment)
		}
	}
}

// TestNilArguments: the constructors that return an error return one for
// a nil argument instead of panicking.
func TestNilArguments(t *testing.T) {
	if _, err := BirthSchedule(nil); err == nil || !strings.Contains(err.Error(), "the emitter is nil") {
		t.Errorf("BirthSchedule(nil): %v", err)
	}
	if _, err := NewSchedule(nil, 1); err == nil || !strings.Contains(err.Error(), "the emitter is nil") {
		t.Errorf("NewSchedule(nil): %v", err)
	}
	if _, err := NewSectorShape(nil); err == nil || !strings.Contains(err.Error(), "the sector is nil") {
		t.Errorf("NewSectorShape(nil): %v", err)
	}
}

func TestCycleGroups(t *testing.T) {
	if l, p := 0.3, 0.1; math.Ceil(l/p) != 3 {
		t.Fatal("float64 ceil(0.3/0.1) is not 3")
	}
	for _, c := range []struct {
		name         string
		life, period float64
		want         int
	}{
		{"one period", 1, 1, 1},
		{"shorter", 0.5, 1, 1},
		{"a little longer", 1.1, 1, 2},
		{"three periods", 3, 1, 3},
		{"quarters", 2, 0.5, 4},
		// float32(0.3) = 0.30000001192092896 > 3 × float32(0.1) =
		// 0.30000000447034836: a fourth group, where float64 says 3.
		{"uploaded rounding", 0.3, 0.1, 4},
		{"zero lifetime", 0, 1, 1},
		{"zero period", 1, 0, math.MaxInt32},
	} {
		if got := CycleGroups(c.life, c.period); got != c.want {
			t.Errorf("%s: CycleGroups(%v, %v) = %d, want %d", c.name, c.life, c.period, got, c.want)
		}
	}
}

// TestScheduleSlots follows a cycling schedule by hand: rate 2 for 1 s in
// a period of 1 s gives births at 0 and 0.5; lifetimes up to 1.5 s need 2
// groups, 4 slots. Slot g·2 + i holds birth i of the latest emission k
// with k mod 2 == g already born.
func TestScheduleSlots(t *testing.T) {
	e := Emitter{Rate: 2, Duration: 1, Playback: PlayCycle, Period: 1, Delay: 10}
	s, err := NewSchedule(&e, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Births, f32s(0, 0.5)) || s.Groups != 2 || s.Slots() != 4 {
		t.Fatalf("schedule %+v, want births [0 0.5], 2 groups, 4 slots", s)
	}
	type slot struct {
		ok        bool
		age       float64
		birth     uint64
		emission  int64
		annotated string
	}
	for _, c := range []struct {
		clock float64
		cycle Cycle
		slots [4]slot
	}{
		{9.9, Cycle{}, [4]slot{}}, // before the delay
		{10.25, Cycle{Active: true, Index: 0, Phase: 0.25, Base: 0}, [4]slot{
			{true, 0.25, 0, 0, "birth 0 of emission 0"},
			{false, 0, 0, 0, "birth 1 of emission 0 is at 0.5"},
			{false, 0, 0, 0, "emission 1 is to come"},
			{false, 0, 0, 0, "emission 1 is to come"},
		}},
		{12.25, Cycle{Active: true, Index: 2, Phase: 0.25, Base: 4}, [4]slot{
			{true, 0.25, 4, 2, "birth 0 of emission 2"},
			{true, 1.75, 1, 0, "birth 1 of emission 2 is to come: emission 0's"},
			{true, 1.25, 2, 1, "birth 0 of emission 1"},
			{true, 0.75, 3, 1, "birth 1 of emission 1"},
		}},
		// 2^32 births on: birth numbers beyond 32 bits.
		{10 + 3e9 + 0.75, Cycle{Active: true, Index: 3e9, Phase: 0.75, Base: 6e9}, [4]slot{
			{true, 0.75, 6e9, 3e9, ""},
			{true, 0.25, 6e9 + 1, 3e9, ""},
			{true, 1.75, 6e9 - 2, 3e9 - 1, ""},
			{true, 1.25, 6e9 - 1, 3e9 - 1, ""},
		}},
	} {
		cy := s.At(c.clock)
		if cy != c.cycle {
			t.Errorf("At(%v) = %+v, want %+v", c.clock, cy, c.cycle)
		}
		for i, w := range c.slots {
			age, birth, emission, ok := s.Birth(cy, i)
			if ok != w.ok || ok && (age != w.age || birth != w.birth || emission != w.emission) {
				t.Errorf("clock %v slot %d (%s): %v, %v, %v, %v; want %v, %v, %v, %v",
					c.clock, i, w.annotated, age, birth, emission, ok, w.age, w.birth, w.emission, w.ok)
			}
		}
		if _, _, _, ok := s.Birth(cy, 4); ok {
			t.Errorf("clock %v: slot 4, beyond the schedule's 4 slots, is alive", c.clock)
		}
	}
}

// TestScheduleOnce: a once emitter's slot i holds birth i from its birth
// until the last birth plus the longest lifetime, then it has drained.
func TestScheduleOnce(t *testing.T) {
	e := Emitter{Rate: 2, Duration: 1}
	s, err := NewSchedule(&e, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		clock  float64
		active bool
		ages   [2]float64 // -1: not born
	}{
		{-0.1, false, [2]float64{-1, -1}},
		{0, true, [2]float64{0, -1}},
		{1, true, [2]float64{1, 0.5}},
		{1.99, true, [2]float64{1.99, 1.49}},
		{2, false, [2]float64{-1, -1}}, // 0.5 + 1.5: drained
	} {
		cy := s.At(c.clock)
		if cy.Active != c.active || cy.Index != 0 {
			t.Errorf("At(%v) = %+v, want active %v", c.clock, cy, c.active)
		}
		for i, want := range c.ages {
			age, birth, _, ok := s.Birth(cy, i)
			if ok != (want >= 0) || ok && (!within(age, want, 1e-15) || birth != uint64(i)) {
				t.Errorf("clock %v slot %d: age %v birth %d ok %v; want age %v", c.clock, i, age, birth, ok, want)
			}
		}
	}
}

// TestSlotsNeverReusedEarly: for random cycling schedules, every birth of
// every emission whose age is below the uploaded longest lifetime is the
// one its slot holds, so no live particle is ever displaced.
func TestSlotsNeverReusedEarly(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for range 300 {
		period := 0.05 + r.Float64()*2
		e := Emitter{Rate: 1 + r.Float64()*20, Duration: period * r.Float64(), Playback: PlayCycle, Period: period,
			Bursts: []Burst{{period * r.Float64() * 0.99, 1 + r.IntN(3)}}}
		life := period * (0.1 + r.Float64()*5)
		s, err := NewSchedule(&e, life)
		if err != nil {
			t.Fatal(err)
		}
		b := len(s.Births)
		for range 20 {
			clock := r.Float64() * 50
			cy := s.At(clock)
			p := float64(s.Period)
			for k := cy.Index - int64(s.Groups) - 1; k <= cy.Index; k++ {
				if k < 0 {
					continue
				}
				for i, born := range s.Births {
					age := clock - (float64(k)*p + float64(born))
					if age < 0 || age >= float64(s.MaxLifetime) {
						continue
					}
					slot := int(k%int64(s.Groups))*b + i
					gotAge, birth, emission, ok := s.Birth(cy, slot)
					if !ok || emission != k || birth != uint64(k)*uint64(b)+uint64(i) || !within(gotAge, age, 1e-9) {
						t.Fatalf("period %v life %v clock %v: emission %d birth %d (age %v) should be in slot %d; it holds emission %d (age %v, ok %v)",
							period, life, clock, k, i, age, slot, emission, gotAge, ok)
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d live births checked", checked)
	}
}

func TestRequiredCapacity(t *testing.T) {
	d := testLevel(t)
	// torch: 20 births, lifetimes up to 1.2 s in 1 s periods: 2 groups.
	// fountain: 40 + 10 births, up to 1.1 s: 2 groups.
	for i, want := range []int{40, 100} {
		if got, err := RequiredCapacity(d, i); got != want || err != nil {
			t.Errorf("RequiredCapacity(%s) = %d, %v; want %d", d.Presets[i].Name, got, err, want)
		}
	}
	d.Presets[1].Capacity = 99
	if _, err := RequiredCapacity(d, 1); err == nil {
		t.Error("capacity 99 for a fountain reserving 100 slots is accepted")
	}
	if _, err := RequiredCapacity(d, 2); err == nil {
		t.Error("preset index 2 of 2 is accepted")
	}
}

// within reports whether got is within tol of want.
func within(got, want, tol float64) bool {
	return got == want || math.Abs(got-want) <= tol
}
