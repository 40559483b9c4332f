package review

import (
	"bytes"
	"context"
	"flag"
	"math/bits"
	"os"
	"path/filepath"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/search"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// wthorGame is game 2 of WTH_1990.wtb, 36-28 for Black, with White
// passing at move 58.
const wthorGame = "f5f6e6f4g5e7f7h5e3d3g4h4f3g6c4d7d6c6e8d8h3c5c3g3h6b4b3e2e1d2c2a3a5a4a2b5c8c7a6b6f8f1d1f2h2g7h8h7g8h1g1c1g2b2a1b1a7b7b8a8"

// endgameEmpties is where the endgame of wthorGame starts in the tests
// that check values against a brute-force solve, and endgameMoves the
// moves played from there instead of the game's: the best, the worst and
// another legal move in turn.
const (
	endgameEmpties = 14
	endgameMoves   = "h8b1a7c1b7a8b2h7b8g8g1h1g2a1"
)

// gameMoves returns the moves of wthorGame.
func gameMoves(t testing.TB) []int {
	t.Helper()
	moves, err := bitboard.ParseTranscript(wthorGame)
	if err != nil {
		t.Fatal(err)
	}
	return moves
}

// endgame returns endgameMoves from wthorGame's position at
// endgameEmpties.
func endgame(t testing.TB) Game {
	t.Helper()
	moves := gameMoves(t)
	start, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves[:60-endgameEmpties])
	if err != nil {
		t.Fatal(err)
	}
	end, err := bitboard.ParseTranscript(endgameMoves)
	if err != nil {
		t.Fatal(err)
	}
	return Game{Index: 1, Black: "Black", White: "White", Start: start, Moves: end}
}

// exactReviewer solves every position.
func exactReviewer(t testing.TB) *Reviewer {
	eng := enginetest.New(t, search.Options{HashMB: 8})
	t.Cleanup(eng.Close)
	return NewReviewer(eng, Config{Level: 1, Exact: 60})
}

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
	g := endgame(t)
	moves, err := exactReviewer(t).Game(context.Background(), g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	gr := GameReview{Game: g, Reviewed: moves}
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
		if mv.BestValue != best || mv.PlayedValue != played || mv.Loss != best-played || !mv.Exact || mv.Source != Solved {
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
	if err := WriteTable(&buf, &gr, DefaultThresholds()); err != nil {
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
