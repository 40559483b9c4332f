package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The midgame search: principal variation search (NegaScout) to a fixed
// depth with the evaluation at the leaves, handing over to the exact
// endgame search wherever the depth reaches the end of the game, except
// from selectiveEndMinEmpties on in a selective search, which goes on to
// the end of the game with probcut.

// midNWS is the null-window midgame search: is the score above alpha?
func (w *worker) midNWS(p, o uint64, alpha, depth int) int {
	empties := bits.OnesCount64(^(p | o))
	if depth >= empties {
		if !w.endSelective(empties) {
			return w.endNWS(p, o, alpha, empties)
		}
		depth = empties
	}
	switch depth {
	case 0:
		return w.evaluate(p, o)
	case 1:
		return w.frontierNWS(p, o, alpha)
	}
	w.nodes++
	if w.nodes%stopCheckInterval == 0 {
		w.pollStop()
	}
	if w.stopped {
		return alpha
	}
	var h uint64
	ttMove := noMove
	if depth >= hashMinDepth {
		h = hashOf(p, o)
		if d, ok := w.tt.probe(h); ok {
			if v, cut := d.cutNWS(alpha, depth, w.selectivity); cut {
				return v
			}
			ttMove = int(d.move)
		}
	}
	moves := bitboard.Moves(p, o)
	if moves == 0 {
		if bitboard.Moves(o, p) == 0 {
			return w.final(p, o)
		}
		w.black = !w.black
		v := -w.midNWS(o, p, -alpha-1, depth)
		w.black = !w.black
		return v
	}
	if v, ok := w.probcut(p, o, alpha, depth, empties); ok {
		return v
	}
	var l moveList
	l.generate(p, o, moves)
	if depth > hashMinDepth {
		// The children will probe the table: load their buckets while the
		// moves are being ordered. Bench depth 12: 1.02-1.04x the nodes
		// per CPU second.
		for i := range l.n {
			w.tt.touch(hashOf(l.moves[i].p, l.moves[i].o))
		}
	}
	best, bestMove := -infScore, noMove
	first := 0
	if depth >= empties && ttMove != noMove && l.toFront(ttMove) {
		// As in endNWS: the table's move before the ordering searches.
		best, bestMove, first = w.midChild(&l.moves[0], o, alpha, depth), ttMove, 1
	}
	if best <= alpha {
		if depth >= empties {
			w.orderEnd(&l, 0, p, o, ttMove, empties)
		} else {
			w.order(&l, 0, p, o, ttMove, sortDepth(depth), sortValueShift)
		}
		for i := first; i < l.n; i++ {
			if i > 0 && w.canSplit(depth >= splitMinDepth) {
				if v, mv := w.splitMoves(&l, i, p, o, alpha, alpha+1, depth).best(); v > best {
					best, bestMove = v, mv
				}
				break
			}
			m := l.next(i)
			if v := w.midChild(m, o, alpha, depth); v > best {
				best, bestMove = v, m.sq
				if v > alpha {
					break
				}
			}
		}
	}
	if depth >= hashMinDepth && !w.stopped {
		w.tt.store(h, boundData(alpha, alpha+1, best, bestMove, depth, w.selectivity))
	}
	return best
}

// midChild searches the child of move m of a midNWS node whose opponent
// is o.
func (w *worker) midChild(m *move, o uint64, alpha, depth int) int {
	w.enter(m.sq, m.p^o)
	v := -w.midNWS(m.p, m.o, -alpha-1, depth-1)
	w.leave()
	return v
}

// pvs is the full-window search on the principal variation, to depth or,
// once depth reaches the end of the game, exactly. It fills the worker's PV
// at ply.
func (w *worker) pvs(p, o uint64, alpha, beta, depth, ply int) int {
	w.pvLen[ply] = 0
	empties := bits.OnesCount64(^(p | o))
	exact := depth >= empties
	switch {
	case exact && empties <= 2:
		return w.pvSmall(p, o, alpha, beta, ply)
	case exact:
		depth = empties
	case depth == 0:
		return w.evaluate(p, o)
	}
	w.nodes++
	w.pollStop()
	if w.stopped {
		return alpha
	}
	h := hashOf(p, o)
	ttMove := noMove
	if d, ok := w.tt.probe(h); ok {
		ttMove = int(d.move)
	}
	moves := bitboard.Moves(p, o)
	if moves == 0 {
		if bitboard.Moves(o, p) == 0 {
			return w.final(p, o)
		}
		w.black = !w.black
		v := -w.pvs(o, p, -beta, -alpha, depth, ply+1)
		w.black = !w.black
		w.setPV(ply, bitboard.PassMove)
		return v
	}
	var l moveList
	l.generate(p, o, moves)
	big := depth >= splitMinDepth
	if exact {
		w.orderEnd(&l, 0, p, o, ttMove, empties)
		big = empties >= splitMinEmpties
	} else {
		w.order(&l, 0, p, o, ttMove, sortDepth(depth), sortValueShift)
	}
	alpha0 := alpha
	best, bestMove := -infScore, noMove
	for i := range l.n {
		if i > 0 && w.canSplit(big) {
			s := w.splitMoves(&l, i, p, o, alpha, beta, depth)
			best, bestMove = w.finishPVSplit(s, best, bestMove, alpha, beta, ply)
			break
		}
		m := l.next(i)
		var v int
		if i == 0 {
			w.enter(m.sq, m.p^o) // PV nodes are few: keep the features whatever the empties
			v = -w.pvs(m.p, m.o, -beta, -alpha, depth-1, ply+1)
			w.leave()
		} else {
			v = w.pvMove(m, o, infScore, -infScore, alpha, beta, depth, ply)
		}
		if w.stopped {
			break
		}
		if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
			break
		}
	}
	if !w.stopped {
		sel := w.selectivity
		if exact && !w.endSelective(empties) {
			sel = noProbcut
		}
		w.tt.store(h, boundData(alpha0, beta, best, bestMove, depth, sel))
	}
	return best
}

