// Command binarygen writes a codec from a schema of package
// internal/codegen/binary:
//
//	binarygen -o codec_gen.go kwp1.schema
//
// It is run by go generate (see emitter/world/kwp1/generate.go).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/emberfx/ember/internal/codegen/binary"
)

func main() {
	out := flag.String("o", "", "the Go file to write")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: binarygen -o FILE.go SCHEMA")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out); err != nil {
		fmt.Fprintln(os.Stderr, "binarygen:", err)
		os.Exit(1)
	}
}

func run(schemaPath, out string) error {
	src, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	code, err := binary.GenerateFile(filepath.Base(schemaPath), src)
	if err != nil {
		return err
	}
	return os.WriteFile(out, code, 0o644)
}
