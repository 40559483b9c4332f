package search

import (
	"context"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// solvePreselectivity is the probcut level, 87% confidence, of the midgame
// iterations that precede an exact solve. FFO #40-#44, one thread, iterations to
// empties-12: the exact search alone 148.1 M nodes; after iterations
// without probcut 139.0 M; at 73% 112.2 M; at 87% 122.5 M. With the
// iterations to empties-14 and the later ordering, FFO #40-#49 / #20-#39:
// 73% 948 M / 160 M; 87% 910 M / 161 M; 95% 901 M / 165 M.
var solvePreselectivity = selectivityIndex(87)

// solveIterations are the selective searches to the end of the game that
// run between the midgame iterations and the exact solve (as Edax and
// Egaroucid do): each at its probcut level, in a solve of at least its
// empties. FFO #40-#49, one thread, 128 MB: none 602.7 M nodes; 73% 511.2 M;
// 73/95% 510.9 M; 87/95% 532.6 M; 73/87/95% 522.8 M; 73/87/95/98% 592.5 M.
// FFO #50-#52 (26-27 empties, 1024 MB): none 1173.4 M; 73% 1006.4 M;
// 73/95% 951.8 M: the second level pays on the larger solves. After the
// wider stability cut-off: #40-#49 none 574.8 M, 73% 492.4 M, 73/95%
// 492.0 M; #50-#52 73% 946.0 M, 73/95% 904.5 M. Lower
// confidence inside the end search (sigma x0.8 or x1.2 at depth = empties:
// 495.5 M / 497.4 M on #40-#49 with 73%) moved the count within its noise.
// The 95% search costs more than it saves below 27 empties: FFO #20-#39
// (up to 26 empties) 73% 79.0 M, 73/95% 92.1 M (none 104.5 M); per
// position at 24-26 empties the two are even; at 27, #51 and #52 take
// 179.5 M and 188.1 M with 73%, 172.6 M and 143.9 M with 73/95%. The first
// search from 20 empties: FFO #40-#49 (with 73/87/95%) from 20 522.8 M
// nodes, 22: 522.4 M, 24: 527.0 M; #20-#39 (73/95%) from 14, 16, 18 or 20
// within 0.7% of each other. 95% from 27 against from 20, after the
// stability thresholds of 5622ee0: #20-#39 92.1 M -> 79.5 M, #40-#49
// 497.1 M -> 496.8 M, #50-#52 936.5 M -> 930.2 M. On the largest solves
// (1 GB table; #55, 29 empties: midgame iterations 9 M nodes, 73% 44 M,
// 95% 1439 M, exact 7048 M), 87% from 28 empties between 73 and 95%:
// #55 8540 M -> 8406 M (95% 1050 M, exact 7154 M), but #53/#54/#56/#57/
// #58 7754 M -> 7831 M; 98% after 95% on #56 794 M -> 847 M.
var solveIterations = []struct {
	selectivity uint8
	minEmpties  int
}{{selectivityIndex(73), 20}, {selectivityIndex(95), 27}}

// Solve searches pos to the end of the game on the engine's threads. With
// wld it proves only the sign of the score (win, loss or draw), which is
// faster. The result's Score is the exact disc difference for the side to
// move under the position's scoring (or -1, 0, 1 with wld).
func (e *Engine) Solve(ctx context.Context, pos bitboard.Position, wld bool) Result {
	start := time.Now()
	e.running.Lock()
	defer e.running.Unlock()
	defer context.AfterFunc(ctx, e.begin(Limits{}))()
	if res, ok := trivialMove(pos); ok {
		return res
	}
	if e.solved != nil {
		if res, ok := e.solved.Get(pos, wld); ok {
			res.Elapsed = time.Since(start)
			return res
		}
	}
	empties := pos.Board.NumEmpties()
	var res Result
	if pos.Rules.Variant == bitboard.Othello {
		// The same iterations as Search: midgame searches, cut by probcut at
		// solvePreselectivity, fill the table with best moves and give the
		// solve its aspiration window.
		pl := plan{maxDepth: 60, selectivity: solvePreselectivity, exact: 60, wld: 60}
		if wld {
			pl.exact = 0
		}
		res = e.parallel(pos.Rules, func(w *worker) Result {
			return w.iterate(pos.Board.P, pos.Board.O, pl, start, nil)
		})
	} else {
		lo, hi := -64, 64
		if wld {
			lo, hi = -1, 1
		}
		w := newWorker(e, pos.Rules, 0)
		v := w.rulesSolve(&pos, lo, hi, infiniteDepth, 0)
		w.record(&res, !w.stopped, v, empties, start, !wld, wld)
		w.pollStop()
		res.Nodes = e.nodes.Load()
	}
	if wld {
		res.Score = max(-1, min(1, res.Score))
	}
	res.Elapsed = time.Since(start)
	if e.solved != nil {
		e.solved.Put(pos, res)
	}
	return res
}
