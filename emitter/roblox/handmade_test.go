package roblox

import (
	"encoding/base64"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// Hand-made files cover what none of the real ones has: flipbooks,
// Cylinder and Disc, Surface, InAndOut, TextureContent, INF and NAN, equal
// keypoint times, VelocitySpread, Spray's attributes and malformed input.

// model wraps items in a Studio XML document.
func model(items string) string {
	return `<roblox version="4">` + items + `</roblox>`
}

// emitterItem is a ParticleEmitter item with the given name and property
// elements.
func emitterItem(name, props string) string {
	return `<Item class="ParticleEmitter" referent="RBX1"><Properties><string name="Name">` + name + `</string>` + props + `</Properties></Item>`
}

func importOne(t *testing.T, doc string, opts *Options) *Emitter {
	t.Helper()
	r, err := Import("hand.rbxmx", []byte(doc), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Emitters) != 1 {
		t.Fatalf("%d emitters", len(r.Emitters))
	}
	e := r.Emitters[0]
	spec, err := effectfile.Parse(e.File, e.YAML)
	if err != nil || !reflect.DeepEqual(spec, e.Spec) {
		t.Fatalf("the effect file decodes to %+v (%v), not the import %+v\n%s", spec, err, e.Spec, e.YAML)
	}
	return e
}

func noteOf(e *Emitter, name string) Note {
	for _, n := range e.Properties {
		if n.Name == name {
			return n
		}
	}
	for _, n := range e.Attributes {
		if n.Name == name {
			return n
		}
	}
	return Note{}
}

func TestFlipbookImport(t *testing.T) {
	e := importOne(t, model(emitterItem("Fireball", `
		<token name="FlipbookLayout">4</token>
		<int name="FlipbookSizeX">4</int>
		<int name="FlipbookSizeY">2</int>
		<token name="FlipbookMode">1</token>
		<NumberRange name="FlipbookFramerate">12 24 </NumberRange>
		<bool name="FlipbookStartRandom">true</bool>
		<bool name="FlipbookBlendFrames">false</bool>`)), nil)
	s := e.Spec
	got := []any{s.FlipbookLayout, s.FlipbookSizeX, s.FlipbookSizeY, s.FlipbookMode, s.FlipbookFramerate, s.FlipbookStartRandom, s.FlipbookBlendFrames}
	want := []any{emitter.FlipbookCustom, 4, 2, emitter.FlipbookOneShot, emitter.NumberRange{Min: 12, Max: 24}, true, false}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("flipbook %v, want %v", got, want)
	}
	// A grid layout without FlipbookBlendFrames takes Roblox's default, true
	// (Ember's own default is false).
	e = importOne(t, model(emitterItem("Grid", `<token name="FlipbookLayout">2</token><token name="FlipbookMode">2</token>`)), nil)
	if !e.Spec.FlipbookBlendFrames || e.Spec.FlipbookLayout != emitter.Grid4x4 || e.Spec.FlipbookMode != emitter.FlipbookPingPong {
		t.Errorf("Grid4x4: %+v", e.Spec)
	}
	if !strings.Contains(string(e.YAML), "FlipbookBlendFrames: true\n") {
		t.Errorf("the effect file does not set FlipbookBlendFrames:\n%s", e.YAML)
	}
	// Without a flipbook the flipbook fields do nothing and are dropped.
	e = importOne(t, model(emitterItem("None", `<token name="FlipbookMode">3</token><NumberRange name="FlipbookFramerate">5 5</NumberRange>`)), nil)
	if e.Spec.FlipbookMode != emitter.FlipbookLoop || noteOf(e, "FlipbookMode").Fate != Dropped || noteOf(e, "FlipbookFramerate").Fate != Dropped {
		t.Errorf("no layout: mode %v, notes %+v %+v", e.Spec.FlipbookMode, noteOf(e, "FlipbookMode"), noteOf(e, "FlipbookFramerate"))
	}
}

