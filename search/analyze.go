package search

import (
	"context"
	"math/bits"
	"slices"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Analyze values every legal move of pos, best first: each move's position
// is searched with the limits (one ply or level less deep, and an equal
// share of any time or nodes), and its value negated. A forced pass gives one entry for the pass.
// It stops early, with the moves valued so far, when ctx is cancelled.
func (e *Engine) Analyze(ctx context.Context, pos bitboard.Position, lim Limits) []MoveValue {
	if pos.GameOver() {
		return nil
	}
	moves := pos.Moves()
	n := max(1, bits.OnesCount64(moves))
	child := lim
	if lim.Depth > 0 {
		child.Depth = max(1, lim.Depth-1)
	}
	if lim.Level > 0 {
		child.Level = max(1, lim.Level-1)
	}
	child.Time = lim.Time / time.Duration(n)
	child.Clock = Clock{}
	if lim.Nodes > 0 {
		child.Nodes = max(1, lim.Nodes/uint64(n))
	}
	var out []MoveValue
	value := func(move int, next bitboard.Position) {
		r := e.Search(ctx, next, child, nil)
		done := !r.Stopped
		out = append(out, MoveValue{Move: move, Score: -r.Score, Exact: r.Exact && done, WLD: r.WLD && done,
			Depth: r.Depth, PV: append([]int{move}, r.PV...)})
	}
	if moves == 0 {
		value(bitboard.PassMove, pos.Pass())
	}
	for ; moves != 0 && ctx.Err() == nil; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		value(sq, pos.Play(sq))
	}
	slices.SortStableFunc(out, func(a, b MoveValue) int { return b.Score - a.Score })
	return out
}
