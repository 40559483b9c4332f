package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/tools/dataset"
)

// runConfig is one self-play run.
type runConfig struct {
	out     string
	header  dataset.GamesHeader
	starts  *openings // nil: the standard start
	eval    eval.Evaluator
	total   int // games in the whole run, all shards together
	workers int
	every   time.Duration // checkpoint interval
	quiet   bool          // no progress lines (tests)
}

// run plays the shard's games that cfg.out does not hold yet, rewriting
// cfg.out atomically at every checkpoint and at the end.
func run(ctx context.Context, cfg runConfig) error {
	var games []dataset.SelfPlayGame
	had, err := exists(cfg.out)
	if err != nil {
		return err
	}
	if had {
		h, g, err := dataset.ReadGames(cfg.out)
		if err != nil {
			return err
		}
		// A run goes on in the format it began in.
		cfg.header.Format = h.Format
		if h.MPC == "" && cfg.header.MPC != "" {
			return fmt.Errorf("%s does not name the Multi-ProbCut model its games were played with (written before headers did), so this build may play other games: start a new file", cfg.out)
		}
		if h != cfg.header {
			return fmt.Errorf("%s holds games of another run:\n  file: %v\n  this: %v", cfg.out, h, cfg.header)
		}
		games = g
	}
	done := make(map[int]bool, len(games))
	for _, g := range games {
		done[g.Index] = true
	}
	sh := shard.Shard{Index: cfg.header.Shard, Count: cfg.header.Shards}
	todo := shardIndices(sh, cfg.total, done)
	if len(todo) == 0 {
		if !had {
			return dataset.WriteGames(cfg.out, cfg.header, games)
		}
		return nil
	}
	var progress *pool.Progress
	if !cfg.quiet {
		progress = pool.NewProgress(os.Stderr, fmt.Sprintf("selfplay: shard %v (%d games before this run)", sh, len(games)), "games")
	}
	played := 0
	err = pool.Run(ctx, todo, func(ctx context.Context, _ int, i int) (dataset.SelfPlayGame, error) {
		return playGame(ctx, cfg.header, cfg.starts, cfg.eval, i)
	}, func(g dataset.SelfPlayGame) error {
		games = append(games, g)
		played++
		return nil
	}, pool.Options{
		Workers: cfg.workers,
		Checkpoint: func() error {
			sortGames(games)
			return dataset.WriteGames(cfg.out, cfg.header, games)
		},
		Interval: max(cfg.every, time.Nanosecond), // --checkpoint 0: after every game that Spacing lets
		Spacing:  pool.GrowingFileSpacing,
		Progress: progress,
	})
	// The games played are kept, also after a failure.
	sortGames(games)
	if werr := dataset.WriteGames(cfg.out, cfg.header, games); werr != nil {
		return werr
	}
	if err != nil && !errors.Is(err, ctx.Err()) {
		return err
	}
	if played < len(todo) {
		return fmt.Errorf("interrupted: %s holds %d games; run the same command again to resume", cfg.out, len(games))
	}
	return nil
}
