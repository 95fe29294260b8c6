package main

// allScenes returns fresh instances of the demo's scenes, in tab order.
func allScenes() []scene {
	return []scene{
		&buttonScene{},
		&sparksScene{},
		&fireScene{},
		&explosionScene{},
		&weatherScene{},
		&stressScene{},
		&followScene{},
		&worldScene{},
	}
}

// sceneByName returns a fresh instance of the scene called name, or nil.
func sceneByName(name string) scene {
	for _, sc := range allScenes() {
		if sc.name() == name {
			return sc
		}
	}
	return nil
}
