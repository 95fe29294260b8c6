package effectfile

// Names a Roblox export carries that are not effect fields, each with the
// hint its problem gives. An effect file is one ParticleEmitter's
// properties; the Instance bookkeeping every Roblox object has (its class,
// parent, tags, identity) and the few emitter properties Ember has no
// meaning for are errors, so that a file copied from Studio says what to
// delete instead of "unknown field". Name is a field (Spec.Name).
var foreignFields = func() map[string]string {
	m := map[string]string{}
	for name, why := range map[string]string{
		"Archivable":          "whether Studio saves the instance",
		"archivable":          "whether Studio saves the instance",
		"ClassName":           "the instance's class; an effect file is always a ParticleEmitter",
		"className":           "the instance's class; an effect file is always a ParticleEmitter",
		"Parent":              "the instance the emitter sits in; place the effect with component.SpawnOptions or render.Item",
		"Tags":                "CollectionService tags, for scripts",
		"Attributes":          "the instance's attributes; Spray's become the fields without their Spray prefix",
		"AttributesSerialize": "the instance's attributes; Spray's become the fields without their Spray prefix",
		"SourceAssetId":       "the asset the instance came from",
		"Capabilities":        "script sandboxing",
		"DefinesCapabilities": "script sandboxing",
		"Sandboxed":           "script sandboxing",
		"HistoryId":           "Studio's version history",
		"UniqueId":            "Studio's instance identity",
		"RobloxLocked":        "a permission of Roblox's own scripts",
	} {
		m[name] = "a Roblox Instance property (" + why + "), not part of an effect: delete it"
	}
	for name, why := range map[string]string{
		"WindAffectsDrag":           "Ember has no wind",
		"FlipbookIncompatible":      "Studio's warning text about the texture size, not a setting",
		"LocalTransparencyModifier": "set by scripts at run time, not a setting",
	} {
		m[name] = "a ParticleEmitter property with no Ember meaning (" + why + "): delete it"
	}
	m["VelocitySpread"] = "Roblox's deprecated spelling of SpreadAngle: write SpreadAngle: {X: degrees}"
	m["TextureContent"] = "Roblox's newer spelling of Texture: write Texture: with an image path relative to this file"
	return m
}()
