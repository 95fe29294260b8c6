package world

// Compile finishes a document for storing, as a compiler does after
// building it from a source: it normalizes every emitter's Yaw with
// [NormalizeYaw], stores each emitter's [ConservativeEmitterBounds] (when
// its preset index is in range), and returns [ValidateForWorld]'s
// verdict on the result.
func Compile(d *Document) error {
	if d == nil {
		return ValidateForWorld(d)
	}
	for i := range d.Emitters {
		e := &d.Emitters[i]
		e.Yaw = NormalizeYaw(e.Yaw)
		if e.Preset >= 0 && e.Preset < len(d.Presets) {
			e.Bounds = ConservativeEmitterBounds(e, &d.Presets[e.Preset])
		}
	}
	return ValidateForWorld(d)
}
