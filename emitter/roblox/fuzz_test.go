package roblox

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The decoders' contract under any input: no panic, no hang, and either a
// result or an *Error whose offset lies in the file. Import adds that every
// effect file it writes decodes (it checks that itself, and reports a
// failure as a plain error, which the targets below reject).

func checkImport(t *testing.T, name string, data []byte) {
	r, err := Import(name, data, nil)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %v is %T, not *Error", err, err)
		}
		if e.Offset < 0 || e.Offset > int64(len(data)) {
			t.Fatalf("error offset %d outside the %d-byte file: %v", e.Offset, len(data), err)
		}
		return
	}
	for _, em := range r.Emitters {
		if em.File == "" || len(em.YAML) == 0 {
			t.Fatalf("emitter %q has no effect file", em.Path)
		}
	}
}

func FuzzImportXML(f *testing.F) {
	paths, _ := filepath.Glob("../../../shared/roblox/*.rbxmx")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(torchXML))
	f.Add([]byte(model(emitterItem("E", `<NumberSequence name="Size">0 1 0 0.5 2 0 0.5 3 0 1 4 0</NumberSequence><float name="Rate">INF</float>`))))
	f.Add([]byte(model(emitterItem("E", `<Content name="TextureContent"><uri>rbxassetid://5</uri></Content><token name="FlipbookLayout">4</token>`))))
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, "fuzz.rbxmx", data) })
}

func FuzzImportBinary(f *testing.F) {
	doc, err := Decode("torch.rbxmx", []byte(torchXML))
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range []compression{raw, withLZ4, withZstd} {
		data, err := encodeBinary(doc, c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(binaryMagic)
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, "fuzz.rbxm", data) })
}

func FuzzDecodeAttributes(f *testing.F) {
	if blob, err := decodeBase64(studioAttributes); err == nil {
		f.Add(blob)
	}
	if blob, err := encodeAttributes(everyAttribute); err == nil {
		f.Add(blob)
	}
	f.Add([]byte("\x01\x00\x00\x00\x04\x00\x00\x00Emit\x06\x00\x00\x00\x00\x00\x00\x08\x40"))
	f.Fuzz(func(t *testing.T, blob []byte) {
		attrs, unread, err := DecodeAttributes(blob)
		if err != nil || unread > 0 || len(attrs) > 0 && isUnsupported(attrs[len(attrs)-1].Value) {
			return
		}
		// What decodes re-encodes to a blob that decodes the same.
		again, err := encodeAttributes(attrs)
		if err != nil {
			t.Fatal(err)
		}
		attrs2, _, err := DecodeAttributes(again)
		if err != nil {
			t.Fatalf("re-encoded attributes do not decode: %v", err)
		}
		third, _ := encodeAttributes(attrs2)
		if !bytes.Equal(again, third) {
			t.Fatalf("re-encoding is not stable")
		}
	})
}

func isUnsupported(v Value) bool {
	_, ok := v.(Unsupported)
	return ok
}

// FuzzParseTextureMap decodes arbitrary texture maps: no input may panic;
// a problem names the map and a line of it; a map that decodes looks up
// every asset it names, in its canonical form, to a path.
func FuzzParseTextureMap(f *testing.F) {
	f.Add([]byte("rbxassetid://241594419: flame.png\nhttp://www.roblox.com/asset/?id=130214183: skull.png\nrbxasset://textures/particles/sparkles_main.dds: /abs/sparkle.png\n"))
	f.Add([]byte("foo.png: bar.png\n"))
	f.Add([]byte("rbxassetid://5: a.png\nhttp://www.roblox.com/asset/?id=5: b.png\n"))
	f.Add([]byte("rbxassetid://1: [1, 2]\n"))
	f.Add([]byte("- rbxassetid://1\n"))
	f.Add([]byte("&a rbxassetid://1: *a\n"))
	f.Add([]byte("\ufeffrbxassetid://7: 'x.png'\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseTextureMap("maps/m.yaml", data)
		if err != nil {
			if !bytes.HasPrefix([]byte(err.Error()), []byte("maps/m.yaml:")) {
				t.Fatalf("error %q does not name the map and a line", err)
			}
			return
		}
		for key, p := range m.paths {
			if got, ok := m.Lookup(key); !ok || got != p {
				t.Fatalf("Lookup(%q) = %q, %v; want %q", key, got, ok, p)
			}
			if canon, ok := AssetKey(key); !ok || canon != key {
				t.Fatalf("key %q is not canonical (%q)", key, canon)
			}
			if p == "" || strings.ContainsRune(p, 0) && !bytes.ContainsRune(data, 0) {
				t.Fatalf("path %q", p)
			}
		}
	})
}
