//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// vectorKernel: see vector.go for what it computes and vector_amd64.go
// for its contract. Each block is the eight candidates of an index range
// aligned to 8 (within one drag anchor of 32, and one run of 8 ring
// slots); lanes outside a.i..a.hi are masked off. Every floating-point
// step below is the scalar code's, in its order (the comments name it).
//
// Registers kept across blocks:
//	DI a, R8 the float constants, R9 the next candidate, R10 the lane
//	ring, R11 the ring index of BX's block, R12 out, R13 n
//	Z31 x, Z30 rate, Z29 lanes 0..7, Z26 dword interleave, Z25 zero,
//	Z24..Z21 the Size curve's start, span, base and rise, Z28 the drag
//	anchor's exponential

#define KF(i) (i*8)(R8)

// NEXTBLOCK moves R11 to the ring's next block, the first after the last.
#define NEXTBLOCK \
	INCQ R11 \
	CMPQ R11, vectorArgs_blocks(DI) \
	JLT  2(PC) \
	XORQ R11, R11

// OUTWORD(j) lays out and stores output vector j (words 8j..8j+7) of the
// packed billboards: pairs 0/1 and 2/3 through two-table permutes, pair 4
// through one, with vectorInts' index and masks; only the DX words left
// are stored. SI is vectorInts, BX the first billboard; AX and CX are
// scratch.
#define OUTWORD(j) \
	CMPQ      DX, $0 \
	JLE       stored \
	VMOVDQU64 ((const_kiOut+8*j)*8)(SI), Z16 \
	VMOVDQA64 Z3, Z17 \
	VPERMT2Q  Z5, Z16, Z17 \
	VMOVDQA64 Z9, Z18 \
	VPERMT2Q  Z19, Z16, Z18 \
	KMOVW     ((const_kiOutMask+2*j)*8)(SI), K2 \
	VMOVDQA64 Z18, K2, Z17 \
	KMOVW     ((const_kiOutMask+2*j+1)*8)(SI), K2 \
	VPERMQ    Z8, Z16, K2, Z17 \
	MOVL      $0xFF, AX \
	CMPQ      DX, $8 \
	JGE       5(PC) \
	MOVQ      DX, CX \
	MOVL      $1, AX \
	SHLL      CX, AX \
	DECL      AX \
	KMOVW     AX, K3 \
	VMOVDQU64 Z17, K3, (64*j)(BX) \
	SUBQ      $8, DX

// func vectorKernel(a *vectorArgs)
TEXT ·vectorKernel(SB), NOSPLIT, $0-8
	MOVQ a+0(FP), DI
	MOVQ vectorArgs_kf(DI), R8
	MOVQ vectorArgs_ki(DI), AX
	MOVQ vectorArgs_lanes(DI), R10
	MOVQ vectorArgs_blk(DI), R11
	MOVQ vectorArgs_out(DI), R12
	MOVQ vectorArgs_n(DI), R13
	MOVQ vectorArgs_i(DI), R9
	VBROADCASTSD vectorArgs_x(DI), Z31
	VBROADCASTSD vectorArgs_rate(DI), Z30
	VMOVDQU64 (const_kiLanes*8)(AX), Z29
	VMOVDQU64 (const_kiPermLo*8)(AX), Z26
	VPXORQ Z25, Z25, Z25
	VMOVUPD vectorArgs_start(DI), Z24
	VMOVUPD vectorArgs_span(DI), Z23
	VMOVUPD vectorArgs_base(DI), Z22
	VMOVUPD vectorArgs_rise(DI), Z21

block:
	CMPQ R9, vectorArgs_hi(DI)
	JGT  finish
	MOVQ R9, BX
	ANDQ $-8, BX

	// K1: the lanes i-BX .. min(hi-BX, 7).
	MOVQ vectorArgs_hi(DI), CX
	SUBQ BX, CX
	CMPQ CX, $7
	JLE  hiok
	MOVQ $7, CX