func TestShapesImport(t *testing.T) {
	cases := []struct {
		props string
		shape emitter.Shape
		style emitter.ShapeStyle
		inout emitter.ShapeInOut
		part  float64
	}{
		{`<token name="Shape">2</token><token name="ShapeStyle">1</token><token name="ShapeInOut">2</token><float name="ShapePartial">0.5</float>`,
			emitter.Cylinder, emitter.Surface, emitter.InAndOut, 0.5},
		{`<token name="Shape">3</token><token name="ShapeInOut">1</token><float name="ShapePartial">0.25</float>`,
			emitter.Disc, emitter.Volume, emitter.Inward, 0.25},
		{`<token name="Shape">1</token><token name="ShapeStyle">1</token>`, emitter.Sphere, emitter.Surface, emitter.Outward, 1},
	}
	for _, c := range cases {
		s := importOne(t, model(emitterItem("S", c.props)), nil).Spec
		if s.Shape != c.shape || s.ShapeStyle != c.style || s.ShapeInOut != c.inout || s.ShapePartial != c.part {
			t.Errorf("%s: got %v %v %v %v", c.props, s.Shape, s.ShapeStyle, s.ShapeInOut, s.ShapePartial)
		}
	}
}

func TestTextureImport(t *testing.T) {
	m, err := ParseTextureMap("assets/map.yaml", []byte(`
rbxassetid://241594419: flame.png
http://www.roblox.com/asset/?id=130214183: skull.png
rbxasset://textures/particles/sparkles_main.dds: /abs/sparkle.png
`))
	if err != nil {
		t.Fatal(err)
	}
	opts := &Options{Dir: "out", Textures: m}
	cases := []struct {
		name, props, texture string
		fate                 Fate
	}{
		// TextureContent (<uri>) wins over the legacy Texture.
		{"Both", `<Content name="TextureContent"><uri>rbxassetid://241594419</uri></Content><Content name="Texture"><url>rbxassetid://1</url></Content>`, "../assets/flame.png", Carried},
		// The asset URL forms are one asset.
		{"Legacy", `<Content name="Texture"><url>https://www.roblox.com/asset?id=130214183</url></Content>`, "../assets/skull.png", Carried},
		{"Id", `<Content name="Texture">
			<url>rbxassetid://0130214183</url>
		</Content>`, "../assets/skull.png", Carried},
		// No texture element: Roblox's default, mapped too (to an absolute
		// path, which stays absolute).
		{"Default", ``, "/abs/sparkle.png", Defaulted},
		// <null> is no texture; an unmapped asset is the built-in sprite.
		{"Null", `<Content name="Texture"><null></null></Content>`, "", Adjusted},
		{"Unmapped", `<Content name="TextureContent"><uri>rbxassetid://99</uri></Content>`, "", Adjusted},
	}
	for _, c := range cases {
		e := importOne(t, model(emitterItem(c.name, c.props)), opts)
		n := noteOf(e, "Texture")
		if c.name == "Both" || c.name == "Unmapped" {
			n = noteOf(e, "TextureContent")
		}
		if e.Spec.Texture != c.texture {
			t.Errorf("%s: Texture %q, want %q", c.name, e.Spec.Texture, c.texture)
		}
		if n.Fate != c.fate {
			t.Errorf("%s: texture note %+v, want fate %v", c.name, n, c.fate)
		}
	}
	if _, err := ParseTextureMap("m.yaml", []byte("foo.png: bar.png\n")); err == nil || !strings.Contains(err.Error(), "m.yaml:1:") {
		t.Errorf("a key that is no asset URL: %v", err)
	}
	if _, err := ParseTextureMap("m.yaml", []byte("rbxassetid://5: a.png\nhttp://www.roblox.com/asset/?id=5: b.png\n")); err == nil || !strings.Contains(err.Error(), "m.yaml:2: rbxassetid://5 is mapped twice (first on line 1)") {
		t.Errorf("a key mapped twice: %v", err)
	}
	// The limits: a map of more textures than MaxTextures, and text with
	// room for more values than the parser may build, are refused.
	var many strings.Builder
	for i := range MaxTextures + 1 {
		fmt.Fprintf(&many, "rbxassetid://%d: a.png\n", i+1)
	}
	if _, err := ParseTextureMap("m.yaml", []byte(many.String())); err == nil || err.Error() != "m.yaml:1: more than 10000 textures" {
		t.Errorf("too many textures: %v", err)
	}
	flood := "rbxassetid://1: [" + strings.Repeat("1,", 5*MaxTextures) + "1]\n"
	if _, err := ParseTextureMap("m.yaml", []byte(flood)); err == nil || !strings.Contains(err.Error(), "it was not parsed") {
		t.Errorf("a flood of values: %v", err)
	}
	if m, err := ParseTextureMap("m.yaml", []byte("\n")); err != nil || len(m.paths) != 0 {
		t.Errorf("an empty map: %v", err)
	}
}

