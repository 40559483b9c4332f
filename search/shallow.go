package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// keyIndexBits holds the index of a move of the shallow layer, which has
// at most shallowEmpties of them, in its ordering key.
const keyIndexBits = 4

// The build fails here if shallowEmpties outgrows keyIndexBits.
const _ = uint(1<<keyIndexBits - shallowEmpties)

// shallowMove is a move of the shallow layer and the board it leads to.
type shallowMove struct {
	p, o    uint64 // child board, seen from the opponent
	replies uint64 // the opponent's moves there
	sq      int
}

// shallow solves positions of 5 to shallowEmpties empties without the hash
// table, with the worker's local table (localtt.go).
// Moves go fastest-first: fewest replies for the opponent (corners
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
	etc := empties >= localETCMinEmpties
	localMove := noMove
	if e, ok := w.local.probe(p, o); ok {
		if int(e.lower) > alpha {
			return int(e.lower)
		}
		if int(e.upper) <= alpha {
			return int(e.upper)
		}
		localMove = int(e.move)
	}
	if moves == 0 {
		if replies := bitboard.Moves(o, p); replies != 0 {
			return -w.shallow(o, p, -alpha-1, empties, parity, replies)
		}
		return w.final(p, o)
	}
	// A position has at most as many moves as empties.
	var l [shallowEmpties]shallowMove
	var keys [shallowEmpties]int // a move's score<<keyIndexBits | its index in l
	n := 0
	odd := parityMasks[parity]
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		f := bitboard.Flips(x, p, o)
		m := &l[n]
		m.p, m.o, m.sq = o^f, p^f^bitboard.Bit(x), x
		if etc {
			// A child whose bound in the local table lifts this node
			// above alpha cuts before any sibling is searched.
			if e, ok := w.local.probe(m.p, m.o); ok && -int(e.upper) > alpha {
				w.local.store(p, o, alpha, -int(e.upper), x)
				return -int(e.upper)
			}
		}
		m.replies = bitboard.Moves(m.p, m.o)
		score := 2 * (bits.OnesCount64(m.replies) + bits.OnesCount64(m.replies&bitboard.Corners)) // lower is tried first
		if odd&bitboard.Bit(x) == 0 {
			score++
		}
		if x == localMove {
			score = -1 // the local table's move first
		}
		keys[n] = score<<keyIndexBits | n
		n++
	}
	// Selection sort on the keys, not on the moves: swapping two 40-byte
	// moves cost 7% of the FFO #20-#39 profile. The least of score<<3 |
	// position, taken with min (a conditional move, not a branch that
	// mispredicts), is the first of the lowest scores, as a strict
	// comparison picks.
	const index = 1<<keyIndexBits - 1
	best := -infScore
	for i := range n {
		k := keys[i]&^index | i
		for j := i + 1; j < n; j++ {
			k = min(k, keys[j]&^index|j)
		}
		b := k & index
		keys[i], keys[b] = keys[b], keys[i]
		m := &l[keys[i]&index]
		var v int
		if empties == 5 {
			v = -w.last4(m.p, m.o, -alpha-1, parity^quadrant(m.sq), m.replies)
		} else {
			v = -w.shallow(m.p, m.o, -alpha-1, empties-1, parity^quadrant(m.sq), m.replies)
		}
		if v > alpha {
			w.local.store(p, o, alpha, v, m.sq)
			return v
		}
		best = max(best, v)
	}
	w.local.store(p, o, alpha, best, noMove)
	return best
}
