package layerdraw

import (
	"bytes"
	"image"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/yohamta/donburi"
)

// levelGame is a world with the test level mounted on layer 0, a
// scheduler and a level drawer with its own renderer.
type levelGame struct {
	w      donburi.World
	s      *system.Scheduler
	level  donburi.Entity
	drawer *LevelDrawer
}

func newLevelGame(t testing.TB) *levelGame {
	t.Helper()
	w := donburi.NewWorld()
	e, err := system.MountLevel(w, leveltest.Document(t), &system.MountOptions{Textures: leveltest.Resolver(leveltest.Images())})
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.New(&render.Options{Budget: -1, LOD: render.LOD{Off: true}})
	if err != nil {
		t.Fatal(err)
	}
	return &levelGame{w: w, s: system.NewScheduler(nil), level: e, drawer: NewLevelDrawer(r, 0)}
}

// frame draws the levels through cam onto a fresh w × h target and
// returns its pixels. Targets are unmanaged, as newTarget's.
func (g *levelGame) frame(cam *camera.World, w, h int) []byte {
	dst := ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
	defer dst.Deallocate()
	g.drawer.Camera = cam
	g.drawer.DrawWorld(g.w, dst)
	pix := make([]byte, 4*w*h)
	dst.ReadPixels(pix)
	return pix
}

var mainView = &camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 10, Pitch: 60}

// TestLevelDrawerNeverRestarts: whatever a game draws in between (the
// level through other cameras, onto targets of other sizes, a view that
// culls every emitter, the level hidden), the main view after 150 updates
// is the frame of a game that only ever drew the main view: culling,
// other cameras and resizes never restart or skip the level clock.
func TestLevelDrawerNeverRestarts(t *testing.T) {
	needDisplay(t)
	run := func(between func(g *levelGame, k int)) []byte {
		g := newLevelGame(t)
		for k := range 150 {
			g.s.UpdateWorld(g.w)
			if between != nil && k >= 10 && k < 120 {
				between(g, k)
			} else if k%10 == 0 {
				g.frame(mainView, 120, 80)
			}
		}
		return g.frame(mainView, 120, 80)
	}
	want := run(nil)
	blank := 0
	for i := 3; i < len(want); i += 4 {
		if want[i] == 0 {
			blank++
		}
	}
	if blank == len(want)/4 {
		t.Fatal("the main view shows nothing")
	}
	for _, c := range []struct {
		name    string
		between func(g *levelGame, k int)
	}{
		{"other cameras", func(g *levelGame, k int) {
			g.frame(&camera.World{X: 3, Y: 4, Zoom: 30, Pitch: 90}, 64, 64)
			g.frame(&camera.World{X: 13, Y: 4, Z: 2, Zoom: 20, Yaw: 90}, 64, 48)
		}},
		{"resized targets", func(g *levelGame, k int) { g.frame(mainView, 60+k, 40+k/2) }},
		{"culled", func(g *levelGame, k int) {
			g.frame(&camera.World{X: 500, Y: 500, Zoom: 10, Pitch: 90}, 120, 80)
			if st := g.drawer.Renderer().LevelStats(); st.Emitters != 0 {
				t.Fatalf("a view far from the level drew %d emitters", st.Emitters)
			}
		}},
		{"hidden", func(g *levelGame, k int) {
			d, _ := component.GetLevel(g.w, g.level)
			d.Hidden = k < 119
			g.frame(mainView, 120, 80)
		}},
	} {
		if got := run(c.between); !bytes.Equal(got, want) {
			t.Errorf("%s: the main view differs from a game that drew nothing else", c.name)
		}
	}
}

// TestLevelDrawerSplitScreen: two drawers with their cameras (the hall
// close up, the whole level as a minimap) draw the same level into two
// halves of one target in a frame; each half is what its camera shows
// alone, and the minimap reuses what the first view evaluated.
func TestLevelDrawerSplitScreen(t *testing.T) {
	needDisplay(t)
	g := newLevelGame(t)
	for range 90 {
		g.s.UpdateWorld(g.w)
	}
	left, right := &camera.World{X: 3, Y: 4, Z: 1.5, Zoom: 20, Pitch: 45}, &camera.World{X: 8, Y: 4, Z: 1.5, Zoom: 5, Pitch: 90}
	r := g.drawer.Renderer()
	other := NewLevelDrawer(r, 0)
	other.Camera = right
	g.drawer.Camera = left
	screen := ebiten.NewImageWithOptions(image.Rect(0, 0, 160, 60), &ebiten.NewImageOptions{Unmanaged: true})
	defer screen.Deallocate()
	g.drawer.DrawWorld(g.w, screen.SubImage(image.Rect(0, 0, 80, 60)).(*ebiten.Image))
	first := r.LevelStats()
	other.DrawWorld(g.w, screen.SubImage(image.Rect(80, 0, 160, 60)).(*ebiten.Image))
	if st := r.LevelStats(); first.Emitters == 0 || st.Emitters != 6 || st.Reused != first.Emitters {
		t.Errorf("the close view drew %d emitters; the minimap %+v, want all 6, %d of them reused", first.Emitters, st, first.Emitters)
	}
	pix := make([]byte, 4*160*60)
	screen.ReadPixels(pix)
	alone := func(cam *camera.World) []byte { return g.frame(cam, 80, 60) }
	l, rr := alone(left), alone(right)
	for y := range 60 {
		if !bytes.Equal(pix[y*640:y*640+320], l[y*320:(y+1)*320]) || !bytes.Equal(pix[y*640+320:(y+1)*640], rr[y*320:(y+1)*320]) {
			t.Fatalf("row %d of the split screen differs from the views alone", y)
		}
	}
}
