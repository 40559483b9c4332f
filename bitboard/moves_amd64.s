#include "textflag.h"

// Shift counts per lane: rows (1), one diagonal (7), the other (9), columns (8).
DATA shifts<>+0(SB)/8, $1
DATA shifts<>+8(SB)/8, $7
DATA shifts<>+16(SB)/8, $9
DATA shifts<>+24(SB)/8, $8
GLOBL shifts<>(SB), RODATA|NOPTR, $32

// Opponent masks per lane: columns b..g where a run would wrap an edge.
DATA edges<>+0(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA edges<>+8(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA edges<>+16(SB)/8, $0x7e7e7e7e7e7e7e7e
DATA edges<>+24(SB)/8, $0xffffffffffffffff
GLOBL edges<>(SB), RODATA|NOPTR, $32

// FILL sets up to the squares one step past each run of the masked
// opponent discs in oY that starts next to a disc of pY (the moves before
// the empty-square mask), four directions per instruction: each 64-bit lane
// holds one direction, shifted both ways, as in the Go code. The shifts are
// in Y3, their doubles in Y4; it uses up, down, t, pre and pre2.
#define FILL(pY, oY, up, down, t, pre, pre2) \
	VPSLLVQ Y3, pY, up; \
	VPAND oY, up, up; \
	VPSRLVQ Y3, pY, down; \
	VPAND oY, down, down; \
	VPSLLVQ Y3, up, t; \
	VPAND oY, t, t; \
	VPOR t, up, up; \
	VPSRLVQ Y3, down, t; \
	VPAND oY, t, t; \
	VPOR t, down, down; \
	VPSLLVQ Y3, oY, pre; \
	VPAND oY, pre, pre; \
	VPSRLVQ Y3, pre, pre2; \
	VPSLLVQ Y4, up, t; \
	VPAND pre, t, t; \
	VPOR t, up, up; \
	VPSRLVQ Y4, down, t; \
	VPAND pre2, t, t; \
	VPOR t, down, down; \
	VPSLLVQ Y4, up, t; \
	VPAND pre, t, t; \
	VPOR t, up, up; \
	VPSRLVQ Y4, down, t; \
	VPAND pre2, t, t; \
	VPOR t, down, down; \
	VPSLLVQ Y3, up, up; \
	VPSRLVQ Y3, down, down; \
	VPOR down, up, up

// FOLD sets reg to the OR of the four 64-bit lanes of yA (xA is its low
// half), using xB.
#define FOLD(yA, xA, xB, reg) \
	VEXTRACTI128 $1, yA, xB; \
	VPOR xB, xA, xA; \
	VPUNPCKHQDQ xA, xA, xB; \
	VPOR xB, xA, xA; \
	VMOVQ xA, reg

// func movesAVX2(p, o uint64) uint64
// The same Kogge-Stone fill as the Go code, four directions per instruction
// (FILL).
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0            // P in every lane
	VMOVQ BX, X1
	VPBROADCASTQ X1, Y1
	VPAND edges<>(SB), Y1, Y1      // masked opponent per lane
	VMOVDQU shifts<>(SB), Y3
	VPADDQ Y3, Y3, Y4              // doubled shifts
	FILL(Y0, Y1, Y5, Y6, Y7, Y8, Y9)
	FOLD(Y5, X5, X6, CX)
	VZEROUPPER
	ORQ BX, AX
	ANDNQ CX, AX, CX               // moves &^ (p | o)
	MOVQ CX, ret+16(FP)
	RET

// func mobilityAVX2(p, o uint64) (pm, om uint64)
// Both sides' moves at once: two independent fills (movesAVX2's) whose
// instructions interleave, so the pair costs about one fill's latency.
TEXT ·mobilityAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), AX
	MOVQ o+8(FP), BX
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0            // P in every lane
	VMOVQ BX, X10
	VPBROADCASTQ X10, Y10          // O in every lane
	VMOVDQU edges<>(SB), Y2
	VPAND Y2, Y10, Y1              // O masked: P's runs
	VPAND Y2, Y0, Y11              // P masked: O's runs
	VMOVDQU shifts<>(SB), Y3
	VPADDQ Y3, Y3, Y4
	FILL(Y0, Y1, Y5, Y6, Y7, Y8, Y9)
	FILL(Y10, Y11, Y12, Y13, Y14, Y15, Y2)
	FOLD(Y5, X5, X6, CX)
	FOLD(Y12, X12, X13, DX)
	VZEROUPPER
	ORQ BX, AX
	ANDNQ CX, AX, CX               // moves &^ (p | o)
	ANDNQ DX, AX, DX
	MOVQ CX, pm+16(FP)
	MOVQ DX, om+24(FP)
	RET

// Shift counts of the rays towards lower squares: west, north-east, north, north-west.
DATA downShifts<>+0(SB)/8, $1
DATA downShifts<>+8(SB)/8, $7
DATA downShifts<>+16(SB)/8, $8
DATA downShifts<>+24(SB)/8, $9
GLOBL downShifts<>(SB), RODATA|NOPTR, $32

// func flipsAVX2(sq int, p, o uint64) uint64
// Flips on four rays per instruction. Rays towards higher squares (lanes of
// rays[sq][0:4]) end their run at the lowest non-opponent square, isolated
// with x & -x; rays towards lower squares (rays[sq][4:8]) at the highest,
// found by smearing the non-opponent squares down the ray.
TEXT ·flipsAVX2(SB), NOSPLIT, $0-32
	MOVQ sq+0(FP), CX
	MOVQ p+8(FP), AX
	MOVQ o+16(FP), BX
	SHLQ $6, CX
	LEAQ ·rays(SB), DX
	VMOVDQU (DX)(CX*1), Y2         // rays up
	VMOVDQU 32(DX)(CX*1), Y3       // rays down
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0            // P
	VMOVQ BX, X1
	VPBROADCASTQ X1, Y1            // O
	VPXOR Y15, Y15, Y15            // zero
	VPCMPEQQ Y14, Y14, Y14         // all ones

	// Up: first = stop & -stop, with stop = ray &^ O.
	VPANDN Y2, Y1, Y4              // stop = ^O & ray
	VPSUBQ Y4, Y15, Y5
	VPAND Y5, Y4, Y4               // first
	VPAND Y0, Y4, Y5               // outflank = first & P
	VPADDQ Y14, Y4, Y4             // first - 1
	VPAND Y2, Y4, Y4               // run = ray & (first - 1)
	VPCMPEQQ Y15, Y5, Y5           // lanes with no outflank
	VPANDN Y4, Y5, Y6              // up flips

	// Down: the run ends at the highest non-opponent square h of the ray.
	// Smearing stop = ray &^ O down the ray (shifts by s, 2s, 4s cover its
	// at most 7 squares) and keeping the ray gives A, the ray's squares at or
	// below h; h is the one square of A not in A >> s, and the run is
	// ray &^ A. Shorter than filling from the move square along O (the
	// Kogge-Stone steps of Moves): BenchmarkFlipsEndgame 12.1 -> 10.9 ns,
	// FFO #20-#39 CPU 2.93 -> 2.85 s, #40-#44 2.34 -> 2.26 s (6 runs
	// alternated, medians), same nodes.
	VMOVDQU downShifts<>(SB), Y8
	VPADDQ Y8, Y8, Y9              // 2s
	VPADDQ Y9, Y9, Y13             // 4s
	VPANDN Y3, Y1, Y10             // stop = ^O & ray
	VPSRLVQ Y8, Y10, Y11
	VPOR Y11, Y10, Y10
	VPSRLVQ Y9, Y10, Y11
	VPOR Y11, Y10, Y10
	VPSRLVQ Y13, Y10, Y11
	VPOR Y11, Y10, Y10
	VPAND Y3, Y10, Y10             // A
	VPSRLVQ Y8, Y10, Y11
	VPANDN Y10, Y11, Y11           // h = A &^ (A >> s)
	VPAND Y0, Y11, Y11             // outflank = h & P
	VPANDN Y3, Y10, Y12            // run = ray &^ A
	VPCMPEQQ Y15, Y11, Y11         // lanes with no outflank
	VPANDN Y12, Y11, Y11           // down flips

	VPOR Y11, Y6, Y6
	VEXTRACTI128 $1, Y6, X7
	VPOR X7, X6, X6
	VPUNPCKHQDQ X6, X6, X7
	VPOR X7, X6, X6
	VMOVQ X6, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func moves(p, o uint64) uint64
// Hands over to movesAVX2 or movesGo, with the same arguments.
TEXT ·moves(SB), NOSPLIT, $0-24
	CMPB ·useAVX2(SB), $0
	JEQ portable
	JMP ·movesAVX2(SB)
portable:
	JMP ·movesGo(SB)

// func mobility(p, o uint64) (pm, om uint64)
// Hands over to mobilityAVX2 or mobilityGo, with the same arguments.
TEXT ·mobility(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ portable
	JMP ·mobilityAVX2(SB)
portable:
	JMP ·mobilityGo(SB)

// func flips(sq int, p, o uint64) uint64
// Hands over to flipsAVX2 or flipsGo, with the same arguments.
TEXT ·flips(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ portable
	JMP ·flipsAVX2(SB)
portable:
	JMP ·flipsGo(SB)
