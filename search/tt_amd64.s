#include "textflag.h"

// func prefetch(b *ttBucket)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ b+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func storeEntry(e *ttEntry, check, data uint64)
// Two plain stores: each is atomic on amd64 (aligned), and x86 keeps
// stores in order, so a reader sees data no later than its check.
TEXT ·storeEntry(SB), NOSPLIT, $0-24
	MOVQ e+0(FP), AX
	MOVQ check+8(FP), BX
	MOVQ data+16(FP), CX
	MOVQ CX, 8(AX)
	MOVQ BX, 0(AX)
	RET
