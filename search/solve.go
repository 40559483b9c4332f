package search

import (
	"context"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Solve searches pos to the end of the game. With wld it proves only the
// sign of the score (win, loss or draw), which is faster. The result's Score
// is the exact disc difference for the side to move (or -1, 0, 1 with wld).
func (e *Engine) Solve(ctx context.Context, pos bitboard.Position, wld bool) Result {
	start := time.Now()
	e.stop.Store(false)
	defer context.AfterFunc(ctx, e.Stop)()
	e.tt.NewSearch()
	w := newWorker(e, pos.Rules)
	alpha, beta := -64, 64
	if wld {
		alpha, beta = -1, 1
	}
	var score int
	if pos.Rules.Variant == bitboard.Othello {
		score = w.endPVS(pos.Board.P, pos.Board.O, alpha, beta, pos.Board.NumEmpties(), 0)
	} else {
		score = w.rulesSolve(&pos, alpha, beta, 0)
	}
	if wld {
		score = max(-1, min(1, score))
	}
	res := Result{Info: Info{
		Depth: pos.Board.NumEmpties(), Selectivity: 100, Exact: !wld, WLD: wld,
		Score: score, PV: w.pvMoves(), Nodes: w.nodes, Elapsed: time.Since(start),
	}}
	res.Stopped = w.stopped
	res.Move = bitboard.PassMove
	if len(res.PV) > 0 {
		res.Move = res.PV[0]
	}
	return res
}
