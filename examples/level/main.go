// Level plays a compiled world level in a game: the level is mounted in a
// donburi world, its clock follows Ember's scheduler and a level drawer
// draws it through a world camera. From the repository root: go run
// ./examples/level (the arrow keys pan, the wheel zooms, Backspace
// rewinds a second).
package main

import (
	"image/color"
	"log"
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/emberfx/ember/system/layerdraw"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

const screenW, screenH = 640, 480

// Game is an ebiten.Game holding a donburi world with one mounted level.
type Game struct {
	world  donburi.World
	ecs    *ecs.ECS
	camera camera.World // world units, z up; pitch 90 is top-down
}

// NewGame mounts the compiled level at path (from ember world compile).
func NewGame(path string) (*Game, error) {
	g := &Game{world: donburi.NewWorld(), camera: camera.World{X: 8, Y: 7, Zoom: 36, Pitch: 55}}
	g.ecs = ecs.NewECS(g.world)
	scheduler := system.NewScheduler(&system.SchedulerOptions{TPS: 60}) // the level clock steps with it
	g.ecs.AddSystem(scheduler.Update)
	renderer, err := render.New(nil)
	if err != nil {
		return nil, err
	}
	drawer := layerdraw.NewLevelDrawer(renderer, ecs.LayerDefault)
	drawer.Camera = &g.camera
	g.ecs.AddRenderer(ecs.LayerDefault, drawer.Draw)
	// Its textures are read beside the file and proven to be the ones
	// it was compiled with, before anything is drawn.
	_, err = system.MountLevelFile(g.world, path, &system.MountOptions{Name: "keep"})
	return g, err
}

// Update moves the camera and steps the world.
func (g *Game) Update() error {
	c := &g.camera
	for _, k := range arrows {
		if ebiten.IsKeyPressed(k.key) {
			c.X += k.dx * 6 / c.Zoom
			c.Y += k.dy * 6 / c.Zoom
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		c.Zoom = min(max(c.Zoom*math.Pow(1.1, wy), 8), 200)
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBackspace) {
		system.Seek(g.world, max(system.Time(g.world)-1, 0)) // levels rewind exactly too
	}
	g.ecs.Update()
	return nil
}

var arrows = [...]struct {
	key    ebiten.Key
	dx, dy float64
}{{ebiten.KeyArrowLeft, -1, 0}, {ebiten.KeyArrowRight, 1, 0}, {ebiten.KeyArrowUp, 0, 1}, {ebiten.KeyArrowDown, 0, -1}}

// Draw draws a dark floor and the level.
func (g *Game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{20, 18, 24, 255})
	g.ecs.Draw(screen)
}

// Layout keeps a 640 × 480 screen.
func (g *Game) Layout(int, int) (int, int) { return screenW, screenH }

func main() {
	g, err := NewGame("demo/levels/keep.kwp")
	if err != nil {
		log.Fatal(err)
	}
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetWindowTitle("An Ember level in a game")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
