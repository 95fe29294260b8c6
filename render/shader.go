package render

import (
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine compiles a Kage source afresh for every NewShader: Ember's
// eight shaders cost render.New about 50 ms of CPU and 21 MB of garbage
// each time (BenchmarkNew), which the next frames' collections pay for.
// A shader never changes once made and no renderer frees its shaders, so
// each source is compiled once per process and shared by every Renderer.
var shaderCache struct {
	sync.Mutex
	m map[string]*ebiten.Shader
}

// compiled returns the shader of the Kage source src, compiling it the
// first time it is asked for.
func compiled(src []byte) (*ebiten.Shader, error) {
	shaderCache.Lock()
	defer shaderCache.Unlock()
	if sh, ok := shaderCache.m[string(src)]; ok {
		return sh, nil
	}
	sh, err := ebiten.NewShader(src)
	if err != nil {
		return nil, err
	}
	if shaderCache.m == nil {
		shaderCache.m = map[string]*ebiten.Shader{}
	}
	shaderCache.m[string(src)] = sh
	return sh, nil
}
