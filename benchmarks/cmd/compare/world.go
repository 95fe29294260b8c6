package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/emberfx/ember/benchmarks"
	"github.com/emberfx/ember/camera"
	"github.com/emberfx/ember/emitter/world"
	"github.com/emberfx/ember/internal/leveltest"
	"github.com/emberfx/ember/render"
	"github.com/emberfx/ember/texture"
	"github.com/emberfx/ember/texture/leveltex"
	"github.com/hajimehoshi/ebiten/v2"
)

// The world cases play a world level (package emitter/world) at the
// document's limits: internal/leveltest's LimitsLevel, 256 emitters of 256
// slots (65,536 in all, about 44,000 alive) in 16 rooms of 10 × 10 world
// units. Four subjects draw it through the same world camera:
//
//   - ember-world: render.Renderer.DrawLevel on the batched path (no
//     budget, no LOD, one goroutine): the closed form evaluated per frame,
//     emitters whose bounds miss the view culled before any particle;
//   - ember-world-gpu: the same with every emitter asked onto the world
//     GPU path (render.PathGPU), whose shaders evaluate the slots: the CPU
//     writes a few vertices per emitter. Its emitters the GPU path cannot
//     take (LevelStats.GPUFallbacks) are drawn batched and counted in the
//     table; its live count is its candidates (the CPU counts none of its
//     particles), and llvmpipe's shading of its frames, outside the
//     timing, makes each frame slow in wall time: a quick run takes fewer
//     of them;
//   - world-euler: an integrating emitter doing the same work: the same
//     emitters, schedules (world.Schedule's births, delays and periods),
//     slot pools of the presets' capacities, spawn boxes, velocity and
//     lifetime ranges, yaw and scale, acceleration and linear drag
//     (semi-implicit Euler at the frame step), curves and spin, projected
//     through the same camera.Projection into one DrawTriangles32 per
//     blend pass, with emitters whose stored bounds miss the view not
//     drawn (an integrator must still step them);
//   - world-floor: DrawTriangles32 re-submitting unchanged vertices for
//     ember-world's live count: the floor of the vertex path.
//
// Both draw with FilterLinear and DisableMipmaps, as batched-euler and
// api-floor do: bilinear like Ember's shader, without the mipmap levels
// Ebitengine would otherwise build and sample for FilterLinear.
//
// world-level shows the whole level, world-room one room of the 16
// (zoomed in on room 5), where culling saves Ember the particles of the
// rooms out of view and saves the integrator only their drawing.

// worldCase is one camera on the level.
type worldCase struct {
	name string
	// cam returns the camera for a target of w × h pixels.
	cam func(w, h int) camera.World
}

var worldCases = []worldCase{
	{"world-level", func(w, h int) camera.World {
		return camera.World{X: 20, Y: 20, Z: 1, Zoom: float64(min(w, h)) / 40, Pitch: 90}
	}},
	{"world-room", func(w, h int) camera.World {
		return camera.World{X: 15, Y: 15, Z: 1, Zoom: float64(max(w, h)) / 10, Pitch: 90}
	}},
}

// Subject names of the world cases.
const (
	nameEmberWorld    = "ember-world"
	nameEmberWorldGPU = "ember-world-gpu"
	nameWorldEuler    = "world-euler"
	nameWorldFloor    = "world-floor"
)

var worldSubjects = []string{nameEmberWorld, nameEmberWorldGPU, nameWorldEuler, nameWorldFloor}

// worldSubject plays the level one way.
type worldSubject interface {
	// setup builds the subject and brings it to the level clock prefill
	// (past the longest life: the population is steady).
	setup(l *world.Level, tex *leveltex.Level, cam *camera.World, live int) error
	// frame advances the level by dt and draws it onto dst.
	frame(dst *ebiten.Image, dt float64)
	// live is the particles drawn at the last frame.
	live() int
	close()
}

func newWorldSubject(name string) worldSubject {
	switch name {
	case nameEmberWorld:
		return &emberWorld{path: render.PathBatched}
	case nameEmberWorldGPU:
		return &emberWorld{path: render.PathGPU}
	case nameWorldEuler:
		return new(eulerWorld)
	}
	return new(floorWorld)
}

