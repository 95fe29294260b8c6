//go:build amd64 && !purego && !amd64.v3

#include "textflag.h"
#include "go_asm.h"

// triKernel: see vertexvec.go. A block is eight billboards (320 bytes,
// five vectors of eight words), split into their five pairs (one vector
// each, lane r for billboard r), turned into corners and hash halves as
// float32 pairs, and woven into the 32-byte heads of the 24 vertices.
//
// Registers kept across blocks: DI a, SI the billboards, BX the vertices,
// DX the tags, CX the count left, R8 triInts; Z31/Z30 the word weaves,
// Z29/Z28 the 16-byte weaves, Z27 g, Z26 (fx, fy), Z25 3, Z24..Z22 the
// texture corners, Z21 tagBase, Z20 its kind half.

// SPLIT(f, dst) gathers pair f of the eight billboards (Z0..Z4) into dst.
#define SPLIT(f, dst) \
	VMOVDQU64 ((const_triKiSplit+8*f)*8)(R8), Z16 \
	VMOVDQA64 Z0, dst \
	VPERMT2Q  Z1, Z16, dst \
	VMOVDQA64 Z2, Z17 \
	VPERMT2Q  Z3, Z16, Z17 \
	KMOVW     ((const_triKiMasks+2*f)*8)(R8), K1 \
	VMOVDQA64 Z17, K1, dst \
	KMOVW     ((const_triKiMasks+2*f+1)*8)(R8), K1 \
	VPERMQ    Z4, Z16, K1, dst

// HEADS(v, src, k) writes vertex k's heads: corner pairs v, texture
// corner src, and the τ|age and hash pairs woven in Z18 (billboards 0-3)
// and Z19 (4-7).
#define HEADS(v, src, k) \
	VMOVDQA64     v, Z0 \
	VPERMT2Q      src, Z31, Z0 \
	VMOVDQA64     v, Z1 \
	VPERMT2Q      src, Z30, Z1 \
	VMOVDQA64     Z0, Z2 \
	VPERMT2Q      Z18, Z29, Z2 \
	VMOVDQA64     Z0, Z3 \
	VPERMT2Q      Z18, Z28, Z3 \
	VMOVDQA64     Z1, Z4 \
	VPERMT2Q      Z19, Z29, Z4 \
	VMOVDQA64     Z1, Z5 \
	VPERMT2Q      Z19, Z28, Z5 \
	VMOVDQU64     Y2, (48*k)(BX) \
	VEXTRACTI64X4 $1, Z2, (144+48*k)(BX) \
	VMOVDQU64     Y3, (288+48*k)(BX) \
	VEXTRACTI64X4 $1, Z3, (432+48*k)(BX) \
	VMOVDQU64     Y4, (576+48*k)(BX) \
	VEXTRACTI64X4 $1, Z4, (720+48*k)(BX) \
	VMOVDQU64     Y5, (864+48*k)(BX) \
	VEXTRACTI64X4 $1, Z5, (1008+48*k)(BX)

// func triKernel(a *triArgs)
TEXT ·triKernel(SB), NOSPLIT, $0-8
	MOVQ a+0(FP), DI
	MOVQ triArgs_bs(DI), SI
	MOVQ triArgs_verts(DI), BX
	MOVQ triArgs_tags(DI), DX
	MOVQ triArgs_n(DI), CX
	MOVQ triArgs_ki(DI), R8
	MOVQ CX, R9                          // asked
	VMOVDQU64    (const_triKiWeave*8)(R8), Z31
	VMOVDQU64    ((const_triKiWeave+8)*8)(R8), Z30
	VMOVDQU64    (const_triKiBlocks*8)(R8), Z29
	VMOVDQU64    ((const_triKiBlocks+8)*8)(R8), Z28
	VBROADCASTSS triArgs_g(DI), Z27
	VPBROADCASTQ triArgs_fx(DI), Z26     // fx, fy: one word
	MOVL         $0x40400000, AX         // 3.0
	VPBROADCASTD AX, Z25
	VPBROADCASTQ triArgs_src(DI), Z24
	VPBROADCASTQ (triArgs_src+8)(DI), Z23
	VPBROADCASTQ (triArgs_src+16)(DI), Z22
	VPBROADCASTQ triArgs_tagBase(DI), Z21
	VPSRLQ       $32, Z21, Z20

block:
	CMPQ CX, $8
	JLT  done

	// A slot of another kind: the loop's (its row and factor too).
	VMOVDQU64 (DX), Z6
	VPSRLQ    $32, Z6, Z7
	VPCMPQ    $4, Z20, Z7, K2
	KORTESTW  K2, K2
	JNZ       done

	VMOVDQU64 0(SI), Z0
	VMOVDQU64 64(SI), Z1
	VMOVDQU64 128(SI), Z2
	VMOVDQU64 192(SI), Z3
	VMOVDQU64 256(SI), Z4
	SPLIT(0, Z5)                         // Key | Stream
	SPLIT(1, Z6)                         // X | Y
	SPLIT(2, Z7)                         // UX | UY
	SPLIT(3, Z8)                         // VX | VY
	SPLIT(4, Z9)                         // Tau | Age

	// triangleCorners(X+fx, Y+fy, g*U, g*V), x and y alike as pairs.
	VADDPS Z26, Z6, Z6                   // c
	VMULPS Z7, Z27, Z7                   // a
	VMULPS Z8, Z27, Z8                   // b
	VSUBPS Z7, Z6, Z10                   // c - a
	VSUBPS Z8, Z10, Z11                  // corner 0: c - a - b
	VMULPS Z25, Z7, Z12
	VADDPS Z12, Z6, Z12
	VSUBPS Z8, Z12, Z12                  // corner 1: c + 3a - b
	VMULPS Z25, Z8, Z13
	VADDPS Z13, Z10, Z13                 // corner 2: c - a + 3b

	// Tags, and the hash halves (float32(Stream>>16), float32(Stream&0xFFFF)).
	VPSRLQ       $32, Z5, Z14
	VPORQ        Z21, Z14, Z16
	VMOVDQU64    Z16, (DX)
	VPSRLQ       $16, Z14, Z16
	VPANDQ.BCST  (const_triKiHalves*8)(R8), Z14, Z17
	VPSLLQ       $32, Z17, Z17
	VPORQ        Z17, Z16, Z16
	VCVTDQ2PS    Z16, Z16

	// τ|age beside the hash halves, billboards 0-3 and 4-7.
	VMOVDQA64 Z9, Z18
	VPERMT2Q  Z16, Z31, Z18
	VMOVDQA64 Z9, Z19
	VPERMT2Q  Z16, Z30, Z19

	HEADS(Z11, Z24, 0)
	HEADS(Z12, Z23, 1)
	HEADS(Z13, Z22, 2)

	ADDQ $320, SI
	ADDQ $1152, BX
	ADDQ $64, DX
	SUBQ $8, CX
	JMP  block

done:
	SUBQ CX, R9
	MOVQ R9, triArgs_n(DI)
	VZEROUPPER
	RET
