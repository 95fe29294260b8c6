// Package kwp1 is the KWP1 binary codec of world levels: a compiled
// [world.Document] as a bounded little-endian file of at most
// world.MaxEncodedSize bytes, laid out as docs/kwp1.md describes.
//
// [Decode] trusts nothing in its input. It checks the header and the
// section table first, then scans every section, checking each count
// against its limit and against the bytes left before anything is
// allocated, each float for finiteness, each enum and string; only then
// does it allocate (once per element type, sized by the scan) and decode.
// The document it decoded must pass [world.ValidateForWorld], which
// catches invalid references and forged bounds. The memory Decode uses is
// therefore bounded by the size of its input, whatever the input claims.
//
// The codec is generated from kwp1.schema by internal/codegen/binary
// (go generate ./emitter/world/...); codec_gen.go is checked in.
package kwp1

import (
	"errors"

	"github.com/emberfx/ember/emitter/world"
)

// Encode returns the KWP1 encoding of d. It refuses a document that fails
// [world.ValidateForWorld] (which also bounds what the format's counts
// and sizes hold), one with a string the format cannot hold (invalid
// UTF-8, a control character) and one that would be more than
// world.MaxEncodedSize bytes; the error is an [*Error].
//
// Encoding is canonical: Decode(Encode(d)) equals d (with empty lists
// nil), and encoding the decoded document gives the same bytes.
func Encode(d *world.Document) ([]byte, error) {
	if err := world.ValidateForWorld(d); err != nil {
		return nil, validationError(err, nil)
	}
	b, p := encodeBytes(d)
	if p != nil {
		return nil, &Error{Problems: []Problem{*p}}
	}
	return b, nil
}

// Decode decodes a KWP1 file. A malformed file gets an [*Error] with one
// [Problem] naming the byte offset and the field at fault; a well-formed
// file whose document fails [world.ValidateForWorld] gets one Problem per
// validation problem, each at the offset of the field it names, and the
// Error unwraps to the validation error. On error the document is zero.
func Decode(data []byte) (world.Document, error) {
	doc, secs, p := decodeBytes(data)
	if p != nil {
		return world.Document{}, &Error{Problems: []Problem{*p}}
	}
	if err := world.ValidateForWorld(&doc); err != nil {
		return world.Document{}, validationError(err, func(paths []string) *locator {
			return locate(data, secs, paths)
		})
	}
	return doc, nil
}

// validationError turns a validation error into an *Error, placing each
// problem at the offset of its field when a file is at hand (locate is
// nil when encoding).
func validationError(err error, locate func(paths []string) *locator) error {
	var list world.Problems
	if !errors.As(err, &list) {
		return &Error{Problems: []Problem{{Offset: -1, Message: err.Error()}}, Validation: err}
	}
	paths := make([]string, len(list))
	for i, p := range list {
		paths[i] = p.Field
	}
	var l *locator
	if locate != nil {
		l = locate(paths)
	}
	e := &Error{Problems: make([]Problem, len(list)), Validation: err}
	for i, p := range list {
		off := -1
		if l != nil {
			off = l.offset(p.Field)
		}
		e.Problems[i] = Problem{Offset: off, Field: p.Field, Message: p.Message}
	}
	return e
}

// decodeBytes decodes data without validating the document it holds:
// the header and section table, then a scan of every section, then the
// allocations the scan sized, then the decode.
func decodeBytes(data []byte) (world.Document, *[numSections]section, *Problem) {
	secs, p := readHeader(data)
	if p != nil {
		return world.Document{}, nil, p
	}
	s := newScanner(data, &secs)
	scanDocument(s)
	if s.err != nil {
		return world.Document{}, nil, s.err
	}
	d := decoder{data: data, secs: &secs}
	d.pools.alloc(&s.totals)
	d.strs.Grow(s.strBytes)
	var doc world.Document
	decodeDocument(&d, &doc)
	return doc, &secs, nil
}

// encodeBytes encodes d without validating it.
func encodeBytes(d *world.Document) ([]byte, *Problem) {
	size := tableEnd
	for i, n := range sectionCounts(d) {
		size += n * sectionSpecs[i].minRecord * 2
	}
	w := newWriter(min(size, world.MaxEncodedSize))
	appendDocument(w, d)
	if w.err != nil {
		return nil, w.err
	}
	if n := len(w.buf); n > world.MaxEncodedSize {
		return nil, problemf(-1, "", "the encoded document is %d bytes, more than the limit of %d", n, world.MaxEncodedSize)
	}
	putHeader(w.buf, &w.secs)
	return w.buf, nil
}
