package label

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/tools/dataset"
)

// drawing draws the one position that game g (whose positions are ps)
// gives to label, on pool worker w, or reports false when it has none;
// done releases what the draws held (the capturers' engines).
type drawing struct {
	draw func(ctx context.Context, w int, g *game, ps []bitboard.Position) (bitboard.Position, bool, error)
	done func()
}

// gameRand returns the generator of a game's draws, seeded by seed and the
// game's boards, so that a game draws the same positions whatever file or
// order it comes in.
func gameRand(ps []bitboard.Position, seed uint64) *rand.Rand {
	h := fnv.New64a()
	for k := range ps[:len(ps)-1] {
		b := ps[k].Board
		fmt.Fprintf(h, "%x%x", b.P, b.O) // the draws of docs/training.md's sets depend on this text
	}
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// labelDrawn labels at most one position drawn from each game (a deviation
// or a capture), solved exactly or searched (valuer.value), so that the
// labels measure or teach the positions that a search meets in its trees
// more than games do. The values are cached like the others; the draws are
// made again on each run, the same each time.
func labelDrawn(ctx context.Context, v *valuer, games []game, d drawing) ([]dataset.Label, error) {
	vals, err := v.load()
	if err != nil {
		return nil, err
	}
	var progress *pool.Progress
	if !v.quiet {
		progress = pool.NewProgress(os.Stderr, "label: drew from", "games")
	}
	idx := make([]int, len(games))
	for i := range idx {
		idx[i] = i
	}
	var drawn []bitboard.Position
	err = pool.Run(ctx, idx, func(ctx context.Context, w, i int) ([]bitboard.Position, error) {
		ps, err := games[i].replay()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", games[i].name, err)
		}
		p, ok, err := d.draw(ctx, w, &games[i], ps)
		if err != nil || !ok {
			return nil, err
		}
		return []bitboard.Position{p}, nil
	}, func(p []bitboard.Position) error {
		drawn = append(drawn, p...)
		return nil
	}, pool.Options{Workers: v.workers, Progress: progress})
	d.done()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("interrupted while drawing the positions; run the same command again to resume (the values in %s are kept)", v.solvedPath)
	}
	if err != nil {
		return nil, err
	}
	children := make([]bitboard.Board, len(drawn)) // canonical
	var jobs []job
	queued := map[bitboard.Board]bool{}
	for i, p := range drawn {
		children[i], _ = p.Board.Canonical()
		if v.queue(children[i], vals, queued) {
			jobs = append(jobs, job{p})
		}
	}
	if !v.quiet {
		fmt.Fprintf(os.Stderr, "label: %d positions drawn from %d games, %d to value\n", len(children), len(games), len(jobs))
	}
	if err := v.run(ctx, jobs, len(jobs), vals); err != nil || v.shard.Count > 1 {
		return nil, err
	}
	raw := make([]dataset.Label, len(children))
	for i, c := range children {
		raw[i] = dataset.Label{P: c.P, O: c.O, Score: vals[c].score, Exact: vals[c].exact, Count: 1}
	}
	return dedup(raw, nil), nil // one value a board: no two scores to disagree
}
