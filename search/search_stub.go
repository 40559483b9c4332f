package search

import (
	"context"

	"github.com/sable-othello/sable/bitboard"
)

// Search finds a move for pos within the limits, calling info (when not nil)
// after each completed iteration. It returns when the limits are reached,
// the context is cancelled, Stop is called, or the game is solved.
func (e *Engine) Search(ctx context.Context, pos bitboard.Position, lim Limits, info func(Info)) Result {
	return e.Solve(ctx, pos, false)
}

// Analyze values every legal move of pos within the limits, best first.
func (e *Engine) Analyze(ctx context.Context, pos bitboard.Position, lim Limits) []MoveValue {
	return nil
}
