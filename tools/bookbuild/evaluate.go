package bookbuild

import (
	"context"
	"errors"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
)

// EvalConfig says which leaves Evaluate searches and how it reports.
type EvalConfig struct {
	Effort book.Effort
	// Deepen also searches again the leaves valued at a smaller depth than
	// Effort's (not exact ones). Without it only new positions and leaves
	// whose move has since entered the book are searched.
	Deepen bool
	Shard  shard.Shard // the part of the book to search; zero for all of it
	// Checkpoint, when set, is called after every Every positions with the
	// book negamaxed, typically to save it.
	Checkpoint func() error
	Every      int
	// Progress, when set, is called after each position with the number
	// searched and the number to search.
	Progress func(done, total int)
}

// Pending returns the number of positions of the shard whose leaf
// Evaluate would search.
func Pending(b *book.Book, e book.Effort, deepen bool, sh shard.Shard) int {
	return len(pending(b, e, deepen, sh))
}

// pending returns the boards of the shard to search, in key order.
func pending(b *book.Book, e book.Effort, deepen bool, sh shard.Shard) []bitboard.Board {
	var out []bitboard.Board
	for _, c := range b.Pending(e, deepen) {
		if owns(sh, c) {
			out = append(out, c)
		}
	}
	return out
}

// Evaluate searches the leaves of the pending positions (see EvalConfig),
// one position at a time on each searcher, then runs Negamax. It returns
// the number of positions searched. When ctx is cancelled it keeps the
// leaves found so far and returns ctx's error; running it again resumes.
// Each leaf depends on nothing but the book's positions, so the same book
// comes out whatever the number of searchers, the shards or the
// interruptions (with single-threaded engines).
func Evaluate(ctx context.Context, b *book.Book, searchers []book.Searcher, cfg EvalConfig) (int, error) {
	if err := cfg.Effort.Check(); err != nil {
		return 0, err
	}
	if len(searchers) == 0 {
		return 0, errors.New("evaluate: no searcher")
	}
	todo := pending(b, cfg.Effort, cfg.Deepen, cfg.Shard)
	type result struct {
		key bitboard.Board
		lf  book.Leaf
	}
	var checkpoint func() error
	if cfg.Checkpoint != nil {
		checkpoint = func() error {
			b.Negamax()
			return cfg.Checkpoint()
		}
	}
	done := 0
	// Workers only read which boards the book holds, which stays unchanged
	// here; deliver alone changes the positions.
	err := pool.Run(ctx, todo, func(ctx context.Context, w int, c bitboard.Board) (result, error) {
		lf, ok := b.SearchLeaf(ctx, searchers[w], c, cfg.Effort)
		if !ok {
			if err := ctx.Err(); err != nil {
				return result{}, err
			}
			return result{}, errLeafStopped
		}
		return result{c, lf}, nil
	}, func(res result) error {
		b.SetLeaf(res.key, res.lf)
		done++
		if cfg.Progress != nil {
			cfg.Progress(done, len(todo))
		}
		return nil
	}, pool.Options{Workers: len(searchers), Checkpoint: checkpoint, Every: cfg.Every})
	b.Negamax()
	if err == nil {
		err = ctx.Err()
	}
	return done, err
}

// errLeafStopped reports a leaf search that stopped before it finished
// while the context was still live.
var errLeafStopped = errors.New("evaluate: a leaf search stopped before it finished")

// owns reports whether shard s holds canonical board c.
func owns(s shard.Shard, c bitboard.Board) bool { return s.Owns(c.Hash()) }
