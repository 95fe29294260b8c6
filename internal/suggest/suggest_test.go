package suggest

import (
	"testing"

	"github.com/emberfx/ember/internal/yamldoc"
)

var names = []string{"torch", "campfire", "smoke", "GlowLayers", "hall", "cellar", "a"}

func TestClosest(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"torch", "torch"},
		{"TORCH", "torch"},                // case only
		{"glowlayers", "GlowLayers"},      // case only, mixed
		{"SprayGlowLayers", "GlowLayers"}, // a prefix added
		{"torhc", "torch"},                // a transposition: distance 2 < 2 + 5/5
		{"torc", "torch"},                 // one deletion
		{"campfir", "campfire"},           // one deletion
		{"campfyre", "campfire"},          // one substitution
		{"cmpfre", "campfire"},            // two deletions: 2 < 2 + 6/5 = 3
		{"smok", "smoke"},
		{"hal", "hall"},
		{"cellarr", "cellar"},
		{"b", "a"},      // distance 1 < 2
		{"zz", ""},      // distance 2 from "a", not < 2
		{"dungeon", ""}, // nothing close
		{"", "a"},       // distance 1 to "a"
		{"xyzzy", ""},
		{"mokes", "smoke"}, // distance 2 < 3
	}
	for _, c := range cases {
		if got := Closest(c.in, names); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := Closest("x", nil); got != "" {
		t.Errorf("Closest with no names = %q", got)
	}
}

// TestAgreesWithYAMLDoc checks that a misspelt reference and a misspelt key
// get the same suggestion: the level compiler uses Closest, the document
// reader its own Suggest.
func TestAgreesWithYAMLDoc(t *testing.T) {
	inputs := []string{"", "a", "b", "zz", "torch", "TORCH", "torhc", "tor", "orch", "campfire",
		"campfir", "cmpfre", "fire", "SprayGlowLayers", "glow", "layers", "hall", "hell",
		"cellar", "celar", "smok", "smoke_", "ümlaut", "日本語", "duration_second", "sprite.blend"}
	lists := [][]string{names, {"duration_seconds", "delay_seconds", "period_seconds"},
		{"spawn", "velocity", "lifetime", "sprite", "curves", "drag", "spin", "rotation"}, {"日本", "ü"}}
	for _, l := range lists {
		for _, in := range inputs {
			if got, want := Closest(in, l), yamldoc.Suggest(in, l); got != want {
				t.Errorf("Closest(%q, %q) = %q, yamldoc.Suggest says %q", in, l, got, want)
			}
		}
	}
}
