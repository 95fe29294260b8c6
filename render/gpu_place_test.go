package render

import (
	"math"
	"testing"

	"github.com/emberfx/ember/shaders"
	"github.com/hajimehoshi/ebiten/v2"
)

// placeProbeFragment replaces the effect shader's entry point so that its
// placement functions (spawn, motion with drag, quadSize, rotation) run
// unchanged on the GPU for one candidate and return their results as
// float32 bits. It reads the instance and motion rows as the shader's
// Fragment does. Inputs: a, the candidate's stream; b and c, the float32
// bits of its age and lifetime; custom.x, the operation + 64 · the
// instance row; custom.w, the host's rotation in degrees.
const placeProbeFragment = floatProbe + `
func Fragment(dstPos vec4, src0Pos vec2, color vec4, custom vec4) vec4 {
	st := (int(floor(color.r+0.5)) << 16) | int(floor(color.g+0.5))
	age := f32(bytesOf((int(floor(color.b+0.5)) << 16) | int(floor(color.a+0.5))))
	life := f32(bytesOf((int(floor(custom.y+0.5)) << 16) | int(floor(custom.z+0.5))))
	code := int(floor(custom.x + 0.5))
	op := code % 64
	irow := float(code / 64)
	hostRot := custom.w

	mrow := float(low16(gpuTexel(irow, instMotion)))
	moveScale := f32(gpuTexel(irow, instMoveScale))
	sizeScale := f32(gpuTexel(irow, instSizeScale))
	ext := vec4(f32(gpuTexel(irow, instHalfW)), f32(gpuTexel(irow, instHalfH)), f32(gpuTexel(mrow, motPartial)), f32(gpuTexel(irow, instSphereBase)))
	en := gpuTexel(mrow, motEnums)
	cn := gpuTexel(mrow, motCounts)
	mv := vec4(f32(gpuTexel(mrow, motSpeedMin)), f32(gpuTexel(mrow, motSpeedMax)), f32(gpuTexel(mrow, motSpread)), f32(gpuTexel(mrow, motDrag)))
	dir := vec2(f32(gpuTexel(mrow, motDirX)), f32(gpuTexel(mrow, motDirY)))
	acc := vec2(f32(gpuTexel(mrow, motAccX)), f32(gpuTexel(mrow, motAccY)))
	rr := vec4(f32(gpuTexel(mrow, motRotMin)), f32(gpuTexel(mrow, motRotMax)), f32(gpuTexel(mrow, motRotSpeedMin)), f32(gpuTexel(mrow, motRotSpeedMax)))
	host := vec3(1.0, 0.0, 0.0)
	if hostRot != 0.0 {
		hr := (hostRot - 360.0*floor(hostRot/360.0)) * (pi / 180.0)
		host = vec3(cos(hr), sin(hr), hostRot)
	}

	pos, vel := motion(st, age, mv, dir, acc, int(en.r), int(en.g), int(en.b), ext, moveScale, host)
	w, h := quadSize(mrow, int(cn.r), int(cn.g), st, age/life, sizeScale)
	x := floatBits(pos.x)
	if op == 1 {
		x = floatBits(pos.y)
	} else if op == 2 {
		x = floatBits(w)
	} else if op == 3 {
		x = floatBits(h)
	} else if op == 4 {
		x = floatBits(rotation(st, age, rr, int(en.a), vel, host.z))
	}
	return vec4(float(x&255), float((x>>8)&255), float((x>>16)&255), float((x>>24)&255)) / 255.0
}
`

// placeProbeShader compiles the effect shader with the placement probe.
func placeProbeShader(tb testing.TB) *ebiten.Shader {
	return withProbe(tb, shaders.Effect, placeProbeFragment)
}

// TestPlaceProbeShaderCompiles: the probe shader compiles, display or not.
func TestPlaceProbeShaderCompiles(t *testing.T) {
	placeProbeShader(t)
}

// TestGPUPlacementMatchesEmitter: for every live particle of every GPU
// case, the effect shader's placement functions, on the rows the renderer
// wrote, put it where the emitter's float64 evaluation does (AppendQuads)
// within float32 rounding: centre, width, height and rotation. Which
// candidates are alive, and in which order, is the walk's, which the
// mirror in gpu_mirror_test.go checks.
func TestGPUPlacementMatchesEmitter(t *testing.T) {
	needGPU(t)
	sh := placeProbeShader(t)
	r := newRenderer(t, nil)
	for _, c := range gpuCases() {
		t.Run(c.name, func(t *testing.T) {
			e := c.make(t)
			it := collectGPU(t, r, e)
			want := e.AppendQuads(nil)
			if len(want) == 0 {
				t.Fatal("the case shows no particle")
			}
			irow := int(math.Floor(float64(it.rows)+0.5)) % 4096
			var ps []probe
			for _, q := range want {
				for op := range 5 {
					ps = append(ps, probe{op: op + 64*irow, a: q.Stream, b: f32Bits(q.Age), c: f32Bits(q.Lifetime), extra: it.hostRot})
				}
			}
			got := runProbesOn(t, sh, ps, [3]*ebiten.Image{nil, r.data, r.gpu.tex}, nil)
			f := func(k int) float64 { return float64(math.Float32frombits(got[k])) }
			worst := 0.0
			for i, w := range want {
				k := 5 * i
				x, y, gw, gh, rot := f(k), f(k+1), f(k+2), f(k+3), f(k+4)
				scale := math.Max(1, math.Max(math.Abs(w.X), math.Abs(w.Y)))
				dx, dy := math.Abs(x-w.X), math.Abs(y-w.Y)
				worst = max(worst, dx, dy)
				if dx > 1e-3*scale || dy > 1e-3*scale {
					t.Errorf("key %d: at (%v, %v), want (%v, %v)", w.Key, x, y, w.X, w.Y)
				}
				if !near(gw, w.Width, 1e-4) || !near(gh, w.Height, 1e-4) {
					t.Errorf("key %d: %v × %v, want %v × %v", w.Key, gw, gh, w.Width, w.Height)
				}
				dr := math.Mod(math.Abs(rot-w.Rotation), 360)
				if min(dr, 360-dr) > 1e-2 {
					t.Errorf("key %d: rotation %v, want %v", w.Key, rot, w.Rotation)
				}
			}
			t.Logf("%d particles, worst position error %.2g px", len(want), worst)
		})
	}
}
