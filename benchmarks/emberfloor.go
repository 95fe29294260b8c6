package benchmarks

import (
	"math/rand/v2"
	"sync"

	"github.com/emberfx/ember/render"
	"github.com/hajimehoshi/ebiten/v2"
)

// emberFloorSubject is the floor of Ember's own vertex layout:
// DrawTrianglesShader32 re-submitting pre-built vertices every frame, as
// many quads and triangles as render.Renderer submits for the scenario
// (the scenario's nominal particle count, in the forms and with the layers
// per particle of a steady Ember frame), in calls of 1,024 primitives as
// the renderer makes them, with a shader of as many images and uniforms as
// Ember's. What Ember spends beyond it is its evaluation and vertex writes.
//
// With hot set (ember-floor-hot), every call re-submits the first chunk's
// vertices, one buffer of at most 1,024 primitives, which stays in the
// processor's cache as the chunk Ember has just written does: the floor
// without the reads of a frame's vertices from memory (19 MB at 100,000
// particles), which Ember's chunks never make. It draws fewer distinct
// particles (the first chunk's, over and over), which only llvmpipe's
// rasterization, not a result, sees.
type emberFloorSubject struct {
	hot           bool
	quads, tris   int
	verts, tverts []ebiten.Vertex
	indices       []uint32
	tindices      []uint32
	op            ebiten.DrawTrianglesShaderOptions
	n             int
}

// emberFloorChunk is the renderer's chunk: quads (or triangles) per call.
const emberFloorChunk = 1024

// emberFloorShader is a shader of Ember's inputs (two images, one vec3
// uniform, the custom values) that samples the sprite: the submission cost
// does not depend on what the fragments compute.
const emberFloorShader = `//kage:unit pixels

package main

var Ambient vec3

func Fragment(dstPos vec4, src0Pos vec2, color vec4, custom vec4) vec4 {
	s := imageSrc0UnsafeAt(src0Pos) * color.r
	d := imageSrc1UnsafeAt(imageSrc1Origin())
	return s + vec4(Ambient*custom.y, 0)*d.a*0
}
`

var (
	floorShaderOnce sync.Once
	floorShader     *ebiten.Shader
	floorShaderErr  error
	floorData       *ebiten.Image
)

func (s *emberFloorSubject) Name() string {
	if s.hot {
		return NameEmberFloorHot
	}
	return NameEmberFloor
}

// emberForms returns the quads and triangles per particle that Ember draws for
// sc: from one frame of a steady Ember subject (or of a burst, for a
// scenario without a stream).
func emberForms(sc *Scenario) (quadsPer, trisPer float64, err error) {
	e := newEmber()
	if err := e.Setup(sc); err != nil {
		return 0, 0, err
	}
	defer e.Close()
	e.Seek(sc.Look.LifeMax + 0.5)
	if e.Live() == 0 {
		e.Burst(0, 100)
	}
	// Every effect moved to the target's centre, so that none is culled.
	dst := ebiten.NewImage(256, 256)
	defer dst.Deallocate()
	items := append([]render.Item(nil), e.items...)
	for i := range items {
		items[i].X, items[i].Y = 128, 128
	}
	e.r.Draw(dst, items)
	st := e.r.Stats()
	if st.Particles == 0 {
		return 1, 0, nil
	}
	p := float64(st.Particles)
	return float64(st.Quads-st.Triangles) / p, float64(st.Triangles) / p, nil
}

