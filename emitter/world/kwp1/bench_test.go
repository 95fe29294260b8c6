package kwp1

import (
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// benchEach runs op on the small and the near-limits documents, counting
// the bytes of their encodings per operation.
func benchEach(b *testing.B, op func(b *testing.B, doc *world.Document, data []byte)) {
	for _, c := range []struct {
		name string
		doc  func(testing.TB) *world.Document
	}{{"small", smallDoc}, {"near-limits", nearLimitsDoc}} {
		b.Run(c.name, func(b *testing.B) {
			doc := c.doc(b)
			data, err := Encode(doc)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			op(b, doc, data)
		})
	}
}

// BenchmarkDecode is the whole of Decode: the codec, then
// world.ValidateForWorld (which recomputes every emitter's bounds and
// tests them against its sector).
func BenchmarkDecode(b *testing.B) {
	benchEach(b, func(b *testing.B, _ *world.Document, data []byte) {
		for b.Loop() {
			if _, err := Decode(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDecodeCodec is the codec's part of Decode alone: header,
// scan, allocation and decode, without validation.
func BenchmarkDecodeCodec(b *testing.B) {
	benchEach(b, func(b *testing.B, _ *world.Document, data []byte) {
		for b.Loop() {
			if _, _, p := decodeBytes(data); p != nil {
				b.Fatal(p)
			}
		}
	})
}

// BenchmarkEncode is the whole of Encode: validation, then the codec.
func BenchmarkEncode(b *testing.B) {
	benchEach(b, func(b *testing.B, doc *world.Document, _ []byte) {
		for b.Loop() {
			if _, err := Encode(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEncodeCodec is the codec's part of Encode alone.
func BenchmarkEncodeCodec(b *testing.B) {
	benchEach(b, func(b *testing.B, doc *world.Document, _ []byte) {
		for b.Loop() {
			if _, p := encodeBytes(doc); p != nil {
				b.Fatal(p)
			}
		}
	})
}
