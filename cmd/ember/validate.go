package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/texture"
)

// runValidate is "ember validate [--allow-outside] FILE...": it decodes each
// effect file and loads the images it names, as bake does.
func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", "[--allow-outside] FILE...", stderr)
	allowOutside := allowOutsideFlag(fs)
	files, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		return exitUsage
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "ember validate: no effect files given")
		fs.Usage()
		return exitUsage
	}
	status := exitOK
	opts := &texture.LoadOptions{Confine: !*allowOutside}
	for _, f := range files {
		if _, _, _, err := texture.LoadEffect(f, opts); err != nil {
			printProblems(stderr, err)
			status = exitInvalid
		}
	}
	return status
}

// allowOutsideFlag defines --allow-outside: images are confined to the
// effect file's folder unless it is given (texture.LoadOptions).
func allowOutsideFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("allow-outside", false, "let Texture and ColorStrip name images outside the effect file's folder (absolute paths, ..)")
}

// printProblems writes every problem of err, one per line.
func printProblems(w io.Writer, err error) {
	var ps emitter.Problems
	if errors.As(err, &ps) {
		for _, p := range ps {
			fmt.Fprintln(w, p.String())
		}
		return
	}
	fmt.Fprintln(w, err)
}
