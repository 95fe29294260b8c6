package layerdraw

import (
	"bytes"
	"image"
	"testing"

	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/race"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/system"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/ecs"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
)

func snap(t testing.TB, rate float64) *emitter.Snapshot {
	t.Helper()
	spec := emitter.DefaultSpec()
	spec.Rate = rate
	spec.Lifetime = emitter.NumberRange{Min: 0.5, Max: 1}
	spec.Speed = emitter.NumberRange{Min: 1, Max: 2}
	spec.SpreadAngle = emitter.Vector2{X: 90}
	spec.Size = emitter.ConstantSequence(0.2)
	s, err := emitter.NewSnapshot(&spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// scene is a world with effects on layers 0 and 1, one following a
// transform, one dormant, stepped for half a second.
type scene struct {
	w                   donburi.World
	game                *ecs.ECS
	sched               *system.Scheduler
	a, b, moving, other donburi.Entity
	dormant, fresh      donburi.Entity
	tex                 *image.NRGBA
}

func newScene(t testing.TB) *scene {
	w := donburi.NewWorld()
	s := &scene{w: w, game: ecs.NewECS(w), sched: system.NewScheduler(nil), tex: image.NewNRGBA(image.Rect(0, 0, 8, 8))}
	for i := range s.tex.Pix {
		s.tex.Pix[i] = 255
	}
	shared := snap(t, 30)
	mk := func(sn *emitter.Snapshot, o component.SpawnOptions) donburi.Entity {
		o.HostWidth, o.HostHeight = 20, 20
		e, err := component.Spawn(w, sn, &o)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	s.a = mk(shared, component.SpawnOptions{Layer: 1, Play: true, X: 20, Y: 40, Seed: 1})
	s.b = mk(shared, component.SpawnOptions{Layer: 1, Play: true, X: 44, Y: 40, Seed: 2, Texture: s.tex})
	s.moving = mk(snap(t, 50), component.SpawnOptions{Layer: 1, Play: true, Transform: true, Seed: 3})
	s.other = mk(shared, component.SpawnOptions{Layer: 0, Play: true, X: 30, Y: 30})
	parent := w.Entry(w.Create(transform.Transform))
	transform.AppendChild(parent, w.Entry(s.moving), false)
	for i := range 30 {
		transform.GetTransform(parent).LocalPosition = dmath.Vec2{X: 10 + float64(i), Y: 20}
		s.sched.UpdateWorld(w)
	}
	s.sched.UpdateWorld(w)
	s.dormant = mk(shared, component.SpawnOptions{Layer: 1, Play: true, X: 5, Y: 5})
	system.Seek(w, 0.5) // before the dormant one's spawn
	s.fresh = mk(shared, component.SpawnOptions{Layer: 1, Play: true, Transform: true, X: 33, Y: 12})
	return s
}

// TestItems: the layer's visible effects in entity order, placed by their
// offsets (a fresh transform effect at its transform), dormant ones left
// out; no allocation once warm.
func TestItems(t *testing.T) {
	s := newScene(t)
	d := NewDrawer(nil, 1)
	if d.Layer() != 1 || d.Renderer() != nil {
		t.Fatal("accessors")
	}
	items := d.AppendItems(s.w, nil)
	want := []donburi.Entity{s.a, s.b, s.moving, s.fresh}
	if len(items) != len(want) {
		t.Fatalf("%d items, want %d", len(items), len(want))
	}
	for i, e := range want {
		fx, _ := component.Get(s.w, e)
		if items[i].Effect != fx.Effect || items[i].Texture != fx.Texture {
			t.Errorf("item %d is not entity %v", i, e)
		}
	}
	if items[0].X != 20 || items[0].Y != 40 || items[1].Texture != s.tex {
		t.Errorf("offsets %+v %+v", items[0], items[1])
	}
	if items[2].X != 0 || items[2].Y != 0 {
		t.Errorf("a sampled transform effect is placed by its track, not an offset: %+v", items[2])
	}
	if items[3].X != 33 || items[3].Y != 12 {
		t.Errorf("a fresh transform effect at (%v, %v), want its transform (33, 12)", items[3].X, items[3].Y)
	}
	if n := testing.AllocsPerRun(100, func() { items = d.AppendItems(s.w, items[:0]) }); n != 0 {
		t.Errorf("AppendItems: %v allocations", n)
	}
	d.DrawWorld(s.w, nil) // nil renderer or target: nothing
}

// TestRegister: the draw function has the signature ecs.AddRenderer takes.
func TestRegister(t *testing.T) {
	r, err := render.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	game := ecs.NewECS(donburi.NewWorld())
	game.AddRenderer(1, NewDrawer(r, 1).Draw) // panics on a wrong signature
}

// The size of the tests' targets.
const targetW, targetH = 96, 72

// newTarget is a target for a test's draws. Unmanaged targets have
// textures of their own: two managed images sit at different places of
// Ebitengine's atlas, which can move a rounding.
func newTarget() *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, targetW, targetH), &ebiten.NewImageOptions{Unmanaged: true})
}

