package book

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/search"
)

// Searcher is what the book needs of a search engine to value leaves;
// *search.Engine is one. NewGame is called before each position so that a
// leaf's value never depends on what was searched before: a build is then
// deterministic, resumable and splittable (with a single-threaded engine).
type Searcher interface {
	NewGame()
	Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result
}

// Effort is how deeply leaves are searched: a midgame Depth in plies or an
// Edax-style search Level, exactly one of them set, at least 2 (the moves
// out of a position are searched one ply shallower than the position).
type Effort struct{ Depth, Level int }

// Check reports whether exactly one of depth and level is set, within
// 2..search.MaxLevel.
func (e Effort) Check() error {
	if (e.Depth == 0) == (e.Level == 0) {
		return errors.New("set one of depth and level")
	}
	if n := e.Depth + e.Level; n < 2 || n > search.MaxLevel {
		return fmt.Errorf("%v: want 2..%d", e, search.MaxLevel)
	}
	return nil
}

// String names the effort: "depth 8" or "level 10".
func (e Effort) String() string {
	if e.Level > 0 {
		return fmt.Sprintf("level %d", e.Level)
	}
	return fmt.Sprintf("depth %d", e.Depth)
}

// limits returns the search limits of a position and of its moves.
func (e Effort) limits() (node, child search.Limits) {
	if e.Level > 0 {
		return search.Limits{Level: e.Level}, search.Limits{Level: e.Level - 1}
	}
	return search.Limits{Depth: e.Depth}, search.Limits{Depth: e.Depth - 1}
}

// EvalConfig says which leaves Evaluate searches and how it reports.
type EvalConfig struct {
	Effort Effort
	// Deepen also searches again the leaves valued at a smaller depth than
	// Effort's (not exact ones). Without it only new positions and leaves
	// whose move has since entered the book are searched.
	Deepen bool
	Shard  Shard // the part of the book to search; zero for all of it
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
func (b *Book) Pending(e Effort, deepen bool, sh Shard) int {
	return len(b.pending(e, deepen, sh))
}

// pending returns the records to search, in key order.
func (b *Book) pending(e Effort, deepen bool, sh Shard) []int32 {
	want := uint8(e.Depth + e.Level)
	var out []int32
	for i := range b.recs {
		r := &b.recs[i]
		if !owns(sh, r.key) {
			continue
		}
		if r.depth == 0 || b.leafStale(r) || (deepen && r.flags&flagExact == 0 && r.depth < want) {
			out = append(out, int32(i))
		}
	}
	slices.SortFunc(out, func(i, j int32) int { return compareBoards(b.recs[i].key, b.recs[j].key) })
	return out
}

// leaf is a searched best move out of the book.
type leaf struct {
	sq    uint8 // noSquare when every move leads into the book
	value int8
	exact bool
}

// Evaluate searches the leaves of the pending positions (see EvalConfig),
// one position at a time on each searcher, then runs Negamax. It returns
// the number of positions searched. When ctx is cancelled it keeps the
// leaves found so far and returns ctx's error; running it again resumes.
func (b *Book) Evaluate(ctx context.Context, searchers []Searcher, cfg EvalConfig) (int, error) {
	if err := cfg.Effort.Check(); err != nil {
		return 0, err
	}
	if len(searchers) == 0 {
		return 0, errors.New("evaluate: no searcher")
	}
	todo := b.pending(cfg.Effort, cfg.Deepen, cfg.Shard)
	type job struct {
		i   int32
		key bitboard.Board
	}
	type result struct {
		i  int32
		lf leaf
	}
	jobs := make([]job, len(todo))
	for k, i := range todo {
		jobs[k] = job{i, b.recs[i].key}
	}
	var checkpoint func() error
	if cfg.Checkpoint != nil {
		checkpoint = func() error {
			b.Negamax()
			return cfg.Checkpoint()
		}
	}
	done := 0
	// Workers read only the index (which moves lead into the book), which
	// stays unchanged here; deliver alone touches the records.
	err := pool.Run(ctx, jobs, func(ctx context.Context, w int, j job) (result, error) {
		lf, ok := b.searchLeaf(ctx, searchers[w], j.key, cfg.Effort)
		if !ok {
			if err := ctx.Err(); err != nil {
				return result{}, err
			}
			return result{}, errLeafStopped
		}
		return result{j.i, lf}, nil
	}, func(res result) error {
		r := &b.recs[res.i]
		r.leaf, r.leafValue, r.depth = res.lf.sq, res.lf.value, uint8(cfg.Effort.Depth+cfg.Effort.Level)
		r.flags &^= flagExact
		if res.lf.exact {
			r.flags |= flagExact
		}
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

// searchLeaf finds the best move of canonical board c that leaves the
// book, and its value. It searches the whole position first: when the best
// move leaves the book that settles it; otherwise it searches each move
// out of the book one ply shallower and keeps the best (the lowest square
// on ties). ok is false when the search was stopped.
func (b *Book) searchLeaf(ctx context.Context, s Searcher, c bitboard.Board, e Effort) (lf leaf, ok bool) {
	var out uint64
	for moves := c.Moves(); moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		if st := follow(c, sq); st.over || !b.has(st.key) {
			out |= bitboard.Bit(sq)
		}
	}
	if out == 0 {
		return leaf{sq: noSquare}, true
	}
	// The colour matters to no evaluation; guess it from the disc count.
	pos := bitboard.FromBoard(c, bitboard.Color(ply(c)&1), bitboard.DefaultRules(bitboard.Othello))
	node, child := e.limits()
	s.NewGame()
	r := s.Search(ctx, pos, node, nil)
	if r.Stopped || ctx.Err() != nil {
		return leaf{}, false
	}
	if r.Move >= 0 && out&bitboard.Bit(r.Move) != 0 {
		return leaf{uint8(r.Move), int8(r.Score), r.Exact}, true
	}
	lf = leaf{sq: noSquare, value: -65}
	for ; out != 0; out &= out - 1 {
		sq := bits.TrailingZeros64(out)
		v, exact := 0, true
		if st := follow(c, sq); st.over {
			v = st.final
		} else {
			r := s.Search(ctx, pos.Play(sq), child, nil)
			if r.Stopped || ctx.Err() != nil {
				return leaf{}, false
			}
			v, exact = -r.Score, r.Exact
		}
		if v > int(lf.value) {
			lf = leaf{uint8(sq), int8(v), exact}
		}
	}
	return lf, true
}

// has reports whether canonical board c is in the book. It reads only the
// index, so workers may call it while another goroutine updates records.
func (b *Book) has(c bitboard.Board) bool {
	_, ok := b.index[c]
	return ok
}
