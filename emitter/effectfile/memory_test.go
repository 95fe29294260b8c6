package effectfile

import (
	"runtime"
	"strings"
	"testing"
)

// TestParseMemory bounds what Parse allocates, in bytes, for files at the
// limits: at most 12 bytes per byte of text (the YAML parser copies long
// scalars and comments a few times over: 6 to 9 bytes per byte measured)
// plus 8 MB for the tree of the most values the text may have room for
// (2 × MaxValues = 20,000 at about 250 to 320 bytes each). Before the tree
// was bounded, files of tiny values took 117 bytes per byte (430 MB for a
// 4 MiB file).
func TestParseMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	near := MaxSize - 64
	// fill pads a document to near MaxSize with a comment.
	fill := func(s string) string { return s + "#" + strings.Repeat("x", near-len(s)) + "\n" }
	cases := []struct{ name, src string }{
		{"numbers.yaml", "Size: [" + strings.Repeat("1,", near/2) + "1]\n"},
		{"block-list.yaml", "Size:\n" + strings.Repeat("- 1\n", near/4)},
		{"empty-mappings.yaml", "Size: [" + strings.Repeat("{},", near/3) + "{}]\n"},
		{"keys.yaml", strings.Repeat("k: 1\n", near/5)},
		{"numbers.json", `{"Size": [` + strings.Repeat("1,", near/2) + "1]}"},
		{"numbers-within-the-tree.yaml", fill("Size: [" + strings.Repeat("1,", MaxValues-2) + "1]\n")},
		{"keys-within-the-tree.yaml", fill("Size: {" + strings.Repeat("a,", MaxValues/2-2) + "a}\n")},
		{"numbers-within-the-tree.json", `{"Size": [` + strings.Repeat("1,", 2*MaxValues-8) + `1], "Texture": "` + strings.Repeat("a", near-4*MaxValues) + `"}`},
		{"comments.yaml", "Rate: 1\n" + strings.Repeat("#\n", near/2)},
		{"long-string.yaml", "Texture: " + strings.Repeat("a", near) + "\n"},
		{"anchors.yaml", "Size: [" + strings.Repeat("&"+strings.Repeat("a", 60)+" 1,", MaxValues-2) + "1]\n"},
	}
	for _, c := range cases {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		Parse(c.name, []byte(c.src))
		runtime.ReadMemStats(&after)
		got := after.TotalAlloc - before.TotalAlloc
		limit := 12*uint64(len(c.src)) + 8e6
		t.Logf("%s: %d bytes, %.1f MB", c.name, len(c.src), float64(got)/1e6)
		if got > limit {
			t.Errorf("%s: %d bytes of text took %.1f MB, more than %.1f MB", c.name, len(c.src), float64(got)/1e6, float64(limit)/1e6)
		}
	}
}
