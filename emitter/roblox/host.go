package roblox

import (
	"fmt"
	"math"
	"strconv"

	"github.com/emberfx/ember/emitter"
)

// A ParticleEmitter draws only under a BasePart (it emits in the part's
// volume) or an Attachment (a Bone is one): it emits at that point. Ember's
// host is the rectangle an effect is drawn on; the importer reads the
// parent for that and nothing else. The parent's own properties (its
// colour, transparency, shape, placement) are the parent's, never the
// emitter's.

// HostKind is what an emitter's parent makes of it.
type HostKind uint8

// Host kinds.
const (
	// NoHost: at the root, or under a Folder, Model or anything else
	// Roblox does not emit from; such emitters are templates that scripts
	// clone under a part or attachment. The effect emits from a point.
	NoHost HostKind = iota
	// PartHost: a BasePart; the effect emits in the part's X × Y face.
	PartHost
	// AttachmentHost: an Attachment or Bone; the effect emits from a point.
	AttachmentHost
	// GUIHost: a GuiObject, the host Spray draws 2D effects on; its
	// attributes give the emission area.
	GUIHost
)

func (k HostKind) String() string {
	switch k {
	case PartHost:
		return "part"
	case AttachmentHost:
		return "attachment"
	case GUIHost:
		return "GUI object"
	}
	return "none"
}

// Host is an emitter's parent, as the importer read it.
type Host struct {
	Kind HostKind
	// Class and Name are the parent's; empty at the root.
	Class, Name string
	// Size is a part's size in studs, when HasSize.
	Size    Vector3
	HasSize bool
	// Ignored lists the parent's own properties, none of which is carried.
	Ignored []string
	// Why says what the host means for the effect, in a sentence.
	Why string
}

var partClasses = map[string]bool{
	"Part": true, "MeshPart": true, "UnionOperation": true, "IntersectOperation": true,
	"NegateOperation": true, "PartOperation": true, "WedgePart": true, "CornerWedgePart": true,
	"TrussPart": true, "SpawnLocation": true, "Seat": true, "VehicleSeat": true,
	"SkateboardPlatform": true, "Platform": true, "FlagStand": true,
}

var attachmentClasses = map[string]bool{"Attachment": true, "Bone": true}

var guiClasses = map[string]bool{
	"Frame": true, "ScrollingFrame": true, "TextLabel": true, "TextButton": true, "TextBox": true,
	"ImageLabel": true, "ImageButton": true, "ViewportFrame": true, "VideoFrame": true, "CanvasGroup": true,
}

// host reads the emitter's parent into c.host. spray says the emitter's
// Spray attributes set the emission area and scale, which then win over a
// part's size.
func (c *converter) host(spray bool) Host {
	p := c.in.Parent
	if p == nil {
		return Host{Why: "No parent in the file: the effect emits from a point at the host's centre."}
	}
	h := Host{Class: p.Class, Name: p.Name()}
	for _, q := range p.Properties {
		// Name names the host; a part's size is read below.
		if q.Name != "Name" && !(partClasses[p.Class] && (q.Name == "size" || q.Name == "Size")) {
			h.Ignored = append(h.Ignored, q.Name)
		}
	}
	switch {
	case partClasses[p.Class]:
		h.Kind = PartHost
		size, ok := p.Property("size")
		if !ok {
			size, ok = p.Property("Size")
		}
		v, isVec := size.Value.(Vector3)
		x, y := exact(v.X), exact(v.Y)
		if !ok || !isVec || !(x > 0 && y > 0) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			h.Why = fmt.Sprintf("%s %s has no usable size: the effect emits from a point at the host's centre.", p.Class, strconv.Quote(h.Name))
			return h
		}
		h.Size, h.HasSize = v, true
		dims := fmt.Sprintf("%s x %s x %s studs", fmtNum(x), fmtNum(exact(v.Y)), fmtNum(exact(v.Z)))
		if spray {
			h.Why = fmt.Sprintf("%s %s, %s; the emitter's Spray attributes set the emission area and scale.", p.Class, strconv.Quote(h.Name), dims)
			return h
		}
		// The host rectangle stands for the part's X × Y face: the emission
		// area covers it, and one stud is 1/Y of its height.
		scale, _ := strconv.ParseFloat(strconv.FormatFloat(1/y, 'g', 6, 64), 64)
		if scale > maxMagnitude {
			// A part under a billionth of a stud high is a point: its
			// Scale would pass every limit of an effect file.
			h.Size, h.HasSize = Vector3{}, false
			h.Why = fmt.Sprintf("%s %s, %s, is too small to stand for a host (Scale %s would exceed %s): the effect emits from a point at the host's centre.",
				p.Class, strconv.Quote(h.Name), dims, fmtNum(scale), fmtNum(maxMagnitude))
			return h
		}
		c.spec.EmissionSize = emitter.Vector2{X: 1, Y: 1}
		c.spec.Scale = scale
		stud := fmt.Sprintf("Scale %s makes one stud 1/%s of the host's height", fmtNum(scale), fmtNum(y))
		if scale == 1 {
			stud = "one stud is the host's height"
		}
		h.Why = fmt.Sprintf("%s %s, %s: the host stands for its X x Y face, so draw the effect on a host of aspect %s:%s; "+
			"the emission area is the whole host (EmissionSize 1 x 1) and %s.",
			p.Class, strconv.Quote(h.Name), dims, fmtNum(x), fmtNum(y), stud)
	case attachmentClasses[p.Class]:
		h.Kind = AttachmentHost
		h.Why = fmt.Sprintf("%s %s: a point; the effect emits from the host's centre, so place the host where the attachment is.", p.Class, strconv.Quote(h.Name))
	case guiClasses[p.Class]:
		h.Kind = GUIHost
		h.Why = fmt.Sprintf("%s %s: a 2D host, as Spray draws it; the Spray attributes give the emission area.", p.Class, strconv.Quote(h.Name))
	default:
		h.Why = fmt.Sprintf("%s %s: Roblox draws no emitter here (scripts clone such templates under a part or attachment); the effect emits from a point at the host's centre.", p.Class, strconv.Quote(h.Name))
	}
	return h
}