// TestDraw: drawing the layer through ecs is one Renderer.Draw of the
// layer's items: the same pixels as calling the renderer directly, and
// nothing of the other layers.
func TestDraw(t *testing.T) {
	needDisplay(t)
	s := newScene(t)
	r1, err := render.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	s.game.AddRenderer(1, NewDrawer(r1, 1).Draw)
	const W, H = targetW, targetH
	viaECS := newTarget()
	s.game.DrawLayer(1, viaECS)
	direct := newTarget()
	var items []render.Item
	for _, e := range []donburi.Entity{s.a, s.b, s.moving, s.fresh} {
		fx, _ := component.Get(s.w, e)
		x, y := fx.X, fx.Y
		if e == s.fresh {
			x, y = 33, 12
		}
		items = append(items, render.Item{Effect: fx.Effect, X: x, Y: y, Texture: fx.Texture, Strip: fx.Strip})
	}
	r1.Draw(direct, items) // the same renderer: the same atlas pages
	got, want := make([]byte, 4*W*H), make([]byte, 4*W*H)
	viaECS.ReadPixels(got)
	direct.ReadPixels(want)
	if !bytes.Equal(got, want) {
		n, first := 0, -1
		for i := range got {
			if got[i] != want[i] {
				n++
				if first < 0 {
					first = i
				}
			}
		}
		t.Errorf("the layer draw differs from a direct Renderer.Draw of its items: %d bytes, first at (%d, %d): %v vs %v", n, first/4%W, first/4/W, got[first&^3:first&^3+4], want[first&^3:first&^3+4])
		ds := NewDrawer(nil, 1).AppendItems(s.w, nil)
		for i := range ds {
			t.Logf("item %d: %+v vs %+v", i, ds[i], items[i])
		}
	}
	if bytes.Count(got, []byte{0}) == len(got) {
		t.Fatal("nothing drawn")
	}
	s.game.DrawLayer(1, viaECS)
	if st := r1.Stats(); st.Effects != 4 || st.Particles == 0 {
		t.Errorf("stats %+v: want the 4 visible effects of layer 1 in one Draw", st)
	}
	// The other layer's effect is not drawn by layer 1's function.
	empty := newTarget()
	s.game.DrawLayer(0, empty)
	pix := make([]byte, 4*W*H)
	empty.ReadPixels(pix)
	if bytes.Count(pix, []byte{0}) != len(pix) {
		t.Error("layer 0 drew with layer 1's function")
	}
	// A warm frame allocates nothing in the draw function (the renderer
	// keeps its own promise).
	d := NewDrawer(r1, 1)
	d.DrawWorld(s.w, viaECS)
	if race.Enabled {
		return // the race detector's instrumentation allocates
	}
	if n := testing.AllocsPerRun(20, func() { d.DrawWorld(s.w, viaECS) }); n != 0 {
		t.Errorf("%v allocations per warm frame", n)
	}
}

// TestDrawCamera: a drawer's Camera reaches the renderer: the layer
// through a camera draws the pixels Renderer.DrawCamera draws for its
// items, effects far off the target are culled without the camera and
// drawn with one looking at them, and a warm frame allocates nothing.
func TestDrawCamera(t *testing.T) {
	needDisplay(t)
	s := newScene(t)
	r, err := render.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	const W, H = targetW, targetH
	cam := &camera.Camera{X: 34, Y: 30, Zoom: 1.5, Rotation: 20}
	d := NewDrawer(r, 1)
	d.Camera = cam
	viaDrawer := newTarget()
	d.DrawWorld(s.w, viaDrawer)
	direct := newTarget()
	r.DrawCamera(direct, d.AppendItems(s.w, nil), cam)
	got, want := make([]byte, 4*W*H), make([]byte, 4*W*H)
	viaDrawer.ReadPixels(got)
	direct.ReadPixels(want)
	if !bytes.Equal(got, want) {
		t.Error("the layer through its camera differs from Renderer.DrawCamera of its items")
	}
	plain := newTarget()
	d.Camera = nil
	d.DrawWorld(s.w, plain)
	plainPix := make([]byte, 4*W*H)
	plain.ReadPixels(plainPix)
	if bytes.Equal(plainPix, got) {
		t.Error("the camera changed nothing")
	}

	// Far away: 4 effects at (5000 to 5024, 5000), off the 96 × 72 target.
	far := donburi.NewWorld()
	for i := range 4 {
		if _, err := component.Spawn(far, snap(t, 30), &component.SpawnOptions{Layer: 1, Play: true, X: 5000 + 8*float64(i), Y: 5000, HostWidth: 20, HostHeight: 20}); err != nil {
			t.Fatal(err)
		}
	}
	sched := system.NewScheduler(nil)
	for range 20 {
		sched.UpdateWorld(far)
	}
	d.DrawWorld(far, plain)
	if st := r.Stats(); st.Culled != 4 {
		t.Errorf("without a camera: stats %+v, want the 4 far effects culled", st)
	}
	d.Camera = &camera.Camera{X: 5012, Y: 5000}
	d.DrawWorld(far, plain)
	if st := r.Stats(); st.Culled != 0 || st.Effects != 4 || st.Particles == 0 {
		t.Errorf("with a camera on them: stats %+v, want 4 effects drawn", st)
	}
	if n := testing.AllocsPerRun(20, func() { d.DrawWorld(far, plain) }); n != 0 {
		t.Errorf("%v allocations per warm frame", n)
	}
}