// worldResult is one subject's measurement of a world case.
type worldResult struct {
	Case    string  `json:"case"`
	Subject string  `json:"subject"`
	CPUMs   float64 `json:"cpu_ms_per_frame"`
	// PassMedians are the medians of the two passes (A-B-B-A), ms.
	PassMedians []float64 `json:"pass_medians_ms"`
	Samples     []int     `json:"samples_per_pass"`
	Live        int       `json:"live"`
	// AllocBytesPerFrame is the heap allocated inside the timed work per
	// frame, over worldAllocFrames frames after the samples.
	AllocBytesPerFrame float64 `json:"alloc_bytes_per_frame"`
	// GPUDraws and GPUFallbacks are, for ember-world-gpu, the emitter
	// draws the GPU path made over both passes and those it was asked
	// for but left to the batched path (LevelStats.GPU, GPUFallbacks).
	GPUDraws     *int `json:"gpu_emitter_draws,omitempty"`
	GPUFallbacks *int `json:"gpu_fallbacks,omitempty"`
}

// worldAllocFrames is how many frames the allocation count covers;
// worldGPUQuickAllocFrames the same for ember-world-gpu in a quick run,
// where llvmpipe takes most of a second to shade each of its frames.
const (
	worldAllocFrames         = 60
	worldGPUQuickAllocFrames = 2
)

// runWorld measures the world cases the -run filter selects, appending to
// d.world.
func (d *driver) runWorld(p plan) error {
	l, tex, err := leveltest.LimitsLevel()
	if err != nil {
		return err
	}
	tw, th := d.targetSize()
	for _, c := range worldCases {
		if d.o.filter != nil && !d.o.filter.MatchString(c.name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "[%3.0fs] %s\n", time.Since(d.start).Seconds(), c.name)
		cam := c.cam(tw, th)
		passes := map[string][]worldPass{}
		live := 0 // ember-world's, for the floor
		for _, n := range append(append([]string(nil), worldSubjects...), reversed(worldSubjects)...) {
			s := newWorldSubject(n)
			if err := s.setup(l, tex, &cam, live); err != nil {
				return fmt.Errorf("%s %s: %w", c.name, n, err)
			}
			ps := d.measureWorld(s, p)
			if g, ok := s.(*emberWorld); ok && g.path == render.PathGPU {
				ps.gpu, ps.fallbacks = g.gpu, g.fallbacks
			}
			s.close()
			if n == nameEmberWorld {
				live = ps.live
			}
			passes[n] = append(passes[n], ps)
			if d.o.verbose {
				fmt.Fprintf(os.Stderr, "\t%-12s %d samples, median %.3f ms, %d live\n", n, len(ps.samples), median(ps.samples), ps.live)
			}
		}
		for _, n := range worldSubjects {
			r := worldResult{Case: c.name, Subject: n, CPUMs: -1, Live: passes[n][0].live}
			for _, ps := range passes[n] {
				m := median(ps.samples)
				r.PassMedians = append(r.PassMedians, m)
				r.Samples = append(r.Samples, len(ps.samples))
				if r.CPUMs < 0 || m < r.CPUMs {
					r.CPUMs = m
				}
				r.AllocBytesPerFrame = max(r.AllocBytesPerFrame, ps.alloc)
			}
			if n == nameEmberWorldGPU {
				var drawn, fell int
				for _, ps := range passes[n] {
					drawn, fell = drawn+ps.gpu, fell+ps.fallbacks
				}
				r.GPUDraws, r.GPUFallbacks = &drawn, &fell
			}
			d.world = append(d.world, r)
		}
	}
	return nil
}

// worldPass is one subject's pass of a world case.
type worldPass struct {
	samples []float64 // ms
	live    int
	alloc   float64 // bytes per frame inside the timed work
	// gpu and fallbacks are ember-world-gpu's emitter draws on the GPU
	// path and fallbacks over the pass.
	gpu, fallbacks int
}

