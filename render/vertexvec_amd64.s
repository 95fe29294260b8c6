//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// triKernel and quadKernel: see vertexvec.go. A block is eight billboards
// (320 bytes, five vectors of eight words), split into their five pairs
// (one vector each, lane r for billboard r), turned into corners and hash
// halves as float32 pairs, and woven into the 32-byte heads of the 24 or
// 32 vertices.
//
// triColumns and quadColumns read the billboards by column instead
// (emitter.Columns): each pair is one load, with no split.
//
// Registers kept across blocks: DI a, SI the billboards, BX the vertices,
// DX the tags, CX the count left, R8 vertexInts; Z31/Z30 the word weaves,
// Z29/Z28 the 16-byte weaves, Z27 g, Z26 (fx, fy), Z25 3, Z24, Z23, Z22
// and Z20 the texture corners, Z21 tagBase.

// SPLIT(f, dst) gathers pair f of the eight billboards (Z0..Z4) into dst.
#define SPLIT(f, dst) \
	VMOVDQU64 ((const_vxKiSplit+8*f)*8)(R8), Z16 \
	VMOVDQA64 Z0, dst \
	VPERMT2Q  Z1, Z16, dst \
	VMOVDQA64 Z2, Z17 \
	VPERMT2Q  Z3, Z16, Z17 \
	KMOVW     ((const_vxKiMasks+2*f)*8)(R8), K1 \
	VMOVDQA64 Z17, K1, dst \
	KMOVW     ((const_vxKiMasks+2*f+1)*8)(R8), K1 \
	VPERMQ    Z4, Z16, K1, dst

// HEADS(v, src, k, per) writes vertex k's heads, per vertices of 48 bytes
// a billboard: corner pairs v, texture corner src, and the τ|age and hash
// pairs woven in Z18 (billboards 0-3) and Z19 (4-7).
#define HEADS(v, src, k, per) \
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
	VEXTRACTI64X4 $1, Z2, (48*per+48*k)(BX) \
	VMOVDQU64     Y3, (96*per+48*k)(BX) \
	VEXTRACTI64X4 $1, Z3, (144*per+48*k)(BX) \
	VMOVDQU64     Y4, (192*per+48*k)(BX) \
	VEXTRACTI64X4 $1, Z4, (240*per+48*k)(BX) \
	VMOVDQU64     Y5, (288*per+48*k)(BX) \
	VEXTRACTI64X4 $1, Z5, (336*per+48*k)(BX)

// PROLOGUE loads the arguments and the registers kept across blocks.
#define PROLOGUE \
	MOVQ         a+0(FP), DI \
	MOVQ         vertexArgs_bs(DI), SI \
	MOVQ         vertexArgs_verts(DI), BX \
	MOVQ         vertexArgs_tags(DI), DX \
	MOVQ         vertexArgs_n(DI), CX \
	MOVQ         vertexArgs_ki(DI), R8 \
	MOVQ         CX, R9 \
	VMOVDQU64    (const_vxKiWeave*8)(R8), Z31 \
	VMOVDQU64    ((const_vxKiWeave+8)*8)(R8), Z30 \
	VMOVDQU64    (const_vxKiBlocks*8)(R8), Z29 \
	VMOVDQU64    ((const_vxKiBlocks+8)*8)(R8), Z28 \
	VBROADCASTSS vertexArgs_g(DI), Z27 \
	VPBROADCASTQ vertexArgs_fx(DI), Z26 \
	MOVL         $0x40400000, AX \
	VPBROADCASTD AX, Z25 \
	VPBROADCASTQ vertexArgs_src(DI), Z24 \
	VPBROADCASTQ (vertexArgs_src+8)(DI), Z23 \
	VPBROADCASTQ (vertexArgs_src+16)(DI), Z22 \
	VPBROADCASTQ (vertexArgs_src+24)(DI), Z20 \
	VPBROADCASTQ vertexArgs_tagBase(DI), Z21