hiok:
	MOVL $2, AX
	SHLL CX, AX
	DECL AX
	MOVQ R9, CX
	SUBQ BX, CX
	MOVL $-1, DX
	SHLL CX, DX
	ANDL DX, AX
	KMOVW AX, K1

	// Z0: the candidates; SI: their lane block, 384 bytes a block; the
	// block must hold them (its tag is their first).
	VPBROADCASTQ BX, Z0
	VPADDQ       Z29, Z0, Z0
	MOVQ         R11, SI
	MOVQ         vectorArgs_tags(DI), CX
	CMPQ         BX, (CX)(SI*8)
	JNE          stop
	LEAQ         (SI)(SI*2), SI
	SHLQ         $7, SI
	ADDQ         R10, SI

	// The blocks eight on. Inside a frame the renderer's and
	// Ebitengine's vertex copies evict the ring from the core's cache
	// between chunks, and llvmpipe's drawing of the last frame evicts it
	// before the first; without this the kernel waited on those reads
	// (cmd/compare, steady-simple at 10,000: 8 to 12 ns per particle in
	// the evaluation, 7.1 to 7.6 with it). Four blocks on was too near
	// for a ring read back from memory: render's BenchmarkColdFrame at
	// 10,000, four runs each alternated, Draw after a sync over its floor
	// 1.21-1.32 with four, 1.19-1.28 with eight. A prefetch past the
	// ring's end is harmless: it never faults.
	PREFETCHT0   3072(SI)
	PREFETCHT0   3136(SI)
	PREFETCHT0   3200(SI)
	PREFETCHT0   3264(SI)
	PREFETCHT0   3328(SI)

	// The block's rows, one field of its eight slots each (laneBlock);
	// the spin's row only where particles spin.
	VMOVDQU64  laneBlock_stLife(SI), Z1   // Stream | lifetime roll<<32
	VMOVUPD    laneBlock_ox(SI), Z5
	VMOVUPD    laneBlock_oy(SI), Z6
	VMOVUPD    laneBlock_vx(SI), Z7
	VMOVUPD    laneBlock_vy(SI), Z8

	// life = lifeMin + (lifeSpan*u), u = roll/2^32 (hash.Range, hash.Unit).
	VPSRLQ       $32, Z1, Z2
	VCVTUQQ2PD   Z2, Z2
	VMULPD.BCST  KF(const_kfInv2p32), Z2, Z2
	VMULPD.BCST  vectorArgs_lifeSpan(DI), Z2, Z2
	VADDPD.BCST  vectorArgs_lifeMin(DI), Z2, Z2
	// Key = uint32(2*(keyBase + i) + keyOdd): 2i for a stream candidate,
	// burstKey for a burst's particle i.
	VPADDQ.BCST  vectorArgs_keyBase(DI), Z0, Z3
	VPSLLQ       $1, Z3, Z3
	VPORQ.BCST   vectorArgs_keyOdd(DI), Z3, Z3
	VPMOVQD      Z3, Y3                // Key
	VPMOVQD      Z1, Y1                // Stream
	CMPQ         vectorArgs_burst(DI), $0
	JNE          burst

	// Alive: d >= 0 && d < window && d < rate*life, d = x - float64(i).
	VCVTQQ2PD    Z0, Z11
	VSUBPD       Z11, Z31, Z11
	VCMPPD       $13, Z25, Z11, K1, K5
	VBROADCASTSD vectorArgs_window(DI), Z12
	VCMPPD       $1, Z12, Z11, K5, K5
	VMULPD       Z2, Z30, Z12
	VCMPPD       $1, Z12, Z11, K5, K5
	KORTESTW     K5, K5
	JZ           next
	VDIVPD       Z30, Z11, Z11       // age = d / rate

	MOVQ vectorArgs_k(DI), AX
	SHLQ $1, AX                      // k == 0, either sign
	JNZ  drag
	VMOVAPD         Z11, Z12         // fa = age
	VMULPD.BCST     KF(const_kfHalf), Z11, Z13
	VMULPD          Z11, Z13, Z13    // ga = 0.5*age*age
	JMP             placed

