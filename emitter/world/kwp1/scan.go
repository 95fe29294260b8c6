package kwp1

import (
	"encoding/binary"
	"math"
	"unicode"
	"unicode/utf8"
)

// scanner walks a payload whose header and section table are checked,
// checking every value without keeping any: the first pass of Decode. It
// reads only inside the current section, and stops at the first problem
// (every later call does nothing).
type scanner struct {
	data []byte
	secs *[numSections]section
	// cur is the section being read; off is the next byte to read, end
	// the section's end.
	cur, off, end int
	// last is the offset of the value read last, for failLast.
	last int
	err  *Problem
	// frames is the path of the value being read; frameBuf holds it for
	// paths of ordinary depth without an allocation.
	frames   []frame
	frameBuf [8]frame
	// totals counts list elements and strBytes string bytes: what the
	// decoder will allocate.
	totals   totals
	strBytes int
	// loc, when set, records where values lie instead (see locate).
	loc *locator
}

func newScanner(data []byte, secs *[numSections]section) *scanner {
	s := &scanner{data: data, secs: secs}
	s.frames = s.frameBuf[:0]
	return s
}

func (s *scanner) ok() bool { return s.err == nil }

// push enters a field (index -1) or the element index of a list.
func (s *scanner) push(name string, index int) {
	s.frames = append(s.frames, frame{name: name, index: index, start: s.off})
	if s.loc != nil {
		s.loc.visit(s.frames, "", s.off)
	}
}

func (s *scanner) pop() { s.frames = s.frames[:len(s.frames)-1] }

// path is the element path of field at the current frames.
func (s *scanner) path(field string) string {
	return string(appendPath(nil, s.frames, field, false))
}

func (s *scanner) failAt(off int, field, format string, args ...any) {
	if s.err == nil {
		s.err = problemf(off, s.path(field), format, args...)
	}
}

// failLast reports a problem with the value read last.
func (s *scanner) failLast(field, format string, args ...any) {
	s.failAt(s.last, field, format, args...)
}

// need starts reading an n-byte value of field: it reports whether the
// section holds it.
func (s *scanner) need(field string, n int) bool {
	if s.err != nil {
		return false
	}
	s.last = s.off
	if s.loc != nil {
		s.loc.visit(s.frames, field, s.off)
	}
	if left := s.end - s.off; left < n {
		s.failAt(s.off, field, "truncated: %d bytes needed, %d left in section %s", n, left, s.sectionName())
		return false
	}
	return true
}

func (s *scanner) sectionName() string { return sectionSpecs[s.cur].tag }

// uint reads an unsigned little-endian integer of width bytes.
func (s *scanner) uint(field string, width int) uint64 {
	if !s.need(field, width) {
		return 0
	}
	b := s.data[s.off : s.off+width]
	s.off += width
	switch width {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	}
	return uint64(binary.LittleEndian.Uint32(b))
}

// f64 reads a float64, which must be finite.
func (s *scanner) f64(field string) {
	if !s.need(field, 8) {
		return
	}
	bits := binary.LittleEndian.Uint64(s.data[s.off:])
	s.off += 8
	if v := math.Float64frombits(bits); math.IsNaN(v) || math.IsInf(v, 0) {
		s.failLast(field, "%v (bits 0x%016x) is not a finite number", v, bits)
	}
}

func (s *scanner) bytes(field string, n int) {
	if s.need(field, n) {
		s.off += n
	}
}

// str reads a string with a width-byte length prefix: at most max bytes
// of UTF-8 without control characters. A key names the record being read
// in the paths a locator matches.
func (s *scanner) str(field string, width, max int, key bool) {
	n := int(s.uint(field, width))
	if s.err != nil {
		return
	}
	if n > max {
		s.failLast(field, "a string of %d bytes, more than the limit of %d", n, max)
		return
	}
	if left := s.end - s.off; n > left {
		s.failLast(field, "truncated: a string of %d bytes, %d left in section %s", n, left, s.sectionName())
		return
	}
	if i, r := badText(s.data[s.off : s.off+n]); i >= 0 {
		if r == utf8.RuneError {
			s.failAt(s.off+i, field, "invalid UTF-8 at byte %d of the string", i)
		} else {
			s.failAt(s.off+i, field, "control character %U at byte %d of the string", r, i)
		}
		return
	}
	if key && s.loc != nil && len(s.frames) > 0 {
		top := &s.frames[len(s.frames)-1]
		top.key = string(s.data[s.off : s.off+n])
		s.loc.visit(s.frames, "", top.start)
	}
	s.off += n
	s.strBytes += n
}

// badText finds the first byte of b not allowed in a string: one that is
// not UTF-8 (returned as utf8.RuneError) or starts a control character
// (Unicode Cc, returned as itself). It returns -1 when there is none.
func badText(b []byte) (int, rune) {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i, utf8.RuneError
		}
		if unicode.IsControl(r) {
			return i, r
		}
		i += size
	}
	return -1, 0
}

// count reads a list's count: at most max, and no more elements of at
// least elemMin bytes than the section has room for.
func (s *scanner) count(field string, width, max, elemMin int) int {
	n := int(s.uint(field, width))
	if s.err != nil {
		return 0
	}
	if n > max {
		s.failLast(field, "count %d, more than the limit of %d", n, max)
		return 0
	}
	if left := s.end - s.off; n*elemMin > left {
		s.failLast(field, "count %d needs at least %d bytes, %d left in section %s", n, n*elemMin, left, s.sectionName())
		return 0
	}
	return n
}

// section starts reading section i and returns its record count.
func (s *scanner) section(i int) int {
	if s.err != nil {
		return 0
	}
	sec := s.secs[i]
	s.cur, s.off, s.end = i, sec.offset, sec.offset+sec.length
	return sec.count
}

// endSection checks that the records read fill the section.
func (s *scanner) endSection() {
	if s.err == nil && s.off != s.end {
		s.failAt(s.off, sectionSpecs[s.cur].name, "%d bytes after the last record of section %s", s.end-s.off, s.sectionName())
	}
}
