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

// Endgame thresholds, by number of empty squares.
const (
	// shallowEmpties is the largest position solved without the hash table.
	// Below it, a probe (a cache miss, 17% of the solve profile) costs about
	// what the subtree it could save does. FFO #20-#39 on one thread: 6:
	// 11.0 s, 7: 11.6 s, 8: 11.5 s, 9: 13.5 s, within the noise of each other
	// up to 8; 7 keeps node counts and TT traffic moderate. With the
	// fastest-first shallow layer, 8 against 7: FFO #40-#49 653.8 M nodes,
	// 37.4 s of CPU against 602.7 M, 39.5 s; #20-#39 114.1 M, 5.1 s against
	// 107.0 M, 5.5 s; 6: #20-#39 100.9 M, 6.2 s. 7 kept the fewer nodes,
	// but CPU time decides: with the selective presearch of the solve and
	// the stability test by disc count, 8 against 7 (alternated): FFO
	// #40-#49 522.7 M nodes, 25.61/26.01 s against 497.1 M, 26.71/27.31 s;
	// #20-#39 96.3 M, 3.92 s (3 runs) against 92.1 M, 4.05-4.07 s. 9
	// against 8: #40-#49 552.7 M, 26.66 s against 25.65/26.60 s; #20-#39
	// 101.8 M, 3.97-4.11 s against 3.84-3.92 s.
	shallowEmpties = 8
	// etcMinEmpties is where enhanced transposition cut-offs start: probing
	// every child only pays where subtrees are large. FFO #40-#49: from 12
	// empties 1148 M nodes, from 10 1127 M. From 9 (with shallowEmpties
	// 7): #40-#49 594.8 M against 602.7 M; #20-#39 91.2 M, 4.07-4.09 s
	// against 92.1 M, 3.95-3.98 s (alternated). From 11 against 10, with
	// shallowEmpties 8, alternated at 3024a7a: #40-#49 492.4 M nodes,
	// 21.61/21.17 s against 489.5 M, 22.62/22.04 s; #20-#39 81.1 M,
	// 3.06-3.10 s against 80.4 M, 3.12-3.17 s. 12 and 13 against 11
	// (alternated at fe05cec): #40-#49 499.1 M, 20.80/21.28 s and 501.5 M,
	// 21.08/21.00 s against 492.4 M, 21.01/21.45 s; #20-#39 81.9 M,
	// 2.91-2.93 s and 82.4 M, 2.88-2.92 s against 81.1 M, 2.94-2.97 s:
	// within the noise, with more nodes.
	etcMinEmpties = 11
	// stopCheckInterval is how many hashed nodes pass between looks at the
	// stop flag: a few microseconds of search, far below the 10 ms promise.
	stopCheckInterval = 1 << 10
)

// stabilityMayCut reports whether the opponent's stable discs are worth
// counting for a cut-off (64 - 2*stable <= alpha): from alpha's threshold
// at these empties on, and only where all of the opponent's discs, of
// which the stable ones are some, would bring the score down to alpha.
func stabilityMayCut(o uint64, alpha, empties int) bool {
	return alpha >= stabilityThreshold[empties] && 64-2*bits.OnesCount64(o) <= alpha
}

// stabilityThreshold[e] is the lowest alpha at which the stability cut-off
// is tried at e empties. With few empties the opponent rarely has enough
// stable discs to bring 64-2s down to alpha, so the count would be wasted
// work; the values rise with empties as in Edax's published settings, 4
// lower at 4-7 empties. Each count that cuts nothing costs more than the
// nodes the others save, so fewer nodes are not faster. FFO #40-#49 /
// #20-#39 on one thread, CPU alternated (2 runs / 3 runs):
//
//	Edax's values      511.2 M, 25.67/26.02 s   81.0 M, 3.24-3.27 s
//	4 lower at 4-7     496.8 M, 25.81/25.79 s   79.5 M, 3.24-3.25 s
//	8 lower at 4-7     495.2 M, 26.06/25.77 s   77.5 M, 3.29-3.31 s
//	none (only the     492.4 M, 25.97/25.73 s   76.9 M, 3.38-3.39 s
//	  disc-count test)
//
// 4 lower at 8-15 too: 582.7 M against 602.3 M (before the selective
// presearch of the solve), no gain over 4-7 alone. The disc-count test
// alone is free: the same nodes as Edax's values, 3.21-3.25 s on #20-#39.
var stabilityThreshold = [65]int{
	99, 99, 99, 99, 2, 4, 6, 8, 14, 16, 20, 22, 24, 26, 28, 30,
	32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
	56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
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
		// misses overlap instead of following one another. Same nodes; CPU
		// time FFO #40-#49 45.2 -> 39.9 s, #20-#39 5.9 -> 5.6 s. From 9
		// empties (not only where ETC probes) and with the node's own
		// bucket touched before its stability count, alternated 3 times:
		// #40-#49 35.1/34.2/- s -> 33.8/33.6 s, #20-#39 5.08/4.93/4.89 s
		// -> 4.64/4.66/4.88 s.
		for i := range l.n {
			w.tt.touch(hashOf(l.moves[i].p, l.moves[i].o))
		}
	}
	// Below endSortMinEmpties the ordering searches nothing (no nodes), so
	// it goes before ETC: its work hides the cache misses of the children's
	// buckets just touched. Same nodes; CPU (5 runs alternated, medians):
	// FFO #40-#44 2.14 -> 2.11 s, #20-#39 2.90 -> 2.88 s.
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
		// it cuts, as it mostly does, they are not paid for. With the same
		// in midNWS's selective end searches: FFO #20-#39 81.1 M -> 80.5 M
		// nodes, #40-#49 492.4 M -> 489.0 M, CPU 23.97/23.24 s -> 23.36/
		// 23.52 s (alternated); 1 GB table: #50-#52 868.7 M -> 859.9 M,
		// #53-#58 16279 M -> 16177 M (#55 8525 M -> 8510 M).
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

