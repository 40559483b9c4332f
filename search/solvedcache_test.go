package search

import (
	"context"
	"math/bits"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestSolvedCacheAnswersEverySymmetricImage(t *testing.T) {
	cases := readFFO(t)
	e := mustNew(t, Options{HashMB: 16, SolvedEntries: DefaultSolvedEntries})
	defer e.Close()
	c := cases[3]
	first := e.Solve(context.Background(), c.pos, false)
	e.solved.Wait()
	for s := 0; s < bitboard.NumSymmetries; s++ {
		img := c.pos
		img.Board = c.pos.Board.Symmetric(s)
		r := e.Solve(context.Background(), img, false)
		if r.Nodes != 0 || r.Score != first.Score {
			t.Fatalf("symmetry %d: not served from the cache (%d nodes, score %d)", s, r.Nodes, r.Score)
		}
		if !img.Legal(r.Move) || bitboard.SymmetrySquare(first.Move, s) != r.Move {
			t.Fatalf("symmetry %d: move %s not mapped", s, bitboard.SquareName(r.Move))
		}
	}
	if hits, _ := e.SolvedStats(); hits < 8 {
		t.Fatalf("hits %d, want at least 8", hits)
	}
	// The rules are part of the key: disc scoring is solved afresh.
	discs := c.pos
	discs.Rules.Scoring = bitboard.Discs
	if r := e.Solve(context.Background(), discs, false); r.Nodes == 0 {
		t.Fatal("a disc-scoring solve must not reuse a WOF entry")
	}
}

func BenchmarkTTProbe(b *testing.B) {
	tt := NewTT(64)
	keys := make([]uint64, 1024)
	for i := range keys {
		keys[i] = uint64(i) * 0x9e3779b97f4a7c15
		tt.store(keys[i], ttData{depth: 5})
	}
	for i := 0; b.Loop(); i++ {
		tt.probe(keys[i&1023])
	}
}

func BenchmarkSolvedCacheGet(b *testing.B) {
	c, _ := NewSolvedCache(1 << 16)
	defer c.Close()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	c.Put(pos, Result{Info: Info{Exact: true, PV: []int{19}}, Move: 19})
	c.Wait()
	for b.Loop() {
		c.Get(pos, false)
	}
}

// However many solves go through it, the cache holds at most its size.
func TestSolvedCacheStaysWithinItsBound(t *testing.T) {
	const size = 64
	c, err := NewSolvedCache(size)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for i := 0; i < 50*size; i++ {
		// Distinct positions: walk a game, restarting at its end.
		if m := pos.Moves(); m != 0 {
			pos = pos.Play(bitboard.NthSquare(m, i%bits.OnesCount64(m)))
		} else {
			pos = bitboard.NewGame(pos.Rules)
			pos.Board = pos.Board.Symmetric(i % bitboard.NumSymmetries)
		}
		c.Put(pos, Result{Info: Info{Exact: true, PV: []int{bitboard.PassMove}}, Move: bitboard.PassMove})
		c.Wait()
	}
	m := c.c.Metrics
	if held := m.CostAdded() - m.CostEvicted(); held > size || m.KeysAdded() <= size {
		t.Fatalf("holds %d entries of %d added, bound %d", held, m.KeysAdded(), size)
	}
}
