// Package bench holds Sable's fixed benchmark: positions from every phase of
// the game, searched to a fixed depth on one thread. The total node count is
// a signature of the search's behaviour: when it changes, the search changed.
package bench

import (
	"bufio"
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

// Positions returns the bench positions, early game first.
func Positions() []bitboard.Position {
	var out []bitboard.Position
	sc := bufio.NewScanner(strings.NewReader(positionsText))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, side, err := bitboard.ParseBoardString(line)
		if err != nil {
			panic(fmt.Sprintf("bench/positions.txt: %v", err)) // embedded at build time: a bad file is a build bug
		}
		out = append(out, bitboard.FromBoard(b, side, bitboard.DefaultRules(bitboard.Othello)))
	}
	return out
}

// Totals sums a bench run.
type Totals struct {
	Nodes   uint64
	Elapsed time.Duration
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
		t.Nodes += r.Nodes
		t.Elapsed += r.Elapsed
		fmt.Fprintf(out, "%3d %7d %5s %+6d %14d %10s %12.0f\n", i+1, pos.Board.NumEmpties(), bitboard.SquareName(r.Move),
			r.Score, r.Nodes, r.Elapsed.Round(time.Microsecond), float64(r.Nodes)/max(r.Elapsed.Seconds(), 1e-9))
	}
	fmt.Fprintf(out, "total nodes (signature): %d\ntime: %s\nnodes/s: %.0f\n", t.Nodes, t.Elapsed.Round(time.Millisecond),
		float64(t.Nodes)/max(t.Elapsed.Seconds(), 1e-9))
	return t
}
