package source

import (
	"strconv"

	"github.com/emberfx/ember/emitter/world"
)

// NamePattern is [world.ValidName]'s rule of texture, preset, sector and
// emitter names as a regular expression: 1 to world.MaxNameLength bytes
// of ASCII letters, digits, '_', '-' and '.', starting with a letter or
// '_'.
const NamePattern = `^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`

// ElementPaths returns the paths of the elements of a kind ("presets")
// named names, as validation problems name them: kind[name] for a valid
// name that no other element of the kind has, kind[i] otherwise.
func ElementPaths(kind string, names []string) []string {
	count := make(map[string]int, len(names))
	for _, n := range names {
		count[n]++
	}
	paths := make([]string, len(names))
	for i, n := range names {
		if world.ValidName(n) && count[n] == 1 {
			paths[i] = kind + "[" + n + "]"
		} else {
			paths[i] = kind + "[" + strconv.Itoa(i) + "]"
		}
	}
	return paths
}
