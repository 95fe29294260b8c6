package effectfile_test

import (
	"fmt"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
)

// Decoding an effect file: the fields present overlay Roblox's defaults,
// and every problem is reported at once, each at its line.
func Example() {
	spec, err := effectfile.Parse("sparkle.yaml", []byte("Rate: 40\nLifetime: {Min: 0.5, Max: 1}\nColor: \"#ffb020\"\n"))
	if err != nil {
		panic(err)
	}
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	fmt.Println(snap.Rate(), snap.MaxLifetime(), spec.Size[0].Value)

	_, err = effectfile.Parse("typos.yaml", []byte("Rate: 40\nLifetme: 2\nShape: Spher\nDrag: x\n"))
	fmt.Println(err)
	// Output:
	// 40 1 1
	// typos.yaml:2: Lifetme: unknown field; did you mean Lifetime?
	// typos.yaml:3: Shape: unknown value "Spher"; did you mean Sphere? (one of Box|Sphere|Cylinder|Disc)
	// typos.yaml:4: Drag: expected a number, got the string "x"
}
