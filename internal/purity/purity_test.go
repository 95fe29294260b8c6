package purity

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

// goCommand finds the go binary: go test puts GOROOT/bin first on PATH.
func goCommand(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	if r := os.Getenv("GOROOT"); r != "" {
		p := filepath.Join(r, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("no go command on PATH or under $GOROOT/bin")
	return ""
}

type listed struct {
	ImportPath string
	Imports    []string
	Error      *struct{ Err string }
}

// dependencyGraph runs `go list -deps` on pkgs and returns each listed
// package's imports.
func dependencyGraph(t *testing.T, pkgs []string) map[string][]string {
	t.Helper()
	args := append([]string{"list", "-deps", "-json=ImportPath,Imports,Error"}, pkgs...)
	cmd := exec.Command(goCommand(t), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	graph := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		if p.Error != nil {
			t.Errorf("go list: %s: %s", p.ImportPath, p.Error.Err)
		}
		graph[p.ImportPath] = p.Imports
	}
	return graph
}

// checkRule is one rule of the guard: every root is a package go list
// finds, and none reaches a package under forbidden. It returns the graph.
func checkRule(t *testing.T, kind string, roots, forbidden []string) map[string][]string {
	t.Helper()
	graph := dependencyGraph(t, roots)
	for _, p := range roots {
		if _, ok := graph[p]; !ok {
			t.Errorf("%s package %s was not listed by go list: does it still exist?", kind, p)
		}
	}
	for _, v := range Check(roots, graph, forbidden) {
		t.Errorf("%s package breaks its rule: %s", kind, v)
	}
	return graph
}

// TestPurePackages is the guard: no package in Pure may reach Forbidden.
func TestPurePackages(t *testing.T) {
	graph := checkRule(t, "pure", Pure, Forbidden)
	if len(graph) <= len(Pure) {
		t.Errorf("go list returned %d packages for %d roots: the dependency walk looks empty", len(graph), len(Pure))
	}
}

// TestEngineFreePackages is the second rule: the donburi plugin does not
// reach Ebitengine.
func TestEngineFreePackages(t *testing.T) {
	checkRule(t, "engine-free", EngineFree, Engine)
}

// TestMathDecodesNoFiles is the third rule: the closed-form core imports
// no YAML, JSON or regular expressions.
func TestMathDecodesNoFiles(t *testing.T) {
	graph := dependencyGraph(t, Math)
	for _, v := range Check(Math, graph, Decoding) {
		t.Errorf("decodes files: %s", v)
	}
}

// TestGeometryPackages is the fourth rule: the world emitters' core uses
// resolv and no engine.
func TestGeometryPackages(t *testing.T) {
	checkRule(t, "geometry", Geometry, Engines)
}

// TestGeometryRule: resolv is allowed under the fourth rule, donburi is not.
func TestGeometryRule(t *testing.T) {
	const (
		world   = "github.com/emberfx/ember/emitter/world"
		resolv  = "github.com/solarlune/resolv"
		donburi = "github.com/yohamta/donburi"
	)
	graph := map[string][]string{world: {"math", resolv}, resolv: {"sort"}}
	if got := Check([]string{world}, graph, Engines); len(got) != 0 {
		t.Errorf("resolv alone: %v", got)
	}
	graph[world] = append(graph[world], donburi)
	want := []Violation{{Package: world, Forbidden: donburi, Chain: []string{world, donburi}}}
	if got := Check([]string{world}, graph, Engines); !reflect.DeepEqual(got, want) {
		t.Errorf("with donburi: got %v, want %v", got, want)
	}
}

// TestCheckReportsForbidden shows the guard can fail: a fake graph in which
// the pure package reaches Ebitengine through a helper and resolv directly.
func TestCheckReportsForbidden(t *testing.T) {
	const (
		pure   = "github.com/emberfx/ember/emitter"
		helper = "github.com/emberfx/ember/internal/helper"
		ebiten = "github.com/hajimehoshi/ebiten/v2"
		inner  = "github.com/hajimehoshi/ebiten/v2/internal/graphics"
		resolv = "github.com/solarlune/resolv"
		clean  = "github.com/emberfx/ember/clean"
	)
	graph := map[string][]string{
		pure:   {"math", helper, resolv},
		helper: {"sort", ebiten},
		ebiten: {inner, "image"},
		inner:  {"sync"},
		clean:  {"math", "github.com/hajimehoshi/ebitenish"},
	}
	got := Check([]string{pure, clean}, graph, Forbidden)
	want := []Violation{
		{Package: pure, Forbidden: ebiten, Chain: []string{pure, helper, ebiten}},
		{Package: pure, Forbidden: resolv, Chain: []string{pure, resolv}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Check:\n got %v\nwant %v", got, want)
	}
	if s, w := got[0].String(), pure+" depends on "+ebiten+": "+pure+" -> "+helper+" -> "+ebiten; s != w {
		t.Errorf("String:\n got %q\nwant %q", s, w)
	}
}

func TestCheckCleanGraph(t *testing.T) {
	graph := map[string][]string{
		"a": {"b", "c"},
		"b": {"c", "a"}, // cycles must not loop
		"c": {"fmt"},
	}
	if got := Check([]string{"a"}, graph, Forbidden); len(got) != 0 {
		t.Fatalf("Check on a clean graph: %v", got)
	}
}

func TestCheckForbiddenRoot(t *testing.T) {
	root := "github.com/yohamta/donburi/ecs"
	got := Check([]string{root}, nil, Forbidden)
	want := []Violation{{Package: root, Forbidden: root, Chain: []string{root}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Check: got %v, want %v", got, want)
	}
}

func TestMatches(t *testing.T) {
	for _, c := range []struct {
		name string
		pkg  string
		want bool
	}{
		{"pkg \"github.com/hajimehoshi/…, want true", "github.com/hajimehoshi/ebiten", true},
		{"pkg \"github.com/hajimehoshi/…, want true #2", "github.com/hajimehoshi/ebiten/v2", true},
		{"pkg \"github.com/hajimehoshi/…, want true #3", "github.com/hajimehoshi/ebiten/v2/vector", true},
		{"pkg \"github.com/yohamta/donb…, want true", "github.com/yohamta/donburi", true},
		{"pkg \"github.com/yohamta/donb…, want true #2", "github.com/yohamta/donburi/ecs", true},
		{"pkg \"github.com/solarlune/re…, want true", "github.com/solarlune/resolv", true},
		{"pkg \"github.com/hajimehoshi/…, want false", "github.com/hajimehoshi/ebitenish", false},
		{"pkg \"github.com/hajimehoshi/…, want false #2", "github.com/hajimehoshi/oto/v3", false},
		{"pkg \"github.com/emberfx/embe…, want false", "github.com/emberfx/ember/emitter", false},
		{"pkg \"math\", want false", "math", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Matches(c.pkg, Forbidden); got != c.want {
				t.Errorf("Matches(%q) = %v, want %v", c.pkg, got, c.want)
			}
		})
	}
}
