package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/tools/bookbuild"

	"github.com/sable-othello/sable/bitboard"
)

func bookStats(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("stats", "[--book FILE] [--plies N] [SOURCE...]", stdout, stderr)
	path := fs.String("book", book.DefaultName, "the book `FILE`, or default (the embedded one)")
	plies := fs.Int("plies", 20, "measure coverage after 1..`N` moves")
	if err := fs.parse(args); err != nil {
		return err
	}
	b, err := openBook(*path)
	if err != nil {
		return err
	}
	st := bookbuild.Count(b)
	fmt.Fprintf(stdout, "%s: %d positions, %d valued, %d waiting for a search\n", *path, st.Positions, st.Valued, st.Unsearched)
	fmt.Fprintf(stdout, "leaves: %d moves out of the book searched, %d exact\n", st.Leaves, st.Exact)
	fmt.Fprintf(stdout, "by depth:%s\n", histogram(st.ByDepth, 1))
	fmt.Fprintf(stdout, "by ply:  %s\n", histogram(st.ByPly, 0))
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	if e, ok := b.Lookup(start); ok {
		fmt.Fprintf(stdout, "start: %+d for Black, %d games, line %s\n", e.Value, e.Games, bitboard.Transcript(b.Line(start, 60)))
	}
	if fs.NArg() == 0 {
		return nil
	}
	hits, total := make([]int, *plies+1), make([]int, *plies+1)
	err = forEachGame(fs.Args(), stderr, func(moves []int) error {
		pos := start
		for k, m := range moves[:min(len(moves), *plies)] {
			if !pos.Legal(m) {
				return fmt.Errorf("move %d: illegal move %s", k+1, bitboard.SquareName(m))
			}
			if pos = pos.Play(m); pos.MustPass() {
				pos = pos.Pass()
			}
			total[k+1]++
			if _, ok := b.Lookup(pos); ok {
				hits[k+1]++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	var sumHits, sumTotal int
	fmt.Fprintf(stdout, "coverage of %d games' positions after k moves:\n", total[1])
	for k := 1; k <= *plies; k++ {
		sumHits, sumTotal = sumHits+hits[k], sumTotal+total[k]
		fmt.Fprintf(stdout, "  k=%2d %6.2f%%\n", k, percent(hits[k], total[k]))
	}
	fmt.Fprintf(stdout, "  1..%d %6.2f%% (%d of %d positions)\n", *plies, percent(sumHits, sumTotal), sumHits, sumTotal)
	return nil
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

func bookShow(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("show", "[--book FILE] [MOVES]", stdout, stderr)
	path := fs.String("book", book.DefaultName, "the book `FILE`, or default (the embedded one)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return fs.usageError("one transcript at most")
	}
	b, err := openBook(*path)
	if err != nil {
		return err
	}
	moves, err := bitboard.ParseTranscript(fs.Arg(0))
	if err != nil {
		return err
	}
	pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
	if err != nil {
		return err
	}
	if pos.MustPass() {
		pos = pos.Pass()
	}
	fmt.Fprintln(stdout, bitboard.FormatBoard(pos))
	e, ok := b.Lookup(pos)
	if !ok {
		fmt.Fprintln(stdout, "not in the book")
		return nil
	}
	fmt.Fprintf(stdout, "book value %+d for %v, %d games; leaves searched at depth %d\n", e.Value, pos.Side, e.Games, e.Depth)
	for _, m := range b.Moves(pos) {
		kind := "leaf"
		if m.InBook {
			kind = fmt.Sprintf("%d games", m.Games)
		}
		next := pos.Play(m.Square)
		if next.MustPass() {
			next = next.Pass()
		}
		line := b.Line(next, 12)
		fmt.Fprintf(stdout, "  %s %+3d  %-11s %s\n", bitboard.SquareName(m.Square), m.Value, kind, bitboard.Transcript(line))
	}
	return nil
}
