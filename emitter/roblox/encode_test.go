package roblox

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"sort"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// This file is a small encoder of the binary format and of attribute
// blobs, written for the tests from the same layout the decoders read
// (docs/roblox-import.md, "Binary files"), so that files no real sample
// covers can be made: every compression, every property type emitters use.

// compression picks how encodeBinary stores chunks.
type compression int

const (
	raw compression = iota
	withLZ4
	withZstd
)

type le struct{ bytes.Buffer }

func (w *le) u8(v uint8)    { w.WriteByte(v) }
func (w *le) u16(v uint16)  { binary.Write(w, binary.LittleEndian, v) }
func (w *le) u32(v uint32)  { binary.Write(w, binary.LittleEndian, v) }
func (w *le) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *le) f64(v float64) { binary.Write(w, binary.LittleEndian, math.Float64bits(v)) }
func (w *le) str(s string)  { w.u32(uint32(len(s))); w.WriteString(s) }

// interleave writes values of width bytes (each big-endian) byte-column by
// byte-column.
func (w *le) interleave(vals [][]byte) {
	if len(vals) == 0 {
		return
	}
	for j := range vals[0] {
		for _, v := range vals {
			w.u8(v[j])
		}
	}
}

func be32(u uint32) []byte { return binary.BigEndian.AppendUint32(nil, u) }
func zig32(v int32) uint32 { return uint32(v<<1) ^ uint32(v>>31) }

func (w *le) uint32s(vs []uint32) {
	rows := make([][]byte, len(vs))
	for i, v := range vs {
		rows[i] = be32(v)
	}
	w.interleave(rows)
}

func (w *le) int32s(vs []int32) {
	us := make([]uint32, len(vs))
	for i, v := range vs {
		us[i] = zig32(v)
	}
	w.uint32s(us)
}

func (w *le) float32s(vs []float32) {
	us := make([]uint32, len(vs))
	for i, v := range vs {
		b := math.Float32bits(v)
		us[i] = b<<1 | b>>31
	}
	w.uint32s(us)
}

func (w *le) referents(refs []int32) {
	deltas := make([]int32, len(refs))
	for i, r := range refs {
		deltas[i] = r
		if i > 0 {
			deltas[i] = r - refs[i-1]
		}
	}
	w.int32s(deltas)
}

// encodeProp writes the values of one property, all of one Go type.
func encodeProp(w *le, name string, vals []Value) (typ uint8, err error) {
	switch v0 := vals[0].(type) {
	case String:
		for _, v := range vals {
			w.str(string(v.(String)))
		}
		return binString, nil
	case BinaryString:
		for _, v := range vals {
			w.str(string(v.(BinaryString)))
		}
		return binString, nil
	case Content:
		if name == "Texture" { // a legacy ContentId: a string in binary files
			for _, v := range vals {
				w.str(v.(Content).URI)
			}
			return binString, nil
		}
		var types []uint32
		var uris []string
		for _, v := range vals {
			c := v.(Content)
			switch {
			case c.Object:
				types = append(types, 2)
			case c.URI != "":
				types = append(types, 1)
				uris = append(uris, c.URI)
			default:
				types = append(types, 0)
			}
		}
		w.uint32s(types)
		w.u32(uint32(len(uris)))
		for _, u := range uris {
			w.str(u)
		}
		objects := 0
		for _, t := range types {
			if t == 2 {
				objects++
			}
		}
		w.u32(uint32(objects))
		w.referents(make([]int32, objects))
		w.u32(0)
		return binContent, nil
	case Bool:
		for _, v := range vals {
			if v.(Bool) {
				w.u8(1)
			} else {
				w.u8(0)
			}
		}
		return binBool, nil
	case Int32:
		vs := make([]int32, len(vals))
		for i, v := range vals {
			vs[i] = int32(v.(Int32))
		}
		w.int32s(vs)
		return binInt32, nil
	case Int64:
		rows := make([][]byte, len(vals))
		for i, v := range vals {
			x := int64(v.(Int64))
			rows[i] = binary.BigEndian.AppendUint64(nil, uint64(x<<1)^uint64(x>>63))
		}
		w.interleave(rows)
		return binInt64, nil
	case Float32:
		vs := make([]float32, len(vals))
		for i, v := range vals {
			vs[i] = float32(v.(Float32))
		}
		w.float32s(vs)
		return binFloat32, nil
	case Float64:
		for _, v := range vals {
			w.f64(float64(v.(Float64)))
		}
		return binFloat64, nil
	case Token:
		vs := make([]uint32, len(vals))
		for i, v := range vals {
			vs[i] = uint32(v.(Token))
		}
		w.uint32s(vs)
		return binEnum, nil
	case Vector2:
		xs, ys := make([]float32, len(vals)), make([]float32, len(vals))
		for i, v := range vals {
			xs[i], ys[i] = v.(Vector2).X, v.(Vector2).Y
		}
		w.float32s(xs)
		w.float32s(ys)
		return binVector2, nil
	case Vector3:
		writeVector3s(w, vals, func(v Value) Vector3 { return v.(Vector3) })
		return binVector3, nil
	case CFrame:
		for _, v := range vals {
			w.u8(0)
			for _, r := range v.(CFrame).Rotation {
				w.f32(r)
			}
		}
		writeVector3s(w, vals, func(v Value) Vector3 { return v.(CFrame).Position })
		return binCFrame, nil
	case NumberRange:
		for _, v := range vals {
			w.f32(v.(NumberRange).Min)
			w.f32(v.(NumberRange).Max)
		}
		return binNumberRange, nil
	case NumberSequence:
		for _, v := range vals {
			q := v.(NumberSequence)
			w.u32(uint32(len(q)))
			for _, k := range q {
				w.f32(k.Time)
				w.f32(k.Value)
				w.f32(k.Envelope)
			}
		}
		return binNumberSequence, nil
	case ColorSequence:
		for _, v := range vals {
			q := v.(ColorSequence)
			w.u32(uint32(len(q)))
			for _, k := range q {
				for _, f := range []float32{k.Time, k.R, k.G, k.B, k.Envelope} {
					w.f32(f)
				}
			}
		}
		return binColorSequence, nil
	case Color3uint8:
		for _, ch := range []func(Color3uint8) uint8{
			func(c Color3uint8) uint8 { return c.R },
			func(c Color3uint8) uint8 { return c.G },
			func(c Color3uint8) uint8 { return c.B },
		} {
			for _, v := range vals {
				w.u8(ch(v.(Color3uint8)))
			}
		}
		return binColor3uint8, nil
	default:
		return 0, fmt.Errorf("the test encoder does not write %T (%s)", v0, name)
	}
}

