package roblox

import (
	"encoding/binary"
	"math"
	"strconv"
)

// A PROP chunk holds one value per instance of its class, as an array whose
// layout depends on the type. Fixed-size numbers are "interleaved": all
// first bytes, then all second bytes, and so on, big-endian; integers are
// zigzag-encoded (0, -1, 1, -2 -> 0, 1, 2, 3) and 32-bit floats have their
// sign bit moved to the lowest bit. Both keep the bytes of similar values
// alike, which compresses well.

// Binary property type ids.
const (
	binString             = 0x01
	binBool               = 0x02
	binInt32              = 0x03
	binFloat32            = 0x04
	binFloat64            = 0x05
	binUDim               = 0x06
	binUDim2              = 0x07
	binRay                = 0x08
	binFaces              = 0x09
	binAxes               = 0x0A
	binBrickColor         = 0x0B
	binColor3             = 0x0C
	binVector2            = 0x0D
	binVector3            = 0x0E
	binCFrame             = 0x10
	binEnum               = 0x12
	binReferent           = 0x13
	binVector3int16       = 0x14
	binNumberSequence     = 0x15
	binColorSequence      = 0x16
	binNumberRange        = 0x17
	binRect               = 0x18
	binPhysicalProperties = 0x19
	binColor3uint8        = 0x1A
	binInt64              = 0x1B
	binSharedString       = 0x1C
	binBytecode           = 0x1D
	binOptionalCFrame     = 0x1E
	binUniqueID           = 0x1F
	binFont               = 0x20
	binContent            = 0x22
)

// values decodes n values of binary type typ, the rest of a PROP chunk.
// A type the importer does not know is skipped whole: one PROP chunk is one
// property, so nothing else depends on its layout.
func (r *binReader) values(c *cursor, typ uint8, n int) []Value {
	out := make([]Value, n)
	fill := func(v Value) {
		for i := range out {
			out[i] = v
		}
	}
	switch typ {
	case binString:
		for i := range out {
			out[i] = String(c.str())
		}
	case binBool:
		for i, b := range c.take(n) {
			out[i] = Bool(b != 0)
		}
	case binInt32:
		for i, v := range c.int32s(n) {
			out[i] = Int32(v)
		}
	case binFloat32:
		for i, v := range c.float32s(n) {
			out[i] = Float32(v)
		}
	case binFloat64:
		for i := range out {
			out[i] = Float64(c.f64())
		}
	case binUDim:
		scales, offsets := c.float32s(n), c.int32s(n)
		for i := range out {
			out[i] = UDim{scales[i], offsets[i]}
		}
	case binUDim2:
		xs, ys, xo, yo := c.float32s(n), c.float32s(n), c.int32s(n), c.int32s(n)
		for i := range out {
			out[i] = UDim2{UDim{xs[i], xo[i]}, UDim{ys[i], yo[i]}}
		}
	case binRay:
		c.take(checkedMul(c, n, 24))
		fill(Unsupported{"Ray"})
	case binFaces:
		c.take(n)
		fill(Unsupported{"Faces"})
	case binAxes:
		c.take(n)
		fill(Unsupported{"Axes"})
	case binBrickColor:
		for i, v := range c.uint32s(n) {
			out[i] = BrickColor(v)
		}
	case binColor3:
		rs, gs, bs := c.float32s(n), c.float32s(n), c.float32s(n)
		for i := range out {
			out[i] = Color3{rs[i], gs[i], bs[i]}
		}
	case binVector2:
		xs, ys := c.float32s(n), c.float32s(n)
		for i := range out {
			out[i] = Vector2{xs[i], ys[i]}
		}
	case binVector3:
		for i, v := range c.vector3s(n) {
			out[i] = v
		}
	case binCFrame:
		for i, v := range c.cframes(n) {
			out[i] = v
		}
	case binEnum:
		for i, v := range c.uint32s(n) {
			out[i] = Token(v)
		}
	case binReferent:
		for i, v := range c.referents(n) {
			out[i] = Ref("")
			if v != -1 {
				out[i] = Ref(strconv.Itoa(int(v)))
			}
		}
	case binVector3int16:
		c.take(checkedMul(c, n, 6))
		fill(Unsupported{"Vector3int16"})
	case binNumberSequence:
		for i := range out {
			k := c.keypoints(12)
			seq := make(NumberSequence, k)
			for j := range seq {
				seq[j] = NumberKeypoint{Time: c.f32(), Value: c.f32(), Envelope: c.f32()}
			}
			out[i] = seq
		}
	case binColorSequence:
		for i := range out {
			k := c.keypoints(20)
			seq := make(ColorSequence, k)
			for j := range seq {
				seq[j] = ColorKeypoint{Time: c.f32(), R: c.f32(), G: c.f32(), B: c.f32(), Envelope: c.f32()}
			}
			out[i] = seq
		}
	case binNumberRange:
		c.count(uint32(n), 8, n, "ranges")
		for i := range out {
			out[i] = NumberRange{Min: c.f32(), Max: c.f32()}
		}
	case binRect:
		x0, y0, x1, y1 := c.float32s(n), c.float32s(n), c.float32s(n), c.float32s(n)
		for i := range out {
			out[i] = Rect{Vector2{x0[i], y0[i]}, Vector2{x1[i], y1[i]}}
		}
	case binPhysicalProperties:
		for range n {
			switch flag := c.u8(); flag {
			case 0:
			case 1:
				c.take(20) // density, friction, elasticity and their weights
			default:
				c.fail("PhysicalProperties form %d; 0 (default) or 1 (custom) is known", flag)
			}
		}
		fill(Unsupported{"PhysicalProperties"})
	case binColor3uint8:
		rgb := c.take(checkedMul(c, n, 3))
		for i := range out {
			if c.err == nil {
				out[i] = Color3uint8{rgb[i], rgb[n+i], rgb[2*n+i]}
			}
		}
	case binInt64:
		for i, v := range c.int64s(n) {
			out[i] = Int64(v)
		}
	case binSharedString:
		for i, idx := range c.uint32s(n) {
			if uint64(idx) >= uint64(len(r.shared)) {
				c.fail("shared string %d, but the SSTR chunk holds %d", idx, len(r.shared))
				break
			}
			out[i] = BinaryString(r.shared[idx])
		}
	case binBytecode:
		for range n {
			c.str()
		}
		fill(Unsupported{"Bytecode"})
	case binOptionalCFrame:
		if t := c.u8(); c.err == nil && t != binCFrame {
			c.fail("an OptionalCoordinateFrame holds type 0x%02x, not CFrame", t)
		}
		c.cframes(n)
		if t := c.u8(); c.err == nil && t != binBool {
			c.fail("an OptionalCoordinateFrame's flags are type 0x%02x, not Bool", t)
		}
		c.take(n)
		fill(Unsupported{"OptionalCoordinateFrame"})
	case binUniqueID:
		c.interleaved(n, 16)
		fill(Unsupported{"UniqueId"})
	case binFont:
		for i := range out {
			f := Font{Family: c.str()}
			f.Weight, f.Style = c.u16(), c.u8()
			f.CachedFaceID = c.str()
			out[i] = f
		}
	case binContent:
		r.contents(c, out)
	default:
		c.take(c.remaining())
		fill(Unsupported{"binary type 0x" + strconv.FormatUint(uint64(typ), 16)})
	}
	if c.err != nil {
		return nil
	}
	return out
}

