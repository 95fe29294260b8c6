package roblox

import (
	"os"
	"strings"
	"testing"
)

// TestDocsListEveryMapping checks that docs/roblox-import.md names every
// property, Spray attribute and dropped property the importer knows, so the
// tables cannot fall behind the code.
func TestDocsListEveryMapping(t *testing.T) {
	data, err := os.ReadFile("../../docs/roblox-import.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	var names []string
	for _, r := range emitterRules {
		names = append(names, r.name)
	}
	for name := range sprayRules {
		names = append(names, name)
	}
	for _, m := range []map[string]string{droppedProperties, ignoredProperties, sprayDropped, scriptAttributes} {
		for name := range m {
			names = append(names, name)
		}
	}
	names = append(names, "VelocitySpread", "TextureContent")
	for _, n := range names {
		if n == "archivable" {
			continue // the lowercase spelling of Archivable
		}
		if !strings.Contains(doc, n) {
			t.Errorf("docs/roblox-import.md does not mention %s", n)
		}
	}
}
