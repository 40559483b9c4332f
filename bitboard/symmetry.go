package bitboard

import "math/bits"

// NumSymmetries is the number of symmetries of the square board.
const NumSymmetries = 8

// FlipVertical mirrors rows: a1 <-> a8.
func FlipVertical(x uint64) uint64 { return bits.ReverseBytes64(x) }

// FlipHorizontal mirrors columns: a1 <-> h1.
func FlipHorizontal(x uint64) uint64 {
	// Swap neighbouring bits, then pairs, then nibbles, inside every byte.
	x = (x>>1)&0x5555555555555555 | (x&0x5555555555555555)<<1
	x = (x>>2)&0x3333333333333333 | (x&0x3333333333333333)<<2
	x = (x>>4)&0x0f0f0f0f0f0f0f0f | (x&0x0f0f0f0f0f0f0f0f)<<4
	return x
}

// Transpose mirrors along the a1-h8 diagonal: b1 <-> a2.
func Transpose(x uint64) uint64 {
	// Three delta swaps exchange ever larger blocks across the diagonal.
	t := (x ^ (x >> 7)) & 0x00aa00aa00aa00aa
	x ^= t ^ (t << 7)
	t = (x ^ (x >> 14)) & 0x0000cccc0000cccc
	x ^= t ^ (t << 14)
	t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0
	x ^= t ^ (t << 28)
	return x
}

// Symmetry applies symmetry s (0..7) to a mask: bit 0 of s mirrors columns,
// bit 1 mirrors rows and bit 2 then transposes. 0 is the identity.
func Symmetry(x uint64, s int) uint64 {
	if s&1 != 0 {
		x = FlipHorizontal(x)
	}
	if s&2 != 0 {
		x = FlipVertical(x)
	}
	if s&4 != 0 {
		x = Transpose(x)
	}
	return x
}

// SymmetrySquare returns where square sq goes under symmetry s.
func SymmetrySquare(sq, s int) int { return bits.TrailingZeros64(Symmetry(Bit(sq), s)) }

// InverseSymmetry returns the symmetry that undoes s.
func InverseSymmetry(s int) int {
	// Transposing swaps the roles of the row and column mirrors.
	if s&4 != 0 && (s&3 == 1 || s&3 == 2) {
		return s ^ 3
	}
	return s
}

// Symmetric returns the board under symmetry s.
func (b Board) Symmetric(s int) Board {
	return Board{P: Symmetry(b.P, s), O: Symmetry(b.O, s)}
}

// Canonical returns the least of the board's eight images (ordered by P,
// then O) and the symmetry that maps b onto it. Symmetric positions share
// one canonical form.
func (b Board) Canonical() (Board, int) {
	best, bs := b, 0
	for s := 1; s < NumSymmetries; s++ {
		c := b.Symmetric(s)
		if c.P < best.P || (c.P == best.P && c.O < best.O) {
			best, bs = c, s
		}
	}
	return best, bs
}
