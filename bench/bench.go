// Package bench holds Sable's fixed benchmark: positions from every phase of
// the game, searched to a fixed depth on one thread, and endgame positions
// solved exactly. Each part's total node count is a signature of the
// search's behaviour: when it changes, the search changed.
package bench

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

//go:embed positions.txt
var positionsText string

//go:embed endgame.txt
var endgameText string

// Positions returns the bench positions, early game first.
func Positions() []bitboard.Position {
	lines, err := bitboard.ReadOBF(strings.NewReader(positionsText))
	if err != nil {
		panic(fmt.Sprintf("bench/positions.txt: %v", err)) // embedded at build time: a bad file is a build bug
	}
	out := make([]bitboard.Position, len(lines))
	for i, l := range lines {
		out[i] = bitboard.FromBoard(l.Board, l.Side, bitboard.DefaultRules(bitboard.Othello))
	}
	return out
}

// EndgamePositions returns the endgame bench positions with their known
// scores: FFO #40-#44, a few seconds each on one thread.
func EndgamePositions() []bitboard.OBFLine {
	lines, err := bitboard.ReadOBF(strings.NewReader(endgameText))
	if err != nil {
		panic(fmt.Sprintf("bench/endgame.txt: %v", err)) // embedded at build time: a bad file is a build bug
	}
	return lines
}

// Totals sums a bench run.
type Totals struct {
	Nodes   uint64
	Elapsed time.Duration
	Wrong   int // endgame solves whose score differs from the known one
}

// Run searches every bench position within lim (a depth, for a
// reproducible count) with the engine, forgetting
// the hash table between positions so that each count is reproducible, and
// writes a row per position and the totals to out.
func Run(eng *search.Engine, lim search.Limits, out io.Writer) Totals {
	var t Totals
	fmt.Fprintf(out, "%3s %7s %5s %6s %14s %10s %12s\n", "#", "empties", "move", "score", "nodes", "time", "nodes/s")
	for i, pos := range Positions() {
		eng.NewGame()
		r := eng.Search(context.Background(), pos, lim, nil)
		t.add(out, i, pos, r, "")
	}
	t.print(out, "")
	return t
}

// RunEndgame solves each line exactly with the engine, forgetting the hash
// table between positions, and writes a row per position, marking a score
// that differs from the line's known one, and the totals to out.
func RunEndgame(eng *search.Engine, lines []bitboard.OBFLine, out io.Writer) Totals {
	var t Totals
	fmt.Fprintf(out, "%3s %7s %5s %6s %14s %10s %12s\n", "#", "empties", "move", "score", "nodes", "time", "nodes/s")
	for i, l := range lines {
		pos := bitboard.FromBoard(l.Board, l.Side, bitboard.DefaultRules(bitboard.Othello))
		eng.NewGame()
		r := eng.Solve(context.Background(), pos, false)
		mark := ""
		if want, ok := l.BestScore(); ok && want != r.Score {
			mark = fmt.Sprintf("  wrong: want %+d", want)
			t.Wrong++
		}
		t.add(out, i, pos, r, mark)
	}
	t.print(out, "endgame ")
	return t
}

// add counts one searched position and writes its row.
func (t *Totals) add(out io.Writer, i int, pos bitboard.Position, r search.Result, mark string) {
	t.Nodes += r.Nodes
	t.Elapsed += r.Elapsed
	fmt.Fprintf(out, "%3d %7d %5s %+6d %14d %10s %12.0f%s\n", i+1, pos.Board.NumEmpties(), bitboard.SquareName(r.Move),
		r.Score, r.Nodes, r.Elapsed.Round(time.Microsecond), float64(r.Nodes)/max(r.Elapsed.Seconds(), 1e-9), mark)
}

// print writes the totals, each line prefixed by what.
func (t *Totals) print(out io.Writer, what string) {
	fmt.Fprintf(out, "%stotal nodes (signature): %d\n%stime: %s\n%snodes/s: %.0f\n", what, t.Nodes,
		what, t.Elapsed.Round(time.Millisecond), what, float64(t.Nodes)/max(t.Elapsed.Seconds(), 1e-9))
}
