package roblox

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// Options configure Import. The zero value (or nil) writes no texture
// paths: every texture becomes Ember's built-in sprite.
type Options struct {
	// Dir is the folder the effect files will be written to. Texture paths
	// in them are made relative to the file they are in, which needs it;
	// empty is the current folder.
	Dir string
	// Textures maps asset URLs to local images; nil maps none.
	Textures *TextureMap
}

// Emitter is one imported ParticleEmitter.
type Emitter struct {
	// Instance is the emitter in the decoded file.
	Instance *Instance
	// Path is its instance path: the names of its ancestors and its own.
	Path []string
	// File is the effect file's path, slash-separated, relative to
	// Options.Dir: the instance path with names made safe and collisions
	// numbered ("Workspace/Torch/Flame.yaml").
	File string
	// Spec is the imported effect.
	Spec emitter.Spec
	// YAML is the effect file's text; it decodes to Spec.
	YAML []byte
	// Host is what the emitter's parent made of it.
	Host Host
	// Properties says what became of each property: those of the class
	// (present or defaulted) in the documented order, then the rest of
	// the file's.
	Properties []Note
	// Attributes says what became of each attribute, in the file's order.
	Attributes []Note
	// UnreadAttributes counts the attributes after one of a type Ember
	// cannot read, which hides the rest of the blob.
	UnreadAttributes int
}

// Result is an imported Studio file.
type Result struct {
	// File is the Studio file's name.
	File   string
	Format Format
	// Emitters are in file order, depth first.
	Emitters []*Emitter
	dir      string
}

// Import decodes a Studio file (see [Decode]) and imports every
// ParticleEmitter in it as an Ember effect. A malformed file, or a property
// value no Roblox file can hold (an unknown enum value, a sequence of one
// keypoint), is an [*Error] naming the byte offset.
//
// Values Ember cannot take as they are (a Rate above Ember's limit, equal
// keypoint times, a texture that cannot be fetched) are fitted and noted,
// in the emitter's Properties and as comments in its effect file.
func Import(name string, data []byte, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	doc, err := Decode(name, data)
	if err != nil {
		return nil, err
	}
	r := &Result{File: name, Format: doc.Format, dir: opts.Dir}
	names := newFileNamer()
	for _, in := range doc.FindClass("ParticleEmitter") {
		e := &Emitter{Instance: in, Path: in.Path()}
		e.File = names.name(e.Path)
		if err := e.convert(name, opts); err != nil {
			return nil, err
		}
		r.Emitters = append(r.Emitters, e)
	}
	return r, nil
}

// convert fills in everything but Instance, Path and File.
func (e *Emitter) convert(file string, opts *Options) error {
	c := &converter{file: file, in: e.Instance}
	texLine, err := c.convert(opts.Textures, opts.Dir, e.File)
	if err != nil {
		return err
	}
	spray, unread, err := c.attributes()
	if err != nil {
		return err
	}
	e.Host = c.host(spray)
	e.Spec, e.Properties, e.Attributes, e.UnreadAttributes = c.spec, c.notes, c.attrs, unread
	e.YAML = writeYAML(e.header(file, texLine), &e.Spec, c.comments)
	return checkEffectFile(e.File, e.YAML)
}

// checkEffectFile decodes a written effect file as a user's would be: the
// importer must never write one that fails.
func checkEffectFile(name string, data []byte) error {
	if _, err := effectfile.Parse(name, data); err != nil {
		return fmt.Errorf("the importer wrote an effect file that does not decode (a bug in the importer):\n%v\n%s", err, data)
	}
	return nil
}

// header is the effect file's opening comment: where it came from, its
// host and texture, and what was not carried.
func (e *Emitter) header(file, texLine string) []string {
	h := []string{
		fmt.Sprintf("Imported by ember import from %s: %s %s.", filepath.Base(file), e.Instance.Class, strconv.Quote(strings.Join(e.Path, "/"))),
		"Host: " + e.Host.Why,
		texLine,
	}
	var dropped, reported []string
	for _, n := range e.Properties {
		if n.Fate == Dropped {
			dropped = append(dropped, n.Name+" "+n.Value+" ("+n.Why+")")
		}
	}
	for _, n := range e.Attributes {
		switch n.Fate {
		case Dropped:
			dropped = append(dropped, "attribute "+n.Name+" = "+n.Value+" ("+n.Why+")")
		case Reported:
			reported = append(reported, n.Name+" = "+n.Value)
		}
	}
	if len(dropped) > 0 {
		h = append(h, "Not carried: "+strings.Join(dropped, "; ")+".")
	}
	if len(reported) > 0 {
		h = append(h, "Attributes for scripts, not carried: "+strings.Join(reported, ", ")+".")
	}
	return h
}

// WriteFiles writes every emitter's effect file under Options.Dir,
// creating folders as needed, and returns the paths written.
func (r *Result) WriteFiles() ([]string, error) {
	var written []string
	for _, e := range r.Emitters {
		p := filepath.Join(r.dir, filepath.FromSlash(e.File))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return written, err
		}
		if err := os.WriteFile(p, e.YAML, 0o644); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}
