package search

import (
	"context"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Solve searches pos to the end of the game on the engine's threads. With
// wld it proves only the sign of the score (win, loss or draw), which is
// faster. The result's Score is the exact disc difference for the side to
// move under the position's scoring (or -1, 0, 1 with wld).
func (e *Engine) Solve(ctx context.Context, pos bitboard.Position, wld bool) Result {
	return e.SolveInfo(ctx, pos, wld, nil)
}

// SolveInfo is Solve calling info (when not nil) after each completed
// iteration: the midgame searches, the selective searches to the end,
// then the solve itself; a display shows the solve's progress with them.
func (e *Engine) SolveInfo(ctx context.Context, pos bitboard.Position, wld bool, info func(Info)) Result {
	start := time.Now()
	defer e.acquire(ctx, Limits{}, 0)()
	if res, ok := finishedGame(pos); ok {
		return res
	}
	if e.solved != nil {
		if res, ok := e.solved.Get(pos, wld); ok {
			res.Elapsed = time.Since(start)
			if info != nil {
				info(res.Info)
			}
			return res
		}
	}
	empties := pos.Board.NumEmpties()
	var res Result
	if pos.Rules.Variant == bitboard.Othello {
		// The same iterations as Search: midgame searches, cut by probcut at
		// solvePreselectivity, fill the table with best moves and give the
		// solve its aspiration window.
		pl := plan{maxDepth: 60, selectivity: solvePreselectivity, exact: !wld, wld: wld}
		res = e.parallel(pos.Rules, func(w *worker) Result {
			return w.iterate(pos.Board.P, pos.Board.O, pl, start, info)
		})
	} else {
		lo, hi := -64, 64
		if wld {
			lo, hi = -1, 1
		}
		w := newWorker(e, pos.Rules, 0)
		v := w.classicSolve(&pos, lo, hi, infiniteDepth, 0)
		if w.record(&res, !w.stopped, v, empties, start, !wld, wld) {
			w.publish(res, info)
		}
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