// measureWorld times frames of FrameDT after the plan's warm-up, then
// counts the heap the frames allocate. ember-world-gpu takes fewer frames
// in a quick run, as ember-gpu does in the steady cases: its CPU work per
// frame is constant, while llvmpipe's shading of each (not a result)
// takes most of a second.
func (d *driver) measureWorld(s worldSubject, p plan) worldPass {
	frame := func(dst *ebiten.Image) { s.frame(dst, benchmarks.FrameDT) }
	warmup, least, allocFrames := p.warmup, p.minSamples, worldAllocFrames
	if g, ok := s.(*emberWorld); ok && g.path == render.PathGPU && d.o.quick {
		warmup, least, allocFrames = min(warmup, gpuWarmup), gpuQuickSamples, worldGPUQuickAllocFrames
	}
	for range warmup {
		d.untimed(frame)
	}
	var ps worldPass
	t0 := time.Now()
	for !enough(len(ps.samples), p.frames, least, t0, p.budget) {
		cpu, _ := d.timed(frame)
		ps.samples = append(ps.samples, cpu)
	}
	d.loop.do(func() { ps.live = s.live() })
	var total uint64
	var m0, m1 runtime.MemStats
	for range allocFrames {
		d.loop.do(func() {
			d.target.Clear()
			d.sync()
			runtime.ReadMemStats(&m0)
			frame(d.target)
			runtime.ReadMemStats(&m1)
		})
		total += m1.TotalAlloc - m0.TotalAlloc
	}
	ps.alloc = float64(total) / float64(allocFrames)
	return ps
}