drag:
	// streamDrag.factors: q = k*age; young (|q| < 0.5) take dragSeries.
	VMULPD.BCST  vectorArgs_k(DI), Z11, Z14
	VBROADCASTSD KF(const_kfNegHalf), Z16
	VCMPPD       $14, Z16, Z14, K6
	VBROADCASTSD KF(const_kfHalf), Z17
	VCMPPD       $1, Z17, Z14, K6, K6

	// Blocks with no young live lane (most, on a stream of long lives)
	// skip the series; their lanes hold finite values the exponential
	// branch replaces.
	VMOVAPD      Z11, Z12
	VMOVAPD      Z11, Z13
	KANDW        K5, K6, K2
	KORTESTW     K2, K2
	JZ           old

	// dragSeries f = t*(1 + q*(-1/2 + q*(1/6 + q*(-1/24 + q*(1/120 + q*(-1/720))))))
	VMULPD.BCST KF(const_kfNegInv720), Z14, Z12
	VADDPD.BCST KF(const_kfInv120), Z12, Z12
	VMULPD      Z12, Z14, Z12
	VADDPD.BCST KF(const_kfNegInv24), Z12, Z12
	VMULPD      Z12, Z14, Z12
	VADDPD.BCST KF(const_kfInv6), Z12, Z12
	VMULPD      Z12, Z14, Z12
	VADDPD.BCST KF(const_kfNegHalf), Z12, Z12
	VMULPD      Z12, Z14, Z12
	VADDPD.BCST KF(const_kfOne), Z12, Z12
	VMULPD      Z12, Z11, Z12

	// g = t*t*(1/2 + q*(-1/6 + q*(1/24 + q*(-1/120 + q*(1/720 + q*(-1/5040))))))
	VMULPD.BCST KF(const_kfNegInv5040), Z14, Z13
	VADDPD.BCST KF(const_kfInv720), Z13, Z13
	VMULPD      Z13, Z14, Z13
	VADDPD.BCST KF(const_kfNegInv120), Z13, Z13
	VMULPD      Z13, Z14, Z13
	VADDPD.BCST KF(const_kfInv24), Z13, Z13
	VMULPD      Z13, Z14, Z13
	VADDPD.BCST KF(const_kfNegInv6), Z13, Z13
	VMULPD      Z13, Z14, Z13
	VADDPD.BCST KF(const_kfHalf), Z13, Z13
	VMULPD      Z11, Z11, Z16
	VMULPD      Z13, Z16, Z13

old:
	// K7: the live lanes on the exponential branch.
	KNOTW    K6, K7
	KANDW    K5, K7, K7
	KORTESTW K7, K7
	JZ       placed

	// Those need |q| < maxExponent, else DragFactors: the scalar loop's.
	VBROADCASTSD KF(const_kfMaxExp), Z16
	VCMPPD       $1, Z16, Z14, K7, K2
	VBROADCASTSD KF(const_kfNegMaxExp), Z17
	VCMPPD       $14, Z17, Z14, K2, K2
	KXORW        K7, K2, K2
	KORTESTW     K2, K2
	JNZ          stop

	// The anchor's exponent e = -k*((x - base)/rate), base = i &^ 31,
	// one for the block; outside the clamp, the scalar loop's. Its
	// exponential, a long chain of dependent operations, serves the
	// anchor's four blocks: Z28 holds it for a.anchor.
	MOVQ         BX, AX
	ANDQ         $-32, AX
	CMPQ         AX, vectorArgs_anchor(DI)
	JEQ          anchored
	VPBROADCASTQ AX, Z19
	VCVTQQ2PD    Z19, Z19
	VSUBPD       Z19, Z31, Z19
	VDIVPD       Z30, Z19, Z19
	VMULPD.BCST  vectorArgs_negK(DI), Z19, Z19
	VCMPPD       $1, Z16, Z19, K2
	VCMPPD       $14, Z17, Z19, K2, K2
	KMOVW        K2, AX
	CMPB         AL, $0xFF
	JNE          stop

	// expDrag(e)
	VMULPD.BCST KF(const_kfExpScale), Z19, Z17
	VADDPD.BCST KF(const_kfShift), Z17, Z17      // kd
	VPSUBQ.BCST KF(const_kfShift), Z17, Z18      // i = bits(kd) - bits(shift)
	VSUBPD.BCST KF(const_kfShift), Z17, Z17      // n = kd - shift
	VMULPD.BCST KF(const_kfLn2Hi), Z17, Z16
	VSUBPD      Z16, Z19, Z16
	VMULPD.BCST KF(const_kfLn2Lo), Z17, Z17
	VSUBPD      Z17, Z16, Z19              // r = (x - n*ln2Hi) - n*ln2Lo
	VMULPD      Z19, Z19, Z17              // r2
	VMULPD.BCST KF(const_kfInv6), Z19, Z16
	VADDPD.BCST KF(const_kfHalf), Z16, Z16       // 0.5 + r/6
	VMULPD.BCST KF(const_kfInv120), Z19, Z20
	VADDPD.BCST KF(const_kfInv24), Z20, Z20      // 1/24 + r/120
	VMULPD.BCST KF(const_kfInv720), Z17, Z9
	VADDPD      Z9, Z20, Z20               // (...) + r2/720
	VMULPD      Z20, Z17, Z20
	VADDPD      Z20, Z16, Z16
	VMULPD      Z16, Z17, Z16
	VADDPD      Z16, Z19, Z16              // q = e^r - 1
	VMOVQ        X18, AX                   // i, one for the block
	ANDQ         $31, AX
	MOVQ         vectorArgs_exp2(DI), CX
	VBROADCASTSD (CX)(AX*8), Z20           // t = exp2Frac[i&31]
	VMULPD       Z16, Z20, Z16
	VADDPD       Z16, Z20, Z16             // t + t*q
	VPSRAQ       $5, Z18, Z18
	MOVQ         $1023, AX
	VPBROADCASTQ AX, Z9
	VPADDQ       Z9, Z18, Z18
	VPSLLQ       $52, Z18, Z18
	VMULPD       Z18, Z16, Z28             // ea
	MOVQ         BX, AX
	ANDQ         $-32, AX
	MOVQ         AX, vectorArgs_anchor(DI)

