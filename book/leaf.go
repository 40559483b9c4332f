package book

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
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

// Leaf is a position's best move out of the book and its searched value,
// in the position's canonical orientation.
type Leaf struct {
	Move  int // a square, or NoMove when every move leads into the book
	Value int // discs for the side to move
	Depth int // depth (or level) of the search; 0: not searched yet
	Exact bool
}

// Pending returns the canonical boards whose leaf a search at effort e is
// due for, in key order: new positions, those whose leaf move has since
// entered the book, and with deepen those searched less deeply (not
// exactly).
func (b *Book) Pending(e Effort, deepen bool) []bitboard.Board {
	want := uint8(e.Depth + e.Level)
	var out []bitboard.Board
	for _, i := range b.sorted() {
		r := &b.recs[i]
		if r.depth == 0 || b.leafStale(r) || (deepen && r.flags&flagExact == 0 && r.depth < want) {
			out = append(out, r.key)
		}
	}
	return out
}

// SearchLeaf finds the best move of canonical board c that leaves the book,
// and its value, searching with s at effort e. It searches the whole
// position first: when the best move leaves the book that settles it;
// otherwise it searches each move out of the book one ply shallower and
// keeps the best (the lowest square on ties). ok is false when the search
// was stopped. It reads only which boards the book holds, so searches may
// run in parallel while no position is added.
func (b *Book) SearchLeaf(ctx context.Context, s Searcher, c bitboard.Board, e Effort) (lf Leaf, ok bool) {
	depth := e.Depth + e.Level
	var out uint64
	for moves := c.Moves(); moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		if st := Follow(c, sq); st.Over || !b.has(st.Key) {
			out |= bitboard.Bit(sq)
		}
	}
	if out == 0 {
		return Leaf{Move: NoMove, Depth: depth}, true
	}
	// The colour matters to no evaluation; guess it from the disc count.
	pos := bitboard.FromBoard(c, bitboard.Color(ply(c)&1), bitboard.DefaultRules(bitboard.Othello))
	node, child := e.limits()
	s.NewGame()
	r := s.Search(ctx, pos, node, nil)
	if r.Stopped || ctx.Err() != nil {
		return Leaf{}, false
	}
	if r.Move >= 0 && out&bitboard.Bit(r.Move) != 0 {
		return Leaf{r.Move, r.Score, depth, r.Exact}, true
	}
	lf = Leaf{Move: NoMove, Value: -65, Depth: depth}
	for ; out != 0; out &= out - 1 {
		sq := bits.TrailingZeros64(out)
		v, exact := 0, true
		if st := Follow(c, sq); st.Over {
			v = st.Final
		} else {
			r := s.Search(ctx, pos.Play(sq), child, nil)
			if r.Stopped || ctx.Err() != nil {
				return Leaf{}, false
			}
			v, exact = -r.Score, r.Exact
		}
		if v > lf.Value {
			lf = Leaf{sq, v, depth, exact}
		}
	}
	return lf, true
}

// evaluate searches the leaves of the pending positions with s, one after
// the other, then runs Negamax; Learn values the positions a game adds
// with it (the builders of tools/bookbuild search on many engines). When
// ctx is cancelled it keeps the leaves found so far and returns ctx's
// error.
func (b *Book) evaluate(ctx context.Context, s Searcher, e Effort) error {
	defer b.Negamax()
	for _, c := range b.Pending(e, false) {
		lf, ok := b.SearchLeaf(ctx, s, c, e)
		if !ok {
			if err := ctx.Err(); err != nil {
				return err
			}
			return errLeafStopped
		}
		b.SetLeaf(c, lf)
	}
	return ctx.Err()
}

// errLeafStopped reports a leaf search that stopped before it finished
// while the context was still live.
var errLeafStopped = errors.New("evaluate: a leaf search stopped before it finished")

// has reports whether canonical board c is in the book. It reads only the
// index, so workers may call it while another goroutine updates records.
func (b *Book) has(c bitboard.Board) bool {
	_, ok := b.index[c]
	return ok
}
