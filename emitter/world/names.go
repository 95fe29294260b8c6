package world

// The source vocabulary's names of the model's enumerations, as errors
// and the authoring format spell them.
var (
	spawnShapeNames   = []string{"point", "box"}
	facingNames       = []string{"camera", "upright"}
	blendNames        = []string{"additive", "cutout", "alpha", "premultiplied"}
	flipbookModeNames = []string{"once", "cycle"}
	playbackNames     = []string{"once", "cycle"}
	wallsNames        = []string{"contain", "kill"}
)

func enumName(names []string, v uint8) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "invalid"
}

// String returns the source name of the shape: point or box.
func (s SpawnShape) String() string { return enumName(spawnShapeNames, uint8(s)) }

// String returns the source name of the facing: camera or upright.
func (f Facing) String() string { return enumName(facingNames, uint8(f)) }

// String returns the source name of the blend: additive, cutout, alpha or
// premultiplied.
func (b Blend) String() string { return enumName(blendNames, uint8(b)) }

// String returns the source name of the mode: once or cycle.
func (m FlipbookMode) String() string { return enumName(flipbookModeNames, uint8(m)) }

// String returns the source name of the playback: once or cycle.
func (p Playback) String() string { return enumName(playbackNames, uint8(p)) }

// String returns the source name of the walls: contain or kill.
func (w Walls) String() string { return enumName(wallsNames, uint8(w)) }
