package purity

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// notLibrary are the module's packages whose arithmetic no output depends
// on: the demo, examples, commands, code generators and test helpers.
var notLibrary = []string{"/demo", "/examples/", "/cmd/", "/internal/codegen/", "/internal/leveltest", "/internal/gametest", "/internal/purity"}

// TestNoFusedMultiplyAdd: compiled for GOAMD64=v3 and for arm64, where Go
// may fuse x*y + z into one instruction with one rounding, the library has
// no fused multiply-add but those its source allows on the line: an
// explicit math.FMA (the same in every build), or a line marked "exact if
// fused" (its product is by a power of two, so one rounding or two give
// the same bits). Every other product that feeds a sum is rounded first
// (float64(x*y) or float32(x*y)), so Ember's own arithmetic gives the
// default amd64 build's bits there too, and the vector kernels, which never
// fuse, match the scalar loops in v3 builds (docs/closed-form.md, section
// 10). Go's math package is not Ember's: it may still differ.
func TestNoFusedMultiplyAdd(t *testing.T) {
	goBin := goCommand(t)
	list := exec.Command(goBin, "list", "github.com/emberfx/ember/...")
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		lib := true
		for _, x := range notLibrary {
			if strings.Contains(p+"/", "github.com/emberfx/ember"+x) {
				lib = false
			}
		}
		if lib {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) < 10 {
		t.Fatalf("only %d library packages listed: %v", len(pkgs), pkgs)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{}
	for _, target := range []struct {
		env   []string
		fused *regexp.Regexp
	}{
		{[]string{"GOOS=linux", "GOARCH=amd64", "GOAMD64=v3"}, regexp.MustCompile(`\((\S+\.go):(\d+)\)\s+VFN?M(ADD|SUB)\w*\s`)},
		// Apple silicon: Ebitengine builds there without cgo.
		{[]string{"GOOS=darwin", "GOARCH=arm64", "CGO_ENABLED=0"}, regexp.MustCompile(`\((\S+\.go):(\d+)\)\s+FN?M(ADD|SUB)[DS]\s`)},
	} {
		build := exec.Command(goBin, append([]string{"build", "-gcflags=-S"}, pkgs...)...)
		build.Env = append(os.Environ(), target.env...)
		asm, err := build.CombinedOutput()
		if err != nil {
			t.Fatalf("%v go build: %v\n%s", target.env, err, asm)
		}
		if !strings.Contains(string(asm), " STEXT ") {
			t.Fatalf("%v go build printed no assembly; cannot check", target.env)
		}
		for _, m := range target.fused.FindAllStringSubmatch(string(asm), -1) {
			rel, err := filepath.Rel(root, m[1])
			if err != nil || strings.HasPrefix(rel, "..") {
				continue // the standard library's, inlined
			}
			n, _ := strconv.Atoi(m[2])
			line := sourceLine(t, m[1], n)
			if strings.Contains(line, "math.FMA(") || strings.Contains(line, "exact if fused") {
				continue
			}
			bad[filepath.ToSlash(rel)+":"+m[2]] = strings.TrimSpace(line)
		}
	}
	keys := make([]string, 0, len(bad))
	for k := range bad {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("%s: a fused multiply-add (amd64 v3 or arm64): round the product first (float64(x*y)): %s", k, bad[k])
	}
}

// sourceLine returns line n of file path.
func sourceLine(t *testing.T, path string, n int) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for i := 1; s.Scan(); i++ {
		if i == n {
			return s.Text()
		}
	}
	t.Fatalf("%s has no line %d", path, n)
	return ""
}