// BLOCK starts a block, or jumps to done when fewer than eight
// billboards are left. It leaves the pairs X|Y + (fx, fy) in Z6,
// g·(UX|UY) in Z7 and g·(VX|VY) in Z8, c - a in Z10, and the τ|age and
// hash pairs woven in Z18 and Z19, and stores the block's tags.
#define BLOCK \
	BLOCKSTART \
	VMOVDQU64   0(SI), Z0 \
	VMOVDQU64   64(SI), Z1 \
	VMOVDQU64   128(SI), Z2 \
	VMOVDQU64   192(SI), Z3 \
	VMOVDQU64   256(SI), Z4 \
	SPLIT(0, Z5) \
	SPLIT(1, Z6) \
	SPLIT(2, Z7) \
	SPLIT(3, Z8) \
	SPLIT(4, Z9) \
	BLOCKPAIRS

// BLOCKC is BLOCK reading the billboards by column (emitter.Columns): the
// pairs are the columns' next eight entries, at SI (Key|Stream), R10
// (X|Y), R11 (UX|UY), R12 (VX|VY) and R13 (τ|age).
#define BLOCKC \
	BLOCKSTART \
	VMOVDQU64   (SI), Z5 \
	VMOVDQU64   (R10), Z6 \
	VMOVDQU64   (R11), Z7 \
	VMOVDQU64   (R12), Z8 \
	VMOVDQU64   (R13), Z9 \
	BLOCKPAIRS

// BLOCKSTART jumps to done when fewer than eight billboards are left,
// and to retag when a slot of the block holds another kind, which writes
// the block's row and factor (TRITAILS, QUADTAILS) and comes back to tagged.
#define BLOCKSTART \
	CMPQ        CX, $8 \
	JLT         done \
	VMOVDQU64   (DX), Z6 \
	VPSRLQ      $32, Z6, Z7 \
	VPSRLQ      $32, Z21, Z8 \
	VPCMPQ      $4, Z8, Z7, K2 \
	KORTESTW    K2, K2 \
	JNZ         retag \
tagged:

// TRITAILS and QUADTAILS write Custom0 and Custom1 (the data row and the
// layer factor, the pair vertexArgs.tail) of the block's 24 or 32
// vertices, and a triangle's Custom2 = 1: what the loops write into a slot
// of another kind besides the heads, which every block writes whole.
#define TRITAILS \
	VMOVQ vertexArgs_tail(DI), X11 \
	XORL  AX, AX \
tails: \
	VMOVQ X11, 32(BX)(AX*1) \
	MOVL  $0x3f800000, 40(BX)(AX*1) \
	ADDQ  $48, AX \
	CMPQ  AX, $(384*3) \
	JLT   tails

#define QUADTAILS \
	VMOVQ vertexArgs_tail(DI), X11 \
	XORL  AX, AX \
tails: \
	VMOVQ X11, 32(BX)(AX*1) \
	ADDQ  $48, AX \
	CMPQ  AX, $(384*4) \
	JLT   tails

// BLOCKPAIRS is the rest of a block, from the pairs in Z5..Z9.
#define BLOCKPAIRS \
	VADDPS      Z26, Z6, Z6 \
	VMULPS      Z7, Z27, Z7 \
	VMULPS      Z8, Z27, Z8 \
	VSUBPS      Z7, Z6, Z10 \
	VPSRLQ      $32, Z5, Z14 \
	VPORQ       Z21, Z14, Z16 \
	VMOVDQU64   Z16, (DX) \
	VPSRLQ      $16, Z14, Z16 \
	VPANDQ.BCST (const_vxKiHalves*8)(R8), Z14, Z17 \
	VPSLLQ      $32, Z17, Z17 \
	VPORQ       Z17, Z16, Z16 \
	VCVTDQ2PS   Z16, Z16 \
	VMOVDQA64   Z9, Z18 \
	VPERMT2Q    Z16, Z31, Z18 \
	VMOVDQA64   Z9, Z19 \
	VPERMT2Q    Z16, Z30, Z19

