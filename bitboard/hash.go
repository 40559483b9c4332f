package bitboard

import "math/bits"

// Hash returns a well-mixed 64-bit hash of the board for transposition
// tables. It is computed from the two masks directly (no Zobrist tables, no
// incremental update), which costs a few multiplications per node and keeps
// Play free of hashing work.
func (b Board) Hash() uint64 {
	h := b.P*0x9e3779b97f4a7c15 ^ bits.RotateLeft64(b.O*0xc2b2ae3d27d4eb4f, 31)
	// Final avalanche of MurmurHash3's fmix64.
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
