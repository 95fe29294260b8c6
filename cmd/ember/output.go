package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeOutput writes a bake's file to out ("-": stdout) and returns the
// exit status, the error reported as cmd's.
func writeOutput(cmd, out string, data []byte, stdout, stderr io.Writer) int {
	var err error
	if out == "-" {
		_, err = stdout.Write(data)
	} else {
		err = writeWhole(out, data)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		return exitInvalid
	}
	return exitOK
}

// writeWhole writes data to the file name, as os.WriteFile does, but
// leaves no partial file behind: when the file was opened and writing it
// failed (a full disk), the regular file it truncated is removed. A file
// that cannot be opened is left as it was.
func writeWhole(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if fi, serr := os.Stat(name); serr == nil && fi.Mode().IsRegular() {
			os.Remove(name)
		}
	}
	return err
}

// overwrites returns the first of inputs that the output file out is,
// the same file however it is spelt (another path, a link), or "" when
// it is none of them or does not exist yet. Standard output ("-") is
// never an input.
func overwrites(out string, inputs ...string) string {
	if out == "-" {
		return ""
	}
	oi, err := os.Stat(out)
	if err != nil {
		return ""
	}
	for _, in := range inputs {
		if ii, err := os.Stat(in); err == nil && os.SameFile(oi, ii) {
			return in
		}
	}
	return ""
}

// besideFile resolves the slash-separated path name relative to the
// folder of the file it is written in, as images are read (an absolute
// name stays as it is).
func besideFile(file, name string) string {
	p := filepath.FromSlash(name)
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(file), p)
}
