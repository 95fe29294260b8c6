// Command ember works with Ember effect files from the command line.
//
// Usage:
//
//	ember validate [--allow-outside] FILE...
//	ember eval FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--json]
//	ember bake FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--bg #rrggbb] -o OUT
//	ember import FILE.rbxmx|.rbxlx|.rbxm|.rbxl [-o DIR] [--textures MAP.yaml]
//	ember world validate LEVEL...
//	ember world compile LEVEL.yaml -o LEVEL.kwp
//	ember world inspect LEVEL [--json]
//	ember world eval LEVEL --at T [--json]
//	ember help [COMMAND]
//
// validate decodes and validates each effect file and loads the images its
// Texture and ColorStrip name, relative to the file. It prints nothing and
// exits 0 when every file is valid; otherwise it prints every problem of
// every file to stderr as "file:line: field: message" and exits 1. validate
// and bake read images only from the effect file's folder and below it,
// unless given --allow-outside, and only images of at most 2048 pixels on
// a side (texture.MaxEdge).
//
// eval plays the effect from clock 0 with a fixed seed and prints the
// particles alive at clock T, as JSON with --json or as a table:
//
//	{"clock":T,"particles":[{"key":K,"x":..,"y":..,"width":..,"height":..,
//	 "rotation":..,"transparency":..,"color":[r,g,b],"cell":N}]}
//
// Positions are pixels relative to the host's centre, +y down; rotation is
// in degrees clockwise; cell is the 0-based flipbook cell.
//
// import reads a Roblox Studio model or place and writes one effect file
// per ParticleEmitter under DIR, named after its instance path, then
// prints what became of every property (see docs/roblox-import.md).
// The world commands work with levels of world emitters: sources in YAML
// or JSON (docs/world-levels.md) and compiled KWP1 files (docs/kwp1.md).
// "ember help world" describes them.
//
// Exit status: 0 on success, 1 when a file is invalid or cannot be read, 2
// on a usage error (unknown command, missing or malformed flag).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

const usageText = `usage:
  ember validate [--allow-outside] FILE...
      Check effect files and the images they name (PNG, JPEG or GIF, at
      most 2048 pixels a side, in the file's folder unless --allow-outside).
      Prints nothing and exits 0 when all are valid; otherwise prints every
      problem as "file:line: field: message" to stderr and exits 1.
  ember eval FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--json]
      Play the effect from clock 0 and print the particles alive at T
      seconds, as a table or, with --json, as JSON.
  ember bake FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--bg #rrggbb] -o OUT
      Render the effect with the reference rasterizer to a PNG; --sheet CxR
      --from T0 --to T1 makes a sprite sheet, --gif an animated GIF.
  ember import FILE.rbxmx|.rbxlx|.rbxm|.rbxl [-o DIR] [--textures MAP.yaml]
      Write one effect file per ParticleEmitter of a Roblox Studio file
      under DIR (default .) and report what became of each property.
  ember world validate|compile|inspect|eval ...
      Work with world levels: check, compile to KWP1, inspect, evaluate
      (ember help world).
  ember help [COMMAND]
      Show this help, or a command's flags.

Exit status: 0 ok, 1 invalid or unreadable file, 2 usage error.
`

// run is the whole program: it parses args (without the program name),
// writes to stdout and stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText)
		return exitUsage
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "validate":
		return runValidate(rest, stdout, stderr)
	case "eval":
		return runEval(rest, stdout, stderr)
	case "bake":
		return runBake(rest, stdout, stderr)
	case "import":
		return runImport(rest, stdout, stderr)
	case "world":
		return runWorld(rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			switch rest[0] {
			case "validate":
				return runValidate([]string{"-h"}, stdout, stdout)
			case "eval":
				return runEval([]string{"-h"}, stdout, stdout)
			case "bake":
				return runBake([]string{"-h"}, stdout, stdout)
			case "import":
				return runImport([]string{"-h"}, stdout, stdout)
			case "world":
				return runWorld(append([]string{"help"}, rest[1:]...), stdout, stderr)
			}
			fmt.Fprintf(stderr, "ember help: unknown command %q\n", rest[0])
			return exitUsage
		}
		fmt.Fprint(stdout, usageText)
		return exitOK
	default:
		fmt.Fprintf(stderr, "ember: unknown command %q\n\n%s", cmd, usageText)
		return exitUsage
	}
}

// parseInterspersed parses args with fs, allowing flags before and after
// positional arguments (the flag package alone stops at the first
// positional one). Everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newFlagSet makes a subcommand's flag set that reports to stderr.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("ember "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: ember %s %s\n", name, synopsis)
		var b strings.Builder
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
		if b.Len() > 0 {
			fmt.Fprintf(fs.Output(), "flags:\n%s", b.String())
		}
	}
	return fs
}
