package roblox

import (
	"os"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter/effectfile"
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

// TestEffectFilesExplainRobloxProperties checks that every property the
// importer drops or ignores, written into an effect file by hand, gets a
// problem saying what it is rather than the generic "unknown field", and
// that Name, which it carries, is a field.
func TestEffectFilesExplainRobloxProperties(t *testing.T) {
	const generic = "unknown field; see docs/effect-files.md for the fields"
	for _, m := range []map[string]string{droppedProperties, ignoredProperties} {
		for name := range m {
			_, err := effectfile.Parse("copied.yaml", []byte(name+": true\n"))
			if err == nil || strings.Contains(err.Error(), generic) || strings.Contains(err.Error(), "did you mean") ||
				!strings.HasPrefix(err.Error(), "copied.yaml:1: "+name+": unknown field; ") {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	if _, err := effectfile.Parse("copied.yaml", []byte("Name: Flame\n")); err != nil {
		t.Errorf("Name: %v", err)
	}
}
