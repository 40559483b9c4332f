package book

import (
	"context"
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// LearnConfig says which positions of a game Learn adds and how it values
// them.
type LearnConfig struct {
	Plies  int    // add positions with at most this many moves made; 0: DefaultLearnPlies
	Effort Effort // search of the new leaves
}

// DefaultLearnPlies is the opening length learned by default: past it,
// games rarely meet again.
const DefaultLearnPlies = 30

// Learn adds a game to the book: each of its positions within cfg.Plies
// counts one more game, positions new to the book are added, the leaves of
// the new positions (and of those whose leaf the game entered) are searched
// with s, and values are negamaxed. The game is moves played from start,
// passes written or not, under Othello rules (any scoring); it need not be
// finished. On an illegal move nothing changes.
func (b *Book) Learn(ctx context.Context, start bitboard.Position, moves []int, s Searcher, cfg LearnConfig) error {
	if start.Rules.Variant != bitboard.Othello {
		return fmt.Errorf("learn: the book holds Othello games, not %v", start.Rules.Variant)
	}
	if err := cfg.Effort.Check(); err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	keys, err := GameKeys(start, moves, len(moves))
	if err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	plies := cfg.Plies
	if plies == 0 {
		plies = DefaultLearnPlies
	}
	for _, k := range keys {
		if ply(k) <= plies {
			b.AddGames(k, 1)
		}
	}
	if err := b.evaluate(ctx, s, cfg.Effort); err != nil {
		return fmt.Errorf("learn: %w", err)
	}
	return nil
}
