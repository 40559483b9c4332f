// Package review values the moves of played games: for each move the best
// move and its value, the value of the move played, the loss in discs and a
// mark (inaccuracy, mistake, blunder) at configurable thresholds, then totals
// per player, and the move table that "sable review" prints and GTP's
// sable-review answers. Values come from the opening book where the position
// is in it, from the exact solver from Config.Exact empties, and from a
// search at Config.Level before that.
//
// It is the engine's part of a review; runs over many games (resumable,
// sharded) and their plots and HTML pages are tools/reviewreport's.
package review

import (
	"context"
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/search"
)

// PlayedGame is one game to review: its start and the moves played.
type PlayedGame struct {
	Index        int // the game's number in its file, from 1
	Black, White string
	Start        bitboard.Position // the start, with the game's rules
	// Moves are the moves played; passes may be written (bitboard.PassMove)
	// or left out, as bitboard.Replay takes them.
	Moves []int
}

// Source says where a move's values come from.
type Source uint8

const (
	// Searched values come from a midgame search at the configured level.
	Searched Source = iota
	// Solved values are exact final scores from the endgame solver.
	Solved
	// Book values come from the opening book's negamax.
	Book
)

// String names the source as the move table shows it.
func (s Source) String() string {
	switch s {
	case Solved:
		return "exact"
	case Book:
		return "book"
	}
	return "search"
}

// Move is the review of one move. Values are disc differences at the end of
// the game, from the mover's side.
type Move struct {
	Number      int            `json:"n"`     // moves made before it plus one; passes are not counted
	Color       bitboard.Color `json:"color"` // the mover
	Empties     int            `json:"empties"`
	Played      int            `json:"played"`
	Best        int            `json:"best"`
	PlayedValue int            `json:"playedValue"`
	BestValue   int            `json:"bestValue"`
	Loss        int            `json:"loss"`   // BestValue - PlayedValue, never negative
	Source      Source         `json:"source"` // of the best value; the played value comes from the same or a deeper source
	Exact       bool           `json:"exact"`  // both values are exact final scores
}

// Config says how deeply a Reviewer values moves.
type Config struct {
	// Level is the Edax-style search level of the values before Exact.
	Level int
	// Exact is the number of empties from which values are solved exactly.
	Exact int
	// Book, when not nil, gives the values of the positions it holds
	// (Othello rules with WOF scoring only: the rules its values are for).
	Book *book.Book
	// BeforeMove, when set, runs before each move is valued (not those an
	// earlier run's review gives): a caller counts or interrupts the work
	// with it.
	BeforeMove func()
}

// Searcher is what a Reviewer needs of an engine: a *search.Engine, or the
// engine of a protocol session.
type Searcher interface {
	Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result
	Solve(ctx context.Context, pos bitboard.Position, wld bool) search.Result
}

// Reviewer values the moves of games with one engine.
type Reviewer struct {
	eng Searcher
	cfg Config
}

// NewReviewer returns a reviewer searching with eng.
func NewReviewer(eng Searcher, cfg Config) *Reviewer {
	cfg.Level = max(1, min(search.MaxLevel, cfg.Level))
	return &Reviewer{eng: eng, cfg: cfg}
}

// Game reviews the moves of g that done does not hold yet: done is the
// review of the game's first moves from an earlier, interrupted run. Each
// move reviewed is passed to progress (when not nil). When ctx is
// cancelled it returns the moves reviewed so far with ctx's error; an
// illegal move fails the game, naming it.
func (r *Reviewer) Game(ctx context.Context, g PlayedGame, done []Move, progress func(Move)) ([]Move, error) {
	out := append([]Move(nil), done...)
	pos := g.Start
	number := 0
	for i, m := range g.Moves {
		if m == bitboard.PassMove {
			if pos.Moves() != 0 || pos.GameOver() {
				return out, fmt.Errorf("game %d, move %d: pass while a move exists or after the end", g.Index, i+1)
			}
			pos = pos.Pass()
			continue
		}
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if !pos.Legal(m) {
			return out, fmt.Errorf("game %d, move %d: illegal move %s", g.Index, i+1, bitboard.SquareName(m))
		}
		number++
		if number <= len(done) {
			if done[number-1].Played != m {
				return out, fmt.Errorf("game %d, move %d: the checkpoint has %s, the game %s",
					g.Index, number, bitboard.SquareName(done[number-1].Played), bitboard.SquareName(m))
			}
		} else {
			if r.cfg.BeforeMove != nil {
				r.cfg.BeforeMove()
			}
			mv, err := r.Move(ctx, pos, m)
			if err != nil {
				return out, err
			}
			mv.Number = number
			out = append(out, mv)
			if progress != nil {
				progress(mv)
			}
		}
		pos = pos.Play(m)
	}
	return out, nil
}

// Move reviews the move played in pos; Number is left for the caller.
func (r *Reviewer) Move(ctx context.Context, pos bitboard.Position, played int) (Move, error) {
	mv := Move{Color: pos.Side, Empties: pos.Board.NumEmpties(), Played: played}
	known := false // the played move's value
	if moves := r.bookMoves(pos); len(moves) > 0 {
		mv.Best, mv.BestValue, mv.Source = moves[0].Square, moves[0].Value, Book
		for _, m := range moves {
			if m.Square == played {
				mv.PlayedValue, known = m.Value, true
			}
		}
	} else {
		best, err := r.value(ctx, pos, r.cfg.Level)
		if err != nil {
			return mv, err
		}
		mv.Best, mv.BestValue, mv.Exact = best.Move, best.Score, best.Exact
		if mv.Exact {
			mv.Source = Solved
		}
		if played == mv.Best {
			mv.PlayedValue, known = mv.BestValue, true
		}
	}
	if !known {
		// The played move is valued one level less deep from the position
		// after it, as search.Analyze values moves, so that both values
		// look equally far ahead.
		after, err := r.value(ctx, pos.Play(played), r.cfg.Level-1)
		if err != nil {
			return mv, err
		}
		mv.PlayedValue, mv.Exact = -after.Score, mv.Exact && after.Exact
	}
	settle(&mv)
	return mv, nil
}

// settle computes the loss. A searched played move can look better than
// the move the search chose (the searches saw different trees): it is then
// the best move known, and nothing was lost.
func settle(mv *Move) {
	if mv.PlayedValue > mv.BestValue {
		mv.Best, mv.BestValue = mv.Played, mv.PlayedValue
	}
	mv.Loss = mv.BestValue - mv.PlayedValue
}

// value searches pos at level, or solves it from the configured empties.
func (r *Reviewer) value(ctx context.Context, pos bitboard.Position, level int) (search.Result, error) {
	var res search.Result
	if pos.Board.NumEmpties() <= r.cfg.Exact {
		res = r.eng.Solve(ctx, pos, false)
	} else {
		res = r.eng.Search(ctx, pos, search.Limits{Level: max(1, level)}, nil)
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
}

// bookMoves returns the book's moves of pos, best first, or none when
// there is no book, pos is not in it, or the game is not under the rules
// the book's values are for.
func (r *Reviewer) bookMoves(pos bitboard.Position) []book.Move {
	if r.cfg.Book == nil || pos.Rules != bitboard.DefaultRules(bitboard.Othello) {
		return nil
	}
	return r.cfg.Book.Moves(pos)
}
