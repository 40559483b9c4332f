package selfplay

import (
	"context"
	"errors"
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// hashMB sizes each game's transposition table.
const hashMB = 16

// errStopped reports a game abandoned because the run was interrupted.
var errStopped = errors.New("stopped")

// playGame plays game index of the run described by h, from one of the
// openings when there are any. The game depends only on h and index: its
// opening and random moves are dataset.DrawPrefix's, and it gets a fresh
// engine on one thread with no cache kept across games, searching with the
// header's Multi-ProbCut model, so any machine replays it identically.
func playGame(ctx context.Context, h dataset.GamesHeader, starts *openings, ev eval.Evaluator, index int) (dataset.SelfPlayGame, error) {
	var list [][]int
	if starts != nil {
		list = starts.list
	}
	prefix, pos, err := dataset.DrawPrefix(h, index, list)
	if err != nil {
		return dataset.SelfPlayGame{}, err // readOpenings replayed them: a bug
	}
	g := dataset.SelfPlayGame{Index: index, Random: len(prefix), Moves: prefix}
	mpc, err := search.ParseProbcutModel(h.MPC)
	if err != nil {
		return g, fmt.Errorf("the header's mpc: %w", err) // Run wrote it: a bug
	}
	eng, err := search.New(search.Options{HashMB: hashMB, Threads: 1, Eval: ev, Probcut: &mpc})
	if err != nil {
		return g, err
	}
	defer eng.Close()
	for !pos.GameOver() {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		var res search.Result
		if pos.Board.NumEmpties() <= h.Exact {
			res = eng.Solve(ctx, pos, false)
		} else {
			res = eng.Search(ctx, pos, search.Limits{Depth: h.Depth, Selectivity: h.Selectivity}, nil)
		}
		if res.Stopped {
			return g, errStopped
		}
		move := res.Move
		if h.HasScores() {
			g.Scores = append(g.Scores, res.Score)
		}
		if !pos.Legal(move) {
			return g, fmt.Errorf("game %d: the engine chose illegal move %s in %s",
				index, bitboard.SquareName(move), bitboard.BoardString(pos.Board, pos.Side))
		}
		g.Moves = append(g.Moves, move)
		pos = pos.Play(move)
	}
	b, w := pos.FinalCounts()
	g.Score = b - w
	return g, nil
}
