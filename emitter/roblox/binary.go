package roblox

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// The binary format (.rbxm, .rbxl): a 32-byte header, then chunks, each a
// 16-byte header (name, compressed length, uncompressed length, reserved)
// and its data, raw or compressed with LZ4 (a bare block) or zstd (a frame).
// INST chunks name a class and its instances' referents, PROP chunks hold
// one property for every instance of a class, PRNT links children to
// parents, SSTR holds shared strings and END closes the file.

// binaryMagic starts every binary file: "<roblox!" and a signature that
// catches line-ending and 7-bit transfer damage.
var binaryMagic = []byte("<roblox!\x89\xff\r\n\x1a\n")

const (
	binaryHeaderSize = 32
	chunkHeaderSize  = 16
	// lz4MaxRatio bounds how far an LZ4 block expands: a match's length
	// grows by at most 255 per input byte.
	lz4MaxRatio = 255
	// zstdMaxRatio bounds how far zstd data expands: an RLE block's 3-byte
	// header and 1 byte give at most 128 KiB.
	zstdMaxRatio = 128 << 10 / 4
	// zstdMaxWindow bounds the history a zstd frame may ask for.
	zstdMaxWindow = 64 << 20
)

func isBinary(data []byte) bool { return bytes.HasPrefix(data, binaryMagic[:8]) }

// binClass is one INST chunk.
type binClass struct {
	name      string
	offset    int64
	instances []*Instance
	props     map[string]int64 // property name -> its PROP chunk's offset
}

// binReader decodes one binary file.
type binReader struct {
	file       string
	data       []byte
	decoded    int64
	zstd       *zstd.Decoder
	classes    map[uint32]*binClass
	byRef      map[int32]*Instance
	refOrder   []int32
	instances  int // declared in the header
	classCount int // declared in the header
	shared     [][]byte
	sawSSTR    bool
	sawMETA    bool
	sawPRNT    bool
	roots      []*Instance
}

func decodeBinary(name string, data []byte) (*Document, error) {
	r := &binReader{file: name, data: data, classes: map[uint32]*binClass{}, byRef: map[int32]*Instance{}}
	defer func() {
		if r.zstd != nil {
			r.zstd.Close()
		}
	}()
	if err := r.header(); err != nil {
		return nil, err
	}
	off := int64(binaryHeaderSize)
	for {
		name, payload, next, err := r.chunk(off)
		if err != nil {
			return nil, err
		}
		if name == "END" {
			if !bytes.Equal(payload, []byte("</roblox>")) {
				return nil, errorf(r.file, off, "the END chunk holds %q, not \"</roblox>\"", clip(string(payload)))
			}
			if next != int64(len(data)) {
				return nil, errorf(r.file, next, "%d bytes after the END chunk", int64(len(data))-next)
			}
			break
		}
		if err := r.handle(name, off, payload); err != nil {
			return nil, err
		}
		off = next
	}
	if !r.sawPRNT {
		return nil, errorf(r.file, off, "no PRNT chunk: the file does not say which instance is inside which")
	}
	if len(r.classes) != r.classCount || len(r.byRef) != r.instances {
		return nil, errorf(r.file, 16, "the header declares %d classes and %d instances, the chunks define %d and %d", r.classCount, r.instances, len(r.classes), len(r.byRef))
	}
	return &Document{Format: Binary, Roots: r.roots}, nil
}

// header checks the file header.
func (r *binReader) header() error {
	if len(r.data) < binaryHeaderSize {
		return errorf(r.file, 0, "the binary header is cut short: %d of %d bytes", len(r.data), binaryHeaderSize)
	}
	if !bytes.Equal(r.data[:len(binaryMagic)], binaryMagic) {
		return errorf(r.file, 8, "the binary signature is damaged (a text-mode transfer?)")
	}
	if v := binary.LittleEndian.Uint16(r.data[14:]); v != 0 {
		return errorf(r.file, 14, "binary format version %d; only version 0 is known", v)
	}
	classes := int32(binary.LittleEndian.Uint32(r.data[16:]))
	instances := int32(binary.LittleEndian.Uint32(r.data[20:]))
	if classes < 0 || instances < 0 || instances > MaxInstances || classes > instances {
		return errorf(r.file, 16, "the header declares %d classes and %d instances (at most %d instances, and no more classes than instances)", classes, instances, MaxInstances)
	}
	r.instances, r.classCount = int(instances), int(classes)
	return nil
}

