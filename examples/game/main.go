// Game is a complete small game with Ember effects: a donburi world
// advanced by Ember's scheduler, effect files placed in the scene, a
// camera the effects are drawn through, and gameplay that bursts, finds,
// pauses and rewinds them. From the repository root: go run ./examples/game
// (arrow keys pan, the wheel zooms, Q and E turn, a click strikes sparks,
// Space pauses the campfire, Backspace rewinds a second).
package main

import (
	"image"
	"image/color"
	"log"
	"math"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/emberfx/ember/system/layerdraw"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
)

const screenW, screenH = 640, 480

// Game is an ebiten.Game holding a donburi world of effects.
type Game struct {
	world  donburi.World
	ecs    *ecs.ECS
	camera camera.Camera // looks at a scene point; effects are placed in scene pixels
	sparks donburi.Entity
}

// NewGame builds the world from the effect files in dir.
func NewGame(dir string) (*Game, error) {
	g := &Game{world: donburi.NewWorld(), camera: camera.Camera{X: 1000, Y: 1000}}
	g.ecs = ecs.NewECS(g.world)
	scheduler := system.NewScheduler(&system.SchedulerOptions{TPS: 60}) // fixed steps, never the wall clock
	g.ecs.AddSystem(scheduler.Update)
	renderer, err := render.New(nil) // one renderer per target
	if err != nil {
		return nil, err
	}
	drawer := layerdraw.NewDrawer(renderer, ecs.LayerDefault)
	drawer.Camera = &g.camera
	g.ecs.AddRenderer(ecs.LayerDefault, drawer.Draw)

	// A campfire, and a torch from the same file on a smaller host.
	_, err = component.SpawnFile(g.world, dir+"/fire.yaml", &component.SpawnOptions{
		Name: "campfire", Play: true, X: 1000, Y: 1060, HostWidth: 120, HostHeight: 60})
	if err == nil {
		_, err = component.SpawnFile(g.world, dir+"/fire.yaml", &component.SpawnOptions{
			Play: true, Seed: 2, X: 860, Y: 980, HostWidth: 40, HostHeight: 20})
	}
	if err == nil { // bursts only (its Enabled is false): nothing until a click
		g.sparks, err = component.SpawnFile(g.world, dir+"/hit_sparks.yaml", &component.SpawnOptions{Play: true})
	}
	return g, err
}

// Update moves the camera, plays the gameplay keys and steps the world.
func (g *Game) Update() error {
	c := &g.camera
	zoom := c.Zoom
	if zoom == 0 {
		zoom = 1
	}
	// The arrows pan along the screen's axes, as fast on screen at any zoom.
	sin, cos := math.Sincos(c.Rotation * math.Pi / 180)
	for _, k := range arrows {
		if ebiten.IsKeyPressed(k.key) {
			c.X += (k.dx*cos - k.dy*sin) * 6 / zoom
			c.Y += (k.dx*sin + k.dy*cos) * 6 / zoom
		}
	}
	if _, wy := ebiten.Wheel(); wy != 0 {
		c.Zoom = min(max(zoom*math.Pow(1.1, wy), 0.25), 8)
	}
	if ebiten.IsKeyPressed(ebiten.KeyQ) {
		c.Rotation -= 2
	}
	if ebiten.IsKeyPressed(ebiten.KeyE) {
		c.Rotation += 2
	}

	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		mx, my := ebiten.CursorPosition()
		view := c.Transform(image.Rect(0, 0, screenW, screenH))
		g.Strike(view.Invert(float64(mx), float64(my))) // the scene point under the mouse
	}
	if inpututil.IsKeyJustPressed(ebiten.KeySpace) {
		if fire, ok := system.Find(g.world, "campfire"); ok {
			if fx, _ := component.Get(g.world, fire); fx.Effect.Playing() {
				system.Pause(g.world, fire)
			} else {
				system.Play(g.world, fire)
			}
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyBackspace) {
		system.Seek(g.world, max(system.Time(g.world)-1, 0)) // exactly what stepping showed
	}
	g.ecs.Update()
	return nil
}

var arrows = [...]struct {
	key    ebiten.Key
	dx, dy float64
}{{ebiten.KeyArrowLeft, -1, 0}, {ebiten.KeyArrowRight, 1, 0}, {ebiten.KeyArrowUp, 0, -1}, {ebiten.KeyArrowDown, 0, 1}}

// Strike bursts sparks at scene point (x, y). The host's move is data on
// the effect, so a rewind shows each burst where it was struck.
func (g *Game) Strike(x, y float64) {
	if fx, ok := component.Get(g.world, g.sparks); ok {
		fx.Effect.SetHost(x, y, 0)
		system.Emit(g.world, g.sparks, 60)
	}
}

// Draw draws a night sky and the effects.
func (g *Game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{18, 16, 30, 255})
	g.ecs.Draw(screen) // the effects, through the camera
}

// Layout keeps a 640 × 480 screen.
func (g *Game) Layout(int, int) (int, int) { return screenW, screenH }

func main() {
	g, err := NewGame("demo/effects")
	if err != nil {
		log.Fatal(err)
	}
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetWindowTitle("Ember in a game")
	if err := ebiten.RunGame(g); err != nil {
		log.Fatal(err)
	}
}
