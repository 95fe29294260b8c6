package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realRoblox holds 15 ParticleEmitters saved by real projects, beside the
// repository.
const realRoblox = "../../../shared/roblox"

// TestImportRealFiles imports every real file with the CLI, then
// validates, evaluates and bakes what it wrote.
func TestImportRealFiles(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(realRoblox, "*.rbxmx"))
	if len(paths) == 0 {
		if _, err := os.Stat(realRoblox); os.IsNotExist(err) {
			t.Skipf("%s is absent: the real Roblox files live beside the repository, in shared/roblox", realRoblox)
		}
		t.Fatalf("no .rbxmx files in %s", realRoblox)
	}
	out := t.TempDir()
	var written []string
	for _, p := range paths {
		status, stdout, stderr := runCLI("import", p, "-o", out)
		if status != 0 || stderr != "" {
			t.Fatalf("import %s: status %d, stderr %q", p, status, stderr)
		}
		if !strings.Contains(stdout, "(XML): 1 ParticleEmitter\n") || !strings.Contains(stdout, "wrote 1 effect file under "+out) {
			t.Errorf("import %s: report\n%s", p, stdout)
		}
	}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			written = append(written, p)
		}
		return err
	})
	if len(written) != len(paths) {
		t.Fatalf("%d effect files for %d Studio files: %v", len(written), len(paths), written)
	}
	if status, _, stderr := runCLI(append([]string{"validate"}, written...)...); status != 0 {
		t.Fatalf("validate: status %d\n%s", status, stderr)
	}
	flame := filepath.Join(out, "FireEffect", "Flame.yaml")
	if status, stdout, stderr := runCLI("eval", flame, "--at", "0.5", "--json"); status != 0 || !strings.Contains(stdout, `"particles":[{`) {
		t.Errorf("eval: status %d, stdout %.200q, stderr %q", status, stdout, stderr)
	}
	png := filepath.Join(t.TempDir(), "flame.png")
	if status, _, stderr := runCLI("bake", flame, "--at", "0.5", "-o", png); status != 0 {
		t.Errorf("bake: status %d, stderr %q", status, stderr)
	}
}

// TestImportTextures maps a real file's texture to a local image: the
// effect file names it relative to itself, and bakes with it.
func TestImportTextures(t *testing.T) {
	src := filepath.Join(realRoblox, "12-projectr-fireeffect-flame.rbxmx")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("%s: %v", src, err)
	}
	assets := t.TempDir()
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	f, err := os.Create(filepath.Join(assets, "flame.png"))
	if err != nil {
		t.Fatal(err)
	}
	png.Encode(f, img)
	f.Close()
	mapFile := writeFile(t, "map.yaml", "rbxassetid://241594419: "+filepath.Join(assets, "flame.png")+"\n")
	out := t.TempDir()
	status, stdout, stderr := runCLI("import", src, "-o", out, "--textures", mapFile)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !strings.Contains(stdout, "mapped to ") {
		t.Errorf("the report does not say the texture was mapped:\n%s", stdout)
	}
	flame := filepath.Join(out, "FireEffect", "Flame.yaml")
	data, _ := os.ReadFile(flame)
	rel, _ := filepath.Rel(filepath.Dir(flame), filepath.Join(assets, "flame.png"))
	if !strings.Contains(string(data), "Texture: \""+filepath.ToSlash(rel)+"\"\n") {
		t.Errorf("the effect file does not name %s:\n%s", rel, data)
	}
	if !strings.Contains(stdout, "1 of them name a texture outside their folder: validate and bake them with --allow-outside") {
		t.Errorf("the report does not say the texture lies outside the effect's folder:\n%s", stdout)
	}
	if status, _, stderr := runCLI("bake", flame, "--at", "0.5", "-o", filepath.Join(t.TempDir(), "f.png")); status != 1 || !strings.Contains(stderr, "names no file in the effect file's folder") {
		t.Errorf("bake with the texture outside: status %d, stderr %q", status, stderr)
	}
	if status, _, stderr := runCLI("bake", flame, "--at", "0.5", "--allow-outside", "-o", filepath.Join(t.TempDir(), "f.png")); status != 0 {
		t.Errorf("bake with the texture: status %d, stderr %q", status, stderr)
	}
	// A map naming a missing image is an error before anything is written.
	bad := writeFile(t, "bad.yaml", "rbxassetid://241594419: nowhere.png\n")
	status, _, stderr = runCLI("import", src, "-o", t.TempDir(), "--textures", bad)
	if status != 1 || !strings.Contains(stderr, "rbxassetid://241594419: ") || !strings.Contains(stderr, "nowhere.png is not a readable file") {
		t.Errorf("missing image: status %d, stderr %q", status, stderr)
	}
}

func TestImportErrors(t *testing.T) {
	bad := writeFile(t, "bad.rbxmx", `<roblox version="4"><Item class="ParticleEmitter"><Properties><float name="Rate">fast</float></Properties></Item></roblox>`)
	status, stdout, stderr := runCLI("import", bad, "-o", t.TempDir())
	if want := bad + ":62: ParticleEmitter property \"Rate\" (float): \"fast\" is not a number\n"; status != 1 || stdout != "" || stderr != want {
		t.Errorf("malformed: status %d, stdout %q, stderr %q, want %q", status, stdout, stderr, want)
	}
	binary := writeFile(t, "bad.rbxm", "<roblox!\x89\xff\r\n\x1a\n\x00\x00")
	if status, _, stderr := runCLI("import", binary); status != 1 || !strings.HasPrefix(stderr, binary+":0: the binary header is cut short") {
		t.Errorf("binary: status %d, stderr %q", status, stderr)
	}
	missing := filepath.Join(t.TempDir(), "missing.rbxm")
	if status, _, stderr := runCLI("import", missing); status != 1 || stderr != missing+": no such file or directory\n" {
		t.Errorf("missing: status %d, stderr %q", status, stderr)
	}
	for _, args := range [][]string{{"import"}, {"import", "a.rbxm", "b.rbxm"}, {"import", "effect.yaml"}, {"import", "--bogus", "a.rbxm"}} {
		status, stdout, stderr := runCLI(args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if status != 2 || stdout != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], "ember import: ") || !strings.Contains(lines[1], "ember help import") {
			t.Errorf("%q: status %d, stdout %q, stderr %q: want an error line and a hint", args, status, stdout, stderr)
		}
	}
	if status, stdout, _ := runCLI("help", "import"); status != 0 || !strings.Contains(stdout, "-textures MAP.yaml") {
		t.Errorf("help import: status %d\n%s", status, stdout)
	}
}
