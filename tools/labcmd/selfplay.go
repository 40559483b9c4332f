package labcmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/selfplay"
)

// runSelfplay implements "sable selfplay".
func runSelfplay(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("selfplay", "--out FILE [flags]\n       sable selfplay --merge --out FILE SHARD...", `Plays training games: an opening (the first --opening-plies moves of a game
of --openings, any game file: an XOT list, WTHOR, GGF), a few random moves,
a fixed-depth search for each move, and an exact solve from --exact empties
to the end, searched with --mpc (the header names the model). Game i depends
only on the seed and i, so --shard i/n splits a run between machines and
--merge joins their files into the one a single machine would have written.
A rerun resumes: the games already in --out are kept.`, stdout, stderr)
	o := selfplay.Options{}
	fs.StringVar(&o.Out, "out", "", "games `FILE` to write (resumed when it exists)")
	fs.IntVar(&o.Games, "games", 100, "games in the whole run (all shards together)")
	fs.StringVar(&o.Openings, "openings", "", "start the games from the games of `FILE` (default: the standard start)")
	fs.IntVar(&o.OpeningPlies, "opening-plies", 8, "cut each game of --openings to its first `N` moves")
	fs.StringVar(&o.Random, "random", "10", "random moves after the opening: `N or LO-HI`")
	fs.IntVar(&o.Depth, "depth", 6, "midgame search depth")
	fs.IntVar(&o.Selectivity, "selectivity", 100, "probcut confidence of the midgame search in `percent`: "+search.SelectivityChoices())
	fs.IntVar(&o.Exact, "exact", 20, "solve exactly at this many `empties` or fewer")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed")
	evalFlag := fs.AddEval()
	mpcFlag := fs.AddMPC()
	fs.StringVar(&o.Shard, "shard", "0/1", "play only the games i, i+n, i+2n, ...: `i/n`")
	fs.IntVar(&o.Workers, "workers", 1, "games played at once")
	fs.DurationVar(&o.Every, "checkpoint", 30*time.Second, fmt.Sprintf("rewrite --out this often, or less often while a rewrite takes over 1/%d of it", pool.GrowingFileSpacing))
	merge := fs.Bool("merge", false, "merge the games files given as arguments into --out")
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	switch {
	case o.Out == "":
		return fs.Exit(fs.UsageError("--out is required"))
	case *merge:
		return fs.Exit(selfplay.Merge(o.Out, fs.Args()))
	case fs.NArg() > 0:
		return fs.Exit(fs.UsageError("unexpected argument %q (files to merge need --merge)", fs.Arg(0)))
	}
	var err error
	if o.Probcut, err = mpcFlag.Model(); err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	if o.Eval, o.EvalName, err = evalFlag.Load(); err != nil {
		return fs.Exit(err)
	}
	return fs.Run(func(ctx context.Context) error { return selfplay.Run(ctx, o) })
}