func TestClampsAndFixes(t *testing.T) {
	e := importOne(t, model(emitterItem("Odd", `
		<float name="Rate">8000000</float>
		<float name="Drag">NAN</float>
		<float name="LightEmission">INF</float>
		<float name="Brightness">-2</float>
		<NumberRange name="Speed">5 2</NumberRange>
		<NumberSequence name="Size">0 1 0 0.5 2 0 0.5 3 0 1 4 -1 </NumberSequence>
		<ColorSequence name="Color">0 1.5 0 0 0 1 0.2 0.4 0.6 0</ColorSequence>
		<float name="VelocitySpread">25</float>
		<bool name="WindAffectsDrag">true</bool>
		<string name="Mystery">?</string>`)), nil)
	s := e.Spec
	if s.Rate != emitter.MaxRate || s.Drag != 0 || s.LightEmission != 1 || s.Brightness != 0 {
		t.Errorf("Rate %v Drag %v LightEmission %v Brightness %v", s.Rate, s.Drag, s.LightEmission, s.Brightness)
	}
	if s.Speed != (emitter.NumberRange{Min: 2, Max: 5}) {
		t.Errorf("Speed %v", s.Speed)
	}
	// Equal times (a step at 0.5) are pulled apart by 1e-6; the negative
	// envelope is a band of 0.
	wantSize := emitter.NumberSequence{{Time: 0, Value: 1}, {Time: 0.5, Value: 2}, {Time: 0.5 + 1e-6, Value: 3}, {Time: 1, Value: 4}}
	if !reflect.DeepEqual(s.Size, wantSize) {
		t.Errorf("Size %v, want %v", s.Size, wantSize)
	}
	wantColor := emitter.ColorSequence{{Time: 0, Color: emitter.Color{R: 1}}, {Time: 1, Color: emitter.Color{R: 0.2, G: 0.4, B: 0.6}}}
	if !reflect.DeepEqual(s.Color, wantColor) {
		t.Errorf("Color %v, want %v", s.Color, wantColor)
	}
	// VelocitySpread, deprecated, stands for SpreadAngle when there is none.
	if s.SpreadAngle != (emitter.Vector2{X: 25, Y: 25}) {
		t.Errorf("SpreadAngle %v", s.SpreadAngle)
	}
	for name, fate := range map[string]Fate{"Rate": Adjusted, "Drag": Adjusted, "Size": Adjusted, "Speed": Adjusted,
		"VelocitySpread": Adjusted, "WindAffectsDrag": Dropped, "Mystery": Dropped, "Name": Carried, "Acceleration": Defaulted} {
		if n := noteOf(e, name); n.Fate != fate {
			t.Errorf("%s: %+v, want %v", name, n, fate)
		}
	}
	y := string(e.YAML)
	for _, line := range []string{
		"Rate: 1000000 # 8000000 is above Ember's range [0, 1000000]: clamped\n",
		"Brightness: 0 # -2 is below Ember's range [0, 1000000000]: clamped\n",
		"# Size: a negative envelope is a band of 0; keypoint times pulled apart",
		"SpreadAngle: {X: 25, Y: 25} # from the deprecated VelocitySpread\n",
		"WindAffectsDrag true (Ember has no wind)",
	} {
		if !strings.Contains(y, line) {
			t.Errorf("the effect file lacks %q:\n%s", line, y)
		}
	}
	// With its own SpreadAngle the file's VelocitySpread is dropped.
	e = importOne(t, model(emitterItem("Both", `<float name="VelocitySpread">25</float><Vector2 name="SpreadAngle"><X>10</X><Y>10</Y></Vector2>`)), nil)
	if e.Spec.SpreadAngle.X != 10 || noteOf(e, "VelocitySpread").Fate != Dropped {
		t.Errorf("SpreadAngle %v, VelocitySpread %+v", e.Spec.SpreadAngle, noteOf(e, "VelocitySpread"))
	}
}

