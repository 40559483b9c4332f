package search

import (
	"math/bits"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Classic Reversi: the search for rule sets other than Othello.

// searchClassic is Search for classic Reversi: iterative deepening of
// classicSolve, which is slower than the bitboard search but knows the free
// opening and the disc supply.
func (e *Engine) searchClassic(pos bitboard.Position, pl plan, start time.Time, info func(Info)) Result {
	w := newWorker(e, pos.Rules, 0)
	empties := pos.Board.NumEmpties()
	best := Result{Move: bitboard.PassMove}
	if m := pos.Moves(); m != 0 {
		best.Move = bits.TrailingZeros64(m)
	}
	for depth := 1; depth <= min(pl.maxDepth, empties); depth++ {
		exact := depth >= empties
		if depth == empties || pl.exact {
			depth, exact = infiniteDepth, true
		}
		v := w.classicSolve(&pos, -infScore, infScore, depth, 0)
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

// infiniteDepth asks classicSolve to search to the end of the game.
const infiniteDepth = 1000

// classicSolve is the search for rule sets the fast path cannot take:
// classic Reversi, where a player who has placed 32 discs cannot move, so
// the board alone does not tell who may play. It is a plain alpha-beta over
// Position with fastest-first ordering and no hashing, to depth plies
// (evaluated there) or to the end: correct under any rules, and fast
// enough for the late classic endgames where the supply matters.
func (w *worker) classicSolve(pos *bitboard.Position, alpha, beta, depth, ply int) int {
	w.nodes++
	w.pvLen[ply] = 0
	if depth == 0 && !pos.GameOver() {
		return w.inc.Evaluate(pos.Board.P, pos.Board.O)
	}
	if w.nodes%stopCheckInterval == 0 {
		w.pollStop()
	}
	if w.stopped {
		return alpha
	}
	moves := pos.Moves()
	if moves == 0 {
		q := pos.Pass()
		if q.Moves() == 0 {
			return pos.Score()
		}
		v := -w.classicSolve(&q, -beta, -alpha, depth, ply+1)
		w.setPV(ply, bitboard.PassMove)
		return v
	}
	// Order by the opponent's mobility after the move, fewest first.
	var sqs [maxMoves]int
	var keys [maxMoves]int
	n := 0
	for ; moves != 0; moves &= moves - 1 {
		x := bits.TrailingZeros64(moves)
		child := pos.Play(x)
		k := bits.OnesCount64(child.Moves())
		i := n
		for ; i > 0 && keys[i-1] > k; i-- {
			sqs[i], keys[i] = sqs[i-1], keys[i-1]
		}
		sqs[i], keys[i] = x, k
		n++
	}
	best := -infScore
	for i := range n {
		child := pos.Play(sqs[i])
		v := -w.classicSolve(&child, -beta, -max(alpha, best), depth-1, ply+1)
		if v > best {
			best = v
			w.setPV(ply, sqs[i])
			if v >= beta {
				break
			}
		}
	}
	return best
}
