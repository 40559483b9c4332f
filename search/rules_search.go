package search

import (
	"math/bits"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// searchRules is Search for rule sets other than Othello (classic Reversi):
// iterative deepening of the rules-aware PVS, which is slower than the
// bitboard search but knows the free opening and the disc supply.
func (e *Engine) searchRules(pos bitboard.Position, pl plan, start time.Time, info func(Info)) Result {
	w := newWorker(e, pos.Rules, 0)
	empties := pos.Board.NumEmpties()
	best := Result{Move: bitboard.PassMove}
	if m := pos.Moves(); m != 0 {
		best.Move = bits.TrailingZeros64(m)
	}
	for depth := 1; depth <= min(pl.maxDepth, empties); depth++ {
		exact := depth >= empties
		if depth == empties || empties <= pl.exact {
			depth, exact = infiniteDepth, true
		}
		v := w.rulesSolve(&pos, -infScore, infScore, depth, 0)
		if !w.record(&best, !w.stopped, v, min(depth, empties), start, exact, false) {
			break
		}
		w.publish(best, info)
		if exact || (pl.soft > 0 && time.Since(start) > pl.soft) {
			break
		}
	}
	w.pollStop()
	best.Nodes = e.nodes.Load()
	return best
}
