package search

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// infiniteDepth asks rulesSolve to search to the end of the game.
const infiniteDepth = 1000

// rulesSolve is the search for rule sets the fast path cannot take: classic
// Reversi, where a player who has placed 32 discs cannot move, so the board
// alone does not tell who may play. It is a plain alpha-beta over Position
// with fastest-first ordering and no hashing, to depth plies (evaluated
// there) or to the end: correct under any rules, and fast enough for the
// late classic endgames where the supply matters.
func (w *worker) rulesSolve(pos *bitboard.Position, alpha, beta, depth, ply int) int {
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
		v := -w.rulesSolve(&q, -beta, -alpha, depth, ply+1)
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
		v := -w.rulesSolve(&child, -beta, -max(alpha, best), depth-1, ply+1)
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
