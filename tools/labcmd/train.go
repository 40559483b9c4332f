package labcmd

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/train"
)

// runTrain implements "sable train".
func runTrain(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("train", "--labels FILE[,FILE...] --out FILE [flags]", `Fits the pattern weights of the evaluation to labelled positions (from
"sable label"), phase by phase, and writes them; prints the error per phase on
the training and held-out positions. Each fitted phase is checkpointed
(OUT.ckpt), so an interrupted run resumes with the next phase. With --phases
only those phases are fitted, the others keep the weights of --init: chained
labels are fitted so, band by band (docs/training.md).`, stdout, stderr)
	labels := fs.String("labels", "", "labels `FILEs`, separated by commas; a file listed k times weighs k times (it is read once)")
	c := train.Config{Log: stderr}
	fs.StringVar(&c.Out, "out", "", "weights `FILE` to write")
	model := fs.String("model", "pattern", "the `model` to fit: pattern (the evaluation), mobility (the evaluation with a mobility table) or order (the endgame's move ordering)")
	fs.BoolVar(&c.ExactOnly, "exact-only", false, "fit only the positions whose label is exact")
	fs.StringVar(&c.Init, "init", "", "weights `FILE` to start from and regularise towards, or "+train.ZeroInit+" for zero weights (the default; --phases needs it said, and ./"+train.ZeroInit+" names a file)")
	p21 := eval.PatternModel.Phase(21)
	lo21, hi21 := eval.PatternModel.PhaseEmpties(p21)
	phases := fs.String("phases", "", fmt.Sprintf("fit only the phases `N or LO-HI` (pattern and mobility: %d empties each from the start, so %d is %d-%d empties), keeping --init's weights in the others (default all)", hi21-lo21+1, p21, lo21, hi21))
	fs.Float64Var(&c.Lambda, "lambda", train.DefaultLambda, "L2 regularisation: lambda times the squared weight changes (in discs) joins the squared errors")
	fs.IntVar(&c.Iters, "iters", train.DefaultIters, "conjugate-gradient iterations per phase")
	fs.Float64Var(&c.Smooth, "smooth", train.DefaultSmooth, "weight of the neighbouring phases when smoothing (0: none)")
	fs.Float64Var(&c.Focus, "focus", 0, "weigh a position labelled y `discs` by 1/(1+(y/discs)²): the fit follows close positions more than lost or won ones (0: all alike)")
	fs.Float64Var(&c.Squash, "squash", 0, "take the errors on the scale `discs`·atan(x/discs), so that a position lost or won by far costs little however far its prediction (0: in discs)")
	fs.IntVar(&c.Holdout, "holdout", 10, "`percent` of positions held out")
	fs.IntVar(&c.Threads, "threads", runtime.GOMAXPROCS(0), "threads")
	fs.StringVar(&c.Checkpoint, "checkpoint", "", "checkpoint `FILE` (default OUT.ckpt)")
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if *labels != "" {
		c.Labels = strings.Split(*labels, ",")
	}
	if fs.NArg() > 0 {
		return fs.Exit(fs.UsageError("unexpected argument %q", fs.Arg(0)))
	}
	m, err := eval.ModelNamed(*model)
	if err != nil {
		return fs.Exit(fs.UsageError("--model: %v", err))
	}
	c.Model = m
	if *phases != "" {
		ph, err := span.Parse(*phases, m.Phases-1)
		if err != nil {
			return fs.Exit(fs.UsageError("--phases: %v", err))
		}
		c.Phases = &ph
	}
	if len(c.Labels) == 0 || c.Out == "" {
		return fs.Exit(fs.UsageError("--labels and --out are required"))
	}
	return fs.Run(func(ctx context.Context) error { return train.Run(ctx, c, stdout) })
}
