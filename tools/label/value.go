package label

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// valuer computes the values the labels need: exact solves at few empties
// and, optionally, fixed-depth searches elsewhere. Values are kept by
// canonical board in cache files beside the output, rewritten atomically at
// checkpoints, so an interrupted run resumes where it stopped.
type valuer struct {
	exactEmpties int            // solve positions with this many empties or fewer
	searchDepth  int            // search the others to this depth (0: don't)
	resultWeight float64        // weight of the game's result in a searched label
	tdLambda     float64        // λ of the λ-return of recorded game scores (0: none)
	selectivity  int            // probcut confidence of the searches, percent (100: none)
	empties      *span.Span     // the empties of the positions labelled (nil: all)
	eval         eval.Evaluator // the evaluation of the searches
	workers      int
	every        time.Duration // checkpoint interval
	shard        shard.Shard   // value only the canonical boards this shard owns
	solvedPath   string        // cache of exact values
	searchPath   string        // cache of search values ("" without searches)
	merged       []string      // caches of merged shards, read first; they must exist
	quiet        bool
}

// solveHashMB sizes each worker's table for exact solves, kept from one
// solve to the next.
const solveHashMB = 64

// searchHashMB sizes the table of a worker's searches to depth d. It is
// cleared before each search, and clearing 64 MiB took 5 ms, 25 times a
// depth-4 search (942 nodes; depth 6 searched the same 9,816 nodes with 1
// MiB as with 64): 1 MiB to depth 4, doubling with each ply to 64 MiB from
// depth 10.
func searchHashMB(d int) int { return 1 << min(6, max(0, d-4)) }

// engines are one worker's engines, each made when first needed: the
// solver, and the searcher with its smaller table.
type engines struct{ solver, searcher *search.Engine }

// job is the positions of one game that need a value, in game order, so a
// worker's table carries over from each solve to the next.
type job []bitboard.Position

// needs reports whether position k of game g needs a computed value: a
// solve at few empties, a search elsewhere when searches are asked for.
// With a band of empties, only its positions are searched; a solve outside
// it is needed only when the band's labels may be interpolated towards it:
// without searches, or with a result weight.
func (v *valuer) needs(g *game, k int, p *bitboard.Position) bool {
	e := p.Board.NumEmpties()
	if k < g.skip || e <= g.perfectFrom || e == g.anchorEmpties {
		return false
	}
	inBand := v.empties == nil || v.empties.Contains(e)
	if e <= v.exactEmpties {
		return inBand || v.searchDepth == 0 || v.resultWeight > 0
	}
	return inBand && v.searchDepth > 0
}

// jobs returns the work left: the positions that need a value and that
// vals does not hold, each board once.
func (v *valuer) jobs(games []game, vals map[bitboard.Board]value) ([]job, int, error) {
	queued := map[bitboard.Board]bool{}
	var out []job
	n := 0
	for i := range games {
		g := &games[i]
		ps, err := g.replay()
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", g.name, err)
		}
		var j job
		for k := range ps[:len(ps)-1] {
			if !v.needs(g, k, &ps[k]) {
				continue
			}
			if c, _ := ps[k].Board.Canonical(); v.queue(c, vals, queued) {
				j = append(j, ps[k])
			}
		}
		if len(j) > 0 {
			out = append(out, j)
			n += len(j)
		}
	}
	return out, n, nil
}

// queue reports whether canonical board c still needs a value from this
// run: not in vals, not queued yet, and owned by this run's shard. It marks
// c queued.
func (v *valuer) queue(c bitboard.Board, vals map[bitboard.Board]value, queued map[bitboard.Board]bool) bool {
	if _, done := vals[c]; done || queued[c] || !v.shard.Owns(c.Hash()) {
		return false
	}
	queued[c] = true
	return true
}

// load reads the merged shards' caches and this run's caches that exist
// into a map of values.
func (v *valuer) load() (map[bitboard.Board]value, error) {
	vals := map[bitboard.Board]value{}
	for i, path := range append(slices.Clip(v.merged), v.solvedPath, v.searchPath) {
		if path == "" {
			continue
		}
		labels, _, err := dataset.ReadLabels(path)
		if errors.Is(err, fs.ErrNotExist) && i >= len(v.merged) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, l := range labels {
			vals[bitboard.Board{P: l.P, O: l.O}] = value{score: l.Score, exact: l.Exact}
		}
	}
	return vals, nil
}

