package suggest

import (
	"testing"
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

// TestClosestOfFieldNames: the suggestions effect files give for
// misspelt field names.
func TestClosestOfFieldNames(t *testing.T) {
	names := []string{"Lifetime", "Transparency", "GlowLayers", "ZIndex", "R"}
	cases := []struct{ name, in, want string }{
		{"other case", "lifetime", "Lifetime"},
		{"one letter swapped", "Transparancy", "Transparency"},
		{"prefix added", "SprayGlowLayers", "GlowLayers"},
		{"case of one letter", "Zindex", "ZIndex"},
		{"two edits in a long name", "Lifetme2", "Lifetime"},
		{"too far", "Wobble", ""},
		{"one edit from a one-letter name", "G", "R"},
		{"a prefix on a name under four letters", "SprayR", ""},
	}
	for _, c := range cases {
		if got := Closest(c.in, names); got != c.want {
			t.Errorf("%s: Closest(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}
