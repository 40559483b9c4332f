package bookbuild

import (
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
)

// WriteStats writes what "sable book stats" prints of the book called
// name: its counts by depth and ply, its line from the start and, with
// games, the share of their positions after 1..plies moves that it holds.
func WriteStats(w io.Writer, name string, b *book.Book, games [][]int, plies int) error {
	st := Count(b)
	fmt.Fprintf(w, "%s: %d positions, %d valued, %d waiting for a search\n", name, st.Positions, st.Valued, st.Unsearched)
	fmt.Fprintf(w, "leaves: %d moves out of the book searched, %d exact\n", st.Leaves, st.Exact)
	fmt.Fprintf(w, "by depth:%s\n", histogram(st.ByDepth, 1))
	fmt.Fprintf(w, "by ply:  %s\n", histogram(st.ByPly, 0))
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	if e, ok := b.Lookup(start); ok {
		fmt.Fprintf(w, "start: %+d for Black, %d games, line %s\n", e.Value, e.Games, bitboard.Transcript(b.Line(start, 60)))
	}
	if len(games) == 0 {
		return nil
	}
	hits, total := make([]int, plies+1), make([]int, plies+1)
	for _, moves := range games {
		pos := start
		for k, m := range moves[:min(len(moves), plies)] {
			if pos = pos.Play(m); pos.MustPass() {
				pos = pos.Pass()
			}
			total[k+1]++
			if _, ok := b.Lookup(pos); ok {
				hits[k+1]++
			}
		}
	}
	var sumHits, sumTotal int
	fmt.Fprintf(w, "coverage of %d games' positions after k moves:\n", total[1])
	for k := 1; k <= plies; k++ {
		sumHits, sumTotal = sumHits+hits[k], sumTotal+total[k]
		fmt.Fprintf(w, "  k=%2d %6.2f%%\n", k, percent(hits[k], total[k]))
	}
	_, err := fmt.Fprintf(w, "  1..%d %6.2f%% (%d of %d positions)\n", plies, percent(sumHits, sumTotal), sumHits, sumTotal)
	return err
}

// histogram writes the non-zero counts as " index:count".
func histogram(counts []int, from int) string {
	var sb strings.Builder
	for i := from; i < len(counts); i++ {
		if counts[i] > 0 {
			fmt.Fprintf(&sb, " %d:%d", i, counts[i])
		}
	}
	return sb.String()
}

// percent returns 100*n/d, or 0 when d is 0.
func percent(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return 100 * float64(n) / float64(d)
}

// WriteMoves writes what "sable book show" prints of pos: the board, and
// the book's value and moves there, each with its line.
func WriteMoves(w io.Writer, b *book.Book, pos bitboard.Position) error {
	if pos.MustPass() {
		pos = pos.Pass()
	}
	fmt.Fprintln(w, bitboard.FormatBoard(pos))
	e, ok := b.Lookup(pos)
	if !ok {
		_, err := fmt.Fprintln(w, "not in the book")
		return err
	}
	fmt.Fprintf(w, "book value %+d for %v, %d games; leaves searched at depth %d\n", e.Value, pos.Side, e.Games, e.Depth)
	for _, m := range b.Moves(pos) {
		kind := "leaf"
		if m.InBook {
			kind = fmt.Sprintf("%d games", m.Games)
		}
		next := pos.Play(m.Square)
		if next.MustPass() {
			next = next.Pass()
		}
		if _, err := fmt.Fprintf(w, "  %s %+3d  %-11s %s\n", bitboard.SquareName(m.Square), m.Value, kind, bitboard.Transcript(b.Line(next, 12))); err != nil {
			return err
		}
	}
	return nil
}
