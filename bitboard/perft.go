package bitboard

import "math/bits"

// Perft counts the leaves of the game tree from pos to the given depth in the
// standard convention (OEIS A124004): a pass is a ply, and a game that ends
// before the depth is one leaf. Depth 0 is the position itself.
func Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := pos.Moves()
	if moves == 0 {
		q := pos.Pass()
		if depth == 1 || q.Moves() == 0 {
			return 1 // the pass is the last ply, or the game is over
		}
		return Perft(q, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves)) // bulk count: each move is a leaf
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		n += Perft(pos.Play(bits.TrailingZeros64(moves)), depth-1)
	}
	return n
}

// DivideEntry is one first move and the leaves below it.
type DivideEntry struct {
	Move   int // a square, or PassMove
	Leaves uint64
}

// Divide returns the perft count below each first move, in square order. A
// forced pass is one entry with Move PassMove; a finished game gives none.
func Divide(pos Position, depth int) []DivideEntry {
	if depth <= 0 || pos.GameOver() {
		return nil
	}
	moves := pos.Moves()
	if moves == 0 {
		return []DivideEntry{{Move: PassMove, Leaves: Perft(pos.Pass(), depth-1)}}
	}
	var out []DivideEntry
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		out = append(out, DivideEntry{Move: sq, Leaves: Perft(pos.Play(sq), depth-1)})
	}
	return out
}
