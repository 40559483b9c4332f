package bookbuild

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/search"
)

// testEffort keeps test builds fast: each leaf costs a few shallow searches.
var testEffort = book.Effort{Depth: 2}

// newSearcher returns a deterministic single-threaded engine.
func newSearcher(t testing.TB) *search.Engine {
	e := enginetest.New(t, search.Options{HashMB: 1, Threads: 1})
	t.Cleanup(e.Close)
	return e
}

// seededBook returns a book seeded with the first plies of random games.
func seededBook(t testing.TB, games, plies int) *book.Book {
	s := NewSeeder(plies)
	for i, g := range enginetest.RandomGames(games, 1) {
		if err := s.Add(g); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
	}
	b := book.New()
	s.Fill(b, 1)
	return b
}

// build evaluates and deviates until the book stops growing, as "sable
// book expand" does, and returns the first error (an interruption).
func build(ctx context.Context, b *book.Book, s book.Searcher, cfg EvalConfig) error {
	for {
		if _, err := Evaluate(ctx, b, []book.Searcher{s}, cfg); err != nil {
			return err
		}
		if Deviate(b, 1, 12) == 0 {
			return nil
		}
	}
}

// encode returns the book's file bytes.
func encode(t testing.TB, b *book.Book) []byte {
	var buf bytes.Buffer
	if err := b.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// builtBook returns a small book, seeded, searched and expanded.
func builtBook(t testing.TB) *book.Book {
	b := seededBook(t, 8, 10)
	if err := build(context.Background(), b, newSearcher(t), EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSeedingCountsGamesThroughEachPosition(t *testing.T) {
	games := [][]int{
		mustMoves(t, "f5d6c3d3c4"),
		mustMoves(t, "f5d6c3d3c4f4"),
		mustMoves(t, "d3c5f6f5e6"), // f5d6's mirror image: the same positions
		mustMoves(t, "f5f6e6f4"),
	}
	s := NewSeeder(3)
	for _, g := range games {
		if err := s.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	b := book.New()
	if added := s.Fill(b, 2); added != 4 {
		t.Fatalf("added %d positions, want 4", added)
	}
	for _, tc := range []struct {
		line  string
		games int
	}{{"", 4}, {"f5", 4}, {"f5d6", 3}, {"f5d6c3", 3}} {
		pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), mustMoves(t, tc.line))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := pos.Board.Canonical()
		if n, ok := b.Node(c); !ok || n.Games != tc.games {
			t.Errorf("after %q: %+v, want %d games", tc.line, n, tc.games)
		}
	}
	if err := s.Add(mustMoves(t, "f5f5")); err == nil {
		t.Fatal("an illegal game was counted")
	}
}

func mustMoves(t *testing.T, s string) []int {
	m, err := bitboard.ParseTranscript(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestInterruptedBuildResumesToTheSameBook(t *testing.T) {
	want := encode(t, builtBook(t))

	path := filepath.Join(t.TempDir(), "resumed"+book.FileExt)
	b := seededBook(t, 8, 10)
	ctx, cancel := context.WithCancel(context.Background())
	evals := 0
	cfg := EvalConfig{
		Effort:     testEffort,
		Every:      40,
		Checkpoint: func() error { return b.Save(path) },
		Progress: func(done, total int) {
			if evals++; evals == 150 { // in the middle of a later expansion round
				cancel()
			}
		},
	}
	err := build(ctx, b, newSearcher(t), cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("build returned %v, want it interrupted", err)
	}
	if err := b.Save(path); err != nil { // as sable book saves on ctrl-C
		t.Fatal(err)
	}
	b, err = book.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Progress = nil
	if err := build(context.Background(), b, newSearcher(t), cfg); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, b), want) {
		t.Fatal("the resumed build differs from the uninterrupted one")
	}
}

func TestShardsMergeToTheUnshardedBook(t *testing.T) {
	whole := seededBook(t, 8, 10)
	if _, err := Evaluate(context.Background(), whole, []book.Searcher{newSearcher(t)}, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	const n = 3
	merged := seededBook(t, 8, 10)
	for i := range n {
		part := seededBook(t, 8, 10)
		cfg := EvalConfig{Effort: testEffort, Shard: shard.Shard{Index: i, Count: n}}
		if _, err := Evaluate(context.Background(), part, []book.Searcher{newSearcher(t)}, cfg); err != nil {
			t.Fatal(err)
		}
		if p := Pending(part, testEffort, false, shard.Shard{}); p == 0 || p == part.Len() {
			t.Fatalf("shard %d left %d of %d positions unsearched", i, p, part.Len())
		}
		Merge(merged, part)
	}
	if !bytes.Equal(encode(t, merged), encode(t, whole)) {
		t.Fatal("merged shards differ from the unsharded book")
	}
}

func TestWorkersGiveTheSameBookAsOne(t *testing.T) {
	one := seededBook(t, 8, 10)
	if _, err := Evaluate(context.Background(), one, []book.Searcher{newSearcher(t)}, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	three := seededBook(t, 8, 10)
	ss := []book.Searcher{newSearcher(t), newSearcher(t), newSearcher(t)}
	if _, err := Evaluate(context.Background(), three, ss, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, one), encode(t, three)) {
		t.Fatal("three workers built another book than one")
	}
}
