package kwp1

import (
	"testing"

	"github.com/emberfx/ember/emitter/world"
)

// benchDocs are the documents the benchmarks encode and decode.
var benchDocs = []struct {
	name string
	doc  func(testing.TB) *world.Document
}{
	{"small", smallDoc},
	{"near-limits", nearLimitsDoc},
}

// BenchmarkDecode is the whole of Decode: the codec, then
// world.ValidateForWorld (which recomputes every emitter's bounds and
// tests them against its sector).
func BenchmarkDecode(b *testing.B) {
	for _, c := range benchDocs {
		b.Run(c.name, func(b *testing.B) {
			data, err := Encode(c.doc(b))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecodeCodec is the codec's part of Decode alone: header,
// scan, allocation and decode, without validation.
func BenchmarkDecodeCodec(b *testing.B) {
	for _, c := range benchDocs {
		b.Run(c.name, func(b *testing.B) {
			data, err := Encode(c.doc(b))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, _, p := decodeBytes(data); p != nil {
					b.Fatal(p)
				}
			}
		})
	}
}

// BenchmarkEncode is the whole of Encode: validation, then the codec.
func BenchmarkEncode(b *testing.B) {
	for _, c := range benchDocs {
		b.Run(c.name, func(b *testing.B) {
			doc := c.doc(b)
			data, err := Encode(doc)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncodeCodec is the codec's part of Encode alone.
func BenchmarkEncodeCodec(b *testing.B) {
	for _, c := range benchDocs {
		b.Run(c.name, func(b *testing.B) {
			doc := c.doc(b)
			data, p := encodeBytes(doc)
			if p != nil {
				b.Fatal(p)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				encodeBytes(doc)
			}
		})
	}
}