anchored:
	// dragExp(inv, age, ea*step[i&31])
	MOVQ         BX, AX
	ANDQ         $31, AX
	MOVQ         vectorArgs_steps(DI), CX
	VMOVUPD      (CX)(AX*8), Z17           // step[i&31], eight in a row
	VMULPD       Z17, Z28, Z16             // decay
	VBROADCASTSD KF(const_kfOne), Z17
	VSUBPD       Z16, Z17, Z17
	VMULPD.BCST  vectorArgs_inv(DI), Z17, Z17   // f = (1 - decay)*inv
	VSUBPD       Z17, Z11, Z18
	VMULPD.BCST  vectorArgs_inv(DI), Z18, Z18   // g = (age - f)*inv
	VMOVAPD      Z17, K7, Z12
	VMOVAPD      Z18, K7, Z13

placed:
	// X = float32(ox + (vx*fa + ax*ga)*m), Y likewise.
	VMULPD      Z12, Z7, Z7
	VMULPD.BCST vectorArgs_ax(DI), Z13, Z16
	VADDPD      Z16, Z7, Z7
	VMULPD.BCST vectorArgs_m(DI), Z7, Z7
	VADDPD      Z7, Z5, Z5
	VMULPD      Z12, Z8, Z8
	VMULPD.BCST vectorArgs_ay(DI), Z13, Z16
	VADDPD      Z16, Z8, Z8
	VMULPD.BCST vectorArgs_m(DI), Z8, Z8
	VADDPD      Z8, Z6, Z6
	VCVTPD2PS   Z5, Y5
	VCVTPD2PS   Z6, Y6
	VDIVPD      Z2, Z11, Z7              // tau = age / life
	VCVTPD2PS   Z7, Y8                   // Tau
	VCVTPD2PS   Z11, Y12                 // Age

	CMPQ vectorArgs_flat(DI), $0
	JNE  flat

	// curve.at(tau): the segment is the count of ends at or below tau.
	VPXORQ       Z13, Z13, Z13
	MOVQ         vectorArgs_nseg(DI), CX
	LEAQ         vectorArgs_end(DI), AX
	MOVQ         $1, DX
	VPBROADCASTQ DX, Z16

seg:
	TESTQ        CX, CX
	JZ           segdone
	VBROADCASTSD (AX), Z17
	VCMPPD       $5, Z17, Z7, K2         // !(t < end)
	VPADDQ       Z16, Z13, K2, Z13
	ADDQ         $8, AX
	DECQ         CX
	JMP          seg

segdone:
	VPERMPD      Z24, Z13, Z17
	VPERMPD      Z23, Z13, Z18
	VPERMPD      Z22, Z13, Z19
	VPERMPD      Z21, Z13, Z20
	VSUBPD       Z17, Z7, Z17
	VDIVPD       Z18, Z17, Z17
	VMULPD       Z17, Z20, Z17
	VADDPD       Z17, Z19, Z17           // base + rise*((t-start)/span)
	VPBROADCASTQ vectorArgs_nseg(DI), Z18
	VPCMPEQQ     Z18, Z13, K2
	VBROADCASTSD vectorArgs_last(DI), Z18
	VMOVAPD      Z18, K2, Z17            // past the last end: last
	VBROADCASTSD vectorArgs_t0(DI), Z18
	VCMPPD       $2, Z18, Z7, K2
	VBROADCASTSD vectorArgs_v0(DI), Z18
	VMOVAPD      Z18, K2, Z17            // t <= t0: v0
	VMAXPD       Z25, Z17, Z17           // max(size, 0)
	VMULPD.BCST  vectorArgs_sizeScale(DI), Z17, Z17
	VMULPD.BCST  KF(const_kfHalf), Z17, Z13    // hw = 0.5*w
	VMOVAPD      Z13, Z14                // hh = 0.5*h, h = w
	JMP          turn

