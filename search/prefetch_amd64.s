#include "textflag.h"

// func prefetch(b *ttBucket)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ b+0(FP), AX
	PREFETCHT0 (AX)
	RET