// chunk reads the chunk at off and returns its name, its data
// (decompressed) and the offset of the next chunk.
func (r *binReader) chunk(off int64) (name string, payload []byte, next int64, err error) {
	rest := int64(len(r.data)) - off
	if rest == 0 {
		return "", nil, 0, errorf(r.file, off, "the file ends without an END chunk")
	}
	if rest < chunkHeaderSize {
		return "", nil, 0, errorf(r.file, off, "a chunk header is cut short: %d of %d bytes", rest, chunkHeaderSize)
	}
	h := r.data[off : off+chunkHeaderSize]
	name = string(bytes.TrimRight(h[:4], "\x00"))
	comp := int64(binary.LittleEndian.Uint32(h[4:]))
	size := int64(binary.LittleEndian.Uint32(h[8:]))
	body := off + chunkHeaderSize
	rest -= chunkHeaderSize
	fail := func(format string, args ...any) (string, []byte, int64, error) {
		return "", nil, 0, errorf(r.file, off, "%s chunk: "+format, append([]any{printable(name)}, args...)...)
	}
	if size > MaxChunkSize {
		return fail("%d bytes of data, more than the %d a chunk may have", size, MaxChunkSize)
	}
	if r.decoded+size > MaxDecodedSize {
		return fail("the file's chunks hold more than %d bytes of data together", int64(MaxDecodedSize))
	}
	r.decoded += size
	if comp == 0 {
		if size > rest {
			return fail("%d bytes of data, but the file has only %d left", size, rest)
		}
		return name, r.data[body : body+size], body + size, nil
	}
	if comp > rest {
		return fail("%d compressed bytes, but the file has only %d left", comp, rest)
	}
	src := r.data[body : body+comp]
	if bytes.HasPrefix(src, []byte{0x28, 0xb5, 0x2f, 0xfd}) {
		payload, err = r.unzstd(src, size)
	} else {
		payload, err = unlz4(src, size)
	}
	if err != nil {
		return fail("%v", err)
	}
	return name, payload, body + comp, nil
}

// unlz4 expands an LZ4 block that should hold size bytes.
func unlz4(src []byte, size int64) ([]byte, error) {
	if size > int64(len(src))*lz4MaxRatio+16 {
		return nil, fmt.Errorf("%d LZ4 bytes cannot expand to the %d declared", len(src), size)
	}
	dst := make([]byte, size)
	n, err := lz4.UncompressBlock(src, dst)
	if err != nil {
		return nil, fmt.Errorf("LZ4 data is corrupt: %v", err)
	}
	if int64(n) != size {
		return nil, fmt.Errorf("LZ4 data expands to %d bytes, not the %d declared", n, size)
	}
	return dst, nil
}

// unzstd expands a zstd frame that should hold size bytes. The output
// buffer is sized from the declared size, which is first checked against
// what the input can expand to, so a forged size costs no more memory than
// real data of that length.
func (r *binReader) unzstd(src []byte, size int64) ([]byte, error) {
	if size > int64(len(src))*zstdMaxRatio+(128<<10) {
		return nil, fmt.Errorf("%d zstd bytes cannot expand to the %d declared", len(src), size)
	}
	var h zstd.Header
	if err := h.Decode(src); err != nil {
		return nil, fmt.Errorf("zstd frame header: %v", err)
	}
	if h.HasFCS && int64(h.FrameContentSize) != size {
		return nil, fmt.Errorf("the zstd frame holds %d bytes, not the %d declared", h.FrameContentSize, size)
	}
	if r.zstd == nil {
		d, err := zstd.NewReader(nil,
			zstd.WithDecoderConcurrency(1),
			zstd.WithDecoderMaxMemory(MaxChunkSize),
			zstd.WithDecoderMaxWindow(zstdMaxWindow),
			zstd.WithDecodeAllCapLimit(true))
		if err != nil {
			return nil, fmt.Errorf("zstd: %v", err)
		}
		r.zstd = d
	}
	out, err := r.zstd.DecodeAll(src, make([]byte, 0, size))
	if err != nil {
		return nil, fmt.Errorf("zstd data is corrupt: %v", err)
	}
	if int64(len(out)) != size {
		return nil, fmt.Errorf("zstd data expands to %d bytes, not the %d declared", len(out), size)
	}
	return out, nil
}

