package kwp1

import (
	"bytes"
	"os"
	"testing"

	"github.com/emberfx/ember/internal/codegen/binary"
)

// TestGeneratedCodecIsCurrent regenerates the codec from kwp1.schema in
// memory and fails when codec_gen.go differs: edit the schema or the
// generator, then run go generate ./emitter/world/....
func TestGeneratedCodecIsCurrent(t *testing.T) {
	schema, err := os.ReadFile("kwp1.schema")
	if err != nil {
		t.Fatal(err)
	}
	want, err := binary.GenerateFile("kwp1.schema", schema)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("codec_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("codec_gen.go is stale: run go generate ./emitter/world/...")
	}
}