// endSortMinEmpties is where endgame moves are ordered by a shallow midgame
// search with the evaluation instead of by mobility alone: above it the
// subtrees are big enough to repay the ordering search. With the pattern
// evaluation, FFO #40-#44 on one thread (user CPU): from 12 empties 132 M
// nodes, 7.8 s; 14: 133 M, 7.0 s; 16: 147 M, 6.9 s. Ordered by the
// evaluation alone (depth 0) from 13: FFO #40-#49 663.2 M nodes against
// 602.7 M. With the selective presearch of the solve and shallowEmpties 8,
// 16 against 14 (alternated; the nodes count the ordering searches'):
// #40-#49 501.0 M, 23.95/24.43 s against 522.7 M, 25.98/26.24 s; #20-#39
// 96.6 M, 3.85-3.92 s against 96.3 M, 3.98-4.09 s. 15: 514.1 M, 24.81/
// 25.53 s; 17, 18, 20 on #20-#39: 100.7 M, 99.4 M, 103.4 M, no faster.
const endSortMinEmpties = 16

// endSortDepth maps empties to the depth passed to the midgame ordering,
// whose sortDepth makes about a third of it. FFO #40-#44: empties-6 149 M nodes, 9.7 s; -7 135 M, 8.2 s; -8 133 M,
// 7.0 s; -9 195 M, 9.9 s; -10 210 M, 9.6 s. Since the solve starts with
// midgame iterations (and orders corner discs), -9 does better: FFO
// #40-#49 -8 1148 M nodes, -9 1118 M. Capped at 10 (2-ply ordering
// searches from 17 empties on, instead of 3 from 20 and 4 from 23): FFO
// #40-#49 910.1 M nodes, 47.6 s of CPU -> 871.0 M, 44.6 s (cap 13: 900.3 M;
// cap 7: 940.6 M; -8 capped at 10: 890.9 M); #20-#39 161.0 M, 6.30 s ->
// 160.5 M, 6.07 s. With ordering searches from 16 empties on (and the
// selective presearch, shallowEmpties 8), -10 against -9 (2-ply searches
// from 18 empties on, not 17), alternated: #40-#49 516.3 M nodes, 23.22/
// 22.97 s against 520.1 M, 23.22/23.19 s; #20-#39 86.1 M, 3.27-3.28 s
// against 86.6 M, 3.29-3.36 s (at 22b1bff: 489.5 M, 22.84/22.93 s against
// 490.4 M, 23.10/22.97 s; 80.4 M, 3.14-3.22 s against 80.5 M, 3.18-3.27
// s). -8: 538.6 M, 24.35/23.81 s; 87.4 M, 3.33-3.34 s. -11 (1-ply
// searches at 18 empties too, 2-ply from 19) against -10, 1 GB table:
// FFO #20-#39 81.4 M / 81.1 M nodes, #40-#49 511.5 M / 512.5 M, #50-#52
// 863.8 M / 868.7 M, #53/#54/#56/#57/#58 7727.5 M / 7754 M, but #55
// 8740 M / 8540 M. Ordering from 17 empties with -11: #56 766.7 M
// against 793.9 M, but #20-#39 87.7 M, #40-#49 553.1 M. Deeper searches
// at high empties cost more than they save on #56: 4-ply from 22 empties
// 855.3 M, 3-ply from 20 824.2 M. In the exact search of #56 (730 M
// nodes) the ordering searches take 119 M.
func endSortDepth(empties int) int { return min(empties-10, 10) }

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
