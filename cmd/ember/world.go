package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/kwp1"
	"github.com/emberfx/ember/texture/leveltex"
)

// worldCommand is one "ember world" subcommand.
type worldCommand struct {
	name, synopsis, help string
	run                  func(c *worldCommand, args []string, stdout, stderr io.Writer) int
}

var worldCommands []*worldCommand

func init() {
	worldCommands = []*worldCommand{
		{"validate", "LEVEL...",
			`Compile level sources (.yaml, .yml or .json) and decode compiled levels
(.kwp) without writing anything; a compiled level's textures must also be
the images it was compiled with, read from its folder. Prints nothing and
exits 0 when all are valid; otherwise prints every problem as
"file:line: field: message" ("file: offset N: field: message" for a .kwp)
to stderr and exits 1.`,
			runWorldValidate},
		{"compile", "LEVEL.yaml -o LEVEL.kwp",
			`Compile a level source to a KWP1 file: resolve names and textures
(PNG files relative to the level file), normalize yaws, compute every
emitter's bounds and validate; refuse a result over 1 MiB. Prints the
file written and its size. A compiled level reads its textures from its
own folder, by the paths it was compiled with: when they are not there
(a .kwp written elsewhere), it says so on stderr and still exits 0.`,
			runWorldCompile},
		{"inspect", "LEVEL [--json]",
			`Print every texture, preset, sector and emitter of a level (.kwp, or a
source, compiled first), each emitter's schedule (births per emission,
cycle groups, the slots it reserves), the slots used in all and the
features a host needs.`,
			runWorldInspect},
		{"eval", "LEVEL --at T [--json]",
			`Evaluate a level (.kwp, or a source, compiled first) on the CPU and print
the particles alive at level clock T seconds, keyed by emitter and slot,
in world units (z up), as a table or, with --json, as JSON.`,
			runWorldEval},
		{"bake", worldBakeSynopsis, worldBakeHelp, runWorldBake},
	}
}

// worldUsageText is "ember help world".
func worldUsageText() string {
	var b strings.Builder
	b.WriteString("usage:\n")
	for _, c := range worldCommands {
		fmt.Fprintf(&b, "  ember world %s %s\n", c.name, c.synopsis)
		for _, line := range strings.Split(c.help, "\n") {
			fmt.Fprintf(&b, "      %s\n", line)
		}
	}
	b.WriteString("\nThe level format is in docs/world-levels.md.\nExit status: 0 ok, 1 invalid or unreadable file, 2 usage error.\n")
	return b.String()
}

// runWorld is "ember world COMMAND ...".
func runWorld(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "ember world: no command given")
		return worldHint(stderr, nil)
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			fmt.Fprint(stdout, worldUsageText())
			return exitOK
		}
		if c := findWorldCommand(rest[0]); c != nil {
			return c.run(c, []string{"-h"}, stdout, stderr)
		}
		fmt.Fprintf(stderr, "ember world help: unknown command %q\n", rest[0])
		return worldHint(stderr, nil)
	}
	c := findWorldCommand(name)
	if c == nil {
		fmt.Fprintf(stderr, "ember world: unknown command %q\n", name)
		return worldHint(stderr, nil)
	}
	return c.run(c, rest, stdout, stderr)
}

func findWorldCommand(name string) *worldCommand {
	for _, c := range worldCommands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// worldHint ends a usage error, after its one line, with the command's
// synopsis (or the list of commands) and where the help is; it returns
// exitUsage.
func worldHint(stderr io.Writer, c *worldCommand) int {
	if c == nil {
		names := make([]string, len(worldCommands))
		for i, c := range worldCommands {
			names[i] = c.name
		}
		fmt.Fprintf(stderr, "usage: ember world %s ... (see ember help world)\n", strings.Join(names, "|"))
	} else {
		fmt.Fprintf(stderr, "usage: ember world %s %s (see ember world help %s)\n", c.name, c.synopsis, c.name)
	}
	return exitUsage
}

// parse parses a subcommand's flags and positional arguments. A flag
// error is one line and the hint; -h prints the command's help to stdout.
// ok is false when the command should stop with status.
func (c *worldCommand) parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, status int, ok bool) {
	fs.Init("ember world "+c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	pos, twice, err := parseOnce(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(stdout, "usage: ember world %s %s\n\n%s\n", c.name, c.synopsis, c.help)
		var b strings.Builder
		fs.SetOutput(&b)
		fs.PrintDefaults()
		if b.Len() > 0 {
			fmt.Fprintf(stdout, "\nflags:\n%s", b.String())
		}
		return nil, exitOK, false
	case err != nil: // the flag package wrote the line
		return nil, worldHint(stderr, c), false
	case twice != "":
		return nil, c.usageError(stderr, "%s", twiceProblem(twice)), false
	}
	return pos, exitOK, true
}

// level parses the command line of a command that reads one level, checks
// the rest of it with check (a usage problem, or ""; nil for none) and
// loads the level with loadDocument, printing its problems. ok is false
// when the command should stop with status.
func (c *worldCommand) level(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, check func(file string) string) (file string, doc world.Document, status int, ok bool) {
	files, status, ok := c.parse(fs, args, stdout, stderr)
	if !ok {
		return "", doc, status, false
	}
	if len(files) != 1 {
		return "", doc, c.usageError(stderr, "want one level, got %d", len(files)), false
	}
	if check != nil {
		if msg := check(files[0]); msg != "" {
			return "", doc, c.usageError(stderr, "%s", msg), false
		}
	}
	doc, err := loadDocument(files[0])
	if err != nil {
		printProblems(stderr, err)
		return "", doc, exitInvalid, false
	}
	return files[0], doc, exitOK, true
}

// usageError reports a usage error: one line, then the hint.
func (c *worldCommand) usageError(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "ember world %s: %s\n", c.name, fmt.Sprintf(format, args...))
	return worldHint(stderr, c)
}

