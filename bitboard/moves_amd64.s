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

// func movesAVX2(p, o uint64) uint64
// The same Kogge-Stone fill as the Go code, four directions per instruction:
// each 64-bit lane holds one direction, shifted both ways.
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
	VPSLLVQ Y3, Y0, Y5
	VPAND Y1, Y5, Y5               // up = o & (p << s)
	VPSRLVQ Y3, Y0, Y6
	VPAND Y1, Y6, Y6               // down = o & (p >> s)
	VPSLLVQ Y3, Y5, Y7
	VPAND Y1, Y7, Y7
	VPOR Y7, Y5, Y5
	VPSRLVQ Y3, Y6, Y7
	VPAND Y1, Y7, Y7
	VPOR Y7, Y6, Y6
	VPSLLVQ Y3, Y1, Y8
	VPAND Y1, Y8, Y8               // preUp = o & (o << s)
	VPSRLVQ Y3, Y8, Y9             // preDown = o & (o >> s)
	VPSLLVQ Y4, Y5, Y7
	VPAND Y8, Y7, Y7
	VPOR Y7, Y5, Y5
	VPSRLVQ Y4, Y6, Y7
	VPAND Y9, Y7, Y7
	VPOR Y7, Y6, Y6
	VPSLLVQ Y4, Y5, Y7
	VPAND Y8, Y7, Y7
	VPOR Y7, Y5, Y5
	VPSRLVQ Y4, Y6, Y7
	VPAND Y9, Y7, Y7
	VPOR Y7, Y6, Y6
	VPSLLVQ Y3, Y5, Y5
	VPSRLVQ Y3, Y6, Y6
	VPOR Y6, Y5, Y5
	VEXTRACTI128 $1, Y5, X6
	VPOR X6, X5, X5
	VPUNPCKHQDQ X5, X5, X6
	VPOR X6, X5, X5
	VMOVQ X5, CX
	VZEROUPPER
	ORQ BX, AX
	ANDNQ CX, AX, CX               // moves &^ (p | o)
	MOVQ CX, ret+16(FP)
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

// func flips(sq int, p, o uint64) uint64
// Hands over to flipsAVX2 or flipsGo, with the same arguments.
TEXT ·flips(SB), NOSPLIT, $0-32
	CMPB ·useAVX2(SB), $0
	JEQ portable
	JMP ·flipsAVX2(SB)
portable:
	JMP ·flipsGo(SB)
