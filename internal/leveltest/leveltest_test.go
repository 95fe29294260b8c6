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
