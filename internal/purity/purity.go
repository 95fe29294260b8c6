// Package purity keeps Ember's pure packages free of engine code.
//
// A pure package must not import Ebitengine, donburi or resolv, directly or
// through any dependency: it has to build and run with no display and no GPU,
// and stay usable outside those libraries. This package's test asks the go
// command for the dependency graph of every package in [Pure] and fails on
// any path from one of them to a package under [Forbidden]. Only what a
// package links is checked; its tests may import what they like.
//
// A second rule lets the packages in [EngineFree] (the donburi plugin) use
// donburi but keeps them off [Engine], Ebitengine. A third keeps the
// closed-form math ([Math]) off file decoding ([Decoding]).
//
// A fourth lets the packages in [Geometry] (the world emitters' core, whose
// sectors are resolv polygons) use resolv but keeps them off [Engines],
// Ebitengine and donburi.
//
// [Check] does the graph walk and is a pure function, so its own tests show
// that the guard can fail.
package purity

import (
	"slices"
	"strings"
)

// Pure lists the import paths of Ember's pure packages. Add every new
// engine-free package here.
var Pure = []string{
	"github.com/emberfx/ember/emitter",
	"github.com/emberfx/ember/emitter/effectfile",
	"github.com/emberfx/ember/internal/channel",
	"github.com/emberfx/ember/internal/codegen/kage",
	"github.com/emberfx/ember/internal/hash",
	"github.com/emberfx/ember/internal/race",
	"github.com/emberfx/ember/internal/readfile",
	"github.com/emberfx/ember/internal/rowlayout",
	"github.com/emberfx/ember/internal/timeline",
	"github.com/emberfx/ember/internal/yamldoc",
	"github.com/emberfx/ember/shaders",
	"github.com/emberfx/ember/emitter/roblox",
	"github.com/emberfx/ember/internal/suggest",
	"github.com/emberfx/ember/internal/jsonschema",
	"github.com/emberfx/ember/camera",
	"github.com/emberfx/ember/texture",
}

// Forbidden lists module paths no pure package may depend on; a package
// matches when its path is one of these or lies below one.
var Forbidden = []string{
	"github.com/hajimehoshi/ebiten",
	"github.com/yohamta/donburi",
	"github.com/solarlune/resolv",
}

// EngineFree lists the packages that may use donburi but not Ebitengine:
// the donburi plugin, which headless servers and tests run without a
// display. Its draw function lives in a package of its own.
var EngineFree = []string{
	"github.com/emberfx/ember/component",
	"github.com/emberfx/ember/system",
}

// Engine lists the module paths no package in [EngineFree] may depend on.
var Engine = []string{"github.com/hajimehoshi/ebiten"}

// Math lists the packages of closed-form math: the core that every other
// package builds on reads no files, so it stays small and quick to build.
var Math = []string{"github.com/emberfx/ember/emitter"}

// Decoding lists the packages no package in [Math] may depend on: file
// formats and text parsing belong to the decoding packages (effectfile,
// internal/yamldoc).
var Decoding = []string{"go.yaml.in/yaml", "encoding/json", "regexp"}

// Geometry lists the packages that may use resolv, for convex shapes and
// containment, and no engine: the world emitters' document, validation
// and evaluation, their codec, the level vocabulary, the ember command
// that compiles, evaluates and bakes levels, and the packages that reach
// the world emitters to load and draw levels (texture/leveltex, a level's textures,
// the reference rasterizer and its baking). They build and run headless
// like the pure ones.
var Geometry = []string{
	"github.com/emberfx/ember/texture/leveltex",
	"github.com/emberfx/ember/raster",
	"github.com/emberfx/ember/raster/bake",
	"github.com/emberfx/ember/internal/leveltest",
	"github.com/emberfx/ember/emitter/world",
	"github.com/emberfx/ember/emitter/world/kwp1",
	"github.com/emberfx/ember/emitter/world/source",
	"github.com/emberfx/ember/cmd/ember", // it validates and evaluates levels
}

// Engines lists the module paths no package in [Geometry] may depend on.
var Engines = []string{
	"github.com/hajimehoshi/ebiten",
	"github.com/yohamta/donburi",
}

// Violation is a forbidden package that a pure package depends on.
type Violation struct {
	// Package is the pure package.
	Package string
	// Forbidden is the first forbidden package on the path.
	Forbidden string
	// Chain is a shortest import path from Package to Forbidden, both
	// included.
	Chain []string
}

func (v Violation) String() string {
	return v.Package + " depends on " + v.Forbidden + ": " + strings.Join(v.Chain, " -> ")
}

// Matches reports whether the import path pkg is one of the module paths
// in forbidden or a package below one of them.
func Matches(pkg string, forbidden []string) bool {
	for _, f := range forbidden {
		if pkg == f || strings.HasPrefix(pkg, f+"/") {
			return true
		}
	}
	return false
}

// Check walks imports (import path -> the paths it imports) breadth first
// from each root and returns every forbidden package reached, with a
// shortest chain to it. The walk does not go on through a forbidden
// package, so each violation names where the forbidden code enters. The
// result is sorted by root, then by forbidden package.
func Check(roots []string, imports map[string][]string, forbidden []string) []Violation {
	var out []Violation
	for _, root := range roots {
		parent := map[string]string{root: ""}
		queue := []string{root}
		var hits []string
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if Matches(p, forbidden) {
				hits = append(hits, p)
				continue
			}
			for _, q := range imports[p] {
				if _, seen := parent[q]; !seen {
					parent[q] = p
					queue = append(queue, q)
				}
			}
		}
		slices.Sort(hits)
		for _, h := range hits {
			var chain []string
			for p := h; p != ""; p = parent[p] {
				chain = append(chain, p)
			}
			slices.Reverse(chain)
			out = append(out, Violation{Package: root, Forbidden: h, Chain: chain})
		}
	}
	return out
}
