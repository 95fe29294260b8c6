package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/emberfx/ember/emitter/roblox"
)

// importSynopsis is import's command line.
const importSynopsis = "FILE.rbxmx|.rbxlx|.rbxm|.rbxl [-o DIR] [--textures MAP.yaml]"

// studioExtensions are the file names import takes: XML and binary models
// and places.
var studioExtensions = []string{".rbxmx", ".rbxlx", ".rbxm", ".rbxl"}

// runImport is "ember import": it writes one effect file per
// ParticleEmitter of a Roblox Studio file under DIR and prints what became
// of every property (package emitter/roblox does the work).
func runImport(args []string, stdout, stderr io.Writer) int {
	c := newCommand("import", importSynopsis, stdout, stderr)
	c.about = importHelp
	dir := c.fs.String("o", ".", "the folder `DIR` to write the effect files in")
	textures := c.fs.String("textures", "", "a texture map `MAP.yaml`: asset URLs to image files, relative to the map")
	files, status, ok := c.parse(args)
	if !ok {
		return status
	}
	if len(files) != 1 {
		return c.usageError("want one Roblox file, got %d", len(files))
	}
	if *dir == "" {
		return c.usageError("-o DIR is empty; give a folder (-o . for this one)")
	}
	file := files[0]
	if ext := strings.ToLower(filepath.Ext(file)); !slices.Contains(studioExtensions, ext) {
		return c.usageError("%s is not a Studio file (%s)", file, strings.Join(studioExtensions, ", "))
	}
	opts := &roblox.Options{}
	var err error
	if opts.Dir, err = filepath.Abs(*dir); err != nil {
		fmt.Fprintf(stderr, "ember import: %v\n", err)
		return exitInvalid
	}
	if *textures != "" {
		p, err := filepath.Abs(*textures)
		if err == nil {
			opts.Textures, err = roblox.LoadTextureMap(p)
		}
		if err != nil {
			fmt.Fprintf(stderr, "ember import: %v\n", err)
			return exitInvalid
		}
	}
	data, err := readStudioFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
		return exitInvalid
	}
	r, err := roblox.Import(file, data, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	written, err := r.WriteFiles()
	if err != nil {
		fmt.Fprintf(stderr, "ember import: %v\n", err)
		return exitInvalid
	}
	if err := r.Report(stdout); err != nil {
		fmt.Fprintf(stderr, "ember import: %v\n", err)
		return exitInvalid
	}
	switch len(written) {
	case 0:
	case 1:
		fmt.Fprintf(stdout, "\nwrote 1 effect file under %s\n", *dir)
	default:
		fmt.Fprintf(stdout, "\nwrote %d effect files under %s\n", len(written), *dir)
	}
	outside := 0
	for _, e := range r.Emitters {
		if t := e.Spec.Texture; t != "" && !filepath.IsLocal(filepath.FromSlash(t)) {
			outside++
		}
	}
	if outside > 0 {
		fmt.Fprintf(stdout, "%d of them name a texture outside their folder: validate and bake them with --allow-outside, or move the images beside them\n", outside)
	}
	return exitOK
}

const importHelp = `
Reads a Roblox Studio model or place, XML (.rbxmx, .rbxlx) or binary
(.rbxm, .rbxl), and writes one effect file per ParticleEmitter under DIR,
named after its instance path (Workspace/Torch/Flame.yaml). It prints what
became of every property and attribute: carried, defaulted, adjusted to fit
Ember (also commented in the file), or dropped with the reason.

Asset textures cannot be fetched: the effect files use the built-in sprite
unless --textures maps the asset URLs to local images, such as

  rbxassetid://241594419: textures/flame.png
  rbxasset://textures/particles/sparkles_main.dds: textures/sparkle.png

A malformed file is an error "file:offset: message" and exit status 1.
See docs/roblox-import.md.

`

// readStudioFile reads at most roblox.MaxFileSize bytes, and fails on a
// longer file rather than reading it all (or on a named pipe or device).
func readStudioFile(name string) ([]byte, error) {
	data, err := readFile(name, roblox.MaxFileSize)
	if err != nil {
		return nil, err
	}
	if len(data) > roblox.MaxFileSize {
		return nil, fmt.Errorf("larger than the %d bytes a Studio file may have here", roblox.MaxFileSize)
	}
	return data, nil
}