flat:
	VBROADCASTSD vectorArgs_hw(DI), Z13
	VBROADCASTSD vectorArgs_hh(DI), Z14

turn:
	// A fixed rotation's sine and cosine are the arguments'.
	VBROADCASTSD KF(const_kfSign), Z18   // the sign bit
	CMPQ         vectorArgs_turned(DI), $0
	JEQ          spin
	VBROADCASTSD vectorArgs_sin(DI), Z16
	VBROADCASTSD vectorArgs_cos(DI), Z17
	JMP          turned

spin:
	// rot = rot0 + omega*age, each of the two rolled from its half of
	// the spin row as life is; the row eight blocks on prefetched too.
	PREFETCHT0   3392(SI)
	VMOVDQU64    laneBlock_spin(SI), Z10
	VPSRLQ       $32, Z10, Z9
	VCVTUQQ2PD   Z9, Z9
	VMULPD.BCST  KF(const_kfInv2p32), Z9, Z9
	VMULPD.BCST  vectorArgs_spinSpan(DI), Z9, Z9
	VADDPD.BCST  vectorArgs_spinMin(DI), Z9, Z9     // omega
	VPSLLQ       $32, Z10, Z10
	VPSRLQ       $32, Z10, Z10
	VCVTUQQ2PD   Z10, Z10
	VMULPD.BCST  KF(const_kfInv2p32), Z10, Z10
	VMULPD.BCST  vectorArgs_rotSpan(DI), Z10, Z10
	VADDPD.BCST  vectorArgs_rotMin(DI), Z10, Z10    // rot0
	VMULPD       Z11, Z9, Z9
	VADDPD       Z10, Z9, Z9

	// sincosDegPoly(rot)
	VMULPD.BCST  KF(const_kfInv90), Z9, Z10
	VADDPD.BCST  KF(const_kfHalf), Z10, Z10
	VRNDSCALEPD  $9, Z10, Z10            // q = floor(d/90 + 0.5)
	VMULPD.BCST  KF(const_kf90), Z10, Z16
	VSUBPD       Z16, Z9, Z16
	VMULPD.BCST  KF(const_kfDegRad), Z16, Z16  // r
	VMULPD       Z16, Z16, Z17           // r2
	VMULPD       Z17, Z17, Z18           // r4

	// s = r*((1 - r2/6) + r4*((1/120 - r2/5040) + r4/362880))
	VMULPD.BCST  KF(const_kfInv6), Z17, Z19
	VBROADCASTSD KF(const_kfOne), Z20
	VSUBPD       Z19, Z20, Z19
	VMULPD.BCST  KF(const_kfInv5040), Z17, Z20
	VBROADCASTSD KF(const_kfInv120), Z9
	VSUBPD       Z20, Z9, Z20
	VMULPD.BCST  KF(const_kfInv362880), Z18, Z9
	VADDPD       Z9, Z20, Z20
	VMULPD       Z20, Z18, Z20
	VADDPD       Z20, Z19, Z19
	VMULPD       Z19, Z16, Z19

	// c = (1 - r2*0.5) + r4*((1/24 - r2/720) + r4*(1/40320 - r2/3628800))
	VMULPD.BCST  KF(const_kfHalf), Z17, Z20
	VBROADCASTSD KF(const_kfOne), Z9
	VSUBPD       Z20, Z9, Z20
	VMULPD.BCST  KF(const_kfInv720), Z17, Z9
	VBROADCASTSD KF(const_kfInv24), Z16
	VSUBPD       Z9, Z16, Z16
	VMULPD.BCST  KF(const_kfInv3628800), Z17, Z9
	VBROADCASTSD KF(const_kfInv40320), Z17
	VSUBPD       Z9, Z17, Z17
	VMULPD       Z17, Z18, Z17
	VADDPD       Z17, Z16, Z16
	VMULPD       Z16, Z18, Z16
	VADDPD       Z16, Z20, Z20

	// Turned by k = int64(q)&3 quadrants: sin = {s, c, -s, -c}[k],
	// cos = that table at k+1.
	VCVTTPD2QQ   Z10, Z10
	MOVQ         $1, AX
	VPBROADCASTQ AX, Z16
	VPTESTMQ     Z16, Z10, K2            // k&1
	MOVQ         $2, AX
	VPBROADCASTQ AX, Z17
	VPTESTMQ     Z17, Z10, K3            // k&2
	VPADDQ       Z16, Z10, Z18
	VPTESTMQ     Z17, Z18, K4            // (k+1)&2
	VMOVAPD      Z19, Z16
	VMOVAPD      Z20, K2, Z16            // sin before its sign
	VMOVAPD      Z20, Z17
	VMOVAPD      Z19, K2, Z17            // cos before its sign
	VBROADCASTSD KF(const_kfSign), Z18
	VXORPD       Z18, Z16, K3, Z16
	VXORPD       Z18, Z17, K4, Z17