// TestName checks that the instance's Name becomes the effect's Name, the
// first line of its file, made to fit: control characters become spaces,
// a name past emitter.MaxNameBytes is cut at a character boundary, and an
// emitter without one is named after its class.
func TestName(t *testing.T) {
	long := strings.Repeat("é", emitter.MaxNameBytes) // 2 bytes a rune
	cases := []struct {
		name, item, want, line string
		fate                   Fate
	}{
		{"plain", emitterItem("Flame", ""), "Flame", "Name: \"Flame\"\n", Carried},
		{"quote", emitterItem("Heaven&apos;s Rings", ""), "Heaven's Rings", "Name: \"Heaven's Rings\"\n", Carried},
		{"control", emitterItem("Fire&#9;Smoke", ""), "Fire Smoke", "Name: \"Fire Smoke\" # control characters and invalid UTF-8 replaced\n", Adjusted},
		{"long", emitterItem(long, ""), long[:emitter.MaxNameBytes], "# cut to Ember's 400 bytes", Adjusted},
		{"none", `<Item class="ParticleEmitter" referent="RBX1"><Properties></Properties></Item>`, "ParticleEmitter", "Name: \"ParticleEmitter\"\n", Defaulted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := importOne(t, model(c.item), nil)
			if e.Spec.Name != c.want {
				t.Errorf("Spec.Name %q, want %q", e.Spec.Name, c.want)
			}
			if n := noteOf(e, "Name"); n.Fate != c.fate {
				t.Errorf("note %+v, want %v", n, c.fate)
			}
			if !strings.Contains(string(e.YAML), c.line) {
				t.Errorf("the effect file lacks %q:\n%s", c.line, e.YAML)
			}
			spec, err := effectfile.Parse(e.File, e.YAML)
			if err != nil || spec.Name != c.want {
				t.Errorf("the file decodes to Name %q (%v), want %q", spec.Name, err, c.want)
			}
		})
	}
}

func TestSprayAttributes(t *testing.T) {
	blob, err := encodeAttributes([]Attribute{
		{"SprayEmissionSize", Vector2{0.5, 0.25}},
		{"SprayScale", Float64(2)},
		{"SpraySizeScale", Float64(0.5)},
		{"SpraySpeedScale", Float32(1.5)},
		{"SprayUnit", String("RelativeMin")},
		{"SprayMaxParticles", Float64(250)},
		{"SprayGlowLayers", Float64(12)},
		{"SprayZIndex", Int32(-3)},
		{"SprayFlipbookResolution", Float64(512)},
		{"SprayPrewarm", Float64(40.7)},
		{"SprayIgnoreClips", Bool(true)},
		{"EmitCount", Float64(30)},
		{"EmitDelay", Float64(0.2)},
		{"Colour", Color3{1, 0, 0}},
	})
	if err != nil {
		t.Fatal(err)
	}
	doc := model(`<Item class="Frame" referent="F"><Properties><string name="Name">Button</string></Properties>` +
		emitterItem("Glint", `<BinaryString name="AttributesSerialize"><![CDATA[`+base64.StdEncoding.EncodeToString(blob)+`]]></BinaryString>`) + `</Item>`)
	e := importOne(t, doc, nil)
	s := e.Spec
	got := []any{s.EmissionSize, s.Scale, s.SizeScale, s.SpeedScale, s.Unit, s.MaxParticles, s.GlowLayers, s.ZIndex, s.FlipbookResolution, s.Prewarm}
	want := []any{emitter.Vector2{X: 0.5, Y: 0.25}, 2.0, 0.5, 1.5, emitter.RelativeMin, 250, 8, -3, 512, 40}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("extras %v, want %v", got, want)
	}
	if e.Host.Kind != GUIHost {
		t.Errorf("host %+v", e.Host)
	}
	for name, fate := range map[string]Fate{"SprayEmissionSize": Carried, "SprayGlowLayers": Adjusted, "SprayPrewarm": Adjusted,
		"SprayIgnoreClips": Dropped, "EmitCount": Reported, "EmitDelay": Reported, "Colour": Reported} {
		if n := noteOf(e, name); n.Fate != fate {
			t.Errorf("%s: %+v, want %v", name, n, fate)
		}
	}
	// A wrong type falls back to the default, as Spray does; under a part
	// with no Spray geometry, the part's size sets the area and scale.
	blob, _ = encodeAttributes([]Attribute{{"SprayScale", String("big")}, {"SprayGlowLayers", Float64(3)}})
	doc = model(`<Item class="Part" referent="P"><Properties><string name="Name">Torch</string><Vector3 name="size"><X>2</X><Y>4</Y><Z>1</Z></Vector3></Properties>` +
		emitterItem("Flame", `<BinaryString name="AttributesSerialize">`+base64.StdEncoding.EncodeToString(blob)+`</BinaryString>`) + `</Item>`)
	e = importOne(t, doc, nil)
	if e.Spec.Scale != 0.25 || e.Spec.EmissionSize != (emitter.Vector2{X: 1, Y: 1}) || e.Spec.GlowLayers != 3 || noteOf(e, "SprayScale").Fate != Dropped {
		t.Errorf("Scale %v EmissionSize %v GlowLayers %v SprayScale %+v", e.Spec.Scale, e.Spec.EmissionSize, e.Spec.GlowLayers, noteOf(e, "SprayScale"))
	}
}

