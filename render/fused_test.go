package render

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// kernelTwins are the scalar functions the vertex kernel must match bit for
// bit (TestVertexKernelsMatch), with what they inline.
var kernelTwins = []string{
	"render.(*Renderer).writePassLoop",
	"render.(*Renderer).writeTrianglesLoop",
	"render.quadCorners",
	"render.triangleCorners",
}

// TestNoFusedMultiplyAdd: compiled for GOAMD64=v3, where Go may fuse
// x*y + z into one rounding, the scalar vertex writers have no fused
// multiply-add (each product they add is rounded with float32(...)), so
// the vertex kernel, which never fuses, runs in v3 builds with their bits
// (docs/closed-form.md, section 10).
func TestNoFusedMultiplyAdd(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to compile with")
	}
	cmd := exec.Command(gobin, "build", "-gcflags=-S", ".")
	cmd.Env = append(os.Environ(), "GOARCH=amd64", "GOAMD64=v3")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fused := regexp.MustCompile(`\((\S+\.go:\d+)\)\s+VFN?M(ADD|SUB)`)
	fn, checked := "", 0
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			for _, w := range kernelTwins {
				if strings.HasSuffix(fn, w) {
					checked++
				}
			}
			continue
		}
		m := fused.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, w := range kernelTwins {
			if strings.HasSuffix(fn, w) {
				t.Errorf("%s: a fused multiply-add at %s under GOAMD64=v3: round the product with float32(...)", fn, m[1])
			}
		}
	}
	if checked != len(kernelTwins) {
		t.Fatalf("found %d of the %d functions in the assembly; cannot check", checked, len(kernelTwins))
	}
}
