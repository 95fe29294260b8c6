package roblox

import "strings"

// Format is the encoding of a Studio file.
type Format uint8

// Formats of Studio files: XML (.rbxmx, .rbxlx) and binary (.rbxm, .rbxl).
const (
	XML Format = iota
	Binary
)

func (f Format) String() string {
	if f == Binary {
		return "binary"
	}
	return "XML"
}

// Document is a decoded Studio file: a forest of instances. In a model
// file the roots are the saved objects; in a place they are its services
// (Workspace, Lighting...).
type Document struct {
	Format Format
	Roots  []*Instance
}

// Instance is one object of a Studio file.
type Instance struct {
	// Class is the class name, such as "ParticleEmitter" or "Part".
	Class string
	// Referent is the instance's identity within the file (XML's referent
	// attribute, or the binary format's number in decimal).
	Referent string
	// Offset is where the instance is defined in the file: the byte offset
	// of its XML <Item> tag, or of the binary INST chunk of its class.
	Offset int64
	// Parent is nil for a root.
	Parent *Instance
	// Children are in file order.
	Children []*Instance
	// Properties are the instance's own properties in file order, each
	// name at most once.
	Properties []Property
}

// Property is one property of an instance.
type Property struct {
	// Name is the property's serialized name, matched case-sensitively
	// (a Part's "size" is not an emitter's "Size").
	Name  string
	Value Value
	// Offset is where the property is defined: the byte offset of its XML
	// element, or of its binary PROP chunk.
	Offset int64
}

// Property returns the instance's own property called name, exactly.
func (in *Instance) Property(name string) (Property, bool) {
	for _, p := range in.Properties {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// Name is the instance's Name property, or its class name when it has none
// (the name Roblox gives a new instance).
func (in *Instance) Name() string {
	if p, ok := in.Property("Name"); ok {
		if s, ok := p.Value.(String); ok {
			return string(s)
		}
	}
	return in.Class
}

// Path returns the names of the instance's ancestors from the root, then
// its own.
func (in *Instance) Path() []string {
	var path []string
	for p := in; p != nil; p = p.Parent {
		path = append(path, p.Name())
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// PathString is Path joined with "/".
func (in *Instance) PathString() string { return strings.Join(in.Path(), "/") }

// FindClass returns every instance of class in the document, depth first in
// file order.
func (d *Document) FindClass(class string) []*Instance {
	var found []*Instance
	var walk func([]*Instance)
	walk = func(list []*Instance) {
		for _, in := range list {
			if in.Class == class {
				found = append(found, in)
			}
			walk(in.Children)
		}
	}
	walk(d.Roots)
	return found
}