// contents decodes a Content array into out: each value's source type
// (none, URI or object), then the URIs of the URI values in order, then the
// referents of the object values, then referents of objects outside the
// file, which a file cannot resolve.
func (r *binReader) contents(c *cursor, out []Value) {
	types := c.uint32s(len(out))
	uris, objects := 0, 0
	for _, t := range types {
		switch t {
		case 0:
		case 1:
			uris++
		case 2:
			objects++
		default:
			c.fail("content source type %d; 0 (none), 1 (URI) or 2 (object) is known", t)
			return
		}
	}
	if n := c.u32(); c.err == nil && int(n) != uris {
		c.fail("%d URIs for %d URI values", n, uris)
		return
	}
	list := make([]string, 0, c.count(uint32(uris), 4, uris, "URIs"))
	for range uris {
		list = append(list, c.str())
	}
	if n := c.u32(); c.err == nil && int(n) != objects {
		c.fail("%d object referents for %d object values", n, objects)
		return
	}
	c.referents(objects)
	external := c.count(c.u32(), 4, MaxInstances, "external referents")
	c.referents(external)
	if c.err != nil {
		return
	}
	u := 0
	for i, t := range types {
		switch t {
		case 0:
			out[i] = Content{}
		case 1:
			out[i] = Content{URI: list[u]}
			u++
		case 2:
			out[i] = Content{Object: true}
		}
	}
}