// pvMove searches move m of a PV node whose opponent is o within (alpha,
// beta), given v, its value under the null window at alpha0: the null
// window is searched again only if alpha has risen above alpha0.
func (w *worker) pvMove(m *move, o uint64, v, alpha0, alpha, beta, depth, ply int) int {
	w.pvLen[ply+1] = 0
	w.enter(m.sq, m.p^o)
	if alpha > alpha0 {
		v = -w.midNWS(m.p, m.o, -alpha-1, depth-1)
	}
	if v > alpha && v < beta && !w.stopped {
		bound := v
		v = -w.pvs(m.p, m.o, -beta, -alpha, depth-1, ply+1)
		if w.stopped && ply == 0 {
			// The null window proved the move better than the best so
			// far: a stopped iteration plays it.
			w.rootMove, w.rootScore = m.sq, bound
		}
	}
	w.leave()
	return v
}

// pvUpdate takes the value v of move sq into a PV node's best value, best
// move, alpha and PV, and at the root into the iteration's best move so far.
func (w *worker) pvUpdate(sq, v, best, bestMove, alpha, ply int) (int, int, int) {
	if v <= best {
		return best, bestMove, alpha
	}
	// The first move stands until a better one: a move that only fails low
	// less than another is no better.
	if v > alpha || bestMove == noMove {
		w.setPV(ply, sq)
		if ply == 0 {
			w.rootMove, w.rootScore = sq, v
		}
	}
	return v, sq, max(alpha, v)
}

// xcSquares holds the X- and C-squares, the squares next to the corners.
const xcSquares uint64 = 0x42c300000000c342

// frontierNWS is midNWS at depth 1: the children are evaluated in three
// classes (corners, then the other squares, then X- and C-squares) and in
// square order within each, with no move list, ordering or hash table, which
// would cost more than the evaluations they could save. The classes cut the
// nodes of bench depth 16 at 73% from 31.7 M to 29.7 M and won +24 Elo over
// 800 games against square order.
func (w *worker) frontierNWS(p, o uint64, alpha int) int {
	w.nodes++
	moves := bitboard.Moves(p, o)
	if moves == 0 {
		if bitboard.Moves(o, p) == 0 {
			return w.final(p, o)
		}
		w.black = !w.black
		v := -w.frontierNWS(o, p, -alpha-1)
		w.black = !w.black
		return v
	}
	best := -infScore
	classes := [3]uint64{moves & bitboard.Corners, moves &^ (bitboard.Corners | xcSquares), moves & xcSquares}
	for _, class := range classes {
		for ; class != 0; class &= class - 1 {
			x := bits.TrailingZeros64(class)
			f := bitboard.Flips(x, p, o)
			v := -w.evaluateMove(x, f, o^f, p^f^bitboard.Bit(x))
			if v > best {
				best = v
				if v > alpha {
					return best
				}
			}
		}
	}
	return best
}

// pvSmall finishes the PV at two empties or fewer by plain alpha-beta.
func (w *worker) pvSmall(p, o uint64, alpha, beta, ply int) int {
	w.nodes++
	e := ^(p | o)
	best, any := -infScore, false
	for set := e; set != 0; set &= set - 1 {
		x := bits.TrailingZeros64(set)
		f := bitboard.Flips(x, p, o)
		if f == 0 {
			continue
		}
		any = true
		v := -w.pvSmall(o^f, p^f^bitboard.Bit(x), -beta, -max(alpha, best), ply+1)
		if v > best {
			best = v
			w.setPV(ply, x)
			if v >= beta {
				break
			}
		}
	}
	if any {
		return best
	}
	if e != 0 && bitboard.Moves(o, p) != 0 {
		v := -w.pvSmall(o, p, -beta, -alpha, ply+1)
		w.setPV(ply, bitboard.PassMove)
		return v
	}
	w.pvLen[ply] = 0
	return w.final(p, o)
}

// setPV makes move the head of the PV at ply, followed by the PV below it.
func (w *worker) setPV(ply, move int) {
	w.pv[ply][0] = int8(move)
	n := w.pvLen[ply+1]
	copy(w.pv[ply][1:1+n], w.pv[ply+1][:n])
	w.pvLen[ply] = n + 1
}

// pvMoves returns the PV found at the root.
func (w *worker) pvMoves() []int {
	pv := make([]int, w.pvLen[0])
	for i := range pv {
		pv[i] = int(w.pv[0][i])
	}
	return pv
}
