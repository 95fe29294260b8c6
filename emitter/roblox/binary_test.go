package roblox

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"math"
	"reflect"
	"strings"
	"testing"
)

// torch is a hand-made model: a Part with two emitters and an Attachment
// with a third, every emitter with the same properties (the binary format
// stores one property for all the instances of a class) and between them
// every property type emitters use.
var torchXML = torchModel()

func torchModel() string {
	blob, err := encodeAttributes([]Attribute{{"SprayGlowLayers", Float64(3)}, {"EmitCount", Float64(12)}})
	if err != nil {
		panic(err)
	}
	attrs := base64.StdEncoding.EncodeToString(blob)
	emitter := func(name, rate, shape, size, tex, attr string) string {
		return `<Item class="ParticleEmitter" referent="E` + name + `"><Properties>
			<string name="Name">` + name + `</string>
			<float name="Rate">` + rate + `</float>
			<double name="ZOffset">1.5</double>
			<bool name="LockedToPart">true</bool>
			<token name="Shape">` + shape + `</token>
			<token name="EmissionDirection">4</token>
			<int name="FlipbookSizeX">3</int>
			<int64 name="SourceAssetId">-1</int64>
			<NumberRange name="Lifetime">0.5 1.25</NumberRange>
			<NumberSequence name="Size">` + size + `</NumberSequence>
			<ColorSequence name="Color">0 1 0.5 0 0 1 0.2 0.1 0 0</ColorSequence>
			<Vector2 name="SpreadAngle"><X>15</X><Y>15</Y></Vector2>
			<Vector3 name="Acceleration"><X>0</X><Y>-4.5</Y><Z>0</Z></Vector3>
			<Content name="Texture"><url>rbxassetid://111</url></Content>
			<Content name="TextureContent">` + tex + `</Content>
			<BinaryString name="AttributesSerialize">` + attr + `</BinaryString>
		</Properties></Item>`
	}
	return `<roblox version="4">
	<Item class="Part" referent="P"><Properties>
		<string name="Name">Torch</string>
		<Vector3 name="size"><X>1</X><Y>4</Y><Z>1</Z></Vector3>
		<CoordinateFrame name="CFrame"><X>1</X><Y>2</Y><Z>3</Z><R00>1</R00><R01>0</R01><R02>0</R02><R10>0</R10><R11>1</R11><R12>0</R12><R20>0</R20><R21>0</R21><R22>1</R22></CoordinateFrame>
		<Color3uint8 name="Color3uint8">4283445759</Color3uint8>
		<token name="shape">2</token>
		<float name="Transparency">0.5</float>
	</Properties>` +
		emitter("Flame", "40", "2", "0 0.5 0.1 0.5 0.75 0 1 0 0", "<uri>rbxassetid://222</uri>", attrs) +
		emitter("Smoke", "8000000", "3", "0 1 0 1 3 0.5", "<null></null>", "") +
		`<Item class="Attachment" referent="A"><Properties><string name="Name">Tip</string></Properties>` +
		emitter("Spark", "INF", "1", "0 0.1 0 1 0 0", "<uri>rbxassetid://333</uri>", attrs) +
		`</Item></Item></roblox>`
}

