package search

import "testing"

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
	if e, ok := tab.probe(q, o); !ok || e.upper != -2 || e.move != 5 {
		t.Fatalf("the latest board: found %v, %+v", ok, *e)
	}
}