// save rewrites the cache files from vals.
func (v *valuer) save(vals map[bitboard.Board]value) error {
	var solved, searched []dataset.Label
	for b, x := range vals {
		l := dataset.Label{P: b.P, O: b.O, Score: x.score, Exact: x.exact}
		if x.exact {
			solved = append(solved, l)
		} else {
			searched = append(searched, l)
		}
	}
	slices.SortFunc(solved, byBoard)
	if err := dataset.WriteLabels(v.solvedPath, solved); err != nil {
		return err
	}
	if v.searchPath == "" {
		return nil
	}
	slices.SortFunc(searched, byBoard)
	return dataset.WriteLabels(v.searchPath, searched)
}

// solved is a computed value of a canonical board.
type solved struct {
	board bitboard.Board
	value value
}

// run computes the values of the jobs into vals, saving the caches at each
// checkpoint and at the end, also when interrupted.
func (v *valuer) run(ctx context.Context, jobs []job, total int, vals map[bitboard.Board]value) error {
	workers := make([]engines, v.workers)
	defer func() {
		for _, w := range workers {
			for _, eng := range []*search.Engine{w.solver, w.searcher} {
				if eng != nil {
					eng.Close()
				}
			}
		}
	}()
	var progress *pool.Progress
	if !v.quiet {
		progress = pool.NewProgress(os.Stderr, "label: valued", "positions")
	}
	done := 0
	err := pool.Run(ctx, jobs, func(ctx context.Context, w int, j job) ([]solved, error) {
		return v.value(ctx, &workers[w], j)
	}, func(r []solved) error {
		for _, s := range r {
			vals[s.board] = s.value
		}
		done += len(r)
		return nil
	}, pool.Options{
		Workers:    v.workers,
		Size:       func(i int) int { return len(jobs[i]) },
		Checkpoint: func() error { return v.save(vals) },
		Interval:   max(v.every, time.Nanosecond), // --checkpoint 0: after every job that Spacing lets
		Spacing:    pool.GrowingFileSpacing,
		Progress:   progress,
	})
	if err != nil && !errors.Is(err, ctx.Err()) {
		return err
	}
	if err := v.save(vals); err != nil {
		return err
	}
	if done < total {
		return fmt.Errorf("interrupted after %d of %d positions (kept in %s); run the same command again to resume",
			done, total, v.solvedPath)
	}
	return nil
}

// errSearchStopped reports a search that stopped before it finished while
// the context was still live.
var errSearchStopped = errors.New("label: a search stopped before it finished")

// value computes the values of one job's positions, or fails when the run
// was stopped before it finished. Searches start from an empty
// table so that their values do not depend on what the worker did before;
// exact solves are exact whatever the table holds.
func (v *valuer) value(ctx context.Context, w *engines, j job) ([]solved, error) {
	out := make([]solved, 0, len(j))
	for _, p := range j {
		var res search.Result
		exact := p.Board.NumEmpties() <= v.exactEmpties
		if exact {
			eng, err := v.engine(&w.solver, solveHashMB)
			if err != nil {
				return nil, err
			}
			res = eng.Solve(ctx, p, false)
		} else {
			eng, err := v.engine(&w.searcher, searchHashMB(v.searchDepth))
			if err != nil {
				return nil, err
			}
			eng.NewGame()
			res = eng.Search(ctx, p, search.Limits{Depth: v.searchDepth, Selectivity: v.selectivity}, nil)
		}
		if res.Stopped {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			return nil, errSearchStopped
		}
		c, _ := p.Board.Canonical()
		// A search deep enough to reach the end is a solve.
		out = append(out, solved{c, value{score: int8(res.Score), exact: exact || res.Exact}})
	}
	return out, nil
}

// engine returns *eng, made first with a table of hashMB MiB when nil.
func (v *valuer) engine(eng **search.Engine, hashMB int) (*search.Engine, error) {
	if *eng == nil {
		e, err := search.New(search.Options{HashMB: hashMB, Threads: 1, Eval: v.eval})
		if err != nil {
			return nil, err
		}
		*eng = e
	}
	return *eng, nil
}