func (s *emberFloorSubject) Setup(sc *Scenario) error {
	floorShaderOnce.Do(func() {
		floorShader, floorShaderErr = ebiten.NewShader([]byte(emberFloorShader))
		floorData = ebiten.NewImage(1, 1)
	})
	if floorShaderErr != nil {
		return floorShaderErr
	}
	qp, tp, err := emberForms(sc)
	if err != nil {
		return err
	}
	s.n = sc.Particles
	s.quads, s.tris = int(float64(s.n)*qp+0.5), int(float64(s.n)*tp+0.5)
	s.op = ebiten.DrawTrianglesShaderOptions{Uniforms: map[string]any{"Ambient": []float32{1, 1, 1}}}
	s.op.Images[0], s.op.Images[1] = SpriteImage(), floorData
	s.verts = make([]ebiten.Vertex, 4*s.quads)
	s.tverts = make([]ebiten.Vertex, 3*s.tris)
	r := rand.New(rand.NewPCG(defaultStreamSeed, 2))
	const e = 2 * spriteHalf
	for q := range s.quads {
		cx, cy, h, tau := floorParticle(sc, r, q)
		v := s.verts[4*q : 4*q+4]
		v[0].DstX, v[0].DstY, v[0].SrcX, v[0].SrcY = cx-h, cy-h, 0, 0
		v[1].DstX, v[1].DstY, v[1].SrcX, v[1].SrcY = cx+h, cy-h, e, 0
		v[2].DstX, v[2].DstY, v[2].SrcX, v[2].SrcY = cx-h, cy+h, 0, e
		v[3].DstX, v[3].DstY, v[3].SrcX, v[3].SrcY = cx+h, cy+h, e, e
		emberFloorValues(v, float32(tau), q, 0)
	}
	for q := range s.tris {
		cx, cy, h, tau := floorParticle(sc, r, q)
		v := s.tverts[3*q : 3*q+3]
		v[0].DstX, v[0].DstY, v[0].SrcX, v[0].SrcY = cx-h, cy-h, 0, 0
		v[1].DstX, v[1].DstY, v[1].SrcX, v[1].SrcY = cx+3*h, cy-h, 2*e, 0
		v[2].DstX, v[2].DstY, v[2].SrcX, v[2].SrcY = cx-h, cy+3*h, 0, 2*e
		emberFloorValues(v, float32(tau), q, 1)
	}
	s.indices = make([]uint32, 6*emberFloorChunk)
	for q := range emberFloorChunk {
		b := uint32(4 * q)
		copy(s.indices[6*q:], []uint32{b, b + 1, b + 2, b + 1, b + 2, b + 3})
	}
	s.tindices = make([]uint32, 3*emberFloorChunk)
	for i := range s.tindices {
		s.tindices[i] = uint32(i)
	}
	return nil
}

// emberFloorValues fills the values of Ember's layout (render's vertex
// layout: τ, age, the hash halves, the data row, the layer factor and the
// triangle flag) into a primitive's vertices.
func emberFloorValues(v []ebiten.Vertex, tau float32, q int, tri float32) {
	for j := range v {
		v[j].ColorR, v[j].ColorG = tau, 1.5*tau
		v[j].ColorB, v[j].ColorA = float32(q>>16), float32(q&0xFFFF)
		v[j].Custom0, v[j].Custom1, v[j].Custom2 = 0, 1, tri
	}
}

func (s *emberFloorSubject) Frame(dst *ebiten.Image, _ float64) {
	for from := 0; from < s.tris; from += emberFloorChunk {
		n := min(emberFloorChunk, s.tris-from)
		at := s.chunkAt(from)
		dst.DrawTrianglesShader32(s.tverts[3*at:3*(at+n)], s.tindices[:3*n], floorShader, &s.op)
	}
	for from := 0; from < s.quads; from += emberFloorChunk {
		n := min(emberFloorChunk, s.quads-from)
		at := s.chunkAt(from)
		dst.DrawTrianglesShader32(s.verts[4*at:4*(at+n)], s.indices[:6*n], floorShader, &s.op)
	}
}

// chunkAt is the first primitive a call starting at primitive from
// submits: from itself, or the first chunk's when hot.
func (s *emberFloorSubject) chunkAt(from int) int {
	if s.hot {
		return 0
	}
	return from
}

func (s *emberFloorSubject) step(float64) {}

// Burst does nothing: the floor always submits the nominal count.
func (s *emberFloorSubject) Burst(int, int) {}

// Seek does nothing: the floor has no clock.
func (s *emberFloorSubject) Seek(float64) {}

func (s *emberFloorSubject) Live() int { return s.n }

func (s *emberFloorSubject) Close() { s.verts, s.tverts = nil, nil }