func TestFileNames(t *testing.T) {
	doc := model(`<Item class="Folder" referent="W"><Properties><string name="Name">Work/space</string></Properties>` +
		emitterItem("Flame", "") + emitterItem("Flame", "") + emitterItem("flame", "") + emitterItem("con", "") + emitterItem(" .. ", "") + `</Item>` +
		emitterItem("Fla:me?", ""))
	r, err := Import("names.rbxmx", []byte(doc), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range r.Emitters {
		got = append(got, e.File)
	}
	want := []string{"Work_space/Flame.yaml", "Work_space/Flame-2.yaml", "Work_space/flame-3.yaml", "Work_space/_con.yaml", "Work_space/_.yaml", "Fla_me_.yaml"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestMalformedXML checks that each malformed file is an error at the
// offset of the offending element.
func TestMalformedXML(t *testing.T) {
	part := func(s string) string { return model(emitterItem("E", s)) }
	cases := []struct {
		name, doc, err string
	}{
		{"not XML", "hello", "hand.rbxmx:0: text outside the <roblox> element"},
		{"empty", "", "hand.rbxmx:0: no <roblox> element"},
		{"other root", "<html></html>", "hand.rbxmx:0: the root element is <html>"},
		{"version", `<roblox version="3"></roblox>`, `hand.rbxmx:0: <roblox> has version "3"`},
		{"no class", model(`<Item><Properties/></Item>`), "hand.rbxmx:20: <Item> without a class attribute"},
		{"cut short", model(emitterItem("E", ""))[:60], "XML syntax error (line 1): unexpected EOF"},
		{"float", part(`<float name="Rate">fast</float>`), `ParticleEmitter property "Rate" (float): "fast" is not a number`},
		{"sequence", part(`<NumberSequence name="Size">0 1 0 1</NumberSequence>`), "has 4 numbers, not a whole number of keypoints"},
		{"one keypoint", part(`<NumberSequence name="Size">0 1 0</NumberSequence>`), "has 1 keypoints; Roblox allows 2 to 20"},
		{"21 keypoints", part(`<NumberSequence name="Size">` + strings.Repeat("0 1 0 ", 21) + `</NumberSequence>`), "has 21 keypoints"},
		{"colour", part(`<ColorSequence name="Color">0 1 1 1 0 1 1 1</ColorSequence>`), "has 8 numbers, not a whole number of keypoints (time, r, g, b, envelope)"},
		{"vector", part(`<Vector3 name="Acceleration"><X>0</X><Y>1</Y></Vector3>`), "no <Z>"},
		{"vector twice", part(`<Vector2 name="SpreadAngle"><X>0</X><X>1</X></Vector2>`), "<X> appears twice"},
		{"twice", part(`<float name="Rate">1</float><float name="Rate">2</float>`), `property "Rate" appears twice (first at offset`},
		{"base64", part(`<BinaryString name="AttributesSerialize">!!!</BinaryString>`), "not base64"},
		{"attributes", part(`<BinaryString name="AttributesSerialize">AQAAAAQAAABFbWl0BgAAAAAA</BinaryString>`), "AttributesSerialize: byte 13: needs 8 bytes, only 5 remain"},
		{"token", part(`<token name="Shape">7</token>`), "property Shape: token 7 is not a Shape value (0 to 3)"},
		{"direction", part(`<token name="EmissionDirection">6</token>`), "token 6 is not a NormalId"},
		{"wrong type", part(`<string name="Rate">20</string>`), "property Rate: a string value; Roblox writes a float"},
		{"bool", part(`<bool name="Enabled">yes</bool>`), `"yes" is not true or false`},
		{"two contents", part(`<Content name="Texture"><url>a</url><uri>b</uri></Content>`), "a second child <uri>"},
		{"nesting", model(strings.Repeat(`<Item class="Folder">`, MaxDepth+1) + strings.Repeat(`</Item>`, MaxDepth+1)), "items nested more than 1000 deep"},
		{"entity", part(`<string name="Name2">&bogus;</string>`), "XML syntax error"},
	}
	for _, c := range cases {
		_, err := Import("hand.rbxmx", []byte(c.doc), nil)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.err)
			continue
		}
		if _, ok := err.(*Error); !ok {
			t.Errorf("%s: %T, not *Error", c.name, err)
		}
	}
	// The offset is the offending property's element.
	doc := part(`<float name="Rate">fast</float>`)
	_, err := Import("hand.rbxmx", []byte(doc), nil)
	if e, ok := err.(*Error); !ok || e.Offset != int64(strings.Index(doc, `<float name="Rate">`)) {
		t.Errorf("offset of %v, want %d", err, strings.Index(doc, `<float name="Rate">`))
	}
}

// TestPartHostScale: a part's X × Y face is the host, one stud 1/Y of its
// height; a part too small for that Scale (under a billionth of a stud
// high, as a fuzzed file had) is a point, and the file still decodes.
func TestPartHostScale(t *testing.T) {
	part := func(x, y string) string {
		return model(`<Item class="Part" referent="RBX0"><Properties><string name="Name">Bay</string>` +
			`<Vector3 name="size"><X>` + x + `</X><Y>` + y + `</Y><Z>1</Z></Vector3></Properties>` +
			emitterItem("Sparks", "") + `</Item>`)
	}
	for _, c := range []struct {
		x, y      string
		sized     bool
		scale     float64
		emission  emitter.Vector2
		whyPhrase string
	}{
		{"4", "2", true, 0.5, emitter.Vector2{X: 1, Y: 1}, "1/2 of the host's height"},
		{"3", "0.001", true, 1000, emitter.Vector2{X: 1, Y: 1}, "1/0.001 of the host's height"},
		{"1", "1.9657704e-24", false, 1, emitter.Vector2{}, "too small to stand for a host"},
		{"1e-30", "1", true, 1, emitter.Vector2{X: 1, Y: 1}, "one stud is the host's height"},
	} {
		e := importOne(t, part(c.x, c.y), nil)
		if e.Host.Kind != PartHost || e.Host.HasSize != c.sized || e.Spec.Scale != c.scale || e.Spec.EmissionSize != c.emission {
			t.Errorf("part %s x %s: host %v sized %v, Scale %v, EmissionSize %v; want sized %v, Scale %v, EmissionSize %v",
				c.x, c.y, e.Host.Kind, e.Host.HasSize, e.Spec.Scale, e.Spec.EmissionSize, c.sized, c.scale, c.emission)
		}
		if !strings.Contains(e.Host.Why, c.whyPhrase) {
			t.Errorf("part %s x %s: host note %q lacks %q", c.x, c.y, e.Host.Why, c.whyPhrase)
		}
	}
}