// checkedMul returns n*each, or fails when it cannot fit what remains.
func checkedMul(c *cursor, n, each int) int {
	if c.err == nil && uint64(n)*uint64(each) > uint64(c.remaining()) {
		c.fail("%d values of %d bytes need %d bytes, only %d remain", n, each, uint64(n)*uint64(each), c.remaining())
		return 0
	}
	return n * each
}

// keypoints reads a sequence's keypoint count and checks that the
// keypoints, each bytes long, fit.
func (c *cursor) keypoints(each int) int {
	k := c.u32()
	if c.err != nil {
		return 0
	}
	if k < 2 || k > MaxKeypoints {
		c.fail("a sequence has %d keypoints; Roblox allows 2 to %d", k, MaxKeypoints)
		return 0
	}
	return c.count(k, each, MaxKeypoints, "keypoints")
}

// interleaved reads n values of width bytes stored byte-column by
// byte-column and returns them row by row.
func (c *cursor) interleaved(n, width int) []byte {
	in := c.take(checkedMul(c, n, width))
	if in == nil {
		return nil
	}
	out := make([]byte, len(in))
	for i := range n {
		for j := range width {
			out[i*width+j] = in[j*n+i]
		}
	}
	return out
}

func (c *cursor) uint32s(n int) []uint32 {
	b := c.interleaved(n, 4)
	if b == nil {
		return make([]uint32, n)
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	return out
}

// int32s reads interleaved zigzag-encoded int32s.
func (c *cursor) int32s(n int) []int32 {
	out := make([]int32, n)
	for i, u := range c.uint32s(n) {
		out[i] = int32(u>>1) ^ -int32(u&1)
	}
	return out
}

// int64s reads interleaved zigzag-encoded int64s.
func (c *cursor) int64s(n int) []int64 {
	b := c.interleaved(n, 8)
	out := make([]int64, n)
	if b == nil {
		return out
	}
	for i := range out {
		u := binary.BigEndian.Uint64(b[8*i:])
		out[i] = int64(u>>1) ^ -int64(u&1)
	}
	return out
}

// float32s reads interleaved float32s whose sign bit is stored last.
func (c *cursor) float32s(n int) []float32 {
	out := make([]float32, n)
	for i, u := range c.uint32s(n) {
		out[i] = math.Float32frombits(u>>1 | u<<31)
	}
	return out
}

// referents reads interleaved zigzag int32s, each stored as the difference
// from the one before.
func (c *cursor) referents(n int) []int32 {
	out := c.int32s(n)
	for i := 1; i < len(out); i++ {
		out[i] += out[i-1]
	}
	return out
}

func (c *cursor) vector3s(n int) []Vector3 {
	xs, ys, zs := c.float32s(n), c.float32s(n), c.float32s(n)
	out := make([]Vector3, n)
	for i := range out {
		out[i] = Vector3{xs[i], ys[i], zs[i]}
	}
	return out
}

// cframes reads n CFrames: for each a rotation id, followed by nine raw
// float32s when the id is 0 (any rotation), then all the positions as a
// Vector3 array.
func (c *cursor) cframes(n int) []CFrame {
	c.count(uint32(n), 1, n, "CFrames")
	out := make([]CFrame, n)
	for i := range out {
		id := c.u8()
		if c.err != nil {
			break
		}
		if id == 0 {
			for j := range out[i].Rotation {
				out[i].Rotation[j] = c.f32()
			}
			continue
		}
		rot, ok := axisRotation(id)
		if !ok {
			c.fail("CFrame rotation id 0x%02x is not one of the 24 axis-aligned rotations", id)
			break
		}
		out[i].Rotation = rot
	}
	for i, p := range c.vector3s(n) {
		out[i].Position = p
	}
	return out
}

// axisRotation decodes the id of an axis-aligned rotation: id-1 is
// 6·right + up, each a face (Right, Top, Back, Left, Bottom, Front) whose
// unit vector is that column of the matrix; the third column is their
// cross product. The two faces must be perpendicular.
func axisRotation(id uint8) ([9]float32, bool) {
	faces := [6][3]float32{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}}
	v := int(id) - 1
	if v < 0 || v >= 36 || (v/6)%3 == (v%6)%3 {
		return [9]float32{}, false
	}
	x, y := faces[v/6], faces[v%6]
	z := [3]float32{float32(x[1]*y[2]) - float32(x[2]*y[1]), float32(x[2]*y[0]) - float32(x[0]*y[2]), float32(x[0]*y[1]) - float32(x[1]*y[0])}
	var m [9]float32
	for row := range 3 {
		m[row*3], m[row*3+1], m[row*3+2] = x[row], y[row], z[row]
	}
	return m, true
}
