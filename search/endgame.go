package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The exact endgame search, layered by empties:
//
//	0-4 empties          last_empties.go: dedicated code, no hashing
//	5..shallowEmpties    last_empties.go: fastest-first, no hashing
//	above                endNWS: hash table, stability, ETC, fastest-first
//
// pvs (pvs.go) handles the principal variation with full windows on top of
// them, and pvSmall its last two empties.

// stabilityMayCut reports whether the opponent's stable discs are worth
// counting for a cut-off (64 - 2*stable <= alpha): from alpha's threshold
// at these empties on, and only where all of the opponent's discs, of
// which the stable ones are some, would bring the score down to alpha.
func stabilityMayCut(o uint64, alpha, empties int) bool {
	return alpha >= stabilityThreshold[empties] && 64-2*bits.OnesCount64(o) <= alpha
}

// infScore is above any final score.
const infScore = 127

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
		if v, cut := d.cutNWS(alpha, empties, maxSelectivity); cut {
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
		w.orderEnd(&l, p, o, ttMove, empties)
	}
	if empties >= etcMinEmpties {
		// Only exact bounds cut: a selective endgame iteration stores its
		// bounds at the same depth.
		for i := range l.n {
			m := &l.moves[i]
			if d, ok := w.tt.probe(hashOf(m.p, m.o)); ok && int(d.depth) >= empties-1 && d.selectivity == maxSelectivity && -int(d.upper) > alpha {
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
		if best <= alpha {
			w.orderEnd(&l, p, o, ttMove, empties)
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
		w.tt.store(h, boundData(alpha, alpha+1, best, bestMove, empties, maxSelectivity))
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

// boundData packs a fail-soft result searched with window (alpha, beta)
// to depth at selectivity sel (maxSelectivity for the exact endgame).
func boundData(alpha, beta, best, bestMove, depth int, sel uint8) ttData {
	d := ttData{lower: -64, upper: 64, move: uint8(bestMove), depth: uint8(depth), selectivity: sel}
	if best > alpha {
		d.lower = int8(best)
	}
	if best < beta {
		d.upper = int8(best)
	}
	return d
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

// endSortDepth maps empties to the depth passed to the midgame ordering,
// whose sortDepth makes about a third of it.
func endSortDepth(empties int) int { return min(empties-endSortLag, endSortMaxDepth) }

// orderEnd orders the moves of an endgame node.
func (w *worker) orderEnd(l *moveList, p, o uint64, ttMove, empties int) {
	if empties >= endSortMinEmpties {
		w.order(l, p, o, ttMove, endSortDepth(empties))
		return
	}
	l.scoreFastest(ttMove, parityOf(^(p | o)))
}

// tracksFeatures reports whether an endgame node of the given empties must
// keep the incremental features for its children: only children that order
// their moves by a search evaluate.
func tracksFeatures(empties int) bool { return empties > endSortMinEmpties }
