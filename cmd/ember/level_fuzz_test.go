package main

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/emitter/world/kwp1"
	"github.com/emberfx/ember/emitter/world/source"
)

// squareTextures resolves every texture without reading files: a 64×64
// image, or 32×32 when the path has "small" in it (so frames can differ in
// size), and no image when it has "missing".
var squareTextures = source.TextureResolverFunc(func(t source.Texture) (world.Texture, error) {
	switch {
	case strings.Contains(t.Path, "missing"):
		return world.Texture{}, errors.New("cannot read " + t.Path)
	case strings.Contains(t.Path, "small"):
		return world.Texture{Path: t.Path, Width: 32, Height: 32}, nil
	}
	return world.Texture{Path: t.Path, Width: 64, Height: 64}, nil
})

// FuzzLevel decodes and compiles arbitrary level sources: no input may
// panic or hang; every problem names the file and a line of it; a level
// that compiles is valid and survives the KWP1 codec unchanged.
func FuzzLevel(f *testing.F) {
	// The large inputs (the level at the limits, an alias bomb) are left
	// to the unit tests: a fuzzing worker spends seconds on each.
	if data, err := os.ReadFile(cryptLevel); err == nil {
		f.Add(data, false)
	}
	f.Add([]byte(hallYAML), false)
	f.Add([]byte(`{"presets": {"p": {"lifetime": 1, "sprite": {"frames": ["t"]}}}, "textures": {"t": "small.png"}}`), true)
	f.Add([]byte("presets: {p: {lifetime: [1], sprite: {frames: [t, t]}}}\ntextures: {t: missing.png}\n"), false)
	f.Add([]byte("emitters: {e: {preset: p, sector: s, seed: 4294967296, scale: 0, yaw: 1e308}}\n"), false)
	f.Add([]byte("sectors: {s: {points: [{x: 0}, {y: 1}, {x: 1, y: 1}], ceiling: 1, portals: [{edge: 9, sector: s}]}}\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		name := "level.yaml"
		if asJSON {
			name = "level.json"
		}
		var ld levelDecoder
		lv := ld.parse(name, data)
		doc, err := ld.compile(&lv, squareTextures)
		// The document reader puts a syntax error at the end of a file
		// that lacks a final newline on the line after the last.
		lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 2
		if err != nil {
			var ps emitter.Problems
			if !errors.As(err, &ps) || len(ps) == 0 {
				t.Fatalf("error %v (%T) is not Problems", err, err)
			}
			for _, p := range ps {
				if p.File != name || p.Line < 1 || p.Line > lines || p.Message == "" {
					t.Fatalf("problem %+v: want file %s, a line in [1, %d] and a message", p, name, lines)
				}
			}
			if !reflect.DeepEqual(doc, world.Document{}) {
				t.Fatalf("a document with the error %v", err)
			}
			return
		}
		if err := world.ValidateForWorld(&doc); err != nil {
			t.Fatalf("the compiled document is invalid: %v", err)
		}
		enc, err := kwp1.Encode(&doc)
		if err != nil {
			return // over the size limit
		}
		dec, err := kwp1.Decode(enc)
		if err != nil {
			t.Fatalf("decoding the encoded document: %v", err)
		}
		if again, _ := kwp1.Encode(&dec); !bytes.Equal(again, enc) {
			t.Fatalf("re-encoding differs")
		}
	})
}
