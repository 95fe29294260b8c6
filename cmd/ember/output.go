package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/texture"
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

// textureOverwritten returns why the output file out would overwrite
// one of the textures of doc, the level read from file, or "" when it
// would not.
func textureOverwritten(out, file string, doc *world.Document) string {
	for _, t := range doc.Textures {
		if in := overwrites(out, texture.ImagePath(filepath.Dir(file), t.Path)); in != "" {
			return fmt.Sprintf("-o %s would overwrite %s, the level's texture %s", out, in, t.Name)
		}
	}
	return ""
}

// bakeMessage is the message of an error from a bake: package bake's
// errors start with its name, which the command's own prefix already
// says.
func bakeMessage(err error) string { return strings.TrimPrefix(err.Error(), "bake: ") }
