package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/tools/dataset"
)

// runConfig is one self-play run.
type runConfig struct {
	out     string
	header  dataset.GamesHeader
	eval    eval.Evaluator
	total   int // games in the whole run, all shards together
	workers int
	every   time.Duration // checkpoint interval
	quiet   bool          // no progress lines (tests)
}

// result is a finished game or the error that ended it.
type result struct {
	game dataset.Game
	err  error
}

// run plays the shard's games that cfg.out does not hold yet, rewriting
// cfg.out atomically at every checkpoint and at the end.
func run(ctx context.Context, cfg runConfig) error {
	var games []dataset.Game
	had, err := exists(cfg.out)
	if err != nil {
		return err
	}
	if had {
		h, g, err := dataset.ReadGames(cfg.out)
		if err != nil {
			return err
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
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range cfg.workers {
		wg.Go(func() {
			for i := range jobs {
				g, err := playGame(ctx, cfg.header, cfg.eval, i)
				results <- result{g, err}
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	start, last, shown := time.Now(), time.Now(), time.Time{}
	before, played := len(games), 0
	var firstErr error
	for r := range results {
		switch {
		case errors.Is(r.err, errStopped):
			continue
		case r.err != nil:
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		games = append(games, r.game)
		played++
		if !cfg.quiet && (time.Since(shown) >= time.Second || played == len(todo)) {
			shown = time.Now()
			rate := float64(played) / time.Since(start).Seconds()
			fmt.Fprintf(os.Stderr, "\rselfplay: shard %d/%d: %d/%d games (%d before this run), %.2f games/s, eta %v   ",
				sh.Index, sh.Count, before+played, before+len(todo), before, rate,
				time.Duration(float64(len(todo)-played)/rate*float64(time.Second)).Round(time.Second))
		}
		if time.Since(last) >= cfg.every {
			sortGames(games)
			if err := dataset.WriteGames(cfg.out, cfg.header, games); err != nil {
				cancel()
				return err
			}
			last = time.Now()
		}
	}
	if !cfg.quiet {
		fmt.Fprintln(os.Stderr)
	}
	sortGames(games)
	if err := dataset.WriteGames(cfg.out, cfg.header, games); err != nil {
		return err
	}
	if firstErr != nil {
		return firstErr
	}
	if played < len(todo) {
		return fmt.Errorf("interrupted: %s holds %d games; run the same command again to resume", cfg.out, len(games))
	}
	return nil
}
