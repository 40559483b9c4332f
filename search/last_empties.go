package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The last layers of the endgame: dedicated code for 1 to 4 empties, below
// the shallow layer (shallow.go). All are null-window searches: they tell
// whether the score is above alpha (fail-soft).

// last1 solves one empty square x without building any board: the score
// follows from the disc count and the number of flips, counted from tables
// (bitboard.LastFlipCount).
func (w *worker) last1(p, o uint64, alpha, x int) int {
	w.nodes++
	np := bits.OnesCount64(p)
	if n := bitboard.LastFlipCount(x, p); n > 0 {
		return 2*np + 2*n - 62
	}
	// The opponent plays x (score at most 2np-66), or nobody can (2np-63±1):
	// if even the best case cannot beat alpha, the flips need not be counted.
	if ub := 2*np - 62; ub <= alpha {
		return ub
	}
	if n := bitboard.LastFlipCount(x, o); n > 0 {
		return 2*np - 2*n - 64
	}
	return w.final(p, o)
}

// last2 solves two empties x1, x2.
func (w *worker) last2(p, o uint64, alpha, x1, x2 int) int {
	w.nodes++
	if v, ok := w.last2Moves(p, o, alpha, x1, x2); ok {
		return v
	}
	// p passes: the opponent plays on (a node of its own), or the game is
	// over. Trying its moves tells both apart without generating them.
	if v, ok := w.last2Moves(o, p, -alpha-1, x1, x2); ok {
		w.nodes++
		return -v
	}
	return w.final(p, o)
}

// last2Moves is last2 without the node count and the pass: ok is false
// when p has no move.
func (w *worker) last2Moves(p, o uint64, alpha, x1, x2 int) (int, bool) {
	best := -infScore
	if f := bitboard.FlipsNear(x1, p, o); f != 0 {
		best = -w.last1(o^f, p^f^bitboard.Bit(x1), -alpha-1, x2)
		if best > alpha {
			return best, true
		}
	}
	if f := bitboard.FlipsNear(x2, p, o); f != 0 {
		return max(best, -w.last1(o^f, p^f^bitboard.Bit(x2), -alpha-1, x1)), true
	}
	return best, best != -infScore
}

// last3 solves three empties, tried in the order given (parity order).
func (w *worker) last3(p, o uint64, alpha, x1, x2, x3 int) int {
	w.nodes++
	if v, ok := w.last3Moves(p, o, alpha, x1, x2, x3); ok {
		return v
	}
	if v, ok := w.last3Moves(o, p, -alpha-1, x1, x2, x3); ok { // as in last2
		w.nodes++
		return -v
	}
	return w.final(p, o)
}

// last3Moves is last3 without the node count and the pass: ok is false
// when p has no move.
func (w *worker) last3Moves(p, o uint64, alpha, x1, x2, x3 int) (int, bool) {
	best := -infScore
	if f := bitboard.FlipsNear(x1, p, o); f != 0 {
		best = -w.last2(o^f, p^f^bitboard.Bit(x1), -alpha-1, x2, x3)
		if best > alpha {
			return best, true
		}
	}
	if f := bitboard.FlipsNear(x2, p, o); f != 0 {
		best = max(best, -w.last2(o^f, p^f^bitboard.Bit(x2), -alpha-1, x1, x3))
		if best > alpha {
			return best, true
		}
	}
	if f := bitboard.FlipsNear(x3, p, o); f != 0 {
		return max(best, -w.last2(o^f, p^f^bitboard.Bit(x3), -alpha-1, x1, x2)), true
	}
	return best, best != -infScore
}

// last4 solves four empties. Squares alone in their quadrant go first: a
// move there leaves the opponent no reply in that region (parity). moves
// holds p's moves, which the shallow parent has counted for its ordering:
// an illegal square costs no flip scan. parity (parityOf the empties) comes
// from the parent too, which keeps it.
func (w *worker) last4(p, o uint64, alpha int, parity uint8, moves uint64) int {
	w.nodes++
	if stabilityMayCut(o, alpha, 4) {
		if ub := 64 - 2*bitboard.StableCount(o, p); ub <= alpha {
			return ub
		}
	}
	if moves == 0 {
		if replies := bitboard.Moves(o, p); replies != 0 {
			return -w.last4(o, p, -alpha-1, parity, replies)
		}
		return w.final(p, o)
	}
	empties := ^(p | o)
	var sq [4]int
	n := 0
	odd := parityMasks[parity]
	for _, set := range [2]uint64{empties & odd, empties &^ odd} {
		for ; set != 0; set &= set - 1 {
			sq[n] = bits.TrailingZeros64(set)
			n++
		}
	}
	x1, x2, x3, x4 := sq[0], sq[1], sq[2], sq[3]
	best := -infScore
	if moves&bitboard.Bit(x1) != 0 {
		f := bitboard.Flips(x1, p, o)
		best = -w.last3(o^f, p^f^bitboard.Bit(x1), -alpha-1, x2, x3, x4)
		if best > alpha {
			return best
		}
	}
	if moves&bitboard.Bit(x2) != 0 {
		f := bitboard.Flips(x2, p, o)
		best = max(best, -w.last3(o^f, p^f^bitboard.Bit(x2), -alpha-1, x1, x3, x4))
		if best > alpha {
			return best
		}
	}
	if moves&bitboard.Bit(x3) != 0 {
		f := bitboard.Flips(x3, p, o)
		best = max(best, -w.last3(o^f, p^f^bitboard.Bit(x3), -alpha-1, x1, x2, x4))
		if best > alpha {
			return best
		}
	}
	if moves&bitboard.Bit(x4) != 0 {
		f := bitboard.Flips(x4, p, o)
		best = max(best, -w.last3(o^f, p^f^bitboard.Bit(x4), -alpha-1, x1, x2, x3))
	}
	return best
}
