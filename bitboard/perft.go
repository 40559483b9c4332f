package bitboard

import "math/bits"

// Perft counts the leaves of the game tree from pos to the given depth in the
// standard convention (OEIS A124004): a pass is a ply, and a game that ends
// before the depth is one leaf. Depth 0 is the position itself.
//
// The rules are looked at once, here: Othello positions are counted on the
// bare board with no variant checks below the root.
func Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if pos.Rules.Variant == Othello {
		return perftBoard(pos.Board, depth)
	}
	return perftRules(pos, depth)
}

// perftBoard counts Othello leaves. Depth 1 is a bulk count of the moves, and
// depth 2 counts its children's moves in place, saving a call per child.
func perftBoard(b Board, depth int) uint64 {
	moves := Moves(b.P, b.O)
	if moves == 0 {
		q := b.Pass()
		if depth == 1 || Moves(q.P, q.O) == 0 {
			return 1 // the pass is the last ply, or the game is over
		}
		return perftBoard(q, depth-1)
	}
	var n uint64
	switch depth {
	case 1:
		return uint64(bits.OnesCount64(moves))
	case 2:
		for ; moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			f := Flips(sq, b.P, b.O)
			c := uint64(bits.OnesCount64(Moves(b.O^f, b.P^f^Bit(sq))))
			// A child with no move is one leaf, a pass or a finished game alike.
			n += c | b2u(c == 0)
		}
	default:
		for ; moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			n += perftBoard(b.Play(sq, Flips(sq, b.P, b.O)), depth-1)
		}
	}
	return n
}

// b2u converts a bool to 0 or 1 without a branch.
func b2u(x bool) uint64 {
	var u uint64
	if x {
		u = 1
	}
	return u
}

// perftRules counts leaves under any rules, asking the position for its moves.
func perftRules(pos Position, depth int) uint64 {
	moves := pos.Moves()
	if moves == 0 {
		q := pos.Pass()
		if depth == 1 || q.Moves() == 0 {
			return 1
		}
		return perftRules(q, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		n += perftRules(pos.Play(bits.TrailingZeros64(moves)), depth-1)
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
