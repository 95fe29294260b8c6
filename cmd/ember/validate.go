package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/texture"
)

// runValidate is "ember validate [--allow-outside] FILE...": it decodes each
// effect file and loads the images it names, as bake does.
func runValidate(args []string, stdout, stderr io.Writer) int {
	c := newCommand("validate", "[--allow-outside] FILE...", stdout, stderr)
	allowOutside := allowOutsideFlag(c.fs)
	files, status, ok := c.parse(args)
	if !ok {
		return status
	}
	if len(files) == 0 {
		return c.usageError("no effect files given")
	}
	opts := &texture.LoadOptions{Confine: !*allowOutside}
	for _, f := range files {
		if _, _, _, err := effectfile.LoadWithImages(f, opts); err != nil {
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
