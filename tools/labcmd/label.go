package labcmd

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/label"
)

// runLabel implements "sable label".
func runLabel(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("label", "--out FILE (--wthor DIR | --games FILE[,FILE...]) [flags]", `Turns games into labelled positions for "sable train": every position from
the mover's view, merged under symmetry, with a target score in discs. Exact
scores come from solving (--exact-empties) and from what the games know;
with --search-depth the others are searched, else interpolated between known
values. Values are cached beside --out, so Ctrl-C and a rerun resume.
With --empties only the positions with that many empties are labelled (and
searched): chained labels are made so, band by band (docs/training.md), and
--result-weight mixes the game's result into them. --game-scores takes the
self-play games' own search scores instead (games files in formats v3 and v4
keep them), at no cost.
With --deviations each game gives instead one position one move off its
line, with --empties empties, solved exactly, or searched with --search-depth
above --exact-empties: positions just after a mistake. With --captures D
the position is instead one that a depth-D search (with --eval and
--selectivity) from a position of the game evaluates: what play evaluates.
With --shard i/n a run values one part of the boards into its caches only;
--merge, with the same sources and the shards' --out names, writes the
labels that one run would have written.`, stdout, stderr)
	c := label.Config{}
	fs.StringVar(&c.WthorDir, "wthor", "", "directory of WTHOR .wtb files to label")
	games := fs.String("games", "", "game `FILEs` to label, separated by commas: self-play games files, or any game file sable review reads")
	fs.StringVar(&c.Out, "out", "", "labels `FILE` to write")
	empties := fs.String("empties", "0-60", "label only positions with `N or LO-HI` empties")
	fs.IntVar(&c.ExactEmpties, "exact-empties", 14, "solve positions with this many empties or fewer")
	fs.IntVar(&c.SearchDepth, "search-depth", 0, "search the other positions to this `depth` (0: use game results)")
	fs.Float64Var(&c.ResultWeight, "result-weight", 0, "with --search-depth or --game-scores, label a searched position `W` times its game-result label plus 1-W times its search value")
	fs.BoolVar(&c.GameScores, "game-scores", false, "take the scores that self-play games (formats v3 and v4) recorded for their moves as the positions' search values")
	fs.Float64Var(&c.TDLambda, "td-lambda", 0, "with --game-scores, label each position by the λ-return of the recorded scores: 1-`λ` times its score plus λ times the next position's label")
	fs.IntVar(&c.Selectivity, "selectivity", 100, "probcut confidence of the searches in `percent`: "+search.SelectivityChoices())
	evalFlag := fs.AddEval()
	fs.IntVar(&c.Workers, "workers", 1, "positions valued (and games captured from) at once")
	fs.DurationVar(&c.Every, "checkpoint", time.Minute, fmt.Sprintf("save the value caches this often, or less often while a save takes over 1/%d of it", pool.GrowingFileSpacing))
	shardSpec := fs.String("shard", "0/1", "value only part `i/n` of the boards and write only the caches (then --merge)")
	fs.BoolVar(&c.Deviations, "deviations", false, "label one position a game, a random move off its line with --empties empties, solved exactly (or searched with --search-depth)")
	fs.IntVar(&c.Captures, "captures", 0, "label at most one position a game, one with --empties empties that a search to `depth` D from the game's line evaluates, solved exactly (or searched with --search-depth); the captures are searched again on each run and shard")
	fs.Uint64Var(&c.Seed, "seed", 1, "with --deviations or --captures, the seed that draws them")
	merge := fs.Bool("merge", false, "read the caches of the shards whose --out names are the arguments, then label")
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if *games != "" {
		c.Games = strings.Split(*games, ",")
	}
	sh, err := shard.Parse(*shardSpec)
	band, bandErr := span.Parse(*empties, 60)
	switch {
	case err != nil:
		return fs.Exit(fs.UsageError("--shard: %v", err))
	case bandErr != nil:
		return fs.Exit(fs.UsageError("--empties: %v", bandErr))
	case fs.NArg() > 0 && !*merge:
		return fs.Exit(fs.UsageError("unexpected argument %q (shards' outputs go with --merge)", fs.Arg(0)))
	case *merge && fs.NArg() == 0:
		return fs.Exit(fs.UsageError("--merge needs the shards' --out names as arguments"))
	case c.Out == "":
		return fs.Exit(fs.UsageError("--out is required"))
	case c.WthorDir == "" && len(c.Games) == 0:
		return fs.Exit(fs.UsageError("nothing to label: give --wthor and/or --games"))
	case (c.Deviations || fs.Given("captures")) && !fs.Given("empties"):
		return fs.Exit(fs.UsageError("--deviations and --captures need --empties: the band the positions are drawn from"))
	case fs.Given("captures") && c.Captures < 1:
		return fs.Exit(fs.UsageError("--captures needs a search depth of at least 1"))
	case fs.Given("seed") && !c.Deviations && !fs.Given("captures"):
		return fs.Exit(fs.UsageError("--seed goes with --deviations or --captures"))
	}
	c.Shard, c.Merge, c.Empties = sh, fs.Args(), &band
	if c.Eval, c.EvalName, err = evalFlag.Load(); err != nil {
		return fs.Exit(err)
	}
	return fs.Run(func(ctx context.Context) error { return label.Run(ctx, c) })
}