// NEXT moves to the next block of per-vertex billboards.
#define NEXT(per) \
	ADDQ $320, SI \
	ADDQ $(384*per), BX \
	ADDQ $64, DX \
	SUBQ $8, CX

// NEXTC is NEXT by column.
#define NEXTC(per) \
	ADDQ $64, SI \
	ADDQ $64, R10 \
	ADDQ $64, R11 \
	ADDQ $64, R12 \
	ADDQ $64, R13 \
	ADDQ $(384*per), BX \
	ADDQ $64, DX \
	SUBQ $8, CX

// COLUMNS loads the column pointers in place of the billboards'.
#define COLUMNS \
	MOVQ vertexArgs_ks(DI), SI \
	MOVQ vertexArgs_xy(DI), R10 \
	MOVQ vertexArgs_u(DI), R11 \
	MOVQ vertexArgs_v(DI), R12 \
	MOVQ vertexArgs_ta(DI), R13

// TRICORNERS: triangleCorners(c, a, b): c - a - b, c + 3a - b, c - a + 3b.
#define TRICORNERS \
	VSUBPS Z8, Z10, Z11 \
	VMULPS Z25, Z7, Z12 \
	VADDPS Z12, Z6, Z12 \
	VSUBPS Z8, Z12, Z12 \
	VMULPS Z25, Z8, Z13 \
	VADDPS Z13, Z10, Z13 \
	HEADS(Z11, Z24, 0, 3) \
	HEADS(Z12, Z23, 1, 3) \
	HEADS(Z13, Z22, 2, 3)

// QUADCORNERS: quadCorners(c, a, b): c - a - b, c + a - b, c - a + b, c + a + b.
#define QUADCORNERS \
	VSUBPS Z8, Z10, Z11 \
	VADDPS Z7, Z6, Z12 \
	VSUBPS Z8, Z12, Z13 \
	VADDPS Z8, Z10, Z14 \
	VADDPS Z8, Z12, Z12 \
	HEADS(Z11, Z24, 0, 4) \
	HEADS(Z13, Z23, 1, 4) \
	HEADS(Z14, Z22, 2, 4) \
	HEADS(Z12, Z20, 3, 4)

// EPILOGUE returns how many billboards the blocks wrote.
#define EPILOGUE \
	SUBQ       CX, R9 \
	MOVQ       R9, vertexArgs_n(DI) \
	VZEROUPPER \
	RET

// func triKernel(a *vertexArgs)
TEXT ·triKernel(SB), NOSPLIT, $0-8
	PROLOGUE

triblock:
	BLOCK
	TRICORNERS
	NEXT(3)
	JMP triblock

retag:
	TRITAILS
	JMP tagged

done:
	EPILOGUE

// func quadKernel(a *vertexArgs)
TEXT ·quadKernel(SB), NOSPLIT, $0-8
	PROLOGUE

quadblock:
	BLOCK
	QUADCORNERS
	NEXT(4)
	JMP quadblock

retag:
	QUADTAILS
	JMP tagged

done:
	EPILOGUE

// func triColumns(a *vertexArgs)
TEXT ·triColumns(SB), NOSPLIT, $0-8
	PROLOGUE
	COLUMNS

triblock:
	BLOCKC
	TRICORNERS
	NEXTC(3)
	JMP triblock

retag:
	TRITAILS
	JMP tagged

done:
	EPILOGUE

// func quadColumns(a *vertexArgs)
TEXT ·quadColumns(SB), NOSPLIT, $0-8
	PROLOGUE
	COLUMNS

quadblock:
	BLOCKC
	QUADCORNERS
	NEXTC(4)
	JMP quadblock

retag:
	QUADTAILS
	JMP tagged

done:
	EPILOGUE