// isCompiled reports whether a file name is a compiled level's: it ends
// in ".kwp", in any case.
func isCompiled(name string) bool { return strings.EqualFold(filepath.Ext(name), ".kwp") }

// loadDocument returns the document of a compiled level (.kwp), decoded,
// or of a level source, compiled. Its error is emitter.Problems naming
// the file.
func loadDocument(path string) (world.Document, error) {
	if !isCompiled(path) {
		return compileLevel(path)
	}
	data, err := readFile(path, world.MaxEncodedSize)
	if err != nil {
		return world.Document{}, emitter.Problems{{File: path, Message: "cannot read the file: " + err.Error()}}
	}
	doc, err := kwp1.Decode(data)
	if err != nil {
		var ke *kwp1.Error
		if !errors.As(err, &ke) {
			return world.Document{}, emitter.Problems{{File: path, Message: err.Error()}}
		}
		ps := make(emitter.Problems, len(ke.Problems))
		for i, p := range ke.Problems {
			ps[i] = emitter.Problem{File: path, Message: p.String()}
		}
		return world.Document{}, ps
	}
	return doc, nil
}

// runWorldValidate is "ember world validate LEVEL...".
func runWorldValidate(c *worldCommand, args []string, stdout, stderr io.Writer) int {
	files, status, ok := c.parse(new(flag.FlagSet), args, stdout, stderr)
	if !ok {
		return status
	}
	if len(files) == 0 {
		return c.usageError(stderr, "no level files given")
	}
	for _, f := range files {
		doc, err := loadDocument(f)
		if err != nil {
			printProblems(stderr, err)
			status = exitInvalid
			continue
		}
		// A source resolved its textures while compiling; a compiled level
		// names them, and bake and a game read them from its folder.
		if isCompiled(f) {
			if _, err := leveltex.Prepare(&doc, &leveltex.Options{Dir: filepath.Dir(f)}); err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", f, err)
				status = exitInvalid
			}
		}
	}
	return status
}

// runWorldCompile is "ember world compile LEVEL.yaml -o LEVEL.kwp".
func runWorldCompile(c *worldCommand, args []string, stdout, stderr io.Writer) int {
	fs := new(flag.FlagSet)
	var out string
	fs.StringVar(&out, "o", "", "the compiled level `FILE` to write, a name ending in .kwp (required)")
	file, doc, status, ok := c.level(fs, args, stdout, stderr, func(file string) string {
		switch {
		case out == "":
			return "-o LEVEL.kwp is required"
		case isCompiled(file):
			return file + " is compiled already; give its source (.yaml, .yml or .json)"
		case overwrites(out, file) != "":
			return "-o " + out + " would overwrite the source"
		case !isCompiled(out):
			// The other commands read a level as compiled by its name.
			return "-o " + out + " does not end in .kwp; a compiled level is read as one by its name"
		}
		return ""
	})
	if !ok {
		return status
	}
	if msg := textureOverwritten(out, file, &doc); msg != "" {
		return c.usageError(stderr, "%s", msg)
	}
	data, err := kwp1.Encode(&doc)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
		return exitInvalid
	}
	if err := writeWhole(out, data); err != nil {
		fmt.Fprintf(stderr, "ember world compile: %v\n", err)
		return exitInvalid
	}
	fmt.Fprintf(stdout, "%s: %d bytes (%.1f%% of the %d MiB limit); %d textures, %d presets, %d sectors, %d emitters\n",
		out, len(data), 100*float64(len(data))/world.MaxEncodedSize, world.MaxEncodedSize>>20,
		len(doc.Textures), len(doc.Presets), len(doc.Sectors), len(doc.Emitters))
	// Compiling read the textures from the source's folder: only a level
	// written elsewhere needs them looked for again.
	if filepath.Clean(filepath.Dir(out)) != filepath.Clean(filepath.Dir(file)) {
		if _, err := leveltex.Prepare(&doc, &leveltex.Options{Dir: filepath.Dir(out)}); err != nil {
			fmt.Fprintf(stderr, "%s: warning: %v\n  a compiled level reads its textures from its own folder: write it beside %s, or copy its textures there\n", out, err, file)
		}
	}
	return exitOK
}
