package leveltest

import "testing"

// TestLevel: the test level compiles, mounts and prepares.
func TestLevel(t *testing.T) {
	l, tex := Level(t, 0)
	if n := len(l.Document().Emitters); n != 6 {
		t.Errorf("%d emitters", n)
	}
	if len(tex.Pages) != 1 {
		t.Errorf("%d pages", len(tex.Pages))
	}
	if n := len(l.Evaluator().Append(nil, 2.5)); n < 50 {
		t.Errorf("only %d particles at 2.5 s", n)
	}
}

// TestLimits: the limits level has 256 emitters of 256 slots each.
func TestLimits(t *testing.T) {
	l, _ := Limits(t)
	slots := 0
	for _, e := range l.Document().Emitters {
		slots += l.Document().Presets[e.Preset].Capacity
	}
	if n := len(l.Document().Emitters); n != 256 || slots != 65536 {
		t.Errorf("%d emitters, %d slots", n, slots)
	}
	if n := len(l.Evaluator().Append(nil, 100.5)); n < 40000 {
		t.Errorf("%d alive at 100.5 s", n)
	}
}