// handle decodes one chunk's data.
func (r *binReader) handle(name string, off int64, payload []byte) error {
	c := &cursor{b: payload}
	var err error
	switch name {
	case "META":
		err = r.meta(c)
	case "SSTR":
		err = r.sstr(c)
	case "INST":
		err = r.inst(c, off)
	case "PROP":
		err = r.prop(c, off)
	case "PRNT":
		err = r.prnt(c)
	default:
		// SIGN and any chunk a newer Studio adds: nothing an emitter needs.
		return nil
	}
	if err == nil {
		c.end()
		err = c.err
	}
	if err != nil {
		if e, ok := err.(*Error); ok {
			return e
		}
		return errorf(r.file, off, "%s chunk: %v", name, err)
	}
	return nil
}

func (r *binReader) meta(c *cursor) error {
	if err := once(&r.sawMETA, "META"); err != nil {
		return err
	}
	n := c.count(c.u32(), 8, math.MaxInt32, "metadata entries")
	for i := 0; i < n && c.err == nil; i++ {
		c.str()
		c.str()
	}
	return nil
}

func (r *binReader) sstr(c *cursor) error {
	if err := once(&r.sawSSTR, "SSTR"); err != nil {
		return err
	}
	if err := zeroVersion(c, c.u32()); err != nil {
		return err
	}
	n := c.count(c.u32(), 20, math.MaxInt32, "shared strings")
	r.shared = make([][]byte, 0, n)
	for i := 0; i < n && c.err == nil; i++ {
		c.take(16) // an MD5 hash Studio does not check either
		r.shared = append(r.shared, []byte(c.str()))
	}
	return nil
}

func (r *binReader) inst(c *cursor, off int64) error {
	if r.sawPRNT {
		return fmt.Errorf("an INST chunk after the PRNT chunk")
	}
	id := c.u32()
	class := c.str()
	format := c.u8()
	n := c.count(c.u32(), 4, MaxInstances, "instances")
	refs := c.referents(n)
	switch format {
	case 0:
	case 1:
		c.take(n) // service markers
	default:
		c.fail("object format %d; 0 (regular) or 1 (service) is known", format)
	}
	if c.err != nil {
		return c.err
	}
	if class == "" {
		return fmt.Errorf("class %d has an empty name", id)
	}
	if prev, dup := r.classes[id]; dup {
		return fmt.Errorf("class id %d is used twice (%s at offset %d, and %s)", id, prev.name, prev.offset, printable(class))
	}
	if len(r.byRef)+n > r.instances {
		return fmt.Errorf("more instances than the %d the header declares", r.instances)
	}
	cl := &binClass{name: class, offset: off, instances: make([]*Instance, n), props: map[string]int64{}}
	for i, ref := range refs {
		if ref < 0 {
			return fmt.Errorf("instance %d of %s has the null referent %d", i, printable(class), ref)
		}
		if _, dup := r.byRef[ref]; dup {
			return fmt.Errorf("referent %d is used twice", ref)
		}
		in := &Instance{Class: class, Referent: strconv.Itoa(int(ref)), Offset: off}
		r.byRef[ref] = in
		r.refOrder = append(r.refOrder, ref)
		cl.instances[i] = in
	}
	r.classes[id] = cl
	return nil
}

