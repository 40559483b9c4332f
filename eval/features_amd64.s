#include "textflag.h"

// PLAY sets Y0-Y3 to the features at SI after the move on square AX
// flipping BX, by black when CX is not zero. The features are 64 16-bit
// indices, four 256-bit vectors: the move adds the placed square's delta
// vector once for black, twice for white, then each flipped square's delta
// is subtracted (black) or added (white). It uses R8, DX and Y4-Y7.
#define PLAY \
	LEAQ ·squareDeltas(SB), R8; \
	VMOVDQU 0(SI), Y0; \
	VMOVDQU 32(SI), Y1; \
	VMOVDQU 64(SI), Y2; \
	VMOVDQU 96(SI), Y3; \
	SHLQ $7, AX; \
	VMOVDQU 0(R8)(AX*1), Y4; \
	VMOVDQU 32(R8)(AX*1), Y5; \
	VMOVDQU 64(R8)(AX*1), Y6; \
	VMOVDQU 96(R8)(AX*1), Y7; \
	VPADDW Y4, Y0, Y0; \
	VPADDW Y5, Y1, Y1; \
	VPADDW Y6, Y2, Y2; \
	VPADDW Y7, Y3, Y3; \
	TESTQ CX, CX; \
	JZ white; \
black: \
	TESTQ BX, BX; \
	JZ played; \
	BSFQ BX, AX; \
	LEAQ -1(BX), DX; \
	ANDQ DX, BX; \
	SHLQ $7, AX; \
	VPSUBW 0(R8)(AX*1), Y0, Y0; \
	VPSUBW 32(R8)(AX*1), Y1, Y1; \
	VPSUBW 64(R8)(AX*1), Y2, Y2; \
	VPSUBW 96(R8)(AX*1), Y3, Y3; \
	JMP black; \
white: \
	VPADDW Y4, Y0, Y0; \
	VPADDW Y5, Y1, Y1; \
	VPADDW Y6, Y2, Y2; \
	VPADDW Y7, Y3, Y3; \
whiteflips: \
	TESTQ BX, BX; \
	JZ played; \
	BSFQ BX, AX; \
	LEAQ -1(BX), DX; \
	ANDQ DX, BX; \
	SHLQ $7, AX; \
	VPADDW 0(R8)(AX*1), Y0, Y0; \
	VPADDW 32(R8)(AX*1), Y1, Y1; \
	VPADDW 64(R8)(AX*1), Y2, Y2; \
	VPADDW 96(R8)(AX*1), Y3, Y3; \
	JMP whiteflips; \
played:

// PLAYSUMARGS loads the arguments of playSumAVX2 and playSum16AVX2: the
// features into SI, the move into AX, BX and CX (as PLAY wants them), the
// weights into R9 and the offsets into DI (as GATHER8 wants them).
#define PLAYSUMARGS \
	MOVQ src+0(FP), SI; \
	MOVQ sq+8(FP), AX; \
	MOVQ flips+16(FP), BX; \
	MOVBLZX black+24(FP), CX; \
	MOVQ w+32(FP), R9; \
	MOVQ off+40(FP), DI

// SUM16 sets Y15 to the weights of the first 16 slots, Y0 after PLAY.
#define SUM16 \
	VPXOR Y15, Y15, Y15; \
	VPMOVZXWD X0, Y4; \
	GATHER8(0, Y4, Y5, Y6, Y15); \
	VEXTRACTI128 $1, Y0, X7; \
	VPMOVZXWD X7, Y7; \
	GATHER8(1, Y7, Y8, Y9, Y15)

// func playInto(dst, src *Features, sq int, flips uint64, black bool)
// Without AVX2 it hands over to playGo, with the same arguments.
TEXT ·playInto(SB), NOSPLIT, $0-33
	CMPB ·useAVX2(SB), $0
	JEQ portable
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ sq+16(FP), AX
	MOVQ flips+24(FP), BX
	MOVBLZX black+32(FP), CX
	PLAY
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VZEROUPPER
	RET

portable:
	JMP ·playGo(SB)

// GATHER8 adds to acc the weights at R9 of the eight 32-bit indices in idx
// plus their offsets from k*8 in DI: gathered as 32 bits at twice the index
// (a weight and the next) and sign-extended from the low half. Each block
// has its own mask and result registers, so the gathers overlap.
#define GATHER8(k, idx, mask, res, acc) \
	VPADDD (k*32)(DI), idx, idx; \
	VPCMPEQD mask, mask, mask; \
	VPXOR res, res, res; \
	VPGATHERDD mask, (R9)(idx*2), res; \
	VPSLLD $16, res, res; \
	VPSRAD $16, res, res; \
	VPADDD res, acc, acc

// HSUM sets AX to the sum of the eight 32-bit lanes of accY (accX is its
// low half). It uses X0 and X1.
#define HSUM(accY, accX) \
	VEXTRACTI128 $1, accY, X1; \
	VPADDD X1, accX, X0; \
	VPSHUFD $0x4e, X0, X1; \
	VPADDD X1, X0, X0; \
	VPSHUFD $0xb1, X0, X1; \
	VPADDD X1, X0, X0; \
	MOVL X0, AX

// func playSumAVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[64]int32) int32
TEXT ·playSumAVX2(SB), NOSPLIT, $0-52
	PLAYSUMARGS
	PLAY
	SUM16
	VPMOVZXWD X1, Y10
	GATHER8(2, Y10, Y11, Y12, Y15)
	VEXTRACTI128 $1, Y1, X13
	VPMOVZXWD X13, Y13
	GATHER8(3, Y13, Y14, Y0, Y15)
	VPMOVZXWD X2, Y4
	GATHER8(4, Y4, Y5, Y6, Y15)
	VEXTRACTI128 $1, Y2, X7
	VPMOVZXWD X7, Y7
	GATHER8(5, Y7, Y8, Y9, Y15)
	VPMOVZXWD X3, Y10
	GATHER8(6, Y10, Y11, Y12, Y15)
	VEXTRACTI128 $1, Y3, X13
	VPMOVZXWD X13, Y13
	GATHER8(7, Y13, Y14, Y0, Y15)
	HSUM(Y15, X15)
	MOVL AX, ret+48(FP)
	VZEROUPPER
	RET

// SUM8 adds to Y0 the weights of the eight slots from k of the features at
// SI: their 16-bit indices widened to 32 bits, then GATHER8.
#define SUM8(k, mask, res) \
	VPMOVZXWD (k*16)(SI), Y1; \
	GATHER8(k, Y1, mask, res, Y0)

// func sumAVX2(w *int16, f *Features, off *[64]int32) int32
TEXT ·sumAVX2(SB), NOSPLIT, $0-28
	MOVQ w+0(FP), R9
	MOVQ f+8(FP), SI
	MOVQ off+16(FP), DI
	VPXOR Y0, Y0, Y0
	SUM8(0, Y2, Y3)
	SUM8(1, Y4, Y5)
	SUM8(2, Y6, Y7)
	SUM8(3, Y8, Y9)
	SUM8(4, Y10, Y11)
	SUM8(5, Y12, Y13)
	SUM8(6, Y14, Y15)
	SUM8(7, Y2, Y3)
	HSUM(Y0, X0)
	MOVL AX, ret+24(FP)
	VZEROUPPER
	RET

// func playSum16AVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[64]int32) int32
TEXT ·playSum16AVX2(SB), NOSPLIT, $0-52
	PLAYSUMARGS
	PLAY
	SUM16
	HSUM(Y15, X15)
	MOVL AX, ret+48(FP)
	VZEROUPPER
	RET
