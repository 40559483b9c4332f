// Package reviewtest gives the review tests their games and reviewer: the
// endgame of a real game, played with its best, its worst and other moves
// in turn, and an engine that solves every position, so that every value
// is exact and checkable.
package reviewtest

import (
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/search"
)

// WthorGame is game 2 of WTH_1990.wtb, 36-28 for Black, with White passing
// at move 58.
const WthorGame = "f5f6e6f4g5e7f7h5e3d3g4h4f3g6c4d7d6c6e8d8h3c5c3g3h6b4b3e2e1d2c2a3a5a4a2b5c8c7a6b6f8f1d1f2h2g7h8h7g8h1g1c1g2b2a1b1a7b7b8a8"

// EndgameEmpties is where the endgame of WthorGame starts, and endgameMoves
// the moves played from there instead of the game's: the best, the worst
// and another legal move in turn.
const (
	EndgameEmpties = 14
	endgameMoves   = "h8b1a7c1b7a8b2h7b8g8g1h1g2a1"
)

// Endgames returns two games from WthorGame's position at EndgameEmpties:
// game 1 with endgameMoves, game 2 with the game's own moves.
func Endgames(t testing.TB) []review.PlayedGame {
	t.Helper()
	moves := parse(t, WthorGame)
	start, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves[:60-EndgameEmpties])
	if err != nil {
		t.Fatal(err)
	}
	g := review.PlayedGame{Index: 1, Black: "Black", White: "White", Start: start, Moves: parse(t, endgameMoves)}
	h := g
	h.Index, h.Moves = 2, moves[60-EndgameEmpties:]
	return []review.PlayedGame{g, h}
}

// ExactReviewer returns a reviewer that solves every position, calling
// beforeMove (when not nil) before each move it values.
func ExactReviewer(t testing.TB, beforeMove func()) *review.Reviewer {
	eng := enginetest.New(t, search.Options{HashMB: 8})
	t.Cleanup(eng.Close)
	return review.NewReviewer(eng, review.Config{Level: 1, Exact: 60, BeforeMove: beforeMove})
}

func parse(t testing.TB, transcript string) []int {
	t.Helper()
	moves, err := bitboard.ParseTranscript(transcript)
	if err != nil {
		t.Fatal(err)
	}
	return moves
}