turned:

	// U = (cos, sin)*hw, V = (-sin, cos)*hh.
	VMULPD    Z13, Z17, Z9
	VCVTPD2PS Z9, Y9
	VMULPD    Z13, Z16, Z10
	VCVTPD2PS Z10, Y10
	VXORPD    Z18, Z16, Z19
	VMULPD    Z14, Z19, Z19
	VCVTPD2PS Z19, Y19
	VMULPD    Z14, Z17, Z20
	VCVTPD2PS Z20, Y20

	// Pairs of fields as eight words, the live lanes packed (when some
	// are dead), then laid out as the billboards' 40 words (see
	// vectorInts) and stored.
	VPERMT2D     Z1, Z26, Z3             // Key, Stream
	VPERMT2D     Z6, Z26, Z5             // X, Y
	VPERMT2D     Z10, Z26, Z9            // UX, UY
	VPERMT2D     Z20, Z26, Z19           // VX, VY
	VPERMT2D     Z12, Z26, Z8            // Tau, Age
	LEAQ         8(BX), R9
	NEXTBLOCK
	KMOVW        K5, AX
	CMPL         AX, $0xFF
	JEQ          packed
	VPCOMPRESSQ  Z3, K5, Z3
	VPCOMPRESSQ  Z5, K5, Z5
	VPCOMPRESSQ  Z9, K5, Z9
	VPCOMPRESSQ  Z19, K5, Z19
	VPCOMPRESSQ  Z8, K5, Z8

packed:
	POPCNTL      AX, AX
	MOVQ         vectorArgs_xy(DI), CX
	TESTQ        CX, CX
	JZ           records

	// By column: each pair vector whole at entry n, the dead lanes'
	// garbage past the live ones (the next block's overwrite it).
	VMOVDQU64    Z5, (CX)(R13*8)
	MOVQ         vectorArgs_ks(DI), CX
	VMOVDQU64    Z3, (CX)(R13*8)
	MOVQ         vectorArgs_u(DI), CX
	VMOVDQU64    Z9, (CX)(R13*8)
	MOVQ         vectorArgs_v(DI), CX
	VMOVDQU64    Z19, (CX)(R13*8)
	MOVQ         vectorArgs_ta(DI), CX
	VMOVDQU64    Z8, (CX)(R13*8)
	ADDQ         AX, R13
	JMP          block

records:
	LEAQ         (AX)(AX*4), DX          // words to store
	LEAQ         (R13)(R13*4), CX
	LEAQ         (R12)(CX*8), BX         // &out[n]
	MOVQ         vectorArgs_ki(DI), SI
	ADDQ         AX, R13
	OUTWORD(0)
	OUTWORD(1)
	OUTWORD(2)
	OUTWORD(3)
	OUTWORD(4)

stored:
	JMP block

next:
	LEAQ 8(BX), R9
	NEXTBLOCK
	JMP  block

burst:
	// A burst's particles share its age and drag factors (appendPlain):
	// alive while age >= 0 && age < life.
	VBROADCASTSD vectorArgs_age(DI), Z11
	VCMPPD       $13, Z25, Z11, K1, K5
	VCMPPD       $1, Z2, Z11, K5, K5
	KORTESTW     K5, K5
	JZ           next
	VBROADCASTSD vectorArgs_fa(DI), Z12
	VBROADCASTSD vectorArgs_ga(DI), Z13
	JMP          placed

stop:
finish:
	MOVQ R9, vectorArgs_i(DI)
	MOVQ R13, vectorArgs_n(DI)
	VZEROUPPER
	RET
