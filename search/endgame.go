package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The exact endgame search, layered by empties:
//
//	0-4 empties          last_empties.go: dedicated code, no hashing
//	5..shallowEmpties    shallow.go: fastest-first, no shared table,
//	                     the worker's local one
//	above                endNWS: hash table, stability, ETC, fastest-first
//	endSortMinEmpties+   endNWS, its moves ordered by a midgame search
//
// pvs (pvs.go) handles the principal variation with full windows on top of
// them, and pvSmall its last two empties. The thresholds are in
// settings.go.

// stabilityMayCut reports whether the opponent's stable discs are worth
// counting for a cut-off (64 - 2*stable <= alpha): from alpha's threshold
// at these empties on, and only where all of the opponent's discs, of
// which the stable ones are some, would bring the score down to alpha.
func stabilityMayCut(o uint64, alpha, empties int) bool {
	return alpha >= stabilityThreshold[empties] && 64-2*bits.OnesCount64(o) <= alpha
}

// endNWS is the null-window endgame search: is the score above alpha?
func (w *worker) endNWS(p, o uint64, alpha, empties int) int {
	if empties <= shallowEmpties {
		return w.endSmall(p, o, alpha, empties)
	}
	w.nodes++
	if w.nodes%stopCheckInterval == 0 {
		w.pollStop()
	}
	if w.stopped {
		return alpha
	}
	// The bucket loads while the stability count runs.
	h := hashOf(p, o)
	w.tt.touch(h)
	if stabilityMayCut(o, alpha, empties) {
		if ub := 64 - 2*bitboard.StableCount(o, p); ub <= alpha {
			return ub
		}
	}
	ttMove := noMove
	if d, ok := w.tt.probe(h); ok {
		if v, cut := d.cutNWS(alpha, empties, noProbcut); cut {
			return v
		}
		ttMove = int(d.move)
	}
	moves := bitboard.Moves(p, o)
	if moves == 0 {
		if bitboard.Moves(o, p) == 0 {
			return w.final(p, o)
		}
		w.black = !w.black
		v := -w.endNWS(o, p, -alpha-1, empties)
		w.black = !w.black
		return v
	}
	var l moveList
	l.generate(p, o, moves)
	if empties > shallowEmpties+1 {
		// Touch every hashed child's bucket before probing any: the cache
		// misses overlap instead of following one another (FFO #40-#49
		// 45.2 -> 39.9 s of CPU).
		for i := range l.n {
			w.tt.touch(hashOf(l.moves[i].p, l.moves[i].o))
		}
	}
	// Below endSortMinEmpties the ordering searches nothing (no nodes), so
	// it goes before ETC: its work hides the cache misses of the children's
	// buckets just touched (FFO #40-#44 2.14 -> 2.11 s).
	orderFirst := empties < endSortMinEmpties
	if orderFirst {
		w.orderEnd(&l, 0, p, o, ttMove, empties)
	}
	if empties >= etcMinEmpties {
		// Only exact bounds cut: a selective endgame iteration stores its
		// bounds at the same depth.
		for i := range l.n {
			m := &l.moves[i]
			if d, ok := w.tt.probe(hashOf(m.p, m.o)); ok && int(d.depth) >= empties-1 && d.selectivity == noProbcut && -int(d.upper) > alpha {
				return -int(d.upper)
			}
		}
	}
	best, bestMove := -infScore, noMove
	track := tracksFeatures(empties)
	first := 0
	if !orderFirst {
		// The table's move is searched before the ordering searches: when
		// it cuts, as it mostly does, they are not paid for (FFO #40-#49
		// 492.4 M -> 489.0 M nodes).
		if ttMove != noMove && l.toFront(ttMove) {
			best, bestMove, first = w.endChild(&l.moves[0], o, alpha, empties, track), ttMove, 1
		}
		// So are the moves that leave the opponent no reply, mostly good
		// ones (FFO #40-#49 512.6 M -> 507.5 M nodes, 256 MB table).
		for i := first; i < l.n && best <= alpha; i++ {
			if m := &l.moves[i]; bitboard.Moves(m.p, m.o) == 0 {
				l.moves[first], l.moves[i] = l.moves[i], l.moves[first]
				if v := w.endChild(&l.moves[first], o, alpha, empties, track); v > best {
					best, bestMove = v, l.moves[first].sq
				}
				first++
			}
		}
		if best <= alpha {
			w.orderEnd(&l, first, p, o, ttMove, empties)
		}
	}
	if best <= alpha {
		for i := first; i < l.n; i++ {
			if i > 0 && w.canSplit(empties >= splitMinEmpties) {
				if v, mv := w.splitMoves(&l, i, p, o, alpha, alpha+1, empties).best(); v > best {
					best, bestMove = v, mv
				}
				break
			}
			m := l.next(i)
			if v := w.endChild(m, o, alpha, empties, track); v > best {
				best, bestMove = v, m.sq
				if v > alpha {
					break
				}
			}
		}
	}
	if !w.stopped {
		w.tt.store(h, boundData(alpha, alpha+1, best, bestMove, empties, noProbcut))
	}
	return best
}

// endChild searches the child of move m of an endNWS node whose opponent
// is o, keeping the features for it where track says so.
func (w *worker) endChild(m *move, o uint64, alpha, empties int, track bool) int {
	if !track {
		return -w.endNWS(m.p, m.o, -alpha-1, empties-1)
	}
	w.enter(m.sq, m.p^o)
	v := -w.endNWS(m.p, m.o, -alpha-1, empties-1)
	w.leave()
	return v
}

// endSmall dispatches positions of at most shallowEmpties empties.
func (w *worker) endSmall(p, o uint64, alpha, empties int) int {
	e := ^(p | o)
	switch empties {
	case 0:
		w.nodes++
		return w.final(p, o)
	case 1:
		return w.last1(p, o, alpha, bits.TrailingZeros64(e))
	case 2:
		x1 := bits.TrailingZeros64(e)
		return w.last2(p, o, alpha, x1, bits.TrailingZeros64(e&(e-1)))
	case 3:
		var x [3]int
		n := 0
		odd := parityMasks[parityOf(e)]
		for _, set := range [2]uint64{e & odd, e &^ odd} {
			for ; set != 0; set &= set - 1 {
				x[n] = bits.TrailingZeros64(set)
				n++
			}
		}
		return w.last3(p, o, alpha, x[0], x[1], x[2])
	case 4:
		return w.last4(p, o, alpha, parityOf(e), bitboard.Moves(p, o))
	}
	return w.shallow(p, o, alpha, empties, parityOf(e), bitboard.Moves(p, o))
}

// tracksFeatures reports whether an endgame node of the given empties must
// keep the incremental features for its children: only children that order
// their moves by a search evaluate.
func tracksFeatures(empties int) bool { return empties > min(endSortMinEmpties, orderEvalMinEmpties) }

// final scores a finished game for the player to move.
func (w *worker) final(p, o uint64) int {
	return bitboard.FinalScore(bitboard.Board{P: p, O: o}, w.scoring)
}
