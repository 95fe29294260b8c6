package kwp1

import (
	"encoding/binary"
	"fmt"

	"github.com/emberfx/ember/emitter/world"
)

// The common version-1 bounded header (docs/kwp1.md, "Header"): 16 bytes,
// then a table of one 16-byte entry per section, then the sections.
const (
	headerSize = 16
	entrySize  = 16

	offMagic        = 0
	offVersion      = 4
	offFlags        = 6
	offPayload      = 8
	offSectionCount = 12
	offReserved     = 14

	entryTag    = 0
	entryOffset = 4
	entryLength = 8
	entryCount  = 12

	numSections = len(sectionSpecs)
	// tableEnd is where the first section starts.
	tableEnd = headerSize + numSections*entrySize
)

// sectionSpec is what a section must be: its tag, its name in errors, the
// most records it may hold and the fewest bytes one record takes.
type sectionSpec struct {
	tag       string
	name      string
	max       int
	minRecord int
}

// section is a checked entry of the section table.
type section struct {
	offset, length, count int
}

// readHeader checks the header and the section table: every length,
// offset and count against the file and the limits, before anything is
// read from a section.
func readHeader(data []byte) ([numSections]section, *Problem) {
	var secs [numSections]section
	le := binary.LittleEndian
	if len(data) > world.MaxEncodedSize {
		return secs, problemf(world.MaxEncodedSize, "file",
			"%d bytes, more than the limit of %d", len(data), world.MaxEncodedSize)
	}
	if len(data) < headerSize {
		return secs, problemf(len(data), "header",
			"truncated: the file has %d bytes, the header needs %d", len(data), headerSize)
	}
	if m := string(data[offMagic:4]); m != magic {
		return secs, problemf(offMagic, "header.magic", "%q is not %q: not a KWP1 file", m, magic)
	}
	if v := le.Uint16(data[offVersion:]); v != formatVersion {
		return secs, problemf(offVersion, "header.version",
			"format version %d is not supported; this decoder reads version %d", v, formatVersion)
	}
	if f := le.Uint16(data[offFlags:]); f != 0 {
		return secs, problemf(offFlags, "header.flags",
			"0x%04x: every flag bit is reserved and must be zero", f)
	}
	follow := len(data) - headerSize
	switch n := int(le.Uint32(data[offPayload:])); {
	case n > follow:
		return secs, problemf(offPayload, "header.payload_length",
			"%d bytes, but only %d follow the header: the file is truncated", n, follow)
	case n < follow:
		return secs, problemf(headerSize+n, "header.payload_length",
			"%d trailing bytes after the %d-byte payload", follow-n, n)
	}
	if n := int(le.Uint16(data[offSectionCount:])); n != numSections {
		return secs, problemf(offSectionCount, "header.section_count", "%d sections; want %d", n, numSections)
	}
	if r := le.Uint16(data[offReserved:]); r != 0 {
		return secs, problemf(offReserved, "header.reserved", "0x%04x: reserved, must be zero", r)
	}
	if len(data) < tableEnd {
		return secs, problemf(len(data), "header.sections",
			"truncated: the file has %d bytes, the section table ends at %d", len(data), tableEnd)
	}
	next := tableEnd
	for i, spec := range sectionSpecs {
		e := headerSize + i*entrySize
		field := func(name string) string { return fmt.Sprintf("header.sections[%d].%s", i, name) }
		if tag := string(data[e+entryTag : e+entryTag+4]); tag != spec.tag {
			return secs, problemf(e+entryTag, field("tag"),
				"%q; want %q (%s): the sections come in a fixed order", tag, spec.tag, spec.name)
		}
		off := int(le.Uint32(data[e+entryOffset:]))
		if off != next {
			return secs, problemf(e+entryOffset, field("offset"),
				"%d; want %d: each section starts where the one before it ends, with no gap or overlap", off, next)
		}
		length := int(le.Uint32(data[e+entryLength:]))
		if length > len(data)-off {
			return secs, problemf(e+entryLength, field("length"),
				"%d bytes from offset %d run past the end of the file at %d", length, off, len(data))
		}
		count := uint64(le.Uint32(data[e+entryCount:]))
		switch {
		case i == 0 && count != 1:
			return secs, problemf(e+entryCount, field("count"), "%d; the document section holds exactly 1 record", count)
		case count > uint64(spec.max):
			return secs, problemf(e+entryCount, field("count"), "%d %s, more than the limit of %d", count, spec.name, spec.max)
		case count*uint64(spec.minRecord) > uint64(length):
			return secs, problemf(e+entryCount, field("count"),
				"%d %s need at least %d bytes; the section has %d", count, spec.name, count*uint64(spec.minRecord), length)
		}
		secs[i] = section{offset: off, length: length, count: int(count)}
		next = off + length
	}
	if next != len(data) {
		return secs, problemf(next, "header.sections",
			"%d bytes after the last section; the sections must fill the payload", len(data)-next)
	}
	return secs, nil
}

// putHeader writes the header and section table for secs into the first
// tableEnd bytes of b, a whole file.
func putHeader(b []byte, secs *[numSections]section) {
	le := binary.LittleEndian
	copy(b[offMagic:], magic)
	le.PutUint16(b[offVersion:], formatVersion)
	le.PutUint16(b[offFlags:], 0)
	le.PutUint32(b[offPayload:], uint32(len(b)-headerSize))
	le.PutUint16(b[offSectionCount:], uint16(numSections))
	le.PutUint16(b[offReserved:], 0)
	for i, s := range secs {
		e := b[headerSize+i*entrySize:]
		copy(e[entryTag:], sectionSpecs[i].tag)
		le.PutUint32(e[entryOffset:], uint32(s.offset))
		le.PutUint32(e[entryLength:], uint32(s.length))
		le.PutUint32(e[entryCount:], uint32(s.count))
	}
}