func (r *binReader) prop(c *cursor, off int64) error {
	id := c.u32()
	name := c.str()
	typ := c.u8()
	if c.err != nil {
		return c.err
	}
	cl, ok := r.classes[id]
	if !ok {
		return fmt.Errorf("property %s of class id %d, which no INST chunk defines", printable(name), id)
	}
	if prev, dup := cl.props[name]; dup {
		return fmt.Errorf("%s.%s is defined twice (first at offset %d)", cl.name, printable(name), prev)
	}
	cl.props[name] = off
	values := r.values(c, typ, len(cl.instances))
	if c.err != nil {
		return fmt.Errorf("%s.%s (type 0x%02x): %v", cl.name, printable(name), typ, c.err)
	}
	for i, in := range cl.instances {
		in.Properties = append(in.Properties, Property{Name: name, Value: values[i], Offset: off})
	}
	return nil
}

func (r *binReader) prnt(c *cursor) error {
	if err := once(&r.sawPRNT, "PRNT"); err != nil {
		return err
	}
	if err := zeroVersion(c, uint32(c.u8())); err != nil {
		return err
	}
	n := c.count(c.u32(), 8, MaxInstances, "links")
	children := c.referents(n)
	parents := c.referents(n)
	c.end()
	if c.err != nil {
		return c.err
	}
	if n != len(r.byRef) {
		return fmt.Errorf("links %d instances, but the file defines %d", n, len(r.byRef))
	}
	linked := make(map[int32]bool, n)
	for i, ref := range children {
		child, ok := r.byRef[ref]
		if !ok {
			return fmt.Errorf("link %d names child %d, which no INST chunk defines", i, ref)
		}
		if linked[ref] {
			return fmt.Errorf("instance %d is linked twice", ref)
		}
		linked[ref] = true
		if parents[i] == -1 {
			continue
		}
		parent, ok := r.byRef[parents[i]]
		if !ok {
			return fmt.Errorf("link %d names parent %d, which no INST chunk defines", i, parents[i])
		}
		child.Parent = parent
	}
	if err := checkAcyclic(r.byRef, r.refOrder); err != nil {
		return err
	}
	for _, ref := range children {
		in := r.byRef[ref]
		if in.Parent == nil {
			r.roots = append(r.roots, in)
		} else {
			in.Parent.Children = append(in.Parent.Children, in)
		}
	}
	return nil
}

// zeroVersion fails when a chunk's version field v, just read, is not 0,
// the only version known.
func zeroVersion(c *cursor, v uint32) error {
	if c.err == nil && v != 0 {
		return fmt.Errorf("version %d; only 0 is known", v)
	}
	return nil
}

// once fails when a chunk that may appear once was seen already.
func once(seen *bool, name string) error {
	if *seen {
		return fmt.Errorf("a second %s chunk", name)
	}
	*seen = true
	return nil
}

// checkAcyclic fails when the parent links loop or nest deeper than
// MaxDepth, in time linear in the number of instances.
func checkAcyclic(byRef map[int32]*Instance, order []int32) error {
	const visiting = -1
	depth := make(map[*Instance]int, len(byRef))
	var stack []*Instance
	for _, ref := range order {
		in := byRef[ref]
		stack = stack[:0]
		p := in
		base := 0
		for p != nil {
			d, seen := depth[p]
			if seen {
				if d == visiting {
					return fmt.Errorf("instance %s is its own ancestor", p.Referent)
				}
				base = d
				break
			}
			depth[p] = visiting
			stack = append(stack, p)
			p = p.Parent
		}
		for i := len(stack) - 1; i >= 0; i-- {
			base++
			if base > MaxDepth {
				return fmt.Errorf("instances nested more than %d deep", MaxDepth)
			}
			depth[stack[i]] = base
		}
	}
	return nil
}

// printable quotes a name from the file when it holds anything but
// printable ASCII.
func printable(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return strconv.Quote(clip(s))
		}
	}
	return clip(s)
}
