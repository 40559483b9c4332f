package openings

import (
	"strings"
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

func TestParseReadsAListAndNamesABadLine(t *testing.T) {
	list, err := Parse("# XOT\nf5d6c3d3c4f4f6f3 +0\n\nf5f6e6f4e3c5c4e7\n")
	if err != nil || len(list) != 2 || list[1] != "f5f6e6f4e3c5c4e7" {
		t.Fatalf("Parse = %v, %v; want the two transcripts", list, err)
	}
	for text, want := range map[string]string{
		"f5d6\nf5z9\n": "line 2:",
		"f5d6\nf5f5\n": "line 2: move 2: illegal move f5",
		"# nothing\n":  "no openings",
	} {
		if _, err := Parse(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q): error %v, want %q", text, err, want)
		}
	}
}
