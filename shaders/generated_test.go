package shaders_test

import (
	"bytes"
	"testing"

	"github.com/emberfx/ember/internal/codegen/kage"
	"github.com/emberfx/ember/shaders"
)

// TestGeneratedShadersAreCurrent fails when a shader embedded here is not
// what generating it from src/ and the Go declarations gives now: run
// go generate ./shaders.
func TestGeneratedShadersAreCurrent(t *testing.T) {
	files, err := kage.Generate("src")
	if err != nil {
		t.Fatal(err)
	}
	embedded := map[string][]byte{}
	for _, s := range shaders.All() {
		embedded[s.Name] = s.Src
	}
	if len(files) != len(embedded) {
		t.Errorf("%d shaders generated, %d embedded", len(files), len(embedded))
	}
	for name, want := range files {
		if got, ok := embedded[name]; !ok {
			t.Errorf("%s is generated but not embedded", name)
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate ./shaders", name)
		}
	}
}
