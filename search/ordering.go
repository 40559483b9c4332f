package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// A move list holds the legal moves of a node with the boards they lead to
// and an ordering score; moves are picked best-first by selection, so a
// cut-off after the first move costs no full sort.

// maxMoves bounds the legal moves of any position (33 is the known maximum).
const maxMoves = 36

// move is one legal move and the board after it (opponent to move).
type move struct {
	sq      int
	p, o    uint64 // child board, seen from the opponent
	replies uint64 // the opponent's moves there, once scoreFastest has scored it
	score   int
}

// moveList is a node's moves, on the stack.
type moveList struct {
	moves [maxMoves]move
	n     int
}

// squareValue rates squares by their usual worth (corners high, squares next
// to corners low), the last tie-break of move ordering.
var squareValue = [64]int{
	18, 4, 16, 12, 12, 16, 4, 18,
	4, 2, 6, 8, 8, 6, 2, 4,
	16, 6, 14, 10, 10, 14, 6, 16,
	12, 8, 10, 0, 0, 10, 8, 12,
	12, 8, 10, 0, 0, 10, 8, 12,
	16, 6, 14, 10, 10, 14, 6, 16,
	4, 2, 6, 8, 8, 6, 2, 4,
	18, 4, 16, 12, 12, 16, 4, 18,
}

// Ordering classes above any weighted score (the weights are in settings.go).
const (
	wipeoutBonus = 1 << 30 // a move that leaves the opponent no disc wins at once
	ttMoveBonus  = 1 << 29 // the hash table's best move
)

// cornerDiscs counts the corners p holds and p's discs on the edge squares
// next to them: discs that no later move can flip.
func cornerDiscs(p uint64) int {
	const a1, h1, a8, h8 = 1, 1 << 7, 1 << 56, 1 << 63
	c := p & bitboard.Corners
	next := (c&(a1|a8))<<1 | (c&(h1|h8))>>1 | (c&(a1|h1))<<8 | (c&(a8|h8))>>8
	return bits.OnesCount64(c | p&next)
}

// generate fills the list with the moves of (p, o) and their children.
func (l *moveList) generate(p, o, moves uint64) {
	l.n = 0
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		f := bitboard.Flips(x, p, o)
		l.moves[l.n] = move{sq: x, p: o ^ f, o: p ^ f ^ bitboard.Bit(x)}
		l.n++
	}
}

// scoreFastest rates the moves from index from on for fastest-first
// ordering.
func (l *moveList) scoreFastest(from, ttMove int, parity uint8) {
	odd := parityMasks[parity]
	for i := from; i < l.n; i++ {
		m := &l.moves[i]
		if m.p == 0 {
			m.score = wipeoutBonus
			continue
		}
		if m.sq == ttMove {
			m.score = ttMoveBonus
			continue
		}
		m.replies = bitboard.Moves(m.p, m.o)
		mob := bits.OnesCount64(m.replies) + bits.OnesCount64(m.replies&bitboard.Corners)
		pot := bits.OnesCount64(bitboard.PotentialMobility(m.p, m.o))
		m.score = squareValue[m.sq] + (36-mob)*mobilityWeight + cornerDiscs(m.o)<<cornerShift + (36-pot)<<potentialShift
		if odd&bitboard.Bit(m.sq) != 0 {
			m.score += parityBonus
		}
	}
}

// toFront moves the move to square sq to the head of the list and reports
// whether the list holds it.
func (l *moveList) toFront(sq int) bool {
	for i := range l.n {
		if l.moves[i].sq == sq {
			l.moves[0], l.moves[i] = l.moves[i], l.moves[0]
			return true
		}
	}
	return false
}

// next moves the best-scored remaining move to position i and returns it.
func (l *moveList) next(i int) *move {
	best := i
	for j := i + 1; j < l.n; j++ {
		if l.moves[j].score > l.moves[best].score {
			best = j
		}
	}
	l.moves[i], l.moves[best] = l.moves[best], l.moves[i]
	return &l.moves[i]
}

// sortDepth returns the depth of the ordering search at a midgame node of
// depth d, 0 for the children's evaluations, or -1 for none (fastest-first
// only).
func sortDepth(d int) int {
	if d < sortMinDepth {
		return -1
	}
	return min(sortMaxDepth, max(0, (d-sortLag)/3))
}

// order scores the moves of a node from index from on (those before it
// are searched already): the hash move first, then by the value of a
// search of depth sd of each child (its evaluation at 0), weighted
// 2^valueShift a disc, on top of the fastest-first score; sd < 0 leaves
// fastest-first alone.
func (w *worker) order(l *moveList, from int, p, o uint64, ttMove, sd, valueShift int) {
	l.scoreFastest(from, ttMove, parityOf(^(p | o)))
	if sd < 0 {
		return
	}
	for i := from; i < l.n; i++ {
		m := &l.moves[i]
		if m.score >= ttMoveBonus {
			continue
		}
		f := m.p ^ o
		var v int
		if sd == 0 {
			v = -w.evaluateMove(m.sq, f, m.p, m.o)
		} else {
			w.enter(m.sq, f)
			v = -w.sortAlphaBeta(m.p, m.o, -64, 64, sd)
			w.leave()
		}
		// In the midgame the value dominates the fastest-first score, in
		// the endgame each opponent reply weighs more.
		m.score += (v + 64) << valueShift
	}
}

// sortAlphaBeta is a plain alpha-beta to a small depth (at least 1),
// without the hash table or ordering, for order.
func (w *worker) sortAlphaBeta(p, o uint64, alpha, beta, depth int) int {
	w.nodes++
	moves := bitboard.Moves(p, o)
	if moves == 0 {
		if bitboard.Moves(o, p) == 0 {
			return w.final(p, o)
		}
		w.black = !w.black
		v := -w.sortAlphaBeta(o, p, -beta, -alpha, depth)
		w.black = !w.black
		return v
	}
	best := -infScore
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		f := bitboard.Flips(x, p, o)
		var v int
		if depth == 1 {
			v = -w.evaluateMove(x, f, o^f, p^f^bitboard.Bit(x))
		} else {
			w.enter(x, f)
			v = -w.sortAlphaBeta(o^f, p^f^bitboard.Bit(x), -beta, -max(alpha, best), depth-1)
			w.leave()
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// endSortDepth returns the depth of the ordering search at an endgame node
// of endSortMinEmpties or more empties.
func endSortDepth(empties int) int { return min(endSortMaxDepth, (empties-endSortLag)/2) }

// orderEnd orders the moves of an endgame node from index from on.
func (w *worker) orderEnd(l *moveList, from int, p, o uint64, ttMove, empties int) {
	if empties >= endSortMinEmpties {
		w.order(l, from, p, o, ttMove, endSortDepth(empties), endSortValueShift)
		return
	}
	l.scoreFastest(from, ttMove, parityOf(^(p | o)))
	if empties >= orderEvalMinEmpties && w.track && l.n-from > 1 {
		w.scoreOrderEval(l, from, o)
	}
}

// scoreOrderEval adds the ordering evaluation of each child to the
// fastest-first scores of the moves from index from on: the worse the
// child for the opponent, the earlier the move.
func (w *worker) scoreOrderEval(l *moveList, from int, o uint64) {
	f := &w.feats[w.fp]
	for i := from; i < l.n; i++ {
		m := &l.moves[i]
		if m.score >= ttMoveBonus {
			continue
		}
		v := w.orderEval.MoveScore(f, m.sq, m.p^o, w.black, m.p, m.o, m.replies)
		m.score -= v << orderEvalShift
	}
}
