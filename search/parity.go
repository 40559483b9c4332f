package search

import "math/bits"

// Parity: the quadrants holding an odd number of empties. In the endgame
// a move there tends to leave the opponent no reply in that region, so the
// move orderings try it first.

// quadrant returns the parity bit of the quadrant holding sq: a1-d4 = 1,
// e1-h4 = 2, a5-d8 = 4, e5-h8 = 8.
func quadrant(sq int) uint8 { return 1 << (uint(sq&7)>>2 | uint(sq>>5)<<1) }

// quadrantMask holds the squares of each quadrant, indexed like the bits of quadrant.
var quadrantMask = [4]uint64{0x000000000f0f0f0f, 0x00000000f0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}

// parityMasks[p] is the union of the quadrants whose bit is set in p.
var parityMasks = func() (m [16]uint64) {
	for p := range m {
		for q := 0; q < 4; q++ {
			if p&(1<<q) != 0 {
				m[p] |= quadrantMask[q]
			}
		}
	}
	return m
}()

// parityOf returns the quadrants that hold an odd number of empties.
func parityOf(empties uint64) uint8 {
	var p uint8
	for q := 0; q < 4; q++ {
		p |= uint8(bits.OnesCount64(empties&quadrantMask[q])&1) << q
	}
	return p
}
