package match

import (
	"context"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestReadOpeningsSkipsCommentsAndNamesBadLines(t *testing.T) {
	othello := bitboard.DefaultRules(bitboard.Othello)
	list, err := ReadOpenings(strings.NewReader("# XOT\n\nf5d6c4d3c2b3b4b5\nF5F6 comment\n"), "x.txt", othello)
	if err != nil || len(list) != 2 || list[1].String() != "f5f6" {
		t.Fatalf("got %v, %v", list, err)
	}
	for _, tt := range []struct{ text, err string }{
		{"f5d6\nf5f5\n", "x.txt:2: move 2: f5 is illegal"},
		{"f5\nzz\n", "x.txt:2:"},
		{"# nothing\n", "x.txt: no openings"},
		{"f5pa\n", "x.txt:1: move 2: pass while a move exists"},
	} {
		if _, err := ReadOpenings(strings.NewReader(tt.text), "x.txt", othello); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%q: error %v, want one with %q", tt.text, err, tt.err)
		}
	}
}

func TestExpandOpeningWritesOutImpliedPasses(t *testing.T) {
	moves, err := bitboard.ParseTranscript(strings.ReplaceAll(longOpening, "pa", ""))
	if err != nil {
		t.Fatal(err)
	}
	o, pos, err := expandOpening(bitboard.DefaultRules(bitboard.Othello), moves)
	if err != nil || o.String() != longOpening || pos.Board.NumEmpties() != 13 {
		t.Errorf("got %s (%v, %d empties), want %s", o, err, pos.Board.NumEmpties(), longOpening)
	}
}

func TestShuffleOpeningsIsFixedBySeed(t *testing.T) {
	a, b, c := EmbeddedOpenings(), EmbeddedOpenings(), EmbeddedOpenings()
	ShuffleOpenings(a, 7)
	ShuffleOpenings(b, 7)
	ShuffleOpenings(c, 8)
	same := func(x, y []Opening) bool {
		return slices.EqualFunc(x, y, func(p, q Opening) bool { return slices.Equal(p, q) })
	}
	if !same(a, b) || same(a, c) {
		t.Errorf("the same seed should give the same order, another seed another")
	}
}

func TestGenerateOpeningsKeepsBalancedDistinctPositions(t *testing.T) {
	// The disc difference stands in for a search: fast and easy to check.
	discs := func(ctx context.Context, pos bitboard.Position) (int, error) {
		return bits.OnesCount64(pos.Board.P) - bits.OnesCount64(pos.Board.O), nil
	}
	opts := GenerateOptions{Count: 30, Plies: 6, Window: 1, Rules: bitboard.DefaultRules(bitboard.Othello), Seed: 3}
	list, err := GenerateOpenings(context.Background(), opts, discs)
	if err != nil || len(list) != 30 {
		t.Fatalf("got %d openings, %v", len(list), err)
	}
	seen := map[bitboard.Board]bool{}
	for _, o := range list {
		_, pos, err := expandOpening(opts.Rules, o)
		if err != nil || len(o) != 6 {
			t.Fatalf("opening %s: %v", o, err)
		}
		if v, _ := discs(context.Background(), pos); v < -1 || v > 1 {
			t.Errorf("opening %s scores %d, outside ±1", o, v)
		}
		key, _ := pos.Board.Canonical()
		if seen[key] {
			t.Errorf("opening %s repeats a position", o)
		}
		seen[key] = true
	}
	again, _ := GenerateOpenings(context.Background(), opts, discs)
	if !slices.EqualFunc(list, again, func(p, q Opening) bool { return slices.Equal(p, q) }) {
		t.Errorf("the same seed gave other openings")
	}
}

func TestGenerateOpeningsGivesUpOnAnImpossibleWindow(t *testing.T) {
	never := func(ctx context.Context, pos bitboard.Position) (int, error) { return 50, nil }
	opts := GenerateOptions{Count: 2, Plies: 4, Window: 0, Rules: bitboard.DefaultRules(bitboard.Othello)}
	if _, err := GenerateOpenings(context.Background(), opts, never); err == nil || !strings.Contains(err.Error(), "0 kept of 2") {
		t.Errorf("got %v, want an error saying none was kept", err)
	}
}

func TestGenerateOpeningsWithSableSearch(t *testing.T) {
	opts := GenerateOptions{Count: 3, Plies: 8, Window: 2, Rules: bitboard.DefaultRules(bitboard.Othello), Seed: 1}
	score, err := SearchScorer(2)
	if err != nil {
		t.Fatal(err)
	}
	list, err := GenerateOpenings(context.Background(), opts, score)
	if err != nil || len(list) != 3 {
		t.Errorf("got %v, %v", list, err)
	}
}
