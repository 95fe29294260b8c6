package roblox

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Report writes what the import did, for a person: per emitter its effect
// file, host and texture, the properties carried, defaulted, adjusted,
// dropped and ignored (with why), the parent's properties left behind,
// and every attribute.
func (r *Result) Report(w io.Writer) error {
	var b strings.Builder
	plural := "s"
	if len(r.Emitters) == 1 {
		plural = ""
	}
	fmt.Fprintf(&b, "%s (%s): %d ParticleEmitter%s\n", r.File, r.Format, len(r.Emitters), plural)
	for _, e := range r.Emitters {
		fmt.Fprintf(&b, "\n%s -> %s\n", strconv.Quote(strings.Join(e.Path, "/")), e.File)
		fmt.Fprintf(&b, "  host: %s\n", e.Host.Why)
		byFate := map[Fate][]Note{}
		for _, n := range e.Properties {
			byFate[n.Fate] = append(byFate[n.Fate], n)
		}
		list := func(label string, notes []Note) {
			if len(notes) == 0 {
				return
			}
			names := make([]string, len(notes))
			for i, n := range notes {
				names[i] = n.Name
			}
			fmt.Fprintf(&b, "  %s (%d): %s\n", label, len(notes), strings.Join(names, ", "))
		}
		detail := func(label string, notes []Note) {
			for _, n := range notes {
				v := n.Value
				if v == "" {
					v = "(absent)"
				}
				fmt.Fprintf(&b, "  %s %s = %s: %s\n", label, n.Name, oneLine(v), n.Why)
			}
		}
		list("carried", byFate[Carried])
		list("defaulted, not in the file", byFate[Defaulted])
		var remarks []Note
		for _, n := range byFate[Carried] {
			if n.Why != "" {
				remarks = append(remarks, n)
			}
		}
		detail("note:", remarks)
		detail("adjusted:", byFate[Adjusted])
		detail("no Ember meaning, dropped:", byFate[Dropped])
		list("ignored (Instance bookkeeping)", byFate[Ignored])
		if len(e.Host.Ignored) > 0 {
			fmt.Fprintf(&b, "  %s %s's own properties, not carried (%d): %s\n", e.Host.Class, strconv.Quote(e.Host.Name), len(e.Host.Ignored), strings.Join(e.Host.Ignored, ", "))
		}
		for _, n := range e.Attributes {
			fmt.Fprintf(&b, "  attribute %s = %s (%s): %s", strconv.Quote(n.Name), oneLine(n.Value), n.Type, n.Fate)
			if n.Field != "" {
				fmt.Fprintf(&b, " to %s", n.Field)
			}
			if n.Why != "" {
				fmt.Fprintf(&b, ": %s", n.Why)
			}
			b.WriteByte('\n')
		}
		if e.UnreadAttributes > 0 {
			fmt.Fprintf(&b, "  %d attributes after an unknown type could not be read\n", e.UnreadAttributes)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
