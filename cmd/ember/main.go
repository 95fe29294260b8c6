// Command ember works with Ember effect files from the command line.
//
// Usage:
//
//	ember validate [--allow-outside] FILE...
//	ember eval FILE --at T [--seed S] [--emit N[@T0]]... [--host WxH] [--json]
//	ember bake FILE (--at T | --sheet CxR --from T0 --to T1 | --gif [--from T0] (--to T1 | --at T) [--fps N]) [--seed S] [--emit N[@T0]]... [--host WxH] [--canvas WxH | --pad N] [--bg #rrggbb] [--allow-outside] -o OUT
//	ember import FILE.rbxmx|.rbxlx|.rbxm|.rbxl [-o DIR] [--textures MAP.yaml]
//	ember world validate LEVEL...
//	ember world compile LEVEL.yaml -o LEVEL.kwp
//	ember world inspect LEVEL [--json]
//	ember world eval LEVEL --at T [--json]
//	ember world bake LEVEL --camera X,Y,Z,PITCH,ZOOM[,YAW] (--at T | --gif ...) -o OUT
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
// bake renders the effect with the reference rasterizer into a PNG frame,
// a PNG sprite sheet or an animated GIF (a .gif -o name, or --gif), on a
// canvas that holds the effect's conservative bounds with --pad pixels
// around them (8 by default), or of --canvas's size. It refuses a bake of
// more than 50,000,000 particles or 1,000,000,000 pixels of work over all
// its frames before drawing anything, and GIF rates outside 0.0015259
// (100/65535) to 100 frames per second.
//
// import reads a Roblox Studio model or place and writes one effect file
// per ParticleEmitter under DIR, named after its instance path, then
// prints what became of every property (see docs/roblox-import.md).
// The world commands work with levels of world emitters: sources in YAML
// or JSON (docs/world-levels.md) and compiled KWP1 files (docs/kwp1.md).
// "ember help world" describes them.
//
// Exit status: 0 on success, 1 when a file is invalid or cannot be read, 2
// on a usage error (unknown command, missing or malformed flag), which is
// one line saying what is wrong and one with the command's synopsis.
package main

