package book

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/search"
)

// testEffort keeps test builds fast: each leaf costs a few shallow searches.
var testEffort = Effort{Depth: 2}

// randomGames plays n games of random legal moves from the standard start,
// the same games for the same seed.
func randomGames(n int, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	games := make([][]int, n)
	for g := range games {
		pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
		for !pos.GameOver() {
			if pos.MustPass() {
				pos = pos.Pass()
			}
			sq := bitboard.RandomMove(rng, pos.Moves())
			games[g] = append(games[g], sq)
			pos = pos.Play(sq)
		}
	}
	return games
}

// newSearcher returns a deterministic single-threaded engine.
func newSearcher(t testing.TB) *search.Engine {
	e := enginetest.New(t, search.Options{HashMB: 1, Threads: 1})
	t.Cleanup(e.Close)
	return e
}

// seededBook returns a book seeded with the first plies of random games.
func seededBook(t testing.TB, games, plies int) *Book {
	s := NewSeeder(plies)
	for i, g := range randomGames(games, 1) {
		if err := s.Add(g); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
	b := New()
	s.Fill(b, 1)
	return b
}

// build evaluates and deviates until the book stops growing, as "sable
// book expand" does, and returns the first error (an interruption).
func build(ctx context.Context, b *Book, s Searcher, cfg EvalConfig) error {
	for {
		if _, err := b.Evaluate(ctx, []Searcher{s}, cfg); err != nil {
			return err
		}
		if b.Deviate(1, 12) == 0 {
			return nil
		}
	}
}

// encode returns the book's file bytes.
func encode(t testing.TB, b *Book) []byte {
	var buf bytes.Buffer
	if err := b.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// builtBook returns a small book, seeded, searched and expanded.
func builtBook(t testing.TB) *Book {
	b := seededBook(t, 8, 10)
	if err := build(context.Background(), b, newSearcher(t), EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	return b
}
