// Command selfplay generates training games: a few random opening moves,
// then a fixed-depth search for each move, and exact solving from --exact
// empties to the end, so the final score is the perfect-play value of every
// position from there. Games are numbered; game i depends only on the seed
// and i, so --shard i/n lets n machines split a run and --merge joins their
// files into the file one machine would have written. A run resumes: the
// games already in --out are kept and only the missing ones are played.
//
//	go run ./tools/selfplay --out sp.games --games 200 --depth 4 --exact 16
//	go run ./tools/selfplay --out sp1.games --games 200 --shard 1/4
//	go run ./tools/selfplay --merge --out sp.games sp0.games sp1.games sp2.games sp3.games
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"slices"
	"time"

	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/tools/dataset"
)

func main() {
	out := flag.String("out", "", "games file to write (resumed when it exists)")
	games := flag.Int("games", 100, "games in the whole run (all shards together)")
	random := flag.String("random", "10", "random opening moves: N or LO-HI")
	depth := flag.Int("depth", 6, "midgame search depth")
	exact := flag.Int("exact", 20, "solve exactly at this many empties or fewer")
	seed := flag.Uint64("seed", 1, "random seed")
	evalSpec := flag.String("eval", "eval/weights.sew", "evaluation: a weights file, or simple")
	shardSpec := flag.String("shard", "0/1", "play only the games i, i+n, i+2n, ...: i/n")
	workers := flag.Int("workers", 1, "games played at once")
	every := flag.Duration("checkpoint", 30*time.Second, "rewrite --out at least this often")
	merge := flag.Bool("merge", false, "merge the games files given as arguments into --out")
	flag.Parse()
	if *out == "" {
		fail(errors.New("--out is required"))
	}
	if *merge {
		fail(mergeFiles(*out, flag.Args()))
		return
	}
	sh, err := shard.Parse(*shardSpec)
	fail(err)
	lo, hi, err := parseRange(*random)
	fail(err)
	if *depth < 1 || *exact < 0 || *exact > 60 || *games < 0 || *workers < 1 {
		fail(errors.New("need --depth >= 1, 0 <= --exact <= 60, --games >= 0, --workers >= 1"))
	}
	ev, evName, err := dataset.LoadEval(*evalSpec)
	fail(err)
	h := dataset.GamesHeader{Seed: *seed, RandomMin: lo, RandomMax: hi, Depth: *depth, Exact: *exact,
		Eval: evName, Shard: sh.Index, Shards: sh.Count}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fail(run(ctx, runConfig{out: *out, header: h, eval: ev, total: *games, workers: *workers, every: *every}))
}

// fail exits with the error when there is one.
func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "selfplay:", err)
		os.Exit(1)
	}
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
func sortGames(games []dataset.Game) {
	slices.SortFunc(games, func(a, b dataset.Game) int { return a.Index - b.Index })
}