// TestBinaryMatchesXML writes the hand-made model as a binary file, raw
// and with every chunk LZ4- or zstd-compressed, and checks that each
// imports exactly as the XML does.
func TestBinaryMatchesXML(t *testing.T) {
	src := torchXML
	doc, err := Decode("torch.rbxmx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Import("torch.rbxmx", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Emitters) != 3 {
		t.Fatalf("%d emitters in the XML", len(want.Emitters))
	}
	for _, comp := range []struct {
		name string
		c    compression
		// magic starts every compressed chunk's body (nil: none is compressed).
		magic []byte
	}{{"raw", raw, nil}, {"lz4", withLZ4, []byte{}}, {"zstd", withZstd, []byte{0x28, 0xb5, 0x2f, 0xfd}}} {
		t.Run(comp.name, func(t *testing.T) {
			data, err := encodeBinary(doc, comp.c)
			if err != nil {
				t.Fatal(err)
			}
			checkChunks(t, data, comp.magic)
			got, err := Import("torch.rbxm", data, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Format != Binary || len(got.Emitters) != len(want.Emitters) {
				t.Fatalf("format %v, %d emitters", got.Format, len(got.Emitters))
			}
			for i, g := range got.Emitters {
				w := want.Emitters[i]
				if g.File != w.File || !reflect.DeepEqual(g.Spec, w.Spec) || !reflect.DeepEqual(g.Attributes, w.Attributes) {
					t.Errorf("%s: binary import\n%s %+v %+v\nXML import\n%s %+v %+v", w.File, g.File, g.Spec, g.Attributes, w.File, w.Spec, w.Attributes)
				}
				if g.Host.Kind != w.Host.Kind || g.Host.Name != w.Host.Name || g.Host.Size != w.Host.Size {
					t.Errorf("%s: host %+v, want %+v", w.File, g.Host, w.Host)
				}
			}
			// The parent's own values decode too.
			part := got.Emitters[0].Instance.Parent
			for name, v := range map[string]Value{
				"CFrame":      CFrame{Position: Vector3{1, 2, 3}, Rotation: [9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1}},
				"Color3uint8": Color3uint8{0x50, 0x31, 0xff}, // 4283445759 = 0xff5031ff
				"shape":       Token(2),
			} {
				if p, _ := part.Property(name); !reflect.DeepEqual(p.Value, v) {
					t.Errorf("Part %s = %#v, want %#v", name, p.Value, v)
				}
			}
		})
	}
	spark := want.Emitters[2]
	if spark.Spec.Rate != 1e6 || spark.Spec.GlowLayers != 3 || spark.Host.Kind != AttachmentHost || spark.Spec.Texture != "" {
		t.Errorf("Spark: %+v host %+v", spark.Spec, spark.Host)
	}
}

// checkChunks walks the chunk headers of data: with magic nil no chunk may
// be compressed; otherwise every chunk but END must be, its body starting
// with magic.
func checkChunks(t *testing.T, data, magic []byte) {
	t.Helper()
	for off := binaryHeaderSize; off < len(data); {
		name := string(bytes.TrimRight(data[off:off+4], "\x00"))
		comp := int(binary.LittleEndian.Uint32(data[off+4:]))
		size := int(binary.LittleEndian.Uint32(data[off+8:]))
		body := data[off+16:]
		switch {
		case name == "END" || magic == nil:
			if comp != 0 {
				t.Errorf("%s chunk at %d is compressed", name, off)
			}
		case comp == 0:
			t.Errorf("%s chunk at %d is not compressed", name, off)
		case !bytes.HasPrefix(body, magic):
			t.Errorf("%s chunk at %d starts % x", name, off, body[:4])
		}
		if comp == 0 {
			comp = size
		}
		off += 16 + comp
	}
}

// TestBinaryValueLayouts decodes the examples of the format's description
// (rbx-dom's binary.md): the rotated float, interleaved Vector3s, CFrames
// with an axis-aligned rotation id and a full matrix, and referents stored
// as differences.
func TestBinaryValueLayouts(t *testing.T) {
	hexBytes := func(s string) []byte {
		b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	c := &cursor{b: hexBytes("7c 40 00 01")}
	if v := c.float32s(1); v[0] != -0.15625 || c.err != nil {
		t.Errorf("7c 40 00 01 = %v (%v), want -0.15625", v, c.err)
	}
	c = &cursor{b: hexBytes("7F 7F 00 00 00 00 00 01 80 80 00 00 00 00 00 01 80 80 80 80 00 00 00 01")}
	if v := c.vector3s(2); !reflect.DeepEqual(v, []Vector3{{1, 2, 3}, {-1, -2, -3}}) || c.err != nil {
		t.Errorf("Vector3s %v (%v)", v, c.err)
	}
	c = &cursor{b: hexBytes("02 00 4B C0 07 3E 08 9C 75 3D 95 46 7D 3F 1D 25 90 BE 58 6C 74 BF 84 C5 C3 3D 1E 4A 73 3F 6F 19 95 BE 9F A6 E0 BD 7F 81 00 00 00 00 00 00 80 7F 00 22 00 D4 00 B2 80 81 80 80 00 00 00 00")}
	cf := c.cframes(2)
	c.end()
	// (The description's bytes give the second position's Y as 1.136; its
	// X and Z columns read 4 and 6 as the text says.)
	if c.err != nil || cf[0].Position != (Vector3{1, 2, 3}) || cf[0].Rotation != [9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1} || cf[1].Position.X != 4 || cf[1].Position.Z != 6 {
		t.Errorf("CFrames %+v (%v)", cf, c.err)
	}
	// CFrame.Angles(7, 8, 9) is a rotation: its rows have length 1.
	for row := range 3 {
		r := cf[1].Rotation[row*3 : row*3+3]
		if l := math.Sqrt(float64(r[0]*r[0] + r[1]*r[1] + r[2]*r[2])); math.Abs(l-1) > 1e-5 {
			t.Errorf("row %d of the matrix has length %v", row, l)
		}
	}
	var w le
	w.referents([]int32{1619, 1620, 1624, 1626, 1629, 1634})
	c = &cursor{b: w.Bytes()}
	if v := c.referents(6); !reflect.DeepEqual(v, []int32{1619, 1620, 1624, 1626, 1629, 1634}) {
		t.Errorf("referents %v", v)
	}
	// Every axis-aligned rotation id is a rotation matrix with a
	// determinant of 1, and there are 24.
	n := 0
	for id := range 256 {
		m, ok := axisRotation(uint8(id))
		if !ok {
			continue
		}
		n++
		det := m[0]*(m[4]*m[8]-m[5]*m[7]) - m[1]*(m[3]*m[8]-m[5]*m[6]) + m[2]*(m[3]*m[7]-m[4]*m[6])
		if det != 1 {
			t.Errorf("rotation id 0x%02x has determinant %v", id, det)
		}
	}
	if n != 24 {
		t.Errorf("%d rotation ids, want 24", n)
	}
}

// chunk builds one raw chunk.
func chunk(name string, data []byte) []byte {
	var out le
	writeChunk(&out, name, data, raw)
	return out.Bytes()
}

// binFile assembles a binary file from a header's counts and chunks.
func binFile(classes, instances uint32, chunks ...[]byte) []byte {
	var out le
	out.Write(binaryMagic)
	out.u16(0)
	out.u32(classes)
	out.u32(instances)
	out.Write(make([]byte, 8))
	for _, c := range chunks {
		out.Write(c)
	}
	return out.Bytes()
}

// TestMalformedBinary checks that forged counts and lengths, damaged
// headers, missing chunks and cut files are errors at the chunk's offset,
// and never a panic or a large allocation.
func TestMalformedBinary(t *testing.T) {
	inst := func(id uint32, class string, refs ...int32) []byte {
		var c le
		c.u32(id)
		c.str(class)
		c.u8(0)
		c.u32(uint32(len(refs)))
		c.referents(refs)
		return chunk("INST", c.Bytes())
	}
	prnt := func(pairs ...int32) []byte {
		var c le
		c.u8(0)
		c.u32(uint32(len(pairs) / 2))
		var kids, parents []int32
		for i := 0; i < len(pairs); i += 2 {
			kids, parents = append(kids, pairs[i]), append(parents, pairs[i+1])
		}
		c.referents(kids)
		c.referents(parents)
		return chunk("PRNT", c.Bytes())
	}
	prop := func(id uint32, name string, typ uint8, values []byte) []byte {
		var c le
		c.u32(id)
		c.str(name)
		c.u8(typ)
		c.Write(values)
		return chunk("PROP", c.Bytes())
	}
	end := chunk("END\x00", []byte("</roblox>"))
	header := func(name string, comp, size uint32) []byte {
		var c le
		c.WriteString(name)
		c.u32(comp)
		c.u32(size)
		c.u32(0)
		return c.Bytes()
	}
	var huge le
	huge.u32(0)
	huge.str("ParticleEmitter")
	huge.u8(0)
	huge.u32(0xffffffff)
	var seqs le
	seqs.u32(1 << 30)
	valid := binFile(1, 1, inst(0, "Folder", 0), prnt(0, -1), end)
	if _, err := Decode("ok.rbxm", valid); err != nil {
		t.Fatalf("the valid base file: %v", err)
	}
	cases := []struct {
		name string
		data []byte
		err  string
	}{
		{"signature", append([]byte("<roblox!\x89\xff\n\x1a\n"), valid[13:]...), "bad.rbxm:8: the binary signature is damaged"},
		{"header cut", valid[:20], "the binary header is cut short"},
		{"forged instances", binFile(1, 0x7fffffff, end), "bad.rbxm:16: the header declares 1 classes and 2147483647 instances"},
		{"no END", binFile(1, 1, inst(0, "Folder", 0), prnt(0, -1)), "the file ends without an END chunk"},
		{"chunk past the end", binFile(0, 0, header("PROP", 0, 1000)), "bad.rbxm:32: PROP chunk: 1000 bytes of data, but the file has only 0 left"},
		{"chunk too big", binFile(0, 0, header("PROP", 0, 0xffffffff)), "more than the 268435456 a chunk may have"},
		{"lz4 bomb", binFile(0, 0, header("INST", 4, 100<<20), []byte{0, 0, 0, 0}), "4 LZ4 bytes cannot expand to the 104857600 declared"},
		{"zstd bomb", binFile(0, 0, header("INST", 4, 100<<20), []byte{0x28, 0xb5, 0x2f, 0xfd}), "4 zstd bytes cannot expand"},
		{"lz4 garbage", binFile(0, 0, header("INST", 4, 64), []byte{0xff, 0xff, 0xff, 0xff}), "LZ4 data is corrupt"},
		{"zstd garbage", binFile(0, 0, header("INST", 8, 64), []byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0}), "bad.rbxm:32: INST chunk:"},
		{"forged INST count", binFile(1, 1, chunk("INST", huge.Bytes())), "4294967295 instances, more than the 4194304 allowed"},
		{"INST count past the data", binFile(1, 3, chunk("INST", append(huge.Bytes()[:len(huge.Bytes())-4], 3, 0, 0, 0))), "3 instances need at least 12 bytes, only 0 remain"},
		{"referent twice", binFile(1, 2, inst(0, "Folder", 4, 4), prnt(4, -1), end), "referent 4 is used twice"},
		{"PROP of no class", binFile(1, 1, inst(0, "Folder", 0), prop(7, "Name", binString, nil), prnt(0, -1), end), "property Name of class id 7, which no INST chunk defines"},
		{"PROP values short", binFile(1, 1, inst(0, "Folder", 0), prop(0, "Rate", binFloat32, []byte{1, 2}), prnt(0, -1), end), "Folder.Rate (type 0x04): byte 13: 1 values of 4 bytes need 4 bytes, only 2 remain"},
		{"PROP left over", binFile(1, 1, inst(0, "Folder", 0), prop(0, "On", binBool, []byte{1, 1}), prnt(0, -1), end), "1 bytes left over"},
		{"forged keypoints", binFile(1, 1, inst(0, "Folder", 0), prop(0, "Size", binNumberSequence, seqs.Bytes()), prnt(0, -1), end), "a sequence has 1073741824 keypoints"},
		{"bad rotation", binFile(1, 1, inst(0, "Part", 0), prop(0, "CFrame", binCFrame, []byte{0x04}), prnt(0, -1), end), "rotation id 0x04"},
		{"no PRNT", binFile(1, 1, inst(0, "Folder", 0), end), "no PRNT chunk"},
		{"PRNT unknown child", binFile(1, 1, inst(0, "Folder", 0), prnt(5, -1), end), "link 0 names child 5"},
		{"PRNT cycle", binFile(1, 2, inst(0, "Folder", 0, 1), prnt(0, 1, 1, 0), end), "is its own ancestor"},
		{"PRNT short", binFile(1, 2, inst(0, "Folder", 0, 1), prnt(0, -1), end), "links 1 instances, but the file defines 2"},
		{"after END", append(append([]byte{}, valid...), 0), "1 bytes after the END chunk"},
		{"END content", binFile(1, 1, inst(0, "Folder", 0), prnt(0, -1), chunk("END\x00", []byte("</robl0x>"))), `the END chunk holds "</robl0x>"`},
		{"class count", binFile(2, 2, inst(0, "Folder", 0), prnt(0, -1), end), "bad.rbxm:16: the header declares 2 classes and 2 instances, the chunks define 1 and 1"},
	}
	for _, c := range cases {
		_, err := Decode("bad.rbxm", c.data)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
		}
	}
	// Every cut of a real-looking file, in each compression, is an error.
	doc, err := Decode("torch.rbxmx", []byte(torchXML))
	if err != nil {
		t.Fatal(err)
	}
	for _, comp := range []compression{raw, withLZ4, withZstd} {
		data, err := encodeBinary(doc, comp)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < len(data); n++ {
			if _, err := Decode("cut.rbxm", data[:n]); err == nil {
				t.Fatalf("compression %d: the first %d of %d bytes decode without an error", comp, n, len(data))
			}
		}
	}
}
