package search

import (
	"context"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestLocalTableMergesBoundsOfTheSameBoard(t *testing.T) {
	tab := new(localTable)
	p, o := uint64(0x0000_0018_1c00_0000), uint64(0x0000_0000_0018_0000)
	if _, ok := tab.probe(p, o); ok {
		t.Fatal("an empty table holds the board")
	}
	tab.store(p, o, 10, 12, 19) // fails high at 10: the score is at least 12
	tab.store(p, o, 20, 16, noMove)
	e, ok := tab.probe(p, o)
	if !ok {
		t.Fatal("the stored board is missing")
	}
	if e.lower != 12 || e.upper != 16 || e.move != 19 {
		t.Fatalf("bounds [%d, %d] move %d, want [12, 16] move 19 (the move kept from the first store)", e.lower, e.upper, e.move)
	}
	// Bounds that contradict the held ones: the new ones win, as in the
	// shared table.
	tab.store(p, o, 0, -4, noMove)
	if e, _ := tab.probe(p, o); e.lower != -64 || e.upper != -4 {
		t.Fatalf("after a contradicting store: [%d, %d], want [-64, -4]", e.lower, e.upper)
	}
}

func TestLocalTableTellsBoardsOfOneSlotApart(t *testing.T) {
	tab := new(localTable)
	p, o := uint64(0x0000_0018_1c00_0000), uint64(0x0000_0000_0018_0000)
	// Find another board that maps to the same entry.
	q := p
	for i := uint64(1); tab.slot(q, o) != tab.slot(p, o) || q == p; i++ {
		q = p ^ i<<40
	}
	tab.store(p, o, 0, 8, 3)
	if _, ok := tab.probe(q, o); ok {
		t.Fatal("a board of the same slot is taken for the stored one")
	}
	tab.store(q, o, 0, -2, 5)
	if _, ok := tab.probe(p, o); ok {
		t.Fatal("the replaced board is still found")
	}
	e, ok := tab.probe(q, o)
	if !ok || e.upper != -2 || e.move != 5 {
		t.Fatalf("the latest board: found %v, %+v", ok, e)
	}
	// What a probe returned stays as it was when a store takes its slot,
	// as shallow's ETC stores the parent before returning the child's bound.
	tab.store(p, o, 0, 8, 3)
	if e.p != q || e.upper != -2 {
		t.Fatalf("a store into the slot changed the probed entry to %+v", e)
	}
}

func TestLocalTablesKeptFromSearchToSearchGiveTheScoresOfEmptyOnes(t *testing.T) {
	kept, fresh := mustNew(t, Options{HashMB: 8}), mustNew(t, Options{HashMB: 8})
	for i := range 100 {
		pos := randomPosition(newRand(uint64(100+i)), bitboard.DefaultRules(bitboard.Othello), 12+i%3)
		kept.tt.Clear() // the shared table forgets, the local ones are kept
		got := kept.Solve(context.Background(), pos, false).Score
		fresh.NewGame()
		if want := fresh.Solve(context.Background(), pos, false).Score; got != want {
			t.Fatalf("position %d: %+d after other searches, %+d from empty tables", i, got, want)
		}
	}
}

func TestLocalTablesAreClearedByANewGameOrAnotherScoring(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8, Threads: 2})
	p, o := uint64(0x0000_0018_1c00_0000), uint64(0x0000_0000_0018_0000)
	for _, tc := range []struct {
		name  string
		clear func() *localTable
	}{
		{"a new game", func() *localTable { e.NewGame(); return e.threadLocal(1, bitboard.WOF) }},
		{"another scoring", func() *localTable { return e.threadLocal(1, bitboard.Discs) }},
	} {
		tab := e.threadLocal(1, bitboard.WOF)
		tab.store(p, o, 0, 10, 19)
		if again := e.threadLocal(1, bitboard.WOF); again != tab {
			t.Fatalf("%s: a second search under the same scoring got another table", tc.name)
		} else if _, ok := again.probe(p, o); !ok {
			t.Fatalf("%s: the table lost its entry before the clear", tc.name)
		}
		if _, ok := tc.clear().probe(p, o); ok {
			t.Errorf("%s: the entry survived", tc.name)
		}
	}
}
