package roblox

import (
	"encoding/binary"
	"fmt"
	"math"
)

// cursor reads little-endian data from a byte slice and remembers its first
// error: reads after an error return zero values, so a decoder can read a
// whole structure and check the error once, before it trusts any count.
type cursor struct {
	b   []byte
	pos int
	err error
}

func (c *cursor) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("byte %d: "+format, append([]any{c.pos}, args...)...)
	}
}

func (c *cursor) remaining() int { return len(c.b) - c.pos }

// take returns the next n bytes, or nil after failing when fewer remain.
func (c *cursor) take(n int) []byte {
	if c.err != nil {
		return nil
	}
	if n < 0 || n > c.remaining() {
		c.fail("needs %d bytes, only %d remain", n, c.remaining())
		return nil
	}
	s := c.b[c.pos : c.pos+n : c.pos+n]
	c.pos += n
	return s
}

func (c *cursor) u8() uint8 {
	if s := c.take(1); s != nil {
		return s[0]
	}
	return 0
}

func (c *cursor) u16() uint16 {
	if s := c.take(2); s != nil {
		return binary.LittleEndian.Uint16(s)
	}
	return 0
}

func (c *cursor) u32() uint32 {
	if s := c.take(4); s != nil {
		return binary.LittleEndian.Uint32(s)
	}
	return 0
}

func (c *cursor) f32() float32 { return math.Float32frombits(c.u32()) }

func (c *cursor) f64() float64 {
	if s := c.take(8); s != nil {
		return math.Float64frombits(binary.LittleEndian.Uint64(s))
	}
	return 0
}

// str reads a u32 length and that many bytes.
func (c *cursor) str() string {
	n := c.u32()
	if c.err == nil && uint64(n) > uint64(c.remaining()) {
		c.fail("a string of %d bytes, but only %d remain", n, c.remaining())
		return ""
	}
	return string(c.take(int(n)))
}

// count checks that n items of at least each bytes apiece fit in what
// remains, and that n is at most limit, before anything is allocated for
// them. It returns n, or 0 after failing.
func (c *cursor) count(n uint32, each int, limit int, what string) int {
	if c.err != nil {
		return 0
	}
	if uint64(n) > uint64(limit) {
		c.fail("%d %s, more than the %d allowed", n, what, limit)
		return 0
	}
	if uint64(n)*uint64(each) > uint64(c.remaining()) {
		c.fail("%d %s need at least %d bytes, only %d remain", n, what, uint64(n)*uint64(each), c.remaining())
		return 0
	}
	return int(n)
}

// end fails unless every byte was read.
func (c *cursor) end() {
	if c.err == nil && c.remaining() != 0 {
		c.fail("%d bytes left over", c.remaining())
	}
}
