package kwp1

import (
	"encoding/binary"
	"math"
)

// writer encodes a document: the header and section table it reserves at
// the start are filled in by finish. It stops at the first problem.
type writer struct {
	buf    []byte
	frames []frame
	err    *Problem
	secs   [numSections]section
	cur    int
}

func newWriter(size int) *writer {
	w := &writer{buf: make([]byte, tableEnd, size), cur: -1}
	return w
}

func (w *writer) push(name string, index int) {
	w.frames = append(w.frames, frame{name: name, index: index})
}
func (w *writer) pop() { w.frames = w.frames[:len(w.frames)-1] }

func (w *writer) fail(field, format string, args ...any) {
	if w.err == nil {
		w.err = problemf(-1, string(appendPath(nil, w.frames, field, true)), format, args...)
	}
}

func (w *writer) f64(field string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		w.fail(field, "%v is not a finite number", v)
	}
	w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(v))
}

// uint writes v in width bytes, little-endian.
func (w *writer) uint(field string, v uint64, width int) {
	if v>>(8*width) != 0 {
		w.fail(field, "%d does not fit in %d bits (0 to %d)", v, 8*width, uint64(1)<<(8*width)-1)
	}
	for i := 0; i < width; i++ {
		w.buf = append(w.buf, byte(v>>(8*i)))
	}
}

// int writes a non-negative v in width bytes.
func (w *writer) int(field string, v int64, width int) {
	if v < 0 {
		w.fail(field, "%d is negative; it is stored unsigned in %d bits", v, 8*width)
		v = 0
	}
	w.uint(field, uint64(v), width)
}

func (w *writer) bytes(b []byte) { w.buf = append(w.buf, b...) }

// str writes v with a width-byte length prefix; the decoder's rules
// apply (at most max bytes, UTF-8, no control characters). A key names
// the record being written in the paths of later problems, as validation
// names records with valid unique names.
func (w *writer) str(field, v string, width, max int, key bool) {
	if len(v) > max {
		w.fail(field, "%d bytes, more than the limit of %d", len(v), max)
	}
	if i, r := badText([]byte(v)); i >= 0 {
		if r == '\uFFFD' {
			w.fail(field, "invalid UTF-8 at byte %d", i)
		} else {
			w.fail(field, "control character %U at byte %d", r, i)
		}
	}
	w.uint(field, uint64(len(v)), width)
	w.buf = append(w.buf, v...)
	if key && w.err == nil && len(w.frames) > 0 {
		w.frames[len(w.frames)-1].key = v
	}
}

// count writes a list's count and reports whether it is within max.
func (w *writer) count(field string, n, width, max int) bool {
	if n > max {
		w.fail(field, "%d elements, more than the limit of %d", n, max)
		return false
	}
	w.uint(field, uint64(n), width)
	return true
}

// section ends the section before i and starts section i with n records;
// it reports whether n is within the section's limit.
func (w *writer) section(i, n int) bool {
	w.endSection()
	w.cur = i
	w.secs[i] = section{offset: len(w.buf), count: n}
	if spec := sectionSpecs[i]; n > spec.max {
		w.fail(spec.name, "%d %s, more than the limit of %d", n, spec.name, spec.max)
		return false
	}
	return true
}

func (w *writer) endSection() {
	if w.cur >= 0 {
		w.secs[w.cur].length = len(w.buf) - w.secs[w.cur].offset
	}
}
