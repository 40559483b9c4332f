package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/cli"
)

// runPerft implements "sable perft".
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("perft", "[flags] [TRANSCRIPT | BOARD SIDE]", "Counts the leaves of the game tree from the start, or from the position after\nTRANSCRIPT, or from a 64-square BOARD string with its SIDE to move.", stdout, stderr)
	depth := fs.Int("depth", 10, "count leaves from depth 1 to `N`")
	rulesName := fs.String("rules", "othello", "rules: othello or classic")
	divide := fs.Bool("divide", false, "print the count below each first move at the last depth")
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	variant, err := bitboard.ParseVariant(*rulesName)
	if err == nil && (*depth < 1 || *depth > 30) {
		err = fmt.Errorf("depth %d out of range 1..30", *depth)
	}
	var pos bitboard.Position
	if err == nil {
		pos, err = startPosition(strings.Join(fs.Args(), " "), bitboard.DefaultRules(variant))
	}
	if err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	fmt.Fprintf(stdout, "%-6s %20s %12s %16s\n", "depth", "leaves", "time", "leaves/s")
	for d := 1; d <= *depth; d++ {
		start := time.Now()
		n := bitboard.Perft(pos, d)
		el := time.Since(start)
		fmt.Fprintf(stdout, "%-6d %20d %12s %16.0f\n", d, n, el.Round(time.Microsecond), float64(n)/max(el.Seconds(), 1e-9))
	}
	if *divide {
		for _, e := range bitboard.Divide(pos, *depth) {
			fmt.Fprintf(stdout, "%s %d\n", bitboard.SquareName(e.Move), e.Leaves)
		}
	}
	return 0
}

// startPosition reads a position given on the command line: empty for the
// rules' start, a board string with its side to move, or a transcript played
// from the start.
func startPosition(arg string, r bitboard.Rules) (bitboard.Position, error) {
	arg = strings.TrimSpace(arg)
	switch {
	case arg == "":
		return bitboard.NewGame(r), nil
	case len(arg) >= 64 && !strings.ContainsAny(arg[:2], "12345678"):
		b, side, err := bitboard.ParseBoardString(arg)
		if err != nil {
			return bitboard.Position{}, err
		}
		return bitboard.FromBoard(b, side, r), nil
	}
	moves, err := bitboard.ParseTranscript(arg)
	if err != nil {
		return bitboard.Position{}, err
	}
	return bitboard.Replay(bitboard.NewGame(r), moves)
}
