package search

import (
	"context"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

// Hand-checked endings under each scoring and the classic disc supply.

func solveBoard(t *testing.T, board string, r bitboard.Rules, placed *[2]uint8) Result {
	t.Helper()
	b, side, err := bitboard.ParseBoardString(board)
	if err != nil {
		t.Fatal(err)
	}
	pos := bitboard.FromBoard(b, side, r)
	if placed != nil {
		pos.Placed = *placed
	}
	e := mustNew(t, Options{HashMB: 4})
	return e.Solve(context.Background(), pos, false)
}

func TestBlockedEndingScoresEmptiesOnlyUnderWOF(t *testing.T) {
	// 61 black, white only on d5, a1 and h8 empty: nobody can move.
	cells := []byte(strings.Repeat("X", 64))
	cells[0], cells[63], cells[4*8+3] = '-', '-', 'O'
	board := string(cells) + " X"
	if r := solveBoard(t, board, bitboard.Rules{Scoring: bitboard.WOF}, nil); r.Score != 62 {
		t.Errorf("wof: %+d, want +62 (63-1)", r.Score)
	}
	if r := solveBoard(t, board, bitboard.Rules{Scoring: bitboard.Discs}, nil); r.Score != 60 {
		t.Errorf("discs: %+d, want +60 (61-1)", r.Score)
	}
}

func TestClassicPlayerWithoutDiscsCannotTakeTheWinningMove(t *testing.T) {
	// Black to move could play a1 over b1 to c1 and wipe White out; h8 stays empty.
	cells := []byte(strings.Repeat("X", 64))
	cells[0], cells[1], cells[63] = '-', 'O', '-'
	board := string(cells) + " X"
	r := solveBoard(t, board, bitboard.Rules{Scoring: bitboard.Discs}, nil)
	if r.Score != 63 || r.Move != 0 {
		t.Fatalf("othello discs: %s %+d, want a1 +63", bitboard.SquareName(r.Move), r.Score)
	}
	if r := solveBoard(t, board, bitboard.Rules{Scoring: bitboard.WOF}, nil); r.Score != 64 {
		t.Fatalf("othello wof: %+d, want +64", r.Score)
	}
	classic := bitboard.DefaultRules(bitboard.Classic)
	if r := solveBoard(t, board, classic, &[2]uint8{31, 31}); r.Score != 63 || r.Move != 0 {
		t.Fatalf("classic with a disc in hand: %s %+d, want a1 +63", bitboard.SquareName(r.Move), r.Score)
	}
	// With all 32 discs placed Black cannot move, White has no move: over at 61-1.
	if r := solveBoard(t, board, classic, &[2]uint8{32, 30}); r.Score != 60 {
		t.Fatalf("classic out of discs: %+d, want +60", r.Score)
	}
}
