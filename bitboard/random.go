package bitboard

import (
	"math/bits"
	"math/rand/v2"
)

// NthSquare returns the square of the k-th lowest set bit of mask, from 0;
// k must be below the number of squares in mask.
func NthSquare(mask uint64, k int) int {
	for ; k > 0; k-- {
		mask &= mask - 1
	}
	return bits.TrailingZeros64(mask)
}

// RandomMove returns one of the squares of moves (not empty), each as likely,
// drawn with one call of rng.IntN: random openings, self-play and the tests'
// random games all pick their moves with it, so that a seed gives the same
// games everywhere.
func RandomMove(rng *rand.Rand, moves uint64) int {
	return NthSquare(moves, rng.IntN(bits.OnesCount64(moves)))
}
