package book

import (
	"bytes"
	"context"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/search"
)

// testEffort keeps test builds fast: each leaf costs a few shallow searches.
var testEffort = Effort{Depth: 2}

// newSearcher returns a deterministic single-threaded engine.
func newSearcher(t testing.TB) *search.Engine {
	e := enginetest.New(t, search.Options{HashMB: 1, Threads: 1})
	t.Cleanup(e.Close)
	return e
}

// seededBook returns a book of the positions of the first plies moves of
// random games, no leaf searched yet.
func seededBook(t testing.TB, games, plies int) *Book {
	b := New()
	for i, g := range enginetest.RandomGames(games, 1) {
		keys, err := GameKeys(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), g, plies)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		for _, k := range keys {
			b.AddGames(k, 1)
		}
	}
	return b
}

// encode returns the book's file bytes.
func encode(t testing.TB, b *Book) []byte {
	var buf bytes.Buffer
	if err := b.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// builtBook returns a small book: the positions of random games' first
// moves, searched, then grown along its best line by learning that line
// again and again, as players who follow the book grow it.
func builtBook(t testing.TB) *Book {
	b := seededBook(t, 8, 10)
	s := newSearcher(t)
	if err := b.evaluate(context.Background(), s, testEffort); err != nil {
		t.Fatal(err)
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for range 6 {
		if err := b.Learn(context.Background(), start, b.Line(start, 60), s, LearnConfig{Plies: 12, Effort: testEffort}); err != nil {
			t.Fatal(err)
		}
	}
	return b
}