import (
	"errors"
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
  ember bake FILE (--at T | --sheet CxR --from T0 --to T1 | --gif [--from T0] (--to T1 | --at T) [--fps N])
             [--seed S] [--emit N[@T0]]... [--host WxH] [--canvas WxH | --pad N] [--bg #rrggbb] [--allow-outside] -o OUT
      Render the effect with the reference rasterizer to a PNG frame at T
      on a canvas that holds it, a PNG sprite sheet of C x R frames from T0
      to T1, or an animated GIF (--gif, or -o OUT.gif without --sheet). The
      work is bounded (ember help bake).
  ember import FILE.rbxmx|.rbxlx|.rbxm|.rbxl [-o DIR] [--textures MAP.yaml]
      Write one effect file per ParticleEmitter of a Roblox Studio file
      under DIR (default .) and report what became of each property.
  ember world validate|compile|inspect|eval|bake ...
      Work with world levels: check, compile to KWP1, inspect, evaluate,
      render a camera's view (ember help world).
  ember help [COMMAND]
      Show this help, or a command's flags.

Exit status: 0 ok, 1 invalid or unreadable file, 2 usage error.
`

// run is the whole program: it parses args (without the program name),
// writes to stdout and stderr, and returns the exit status. A command that
// succeeded but could not write all its standard output (a summary, help)
// exits 1 saying so, as a full disk or a closed pipe should.
func run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	status := dispatch(args, out, stderr)
	if status == exitOK && out.err != nil {
		fmt.Fprintf(stderr, "ember: cannot write the standard output: %v\n", out.err)
		return exitInvalid
	}
	return status
}

// checkedWriter keeps the first error of its writer.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// dispatch runs the command args names.
func dispatch(args []string, stdout, stderr io.Writer) int {
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
				return runValidate([]string{"-h"}, stdout, stderr)
			case "eval":
				return runEval([]string{"-h"}, stdout, stderr)
			case "bake":
				return runBake([]string{"-h"}, stdout, stderr)
			case "import":
				return runImport([]string{"-h"}, stdout, stderr)
			case "world":
				return runWorld(append([]string{"help"}, rest[1:]...), stdout, stderr)
			}
			fmt.Fprintf(stderr, "ember help: unknown command %q\n%s", rest[0], commandsHint)
			return exitUsage
		}
		fmt.Fprint(stdout, usageText)
		return exitOK
	default:
		fmt.Fprintf(stderr, "ember: unknown command %q\n%s", cmd, commandsHint)
		return exitUsage
	}
}

// commandsHint ends a usage error about the command itself.
const commandsHint = "usage: ember validate|eval|bake|import|world|help ... (ember help for more)\n"

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

// command is a subcommand's command line, read the same way by every
// command: flags before and after the files, a usage error as one line and
// a hint, -h as the synopsis, the about text and the flags on stdout.
type command struct {
	name, synopsis string
	about          string // more help after the synopsis, or ""
	fs             *flag.FlagSet
	stdout, stderr io.Writer
}

// newCommand starts the command line of "ember name synopsis"; define its
// flags on fs, then parse.
func newCommand(name, synopsis string, stdout, stderr io.Writer) *command {
	fs := flag.NewFlagSet("ember "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports the errors
	fs.Usage = func() {}
	return &command{name: name, synopsis: synopsis, fs: fs, stdout: stdout, stderr: stderr}
}

// parse parses args and returns the positional arguments. ok is false
// when the command should stop with status: after -h, or a usage error.
func (c *command) parse(args []string) (pos []string, status int, ok bool) {
	pos, twice, err := parseOnce(c.fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(c.stdout, "usage: ember %s %s\n%s", c.name, c.synopsis, c.about)
		var b strings.Builder
		c.fs.SetOutput(&b)
		c.fs.PrintDefaults()
		c.fs.SetOutput(io.Discard)
		if b.Len() > 0 {
			fmt.Fprintf(c.stdout, "flags:\n%s", b.String())
		}
		return nil, exitOK, false
	case err != nil:
		return nil, c.usageError("%v", err), false
	case twice != "":
		return nil, c.usageError("%s", twiceProblem(twice)), false
	}
	return pos, exitOK, true
}

// repeatable marks a flag value that collects every use (--emit).
type repeatable interface{ repeatable() }

// countedValue is a flag's value while the command line is parsed: it
// names, in *twice, the first flag used a second time that is not
// repeatable.
type countedValue struct {
	flag.Value
	name  string
	uses  int
	twice *string
}

func (v *countedValue) Set(s string) error {
	if v.uses++; v.uses == 2 && *v.twice == "" {
		if _, ok := v.Value.(repeatable); !ok {
			*v.twice = v.name
		}
	}
	return v.Value.Set(s)
}

// IsBoolFlag keeps a boolean flag usable without a value (--gif).
func (v *countedValue) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseOnce is parseInterspersed, and also returns the name of the first
// flag given more than once that is not repeatable, or "". The flag
// package keeps the last of a repeated flag silently, and a second --seed
// or --at is more likely a slip than a wish.
func parseOnce(fs *flag.FlagSet, args []string) (pos []string, twice string, err error) {
	fs.VisitAll(func(f *flag.Flag) {
		f.Value = &countedValue{Value: f.Value, name: f.Name, twice: &twice}
	})
	pos, err = parseInterspersed(fs, args)
	fs.VisitAll(func(f *flag.Flag) { f.Value = f.Value.(*countedValue).Value })
	return pos, twice, err
}

// given reports whether the command line parsed by fs set the flag name.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// twiceProblem is the usage problem of a flag given twice, the flag
// spelt as the help spells it (-o, --seed).
func twiceProblem(name string) string {
	dash := "--"
	if len(name) == 1 {
		dash = "-"
	}
	return fmt.Sprintf("%s%s is given more than once; give it once", dash, name)
}

// usageError reports a usage error, one line, then the hint, and returns
// exitUsage.
func (c *command) usageError(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "ember %s: %s\n", c.name, fmt.Sprintf(format, args...))
	fmt.Fprintf(c.stderr, "usage: ember %s %s (ember help %s for more)\n", c.name, c.synopsis, c.name)
	return exitUsage
}
