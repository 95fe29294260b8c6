package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// runValidate is "ember validate FILE...".
func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", "FILE...", stderr)
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
	for _, f := range files {
		if _, err := effectfile.Load(f); err != nil {
			printProblems(stderr, err)
			status = exitInvalid
		}
	}
	return status
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
