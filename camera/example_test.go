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
