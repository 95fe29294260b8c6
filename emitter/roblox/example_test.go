package roblox_test

import (
	"fmt"
	"log"

	"github.com/emberfx/ember/emitter/roblox"
)

// An emitter under a part, as Studio saves it (abridged): the part's size
// becomes the emission area, and the effect file lists what differs from
// Ember's defaults.
func ExampleImport() {
	const model = `<roblox version="4">
  <Item class="Part" referent="RBX1">
    <Properties>
      <string name="Name">Torch</string>
      <Vector3 name="size"><X>1</X><Y>2</Y><Z>1</Z></Vector3>
      <float name="Transparency">0.5</float>
    </Properties>
    <Item class="ParticleEmitter" referent="RBX2">
      <Properties>
        <string name="Name">Flame</string>
        <float name="Rate">40</float>
        <NumberRange name="Lifetime">0.5 1 </NumberRange>
        <NumberSequence name="Size">0 0.5 0.1 1 0 0 </NumberSequence>
        <ColorSequence name="Color">0 1 0.6 0.2 0 1 1 0.2 0 0 </ColorSequence>
        <float name="LightEmission">0.600000024</float>
        <bool name="WindAffectsDrag">true</bool>
      </Properties>
    </Item>
  </Item>
</roblox>`
	r, err := roblox.Import("torch.rbxmx", []byte(model), nil)
	if err != nil {
		log.Fatal(err)
	}
	e := r.Emitters[0]
	fmt.Println(e.File)
	fmt.Println(e.Host.Kind, e.Host.Name, e.Spec.Scale, e.Spec.LightEmission)
	for _, n := range e.Properties {
		if n.Fate == roblox.Dropped {
			fmt.Println("dropped:", n.Name, n.Value, "-", n.Why)
		}
	}
	// Output:
	// Torch/Flame.yaml
	// part Torch 0.5 0.6
	// dropped: WindAffectsDrag true - Ember has no wind
}