func writeVector3s(w *le, vals []Value, get func(Value) Vector3) {
	xs, ys, zs := make([]float32, len(vals)), make([]float32, len(vals)), make([]float32, len(vals))
	for i, v := range vals {
		p := get(v)
		xs[i], ys[i], zs[i] = p.X, p.Y, p.Z
	}
	w.float32s(xs)
	w.float32s(ys)
	w.float32s(zs)
}

// encodeBinary writes doc as a binary file with every chunk compressed
// as comp says (END is never compressed). Every instance of a class must
// have the same properties, in the same order, as the format requires;
// Unsupported values are left out.
func encodeBinary(doc *Document, comp compression) ([]byte, error) {
	var all []*Instance
	var walk func([]*Instance)
	walk = func(list []*Instance) {
		for _, in := range list {
			all = append(all, in)
			walk(in.Children)
		}
	}
	walk(doc.Roots)
	refs := map[*Instance]int32{}
	classes := map[string][]*Instance{}
	var names []string
	for i, in := range all {
		refs[in] = int32(i)
		if classes[in.Class] == nil {
			names = append(names, in.Class)
		}
		classes[in.Class] = append(classes[in.Class], in)
	}
	sort.Strings(names)
	var out le
	out.Write(binaryMagic)
	out.u16(0)
	out.u32(uint32(len(names)))
	out.u32(uint32(len(all)))
	out.Write(make([]byte, 8))
	for id, name := range names {
		var c le
		c.u32(uint32(id))
		c.str(name)
		c.u8(0)
		c.u32(uint32(len(classes[name])))
		ids := make([]int32, len(classes[name]))
		for i, in := range classes[name] {
			ids[i] = refs[in]
		}
		c.referents(ids)
		writeChunk(&out, "INST", c.Bytes(), comp)
	}
	for id, name := range names {
		list := classes[name]
		for pi, p := range list[0].Properties {
			if _, skip := p.Value.(Unsupported); skip {
				continue
			}
			vals := make([]Value, len(list))
			for i, in := range list {
				if pi >= len(in.Properties) || in.Properties[pi].Name != p.Name {
					return nil, fmt.Errorf("%s instances differ in property %s", name, p.Name)
				}
				vals[i] = in.Properties[pi].Value
			}
			var c le
			c.u32(uint32(id))
			c.str(p.Name)
			var body le
			typ, err := encodeProp(&body, p.Name, vals)
			if err != nil {
				return nil, err
			}
			c.u8(typ)
			c.Write(body.Bytes())
			writeChunk(&out, "PROP", c.Bytes(), comp)
		}
	}
	var c le
	c.u8(0)
	c.u32(uint32(len(all)))
	children, parents := make([]int32, len(all)), make([]int32, len(all))
	for i, in := range all {
		children[i], parents[i] = refs[in], -1
		if in.Parent != nil {
			parents[i] = refs[in.Parent]
		}
	}
	c.referents(children)
	c.referents(parents)
	writeChunk(&out, "PRNT", c.Bytes(), comp)
	writeChunk(&out, "END\x00", []byte("</roblox>"), raw)
	return out.Bytes(), nil
}

