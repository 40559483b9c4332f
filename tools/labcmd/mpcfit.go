package labcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/tools/gamefile"
	"github.com/sable-othello/sable/tools/mpcfit"
)

// runMpcfit implements "sable mpcfit".
func runMpcfit(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("mpcfit", "[flags]", `Fits the error model of Multi-ProbCut: searches random positions (of random
play from the start, or with --games of played games) to --depth without
probcut, compares each depth's value with that of the shallow search
probcut would use, fits sigma = a + b*empties + c*d + e*d' by least squares,
and prints the constants to paste into search/settings.go, and the engine's
--mpc flag that searches --eval FILE with them.`, stdout, stderr)
	o := mpcfit.Options{}
	fs.IntVar(&o.Positions, "positions", 300, "random positions to search")
	fs.IntVar(&o.Depth, "depth", 10, "deepest search")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed")
	fs.IntVar(&o.MinEmpties, "min-empties", 20, "fewest empties of a position")
	fs.IntVar(&o.MaxEmpties, "max-empties", 54, "most empties of a position")
	games := fs.String("games", "", "take the positions from the games of these `FILES` (comma-separated: WTHOR, GGF, self-play games, transcripts)")
	ev := fs.AddEval()
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if fs.NArg() > 0 {
		return fs.Exit(fs.UsageError("unexpected argument %q", fs.Arg(0)))
	}
	if err := o.Check(); err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	var err error
	if o.Eval, _, err = ev.Load(); err != nil {
		return fs.Exit(err)
	}
	if *games != "" {
		var bad []error
		if o.Games, bad, err = gamefile.ReadAll(strings.Split(*games, ","), bitboard.DefaultRules(bitboard.Othello)); err != nil {
			return fs.Exit(err)
		}
		if len(o.Games) == 0 {
			return fs.Exit(fs.UsageError("no game of --games replays (%v)", errors.Join(bad...)))
		}
	}
	return fs.Run(func(ctx context.Context) error {
		m, err := mpcfit.Fit(ctx, o, stderr)
		if err == nil {
			fmt.Fprint(stdout, mpcfit.GoSource(m))
		}
		return err
	})
}
