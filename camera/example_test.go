package camera_test

import (
	"fmt"
	"image"

	"github.com/emberfx/ember/camera"
)

// A camera looking at scene point (1000, 500) of a 640 × 480 screen,
// zoomed 2× and turned a quarter turn: where a scene point is drawn, and
// which scene point is under the mouse.
func ExampleCamera() {
	cam := camera.Camera{X: 1000, Y: 500, Zoom: 2, Rotation: 90}
	view := cam.Transform(image.Rect(0, 0, 640, 480))

	// 10 px right of the position, turned: 20 px above the screen's centre.
	x, y := view.Apply(1010, 500)
	fmt.Printf("scene (1010, 500) is drawn at (%.1f, %.1f)\n", x, y)

	// The mouse at the screen's centre points at the camera's position.
	sx, sy := view.Invert(320, 240)
	fmt.Printf("the screen's centre shows scene (%.1f, %.1f)\n", sx, sy)
	// Output:
	// scene (1010, 500) is drawn at (320.0, 220.0)
	// the screen's centre shows scene (1000.0, 500.0)
}

// A three-quarter view of a level: 32 pixels per world unit, tilted 60°
// down from the horizon, on a 640 × 480 screen. A point a unit north of
// the camera's position shows higher up the screen than one a unit up,
// and the mouse finds the floor point under it.
func ExampleWorld() {
	cam := camera.World{X: 10, Y: 5, Z: 0, Zoom: 32, Pitch: 60}
	view := cam.Projection(image.Rect(0, 0, 640, 480))

	x, y := view.Apply(10, 6, 0) // a unit north, on the floor
	fmt.Printf("north: (%.1f, %.1f)\n", x, y)
	x, y = view.Apply(10, 5, 1) // a unit up
	fmt.Printf("up: (%.1f, %.1f)\n", x, y)

	fx, fy, _ := view.Unproject(352, 240, 0)
	fmt.Printf("the floor under (352, 240): (%.1f, %.1f)\n", fx, fy)
	// Output:
	// north: (320.0, 212.3)
	// up: (320.0, 224.0)
	// the floor under (352, 240): (11.0, 5.0)
}
