package emitter

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// exactFusions are the lines whose fused multiply-adds round as the
// separate operations do, so they may stay fused: their products are by
// 2, exact (the compiler fuses them even through a conversion), and 2u - 1
// of a 32-bit roll u = b/2^32 is exact in 34 bits.
var exactFusions = map[string]bool{
	"internal/hash/hash.go:49": true, // Signed's 2u - 1
	"emitter/shape.go:59":      true, // boxPoint's 2u - 1 and 2v - 1
	"emitter/shape.go:65":      true, // boxPoint's 2a + 2b
}

// TestNoFusedMultiplyAdd: compiled for GOAMD64=v3, where Go may fuse
// x*y + z into one instruction with one rounding, the emitter has no fused
// multiply-add but exactFusions': every product that feeds a sum is
// rounded (float64(x*y)) first, so a v3 build, and the vector kernel under
// it, give the default build's bits (docs/closed-form.md, section 10).
func TestNoFusedMultiplyAdd(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to compile with")
	}
	cmd := exec.Command(gobin, "build", "-gcflags=-S", ".")
	cmd.Env = append(os.Environ(), "GOARCH=amd64", "GOAMD64=v3", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pos := regexp.MustCompile(`\((\S+\.go:\d+)\)\s+VFN?M(ADD|SUB)`)
	seen := map[string]bool{}
	for _, m := range pos.FindAllStringSubmatch(string(out), -1) {
		rel, err := filepath.Rel(root, m[1])
		if err != nil || strings.HasPrefix(rel, "..") {
			continue // the standard library's own, inlined
		}
		if rel = filepath.ToSlash(rel); !exactFusions[rel] {
			seen[rel] = true
		}
	}
	if !strings.Contains(string(out), "STEXT") {
		t.Fatal("go build printed no assembly; cannot check")
	}
	lines := make([]string, 0, len(seen))
	for l := range seen {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	for _, l := range lines {
		t.Errorf("%s: a fused multiply-add under GOAMD64=v3: round the product with float64(...)", l)
	}
}