func writeChunk(out *le, name string, data []byte, comp compression) {
	var body []byte
	switch comp {
	case withLZ4:
		dst := make([]byte, lz4.CompressBlockBound(len(data)))
		n, err := lz4.CompressBlock(data, dst, nil)
		if err == nil && n > 0 {
			body = dst[:n]
		}
	case withZstd:
		enc, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
		body = enc.EncodeAll(data, nil)
		enc.Close()
	}
	out.WriteString((name + "\x00\x00\x00\x00")[:4])
	out.u32(uint32(len(body)))
	out.u32(uint32(len(data)))
	out.u32(0)
	if body != nil {
		out.Write(body)
	} else {
		out.Write(data)
	}
}

// encodeAttributes writes an AttributesSerialize blob.
func encodeAttributes(attrs []Attribute) ([]byte, error) {
	var w le
	w.u32(uint32(len(attrs)))
	for _, a := range attrs {
		w.str(a.Name)
		switch v := a.Value.(type) {
		case String:
			w.u8(attrString)
			w.str(string(v))
		case Bool:
			w.u8(attrBool)
			if v {
				w.u8(1)
			} else {
				w.u8(0)
			}
		case Int32:
			w.u8(attrInt32)
			w.u32(uint32(v))
		case Float32:
			w.u8(attrFloat32)
			w.f32(float32(v))
		case Float64:
			w.u8(attrFloat64)
			w.f64(float64(v))
		case UDim:
			w.u8(attrUDim)
			w.f32(v.Scale)
			w.u32(uint32(v.Offset))
		case UDim2:
			w.u8(attrUDim2)
			for _, u := range []UDim{v.X, v.Y} {
				w.f32(u.Scale)
				w.u32(uint32(u.Offset))
			}
		case BrickColor:
			w.u8(attrBrickColor)
			w.u32(uint32(v))
		case Color3:
			w.u8(attrColor3)
			w.f32(v.R)
			w.f32(v.G)
			w.f32(v.B)
		case Vector2:
			w.u8(attrVector2)
			w.f32(v.X)
			w.f32(v.Y)
		case Vector3:
			w.u8(attrVector3)
			w.f32(v.X)
			w.f32(v.Y)
			w.f32(v.Z)
		case CFrame:
			w.u8(attrCFrame)
			w.f32(v.Position.X)
			w.f32(v.Position.Y)
			w.f32(v.Position.Z)
			w.u8(0)
			for _, r := range v.Rotation {
				w.f32(r)
			}
		case EnumItem:
			w.u8(attrEnumItem)
			w.str(v.Enum)
			w.u32(v.Value)
		case NumberSequence:
			w.u8(attrNumberSequence)
			w.u32(uint32(len(v)))
			for _, k := range v {
				w.f32(k.Envelope)
				w.f32(k.Time)
				w.f32(k.Value)
			}
		case ColorSequence:
			w.u8(attrColorSequence)
			w.u32(uint32(len(v)))
			for _, k := range v {
				for _, f := range []float32{k.Envelope, k.Time, k.R, k.G, k.B} {
					w.f32(f)
				}
			}
		case NumberRange:
			w.u8(attrNumberRange)
			w.f32(v.Min)
			w.f32(v.Max)
		case Rect:
			w.u8(attrRect)
			for _, f := range []float32{v.Min.X, v.Min.Y, v.Max.X, v.Max.Y} {
				w.f32(f)
			}
		case Font:
			w.u8(attrFont)
			w.u16(v.Weight)
			w.u8(v.Style)
			w.str(v.Family)
			w.str(v.CachedFaceID)
		default:
			return nil, fmt.Errorf("the test encoder does not write attribute type %T", v)
		}
	}
	return w.Bytes(), nil
}
