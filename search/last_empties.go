package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The last layers of the endgame: dedicated code for 1 to 4 empties, and a
// shallow layer without hashing up to shallowEmpties. All are null-window
// searches: they tell whether the score is above alpha (fail-soft).

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

// final scores a finished game for the player to move.
func (w *worker) final(p, o uint64) int {
	return bitboard.FinalScore(bitboard.Board{P: p, O: o}, w.scoring)
}

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

// shallowMove is a move of the shallow layer and the board it leads to.
type shallowMove struct {
	p, o    uint64 // child board, seen from the opponent
	replies uint64 // the opponent's moves there
	sq      int
}

// shallow solves positions of 5 to shallowEmpties empties without the hash
// table. Moves go fastest-first: fewest replies for the opponent (corners
// count twice), then odd quadrants first (parity); against parity order
// alone, FFO #40-#49 871.0 M -> 602.7 M nodes.
//
// moves holds p's moves, which the parent has counted for its ordering.
func (w *worker) shallow(p, o uint64, alpha, empties int, parity uint8, moves uint64) int {
	w.nodes++
	if stabilityMayCut(o, alpha, empties) {
		if ub := 64 - 2*bitboard.StableCount(o, p); ub <= alpha {
			return ub
		}
	}
	if moves == 0 {
		if replies := bitboard.Moves(o, p); replies != 0 {
			return -w.shallow(o, p, -alpha-1, empties, parity, replies)
		}
		return w.final(p, o)
	}
	// A position has at most as many moves as empties.
	var l [shallowEmpties]shallowMove
	var keys [shallowEmpties]int // a move's score<<3 | its index in l
	n := 0
	odd := parityMasks[parity]
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		f := bitboard.Flips(x, p, o)
		m := &l[n]
		m.p, m.o, m.sq = o^f, p^f^bitboard.Bit(x), x
		m.replies = bitboard.Moves(m.p, m.o)
		score := 2 * (bits.OnesCount64(m.replies) + bits.OnesCount64(m.replies&bitboard.Corners)) // lower is tried first
		if odd&bitboard.Bit(x) == 0 {
			score++
		}
		keys[n] = score<<3 | n
		n++
	}
	// Selection sort on the keys, not on the moves: swapping two 40-byte
	// moves cost 7% of the FFO #20-#39 profile. The least of score<<3 |
	// position, taken with min (a conditional move, not a branch that
	// mispredicts), is the first of the lowest scores, as a strict
	// comparison picks.
	best := -infScore
	for i := range n {
		k := keys[i]&^7 | i
		for j := i + 1; j < n; j++ {
			k = min(k, keys[j]&^7|j)
		}
		b := k & 7
		keys[i], keys[b] = keys[b], keys[i]
		m := &l[keys[i]&7]
		var v int
		if empties == 5 {
			v = -w.last4(m.p, m.o, -alpha-1, parity^quadrant(m.sq), m.replies)
		} else {
			v = -w.shallow(m.p, m.o, -alpha-1, empties-1, parity^quadrant(m.sq), m.replies)
		}
		if v > alpha {
			return v
		}
		best = max(best, v)
	}
	return best
}
