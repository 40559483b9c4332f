// Package selfplay generates training games: an opening (the start of a
// game of a file, such as an XOT list or WTHOR), a few random moves, then
// a fixed-depth search for each move, and exact solving from --exact
// empties to the end, so the final score is the perfect-play value of every
// position from there. Games are numbered; game i depends only on the seed
// and i, so --shard i/n lets n machines split a run and --merge joins their
// files into the file one machine would have written. A run resumes: the
// games already in --out are kept and only the missing ones are played.
// "sable selfplay" runs it:
//
//	sable selfplay --out sp.games --games 200 --depth 4 --exact 16
//	sable selfplay --out sp1.games --games 200 --shard 1/4
//	sable selfplay --merge --out sp.games sp0.games sp1.games sp2.games sp3.games
package selfplay

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// Options are the settings of a self-play run.
type Options struct {
	Out   string // games file to write (resumed when it exists)
	Games int    // games in the whole run, all shards together
	// Openings is a game file whose games, cut to OpeningPlies moves, start
	// the games ("": the standard start).
	Openings     string
	OpeningPlies int
	Random       string // random moves after the opening: N or LO-HI
	Depth        int    // midgame search depth
	// Selectivity is the midgame search's probcut confidence in percent
	// (100: none).
	Selectivity int
	Exact       int // solve exactly at this many empties or fewer
	Seed        uint64
	// Eval plays the games; EvalName names it in the header (eval.Load).
	Eval     eval.Evaluator
	EvalName string
	// Probcut is Multi-ProbCut's error model for Eval, named in the header
	// too (nil: the embedded weights' fit, search.DefaultProbcut).
	Probcut *search.ProbcutModel
	Shard   string // i/n: play only the games i, i+n, i+2n, ...
	Workers int    // games played at once
	Every   time.Duration
}

// Run plays the games of the run that o.Out does not hold yet, showing
// progress on stderr; when ctx is done it saves what it has and stops.
func Run(ctx context.Context, o Options) error {
	if o.Out == "" {
		return errors.New("--out is required")
	}
	sh, err := shard.Parse(o.Shard)
	if err != nil {
		return err
	}
	random, err := span.Parse(o.Random, 60)
	if err != nil {
		return fmt.Errorf("--random: %w", err)
	}
	if o.Depth < 1 || o.Exact < 0 || o.Exact > 60 || o.Games < 0 || o.Workers < 1 || o.Selectivity < 1 || o.Selectivity > 100 {
		return errors.New("need --depth >= 1, 1 <= --selectivity <= 100, 0 <= --exact <= 60, --games >= 0, --workers >= 1")
	}
	if o.Eval == nil || o.EvalName == "" {
		return errors.New("no evaluation to play with")
	}
	var starts *openings
	if o.Openings != "" {
		if starts, err = readOpenings(o.Openings, o.OpeningPlies); err != nil {
			return err
		}
	}
	h := dataset.GamesHeader{Seed: o.Seed, RandomMin: random.Lo, RandomMax: random.Hi, Depth: o.Depth, Selectivity: o.Selectivity, Exact: o.Exact,
		Eval: o.EvalName, Shard: sh.Index, Shards: sh.Count, Format: dataset.Format5}
	mpc := search.DefaultProbcut()
	if o.Probcut != nil {
		mpc = *o.Probcut
	}
	h.MPC = mpc.String()
	if starts != nil {
		h.Openings = starts.name
	}
	return run(ctx, runConfig{out: o.Out, header: h, starts: starts, eval: o.Eval, total: o.Games, workers: o.Workers, every: o.Every})
}

// exists reports whether path exists.
func exists(path string) (bool, error) {
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// sortGames orders games by index.
func sortGames(games []dataset.SelfPlayGame) {
	slices.SortFunc(games, func(a, b dataset.SelfPlayGame) int { return a.Index - b.Index })
}
