package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emberfx/ember/internal/codegen/binary"
)

const schema = `package demo
import m example.com/model
magic DEMO
version 1
record Point m.Point
	x X f64
document m.Doc DOCM
	points Points section PNTS 8 Point
`

// TestRun: binarygen writes what binary.GenerateFile gives for the
// schema, named by its base name.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "demo.schema"), filepath.Join(dir, "demo_gen.go")
	if err := os.WriteFile(in, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := binary.GenerateFile("demo.schema", []byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the written file differs from GenerateFile's output")
	}
}

// TestRunErrors: a missing or malformed schema is an error naming the
// file (and line), and nothing is written.
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.go")
	if err := run(filepath.Join(dir, "missing.schema"), out); err == nil || !strings.Contains(err.Error(), "missing.schema") {
		t.Errorf("missing schema: error %v", err)
	}
	bad := filepath.Join(dir, "bad.schema")
	if err := os.WriteFile(bad, []byte(strings.Replace(schema, "x X f64", "x X f65", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(bad, out)
	if err == nil || !strings.Contains(err.Error(), "bad.schema:6: unknown type \"f65\"") {
		t.Errorf("bad schema: error %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("an output was written: %v", err)
	}
}
