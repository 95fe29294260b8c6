package kwp1

import (
	"bytes"
	"errors"
	"testing"
)

// maxFuzzSeed leaves the near-limits document and the 1 MiB inputs out
// of the seeds: mutating half a megabyte slows every execution, and the
// tests cover them.
const maxFuzzSeed = 64 << 10

// FuzzDecode: Decode never panics; it either refuses the input with an
// *Error whose problems lie inside the file, or decodes a document that
// encodes back to exactly the input (the encoding is canonical).
func FuzzDecode(f *testing.F) {
	f.Add(goldenBytes(f))
	for _, c := range testDocs {
		data, err := Encode(c.doc(f))
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= maxFuzzSeed {
			f.Add(data)
		}
	}
	for _, c := range malformed {
		if data := c.data(f); len(data) <= maxFuzzSeed {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Decode(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T %v, want *Error", err, err)
			}
			if len(e.Problems) == 0 {
				t.Fatal("an *Error without problems")
			}
			for _, p := range e.Problems {
				if p.Offset < -1 || p.Offset > len(data) || p.Message == "" {
					t.Fatalf("bad problem %+v for %d bytes", p, len(data))
				}
			}
			return
		}
		again, err := Encode(&doc)
		if err != nil {
			t.Fatalf("a decoded document does not encode: %v", err)
		}
		if !bytes.Equal(again, data) {
			t.Fatalf("re-encoding gives other bytes:\n got % x\nwant % x", again, data)
		}
	})
}
