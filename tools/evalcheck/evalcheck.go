// Package evalcheck measures an evaluation against positions with known
// scores, as "sable eval" does: the static value of each position, with an
// engine a search value too, and the errors against the positions' best
// scores by band of empties.
package evalcheck

import (
	"context"
	"fmt"
	"io"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/errstats"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// bandWidth is the width in empties of the bands that the error summary
// groups positions into: 1-4, 5-8, ... as in the README's held-out table.
const bandWidth = 4

// Row is what a measure learns about one position.
type Row struct {
	Empties int
	Static  int  // static evaluation in discs, side to move
	Search  int  // search value, when searched
	Exact   int  // the line's best score, when known
	Known   bool // the line gave a score
}

// Evaluate scores one position statically and, with an engine, by a
// search within lim from an empty table.
func Evaluate(ctx context.Context, l *bitboard.OBFLine, ev eval.Evaluator, eng *search.Engine, lim search.Limits) Row {
	pos := bitboard.FromBoard(l.Board, l.Side, bitboard.DefaultRules(bitboard.Othello))
	r := Row{Empties: pos.Board.NumEmpties(), Static: ev.Evaluate(pos.Board.P, pos.Board.O)}
	r.Exact, r.Known = l.BestScore()
	if eng != nil {
		eng.NewGame()
		r.Search = eng.Search(ctx, pos, lim, nil).Score
	}
	return r
}

// FromLabel scores a labelled position statically, with its label as the
// reference score.
func FromLabel(l *dataset.Label, ev eval.Evaluator) Row {
	return Row{Empties: l.Empties(), Static: ev.Evaluate(l.P, l.O), Exact: int(l.Score), Known: true}
}

// WriteTSVRow prints one position for scripts: index, empties, static value
// and, when searched, the search value.
func WriteTSVRow(w io.Writer, index int, r Row, searched bool) {
	if searched {
		fmt.Fprintf(w, "%d\t%d\t%d\t%d\n", index, r.Empties, r.Static, r.Search)
		return
	}
	fmt.Fprintf(w, "%d\t%d\t%d\n", index, r.Empties, r.Static)
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
// then each band holds bandWidth more.
func band(empties int) int { return max(0, (empties-1)/bandWidth) }

// WriteTable prints a row per position, then for the positions with
// known scores the errors per band of empties and over all of them.
func WriteTable(w io.Writer, rows []Row, searched bool) {
	writeRows(w, rows, searched)
	WriteErrors(w, rows, searched, "the lines' best scores")
}

// writeRows prints a row per position: its empties, values, reference
// score and errors.
func writeRows(w io.Writer, rows []Row, searched bool) {
	fmt.Fprintf(w, "%4s %7s %6s", "#", "empties", "static")
	if searched {
		fmt.Fprintf(w, " %6s", "search")
	}
	fmt.Fprintf(w, " %6s %7s", "exact", "err")
	if searched {
		fmt.Fprintf(w, " %7s", "err(s)")
	}
	fmt.Fprintln(w)
	for i, r := range rows {
		fmt.Fprintf(w, "%4d %7d %+6d", i+1, r.Empties, r.Static)
		if searched {
			fmt.Fprintf(w, " %+6d", r.Search)
		}
		if !r.Known {
			fmt.Fprintln(w, "      -")
			continue
		}
		fmt.Fprintf(w, " %+6d %+7d", r.Exact, r.Static-r.Exact)
		if searched {
			fmt.Fprintf(w, " %+7d", r.Search-r.Exact)
		}
		fmt.Fprintln(w)
	}
}

// WriteErrors prints, for the rows with known scores, the errors against
// them (the reference named by against) per band of empties and over all.
func WriteErrors(w io.Writer, rows []Row, searched bool, against string) {
	bands := map[int]*[2]errstats.Stats{}
	var all [2]errstats.Stats
	for _, r := range rows {
		if !r.Known {
			continue
		}
		b := bands[band(r.Empties)]
		if b == nil {
			b = new([2]errstats.Stats)
			bands[band(r.Empties)] = b
		}
		for _, s := range []*[2]errstats.Stats{b, &all} {
			s[0].Add(float64(r.Static), float64(r.Exact))
			s[1].Add(float64(r.Search), float64(r.Exact))
		}
	}
	if all[0].N() == 0 {
		fmt.Fprintf(w, "%d positions, none with a known score\n", len(rows))
		return
	}
	fmt.Fprintf(w, "\nerrors in discs against %s\n%-8s %5s %6s %6s %6s %6s", against, "empties", "n", "MAE", "RMS", "bias", "corr")
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
	for b := 0; b <= band(60); b++ {
		if s := bands[b]; s != nil {
			lo := b*bandWidth + 1
			if b == 0 {
				lo = 0
			}
			line(fmt.Sprintf("%d-%d", lo, (b+1)*bandWidth), s)
		}
	}
	line("all", &all)
}
