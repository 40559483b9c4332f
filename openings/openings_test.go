package openings

import (
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestOpeningsAreDistinctEightMoveOpenings(t *testing.T) {
	// Their balance was the search's verdict when they were made (see the
	// file's header); it is not checked again here, as the search changes.
	list := List()
	if len(list) != 400 {
		t.Fatalf("%d openings, want the file's 400", len(list))
	}
	seen := map[bitboard.Board]bool{}
	for i, o := range list {
		moves, err := bitboard.ParseTranscript(o)
		if err != nil || len(moves) != 8 {
			t.Fatalf("opening %d %q: %v, %d moves", i+1, o, err, len(moves))
		}
		pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
		if err != nil {
			t.Fatalf("opening %d %s: %v", i+1, o, err)
		}
		key, _ := pos.Board.Canonical()
		if seen[key] {
			t.Errorf("opening %d %s: its position came before", i+1, o)
		}
		seen[key] = true
	}
}
