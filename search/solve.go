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
	start := time.Now()
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
	lo, hi := -64, 64
	if wld {
		lo, hi = -1, 1
	}
	empties := pos.Board.NumEmpties()
	var res Result
	if pos.Rules.Variant == bitboard.Othello {
		res = e.parallel(pos.Rules, func(w *worker) Result {
			w.setRoot(pos.Board.P, pos.Board.O)
			v := w.pvs(pos.Board.P, pos.Board.O, lo, hi, empties, 0)
			var r Result
			w.record(&r, !w.stopped, v, empties, start, !wld, wld)
			return r
		})
	} else {
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
