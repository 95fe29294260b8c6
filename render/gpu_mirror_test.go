package render

import (
	"math"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
	"github.com/emberfx/ember/internal/rowlayout"
)

// A Go mirror of what no GPU probe can reach: shaders/src/effect.kage's
// walk of an effect's candidates and their placement, which live inside its
// Fragment, in float32 and 32-bit integers like the GPU, decoding the
// instance and motion rows and the vertex values exactly as the shader
// does. CPU tests compare it with emitter's float64 evaluation
// (AppendQuads): the same particles in the same order, at the same places;
// the GPU pixel tests then confirm the Kage code draws what the references
// draw. The shared functions (the hash, the decoders, the curves, the
// appearance) are not mirrored: probe shaders run the real ones
// (gpu_hash_test.go, gpu_data_test.go, gpu_look_test.go).

// texRow is one row of a data texture's bytes.
type texRow []byte

// texel returns the 4 bytes of texel i.
func (m texRow) texel(i int) [4]byte { return [4]byte(m[4*i : 4*i+4]) }

func mWord(b [4]byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func mLow16(b [4]byte) int  { return int(b[0]) + int(b[1])*256 }
func mHigh16(b [4]byte) int { return int(b[2]) + int(b[3])*256 }

// mFixed24 is the shader's fixed24, operation by operation in float32.
func mFixed24(b [4]byte) float32 {
	s := float32(b[3]) * 16777216
	s = float32(s + float32(b[2])*65536)
	s = float32(s + float32(b[1])*256)
	s = float32(s + float32(b[0]))
	return s / 16777216
}

// mF32 is the shader's f32: the float32 itself, subnormals flushed.
func mF32(b [4]byte) float32 {
	w := mWord(b)
	if (w>>23)&255 == 0 {
		return 0
	}
	return math.Float32frombits(w)
}

// mUnit is the shader's continuous roll.
func mUnit(bits uint32) float32 { return float32(bits>>8) / 16777216 }

func (m texRow) curveAt(base, n int, tau float32) (float32, float32) {
	if n <= 0 {
		return 0, 0
	}
	if tau <= mFixed24(m.texel(base)) {
		return mF32(m.texel(base + 1)), mF32(m.texel(base + 2))
	}
	k := n
	for i := 1; i < n; i++ {
		if tau < mFixed24(m.texel(base+3*i)) {
			k = i
			break
		}
	}
	if k >= n {
		j := base + 3*(n-1)
		return mF32(m.texel(j + 1)), mF32(m.texel(j + 2))
	}
	a := base + 3*(k-1)
	b := a + 3
	ta := mFixed24(m.texel(a))
	w := (tau - ta) / (mFixed24(m.texel(b)) - ta)
	va, ea := mF32(m.texel(a+1)), mF32(m.texel(a+2))
	vb, eb := mF32(m.texel(b+1)), mF32(m.texel(b+2))
	return va + (vb-va)*w, ea + (eb-ea)*w
}

// mQuad is a candidate the mirror found alive, with its geometry.
type mQuad struct {
	key                  uint32
	x, y, w, h, rot, age float32
}

func f32sin(x float32) float32 { return float32(math.Sin(float64(x))) }
func f32cos(x float32) float32 { return float32(math.Cos(float64(x))) }

func belowHalfBits(b uint32) bool { return b>>31 == 0 }

// mirrorWalk evaluates GPU item it of r's last collect like the shader,
// core layer only, and returns the live candidates in walk order.
func mirrorWalk(r *Renderer, it *gpuItem) []mQuad {
	g := &r.gpu
	rows := float32(math.Floor(float64(it.rows) + 0.5))
	krow := float32(math.Floor(float64(rows / 4096)))
	irow := int(rows - krow*4096)
	ir := texRow(g.pix[irow*rowlayout.GPURowBytes : (irow+1)*rowlayout.GPURowBytes])
	ns := int(it.ns)
	bp := int(it.bursts)
	bLo := bp % 64
	bEnd := bLo + bp/64
	base := uint32(it.baseHi)<<16 | uint32(it.baseLo)

	seed := mWord(ir.texel(rowlayout.InstSeed))
	mrow := mLow16(ir.texel(rowlayout.InstMotion))
	mr := texRow(g.pix[mrow*rowlayout.GPURowBytes : (mrow+1)*rowlayout.GPURowBytes])
	moveScale := mF32(ir.texel(rowlayout.InstMoveScale))
	sizeScale := mF32(ir.texel(rowlayout.InstSizeScale))
	a, b := mF32(ir.texel(rowlayout.InstHalfW)), mF32(ir.texel(rowlayout.InstHalfH))
	sphereBase := mF32(ir.texel(rowlayout.InstSphereBase))

	en := mr.texel(rowlayout.MotEnums)
	shape, style, inout, orient := emitter.Shape(en[0]), emitter.ShapeStyle(en[1]), emitter.ShapeInOut(en[2]), emitter.Orientation(en[3])
	cn := mr.texel(rowlayout.MotCounts)
	nSize, nSquash := int(cn[0]), int(cn[1])
	constLife := cn[3]&rowlayout.MotFlagConstLife != 0
	f := func(i int) float32 { return mF32(mr.texel(i)) }
	lifeMin, lifeMax, rate := f(rowlayout.MotLifeMin), f(rowlayout.MotLifeMax), f(rowlayout.MotRate)
	dirX, dirY := f(rowlayout.MotDirX), f(rowlayout.MotDirY)
	accX, accY := f(rowlayout.MotAccX), f(rowlayout.MotAccY)
	spread, dragK, partial := f(rowlayout.MotSpread), f(rowlayout.MotDrag), f(rowlayout.MotPartial)
	hostRot := it.hostRot
	hc, hs := float32(1), float32(0)
	if hostRot != 0 {
		hr := float32(float64(hostRot-360*float32(math.Floor(float64(hostRot/360)))) * (math.Pi / 180))
		hc, hs = f32cos(hr), f32sin(hr)
	}

	slot := func(s int) (count, key, split uint32, age float32) {
		j := rowlayout.InstBursts + 4*s
		return mWord(ir.texel(j + 1)), mWord(ir.texel(j + 2)), mWord(ir.texel(j + 3)), it.bclock - mF32(ir.texel(j))
	}
	var out []mQuad
	si, bs, bj := 0, bLo, uint32(0)
	bCount, bKey, bSplit, bAge := slot(bs)
	for range MaxGPUParticles {
		fromStream := si < ns
		if fromStream && bs < bEnd {
			fromStream = int32(bSplit-(base+uint32(si))) >= 0
		}
		if !fromStream && bs >= bEnd {
			break
		}
		var key uint32
		var age, life float32
		alive := true
		if fromStream {
			key = 2 * (base + uint32(si))
			st := hash.Stream(seed, key)
			life = lifeMin + (lifeMax-lifeMin)*mUnit(hash.Bits(st, channel.Lifetime))
			d := it.xrel - float32(si)
			if !constLife {
				alive = d < rate*life
			}
			age = d / rate
			si++
		} else {
			key = 2*(bKey+bj) + 1
			st := hash.Stream(seed, key)
			life = lifeMin + (lifeMax-lifeMin)*mUnit(hash.Bits(st, channel.Lifetime))
			age = bAge
			if !constLife {
				alive = age >= 0 && age < life
			}
			bj++
			if bj >= bCount {
				bs++
				bj = 0
				if bs < bEnd {
					bCount, bKey, bSplit, bAge = slot(bs)
				}
			}
		}
		if !alive {
			continue
		}
		st := hash.Stream(seed, key)
		q := mQuad{key: key, age: age}

		// place
		u01 := func(ch uint32) float32 { return mUnit(hash.Bits(st, ch)) }
		speed := f(rowlayout.MotSpeedMin) + (f(rowlayout.MotSpeedMax)-f(rowlayout.MotSpeedMin))*u01(channel.Speed)
		var ox, oy float32
		nx, ny := dirX, dirY
		if a > 0 || b > 0 {
			vb := hash.Bits(st, channel.ShapeV)
			u, v := u01(channel.ShapeU), mUnit(vb)
			if shape == emitter.Box {
				if style == emitter.Volume {
					ox, oy = (2*u-1)*a, (2*v-1)*b
				} else {
					l := u * (2*a + 2*b)
					ox, oy = a, l-2*a-b
					if l < 2*a {
						ox, oy = l-a, -b
					}
					if belowHalfBits(vb) {
						ox, oy = -ox, -oy
					}
				}
			} else {
				theta := float32(2*math.Pi) * u
				rho := float32(1)
				switch shape {
				case emitter.Disc:
					if style == emitter.Volume {
						rho = float32(math.Sqrt(float64(partial*partial + v*(1-partial*partial))))
					}
				case emitter.Sphere:
					theta = sphereBase + (2*u-1)*float32(math.Pi)*partial
					if style == emitter.Volume {
						rho = float32(math.Sqrt(float64(v)))
					}
				default:
					if style == emitter.Volume {
						rho = float32(math.Sqrt(float64(v)))
					}
				}
				ox, oy = rho*a*f32cos(theta), rho*b*f32sin(theta)
				if a > 0 && b > 0 {
					gx, gy := ox/(a*a), oy/(b*b)
					if shape == emitter.Cylinder && partial != 1 {
						ox, oy, nx, ny = mTaper(ox, oy, gx, gy, a, b, partial, dirX, dirY)
					} else if l := float32(math.Sqrt(float64(gx*gx + gy*gy))); l > 0 {
						nx, ny = gx/l, gy/l
					}
				}
			}
		}
		switch inout {
		case emitter.Inward:
			nx, ny = -nx, -ny
		case emitter.InAndOut:
			if belowHalfBits(hash.Bits(st, channel.ShapeSign)) {
				nx, ny = -nx, -ny
			}
		}
		if spread > 0 {
			ang := (2*u01(channel.Spread) - 1) * spread
			s, c := f32sin(ang), f32cos(ang)
			nx, ny = nx*c-ny*s, nx*s+ny*c
		}
		v0x, v0y := speed*nx, speed*ny
		rot := f(rowlayout.MotRotMin) + (f(rowlayout.MotRotMax)-f(rowlayout.MotRotMin))*u01(channel.Rotation)
		rot += (f(rowlayout.MotRotSpeedMin) + (f(rowlayout.MotRotSpeedMax)-f(rowlayout.MotRotSpeedMin))*u01(channel.RotSpeed)) * age
		fa, ga, decay := mDrag(dragK, age)
		x := ox + (v0x*fa+accX*ga)*moveScale
		y := oy + (v0y*fa+accY*ga)*moveScale
		if orient == emitter.VelocityParallel || orient == emitter.VelocityPerpendicular {
			vx, vy := v0x*decay+accX*fa, v0y*decay+accY*fa
			var al float32
			if vx != 0 || vy != 0 {
				al = float32(math.Atan2(float64(-vx), float64(vy)) * (180 / math.Pi))
			}
			if orient == emitter.VelocityParallel {
				al -= 90
			}
			rot += al
		}
		if hostRot != 0 {
			x, y = x*hc-y*hs, x*hs+y*hc
			rot += hostRot
		}
		q.x, q.y, q.rot = x, y, rot

		// size
		tau := age / life
		sv, se := mr.curveAt(rowlayout.MotSize, nSize, tau)
		size := max(sv+se*(2*u01(channel.SizeEnvelope)-1), 0) * sizeScale
		q.w, q.h = size, size
		qv, qe := mr.curveAt(rowlayout.MotSquash, nSquash, tau)
		if sq := qv + qe*(2*u01(channel.SquashEnvelope)-1); sq != 0 {
			l := 1 + float32(math.Abs(float64(sq)))
			if sq > 0 {
				q.w, q.h = size/l, size*l
			} else {
				q.w, q.h = size*l, size/l
			}
		}
		out = append(out, q)
	}
	return out
}

func mDrag(k, t float32) (f, g, decay float32) {
	if k == 0 {
		return t, 0.5 * t * t, 1
	}
	q := k * t
	if q > -0.5 && q < 0.5 {
		f = t * (1 + q*(-1.0/2+q*(1.0/6+q*(-1.0/24+q*(1.0/120+q*(-1.0/720))))))
		g = t * t * (1.0/2 + q*(-1.0/6+q*(1.0/24+q*(-1.0/120+q*(1.0/720+q*(-1.0/5040))))))
		return f, g, 1 - k*f
	}
	e := min(max(-q, -60), 60)
	decay = float32(math.Exp(float64(e)))
	f = (1 - decay) / k
	return f, (t - f) / k, decay
}

func mTaper(x, y, gx, gy, a, b, p, dx, dy float32) (tx, ty, nx, ny float32) {
	px, py := -dy, dx
	along, across := x*dx+y*dy, x*px+y*py
	galong, gacross := gx*dx+gy*dy, gx*px+gy*py
	ext := float32(math.Abs(float64(a*dx))) + float32(math.Abs(float64(b*dy)))
	t := (along/ext + 1) / 2
	sc := 1 + (p-1)*t
	ds := (p - 1) / (2 * ext)
	across2 := across * sc
	tx, ty = along*dx+across2*px, along*dy+across2*py
	if sc <= 1e-12 {
		return tx, ty, dx, dy
	}
	nal := galong - gacross*across*ds/sc
	nac := gacross / sc
	nx, ny = nal*dx+nac*px, nal*dy+nac*py
	if l := float32(math.Sqrt(float64(nx*nx + ny*ny))); l > 0 {
		return tx, ty, nx / l, ny / l
	}
	return tx, ty, dx, dy
}
