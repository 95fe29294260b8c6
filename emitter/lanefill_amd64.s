//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// laneKernel: see lanefill.go. The hashes run on eight 32-bit lanes (Y
// registers), the launch on eight float64 lanes (Z registers), each
// floating-point step the scalar code's, in its order.
//
// DI holds a, R8 laneConsts, BX the block written; Y31 is the hashes'
// scratch.

// MIX(y) is hash.Mix32 of each lane of y.
#define MIX(y) \
	VPADDD.BCST  ((const_lcGolden)*8)(R8), y, y \
	VPSRLD       $16, y, Y31 \
	VPXORD       Y31, y, y \
	VPMULLD.BCST ((const_lcMix1)*8)(R8), y, y \
	VPSRLD       $15, y, Y31 \
	VPXORD       Y31, y, y \
	VPMULLD.BCST ((const_lcMix2)*8)(R8), y, y \
	VPSRLD       $15, y, Y31 \
	VPXORD       Y31, y, y

// BITS(ch, y) is hash.Bits of the streams in Y0 for the channel whose
// mix is laneConsts[ch].
#define BITS(ch, y) \
	VPXORD.BCST ((ch)*8)(R8), Y0, y \
	MIX(y)

// UNIT(y, z) is hash.UnitOf of the rolls y, as float64 lanes.
#define UNIT(y, z) \
	VCVTUDQ2PD  y, z \
	VMULPD.BCST ((const_lcUnitScale)*8)(R8), z, z

// POLY(c, acc) is the polynomial of coefficients c (six, highest degree
// first) at zz (Z29): ((((c0·zz + c1)·zz + c2)·zz + c3)·zz + c4)·zz + c5.
#define POLY(c, acc) \
	VMULPD.BCST ((c)*8)(R8), Z29, acc \
	VADDPD.BCST ((c+1)*8)(R8), acc, acc \
	VMULPD      Z29, acc, acc \
	VADDPD.BCST ((c+2)*8)(R8), acc, acc \
	VMULPD      Z29, acc, acc \
	VADDPD.BCST ((c+3)*8)(R8), acc, acc \
	VMULPD      Z29, acc, acc \
	VADDPD.BCST ((c+4)*8)(R8), acc, acc \
	VMULPD      Z29, acc, acc \
	VADDPD.BCST ((c+5)*8)(R8), acc, acc

// func laneKernel(a *laneArgs)
TEXT ·laneKernel(SB), NOSPLIT, $0-8
	MOVQ a+0(FP), DI
	MOVQ laneArgs_out(DI), BX
	MOVQ laneArgs_lc(DI), R8

	// The streams: hash.Stream(seed, key) = Mix32(seed ^ (key+1)·phi1).
	VMOVDQU32    laneArgs_keys(DI), Y0
	VPADDD.BCST  ((const_lcOne)*8)(R8), Y0, Y0
	VPMULLD.BCST ((const_lcPhi1)*8)(R8), Y0, Y0
	VPXORD.BCST  laneArgs_seed(DI), Y0, Y0
	MIX(Y0)

	// timedRolls, and the rows stLife and spin.
	BITS(const_lcChLife, Y1)
	BITS(const_lcChRot, Y2)
	BITS(const_lcChSpin, Y3)
	VPMOVZXDQ Y0, Z5
	VPMOVZXDQ Y1, Z6
	VPSLLQ    $32, Z6, Z6
	VPORQ     Z6, Z5, Z5
	VMOVDQU64 Z5, 0(BX)
	VPMOVZXDQ Y2, Z5
	VPMOVZXDQ Y3, Z6
	VPSLLQ    $32, Z6, Z6
	VPORQ     Z6, Z5, Z5
	VMOVDQU64 Z5, 320(BX)

	// speed = hash.Range(min, max, u) = min + (max - min)·u.
	BITS(const_lcChSpeed, Y4)
	UNIT(Y4, Z7)
	VMULPD.BCST laneArgs_speedSpan(DI), Z7, Z7
	VADDPD.BCST laneArgs_speedMin(DI), Z7, Z7

	// The point of the box's volume: ((2u - 1)·a, (2v - 1)·b), or 0.
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11
	CMPQ   laneArgs_area(DI), $0
	JEQ    placed
	BITS(const_lcChU, Y10)
	UNIT(Y10, Z10)
	VADDPD      Z10, Z10, Z10
	VSUBPD.BCST ((const_lcFOne)*8)(R8), Z10, Z10
	VMULPD.BCST laneArgs_a(DI), Z10, Z10
	BITS(const_lcChV, Y11)
	UNIT(Y11, Z11)
	VADDPD      Z11, Z11, Z11
	VSUBPD.BCST ((const_lcFOne)*8)(R8), Z11, Z11
	VMULPD.BCST laneArgs_b(DI), Z11, Z11

