package kwp1

import (
	"encoding/binary"
	"math"
	"strings"
)

// decoder reads a payload the scanner has checked: the second pass of
// Decode. It does no checks of its own, and allocates only the pools,
// the sections' records and one buffer for every string.
type decoder struct {
	data  []byte
	secs  *[numSections]section
	off   int
	pools pools
	// strs holds every string's bytes, grown once to their total: each
	// decoded string is a slice of it.
	strs strings.Builder
}

func (d *decoder) section(i int) int {
	d.off = d.secs[i].offset
	return d.secs[i].count
}

func (d *decoder) u8() uint8 {
	v := d.data[d.off]
	d.off++
	return v
}

func (d *decoder) u16() uint16 {
	v := binary.LittleEndian.Uint16(d.data[d.off:])
	d.off += 2
	return v
}

func (d *decoder) u32() uint32 {
	v := binary.LittleEndian.Uint32(d.data[d.off:])
	d.off += 4
	return v
}

func (d *decoder) f64() float64 {
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.data[d.off:]))
	d.off += 8
	return v
}

func (d *decoder) bytes(dst []byte) {
	d.off += copy(dst, d.data[d.off:])
}

// str reads a string with a width-byte length prefix.
func (d *decoder) str(width int) string {
	n := int(d.u8())
	if width == 2 {
		n |= int(d.u8()) << 8
	}
	if n == 0 {
		return ""
	}
	start := d.strs.Len()
	d.strs.Write(d.data[d.off : d.off+n])
	d.off += n
	return d.strs.String()[start:]
}

// take cuts the next n elements from a pool; an empty list is nil.
func take[T any](pool *[]T, n int) []T {
	if n == 0 {
		return nil
	}
	v := (*pool)[:n:n]
	*pool = (*pool)[n:]
	return v
}

// alloc makes a section's records; an empty section is nil.
func alloc[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}
