package labcmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
	"github.com/sable-othello/sable/tools/evalcheck"
)

// runEval implements "sable eval": the static evaluation of every OBF line
// of a file (or stdin), with --depth the value of a search as well, and
// where a line gives scores, the errors against its best (exact) score.
func runEval(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("eval", "[flags] [FILE]", "Evaluates every OBF line of FILE (stdin when FILE is absent or -): the static\nevaluation, with --depth a search value too, and where a line gives scores,\nthe errors against its best (exact) score, by band of empties.\nWith --labels it measures the static evaluation on labelled positions\ninstead (\"sable label\" writes them): the errors against their labels only.", stdout, stderr)
	evalFlag := fs.AddEval()
	depth := fs.Int("depth", 0, "also search each position to `N` plies (0: static evaluation only)")
	sel := fs.Int("selectivity", 100, "probcut confidence of the search in `percent`: "+search.SelectivityChoices())
	hash := fs.Int("hash", 64, "transposition table size in `MB` (cleared before each position)")
	tsv := fs.Bool("tsv", false, "print only index<TAB>empties<TAB>static[<TAB>search], one line per position")
	labels := fs.String("labels", "", "measure on the positions of labels `FILEs` (separated by commas) instead of OBF lines")
	empties := fs.String("empties", "0-60", "with --labels, only the positions with `N or LO-HI` empties")
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	band, err := span.Parse(*empties, 60)
	switch {
	case err != nil:
		err = fmt.Errorf("--empties: %v", err)
	case *labels != "" && (fs.NArg() > 0 || *depth > 0 || *tsv):
		err = errors.New("--labels measures the static evaluation of the labels' positions: no FILE, --depth or --tsv with it")
	case *labels == "" && fs.Given("empties"):
		err = errors.New("--empties goes with --labels")
	case fs.NArg() > 1:
		err = fmt.Errorf("one file at most, got %d", fs.NArg())
	case *depth < 0 || *depth > 60:
		err = fmt.Errorf("depth %d out of range 0..60", *depth)
	case *sel < 1 || *sel > 100:
		err = fmt.Errorf("selectivity %d out of range 1..100", *sel)
	case *hash < 1:
		err = errors.New("--hash must be positive")
	}
	if err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	ev, _, err := evalFlag.Load()
	if err != nil {
		return fs.Exit(err)
	}
	if *labels != "" {
		return evalLabels(strings.Split(*labels, ","), band, ev, stdout, stderr)
	}
	in, name := io.Reader(os.Stdin), "stdin"
	if fs.Arg(0) != "" && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintln(stderr, "sable eval:", err)
			return 2
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	lines, err := readOBF(in, name)
	if err != nil {
		fmt.Fprintln(stderr, "sable eval:", err)
		return 1
	}
	var eng *search.Engine
	if *depth > 0 {
		// No solved-position cache, so that a value never depends on the
		// positions before it.
		if eng, err = search.New(search.Options{HashMB: *hash, Threads: 1, Eval: ev}); err != nil {
			return fs.Exit(err)
		}
		defer eng.Close()
	}
	ctx, stop := cli.InterruptContext()
	defer stop()
	rows := make([]evalcheck.Row, 0, len(lines))
	for i := range lines {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "sable eval: interrupted after %d of %d positions\n", i, len(lines))
			return 1
		}
		r := evalcheck.Evaluate(ctx, &lines[i], ev, eng, search.Limits{Depth: *depth, Selectivity: *sel})
		if *tsv {
			evalcheck.WriteTSVRow(stdout, i+1, r, eng != nil)
		}
		rows = append(rows, r)
	}
	if !*tsv {
		evalcheck.WriteTable(stdout, rows, eng != nil)
	}
	return 0
}

// evalLabels implements "sable eval --labels": the static evaluation's
// errors against the labels of the positions of files with band's empties.
func evalLabels(files []string, band span.Span, ev eval.Evaluator, stdout, stderr io.Writer) int {
	var rows []evalcheck.Row
	exact := 0
	for _, f := range files {
		labels, _, err := dataset.ReadLabels(f)
		if err != nil {
			fmt.Fprintln(stderr, "sable eval:", err)
			return 1
		}
		for i := range labels {
			if l := &labels[i]; band.Contains(l.Empties()) {
				rows = append(rows, evalcheck.FromLabel(l, ev))
				if l.Exact {
					exact++
				}
			}
		}
	}
	if len(rows) == 0 {
		fmt.Fprintf(stderr, "sable eval: no labelled position with %s empties in %s\n", band, strings.Join(files, ", "))
		return 1
	}
	fmt.Fprintf(stdout, "%d positions with %s empties (%d exact)\n", len(rows), band, exact)
	evalcheck.WriteErrors(stdout, rows, false, "the labels")
	return 0
}

// readOBF reads every OBF line of in (bitboard.ReadOBF). A bad line fails
// the whole input, naming its line and column, so that no output is ever
// missing a position.
func readOBF(in io.Reader, name string) ([]bitboard.OBFLine, error) {
	out, err := bitboard.ReadOBF(in)
	if le := (*bitboard.OBFLineError)(nil); errors.As(err, &le) {
		return nil, fmt.Errorf("%s:%d: %w", name, le.Line, le.Err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