placed:
	VMOVDQU64 Z10, 64(BX)
	VMOVDQU64 Z11, 128(BX)

	// The normal (nx, ny) in Z8, Z9, flipped where InAndOut's roll is
	// below one half (its top bit clear).
	VBROADCASTSD laneArgs_nx(DI), Z8
	VBROADCASTSD laneArgs_ny(DI), Z9
	CMPQ         laneArgs_twoWay(DI), $0
	JEQ          oneway
	BITS(const_lcChSign, Y12)
	VPMOVD2M     Y12, K1
	KNOTB        K1, K1
	VXORPD.BCST  ((const_lcSignBit)*8)(R8), Z8, K1, Z8
	VXORPD.BCST  ((const_lcSignBit)*8)(R8), Z9, K1, Z9

oneway:
	CMPQ laneArgs_turn(DI), $0
	JEQ  launched

	// x = hash.Signed(u)·spread, and its sine (Z14) and cosine (Z24) as
	// sincosRad computes them.
	BITS(const_lcChSpread, Y13)
	UNIT(Y13, Z13)
	VADDPD      Z13, Z13, Z13
	VSUBPD.BCST ((const_lcFOne)*8)(R8), Z13, Z13
	VMULPD.BCST laneArgs_spread(DI), Z13, Z13

	VPXORQ      Z25, Z25, Z25
	VCMPPD      $0, Z25, Z13, K2 // x == 0
	VCMPPD      $1, Z25, Z13, K3 // x < 0: the sine's sign flips
	VPANDQ.BCST ((const_lcAbs)*8)(R8), Z13, Z26
	VMULPD.BCST ((const_lcFourOverPi)*8)(R8), Z26, Z27
	VCVTTPD2UQQ Z27, Z27 // j
	VCVTUQQ2PD  Z27, Z28 // y
	VPTESTMQ.BCST ((const_lcOne)*8)(R8), Z27, K4
	VPADDQ.BCST ((const_lcOne)*8)(R8), Z27, K4, Z27
	VADDPD.BCST ((const_lcFOne)*8)(R8), Z28, K4, Z28
	VPANDQ.BCST ((const_lcSeven)*8)(R8), Z27, Z27

	// z = ((x - y·π4a) - y·π4b) - y·π4c
	VMULPD.BCST ((const_lcPi4a)*8)(R8), Z28, Z29
	VSUBPD      Z29, Z26, Z26
	VMULPD.BCST ((const_lcPi4b)*8)(R8), Z28, Z29
	VSUBPD      Z29, Z26, Z26
	VMULPD.BCST ((const_lcPi4c)*8)(R8), Z28, Z29
	VSUBPD      Z29, Z26, Z26

	// j > 3: both signs flip and j is j - 4 (j & 3); then j > 1 flips
	// the cosine's.
	VPCMPUQ.BCST $6, ((const_lcThree)*8)(R8), Z27, K5
	VPANDQ.BCST  ((const_lcThree)*8)(R8), Z27, Z27
	KXORB        K5, K3, K3
	VPCMPUQ.BCST $6, ((const_lcOne)*8)(R8), Z27, K6
	KXORB        K5, K6, K6

	// cos = (1 - 0.5·zz) + zz·zz·pc, sin = z + z·zz·ps
	VMULPD       Z26, Z26, Z29
	POLY(const_lcCos, Z30)
	VMULPD       Z29, Z29, Z31
	VMULPD       Z30, Z31, Z30
	VMULPD.BCST  ((const_lcFHalf)*8)(R8), Z29, Z31
	VBROADCASTSD ((const_lcFOne)*8)(R8), Z24
	VSUBPD       Z31, Z24, Z24
	VADDPD       Z30, Z24, Z24
	POLY(const_lcSin, Z30)
	VMULPD       Z29, Z26, Z31
	VMULPD       Z30, Z31, Z31
	VADDPD       Z31, Z26, Z14

	// j == 1 or 2: swapped; then the signs; x == 0: (x, 1).
	VPCMPUQ.BCST $0, ((const_lcOne)*8)(R8), Z27, K1
	VPCMPUQ.BCST $0, ((const_lcTwo)*8)(R8), Z27, K7
	KORB         K7, K1, K1
	VMOVAPD      Z14, Z30
	VMOVAPD      Z24, K1, Z14
	VMOVAPD      Z30, K1, Z24
	VXORPD.BCST  ((const_lcSignBit)*8)(R8), Z24, K6, Z24
	VXORPD.BCST  ((const_lcSignBit)*8)(R8), Z14, K3, Z14
	VMOVAPD      Z13, K2, Z14
	VBROADCASTSD ((const_lcFOne)*8)(R8), Z30
	VMOVAPD      Z30, K2, Z24

	// The normal turned: (nx·cos - ny·sin, nx·sin + ny·cos).
	VMULPD  Z24, Z8, Z20
	VMULPD  Z14, Z9, Z21
	VSUBPD  Z21, Z20, Z20
	VMULPD  Z14, Z8, Z22
	VMULPD  Z24, Z9, Z23
	VADDPD  Z23, Z22, Z9
	VMOVAPD Z20, Z8

launched:
	// (vx, vy) = speed·(nx, ny)
	VMULPD    Z8, Z7, Z8
	VMULPD    Z9, Z7, Z9
	VMOVDQU64 Z8, 192(BX)
	VMOVDQU64 Z9, 256(BX)
	VZEROUPPER
	RET
