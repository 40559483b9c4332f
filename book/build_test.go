package book

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

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
	b := New()
	if added := s.Fill(b, 2); added != 4 {
		t.Fatalf("added %d positions, want 4", added)
	}
	for _, tc := range []struct {
		line  string
		games uint32
	}{{"", 4}, {"f5", 4}, {"f5d6", 3}, {"f5d6c3", 3}} {
		pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), mustMoves(t, tc.line))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := pos.Board.Canonical()
		if r := b.find(c); r == nil || r.games != tc.games {
			t.Errorf("after %q: %+v, want %d games", tc.line, r, tc.games)
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

	path := filepath.Join(t.TempDir(), "resumed"+FileExt)
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
	b, err = Open(path)
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
	if _, err := whole.Evaluate(context.Background(), []Searcher{newSearcher(t)}, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	const n = 3
	merged := seededBook(t, 8, 10)
	for i := range n {
		part := seededBook(t, 8, 10)
		cfg := EvalConfig{Effort: testEffort, Shard: Shard{Index: i, Count: n}}
		if _, err := part.Evaluate(context.Background(), []Searcher{newSearcher(t)}, cfg); err != nil {
			t.Fatal(err)
		}
		if p := part.Pending(testEffort, false, Shard{}); p == 0 || p == part.Len() {
			t.Fatalf("shard %d left %d of %d positions unsearched", i, p, part.Len())
		}
		merged.Merge(part)
	}
	if !bytes.Equal(encode(t, merged), encode(t, whole)) {
		t.Fatal("merged shards differ from the unsharded book")
	}
}

func TestWorkersGiveTheSameBookAsOne(t *testing.T) {
	one := seededBook(t, 8, 10)
	if _, err := one.Evaluate(context.Background(), []Searcher{newSearcher(t)}, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	three := seededBook(t, 8, 10)
	ss := []Searcher{newSearcher(t), newSearcher(t), newSearcher(t)}
	if _, err := three.Evaluate(context.Background(), ss, EvalConfig{Effort: testEffort}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, one), encode(t, three)) {
		t.Fatal("three workers built another book than one")
	}
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{{"0/1", true}, {"2/3", true}, {"3/3", false}, {"-1/2", false}, {"1", false}, {"a/b", false}, {"0/0", false}} {
		s, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || (tc.ok && s.String() != tc.in) {
			t.Errorf("ParseShard(%q) = %v, %v", tc.in, s, err)
		}
	}
}
