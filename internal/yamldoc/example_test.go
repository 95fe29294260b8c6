package yamldoc_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/yamldoc"
	"go.yaml.in/yaml/v3"
)

// lamp is a small document type of its own, to show the reader is not tied
// to effect files.
type lamp struct {
	Name   string
	Colour string
	Watts  float64
	Pos    []float64
}

func (l lamp) validate() error {
	if l.Watts > 100 {
		return emitter.Problems{{Field: "watts", Message: "at most 100"}}
	}
	return nil
}

var colours = []string{"warm", "cold"}

func decodeLamp(name string, data []byte) (lamp, error) {
	d := yamldoc.NewDecoder(name, &yamldoc.Format{
		Root:        `a lamp is a mapping such as "watts: 40"`,
		OneDocument: "a lamp file holds one lamp",
	})
	var l lamp
	if root := d.Parse(data); root != nil {
		d.Mapping("", root, []string{"name", "colour", "watts", "pos"}, func(key string, v *yaml.Node) {
			switch key {
			case "name":
				l.Name, _ = d.String(key, v)
			case "colour":
				if i, ok := d.Enum(key, v, colours); ok {
					l.Colour = colours[i]
				}
			case "watts":
				l.Watts, _ = d.Number(key, v)
			case "pos":
				l.Pos, _ = d.Vector(key, v, []string{"x", "y"})
			}
		})
		d.AddFieldProblems(l.validate())
	}
	return l, d.Err()
}

// Reading a document type of one's own: every problem at once, each at its
// line, with suggestions for misspelt names.
func Example() {
	l, err := decodeLamp("desk.yaml", []byte("name: desk\ncolour: warm\nwatts: 40\npos: {x: 1, y: 2}\n"))
	fmt.Printf("%+v %v\n", l, err)

	_, err = decodeLamp("bad.yaml", []byte("name: desk\ncolor: warm\nwatts: 400\npos: {x: 1, z: 2}\n"))
	fmt.Println(err)
	// Output:
	// {Name:desk Colour:warm Watts:40 Pos:[1 2]} <nil>
	// bad.yaml:2: color: unknown field; did you mean colour?
	// bad.yaml:3: watts: at most 100
	// bad.yaml:4: pos.z: unknown key; did you mean x?
}