// worldTable writes the world cases: each subject's CPU per frame
// relative to ember-world, with the spread of the ratio over the passes'
// medians (the lowest and highest of the four pass-to-pass ratios), and
// the heap allocated per frame; then ember-world-gpu's fallbacks.
func (d *driver) worldTable(w io.Writer) {
	if len(d.world) == 0 {
		return
	}
	fmt.Fprintf(w, "\nWorld level (256 emitters, 65,536 slots): CPU per frame relative to ember-world, [spread over the A-B-B-A passes], heap per frame\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tsubject\tlive\tms/frame\tratio\tspread\tbytes/frame\t")
	by := map[string]worldResult{}
	for _, r := range d.world {
		by[r.Case+"/"+r.Subject] = r
	}
	for _, r := range d.world {
		ref := by[r.Case+"/"+nameEmberWorld]
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, a := range r.PassMedians {
			for _, b := range ref.PassMedians {
				lo, hi = min(lo, a/b), max(hi, a/b)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t%.2f\t[%.2f, %.2f]\t%.0f\t\n", r.Case, r.Subject, r.Live, r.CPUMs, r.CPUMs/ref.CPUMs, lo, hi, r.AllocBytesPerFrame)
	}
	tw.Flush()
	for _, r := range d.world {
		if r.GPUFallbacks == nil {
			continue
		}
		fmt.Fprintf(w, "%s %s: %d emitter draws on the GPU path, %d fallbacks to the batched path (live: its candidates)\n", r.Case, r.Subject, *r.GPUDraws, *r.GPUFallbacks)
	}
}

// writeWorld writes the world cases' results to OUT/world.json.
func (d *driver) writeWorld() error {
	if len(d.world) == 0 {
		return nil
	}
	return writeJSON(filepath.Join(d.o.out, "world.json"), d.world)
}

// prefillWorld is the level clock the world subjects start measuring at:
// past the longest life (1.5 s), so the population is steady.
const prefillWorld = 2.5

// emberWorld draws the level with Ember's renderer, every emitter asked
// onto path.
type emberWorld struct {
	path render.Path
	r    *render.Renderer
	it   render.LevelItem
	cam  *camera.World
	// gpu and fallbacks count, over the frames since setup, the emitters
	// the GPU path drew and those it left to the batched path.
	gpu, fallbacks int
}

func (s *emberWorld) setup(l *world.Level, tex *leveltex.Level, cam *camera.World, _ int) error {
	r, err := render.New(&render.Options{Budget: -1, LOD: render.LOD{Off: true}, Workers: 1})
	if err != nil {
		return err
	}
	s.r, s.cam = r, cam
	s.it = render.LevelItem{Level: l, Textures: tex, Clock: prefillWorld}
	// The subject's path for every emitter, whatever the cost model
	// would choose.
	s.it.Emitters = make([]render.LevelEmitter, len(l.Document().Emitters))
	for i := range s.it.Emitters {
		s.it.Emitters[i].Path = s.path
	}
	s.gpu, s.fallbacks = 0, 0
	return nil
}

func (s *emberWorld) frame(dst *ebiten.Image, dt float64) {
	s.it.Clock += dt
	s.r.DrawLevel(dst, &s.it, s.cam)
	st := s.r.LevelStats()
	s.gpu += st.GPU
	s.fallbacks += st.GPUFallbacks
}

// live is the batched path's particles drawn, or on the GPU path its
// candidates (the live slots of the emitters drawn: the CPU never counts
// the particles the shaders evaluate).
func (s *emberWorld) live() int {
	st := s.r.LevelStats()
	if s.path == render.PathGPU {
		return st.Candidates
	}
	return st.Particles
}

func (s *emberWorld) close() { s.r.Reset() }

// eulerWorld integrates the level's particles frame by frame.
type eulerWorld struct {
	emitters []eulerEmitter
	clock    float64
	cam      *camera.World
	img      *ebiten.Image
	// Vertices and indices of the two blend passes: additive, and
	// source-over for the others (cutout, alpha, premultiplied).
	verts   [2][]ebiten.Vertex
	indices [2][]uint32
	ops     [2]ebiten.DrawTrianglesOptions
	drawn   int
}

// eulerEmitter is one emitter's pool, struct-of-arrays, and its schedule.
type eulerEmitter struct {
	p        *world.Preset
	e        *world.Emitter
	sch      world.Schedule
	sin, cos float64 // of the yaw
	rng      *rand.Rand
	// next is the next birth: emission k, birth i.
	k, i int
	pass int

	n                      int // live particles, the first n of the pool
	px, py, pz, vx, vy, vz []float32
	age, life, rot, spin   []float32
}

func (s *eulerWorld) setup(l *world.Level, _ *leveltex.Level, cam *camera.World, _ int) error {
	s.cam = cam
	s.img = benchmarks.SpriteImage()
	s.ops[0] = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, DisableMipmaps: true, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, Blend: ebiten.BlendLighter}
	s.ops[1] = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, DisableMipmaps: true, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	return s.build(l)
}

// build makes the pools and simulates them up to prefillWorld.
func (s *eulerWorld) build(l *world.Level) error {
	doc := l.Document()
	s.emitters = make([]eulerEmitter, len(doc.Emitters))
	for i := range doc.Emitters {
		e := &doc.Emitters[i]
		p := &doc.Presets[e.Preset]
		sch, err := world.NewSchedule(e, p.Lifetime.Max)
		if err != nil {
			return err
		}
		sn, cs := math.Sincos(e.Yaw * math.Pi / 180)
		m := &s.emitters[i]
		*m = eulerEmitter{p: p, e: e, sch: sch, sin: sn, cos: cs, rng: rand.New(rand.NewPCG(uint64(e.Seed), 1))}
		if p.Sprite.Blend != world.BlendAdditive {
			m.pass = 1
		}
		for _, f := range []*[]float32{&m.px, &m.py, &m.pz, &m.vx, &m.vy, &m.vz, &m.age, &m.life, &m.rot, &m.spin} {
			*f = make([]float32, p.Capacity)
		}
	}
	// Simulate up to the first measured clock, as a game that had run.
	for s.clock < prefillWorld {
		s.step(benchmarks.FrameDT)
	}
	return nil
}

// birthTime returns the level clock of birth i of emission k, and whether
// there is such a birth.
func (m *eulerEmitter) birthTime(k, i int) (float64, bool) {
	if m.sch.Playback != world.PlayCycle && k > 0 {
		return 0, false
	}
	return m.sch.Delay + float64(k)*float64(m.sch.Period) + float64(m.sch.Births[i]), true
}

// step advances every emitter by dt: births in (clock, clock + dt], then
// the motion of the live particles, the dead removed.
func (s *eulerWorld) step(dt float64) {
	to := s.clock + dt
	for j := range s.emitters {
		m := &s.emitters[j]
		for {
			t, ok := m.birthTime(m.k, m.i)
			if !ok || t > to {
				break
			}
			if m.n < len(m.px) {
				m.spawn(float32(to - t))
			}
			if m.i++; m.i == len(m.sch.Births) {
				m.k, m.i = m.k+1, 0
			}
		}
		m.move(float32(dt))
	}
	s.clock = to
}

// spawn adds a particle of age age at the end of the pool.
func (m *eulerEmitter) spawn(age float32) {
	p, r, sc := m.p, m.rng, float32(m.e.Scale)
	u := func(lo, hi float64) float32 { return float32(lo + (hi-lo)*r.Float64()) }
	var ox, oy, oz float32
	if p.Spawn.Shape == world.SpawnBox {
		ox, oy, oz = u(p.Spawn.Min.X, p.Spawn.Max.X), u(p.Spawn.Min.Y, p.Spawn.Max.Y), u(p.Spawn.Min.Z, p.Spawn.Max.Z)
	} else {
		ox, oy, oz = float32(p.Spawn.Min.X), float32(p.Spawn.Min.Y), float32(p.Spawn.Min.Z)
	}
	vx, vy, vz := u(p.Velocity.Min.X, p.Velocity.Max.X), u(p.Velocity.Min.Y, p.Velocity.Max.Y), u(p.Velocity.Min.Z, p.Velocity.Max.Z)
	sn, cs := float32(m.sin), float32(m.cos)
	k := m.n
	m.px[k] = float32(m.e.Position.X) + sc*(ox*cs-oy*sn)
	m.py[k] = float32(m.e.Position.Y) + sc*(ox*sn+oy*cs)
	m.pz[k] = float32(m.e.Position.Z) + sc*oz
	m.vx[k], m.vy[k], m.vz[k] = sc*(vx*cs-vy*sn), sc*(vx*sn+vy*cs), sc*vz
	m.age[k], m.life[k] = age, u(p.Lifetime.Min, p.Lifetime.Max)
	m.rot[k], m.spin[k] = u(p.Rotation.Min, p.Rotation.Max), u(p.Spin.Min, p.Spin.Max)
	m.n++
}

// move steps the live particles by dt with semi-implicit Euler under the
// yawed, scaled acceleration and the linear drag, swap-removing the dead.
func (m *eulerEmitter) move(dt float32) {
	a, sc := m.p.Acceleration, float32(m.e.Scale)
	sn, cs := float32(m.sin), float32(m.cos)
	ax, ay, az := sc*(float32(a.X)*cs-float32(a.Y)*sn), sc*(float32(a.X)*sn+float32(a.Y)*cs), sc*float32(a.Z)
	kd := float32(m.p.Drag)
	for k := 0; k < m.n; {
		m.age[k] += dt
		if m.age[k] >= m.life[k] {
			m.n--
			last := m.n
			m.px[k], m.py[k], m.pz[k] = m.px[last], m.py[last], m.pz[last]
			m.vx[k], m.vy[k], m.vz[k] = m.vx[last], m.vy[last], m.vz[last]
			m.age[k], m.life[k], m.rot[k], m.spin[k] = m.age[last], m.life[last], m.rot[last], m.spin[last]
			continue
		}
		m.vx[k] += (ax - kd*m.vx[k]) * dt
		m.vy[k] += (ay - kd*m.vy[k]) * dt
		m.vz[k] += (az - kd*m.vz[k]) * dt
		m.px[k] += m.vx[k] * dt
		m.py[k] += m.vy[k] * dt
		m.pz[k] += m.vz[k] * dt
		m.rot[k] += m.spin[k] * dt
		k++
	}
}

func (s *eulerWorld) frame(dst *ebiten.Image, dt float64) {
	s.step(dt)
	view := dst.Bounds()
	pr := s.cam.Projection(view)
	for pass := range 2 {
		s.verts[pass], s.indices[pass] = s.verts[pass][:0], s.indices[pass][:0]
	}
	s.drawn = 0
	for j := range s.emitters {
		m := &s.emitters[j]
		bb := m.e.Bounds
		x0, y0, x1, y1 := pr.BoxBounds([3]float64{bb.Min.X, bb.Min.Y, bb.Min.Z}, [3]float64{bb.Max.X, bb.Max.Y, bb.Max.Z})
		if x1 < float64(view.Min.X) || y1 < float64(view.Min.Y) || x0 > float64(view.Max.X) || y0 > float64(view.Max.Y) {
			continue // off the view: stepped, not drawn
		}
		s.verts[m.pass], s.indices[m.pass] = m.appendQuads(s.verts[m.pass], s.indices[m.pass], &pr)
		s.drawn += m.n
	}
	for pass := range 2 {
		if len(s.indices[pass]) > 0 {
			dst.DrawTriangles32(s.verts[pass], s.indices[pass], s.img, &s.ops[pass])
		}
	}
}

// appendQuads appends the emitter's live particles as projected quads,
// their size and colour from the preset's curves, premultiplied.
func (m *eulerEmitter) appendQuads(verts []ebiten.Vertex, idx []uint32, pr *camera.Projection) ([]ebiten.Vertex, []uint32) {
	p := m.p
	sc := m.e.Scale
	upright := p.Sprite.Facing == world.FacingUpright
	const e = float32(texture.SpriteSize)
	for k := range m.n {
		tau := float64(m.age[k] / m.life[k])
		size := sc * sizeAt(p.Curves.Size, tau)
		cr, cg, cb, ca := colorAt(p.Curves.Color, tau)
		cx, cy := pr.Apply(float64(m.px[k]), float64(m.py[k]), float64(m.pz[k]))
		sn, cs := math.Sincos(float64(m.rot[k]) * math.Pi / 180)
		ux, uy, vx, vy := pr.Billboard(size, sn, cs, upright)
		r, g, b, a := float32(cr*ca), float32(cg*ca), float32(cb*ca), float32(ca)
		if p.Sprite.Blend == world.BlendPremultiplied {
			r, g, b = float32(cr), float32(cg), float32(cb)
		}
		base := uint32(len(verts))
		for _, c := range [4][4]float64{{-1, -1, 0, 0}, {1, -1, 1, 0}, {-1, 1, 0, 1}, {1, 1, 1, 1}} {
			verts = append(verts, ebiten.Vertex{
				DstX: float32(cx + c[0]*ux + c[1]*vx), DstY: float32(cy + c[0]*uy + c[1]*vy),
				SrcX: float32(c[2]) * e, SrcY: float32(c[3]) * e,
				ColorR: r, ColorG: g, ColorB: b, ColorA: a,
			})
		}
		idx = append(idx, base, base+1, base+2, base+1, base+2, base+3)
	}
	return verts, idx
}

// sizeAt and colorAt evaluate the piecewise-linear curves at normalized
// age tau.
func sizeAt(keys []world.SizeKey, tau float64) float64 {
	for i := 1; i < len(keys); i++ {
		if tau <= keys[i].Age {
			w := (tau - keys[i-1].Age) / (keys[i].Age - keys[i-1].Age)
			return keys[i-1].Size + (keys[i].Size-keys[i-1].Size)*w
		}
	}
	return keys[len(keys)-1].Size
}

func colorAt(keys []world.ColorKey, tau float64) (r, g, b, a float64) {
	for i := 1; i < len(keys); i++ {
		if tau <= keys[i].Age {
			w := (tau - keys[i-1].Age) / (keys[i].Age - keys[i-1].Age)
			p, q := keys[i-1], keys[i]
			return p.R + (q.R-p.R)*w, p.G + (q.G-p.G)*w, p.B + (q.B-p.B)*w, p.A + (q.A-p.A)*w
		}
	}
	k := keys[len(keys)-1]
	return k.R, k.G, k.B, k.A
}

func (s *eulerWorld) live() int { return s.drawn }

func (s *eulerWorld) close() { *s = eulerWorld{} }

// floorWorld re-submits unchanged vertices: live quads spread over the
// target.
type floorWorld struct {
	verts   []ebiten.Vertex
	indices []uint32
	img     *ebiten.Image
	op      ebiten.DrawTrianglesOptions
}

func (s *floorWorld) setup(_ *world.Level, _ *leveltex.Level, _ *camera.World, live int) error {
	s.img = benchmarks.SpriteImage()
	s.op = ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear, DisableMipmaps: true, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
	r := rand.New(rand.NewPCG(1, 2))
	const e = float32(texture.SpriteSize)
	for q := range live {
		x, y := 40*r.Float32(), 30*r.Float32()
		base := uint32(4 * q)
		for _, c := range [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			s.verts = append(s.verts, ebiten.Vertex{DstX: x + c[0], DstY: y + c[1], SrcX: c[0] * e, SrcY: c[1] * e, ColorR: 0.5, ColorG: 0.5, ColorB: 0.5, ColorA: 0.5})
		}
		s.indices = append(s.indices, base, base+1, base+2, base+1, base+2, base+3)
	}
	return nil
}

func (s *floorWorld) frame(dst *ebiten.Image, _ float64) {
	if len(s.indices) > 0 {
		dst.DrawTriangles32(s.verts, s.indices, s.img, &s.op)
	}
}

func (s *floorWorld) live() int { return len(s.indices) / 6 }

func (s *floorWorld) close() { *s = floorWorld{} }
