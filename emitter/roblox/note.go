package roblox

// Fate says what the importer did with one Roblox property or attribute.
type Fate uint8

// Fates.
const (
	// Carried: copied to the Ember field of the same meaning.
	Carried Fate = iota
	// Adjusted: carried, but changed to fit Ember (clamped to its range,
	// keypoint times pulled apart...); the note says how.
	Adjusted
	// Defaulted: absent from the file, so Roblox's default was used.
	Defaulted
	// Dropped: no Ember meaning; the note says why.
	Dropped
	// Ignored: bookkeeping of the instance (its Tags, asset id...),
	// not part of how the effect looks.
	Ignored
	// Reported: an attribute scripts read (EmitCount, EmitDelay...): not
	// an effect property, kept in the report for whoever ports the script.
	Reported
)

func (f Fate) String() string {
	switch f {
	case Carried:
		return "carried"
	case Adjusted:
		return "adjusted"
	case Defaulted:
		return "defaulted"
	case Dropped:
		return "dropped"
	case Ignored:
		return "ignored"
	case Reported:
		return "reported"
	}
	return "fate?"
}

// Note is what became of one property or attribute of an emitter.
type Note struct {
	// Name is the Roblox property or attribute name.
	Name string
	// Type is its type, as the XML format names it ("float", "token"...);
	// empty for a property absent from the file.
	Type string
	// Value is its value as Roblox writes it; empty when absent.
	Value string
	Fate  Fate
	// Field is the Ember field it went to, if any.
	Field string
	// Why explains an adjustment, a drop or a default, in a phrase.
	Why string
}
