package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/errstats"
	"github.com/sable-othello/sable/search"
)

// evalBandWidth is the width in empties of the bands that the error summary
// groups positions into: 1-4, 5-8, ... as in the README's held-out table.
const evalBandWidth = 4

// runEval implements "sable eval": the static evaluation of every OBF line
// of a file (or stdin), with --depth the value of a search as well, and
// where a line gives scores, the errors against its best (exact) score.
func runEval(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("eval", "[flags] [FILE]", "Evaluates every OBF line of FILE (stdin when FILE is absent or -): the static\nevaluation, with --depth a search value too, and where a line gives scores,\nthe errors against its best (exact) score, by band of empties.", stdout, stderr)
	evalFlag := fs.addEval()
	depth := fs.Int("depth", 0, "also search each position to `N` plies (0: static evaluation only)")
	sel := fs.Int("selectivity", 100, "probcut confidence of the search in `percent`: 73, 87, 95, 98, 99 or 100 (none)")
	hash := fs.Int("hash", 64, "transposition table size in `MB` (cleared before each position)")
	tsv := fs.Bool("tsv", false, "print only index<TAB>empties<TAB>static[<TAB>search], one line per position")
	if err := fs.parse(args); err != nil {
		return fs.exit(err)
	}
	var err error
	switch {
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
		return fs.exit(fs.usageError("%v", err))
	}
	ev, _, err := evalFlag.load()
	if err != nil {
		return fs.exit(err)
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
			return fs.exit(err)
		}
		defer eng.Close()
	}
	ctx, stop := interruptContext()
	defer stop()
	rows := make([]evalRow, 0, len(lines))
	for i := range lines {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "sable eval: interrupted after %d of %d positions\n", i, len(lines))
			return 1
		}
		r := evaluateLine(ctx, &lines[i], ev, eng, search.Limits{Depth: *depth, Selectivity: *sel})
		if *tsv {
			writeTSVRow(stdout, i+1, r, eng != nil)
		}
		rows = append(rows, r)
	}
	if !*tsv {
		writeEvalTable(stdout, rows, eng != nil)
	}
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

// evalRow is what sable eval learns about one position.
type evalRow struct {
	empties int
	static  int  // static evaluation in discs, side to move
	search  int  // search value, when searched
	exact   int  // the line's best score, when known
	known   bool // the line gave a score
}

// evaluateLine scores one position statically and, with an engine, by a
// search within lim from an empty table.
func evaluateLine(ctx context.Context, l *bitboard.OBFLine, ev eval.Evaluator, eng *search.Engine, lim search.Limits) evalRow {
	pos := bitboard.FromBoard(l.Board, l.Side, bitboard.DefaultRules(bitboard.Othello))
	r := evalRow{empties: pos.Board.NumEmpties(), static: ev.Evaluate(pos.Board.P, pos.Board.O)}
	r.exact, r.known = l.BestScore()
	if eng != nil {
		eng.NewGame()
		r.search = eng.Search(ctx, pos, lim, nil).Score
	}
	return r
}

// writeTSVRow prints one position for scripts: index, empties, static value
// and, when searched, the search value.
func writeTSVRow(w io.Writer, index int, r evalRow, searched bool) {
	if searched {
		fmt.Fprintf(w, "%d\t%d\t%d\t%d\n", index, r.empties, r.static, r.search)
		return
	}
	fmt.Fprintf(w, "%d\t%d\t%d\n", index, r.empties, r.static)
}

// formatErrors formats MAE, RMS, bias (mean signed error) and the
// correlation of the values with the reference scores.
func formatErrors(s *errstats.Stats) string {
	corr := "-"
	if c, ok := s.Corr(); ok {
		corr = fmt.Sprintf("%.3f", c)
	}
	return fmt.Sprintf("%6.2f %6.2f %+6.2f %6s", s.MAE(), s.RMS(), s.Bias(), corr)
}

// evalBand returns the band of a number of empties: 0 holds 0-4 empties,
// then each band holds evalBandWidth more.
func evalBand(empties int) int { return max(0, (empties-1)/evalBandWidth) }

// writeEvalTable prints a row per position, then for the positions with
// known scores the errors per band of empties and over all of them.
func writeEvalTable(w io.Writer, rows []evalRow, searched bool) {
	fmt.Fprintf(w, "%4s %7s %6s", "#", "empties", "static")
	if searched {
		fmt.Fprintf(w, " %6s", "search")
	}
	fmt.Fprintf(w, " %6s %7s", "exact", "err")
	if searched {
		fmt.Fprintf(w, " %7s", "err(s)")
	}
	fmt.Fprintln(w)
	bands := map[int]*[2]errstats.Stats{}
	var all [2]errstats.Stats
	for i, r := range rows {
		fmt.Fprintf(w, "%4d %7d %+6d", i+1, r.empties, r.static)
		if searched {
			fmt.Fprintf(w, " %+6d", r.search)
		}
		if !r.known {
			fmt.Fprintln(w, "      -")
			continue
		}
		fmt.Fprintf(w, " %+6d %+7d", r.exact, r.static-r.exact)
		if searched {
			fmt.Fprintf(w, " %+7d", r.search-r.exact)
		}
		fmt.Fprintln(w)
		b := bands[evalBand(r.empties)]
		if b == nil {
			b = new([2]errstats.Stats)
			bands[evalBand(r.empties)] = b
		}
		for _, s := range []*[2]errstats.Stats{b, &all} {
			s[0].Add(float64(r.static), float64(r.exact))
			s[1].Add(float64(r.search), float64(r.exact))
		}
	}
	if all[0].N() == 0 {
		fmt.Fprintf(w, "%d positions, none with a known score\n", len(rows))
		return
	}
	fmt.Fprintf(w, "\nerrors in discs against the lines' best scores\n%-8s %5s %6s %6s %6s %6s", "empties", "n", "MAE", "RMS", "bias", "corr")
	if searched {
		fmt.Fprintf(w, "   search: %6s %6s %6s %6s", "MAE", "RMS", "bias", "corr")
	}
	fmt.Fprintln(w)
	line := func(label string, s *[2]errstats.Stats) {
		fmt.Fprintf(w, "%-8s %5d %s", label, s[0].N(), formatErrors(&s[0]))
		if searched {
			fmt.Fprintf(w, "   search: %s", formatErrors(&s[1]))
		}
		fmt.Fprintln(w)
	}
	for b := 0; b <= evalBand(60); b++ {
		if s := bands[b]; s != nil {
			lo := b*evalBandWidth + 1
			if b == 0 {
				lo = 0
			}
			line(fmt.Sprintf("%d-%d", lo, (b+1)*evalBandWidth), s)
		}
	}
	line("all", &all)
}
