package shaders_test

import (
	"testing"

	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestCompile compiles every shader with Ebitengine's Kage compiler, which
// needs no display or GPU.
func TestCompile(t *testing.T) {
	for _, s := range shaders.All() {
		if len(s.Src) == 0 {
			t.Errorf("%s: empty source", s.Name)
			continue
		}
		if _, err := ebiten.NewShader(s.Src); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
	}
}
