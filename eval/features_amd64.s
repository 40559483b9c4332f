#include "textflag.h"

// func playAVX2(dst, src *Features, sq int, flips uint64, black bool)
// The features are 64 16-bit indices, four 256-bit vectors: the move adds
// the placed square's delta vector once for black, twice for white, then
// each flipped square's delta is subtracted (black) or added (white).
TEXT ·playAVX2(SB), NOSPLIT, $0-33
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ sq+16(FP), AX
	MOVQ flips+24(FP), BX
	MOVBLZX black+32(FP), CX
	LEAQ ·squareDeltas(SB), R8
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	SHLQ $7, AX                    // 128 bytes per square
	VMOVDQU 0(R8)(AX*1), Y4
	VMOVDQU 32(R8)(AX*1), Y5
	VMOVDQU 64(R8)(AX*1), Y6
	VMOVDQU 96(R8)(AX*1), Y7
	VPADDW Y4, Y0, Y0
	VPADDW Y5, Y1, Y1
	VPADDW Y6, Y2, Y2
	VPADDW Y7, Y3, Y3
	TESTQ CX, CX
	JZ white

black:
	TESTQ BX, BX
	JZ done
	BSFQ BX, AX
	LEAQ -1(BX), DX
	ANDQ DX, BX
	SHLQ $7, AX
	VPSUBW 0(R8)(AX*1), Y0, Y0
	VPSUBW 32(R8)(AX*1), Y1, Y1
	VPSUBW 64(R8)(AX*1), Y2, Y2
	VPSUBW 96(R8)(AX*1), Y3, Y3
	JMP black

white:
	VPADDW Y4, Y0, Y0
	VPADDW Y5, Y1, Y1
	VPADDW Y6, Y2, Y2
	VPADDW Y7, Y3, Y3

whiteflips:
	TESTQ BX, BX
	JZ done
	BSFQ BX, AX
	LEAQ -1(BX), DX
	ANDQ DX, BX
	SHLQ $7, AX
	VPADDW 0(R8)(AX*1), Y0, Y0
	VPADDW 32(R8)(AX*1), Y1, Y1
	VPADDW 64(R8)(AX*1), Y2, Y2
	VPADDW 96(R8)(AX*1), Y3, Y3
	JMP whiteflips

done:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET
