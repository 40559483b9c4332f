package review_test

import (
	"bytes"
	"context"
	"flag"
	"math/bits"
	"os"
	"path/filepath"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/review/reviewtest"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// negamax is the exact value of pos for the side to move by plain
// alpha-beta, independent of the search package.
func negamax(pos bitboard.Position, alpha, beta int) int {
	moves := pos.Moves()
	if moves == 0 {
		if pos.GameOver() {
			return pos.Score()
		}
		return -negamax(pos.Pass(), -beta, -alpha)
	}
	for ; moves != 0; moves &= moves - 1 {
		v := -negamax(pos.Play(bits.TrailingZeros64(moves)), -beta, -alpha)
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

func exact(pos bitboard.Position) int { return negamax(pos, -65, 65) }

func TestEndgameTableHoldsTheSolverValues(t *testing.T) {
	g := reviewtest.Endgames(t)[0]
	moves, err := reviewtest.ExactReviewer(t, nil).Game(context.Background(), g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	gr := review.GameReview{PlayedGame: g, Reviewed: moves}
	if !gr.Complete() {
		t.Fatalf("%d of %d moves reviewed", len(moves), gr.MoveCount())
	}
	positions, err := gr.Positions()
	if err != nil {
		t.Fatal(err)
	}
	losses := 0
	for i, mv := range moves {
		pos := positions[i]
		best, played := exact(pos), -exact(pos.Play(mv.Played))
		if mv.BestValue != best || mv.PlayedValue != played || mv.Loss != best-played || !mv.Exact || mv.Source != review.Solved {
			t.Errorf("move %d (%s): best %s %+d, played %+d, loss %d, exact %v; want best %+d, played %+d",
				mv.Number, bitboard.SquareName(mv.Played), bitboard.SquareName(mv.Best), mv.BestValue, mv.PlayedValue,
				mv.Loss, mv.Exact, best, played)
		}
		if v := -exact(pos.Play(mv.Best)); v != best {
			t.Errorf("move %d: best move %s is worth %+d, not %+d", mv.Number, bitboard.SquareName(mv.Best), v, best)
		}
		losses += mv.Loss
	}
	if losses == 0 {
		t.Fatal("the endgame has no loss: it tests nothing")
	}
	var buf bytes.Buffer
	if err := review.WriteTable(&buf, &gr, review.DefaultThresholds()); err != nil {
		t.Fatal(err)
	}
	golden(t, "endgame.txt", buf.Bytes())
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", name, got, want)
	}
}
